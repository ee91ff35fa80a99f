// The compatibility gate: a remote runs inside the shell's page with the shell's copy of every
// shared singleton (`loaded-first`: the host loads first). So a release may go live only if, for
// every singleton both builds share, each side's version satisfies the other side's range.
import semver from 'semver';
import type { SharedDependency } from './types';

export interface GateSubject {
  app: string;
  version: string;
  shared: SharedDependency[];
}

const ok = (version: string, range: string | undefined) => {
  if (!range || range === '*' || range === 'false') return true;
  return semver.valid(version) !== null && semver.satisfies(version, range, { includePrerelease: true });
};

const label = (s: GateSubject) => `${s.app} ${s.version}`;

/**
 * What stops `remote` from running in `shell`, one sentence per problem naming the package and
 * both versions and ranges. Empty when they fit.
 */
export function compatibilityProblems(shell: GateSubject, remote: GateSubject): string[] {
  const problems: string[] = [];
  const provided = new Map(shell.shared.map((s) => [s.name, s]));
  for (const wanted of remote.shared) {
    const host = provided.get(wanted.name);
    if (!host) continue;
    if (host.singleton && wanted.singleton === false) {
      problems.push(
        `${wanted.name}: a singleton in ${label(shell)} but not in ${label(remote)}, which would run a second copy`,
      );
      continue;
    }
    if (!host.singleton && !wanted.singleton) continue;
    if (!ok(host.version, wanted.requiredVersion)) {
      problems.push(
        `${wanted.name}: ${label(remote)} requires ${wanted.requiredVersion} (built with ${wanted.version}), but ` +
          `${label(shell)} provides ${host.version} (requires ${host.requiredVersion ?? 'any'})`,
      );
    } else if (!ok(wanted.version, host.requiredVersion)) {
      problems.push(
        `${wanted.name}: ${label(shell)} requires ${host.requiredVersion} (provides ${host.version}), but ` +
          `${label(remote)} was built with ${wanted.version} (requires ${wanted.requiredVersion ?? 'any'})`,
      );
    }
  }
  return problems;
}
