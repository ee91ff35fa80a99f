// The api's metrics in the Prometheus format, with prom-client. Requests are counted as
// they are answered (by route pattern, method and status); the state of the business (queues,
// backlogs, money waiting) is read from the database at scrape time by a few small queries, at
// most once every few seconds, each scrape waiting for them a bounded time: a scrape while the
// database is away answers at once with the last values it had and `gl_metrics_db_ok 0`.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../../db/db.js';
import type { Limits } from '../../lib/limits.js';
import { routeOf } from '../../plugins/request-ids.js';
import type { Jobs } from '../jobs/jobs.js';
import { metricsRepo } from './repo.js';
import type { MetricsListener } from './server.js';

type Rows<K extends keyof typeof metricsRepo> = Awaited<ReturnType<(typeof metricsRepo)[K]>>;

interface Snapshot {
  jobQueues?: Rows<'jobQueues'>;
  deadLetters?: Rows<'deadLetters'>;
  outboxBacklog?: Rows<'outboxBacklog'>;
  reviewQueue?: Rows<'reviewQueue'>;
  openWithdrawals?: Rows<'openWithdrawals'>;
  ledgerTotals?: Rows<'ledgerTotals'>;
  ledgerImbalance?: Rows<'ledgerImbalance'>;
}

export interface MetricsOptions {
  /** Business values are read at most this often (ms). */
  cacheMs?: number;
  /** The ledger's sum of every posting (a whole-table read) at most this often (ms). */
  ledgerEveryMs?: number;
  /** A scrape waits this long for the database at most (ms), then answers with what it has. */
  scrapeWaitMs?: number;
  /** Node's own metrics (CPU, memory, event loop): only where something scrapes them. */
  processMetrics?: boolean;
}

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Minor units as a number for Prometheus (exact up to 2^53: far beyond any balance). */
const num = (v: bigint | number | null | undefined) => Number(v ?? 0);

export class ApiMetrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'route' | 'method' | 'status'>;
  private readonly latency: Histogram<'route' | 'method' | 'status'>;
  private readonly failures: Counter<'route' | 'code'>;
  private snapshot: Snapshot = {};
  private readAt = 0;
  private ledgerAt = 0;
  private dbOk = 1;
  private loading: Promise<void> | undefined;
  private readonly cacheMs: number;
  private readonly ledgerEveryMs: number;
  private readonly scrapeWaitMs: number;
  /** The listener on METRICS_PORT, once the app is ready (none without the setting). */
  listener: MetricsListener | undefined;

  constructor(
    private readonly db: Db,
    private readonly limits: Limits,
    private readonly jobs: Jobs,
    opts: MetricsOptions = {},
  ) {
    this.cacheMs = opts.cacheMs ?? 5_000;
    this.ledgerEveryMs = opts.ledgerEveryMs ?? 60_000;
    this.scrapeWaitMs = opts.scrapeWaitMs ?? 1_500;
    const registers = [this.registry];
    if (opts.processMetrics) collectDefaultMetrics({ register: this.registry, prefix: 'gl_api_' });
    this.requests = new Counter({
      name: 'gl_http_requests_total',
      help: 'Requests answered, by route pattern, method and HTTP status',
      labelNames: ['route', 'method', 'status'],
      registers,
    });
    this.latency = new Histogram({
      name: 'gl_http_request_duration_seconds',
      help: 'Time to answer a request, by route pattern, method and HTTP status',
      labelNames: ['route', 'method', 'status'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.failures = new Counter({
      name: 'gl_api_failures_total',
      help: 'Failed replies (success: false, at any HTTP status) by route pattern and envelope code',
      labelNames: ['route', 'code'],
      registers,
    });

    type PoolStats = NonNullable<ReturnType<NonNullable<Db['poolStats']>>>;
    const pool = (name: string, help: string, pick: (s: PoolStats) => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          const s = db.poolStats?.();
          if (s) this.set(pick(s));
        },
      });
    pool('gl_db_pool_in_use', 'Database connections checked out of the pool (PostgreSQL)', (s) => s.total - s.idle);
    pool('gl_db_pool_waiting', 'Requests waiting for a database connection (PostgreSQL)', (s) => s.waiting);
    pool('gl_db_pool_max', 'The pool size (DB_POOL_MAX)', (s) => s.max);
    new Gauge({
      name: 'gl_redis_degraded',
      help: '1 while Redis does not answer and the rate limits count in this process (lib/limits.ts)',
      registers,
      collect() {
        this.set(limits.mode === 'degraded' ? 1 : 0);
      },
    });

    const current = () => this.current();
    const dbOk = () => this.dbOk;
    type Fill<L extends string> = (g: Gauge<L>, s: Snapshot) => void;
    const business = <L extends string>(name: string, help: string, labelNames: L[], fill: Fill<L>) =>
      new Gauge<L>({
        name,
        help,
        labelNames,
        registers,
        async collect() {
          const s = await current();
          this.reset();
          fill(this, s);
        },
      });
    new Gauge({
      name: 'gl_metrics_db_ok',
      help: '1 when the last read of the values below answered; 0 when it did not (they are then the last known)',
      registers,
      async collect() {
        await current();
        this.set(dbOk());
      },
    });
    business('gl_job_queue_ready', 'Jobs ready to run and not started, per job', ['job'], (g, s) => {
      for (const name of jobs.names()) g.set({ job: name }, 0);
      for (const r of s.jobQueues ?? []) g.set({ job: r.name }, r.ready);
    });
    business('gl_job_queue_oldest_seconds', 'How long the oldest ready job has waited, per job', ['job'], (g, s) => {
      for (const name of jobs.names()) g.set({ job: name }, 0);
      for (const r of s.jobQueues ?? []) g.set({ job: r.name }, r.oldest_s);
    });
    business(
      'gl_job_dead_letters',
      "Jobs that failed every attempt and were not retried, per job (the console's Dead letters)",
      ['job'],
      (g, s) => {
        for (const name of jobs.names()) g.set({ job: name }, 0);
        for (const r of s.deadLetters ?? []) g.set({ job: r.job_name }, r.n);
      },
    );
    business(
      'gl_outbox_backlog',
      'Messages not sent yet (pending, sending, waiting for a retry), per channel',
      ['channel'],
      (g, s) => {
        for (const ch of ['email', 'whatsapp', 'push']) g.set({ channel: ch }, 0);
        for (const r of s.outboxBacklog ?? []) g.set({ channel: r.channel }, r.n);
      },
    );
    business('gl_outbox_oldest_seconds', 'Age of the oldest message not sent yet, per channel', ['channel'], (g, s) => {
      for (const ch of ['email', 'whatsapp', 'push']) g.set({ channel: ch }, 0);
      for (const r of s.outboxBacklog ?? []) g.set({ channel: r.channel }, r.oldest_s);
    });
    business('gl_orders_waiting_review', 'Orders waiting for a reviewer', [], (g, s) => {
      if (s.reviewQueue) g.set(s.reviewQueue.n);
    });
    business(
      'gl_orders_oldest_wait_seconds',
      'How long the oldest order waiting for a reviewer has waited',
      [],
      (g, s) => {
        if (s.reviewQueue) g.set(s.reviewQueue.oldest_s);
      },
    );
    business(
      'gl_withdrawals_open',
      'Withdrawals not settled yet, per rail, status and currency',
      ['rail', 'status', 'currency'],
      (g, s) => {
        for (const r of s.openWithdrawals ?? []) {
          g.set({ rail: r.method, status: r.status, currency: r.currency_code }, r.n);
        }
      },
    );
    business(
      'gl_withdrawals_open_amount_minor',
      'Amount of the withdrawals not settled yet (minor units), per rail, status and currency',
      ['rail', 'status', 'currency'],
      (g, s) => {
        for (const r of s.openWithdrawals ?? []) {
          g.set({ rail: r.method, status: r.status, currency: r.currency_code }, num(r.amount_minor));
        }
      },
    );
    business(
      'gl_ledger_user_balance_minor',
      "Sellers' balances (minor units), per currency and wallet",
      ['currency', 'wallet'],
      (g, s) => {
        for (const r of s.ledgerTotals?.balances ?? []) {
          g.set({ currency: r.currency_code, wallet: r.kind }, num(r.total));
        }
      },
    );
    business(
      'gl_ledger_held_minor',
      'Money held for withdrawals in flight (minor units), per currency',
      ['currency'],
      (g, s) => {
        for (const r of s.ledgerTotals?.held ?? []) g.set({ currency: r.currency_code }, num(r.total));
      },
    );
    business(
      'gl_ledger_imbalance_minor',
      'The sum of every ledger posting per currency: 0 when the books balance',
      ['currency'],
      (g, s) => {
        for (const r of s.ledgerImbalance ?? []) g.set({ currency: r.currency_code }, num(r.total));
      },
    );
  }

  /** Counts an answered request (onResponse). */
  observe(req: FastifyRequest, reply: FastifyReply): void {
    const labels = { route: routeOf(req), method: req.method, status: String(reply.statusCode) };
    this.requests.inc(labels);
    this.latency.observe(labels, reply.elapsedTime / 1000);
    if (req.failure) this.failures.inc({ route: labels.route, code: req.failure.code });
  }

  /** The values read last, read again first when they are older than cacheMs (waiting scrapeWaitMs at most). */
  private async current(): Promise<Snapshot> {
    if (Date.now() - this.readAt >= this.cacheMs) {
      this.loading ??= this.read().finally(() => (this.loading = undefined));
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<void>((resolve) => {
        timer = setTimeout(() => {
          this.dbOk = 0;
          resolve();
        }, this.scrapeWaitMs);
      });
      await Promise.race([this.loading, late]);
      clearTimeout(timer);
    }
    return this.snapshot;
  }

  /** One read of every value; one that fails keeps its last value. Only one read runs at a time. */
  private async read(): Promise<void> {
    const next: Snapshot = { ...this.snapshot };
    let ok = true;
    const part = async <K extends keyof Snapshot>(key: K, load: () => Promise<Snapshot[K]>) => {
      try {
        next[key] = await load();
      } catch {
        ok = false;
      }
    };
    const withLedger = Date.now() - this.ledgerAt >= this.ledgerEveryMs;
    // One after the other: PGlite has one connection, and the pool is the requests' before ours.
    await part('jobQueues', () => metricsRepo.jobQueues(this.db));
    await part('deadLetters', () => metricsRepo.deadLetters(this.db));
    await part('outboxBacklog', () => metricsRepo.outboxBacklog(this.db));
    await part('reviewQueue', () => metricsRepo.reviewQueue(this.db));
    await part('openWithdrawals', () => metricsRepo.openWithdrawals(this.db));
    await part('ledgerTotals', () => metricsRepo.ledgerTotals(this.db));
    if (withLedger) {
      await part('ledgerImbalance', () => metricsRepo.ledgerImbalance(this.db));
      if (ok) this.ledgerAt = Date.now();
    }
    this.snapshot = next;
    this.dbOk = ok ? 1 : 0;
    // A failed read is tried again at the next scrape, not after cacheMs.
    if (ok) this.readAt = Date.now();
  }
}
