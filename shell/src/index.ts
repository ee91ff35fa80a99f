// An async boundary: Module Federation negotiates the shared singletons before the app runs.
import('./bootstrap');
