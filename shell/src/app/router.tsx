// One data router for the whole site. The shell owns the layouts, `/`, the guard and not-found;
// every other route comes from the remote that owns its path, patched in on first navigation
// (React Router's patchRoutesOnNavigation), so remotes ship pages without a shell release.
import { createBrowserRouter, redirect, type RouteObject } from '@giftlane/shared-sdk/router';
import {
  findMount,
  mountTable,
  type EnvironmentManifest,
  type LayoutKind,
  type OwnedMount,
  type RemoteRoute,
  type RemoteRoutesModule,
} from '@giftlane/shared-sdk';

import { guardLoader } from './guard';
import { isStale, loadRemoteRoutes, refreshEnvironment, remoteStatus } from './remotes';
import { RootRoute } from '../components/root-route';
import { PublicLayout } from '../layouts/public-layout';
import { AppLayout } from '../layouts/app-layout';
import { BareLayout } from '../layouts/bare-layout';
import { NotFound } from '../components/not-found';
import { MountBoundary, RemoteUnavailable } from '../components/remote-fallback';

const layoutId = (layout: LayoutKind) => `layout-${layout}`;

/** What the browser and the edge add to the one route tree (the edge renders without them). */
interface SiteRouteOptions {
  /** The root's loader: follow a promote or rollback on every navigation. */
  rootLoader?: RouteObject['loader'];
  /** The account area's guard. */
  guard?: RouteObject['loader'];
}

/**
 * The shell's routes, the same in the browser and on the edge: a prerendered page is
 * hydrated by this very tree, so the two must never differ in shape.
 */
export function siteRoutes({ rootLoader, guard }: SiteRouteOptions = {}): RouteObject[] {
  return [
    {
      id: 'root',
      Component: RootRoute,
      // The first match may wait for a remote; the server-rendered boot frame stays meanwhile.
      HydrateFallback: () => null,
      loader: rootLoader,
      shouldRevalidate: () => true,
      children: [
        { index: true, loader: () => redirect('/home') },
        {
          id: layoutId('public'),
          Component: PublicLayout,
          children: [{ path: '*', Component: NotFound }],
        },
        {
          id: layoutId('app'),
          Component: AppLayout,
          loader: guard,
          shouldRevalidate: () => true,
          children: [],
        },
        { id: layoutId('bare'), Component: BareLayout, children: [] },
      ],
    },
  ];
}

/** A remote's routes of one layout, as the router takes them: a page that throws stays inside its own area. */
export function remoteRoutesOf(mod: RemoteRoutesModule, layout: LayoutKind): RouteObject[] {
  return mod.routes
    .filter((r: RemoteRoute) => r.handle.layout === layout)
    .map((r) => ({ ...r, ErrorBoundary: r.ErrorBoundary ?? MountBoundary }) as RouteObject);
}

/** The whole tree with the given remotes' routes in place (the edge: it knows the remote up front). */
export function routesWith(remotes: RemoteRoutesModule[]): RouteObject[] {
  const routes = siteRoutes();
  const layouts = routes[0]!.children!;
  for (const layout of LAYOUTS) {
    const slot = layouts.find((r) => r.id === layoutId(layout))!;
    for (const mod of remotes) slot.children = [...(slot.children ?? []), ...remoteRoutesOf(mod, layout)];
  }
  return routes;
}

const LAYOUTS = ['public', 'app', 'bare'] as const;

export function createRouter(manifest: EnvironmentManifest, isSignedIn: () => boolean) {
  const table = mountTable(manifest);
  const patchedRemotes = new Set<string>();
  const patchedMounts = new Set<string>();

  const routes = siteRoutes({
    // Every navigation: follow a promote or rollback. A remote already running in this page
    // cannot be swapped in place (its routes are patched in), so going into a stale one loads
    // the page afresh — the shell's files are cached, so that costs little.
    rootLoader: async ({ request }) => {
      await refreshEnvironment();
      const owner = findMount(table, new URL(request.url).pathname);
      if (owner && isStale(owner.remote) && typeof window !== 'undefined') {
        window.location.assign(request.url);
        return new Promise<null>(() => undefined);
      }
      return null;
    },
    guard: guardLoader(isSignedIn),
  });

  /**
   * A stand-in for a mount while its remote is absent: it answers not-found when the remote is
   * loaded but has no such page, and the remote's fallback (with Retry) when it could not load.
   */
  function mountStub(mount: OwnedMount): RouteObject {
    return {
      id: `mount:${mount.path}`,
      path: `${mount.path}/*`,
      loader: () => {
        if (remoteStatus(mount.remote) === 'failed') throw new RemoteUnavailable(mount.remote);
        throw new Response('Not found', { status: 404 });
      },
      Component: NotFound,
      ErrorBoundary: MountBoundary,
    };
  }

  const router = createBrowserRouter(routes, {
    // React Router drops the patches of a navigation that another one interrupted (several
    // refused calls each sending the page to /login, a quick second click): a patch is only
    // counted as done when its navigation was still running.
    async patchRoutesOnNavigation({ path, patch, signal }) {
      await refreshEnvironment();
      const mount = findMount(table, new URL(path, 'http://x').pathname);
      if (!mount) return;
      if (!patchedMounts.has(mount.path)) {
        patch(layoutId(mount.layout), [mountStub(mount)]);
        if (!signal.aborted) patchedMounts.add(mount.path);
      }
      // Anonymous visitors to a protected area are redirected by the guard: do not spend their
      // data on the account remote.
      if (mount.layout === 'app' && !isSignedIn()) return;
      if (patchedRemotes.has(mount.remote)) return;
      try {
        const mod = await loadRemoteRoutes(mount.remote);
        if (patchedRemotes.has(mount.remote) || signal.aborted) return;
        for (const layout of LAYOUTS) {
          const own = remoteRoutesOf(mod, layout);
          if (own.length) patch(layoutId(layout), own);
        }
        if (!signal.aborted) patchedRemotes.add(mount.remote);
      } catch {
        // The mount stub shows the fallback; layout and other remotes keep working.
      }
    },
  });
  return router;
}
