import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { holdDataDir } from './data-dir-lock.js';
import { PreparedRead, type RowShapes } from './prepared-read.js';

/** Rows come back with int8 as bigint (money is bigint minor units), timestamptz as Date. */
export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  /** Runs several statements at once (migrations); no parameters. */
  exec(sql: string): Promise<void>;
}

/**
 * The one database handle the app uses. Two drivers sit behind it: PGlite (PostgreSQL compiled to
 * WebAssembly, in-process, the laptop default) and node-postgres (a real server). The SQL is the same.
 */
export interface Db extends Queryable {
  readonly kind: 'pglite' | 'pg';
  /**
   * Runs fn in one transaction: committed when it resolves, rolled back when it throws. Inside fn,
   * use q, never this handle: a query through the handle there is refused (TxGuard).
   */
  tx<T>(fn: (q: Queryable) => Promise<T>, opts?: TxOptions): Promise<T>;
  /** Answers when the database does, or throws: within timeoutMs (default 1 s) whatever the database does. */
  ping(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
  /**
   * Calls fn with the payload on each NOTIFY on channel (from any process on this database). On PostgreSQL a
   * connection of its own, re-opened after a loss (fn is then called once with no payload, as changes may have
   * been missed). `state` hears when the connection is lost (false) and when it listens again (true): a cache
   * kept true by the notices must not be trusted in between. Returns the unsubscribe.
   */
  listen(
    channel: string,
    fn: (payload?: string) => void,
    state?: (listening: boolean) => void,
  ): Promise<() => Promise<void>>;
  /** The pool's connections (PostgreSQL; PGlite has one connection and no pool): for the metrics. */
  poolStats?(): { max: number; total: number; idle: number; waiting: number };
}

const INT8 = 20;

/** The transaction the running code is inside of (both drivers set it; PGlite also routes by it). */
const txScope = new AsyncLocalStorage<{ q: Queryable; open: boolean; owner: object }>();

/** Whether the calling code runs inside an open transaction (of any database handle). */
export function insideTransaction(): boolean {
  return txScope.getStore()?.open === true;
}

/**
 * The client of the open transaction of `db` the calling code runs inside of, if any (reference
 * caches read through it).
 */
export function currentTransaction(db: object): Queryable | undefined {
  const scope = txScope.getStore();
  return scope?.open && scope.owner === db ? scope.q : undefined;
}

/**
 * Runs fn outside any transaction the caller is inside of: for work that is started inside one
 * but meant to outlive it (an alert sent after the sign-in), which then uses the pool as any
 * request does, and never the transaction's connection.
 */
export function outsideTransaction<T>(fn: () => T): T {
  return txScope.exit(fn);
}

/**
 * A pooled query (or a second transaction) started by code running inside an open transaction.
 * On PostgreSQL it would hold this transaction's connection (and its row locks) while it waits
 * for a second one from the same pool: a burst that fills the pool with such transactions waits
 * for ever. Use the transaction's client (the `q` handed to the callback) instead.
 */
export class PooledQueryInTransactionError extends Error {
  constructor(what: string) {
    super(
      `${what} through the pool inside an open db.tx: use the transaction's client (q) instead, or load it before ` +
        `the transaction`,
    );
    this.name = 'PooledQueryInTransactionError';
  }
}

/**
 * What a pooled query started inside an open transaction does. 'throw' (development and tests):
 * it fails at once, so the suites find the code that does it. 'route' (production): it is logged
 * and runs through the transaction's own client, as PGlite has always run it — the request goes
 * on, its reads see the transaction's writes and its writes commit or roll back with it.
 */
export type TxGuard = 'throw' | 'route';

/** Where the guard reports in 'route' mode (the app's logger); by default, stderr. */
export type GuardLog = (what: string, stack: string) => void;

/**
 * Decides for a call (`what`) through the handle `db`: undefined = go through the pool (not inside
 * a transaction of db's); otherwise the transaction's client to run it through instead (or throws,
 * in 'throw' mode). Another database's handle (a second pool) is not this pool: left alone.
 */
function guarded(db: object, mode: TxGuard, log: GuardLog, what: string): Queryable | undefined {
  const scope = txScope.getStore();
  if (!scope?.open || scope.owner !== db) return undefined;
  const err = new PooledQueryInTransactionError(what);
  if (mode === 'throw') throw err;
  log(what, err.stack ?? err.message);
  return scope.q;
}

const defaultGuardLog: GuardLog = (what, stack) => {
  console.error(`db: ${what} through the pool inside a transaction; run through the transaction instead\n${stack}`);
};

/** Runs fn with q as the open transaction of everything it calls; closed when fn settles (before the commit). */
async function inScope<T>(owner: object, q: Queryable, fn: (q: Queryable) => Promise<T>): Promise<T> {
  const scope = { q, open: true, owner };
  try {
    return await txScope.run(scope, () => fn(q));
  } finally {
    scope.open = false;
  }
}

/** Options of one transaction. */
export interface TxOptions {
  /**
   * false: no statement, lock or idle timeout in this transaction (migrations: a long one, or one
   * waiting for another process's migration, must not be cut off). Default true.
   */
  bounded?: boolean;
}

/** PGlite's options: what a query through the handle inside a transaction does (TxGuard). */
export interface PgliteOptions {
  guard?: TxGuard;
  onGuard?: GuardLog;
}

const defaultGuard = (): TxGuard => (process.env.NODE_ENV === 'production' ? 'route' : 'throw');

export async function openPglite(dataDir?: string, opts: PgliteOptions = {}): Promise<Db> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const letGo = dataDir ? holdDataDir(dataDir) : () => undefined;
  let lite: PGlite;
  try {
    lite = await PGlite.create(dataDir, { parsers: { [INT8]: (v: string) => BigInt(v) } });
  } catch (err) {
    letGo();
    throw err;
  }
  const mode = opts.guard ?? defaultGuard();
  const log = opts.onGuard ?? defaultGuardLog;
  // PGlite has one connection and runs one query at a time; a transaction holds it. Queries issued
  // outside the transaction while it runs wait in PGlite's own queue. A query (or a transaction)
  // issued through the handle from code running inside a transaction cannot wait for it: it would
  // wait for itself, and every later request behind it. The guard refuses it (development and
  // tests), or it joins the transaction (production), as on PostgreSQL.
  const wrap = (q: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<T>(sql: string, params?: unknown[]) {
      const r = await q.query<T>(sql, params as unknown[]);
      return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length };
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  });
  const base = wrap(lite);
  const db: Db = {
    kind: 'pglite',
    query: <T>(sql: string, params?: unknown[]) => (guarded(db, mode, log, 'db.query') ?? base).query<T>(sql, params),
    exec: (sql: string) => (guarded(db, mode, log, 'db.exec') ?? base).exec(sql),
    tx: (fn) => {
      const inside = guarded(db, mode, log, 'db.tx');
      if (inside) return fn(inside);
      return lite.transaction((t) => inScope(db, wrap(t), fn));
    },
    async ping(timeoutMs = 1000) {
      await within(timeoutMs, lite.query('select 1'));
    },
    async close() {
      if (!lite.closed) await lite.close();
      letGo();
    },
    async listen(channel, fn, state) {
      // In-process: never lost.
      const off = await lite.listen(channel, (payload) => fn(payload));
      state?.(true);
      return async () => {
        if (!lite.closed) await off();
      };
    },
  };
  return db;
}

/** p, or a DatabaseTimeout when it has not settled within ms (p goes on; its result is dropped). */
async function within<T>(ms: number, p: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      p,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new DatabaseTimeout(ms)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** The database did not answer in time (a ping, a query on a frozen server). */
export class DatabaseTimeout extends Error {
  readonly code = 'GL_DB_TIMEOUT';
  constructor(ms: number) {
    super(`the database did not answer within ${ms} ms`);
    this.name = 'DatabaseTimeout';
  }
}

const parseInt8 = (v: string) => BigInt(v);
/** node-postgres asks for each column's parser at every statement: int8 gets the same one, not one made anew. */
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8 ? parseInt8 : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

/**
 * The bounds on every wait for the database (PostgreSQL; settings DB_* in api/README.md). 0 turns
 * a server-side timeout off.
 */
export interface PostgresOptions {
  /** Connections in the pool. */
  max?: number;
  /** How long a request waits for a free connection (or for a new one to open) before "busy". */
  acquireTimeoutMs?: number;
  /** The longest one statement may run (PostgreSQL cancels it); the client gives up 2 s later (a frozen server). */
  statementTimeoutMs?: number;
  /** The longest one statement waits for a row or table lock (a wallet's row under a burst). */
  lockTimeoutMs?: number;
  /** A transaction left idle this long (its code waits on something else) is ended by PostgreSQL, its locks freed. */
  idleInTransactionTimeoutMs?: number;
  /** Reads through the pool as prepared statements (default true; DB_PREPARED_STATEMENTS). */
  prepared?: boolean;
  guard?: TxGuard;
  onGuard?: GuardLog;
}

export const DB_DEFAULTS = {
  max: 10,
  acquireTimeoutMs: 5_000,
  statementTimeoutMs: 10_000,
  lockTimeoutMs: 5_000,
  idleInTransactionTimeoutMs: 15_000,
} as const;

/** How much longer than statement_timeout the client waits for an answer before it gives the connection up. */
const CLIENT_MARGIN_MS = 2_000;

/** SQLSTATEs that mean "not now" rather than "no": the server is going away, busy, or a wait was cut. */
const UNAVAILABLE_STATES = new Set([
  '57P01', // admin_shutdown (a restart)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down)
  '53300', // too_many_connections
  '55P03', // lock_not_available (lock_timeout)
  '57014', // query_canceled (statement_timeout)
  '25P03', // idle_in_transaction_session_timeout
  '40001', // serialization_failure
  '40P01', // deadlock_detected
]);
const UNAVAILABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'GL_DB_TIMEOUT',
]);
/** node-postgres and pg-pool say these in words only. */
const UNAVAILABLE_TEXT =
  /timeout exceeded when trying to connect|connection timeout|Connection terminated|Query read timeout|not queryable|Client was closed|Cannot use a pool after calling end/i;

/**
 * Whether err says the database could not be had in time or went away (a connection, a lock, a
 * statement), not that a query was wrong: the request is answered "busy, try again" (BUSY_CODE).
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (
    typeof code === 'string' &&
    (UNAVAILABLE_STATES.has(code) || code.startsWith('08') || UNAVAILABLE_ERRNOS.has(code))
  )
    return true;
  return UNAVAILABLE_TEXT.test(err.message);
}

/** The connection itself is lost or stuck (not a statement refused by a live server): it is not reused. */
const connectionGone = (err: unknown): boolean => {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (
    typeof code === 'string' &&
    (code.startsWith('57P') || code.startsWith('08') || code === '25P03' || UNAVAILABLE_ERRNOS.has(code))
  )
    return true;
  return /Connection terminated|Query read timeout|not queryable|Client was closed/i.test(err.message);
};

/** A query with a client-side timeout (node-postgres reads query_timeout from the config; its types omit it). */
const timed = (text: string, values: unknown[] | undefined, ms: number | undefined): pg.QueryConfig =>
  ({ text, values, query_timeout: ms }) as pg.QueryConfig;

/** Distinct statements prepared per connection at most (texts beyond it are sent unprepared, as before). */
const PREPARED_MAX = 500;

/** Statement names by text, for one pool: a name stands for one text only, and a renamed text gets a fresh one. */
function preparedNames() {
  const names = new Map<string, string>();
  let next = 0;
  return {
    name(sql: string): string | undefined {
      let n = names.get(sql);
      if (n === undefined && names.size < PREPARED_MAX) {
        n = `gl_${next++}`;
        names.set(sql, n);
      }
      return n;
    },
    /** A fresh name for a known text: prepared anew on each connection, so it cannot be refused for that reason. */
    rename(sql: string): void {
      if (names.has(sql)) names.set(sql, `gl_${next++}`);
    },
  };
}

/** The server refused a prepared statement because its result columns changed since it was prepared. */
const planChanged = (err: unknown): boolean =>
  err instanceof Error &&
  (err as { code?: unknown }).code === '0A000' &&
  /cached plan must not change result type/.test(err.message);

export async function openPostgres(url: string, options: number | PostgresOptions = {}): Promise<Db> {
  const o = typeof options === 'number' ? { max: options } : options;
  const max = o.max ?? DB_DEFAULTS.max;
  const statementMs = o.statementTimeoutMs ?? DB_DEFAULTS.statementTimeoutMs;
  const mode = o.guard ?? defaultGuard();
  const log = o.onGuard ?? defaultGuardLog;
  // Server-side bounds are session settings sent when each connection opens (0 = none). The
  // client-side bound catches a server that answers nothing at all (frozen, a dead network).
  const readTimeout = statementMs > 0 ? statementMs + CLIENT_MARGIN_MS : undefined;
  const pool = new pg.Pool({
    connectionString: url,
    max,
    types: pgTypes,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: o.acquireTimeoutMs ?? DB_DEFAULTS.acquireTimeoutMs,
    keepAlive: true,
    statement_timeout: statementMs,
    lock_timeout: o.lockTimeoutMs ?? DB_DEFAULTS.lockTimeoutMs,
    idle_in_transaction_session_timeout: o.idleInTransactionTimeoutMs ?? DB_DEFAULTS.idleInTransactionTimeoutMs,
  });
  // An idle client that loses its connection emits 'error' on the pool; without a listener that
  // would crash the process. The next query gets a fresh connection.
  pool.on('error', () => {});
  // And every connection listens for its own loss from the moment it opens. The pool stops listening
  // when it hands a connection out, and a transaction starts only after the hand-over has resolved:
  // a server that says "ready" and "terminating" in one read (a shutdown just after the connection
  // opened) would emit 'error' on a connection nobody listens to, and end the process. Its queries
  // still fail on their own, and the pool drops it when it is given back.
  pool.on('connect', (client) => client.on('error', () => {}));
  const asResult = <T>(r: pg.QueryResult): QueryResult<T> => ({ rows: r.rows as T[], rowCount: r.rowCount ?? 0 });
  const pooled = async <T>(sql: string, params?: unknown[]) =>
    asResult<T>(await pool.query(timed(sql, params, readTimeout)));
  const statements = preparedNames();
  // Each statement's columns as the server first described them (PreparedRead).
  const shapes: RowShapes = new Map();
  const prepared = (name: string, sql: string, params: unknown[]) =>
    pool.query(new PreparedRead(shapes, name, sql, params, readTimeout) as unknown as pg.QueryConfig);
  /**
   * A query through the pool outside a transaction, as a prepared statement of each connection when it has
   * parameters: PostgreSQL parses it once per connection and plans it once it has seen it a few times, instead of
   * at every request, and describes once (PreparedRead). A prepared statement whose result columns a migration
   * changed (another process's) is refused by the server ("cached plan must not change result type"): the text gets
   * a new name, and the query is sent again under it.
   */
  const read = async <T>(sql: string, params?: unknown[]) => {
    const name = params?.length && o.prepared !== false ? statements.name(sql) : undefined;
    if (!name) return pooled<T>(sql, params);
    try {
      return asResult<T>(await prepared(name, sql, params!));
    } catch (err) {
      if (!planChanged(err)) throw err;
      statements.rename(sql);
      const renamed = statements.name(sql);
      return renamed ? asResult<T>(await prepared(renamed, sql, params!)) : pooled<T>(sql, params);
    }
  };
  const db: Db = {
    kind: 'pg',
    poolStats: () => ({ max, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    // Not async: every read passes here, and an async function would wrap the read's own promise in one more.
    query<T>(sql: string, params?: unknown[]) {
      let inside: Queryable | undefined;
      try {
        inside = guarded(db, mode, log, 'db.query');
      } catch (err) {
        return Promise.reject(err as Error);
      }
      return inside ? inside.query<T>(sql, params) : read<T>(sql, params);
    },
    async exec(sql) {
      const inside = guarded(db, mode, log, 'db.exec');
      await (inside ? inside.exec(sql) : pooled(sql));
    },
    async tx(fn, opts = {}) {
      const inside = guarded(db, mode, log, 'db.tx');
      if (inside) return fn(inside);
      const bounded = opts.bounded !== false;
      const client = await pool.connect();
      // A connection lost while checked out (a restart, idle_in_transaction_session_timeout) emits
      // 'error' on the client, which the pool does not listen to then: an unhandled 'error' event
      // would end the process. Its queries fail on their own; it is not given back to the pool.
      let lost = false;
      const onError = () => {
        lost = true;
      };
      client.on('error', onError);
      // A connection runs one statement at a time: the transaction's statements are sent one after another, in
      // the order asked, also when code starts several at once (a Promise.all over q). node-postgres's own queue
      // for that is deprecated (pg 9 refuses a query while another runs), so the order is kept here.
      let last: Promise<unknown> = Promise.resolve();
      const run = (sql: string, params?: unknown[]) => {
        const sent = last.then(() => client.query(timed(sql, params, bounded ? readTimeout : undefined)));
        last = sent.catch(() => undefined);
        return sent;
      };
      try {
        await run('BEGIN');
        if (!bounded)
          await run(
            "select set_config('statement_timeout', '0', true), set_config('lock_timeout', '0', true), " +
              "set_config('idle_in_transaction_session_timeout', '0', true)",
          );
        const out = await inScope(
          db,
          {
            query: async <T>(sql: string, params?: unknown[]) => asResult<T>(await run(sql, params)),
            exec: async (sql: string) => {
              await run(sql);
            },
          },
          fn,
        );
        await run('COMMIT');
        return out;
      } catch (err) {
        if (connectionGone(err)) lost = true;
        if (!lost) {
          await run('ROLLBACK').catch(() => {
            lost = true;
          });
        }
        throw err;
      } finally {
        client.removeListener('error', onError);
        // A lost or stuck connection is closed, not reused: the pool opens a fresh one when needed.
        if (lost)
          (client as unknown as { connection?: { stream?: { destroy?: () => void } } }).connection?.stream?.destroy?.();
        client.release(lost);
      }
    },
    async ping(timeoutMs = 1000) {
      await within(timeoutMs, pool.query(timed('select 1', undefined, timeoutMs)));
    },
    async close() {
      await pool.end();
    },
    async listen(channel, fn, state) {
      if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name: ${channel}`);
      let client: pg.Client | null = null;
      let stopped = false;
      // Listen again in a second; whatever was announced meanwhile is assumed missed (fn without a payload).
      const again = () =>
        setTimeout(
          () =>
            void connect().then(
              () => fn(),
              () => {},
            ),
          1000,
        ).unref();
      const connect = async (): Promise<void> => {
        if (stopped) return;
        const c = new pg.Client({
          connectionString: url,
          connectionTimeoutMillis: o.acquireTimeoutMs ?? DB_DEFAULTS.acquireTimeoutMs,
          keepAlive: true,
        });
        c.on('notification', (n) => {
          if (n.channel === channel) fn(n.payload);
        });
        const lost = () => {
          // The connection is gone: listen again in a second, and assume a change was missed.
          if (client !== c || stopped) return;
          client = null;
          state?.(false);
          void c.end().catch(() => {});
          again();
        };
        c.on('error', lost);
        c.on('end', lost);
        try {
          await c.connect();
          // Bounded: a frozen server leaves the listener away (and retried), not a start-up that never ends.
          await within(o.acquireTimeoutMs ?? DB_DEFAULTS.acquireTimeoutMs, c.query(`listen ${channel}`));
          client = c;
          state?.(true);
        } catch {
          void c.end().catch(() => {});
          again();
        }
      };
      await connect();
      return async () => {
        stopped = true;
        const c = client;
        client = null;
        await c?.end().catch(() => {});
      };
    },
  };
  await db.ping();
  return db;
}

export function openDb(opts: {
  databaseUrl?: string;
  dataDir?: string;
  memory?: boolean;
  postgres?: PostgresOptions;
  guard?: TxGuard;
  onGuard?: GuardLog;
}): Promise<Db> {
  if (opts.databaseUrl)
    return openPostgres(opts.databaseUrl, { ...opts.postgres, guard: opts.guard, onGuard: opts.onGuard });
  return openPglite(opts.memory ? undefined : opts.dataDir, { guard: opts.guard, onGuard: opts.onGuard });
}
