// The one React Router every app uses. It is shared as a singleton under this module's name, not
// as `react-router`: a shared package ships whole (React Router 7's entry is ~60 KB gzip), while
// this module re-exports only what our apps use, so the bundler drops the rest. Every app imports
// routing from here, never from react-router or react-router-dom directly (lint enforces it): two
// copies would mean two router contexts.
export {
  createBrowserRouter,
  createMemoryRouter,
  isRouteErrorResponse,
  Link,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  redirect,
  Route,
  Routes,
  useLoaderData,
  useLocation,
  useMatches,
  useNavigate,
  useNavigation,
  useParams,
  useRevalidator,
  useRouteError,
  useSearchParams,
} from 'react-router';
export { RouterProvider } from 'react-router/dom';
export type { LoaderFunctionArgs, RouteObject, NavigateFunction, Location } from 'react-router';
