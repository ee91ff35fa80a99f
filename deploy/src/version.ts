// Release versions and who is releasing. A published version is the package version plus the
// commit it was built from (`0.1.0+3f2a9c1d4e5b`), so anyone can find the source of what is live.
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { ROOT_DIR, type AppInfo, packageVersion } from './apps';
import { deploySettings } from './settings';

function git(args: string[]): string | undefined {
  const res = spawnSync('git', args, { cwd: ROOT_DIR, encoding: 'utf8' });
  return res.status === 0 ? res.stdout.trim() : undefined;
}

export function commitId(): string | undefined {
  return git(['rev-parse', '--short=12', 'HEAD']);
}

/** What an app's build depends on, besides its own folder. */
const SHARED_INPUTS = ['shared-sdk', 'tools', 'package.json', 'package-lock.json', 'tsconfig.base.json'];

/** Uncommitted changes that would make a build differ from its commit. */
export function uncommittedChanges(info: AppInfo): string[] {
  const out = git(['status', '--porcelain', '--', path.relative(ROOT_DIR, info.dir), ...SHARED_INPUTS]);
  return out ? out.split('\n').filter(Boolean) : [];
}

/** `0.1.0+<commit>`, or with `dirtyTag` (only when explicitly allowed) `0.1.0+<commit>.dirty.<tag>`. */
export function releaseVersion(info: AppInfo, commit: string, dirtyTag?: string): string {
  return `${packageVersion(info.dir)}+${commit}${dirtyTag ? `.dirty.${dirtyTag}` : ''}`;
}

/** Who is acting, for the history: RELEASE_USER, else git's user, else the login name and host. */
export function actor(): string {
  const user = deploySettings().RELEASE_USER;
  if (user) return user;
  const name = git(['config', 'user.name']);
  const email = git(['config', 'user.email']);
  if (name || email) return [name, email && `<${email}>`].filter(Boolean).join(' ');
  return `${os.userInfo().username}@${os.hostname()}`;
}
