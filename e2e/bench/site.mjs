// The site as `npm start` serves it, started for a bench on its own port with a scratch release store
// and database (already built: SKIP_BUILD). BENCH_URL points a bench at a site running elsewhere.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');

async function waitFor(url, ms = 240_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`timed out waiting for ${url}`);
}

/** Starts the site (unless BENCH_URL is set) and answers its base URL and a stop function. */
export async function benchSite(defaultPort) {
  if (process.env.BENCH_URL) return { base: process.env.BENCH_URL.replace(/\/$/, ''), stop: () => {} };
  const port = Number(process.env.BENCH_PORT ?? defaultPort);
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'giftlane-bench-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'deploy/src/cli/start.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      API_PORT: String(port + 1),
      RELEASE_DIR: path.join(scratch, 'releases'),
      DATA_DIR: path.join(scratch, 'data'),
      SKIP_BUILD: '1',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${base}/healthz`);
  } catch (error) {
    child.kill('SIGTERM');
    throw error;
  }
  return { base, stop: () => child.kill('SIGTERM') };
}
