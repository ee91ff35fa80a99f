// What the edge tells the service worker (prepended to /sw.js as `self.__GL_SW`), read defensively:
// a worker that cannot make sense of it still routes nothing it should not.

export const releaseCacheName = 'gl-releases';

export interface SwSettings {
  /** The shell release that served this worker. */
  version: string;
  /** Where the offline page of that release is. */
  offline: string;
  /** A release file (immutable: its path names the app and the version). */
  isRelease(url: URL): boolean;
  /** The api and the operator api: never handled by the worker. */
  isApi(url: URL): boolean;
}

const API_PREFIXES = ['/gc/', '/ops/api/', '/uploads/', '/docs', '/__dev'];

export function swSettings(raw: unknown, origin: string): SwSettings {
  const input = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const str = (v: unknown, fallback: string) => (typeof v === 'string' && v ? v : fallback);
  const releases = new URL(str(input.releases, '/releases').replace(/\/?$/, '/'), origin);
  // Versioned folders only: /releases/<app>/<version>/<file>; environment files are never served.
  const versioned = /^[a-z0-9-]+\/[^/]+\/.+/;
  return {
    version: str(input.version, 'unknown'),
    offline: new URL(str(input.offline, '/releases/offline.html'), origin).href,
    isRelease: (url) =>
      url.origin === releases.origin &&
      url.pathname.startsWith(releases.pathname) &&
      versioned.test(url.pathname.slice(releases.pathname.length)),
    isApi: (url) => url.origin === origin && API_PREFIXES.some((p) => url.pathname.startsWith(p)),
  };
}

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
