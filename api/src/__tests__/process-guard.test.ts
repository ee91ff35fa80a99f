// A promise a library forgot to await, rejected while a dependency is down (pg-boss completing a job
// while PostgreSQL restarts did this in CI), must not end the api: every request in flight would die.
import { spawn } from 'node:child_process';

jest.setTimeout(30_000);

/** Runs a small program in its own Node process (as server.ts runs); answers its exit code and output. */
function run(guarded: boolean): Promise<{ code: number | null; out: string }> {
  const program = [
    "import { surviveStrayRejections } from './src/lib/process-guard.ts';",
    guarded ? "surviveStrayRejections({ error: (o, m) => console.log('logged:', JSON.stringify(o), m) });" : '',
    "Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));",
    "setTimeout(() => console.log('still serving'), 200);",
  ].join('\n');
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', program], {
      cwd: `${__dirname}/../..`,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, out });
    });
  });
}

test('without the guard, a stray rejection ends the process (what the api did before)', async () => {
  const { code, out } = await run(false);
  expect(code).not.toBe(0);
  expect(out).not.toContain('still serving');
});

test('with the guard, it is logged with its code and the process keeps serving', async () => {
  const { code, out } = await run(true);
  expect(out).toContain('still serving');
  expect(out).toMatch(/logged: .*ECONNREFUSED.*a promise nobody awaited was rejected/);
  expect(code).toBe(0);
});
