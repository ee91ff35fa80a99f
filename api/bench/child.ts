import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface BenchServer {
  apiUrl: string;
  bareUrl: string;
  /** The server process, whose memory a bench may read (`/proc/<pid>/status`). */
  pid: number;
  stop: () => Promise<void>;
}

/**
 * Starts bench/serve.ts in its own process, so the load generator does not share the api's event
 * loop: the api on databaseUrl (else PGlite in a scratch folder), with `env` added to its settings; `countPromises`:
 * its counters count the promises made too; `under`: a command the process runs under, with its arguments (valgrind,
 * for bench/instructions.ts). BENCH_NODE_ARGS: node's own options for that process (`--cpu-prof` to profile the api
 * under a bench's load).
 */
export async function serve(
  databaseUrl: string | undefined,
  env: Record<string, string> = {},
  countPromises = false,
  under: string[] = [],
): Promise<BenchServer> {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const [command, ...args] = [...under, process.execPath, ...nodeArgs, '--import', 'tsx', path.join(here, 'serve.ts')];
  const child = spawn(command!, args, {
    env: {
      ...process.env,
      BENCH_DATABASE_URL: databaseUrl ?? '',
      BENCH_API_ENV: JSON.stringify(env),
      BENCH_COUNT_PROMISES: countPromises ? '1' : '',
    },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const first = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`bench server exited (${code})`)));
  });
  const urls = JSON.parse(first) as { apiUrl: string; bareUrl: string; pid: number };
  const stopped = new Promise((resolve) => child.once('exit', resolve));
  return {
    ...urls,
    stop: async () => {
      child.stdin!.end();
      await stopped;
    },
  };
}
