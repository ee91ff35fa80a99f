// Client telemetry (README "Client telemetry"): page loads, remotes that fail to load, uncaught
// errors, failed /gc calls and web vitals, each counted under the version and canary bucket of the
// app it is about, batched and sent with navigator.sendBeacon to the first-party collector
// (`POST /gc/telemetry`). Nothing personal leaves the page: no user, no URL, no message text —
// app names, versions, an error's class, a failure's kind and numbers.
import type { EnvironmentManifest, ReleaseBucket } from '@giftlane/shared-sdk';

export const TELEMETRY_ENDPOINT = '/gc/telemetry';
/** The collector refuses more (api/src/modules/telemetry/collector.ts); a batch is sent before. */
const MAX_EVENTS = 40;
const FLUSH_AFTER_MS = 10_000;
/** The most one event may count (the collector's bound); more starts another. */
const MAX_N = 20;

type Vital = 'lcp' | 'cls' | 'inp';
export type TelemetryEvent =
  | { t: 'load' | 'remote_failure'; app: string; n?: number }
  | { t: 'error'; app: string; name: string; n?: number }
  | { t: 'gc_failure'; app: string; kind: string; n?: number }
  | { t: 'vital'; app: string; name: Vital; value: number };

export interface TelemetryBatch {
  v: 1;
  apps: Record<string, { version: string; bucket: ReleaseBucket }>;
  events: TelemetryEvent[];
}

export interface ReporterOptions {
  /** Share of page loads that report, 0–1 (page config `telemetry.sample`); decided once per page. */
  sample: number;
  random?: () => number;
  /** Sends one batch; the default uses sendBeacon, else fetch with keepalive. */
  send?: (body: string) => void;
  /** The app whose page is on screen (failed calls and vitals are counted for it). */
  currentApp?: () => string;
  flushAfterMs?: number;
}

/** A federation name (`mfe_public`) as the release store names the app (`mfe-public`). */
export const appOfRemote = (federationName: string) => federationName.replace(/_/g, '-');

/** An error's class, only when it looks like one (a name made by a page could carry text). */
export function errorClassOf(error: unknown): string {
  if (error === null || typeof error !== 'object') return 'Rejection';
  const name = (error as { name?: unknown }).name;
  return typeof name === 'string' && /^[A-Za-z_$][\w$]{0,39}$/.test(name) ? name : 'Error';
}

/**
 * A failed /gc call's kind: `network`, `timeout`, `bad_reply`, or the envelope's code. Business
 * answers (a wrong code, a refused field, an expired session) are not failures of the release.
 */
export function gcFailureKind(failure: { timedOut?: boolean; aborted?: boolean; envelope?: unknown }): string | null {
  if (failure.aborted) return null;
  if (failure.timedOut) return 'timeout';
  const env = failure.envelope;
  if (env === undefined) return 'network';
  type Reply = { success?: unknown; code?: unknown };
  const { success, code }: Reply = env !== null && typeof env === 'object' ? (env as Reply) : {};
  if (typeof success !== 'boolean') return 'bad_reply';
  if (success) return null;
  if (typeof code !== 'string' || !/^common\.\d{3}$/.test(code)) return null;
  return ['common.001', 'common.003', 'common.004'].includes(code) ? null : code;
}

const defaultSend = (body: string) => {
  // A string goes as text/plain: no preflight, and the collector reads it as JSON.
  const beacon = typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function';
  if (beacon && navigator.sendBeacon(TELEMETRY_ENDPOINT, body)) return;
  if (typeof fetch !== 'function') return;
  const headers = { 'Content-Type': 'text/plain;charset=UTF-8' };
  const init: RequestInit = { method: 'POST', body, keepalive: true, credentials: 'same-origin', headers };
  void fetch(TELEMETRY_ENDPOINT, init).catch(() => undefined);
};

export class TelemetryReporter {
  readonly sampled: boolean;
  private readonly tags = new Map<string, { version: string; bucket: ReleaseBucket }>();
  /** Chunk folders (`/releases/mfe-public/0.2.0+abc/`) → app, to tell whose code threw. */
  private readonly bases: Array<{ base: string; app: string }> = [];
  private queue: TelemetryEvent[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly send: (body: string) => void;
  /** The app of the page this document was loaded for. */
  private landing = 'shell';

  constructor(private readonly options: ReporterOptions) {
    const sample = Number.isFinite(options.sample) ? Math.min(Math.max(options.sample, 0), 1) : 1;
    this.sampled = sample > 0 && (options.random ?? Math.random)() < sample;
    this.send = options.send ?? defaultSend;
  }

  /** The versions and buckets this page got, from the environment manifest. */
  useManifest(manifest: EnvironmentManifest): void {
    if (manifest.shell) this.tags.set('shell', { version: manifest.shell.version, bucket: manifest.shell.bucket });
    for (const [name, entry] of Object.entries(manifest.remotes)) this.tagRemote(name, entry);
    this.landing = this.current();
  }

  /** A remote's version and bucket (again when a promote or rollback reaches an open tab). */
  tagRemote(federationName: string, entry: EnvironmentManifest['remotes'][string]): void {
    const app = appOfRemote(federationName);
    this.tags.set(app, { version: entry.version, bucket: entry.bucket ?? 'live' });
    const base = entry.entry.replace(/[^/]*$/, '');
    if (base && !this.bases.some((b) => b.base === base)) this.bases.push({ base, app });
  }

  /** Whose code an error came from: the remote whose chunk its stack names, else the shell. */
  appOfError(error: unknown): string {
    const stack = error !== null && typeof error === 'object' ? (error as { stack?: unknown }).stack : undefined;
    if (typeof stack === 'string') {
      for (const { base, app } of this.bases) if (stack.includes(base)) return app;
    }
    return 'shell';
  }

  load(app: string): void {
    this.add({ t: 'load', app });
  }

  remoteFailed(app: string): void {
    this.add({ t: 'remote_failure', app });
  }

  error(error: unknown): void {
    // A browser extension's code is not a release's.
    const stack = error !== null && typeof error === 'object' ? (error as { stack?: unknown }).stack : undefined;
    if (typeof stack === 'string' && /\b(?:chrome|moz|safari-web)-extension:\/\//.test(stack)) return;
    this.add({ t: 'error', app: this.appOfError(error), name: errorClassOf(error) });
  }

  gcFailure(kind: string): void {
    this.add({ t: 'gc_failure', app: this.current(), kind });
  }

  /**
   * A web vital of this page, counted for the shell and for the app whose page it is about: the
   * largest paint belongs to the page the visit landed on; layout shift and interaction delay, to
   * the page on screen when they are reported (when the tab is hidden or left).
   */
  vital(name: Vital, value: number): void {
    if (!Number.isFinite(value) || value < 0) return;
    const app = name === 'lcp' ? this.landing : this.current();
    const rounded = name === 'cls' ? Math.round(value * 10_000) / 10_000 : Math.round(value);
    this.add({ t: 'vital', app, name, value: rounded });
  }

  /** Sends what is queued (the page is being hidden or left, or the batch is full). */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!this.queue.length) return;
    const events = this.queue;
    this.queue = [];
    const apps: TelemetryBatch['apps'] = {};
    for (const e of events) apps[e.app] = this.tags.get(e.app)!;
    const shell = this.tags.get('shell');
    if (shell && events.some((e) => e.t === 'vital')) apps.shell = shell;
    const batch: TelemetryBatch = { v: 1, apps, events };
    try {
      this.send(JSON.stringify(batch));
    } catch {
      // Reporting never breaks the page.
    }
  }

  private current(): string {
    const app = this.options.currentApp?.() ?? 'shell';
    return this.tags.has(app) ? app : 'shell';
  }

  private add(event: TelemetryEvent): void {
    // Not in the sample, or an app this page was not told the version of (a dev server).
    if (!this.sampled || !this.tags.has(event.app)) return;
    const same =
      event.t === 'vital'
        ? undefined
        : this.queue.find((q) => q.t === event.t && q.app === event.app && sameDetail(q, event) && (q.n ?? 1) < MAX_N);
    if (same && same.t !== 'vital') same.n = (same.n ?? 1) + 1;
    else this.queue.push(event);
    if (this.queue.length >= MAX_EVENTS) this.flush();
    else if (typeof document !== 'undefined' && document.visibilityState === 'hidden') {
      queueMicrotask(() => this.flush());
    } else this.timer ??= setTimeout(() => this.flush(), this.options.flushAfterMs ?? FLUSH_AFTER_MS);
  }
}

function sameDetail(a: TelemetryEvent, b: TelemetryEvent): boolean {
  if (a.t === 'error' && b.t === 'error') return a.name === b.name;
  if (a.t === 'gc_failure' && b.t === 'gc_failure') return a.kind === b.kind;
  return true;
}

/** The share of page loads that report (page config `telemetry.sample`, set by the edge); all by default. */
export function telemetrySample(): number {
  try {
    const inHtml = document.getElementById('gl-config')?.textContent;
    const given = globalThis.__GIFTLANE_CONFIG__ ?? JSON.parse(inHtml || '{}');
    const sample = (given as { telemetry?: { sample?: unknown } })?.telemetry?.sample;
    return typeof sample === 'number' ? sample : 1;
  } catch {
    return 1;
  }
}

/** The page's one reporter: a silent stand-in until `startTelemetry` (tests and the dev servers). */
let reporter: TelemetryReporter = new TelemetryReporter({ sample: 0 });

export const telemetry = (): TelemetryReporter => reporter;

type ResponseSeen = <R extends { data?: unknown }>(r: R) => R;

export interface TelemetryStart {
  manifest: EnvironmentManifest;
  sample: number;
  currentApp: () => string;
  /** The SDK's HTTP client, whose failed /gc calls are counted. */
  http?: { interceptors: { response: { use: (ok: ResponseSeen, fail: (e: unknown) => Promise<never>) => unknown } } };
}

/**
 * Starts reporting for this page: its load, uncaught errors and rejections, failed /gc calls; the
 * queue goes out when the page is hidden or left. Web vitals are measured by `startVitals`, loaded
 * after the page is live.
 */
export function startTelemetry({ manifest, sample, currentApp, http }: TelemetryStart): TelemetryReporter {
  // Only releases served by the edge have versions to count under (the dev servers' are `dev`).
  reporter = new TelemetryReporter({ sample: manifest.shell ? sample : 0, currentApp });
  reporter.useManifest(manifest);
  if (!reporter.sampled) return reporter;
  const r = reporter;
  r.load('shell');
  window.addEventListener('error', (event) => {
    // Chrome's notice that a resize observer skipped a frame is no error of the page.
    if (!event.error && /ResizeObserver loop/.test(event.message)) return;
    r.error(event.error ?? { name: 'Error' });
  });
  window.addEventListener('unhandledrejection', (event) => r.error(event.reason));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') r.flush();
  });
  window.addEventListener('pagehide', () => r.flush());
  http?.interceptors.response.use(
    <R extends { data?: unknown }>(response: R) => {
      const kind = gcFailureKind({ envelope: response.data ?? null });
      if (kind) r.gcFailure(kind);
      return response;
    },
    (error: unknown) => {
      const e = error as { code?: string; response?: { data?: unknown } };
      const kind = gcFailureKind({
        aborted: e.code === 'ERR_CANCELED',
        timedOut: e.code === 'ECONNABORTED' || e.code === 'ETIMEDOUT',
        envelope: e.response ? (e.response.data ?? null) : undefined,
      });
      if (kind) r.gcFailure(kind);
      return Promise.reject(error);
    },
  );
  return reporter;
}

/** LCP, CLS and INP of this page (the web-vitals package, in a chunk of its own loaded now). */
export async function startVitals(): Promise<void> {
  const r = reporter;
  if (!r.sampled) return;
  const { onCLS, onINP, onLCP } = await import(/* webpackChunkName: "web-vitals" */ 'web-vitals');
  onLCP((m) => r.vital('lcp', m.value));
  onCLS((m) => r.vital('cls', m.value));
  onINP((m) => r.vital('inp', m.value));
}
