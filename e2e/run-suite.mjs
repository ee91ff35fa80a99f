// `npm test -w e2e`: the suite in its two phases (playwright.config.ts). First the files that can share
// the site, two at a time; then, on a site of their own (the next ports), the files that must have it to
// themselves, one at a time. Both phases always run; the suite fails if either did. Arguments go to
// both (a file named runs in the phase it belongs to; the other phase then has nothing to run).
import { spawnSync } from 'node:child_process';

const args = process.argv.slice(2);
const port = Number(process.env.E2E_PORT ?? 8180);
const phases = [
  { project: 'side-by-side', port },
  { project: 'alone', port: port + 10 },
];
let failed = false;
for (const phase of phases) {
  console.log(`--- e2e: ${phase.project} (the site on port ${phase.port})`);
  const run = spawnSync(
    'npx',
    ['playwright', 'test', `--project=${phase.project}`, ...(args.length ? ['--pass-with-no-tests'] : []), ...args],
    { stdio: 'inherit', env: { ...process.env, E2E_PORT: String(phase.port) } },
  );
  if (run.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
