// Builds the apps whose sources changed since their last build (so `npm start` is quick the
// second time), one at a time: this is a 2-core machine and Rspack uses every core it gets.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { APPS, ROOT_DIR, type AppInfo } from './apps';

function newest(dir: string): number {
  let t = 0;
  if (!existsSync(dir)) return t;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return t;
}

/** The build is stale when the app, shared-sdk, the build helper or the lockfile is newer. */
export function isStale(info: AppInfo): boolean {
  const built = path.join(info.dir, 'dist', 'mf-manifest.json');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  const inputs = [
    newest(path.join(info.dir, 'src')),
    statSync(path.join(info.dir, 'package.json')).mtimeMs,
    newest(path.join(ROOT_DIR, 'shared-sdk', 'src')),
    newest(path.join(ROOT_DIR, 'tools', 'rspack')),
    statSync(path.join(ROOT_DIR, 'package-lock.json')).mtimeMs,
  ];
  return Math.max(...inputs) > builtAt;
}

export function buildApps(opts: { force?: boolean; log?: (line: string) => void } = {}) {
  const log = opts.log ?? console.log;
  for (const info of APPS) {
    if (!opts.force && !isStale(info)) continue;
    log(`building ${info.app}…`);
    const res = spawnSync('npx', ['rspack', 'build'], {
      cwd: info.dir,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (res.status !== 0) throw new Error(`build of ${info.app} failed`);
  }
}
