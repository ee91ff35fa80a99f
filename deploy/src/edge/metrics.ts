// The edge's metrics in the Prometheus format, with prom-client: requests and errors per
// app version (the releases a page was made of, and each release file), prerender time and
// fallbacks, and the service worker's kill switch. Served on EDGE_METRICS_PORT only, never on the
// site's port (which answers /metrics with a 404).
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { PrerenderFallback } from './prerender';

/** What kind of request it was: the edge's routes, not raw URLs. */
export type EdgeRoute = 'page' | 'release' | 'api' | 'manifest' | 'service_worker' | 'other';

export class EdgeMetrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'route' | 'status'>;
  private readonly appRequests: Counter<'app' | 'version' | 'status'>;
  private readonly appErrors: Counter<'app' | 'version'>;
  private readonly prerender: Histogram<'app'>;
  private readonly fallbacks: Counter<'app' | 'reason'>;

  /** `processMetrics`: Node's own (CPU, memory, event loop), only where something scrapes them. */
  constructor(serviceWorker: boolean, processMetrics = false) {
    const registers = [this.registry];
    if (processMetrics) collectDefaultMetrics({ register: this.registry, prefix: 'gl_edge_' });
    this.requests = new Counter({
      name: 'gl_edge_requests_total',
      help: 'Requests answered by the edge, by kind (page, release, api, manifest, service_worker, other) and status',
      labelNames: ['route', 'status'],
      registers,
    });
    this.appRequests = new Counter({
      name: 'gl_edge_app_requests_total',
      help: 'Requests served from a release, per app and version (a page counts for the shell and its owner remote)',
      labelNames: ['app', 'version', 'status'],
      registers,
    });
    this.appErrors = new Counter({
      name: 'gl_edge_app_errors_total',
      help: 'Failed requests of a release per app and version: a page answered 5xx, a release file missing or failing',
      labelNames: ['app', 'version'],
      registers,
    });
    this.prerender = new Histogram({
      name: 'gl_edge_prerender_seconds',
      help: 'Time to prerender a public page, per app owning it',
      labelNames: ['app'],
      buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8],
      registers,
    });
    this.fallbacks = new Counter({
      name: 'gl_edge_prerender_fallbacks_total',
      help: 'Pages sent without their prerendered content (the browser renders them), per app and why',
      labelNames: ['app', 'reason'],
      registers,
    });
    new Gauge({
      name: 'gl_edge_service_worker_enabled',
      help: '1 while the service worker is served; 0 while its kill switch (SERVICE_WORKER=off) is on',
      registers,
    }).set(serviceWorker ? 1 : 0);
  }

  request(route: EdgeRoute, status: number): void {
    this.requests.inc({ route, status: String(status) });
  }

  /**
   * A request served by these releases (a page: the shell and its owner remote; a release file: its
   * own). A release file that is missing is its release's error; a page's 404 is a visitor's typo.
   */
  served(releases: { app: string; version: string }[], status: number, file: boolean): void {
    for (const { app, version } of releases) {
      this.appRequests.inc({ app, version, status: String(status) });
      if (status >= 500 || (file && status === 404)) this.appErrors.inc({ app, version });
    }
  }

  /** The listener on EDGE_METRICS_PORT, once the edge is ready (none without the setting). */
  listener: { port: number; close(): Promise<void> } | undefined;

  rendered(app: string, seconds: number, fallback?: PrerenderFallback): void {
    this.prerender.observe({ app }, seconds);
    if (fallback) this.fallbacks.inc({ app, reason: fallback });
  }
}
