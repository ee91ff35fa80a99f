/**
 * `npm run bench:instructions -w api`: the instructions the api's process executes per request on each read of
 * bench.ts, counted by valgrind's callgrind, beside the bare route's. Unlike req/s and CPU time they hardly move with
 * what else the machine is doing (on a shared 2-core machine the bare route's req/s moved by 40 % between runs minutes
 * apart): the figure to compare two versions of the code with, where bench.ts gives the figures the goals are set in.
 * Two columns: the main thread (the one that runs every request's JavaScript, where a read's req/s stop; the same code
 * counted twice came within 1.5–3 % here) and every thread of the process (V8's compiler and collector threads too,
 * which move more between runs). PostgreSQL's own processes are not counted (bench.ts gives their CPU).
 *
 * Each line: WARM requests first (the code reaches its optimised tiers), a full garbage collection, then the counters
 * are zeroed and COUNT requests counted, CONNECTIONS at a time. The api's timers (the job queue's polling) run in the
 * count too, a few per cent of the bare route's figure. Needs valgrind (Debian's package) and PostgreSQL
 * (DATABASE_URL, else a scratch database on TEST_DATABASE_URL, as bench.ts): PGlite would run in the counted process.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve } from './child.js';
import { benchDatabase } from './scratch-db.js';
import { benchSeller, readLines, type ReadLine } from './seller.js';
import { freePort } from '../src/test/pg-cluster.js';

const WARM = Number(process.env.BENCH_WARM ?? 3000);
const COUNT = Number(process.env.BENCH_COUNT ?? 1000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 4);
/** BENCH_ONLY as bench.ts reads it: the lines to run, by the beginnings of their titles (the bare route always). */
const ONLY = (process.env.BENCH_ONLY ?? '').split(',').filter(Boolean);

/** Sends `n` requests of a line, `CONNECTIONS` at a time; throws on a reply that is not a success. */
async function send(line: ReadLine, n: number): Promise<void> {
  let left = n;
  const one = async () => {
    while (left-- > 0) {
      const r = await fetch(line.url, {
        method: line.body === undefined ? 'GET' : 'POST',
        // As bench.ts's load generator sends them: without Accept-Encoding (fetch would ask for gzip, and a reply over
        // 1 KB would be counted with its compression, which bench:api's lines do not do).
        headers: {
          'accept-encoding': 'identity',
          ...(line.body === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
        },
        body: line.body,
        // Bounded: an api that stops answering ends the bench with an error, not a wait (a request takes a few ms
        // under callgrind).
        signal: AbortSignal.timeout(60_000),
      });
      const text = await r.text();
      if (r.status !== 200 || (line.body !== undefined && !text.startsWith('{"success":true')))
        throw new Error(`${line.title}: ${r.status} ${text.slice(0, 200)}`);
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, one));
}

/** callgrind_control on the api's process: its answer, or an error with what it said. */
function control(pid: number, ...args: string[]): string {
  return execFileSync('callgrind_control', [...args, String(pid)], { encoding: 'utf8', timeout: 120_000 });
}

async function main() {
  if (spawnSync('valgrind', ['--version']).status !== 0)
    throw new Error('bench:instructions needs valgrind (apt-get install valgrind)');
  const pgdb = await benchDatabase();
  if (!pgdb) throw new Error('bench:instructions needs PostgreSQL: set DATABASE_URL or TEST_DATABASE_URL');
  const out = mkdtempSync(path.join(tmpdir(), 'gl-instructions-'));
  const standIn = `http://127.0.0.1:${await freePort()}`;
  process.env.BENCH_NODE_ARGS = `${process.env.BENCH_NODE_ARGS ?? ''} --expose-gc`;
  // Instrumented from the first line's warm-up on; V8 writes code as it runs, which valgrind must be told.
  const server = await serve(pgdb.url, { IDENTITY_STAND_IN_PORT: new URL(standIn).port }, false, [
    'valgrind',
    '--quiet',
    '--tool=callgrind',
    '--instr-atstart=no',
    '--smc-check=all-non-file',
    '--separate-threads=yes',
    `--callgrind-out-file=${path.join(out, 'callgrind.out')}`,
  ]);
  try {
    const stamp = Date.now();
    const seller = await benchSeller(server.apiUrl, standIn, `instructions${stamp}@example.com`, stamp);
    const { goals, others } = readLines(server.apiUrl, seller);
    const lines: ReadLine[] = [{ title: 'bare Fastify route', url: server.bareUrl }];
    lines.push({ title: 'bare route + 1 statement', url: server.bareUrl.replace(/\/bare$/, '/bare-statement') });
    lines.push(...[...goals, ...others].filter((l) => ONLY.length === 0 || ONLY.some((o) => l.title.startsWith(o))));
    control(server.pid, '--instr=on');
    const counted: { title: string; main: number; all: number }[] = [];
    for (const [i, line] of lines.entries()) {
      await send(line, WARM);
      // From a collected heap: a full collection falls in the count as often as the line's garbage brings one.
      await fetch(server.bareUrl.replace(/\/bare$/, '/collect'), { method: 'POST' });
      control(server.pid, '--zero');
      await send(line, COUNT);
      control(server.pid, `--dump=line-${i}`);
      // The dump just written, a file per thread (callgrind.out.<dump>-<thread>; the main thread is 01): the
      // instructions since the zero.
      const dump = Math.max(...readdirSync(out).map((f) => Number(/^callgrind\.out\.(\d+)-\d+$/.exec(f)?.[1] ?? 0)));
      const threads = readdirSync(out)
        .filter((f) => f.startsWith(`callgrind.out.${dump}-`))
        .map((f) => {
          const totals = /^(?:totals|summary): (\d+)/m.exec(readFileSync(path.join(out, f), 'utf8'));
          if (!totals) throw new Error(`no totals in callgrind's ${f} for ${line.title}`);
          return { main: f.endsWith('-01'), instructions: Number(totals[1]) };
        });
      counted.push({
        title: line.title,
        main: (threads.find((t) => t.main)?.instructions ?? 0) / COUNT,
        all: threads.reduce((n, t) => n + t.instructions, 0) / COUNT,
      });
    }
    const bare = counted[0]!;
    console.log(
      `\nGiftLane api instructions: ${COUNT} requests per line after ${WARM}, ${CONNECTIONS} at a time, on ` +
        'PostgreSQL\n',
    );
    console.log(
      'k instructions per request'.padEnd(30) +
        'main thread'.padStart(13) +
        'bare vs line'.padStart(14) +
        'all threads'.padStart(13) +
        'bare vs line'.padStart(14),
    );
    const k = (n: number) => (n / 1000).toFixed(0);
    const share = (b: number, n: number) => `${((b / n) * 100).toFixed(1)}%`;
    for (const c of counted)
      console.log(
        c.title.padEnd(30) +
          k(c.main).padStart(13) +
          share(bare.main, c.main).padStart(14) +
          k(c.all).padStart(13) +
          share(bare.all, c.all).padStart(14),
      );
  } finally {
    await server.stop();
    await pgdb.drop();
    rmSync(out, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
