/**
 * The server side of `bench.ts`, in its own process so the load generator does not share its event
 * loop: the api (on BENCH_DATABASE_URL, else PGlite in a scratch folder) and a bare Fastify route in
 * one process. Prints one JSON line with both URLs and its pid, and stops when its stdin closes. `/counters` beside
 * the bare route: statements sent to PostgreSQL, garbage collected and (when asked) promises made so far. On
 * PostgreSQL, `/bare-statement` beside it too: the bare route with one prepared statement through a pool of its own
 * on the api's database, the floor of a read of one statement (the HTTP and the database round trips, nothing of the
 * api's). `POST /collect`: a full garbage collection, when node runs with --expose-gc.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createHook } from 'node:async_hooks';
import Fastify from 'fastify';
import { GCProfiler } from 'node:v8';
import pg from 'pg';
import { DB_DEFAULTS } from '../src/db/db.js';
import { startApi } from '../src/start.js';

/**
 * Statements the api has sent to PostgreSQL so far (every client's, the listener's too): the bench's queries a request.
 */
let statements = 0;
/** Promises made so far, when the bench asks (an async_hooks hook, which costs every promise a call). */
let promises = 0;
if (process.env.BENCH_COUNT_PROMISES === '1')
  createHook({
    init: (_id, type) => {
      if (type === 'PROMISE') promises++;
    },
  }).enable();
/**
 * Garbage collection so far, from V8's GC profiler: the bytes each collection freed (in a steady run about what the
 * requests allocated) and its pause on the main thread.
 */
const gc = { freedBytes: 0, pauseUs: 0 };
let gcProfiler = new GCProfiler();
gcProfiler.start();
function gcSoFar() {
  for (const e of gcProfiler.stop()?.statistics ?? []) {
    gc.freedBytes += Math.max(0, e.beforeGC.heapStatistics.usedHeapSize - e.afterGC.heapStatistics.usedHeapSize);
    gc.pauseUs += e.cost;
  }
  gcProfiler = new GCProfiler();
  gcProfiler.start();
  return gc;
}
const send = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  statements++;
  return (send as (...a: unknown[]) => unknown).apply(this, args);
} as typeof send;

async function main() {
  const apiEnv = JSON.parse(process.env.BENCH_API_ENV || '{}') as Record<string, string>;
  const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
  const dataDir = databaseUrl ? undefined : mkdtempSync(path.join(tmpdir(), 'gl-bench-'));
  const bare = Fastify();
  bare.get('/bare', async () => ({ ok: true }));
  if (databaseUrl) {
    // As many connections as the api's own pool.
    const pool = new pg.Pool({ connectionString: databaseUrl, max: Number(apiEnv.DB_POOL_MAX ?? DB_DEFAULTS.max) });
    bare.get('/bare-statement', async () => {
      const r = await pool.query<{ n: number }>({ name: 'bench_floor', text: 'select $1::int as n', values: [1] });
      return { ok: true, n: r.rows[0]?.n };
    });
    bare.addHook('onClose', async () => pool.end());
  }
  bare.get('/counters', async () => ({ statements, promises, ...gcSoFar() }));
  // A full collection now, when node runs with --expose-gc (bench/instructions.ts, before each line's count).
  const collect = (globalThis as { gc?: () => void }).gc;
  if (collect)
    bare.post('/collect', async () => {
      collect();
      return { ok: true };
    });
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const api = await startApi({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl,
    logLevel: 'warn',
    // BENCH_API_ENV (JSON) adds or overrides settings for one bench (bench:soak shortens the caches).
    env: {
      NODE_ENV: 'test',
      RATE_LIMIT_AUTH_PER_MIN: '100000000',
      RATE_LIMIT_CODE_PER_MIN: '100000000',
      // The bench signs up its accounts from one address (the per-account limits stay as they are).
      RATE_LIMIT_CODES_PER_IP_HOUR: '100000000',
      ...apiEnv,
    },
  });
  const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/bare`;
  process.stdout.write(`${JSON.stringify({ apiUrl: api.url, bareUrl, pid: process.pid })}\n`);
  process.stdin.resume();
  process.stdin.on('end', () => {
    void Promise.all([api.close(), bare.close()]).finally(() => {
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    });
  });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
