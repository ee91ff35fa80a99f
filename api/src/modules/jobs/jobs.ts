import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../../db/db.js';
import { jobsRepo } from './repo.js';

/** The schema pg-boss keeps its tables in (created and upgraded by pg-boss itself at start-up). */
export const JOBS_SCHEMA = 'pgboss';

/** What a handler is told about the run: attempts so far and how many it gets. */
export interface JobRun {
  id: string;
  name: string;
  /** 0 on the first attempt. */
  retryCount: number;
  retryLimit: number;
}

export type JobHandler<T> = (data: T, run: JobRun) => Promise<void>;

export interface QueueOptions {
  /** Attempts after the first (default 3). */
  retryLimit?: number;
  /** Seconds before the first retry (default 5); doubled each time (with jitter) unless retryBackoff is false. */
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
  /** A run taking longer than this is failed (and retried). Default 60 s. */
  expireInSeconds?: number;
  /** 'stately': at most one job queued and one running per singletonKey (a self-rescheduling scan). */
  policy?: 'standard' | 'stately';
  /** Called once a job of this queue failed its last attempt (after it is listed in dead_jobs). */
  onDead?: (data: never, error: string) => Promise<void>;
}

export interface SendOptions {
  /** Not before this time. */
  startAfter?: Date;
  /** Under a 'stately' queue, at most one such job waits at a time: a second send answers null. */
  singletonKey?: string;
  /** The transaction to enqueue in: the job exists only if that transaction commits. */
  q?: Queryable;
}

/**
 * pg-boss's database, over the app's own handle (PGlite's one connection, or the pool) or a
 * transaction's client. pg-boss's install and upgrade scripts are several statements wrapped in
 * BEGIN … COMMIT, sent without parameters: those run as one script.
 */
export function bossDb(q: Queryable): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (!values?.length && /^\s*BEGIN\s*;/i.test(text)) {
        await q.exec(text);
        return { rows: [] };
      }
      const r = await q.query(text, values?.length ? values : undefined);
      return { rows: r.rows, rowCount: r.rowCount };
    },
  } as PgBoss.Db;
}

const deadQueue = (name: string) => `${name}__dead`;

/** The database with every statement pg-boss sends counted while it runs (see Jobs.stop). */
function counted(db: Queryable, inFlight: Set<Promise<unknown>>): Queryable {
  const track = <T>(p: Promise<T>): Promise<T> => {
    inFlight.add(p);
    const done = () => inFlight.delete(p);
    p.then(done, done);
    return p;
  };
  return { query: (sql, params) => track(db.query(sql, params)), exec: (sql) => track(db.exec(sql)) };
}

function newBoss(db: Queryable, log: FastifyBaseLogger | null, o: { migrate: boolean; supervise?: boolean }): PgBoss {
  const boss = new PgBoss({
    db: bossDb(db),
    schema: JOBS_SCHEMA,
    migrate: o.migrate,
    supervise: o.supervise ?? false,
    schedule: false,
  });
  // A lost connection or a failed poll: logged; pg-boss polls again.
  boss.on('error', (err: Error) => log?.warn({ err: err.message }, 'job queue error'));
  return boss;
}

/**
 * Production's database roles (api/README.md, "Database roles"): the owner installs or upgrades
 * pg-boss's schema, lets the api's role read and write its tables, and makes its queue-creating
 * function run as the owner (a queue is a partition of the job table, which only its owner may
 * attach), so the api's role can create the queues it registers.
 */
export async function installJobsSchema(owner: Db, runtimeRole: string): Promise<void> {
  const installer = newBoss(owner, null, { migrate: true });
  await installer.start();
  await installer.stop({ graceful: false, wait: true, close: false });
  const r = `"${runtimeRole.replace(/"/g, '""')}"`;
  await owner.exec(`
    grant usage on schema ${JOBS_SCHEMA} to ${r};
    grant select, insert, update, delete on all tables in schema ${JOBS_SCHEMA} to ${r};
    alter function ${JOBS_SCHEMA}.create_queue(text, json) security definer set search_path = ${JOBS_SCHEMA}, pg_temp;
    revoke all on function ${JOBS_SCHEMA}.create_queue(text, json) from public;
    grant execute on function ${JOBS_SCHEMA}.create_queue(text, json) to ${r};
  `);
}

interface Registered {
  handler: JobHandler<unknown>;
  opts: QueueOptions;
}

/**
 * The api's job queue: pg-boss over the app's database, on PGlite (its one connection,
 * through `bossDb`) as on PostgreSQL (several api processes; each job is fetched by one of them,
 * `FOR UPDATE SKIP LOCKED`). Modules register handlers at build time and send jobs at any time —
 * in their business transaction with `q`. A job that throws is retried with backoff; after its last
 * attempt it goes to its queue's dead-letter queue, whose worker lists it in `dead_jobs` (the
 * operator console's dead letters, `/ops/api/dead-letters`) and calls the queue's `onDead`.
 */
export class Jobs {
  private boss: PgBoss | null = null;
  private readonly queues = new Map<string, Registered>();
  private readonly workers = new Map<string, string>();
  private stopped = false;
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly opts: { pollingIntervalSeconds?: number } = {},
  ) {}

  /** Declares a queue and its handler; before start(). */
  register<T>(name: string, handler: JobHandler<T>, opts: QueueOptions = {}): void {
    if (!/^[a-z][a-z0-9_]*$/.test(name) || name.endsWith('__dead')) throw new Error(`bad job name: ${name}`);
    if (this.boss) throw new Error(`register ${name} before the queue starts`);
    this.queues.set(name, { handler: handler as JobHandler<unknown>, opts });
  }

  /** The queues registered (for the metrics). */
  names(): string[] {
    return [...this.queues.keys()];
  }

  /** Whether this process runs jobs of that name. */
  has(name: string): boolean {
    return this.queues.has(name);
  }

  get started(): boolean {
    return this.boss !== null && !this.stopped;
  }

  /**
   * Installs or upgrades pg-boss's schema when it may (see installJobsSchema for production's
   * owner), creates the queues and starts one worker per queue and per dead-letter queue.
   */
  async start(): Promise<void> {
    if (this.boss) return;
    const boss = newBoss(counted(this.db, this.inFlight), this.log, { migrate: true, supervise: true });
    await boss.start();
    await this.createQueues(boss);
    this.boss = boss;
    const pollingIntervalSeconds = this.opts.pollingIntervalSeconds ?? 2;
    for (const [name, reg] of this.queues) {
      const id = await boss.work(
        name,
        { batchSize: 1, includeMetadata: true, pollingIntervalSeconds },
        async ([job]) => {
          if (!job) return;
          // pg-boss waits a polling interval after each job unless woken: there may be more, look again at once.
          this.kick(name);
          await reg.handler(job.data, { id: job.id, name, retryCount: job.retryCount, retryLimit: job.retryLimit });
        },
      );
      this.workers.set(name, id);
      const dead = await boss.work(
        deadQueue(name),
        { batchSize: 1, includeMetadata: true, pollingIntervalSeconds },
        async ([job]) => {
          if (!job) return;
          this.kick(deadQueue(name));
          const out = job.output as { message?: string; value?: unknown } | null;
          const error = String(out?.message ?? (out?.value !== undefined ? JSON.stringify(out.value) : 'failed')).slice(
            0,
            1000,
          );
          await jobsRepo.recordDead(this.db, { name, data: job.data, error, attempts: (job.retryLimit ?? 0) + 1 });
          await reg.opts.onDead?.(job.data as never, error);
          this.log.warn({ job: name, error }, 'job failed every attempt: listed in the dead letters');
        },
      );
      this.workers.set(deadQueue(name), dead);
    }
  }

  private async createQueues(boss: PgBoss): Promise<void> {
    for (const [name, { opts }] of this.queues) {
      await boss.createQueue(deadQueue(name), {
        name: deadQueue(name),
        retryLimit: 5,
        retryDelay: 5,
        retryBackoff: true,
      });
      const q = {
        name,
        policy: opts.policy ?? 'standard',
        retryLimit: opts.retryLimit ?? 3,
        retryDelay: opts.retryDelaySeconds ?? 5,
        retryBackoff: opts.retryBackoff ?? true,
        expireInSeconds: opts.expireInSeconds ?? 60,
        deadLetter: deadQueue(name),
      } as const;
      await boss.createQueue(name, q);
      // A queue made by an older version keeps its row: bring its options up to date.
      await boss.updateQueue(name, q);
    }
  }

  /**
   * Enqueues a job; answers its id (null when a stately queue already has one waiting for the key).
   * With `q`, inside that transaction: call `kick(name)` after the commit for a prompt start.
   */
  async send<T extends object>(name: string, data: T, opts: SendOptions = {}): Promise<string | null> {
    if (!this.queues.has(name)) throw new Error(`no job queue named ${name}`);
    const boss = this.boss;
    if (!boss) throw new Error('the job queue has not started');
    const id = await boss.send(name, data, {
      ...(opts.startAfter ? { startAfter: opts.startAfter } : {}),
      ...(opts.singletonKey ? { singletonKey: opts.singletonKey } : {}),
      ...(opts.q ? { db: bossDb(opts.q) } : {}),
    });
    if (!opts.q && !opts.startAfter) this.kick(name);
    return id;
  }

  /** Wakes this process's worker of a queue now instead of at its next poll. */
  kick(name: string): void {
    const id = this.workers.get(name);
    if (id && this.boss && !this.stopped) this.boss.notifyWorker(id);
  }

  /** Stops the workers; a job running is given `timeoutMs` to finish, else failed (and retried later). */
  async stop(timeoutMs = 5_000): Promise<void> {
    if (!this.boss || this.stopped) return;
    this.stopped = true;
    await this.boss
      .stop({ graceful: true, wait: true, close: false, timeout: timeoutMs })
      .catch((err: unknown) => this.log.warn({ err }, 'job queue did not stop cleanly'));
    // pg-boss returns while a worker's last poll may still be running, and checks on it again a second
    // later: once the database is closed, or a test's module registry torn down, that check fails
    // as a stray rejection. Its statements are waited for here, within the same bound.
    const until = Date.now() + timeoutMs;
    while (this.inFlight.size > 0 && Date.now() < until) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...this.inFlight]),
        new Promise((resolve) => (timer = setTimeout(resolve, until - Date.now()))),
      ]);
      clearTimeout(timer);
    }
  }
}
