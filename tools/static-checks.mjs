// The checks `npm test` starts with: lint, and each workspace's type-check. Each is one single-threaded
// process, so they run side by side, as many at once as the machine has processors; each one's output is
// printed whole when it ends, and the run fails if any failed. `npm run lint` and `npm run typecheck`
// stay the way to run one kind alone.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

const root = new URL('..', import.meta.url);
const { workspaces } = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));
const jobs = [
  { title: 'lint', args: ['run', 'lint'] },
  ...workspaces
    .filter((w) => JSON.parse(readFileSync(new URL(`${w}/package.json`, root), 'utf8')).scripts?.typecheck)
    .map((w) => ({ title: `typecheck ${w}`, args: ['run', 'typecheck', '-w', w] })),
];

const started = performance.now();
const seconds = (t) => `${((performance.now() - t) / 1000).toFixed(1)} s`;
const failed = [];
const run = (job) =>
  new Promise((resolve) => {
    const t = performance.now();
    const child = spawn('npm', job.args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    const out = [];
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => out.push(d));
    child.on('close', (code) => {
      const ok = code === 0;
      if (!ok) failed.push(job.title);
      process.stdout.write(`--- ${job.title}: ${ok ? 'passed' : `FAILED (exit ${code})`} in ${seconds(t)}\n`);
      process.stdout.write(Buffer.concat(out));
      resolve();
    });
  });

const queue = [...jobs];
await Promise.all(
  Array.from({ length: Math.min(availableParallelism(), jobs.length) }, async () => {
    for (let job = queue.shift(); job; job = queue.shift()) await run(job);
  }),
);
console.log(`static checks: ${jobs.length - failed.length} of ${jobs.length} passed in ${seconds(started)}`);
if (failed.length) {
  console.log(`failed: ${failed.join(', ')}`);
  process.exit(1);
}
