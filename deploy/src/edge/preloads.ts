// A signed-in page is not prerendered (it is the seller's own): its HTML names every file the page
// needs before it can show anything, so the browser fetches them in one wave, at high priority,
// instead of discovering them one wave at a time (the shell's entry, then its bootstrap and shared
// packages, then the remote's routes, then the reply contract). From the releases themselves: the
// shell's `startup.json` (tools/rspack/app-config.mjs) and shared packages (`mf-manifest.json`), and
// the owner remote's exposed routes (its `mf-manifest.json`) and the asked-for page's own chunk (its
// `pages.json`, by route path: tools/rspack/app-config.mjs).
import type { ReleaseStore } from '../release-store';

interface Manifest {
  shared?: Array<{ assets?: { js?: { sync?: string[] } } }>;
  exposes?: Array<{ path?: string; assets?: { js?: { sync?: string[] }; css?: { sync?: string[] } } }>;
}

interface Startup {
  js?: string[];
  css?: string[];
}

/** A remote's `pages.json`: each route path's own files. */
type Pages = Record<string, { js?: string[]; css?: string[] }>;

interface Built {
  /** What every page of the remote needs. */
  common: string;
  /** Each page's own files, by the route's path segments (`:name` matches any one segment). */
  pages: Array<{ segments: string[]; links: string }>;
}

const segmentsOf = (p: string) => p.split('/').filter(Boolean);

function matches(route: string[], path: string[]): boolean {
  return route.length === path.length && route.every((s, i) => s.startsWith(':') || s === path[i]);
}

const link = (as: 'script' | 'style', href: string) => `<link rel="preload" as="${as}" href="${href}">`;

export class SignedInPreloads {
  private readonly cache = new Map<string, Promise<Built>>();

  constructor(
    private readonly store: ReleaseStore,
    private readonly releasesUrl: string,
  ) {}

  /**
   * The preload links for the page at `pathname` of `app` (at `version`) under the shell at `shellVersion`;
   * '' when unknown.
   */
  async links(shellVersion: string, app: string, version: string, pathname = ''): Promise<string> {
    const key = `${shellVersion} ${app} ${version}`;
    let built = this.cache.get(key);
    if (!built) {
      built = this.build(shellVersion, app, version).catch(() => ({ common: '', pages: [] }));
      this.cache.set(key, built);
    }
    const { common, pages } = await built;
    if (!common) return '';
    const path = segmentsOf(pathname);
    const page =
      pages.find((p) => p.segments.every((s) => !s.startsWith(':')) && matches(p.segments, path)) ??
      pages.find((p) => matches(p.segments, path));
    return common + (page?.links ?? '');
  }

  private async json<T>(app: string, version: string, file: string): Promise<T | undefined> {
    const body = await this.store.file(app, version, file);
    return body ? (JSON.parse(body.toString('utf8')) as T) : undefined;
  }

  private async build(shellVersion: string, app: string, version: string): Promise<Built> {
    const [startup, shell, remote, pages] = await Promise.all([
      this.json<Startup>('shell', shellVersion, 'startup.json'),
      this.json<Manifest>('shell', shellVersion, 'mf-manifest.json'),
      this.json<Manifest>(app, version, 'mf-manifest.json'),
      // A release built before pages.json existed preloads no page.
      this.json<Pages>(app, version, 'pages.json').catch(() => undefined),
    ]);
    if (!startup) return { common: '', pages: [] };
    const shellBase = `${this.releasesUrl}/shell/${shellVersion}`;
    const appBase = `${this.releasesUrl}/${app}/${version}`;
    const routes = remote?.exposes?.find((e) => e.path === './routes')?.assets;
    const scripts = new Set([
      ...(startup.js ?? []).map((f) => `${shellBase}/${f}`),
      ...(shell?.shared ?? []).flatMap((s) => s.assets?.js?.sync ?? []).map((f) => `${shellBase}/${f}`),
      ...(routes?.js?.sync ?? []).map((f) => `${appBase}/${f}`),
    ]);
    const styles = [
      ...(startup.css ?? []).map((f) => `${shellBase}/${f}`),
      ...(routes?.css?.sync ?? []).map((f) => `${appBase}/${f}`),
    ];
    const links = (css: string[], js: Iterable<string>) =>
      [...css.map((h) => link('style', h)), ...[...js].map((h) => link('script', h))].join('');
    return {
      common: links(styles, scripts),
      // A page's chunks the routes already brought are not named twice.
      pages: Object.entries(pages ?? {}).map(([route, files]) => ({
        segments: segmentsOf(route),
        links: links(
          (files.css ?? []).map((f) => `${appBase}/${f}`).filter((h) => !styles.includes(h)),
          (files.js ?? []).map((f) => `${appBase}/${f}`).filter((h) => !scripts.has(h)),
        ),
      })),
    };
  }
}
