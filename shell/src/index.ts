// An async boundary: Module Federation negotiates the shared singletons before the app runs.
// Named: the edge preloads its files with a signed-in page (startup.json, tools/rspack/app-config.mjs).
import(/* webpackChunkName: "bootstrap" */ './bootstrap');
