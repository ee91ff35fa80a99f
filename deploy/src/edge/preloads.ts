// A signed-in page is not prerendered (it is the seller's own): its HTML names every file the page
// needs before it can show anything, so the browser fetches them in one wave, at high priority,
// instead of discovering them one wave at a time (the shell's entry, then its bootstrap and shared
// packages, then the remote's routes, then the reply contract). From the releases themselves: the
// shell's `startup.json` (tools/rspack/app-config.mjs) and shared packages (`mf-manifest.json`), and
// the owner remote's exposed routes (its `mf-manifest.json`).
import type { ReleaseStore } from '../release-store';

interface Manifest {
  shared?: Array<{ assets?: { js?: { sync?: string[] } } }>;
  exposes?: Array<{ path?: string; assets?: { js?: { sync?: string[] }; css?: { sync?: string[] } } }>;
}

interface Startup {
  js?: string[];
  css?: string[];
}

const link = (as: 'script' | 'style', href: string) => `<link rel="preload" as="${as}" href="${href}">`;

export class SignedInPreloads {
  private readonly cache = new Map<string, Promise<string>>();

  constructor(
    private readonly store: ReleaseStore,
    private readonly releasesUrl: string,
  ) {}

  /** The preload links for a page of `app` (at `version`) under the shell at `shellVersion`; '' when unknown. */
  links(shellVersion: string, app: string, version: string): Promise<string> {
    const key = `${shellVersion} ${app} ${version}`;
    let links = this.cache.get(key);
    if (!links) {
      links = this.build(shellVersion, app, version).catch(() => '');
      this.cache.set(key, links);
    }
    return links;
  }

  private async json<T>(app: string, version: string, file: string): Promise<T | undefined> {
    const body = await this.store.file(app, version, file);
    return body ? (JSON.parse(body.toString('utf8')) as T) : undefined;
  }

  private async build(shellVersion: string, app: string, version: string): Promise<string> {
    const [startup, shell, remote] = await Promise.all([
      this.json<Startup>('shell', shellVersion, 'startup.json'),
      this.json<Manifest>('shell', shellVersion, 'mf-manifest.json'),
      this.json<Manifest>(app, version, 'mf-manifest.json'),
    ]);
    if (!startup) return '';
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
    return [...styles.map((h) => link('style', h)), ...[...scripts].map((h) => link('script', h))].join('');
  }
}
