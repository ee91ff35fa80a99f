import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

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
  /** Runs fn in one transaction: committed when it resolves, rolled back when it throws. */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * Calls fn on each NOTIFY on channel (from any process on this database). On PostgreSQL a
   * connection of its own, re-opened after a loss (fn is then called once, as changes may have been
   * missed). Returns the unsubscribe.
   */
  listen(channel: string, fn: () => void): Promise<() => Promise<void>>;
}

const INT8 = 20;

/** The transaction the running code is inside of (both drivers set it; PGlite also routes by it). */
const txScope = new AsyncLocalStorage<{ q: Queryable; open: boolean }>();

/**
 * Whether the calling code runs inside an open transaction. A cache shared by the whole process
 * asks this before waiting on a load another caller started: on PGlite that load is queued behind
 * this very transaction, so waiting for it would never end.
 */
export function insideTransaction(): boolean {
  return txScope.getStore()?.open === true;
}

/** Runs fn with q as the open transaction of everything it calls; closed when fn settles (before the commit). */
async function inScope<T>(q: Queryable, fn: (q: Queryable) => Promise<T>): Promise<T> {
  const scope = { q, open: true };
  try {
    return await txScope.run(scope, () => fn(q));
  } finally {
    scope.open = false;
  }
}

export async function openPglite(dataDir?: string): Promise<Db> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const lite = await PGlite.create(dataDir, { parsers: { [INT8]: (v: string) => BigInt(v) } });
  // PGlite has one connection and runs one query at a time; a transaction holds it. Queries issued
  // outside the transaction while it runs wait in PGlite's own queue. A query (or a transaction)
  // issued from code running inside a transaction — a cache loading reference data, a helper handed
  // the app's handle — cannot wait for it: it would wait for itself, and every later request behind
  // it. It joins the transaction instead, as it would have had its own connection on PostgreSQL.
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
  const current = (): Queryable => {
    const scope = txScope.getStore();
    return scope?.open ? scope.q : base;
  };
  return {
    kind: 'pglite',
    query: <T,>(sql: string, params?: unknown[]) => current().query<T>(sql, params),
    exec: (sql: string) => current().exec(sql),
    tx: (fn) => {
      const scope = txScope.getStore();
      if (scope?.open) return fn(scope.q);
      return lite.transaction((t) => inScope(wrap(t), fn));
    },
    async ping() {
      await lite.query('select 1');
    },
    async close() {
      if (!lite.closed) await lite.close();
    },
    async listen(channel, fn) {
      const off = await lite.listen(channel, () => fn());
      return async () => {
        if (!lite.closed) await off();
      };
    },
  };
}

const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8 ? (v: string) => BigInt(v) : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

export async function openPostgres(url: string, max = 10): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max, types: pgTypes, idleTimeoutMillis: 30_000 });
  // An idle client that loses its connection emits 'error' on the pool; without a listener that
  // would crash the process. The next query gets a fresh connection.
  pool.on('error', () => {});
  const asResult = <T>(r: pg.QueryResult): QueryResult<T> => ({ rows: r.rows as T[], rowCount: r.rowCount ?? 0 });
  const db: Db = {
    kind: 'pg',
    async query<T>(sql: string, params?: unknown[]) {
      return asResult<T>(await pool.query(sql, params));
    },
    async exec(sql) {
      await pool.query(sql);
    },
    async tx(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const out = await inScope(
          {
            query: async <T>(sql: string, params?: unknown[]) => asResult<T>(await client.query(sql, params)),
            exec: async (sql: string) => {
              await client.query(sql);
            },
          },
          fn,
        );
        await client.query('COMMIT');
        return out;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {});
        throw err;
      } finally {
        client.release();
      }
    },
    async ping() {
      await pool.query('select 1');
    },
    async close() {
      await pool.end();
    },
    async listen(channel, fn) {
      if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name: ${channel}`);
      let client: pg.Client | null = null;
      let stopped = false;
      const connect = async (): Promise<void> => {
        if (stopped) return;
        const c = new pg.Client({ connectionString: url });
        c.on('notification', (n) => {
          if (n.channel === channel) fn();
        });
        c.on('error', () => {
          // The connection is gone: listen again in a second, and assume a change was missed.
          if (client !== c || stopped) return;
          client = null;
          void c.end().catch(() => {});
          setTimeout(() => void connect().then(fn, () => {}), 1000).unref();
        });
        try {
          await c.connect();
          await c.query(`listen ${channel}`);
          client = c;
        } catch {
          void c.end().catch(() => {});
          setTimeout(() => void connect().then(fn, () => {}), 1000).unref();
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

export function openDb(opts: { databaseUrl?: string; dataDir?: string; memory?: boolean }): Promise<Db> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl);
  return openPglite(opts.memory ? undefined : opts.dataDir);
}
