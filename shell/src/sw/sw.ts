/// <reference lib="webworker" />
// The site's service worker (Workbox). What a returning seller on a costly, slow connection gets:
// - release files (immutable: every path carries its app and version) come from the device's
//   cache once fetched, so a phone whose HTTP cache evicted them does not pay for them again;
// - pages (their HTML inlines the environment manifest) and /remotes.json always go to the
//   network first, so a promote or a rollback reaches the seller at the next page load;
// - the api (/gc, /ops/api, /uploads, /docs) is never touched;
// - with no network, a page load shows the offline page with Retry.
// The edge serves this file at /sw.js from the live shell release and prepends `self.__GL_SW`.
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute, Route, Router, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly } from 'workbox-strategies';
import { escapeHtml, releaseCacheName, swSettings } from './settings';

declare const self: ServiceWorkerGlobalScope & { __GL_SW?: unknown };

const settings = swSettings(self.__GL_SW, self.location.origin);

// A new worker (a new shell release) takes over at once: every route below is version-agnostic.
void self.skipWaiting();
clientsClaim();

// The offline page belongs to the shell release that installed this worker.
precacheAndRoute([{ url: settings.offline, revision: settings.version }]);

const isRelease = ({ url }: { url: URL }) => settings.isRelease(url);
const releases = new CacheFirst({
  cacheName: releaseCacheName,
  plugins: [
    // Old versions age out; a phone's storage is not filled by releases nobody loads any more.
    new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 45 * 24 * 3600, purgeOnQuotaError: true }),
  ],
});
registerRoute(isRelease, releases);

// The live environment: never from a cache while the network answers.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname === '/remotes.json',
  new NetworkFirst({ cacheName: 'gl-environment', networkTimeoutSeconds: 10 }),
);

// Pages: from the network only; when it fails, the offline page.
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && url.origin === self.location.origin && !settings.isApi(url),
  new NetworkOnly(),
);

setCatchHandler(async ({ request }) => {
  if (request.destination === 'document' || request.mode === 'navigate') {
    const offline = await matchPrecache(settings.offline);
    if (offline) return offlinePage(offline, request.url);
  }
  return Response.error();
});

/** The offline page, its Retry pointing at the address the seller asked for (query included). */
async function offlinePage(template: Response, url: string): Promise<Response> {
  const html = (await template.text()).replace('{{RETRY_URL}}', escapeHtml(url));
  return new Response(html, {
    status: 503,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

// The page tells the worker which release files it loaded before the worker was in control
// ({ type: 'CACHE_URLS' }), so the first visit's downloads are kept too.
// A router of its own, holding only the release route, answers those messages.
const warmer = new Router();
warmer.registerRoute(new Route(isRelease, releases));
warmer.addCacheListener();
