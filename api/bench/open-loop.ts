import { readFileSync } from 'node:fs';
import http from 'node:http';

export interface OpenLoopResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /**
   * The share of the machine's CPU time its host took for other guests during the line (Linux's steal time, null
   * where /proc/stat is not): on a shared virtual machine a stall of every process at once, which shows in p99 and is
   * not the api's.
   */
  stealPct: number | null;
}

/** The machine's CPU ticks so far, all of them and those stolen (the `cpu` line of /proc/stat), or null. */
function cpuTicks(): { total: number; steal: number } | null {
  try {
    const f = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    return { total: f.reduce((a, b) => a + b, 0), steal: f[7] ?? 0 };
  } catch {
    return null;
  }
}

/**
 * Open-loop load at a fixed rate: one request every 1/rate s, evenly spaced, whatever the server's
 * pace, each latency counted from the moment the request was due (so a stalled server cannot hide its
 * queue: no coordinated omission). autocannon's overallRate sends each second's quota as a burst at
 * the start of the second, which measures burst queueing rather than a steady rate.
 */
export async function openLoop(opts: {
  url: string;
  body?: string;
  rate: number;
  seconds: number;
  connections?: number;
}): Promise<OpenLoopResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.connections ?? 64 });
  const u = new URL(opts.url);
  const total = Math.round(opts.rate * opts.seconds);
  const interval = 1000 / opts.rate;
  const latencies: number[] = [];
  let errors = 0;
  const one = (due: number) =>
    new Promise<void>((resolve) => {
      const req = http.request(
        {
          host: u.hostname,
          port: u.port,
          path: u.pathname + u.search,
          method: opts.body === undefined ? 'GET' : 'POST',
          agent,
          headers:
            opts.body === undefined
              ? {}
              : { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(opts.body) },
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            if (res.statusCode !== 200) errors++;
            latencies.push(performance.now() - due);
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end(opts.body);
    });
  const ticks0 = cpuTicks();
  const start = performance.now() + 20;
  const pending: Promise<void>[] = [];
  let sent = 0;
  await new Promise<void>((done) => {
    const tick = () => {
      const now = performance.now();
      while (sent < total && start + sent * interval <= now) pending.push(one(start + sent++ * interval));
      if (sent < total) setTimeout(tick, Math.max(0, Math.min(interval, start + sent * interval - performance.now())));
      else done();
    };
    tick();
  });
  await Promise.all(pending);
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();
  const ticks1 = cpuTicks();
  const stealPct =
    ticks0 && ticks1 ? (100 * (ticks1.steal - ticks0.steal)) / Math.max(1, ticks1.total - ticks0.total) : null;
  latencies.sort((a, b) => a - b);
  const at = (p: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0);
  return { rps: Math.round(latencies.length / elapsed), p50: at(0.5), p99: at(0.99), errors, stealPct };
}
