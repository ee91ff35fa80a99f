// Prerendered public pages. The edge renders a public page (every mount of the public
// and bare layouts: mfe-public's pages, /login, /sign-up) into the HTML it sends, with the live
// data the page shows, so a seller on slow 4G sees the content at the first paint; the browser
// hydrates it with the same data. The renderer is the live shell release's server build, the page
// comes from the server build of the live release of the remote that owns it: a promote or a
// rollback of either changes the HTML at once, and neither needs an edge release.
//
// Pages are rendered for a visitor who is not signed in, and kept a short while (rates change), so
// the api sees a few calls per page every `freshMs`, however many visitors come.
import { createRequire } from 'node:module';
import vm from 'node:vm';
import type { PrerenderedData, RemoteRoutesModule } from '@giftlane/shared-sdk';
import type { ReleaseStore } from '../release-store';

const nodeRequire = createRequire(import.meta.url);

/** What the shell's server build exports (shell/src/server.tsx). */
interface ShellServer {
  shared: Record<string, unknown>;
  render(url: string, remotes: RemoteRoutesModule[]): Promise<RenderResult>;
}

type RenderResult =
  | {
      kind: 'page';
      status: number;
      html: string;
      data: PrerenderedData;
      head: { title?: string; description?: string };
      themeCss: string;
    }
  | { kind: 'redirect'; status: number; location: string };

/** A page ready to be put into the shell's HTML. */
export interface PrerenderedPage {
  status: number;
  /** The page's markup, the inside of `#root`. */
  html: string;
  data: PrerenderedData;
  head: { title?: string; description?: string };
  /** The stylesheets the page needs before the first paint. */
  styles: PageStyle[];
  /** The theme's CSS variables (the shell's `#gl-theme`). */
  themeCss: string;
}

/** A stylesheet of a release: its key in the store (`app/version/file`) and its text. */
export interface PageStyle {
  key: string;
  css: string;
}

export interface PrerenderOptions {
  /** The api the pages' data comes from (the edge's upstream). */
  apiUrl: string;
  /** The browser settings the HTML carries: the server build must render with the same. */
  pageConfig: Record<string, unknown>;
  /** A page is served as rendered for this long… */
  freshMs?: number;
  /** …then, up to this age, served while it is rendered again in the background. */
  staleMs?: number;
  /** A render taking longer is abandoned: the page goes out without content (the browser renders it). */
  timeoutMs?: number;
  /** Pages kept at most (each address and release pair is one). */
  maxPages?: number;
  /** Told of every render: how long it took, and why the page goes out without content when it does. */
  observe?: (app: string, seconds: number, fallback?: PrerenderFallback) => void;
}

/** Why a page went out as the shell's HTML alone (rendered in the browser). */
export type PrerenderFallback = 'no_server_build' | 'timeout' | 'page_error' | 'failed';

interface Entry {
  at: number;
  page: Promise<PrerenderedPage | undefined>;
  refreshing?: boolean;
}

/**
 * Server builds kept loaded at most (shell versions; twice as many remote ones): the live ones, a
 * canary's and the last few a rollback would go back to. Older ones are dropped, oldest first.
 */
const LOADED_BUILDS = 4;

function trim<V>(map: Map<string, V>, max: number) {
  while (map.size > max) map.delete(map.keys().next().value!);
}

/** Evaluates a CommonJS server build in this process, with `require` answered by `resolve`. */
function evaluate(code: string, filename: string, resolve: (id: string) => unknown): unknown {
  const wrapper = vm.runInThisContext(`(function (exports, require, module, __filename, __dirname) {${code}\n})`, {
    filename,
  }) as (...args: unknown[]) => void;
  const module = { exports: {} as unknown };
  wrapper(module.exports, resolve, module, filename, '.');
  return module.exports;
}

/**
 * The query strings a prerendered page may carry: campaign tags, which no page reads. Any other
 * query may change what a page shows, so that page is rendered in the browser (and a visitor cannot
 * make the edge render one page in endless variants).
 */
export const prerenderableQuery = (search: string) =>
  [...new URLSearchParams(search).keys()].every((k) => /^utm_[a-z]+$/.test(k));

export class Prerenderer {
  private readonly shells = new Map<string, Promise<ShellServer | undefined>>();
  private readonly remotes = new Map<string, Promise<RemoteRoutesModule | undefined>>();
  private readonly styles = new Map<string, Promise<PageStyle[]>>();
  private readonly pages = new Map<string, Entry>();
  private readonly freshMs: number;
  private readonly staleMs: number;
  private readonly timeoutMs: number;
  private readonly maxPages: number;

  constructor(
    private readonly store: ReleaseStore,
    private readonly opts: PrerenderOptions,
    private readonly log: (msg: string, err?: unknown) => void = () => undefined,
  ) {
    this.freshMs = opts.freshMs ?? 15_000;
    this.staleMs = opts.staleMs ?? 300_000;
    this.timeoutMs = opts.timeoutMs ?? 4_000;
    this.maxPages = opts.maxPages ?? 500;
  }

  /**
   * The page at `pathname` of `app` as the live releases render it, or undefined (a release without
   * a server build, a render that failed or took too long): the shell's HTML then goes out as before.
   */
  async page(
    shellVersion: string,
    app: string,
    remoteVersion: string,
    pathname: string,
  ): Promise<PrerenderedPage | undefined> {
    const key = `${shellVersion}|${app}@${remoteVersion}|${pathname}`;
    const cached = this.pages.get(key);
    const age = cached ? Date.now() - cached.at : Infinity;
    if (cached && age < this.freshMs) return cached.page;
    if (cached && age < this.staleMs) {
      const current = await cached.page;
      if (current) {
        // Served as it is while it is made again, once.
        if (!cached.refreshing) {
          cached.refreshing = true;
          void this.render(shellVersion, app, remoteVersion, pathname).then((next) => {
            if (next) this.keep(key, { at: Date.now(), page: Promise.resolve(next) });
            else cached.refreshing = false;
          });
        }
        return current;
      }
    }
    // A render that failed or timed out is kept as such as long as a page would be: meanwhile the
    // page goes out at once as the shell's HTML (an api that hangs costs one wait, not one each).
    const entry: Entry = { at: Date.now(), page: this.render(shellVersion, app, remoteVersion, pathname) };
    this.keep(key, entry);
    // Its age counts from when it was made (while it is being made, requests wait for it).
    void entry.page.then(() => (entry.at = Date.now()));
    return entry.page;
  }

  private keep(key: string, entry: Entry) {
    this.pages.delete(key);
    this.pages.set(key, entry);
    trim(this.pages, this.maxPages);
  }

  private async render(
    shellVersion: string,
    app: string,
    remoteVersion: string,
    pathname: string,
  ): Promise<PrerenderedPage | undefined> {
    let timer: NodeJS.Timeout | undefined;
    const started = performance.now();
    const done = (page: PrerenderedPage | undefined, fallback?: PrerenderFallback) => {
      this.opts.observe?.(app, (performance.now() - started) / 1000, fallback);
      return page;
    };
    try {
      const shell = await this.shell(shellVersion);
      const remote = shell && (await this.remote(shell, shellVersion, app, remoteVersion));
      if (!shell || !remote) return done(undefined, 'no_server_build');
      const timeout = new Promise<undefined>((resolve) => {
        timer = setTimeout(() => {
          this.log(`prerender of ${pathname} took over ${this.timeoutMs} ms`);
          resolve(undefined);
        }, this.timeoutMs);
      });
      const result = await Promise.race([shell.render(`http://edge${pathname}`, [remote]), timeout]);
      if (!result) return done(undefined, 'timeout');
      // A redirect is not a fallback: the browser follows it as before.
      if (result.kind !== 'page') return done(undefined);
      // A page that broke while rendering here is the browser's to render (and to report).
      if (result.status >= 500) {
        this.log(`prerender of ${pathname} answered ${result.status}`);
        return done(undefined, 'page_error');
      }
      return done({
        status: result.status,
        html: result.html,
        data: result.data,
        head: result.head,
        themeCss: result.themeCss,
        styles: await this.stylesOf(shellVersion, app, remoteVersion),
      });
    } catch (err) {
      this.log(`prerender of ${pathname} failed`, err);
      return done(undefined, 'failed');
    } finally {
      clearTimeout(timer);
    }
  }

  private shell(version: string): Promise<ShellServer | undefined> {
    let shell = this.shells.get(version);
    if (!shell) {
      shell = (async () => {
        const code = await this.store.file('shell', version, 'server/index.cjs');
        if (!code) return undefined;
        // The SDK reads its settings once, when it loads: the api is the edge's upstream.
        globalThis.__GIFTLANE_CONFIG__ = { ...this.opts.pageConfig, apiBase: this.opts.apiUrl };
        // Each shell release has its own SDK (one per release, as one per page in a browser).
        const before = globalThis.__GIFTLANE_SDK__;
        globalThis.__GIFTLANE_SDK__ = undefined;
        try {
          return evaluate(
            code.toString('utf8'),
            `releases/shell/${version}/server/index.cjs`,
            nodeRequire,
          ) as ShellServer;
        } finally {
          globalThis.__GIFTLANE_SDK__ = before;
        }
      })().catch((err) => {
        this.log(`the server build of shell ${version} did not load`, err);
        this.shells.delete(version);
        return undefined;
      });
      this.shells.set(version, shell);
      trim(this.shells, LOADED_BUILDS);
    }
    return shell;
  }

  private remote(
    shell: ShellServer,
    shellVersion: string,
    app: string,
    version: string,
  ): Promise<RemoteRoutesModule | undefined> {
    const key = `${shellVersion}|${app}@${version}`;
    let remote = this.remotes.get(key);
    if (!remote) {
      remote = (async () => {
        const code = await this.store.file(app, version, 'server/index.cjs');
        if (!code) return undefined;
        const resolve = (id: string) => (id in shell.shared ? shell.shared[id] : nodeRequire(id));
        const mod = evaluate(code.toString('utf8'), `releases/${app}/${version}/server/index.cjs`, resolve) as {
          default?: RemoteRoutesModule;
          routes?: unknown;
        };
        const routes = (mod.routes ? mod : mod.default) as RemoteRoutesModule | undefined;
        return routes?.routes ? routes : undefined;
      })().catch((err) => {
        this.log(`the server build of ${app} ${version} did not load`, err);
        this.remotes.delete(key);
        return undefined;
      });
      this.remotes.set(key, remote);
      trim(this.remotes, LOADED_BUILDS * 2);
    }
    return remote;
  }

  /**
   * The stylesheets a page needs before any script runs: the shell's (its `page-styles.json`) and
   * those the remote loads with its routes (its build's manifest), as release keys and their text.
   */
  private stylesOf(shellVersion: string, app: string, version: string): Promise<PageStyle[]> {
    const key = `${shellVersion}|${app}@${version}`;
    let styles = this.styles.get(key);
    if (!styles) {
      styles = (async () => {
        const json = async (a: string, v: string, file: string) =>
          JSON.parse((await this.store.file(a, v, file))?.toString('utf8') ?? 'null') as unknown;
        const shellCss = ((await json('shell', shellVersion, 'page-styles.json')) as string[] | null) ?? [];
        const manifest = (await json(app, version, 'mf-manifest.json')) as {
          exposes?: { assets?: { css?: { sync?: string[]; async?: string[] } } }[];
        } | null;
        const remoteCss = (manifest?.exposes ?? []).flatMap((e) => [
          ...(e.assets?.css?.sync ?? []),
          ...(e.assets?.css?.async ?? []),
        ]);
        const keys = [
          ...shellCss.map((f) => ['shell', shellVersion, f]),
          ...[...new Set(remoteCss)].map((f) => [app, version, f]),
        ] as [string, string, string][];
        const out: PageStyle[] = [];
        for (const [a, v, f] of keys) {
          const css = await this.store.file(a, v, f);
          if (!css) throw new Error(`${a} ${v} has no ${f}`);
          out.push({ key: `${a}/${v}/${f}`, css: css.toString('utf8') });
        }
        return out;
      })().catch((err) => {
        this.log(`the stylesheets of ${app} ${version} did not load`, err);
        this.styles.delete(key);
        throw err;
      });
      this.styles.set(key, styles);
    }
    return styles;
  }
}
