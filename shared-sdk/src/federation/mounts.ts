// Which remote owns a path: used by the shell's router and by the edge server (to preload the
// remote a page needs), so both agree.
import type { EnvironmentManifest, RemoteMount } from './contract';

export interface OwnedMount extends RemoteMount {
  remote: string;
}

/** Every mount of every remote, most specific first. */
export function mountTable(manifest: Pick<EnvironmentManifest, 'remotes'>): OwnedMount[] {
  return Object.entries(manifest.remotes)
    .flatMap(([remote, entry]) => entry.mounts.map((m) => ({ ...m, remote })))
    .sort((a, b) => b.path.length - a.path.length);
}

/** The mount that owns a pathname: the longest mount path that is the pathname or a parent of it. */
export function findMount(table: OwnedMount[], pathname: string): OwnedMount | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  return table.find((m) => path === m.path || path.startsWith(`${m.path}/`));
}
