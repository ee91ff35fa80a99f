/**
 * `npm run bench -w api`: autocannon against the api, which runs in a child process beside a bare
 * Fastify route (bench/serve.ts), and prints two tables:
 *  - saturation: req/s and p99 with 20 connections, and req/s as a share of the bare route's, measured again right
 *    before each line (on PostgreSQL also of the bare route with one statement: the most a read of one statement
 *    could reach here). Each run is warmed first, unmeasured, for BENCH_WARM_SECONDS (2): the line's code compiled
 *    and its caches filled, as the bare route's are by then. (One bare run before all the lines gave shares that moved
 *    with the machine: a shared one here ran a third faster or slower between runs a minute apart.) Beside them the CPU
 *    per request of the api's process and of its PostgreSQL backends (Linux /proc), and the bare route's CPU per
 *    request as a share of the line's: what req/s would compare as on a machine of its own; the CPU per request of
 *    the api's main thread alone (the one that runs every request's JavaScript: the api's req/s stop where it is
 *    busy all the time); the statements the api sent to PostgreSQL per request; and the bytes garbage collection
 *    freed per request (in a steady run about what a request allocates) with its pauses on the main thread;
 *  - the DESIGN §7 bar: p99 of the signed-in reads at a steady 500 req/s (bench/open-loop.ts), each warmed at that
 *    rate first for BENCH_WARM_SECONDS, unmeasured (they follow the sign-in line, whose argon2id leaves the process and
 *    the machine in another state than a steady read's), with the share of the machine's CPU time its host took for
 *    other guests meanwhile (steal: every process stalls at once, which p99 shows and the api cannot help).
 * The api's pool has BENCH_DB_POOL connections (default: twice this machine's cores, the PostgreSQL wiki's rule of
 * thumb for a database on these cores; the api's default, 10, suits a database server of its own), and so has the
 * floor route's.
 * On PostgreSQL (DATABASE_URL, else a scratch database on TEST_DATABASE_URL) when one answers, else
 * PGlite (BENCH_DB=pglite forces PGlite). Login is bounded by argon2id on purpose (OWASP parameters), so it runs with 4
 * connections, over accounts of its own taken in turn, each signed in fewer times than its per-account limit
 * (RATE_LIMIT_AUTH_PER_ACCOUNT_HOUR, left as it is): the line measures sign-ins, not the limit's refusals.
 * An error is a transport error, a status other than 200, or an envelope without success: true.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import autocannon from 'autocannon';
import { openLoop } from './open-loop.js';
import { benchDatabase } from './scratch-db.js';
import { serve } from './child.js';
import { benchSeller, form, readLines, signUp } from './seller.js';
import { freePort } from '../src/test/pg-cluster.js';

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const RATE = Number(process.env.BENCH_RATE ?? 500);
const WARM_SECONDS = Number(process.env.BENCH_WARM_SECONDS ?? 2);
const POOL = Number(process.env.BENCH_DB_POOL ?? Math.max(2, 2 * availableParallelism()));
/**
 * BENCH_ONLY: the lines to run, as the beginnings of their titles separated by commas ("wallet,ord/list"); the bare
 * route always runs (every ratio is to it). BENCH_PROMISES=1: also the promises the api makes per request (an
 * async_hooks count, which slows every line a little: for comparing code, not for the figures).
 */
const ONLY = (process.env.BENCH_ONLY ?? '').split(',').filter(Boolean);
const COUNT_PROMISES = process.env.BENCH_PROMISES === '1';
/** Accounts the sign-in line takes in turn, and the per-account sign-in limit the api runs with (its default). */
const SIGN_IN_ACCOUNTS = Number(process.env.BENCH_SIGN_IN_ACCOUNTS ?? 60);
const SIGN_IN_LIMIT = Number(process.env.RATE_LIMIT_AUTH_PER_ACCOUNT_HOUR ?? 30);
/** The kernel's clock ticks per second in /proc/<pid>/stat (100 on Linux). */
const TICKS_PER_S = 100;

interface Load {
  title: string;
  url: string;
  body?: string;
  /** Bodies taken in turn, one a request (the sign-in line's accounts), instead of one body. */
  bodies?: string[];
}

/** A reply counts as served when it is a 200 whose envelope says success (the bare route: a 200). */
const served = (status: number, body: string, envelope: boolean) =>
  status === 200 && (!envelope || /^\{"success":true[,}]/.test(body));

/**
 * CPU time (µs) used so far by the api's process and by the PostgreSQL backends of its database (read from /proc;
 * a backend that ends during a line takes its share with it). On a machine shared with other work req/s follow the
 * machine's load; CPU per request does not, so the table gives both.
 */
function cpuUs(apiPid: number, database: string | undefined): { api: number; main: number; db: number } {
  const ticks = (path: string | number) => {
    try {
      const f = readFileSync(`/proc/${path}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return Number(f[11]) + Number(f[12]);
    } catch {
      return 0;
    }
  };
  let db = 0;
  if (database)
    for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
      let cmd: string;
      try {
        cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      } catch {
        continue;
      }
      if (cmd.startsWith('postgres:') && cmd.includes(` ${database} `)) db += ticks(pid);
    }
  const us = 1e6 / TICKS_PER_S;
  // The main thread (its task id is the pid): the one thread that runs every request's JavaScript.
  return { api: ticks(apiPid) * us, main: ticks(`${apiPid}/task/${apiPid}`) * us, db: db * us };
}

let measured: { apiPid: number; database?: string; countersUrl?: string } = { apiPid: 0 };

/**
 * What the api process has done so far, as bench/serve.ts counts it: statements sent to PostgreSQL (0 on PGlite),
 * bytes freed by garbage collection and the collections' pauses.
 */
async function counters(): Promise<{ statements: number; freedBytes: number; pauseUs: number; promises: number }> {
  if (!measured.countersUrl) return { statements: 0, freedBytes: 0, pauseUs: 0, promises: 0 };
  return (await (await fetch(measured.countersUrl)).json()) as {
    statements: number;
    freedBytes: number;
    pauseUs: number;
    promises: number;
  };
}

async function run(load: Load, opts: { connections: number }) {
  const post = load.body !== undefined || load.bodies !== undefined;
  const request = {
    url: load.url,
    method: post ? ('POST' as const) : ('GET' as const),
    headers: post ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
    body: load.body,
    connections: opts.connections,
  };
  // Unmeasured first. Not the sign-in line: its accounts have a limit an hour, and argon2id has nothing to warm.
  if (WARM_SECONDS > 0 && !load.bodies) await autocannon({ ...request, duration: WARM_SECONDS });
  const before = await counters();
  const cpu0 = cpuUs(measured.apiPid, measured.database);
  let failed = 0;
  let turn = 0;
  const r = await autocannon({
    ...request,
    duration: DURATION,
    requests: [
      {
        ...(load.bodies
          ? { setupRequest: (req) => ({ ...req, body: load.bodies![turn++ % load.bodies!.length] }) }
          : {}),
        onResponse: (status, body) => {
          if (!served(status, body, post)) failed++;
        },
      },
    ],
  });
  return {
    title: load.title,
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    // non2xx are among the failed replies; errors are the requests that got none (timeouts, resets).
    errors: r.errors + r.timeouts + failed,
    total: r.requests.total,
    ...(await (async () => {
      const cpu = cpuUs(measured.apiPid, measured.database);
      const after = await counters();
      const n = Math.max(1, r.requests.total);
      return {
        apiUs: (cpu.api - cpu0.api) / n,
        mainUs: (cpu.main - cpu0.main) / n,
        // Not below 0: a backend that ends during a run (the pool closing an idle connection) takes its ticks away.
        dbUs: Math.max(0, cpu.db - cpu0.db) / n,
        // Background work (the job queue's polling) adds a few statements a line: negligible over thousands.
        queries: (after.statements - before.statements) / n,
        promises: (after.promises - before.promises) / n,
        garbageKb: (after.freedBytes - before.freedBytes) / n / 1024,
        gcPauseUs: (after.pauseUs - before.pauseUs) / n,
      };
    })()),
  };
}

async function main() {
  const pgdb = process.env.BENCH_DB === 'pglite' ? null : await benchDatabase();
  // The identity provider's stand-in (started by the api outside production) on a port the bench knows.
  const standIn = `http://127.0.0.1:${await freePort()}`;
  const server = await serve(
    pgdb?.url,
    { IDENTITY_STAND_IN_PORT: new URL(standIn).port, DB_POOL_MAX: String(POOL) },
    COUNT_PROMISES,
  );
  try {
    const api = server.apiUrl;
    measured = {
      apiPid: server.pid,
      database: pgdb && existsSync('/proc/self/stat') ? new URL(pgdb.url).pathname.slice(1) : undefined,
      countersUrl: server.bareUrl.replace(/\/bare$/, '/counters'),
    };
    const stamp = Date.now();
    // The seller to read as, and the accounts to sign in as.
    const seller = await benchSeller(api, standIn, `bench${stamp}@example.com`, stamp);
    const signInEmails = Array.from({ length: SIGN_IN_ACCOUNTS }, (_, i) => `bench${stamp}-in${i}@example.com`);
    for (const e of signInEmails) await signUp(api, e);

    const bare: Load = { title: 'bare Fastify route', url: server.bareUrl };
    const { goals: reads, others } = readLines(api, seller);
    const wanted = (l: Load) => l === bare || ONLY.length === 0 || ONLY.some((o) => l.title.startsWith(o));
    type Line = Awaited<ReturnType<typeof run>>;
    const saturation: (Line & { bare: Line })[] = [];
    const line = async (l: Load, connections = 20) => {
      if (!wanted(l)) return undefined;
      // The bare route again, right before the line: the line's shares are of this run.
      const beside = l === bare ? undefined : await run(bare, { connections: 20 });
      const r = await run(l, { connections });
      saturation.push({ ...r, bare: beside ?? r });
      return r;
    };
    await line(bare);
    // The floor of a one-statement read (no goal of its own): the bare route and one database round trip.
    if (pgdb)
      await line({ title: 'bare route + 1 statement', url: server.bareUrl.replace(/\/bare$/, '/bare-statement') });
    for (const l of reads) await line(l);
    for (const l of others) await line(l);
    const signIn: Load = {
      title: `user/applogin (argon2id)`,
      url: `${api}/gc/user/applogin`,
      bodies: signInEmails.map((e) => form({ username: e, password: 'Secret123!' })),
    };
    const signIns = await line(signIn, 4);
    const atRate = [];
    for (const l of reads.filter(wanted)) {
      const load = { url: l.url, body: l.body, rate: RATE };
      if (WARM_SECONDS > 0) await openLoop({ ...load, seconds: WARM_SECONDS });
      atRate.push({ title: l.title, ...(await openLoop({ ...load, seconds: DURATION })) });
    }

    console.log(
      `\nGiftLane api bench: ${DURATION}s per line, database ${pgdb ? `PostgreSQL (pool of ${POOL})` : 'PGlite'}, ` +
        `server in its own process\n`,
    );
    console.log(
      'saturation, 20 connections'.padEnd(30) +
        'req/s'.padStart(8) +
        'p99 ms'.padStart(9) +
        'vs bare'.padStart(9) +
        'bare req/s'.padStart(12) +
        'errors'.padStart(8) +
        'goal'.padStart(8) +
        'api µs'.padStart(8) +
        'main µs'.padStart(9) +
        'db µs'.padStart(8) +
        'CPU vs bare'.padStart(13) +
        'queries'.padStart(9) +
        'KB freed'.padStart(10) +
        'GC µs'.padStart(7) +
        (COUNT_PROMISES ? 'promises'.padStart(10) : ''),
    );
    const goal: Record<string, number> = {
      'wallet/balance': 10,
      'ord/list': 10,
      'user/userInfo': 10,
      'public/countrylist': 30,
    };
    for (const r of saturation) {
      console.log(
        r.title.padEnd(30) +
          String(r.rps).padStart(8) +
          String(r.p99).padStart(9) +
          `${((r.rps / r.bare.rps) * 100).toFixed(1)}%`.padStart(9) +
          String(r.bare.rps).padStart(12) +
          String(r.errors).padStart(8) +
          (goal[r.title] ? `≥ ${goal[r.title]}%` : '').padStart(8) +
          r.apiUs.toFixed(0).padStart(8) +
          r.mainUs.toFixed(0).padStart(9) +
          r.dbUs.toFixed(0).padStart(8) +
          `${(((r.bare.apiUs + r.bare.dbUs) / Math.max(1, r.apiUs + r.dbUs)) * 100).toFixed(1)}%`.padStart(13) +
          r.queries.toFixed(1).padStart(9) +
          r.garbageKb.toFixed(0).padStart(10) +
          r.gcPauseUs.toFixed(0).padStart(7) +
          (COUNT_PROMISES ? r.promises.toFixed(1).padStart(10) : ''),
      );
    }
    // Each account's sign-ins in this run, against its limit: the line is only a measure while it stays under.
    if (signIns)
      console.log(
        `sign-ins: ${signIns.total} over ${SIGN_IN_ACCOUNTS} accounts, at most ` +
          `${Math.ceil(signIns.total / SIGN_IN_ACCOUNTS)} each (per-account limit ${SIGN_IN_LIMIT} an hour)`,
      );
    console.log(
      `\nat a fixed ${RATE} req/s (goal: p99 < 20 ms)`.padEnd(31) +
        'req/s'.padStart(8) +
        'p50 ms'.padStart(9) +
        'p99 ms'.padStart(9) +
        'errors'.padStart(8) +
        'steal'.padStart(8),
    );
    for (const r of atRate) {
      console.log(
        r.title.padEnd(30) +
          String(r.rps).padStart(8) +
          String(r.p50).padStart(9) +
          String(r.p99).padStart(9) +
          String(r.errors).padStart(8) +
          (r.stealPct === null ? '' : `${r.stealPct.toFixed(1)}%`).padStart(8),
      );
    }
  } finally {
    await server.stop();
    await pgdb?.drop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
