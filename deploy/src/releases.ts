// What a release manager does to an environment: promote, roll back, canary, drop a canary. Each
// is one `updateEnvironment` (one atomic write under the store's lock) that touches only its own
// app's entry and appends one history line saying who did what, when, and whether the gate was
// forced.
import { APPS, appInfo } from './apps';
import { compatibilityProblems, type GateSubject } from './gate';
import type { ReleaseStore } from './release-store';
import type { EnvironmentFile, HistoryEntry, ReleaseInfo } from './types';

export class ReleaseError extends Error {}

/** The gate said no; `problems` name each package and both ranges. */
export class GateRefused extends ReleaseError {
  constructor(
    readonly app: string,
    readonly version: string,
    readonly problems: string[],
  ) {
    super(
      `The compatibility gate refuses ${app} ${version}:\n${problems.map((p) => `  - ${p}`).join('\n')}\n` +
        'Rebuild it against the live shell (or ship a shell that fits first). --force overrides this and is ' +
        'recorded in the history.',
    );
  }
}

/** The environment changed between our gate check and our write (someone promoted the shell). */
class Moved extends Error {}

export interface ChangeResult {
  file: EnvironmentFile;
  entry?: HistoryEntry;
  /** Set when nothing needed to change. */
  note?: string;
}

interface GateCheck {
  problems: string[];
  /** The versions the check was made against; the write re-checks they are still the ones live. */
  against: string;
}

export class ReleaseManager {
  constructor(
    readonly store: ReleaseStore,
    readonly by: string,
    /** Written into each history entry this manager makes. */
    readonly why?: string,
  ) {}

  private async releaseOrFail(app: string, version: string): Promise<ReleaseInfo> {
    const info = await this.store.release(app, version);
    if (info) return info;
    const known = (await this.store.versions(app)).map((r) => r.version);
    throw new ReleaseError(
      `${app} ${version} is not published.${
        known.length ? ` Published versions: ${known.slice(-8).join(', ')}` : ' Nothing ' + 'of it is published yet.'
      }`,
    );
  }

  /** Everything the gate compares `candidate` with in `file`: the shell, or every remote for a shell. */
  private async gate(candidate: ReleaseInfo, file: EnvironmentFile): Promise<GateCheck> {
    const liveVersions = (app: string) => {
      const slot = file.apps[app];
      return slot ? [slot.version, ...(slot.canary ? [slot.canary.version] : [])] : [];
    };
    const problems: string[] = [];
    const subject = (i: ReleaseInfo): GateSubject => ({ app: i.app, version: i.version, shared: i.shared });
    if (candidate.kind === 'remote') {
      for (const v of liveVersions('shell')) {
        const shell = await this.store.release('shell', v);
        if (shell) problems.push(...compatibilityProblems(subject(shell), subject(candidate)));
      }
    } else {
      for (const remote of APPS.filter((a) => a.kind === 'remote')) {
        for (const v of liveVersions(remote.app)) {
          const info = await this.store.release(remote.app, v);
          if (info) problems.push(...compatibilityProblems(subject(candidate), subject(info)));
        }
      }
    }
    return { problems, against: fingerprintSync(candidate, file) };
  }

  /**
   * Gate, then write. The gate needs release files (reads that cannot run inside the write), so
   * the write checks that the versions it was gated against are still live and starts over if a
   * concurrent change moved them.
   */
  private async gatedChange(
    env: string,
    candidate: ReleaseInfo,
    force: boolean,
    apply: (file: EnvironmentFile, forced: string[] | undefined) => ChangeResult,
  ): Promise<ChangeResult> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const before = (await this.store.readEnvironment(env)) ?? emptyEnv(env);
      const check = await this.gate(candidate, before);
      if (check.problems.length && !force) throw new GateRefused(candidate.app, candidate.version, check.problems);
      const forced = check.problems.length ? check.problems : undefined;
      let result: ChangeResult | undefined;
      try {
        const file = await this.store.updateEnvironment(env, (current) => {
          if (fingerprintSync(candidate, current) !== check.against) throw new Moved();
          result = apply(current, forced);
          // No history entry: nothing changed, so nothing is written (no revision bump).
          return result.entry ? result.file : undefined;
        });
        if (!result?.entry) return { file: before, note: result?.note };
        return { ...result, file };
      } catch (error) {
        if (error instanceof Moved) continue;
        throw error;
      }
    }
    throw new ReleaseError('the environment kept changing while this change was being checked; try again');
  }

  private entry(app: string, action: HistoryEntry['action'], fields: Partial<HistoryEntry>): HistoryEntry {
    return {
      at: new Date().toISOString(),
      by: this.by,
      app,
      action,
      ...fields,
      ...(this.why ? { why: this.why } : {}),
    };
  }

  async promote(app: string, version: string, env: string, opts: { force?: boolean } = {}): Promise<ChangeResult> {
    const name = appInfo(app).app;
    const candidate = await this.releaseOrFail(name, version);
    return this.gatedChange(env, candidate, Boolean(opts.force), (file, forced) => {
      const slot = file.apps[name];
      const canary = slot?.canary?.version === version ? undefined : slot?.canary;
      if (slot?.version === version && canary === slot.canary)
        return { file, note: `${name} ${version} is already live in ${env}` };
      const entry = this.entry(name, 'promote', { from: slot?.version, to: version, forced });
      file.apps[name] = { version, ...mountsOf(candidate), ...(canary ? { canary } : {}) };
      file.history.push(entry);
      return { file, entry };
    });
  }

  /** Without `to`: the version that was live before the current one was promoted. */
  async rollback(app: string, env: string, opts: { to?: string; force?: boolean } = {}): Promise<ChangeResult> {
    const name = appInfo(app).app;
    const file = await this.store.readEnvironment(env);
    const current = file?.apps[name]?.version;
    if (!file || !current) throw new ReleaseError(`${name} has no live version in ${env}: nothing to roll back`);
    const to = opts.to ?? previousVersion(file, name);
    if (!to) throw new ReleaseError(`${name} has no earlier version in ${env}'s history; name one with --to <version>`);
    if (to === current) throw new ReleaseError(`${name} ${to} is already live in ${env}`);
    const candidate = await this.releaseOrFail(name, to);
    return this.gatedChange(env, candidate, Boolean(opts.force), (latest, forced) => {
      const slot = latest.apps[name];
      const entry = this.entry(name, 'rollback', { from: slot?.version, to, forced });
      latest.apps[name] = { version: to, ...mountsOf(candidate), ...(slot?.canary ? { canary: slot.canary } : {}) };
      latest.history.push(entry);
      return { file: latest, entry };
    });
  }

  async canary(
    app: string,
    version: string,
    percent: number,
    env: string,
    opts: { force?: boolean } = {},
  ): Promise<ChangeResult> {
    const name = appInfo(app).app;
    if (!Number.isFinite(percent) || percent <= 0 || percent > 100)
      throw new ReleaseError('--percent must be a number above 0 and at most 100');
    const candidate = await this.releaseOrFail(name, version);
    return this.gatedChange(env, candidate, Boolean(opts.force), (file, forced) => {
      const slot = file.apps[name];
      if (!slot) throw new ReleaseError(`${name} has no live version in ${env}: promote one before a canary`);
      if (slot.version === version) throw new ReleaseError(`${name} ${version} is already the live version in ${env}`);
      const entry = this.entry(name, 'canary', { from: slot.canary?.version, to: version, percent, forced });
      file.apps[name] = { ...slot, canary: { version, percent, since: entry.at, ...mountsOf(candidate) } };
      file.history.push(entry);
      return { file, entry };
    });
  }

  /** With `version`, only that canary: one replaced in the meantime is left alone (refused). */
  async dropCanary(app: string, env: string, opts: { version?: string } = {}): Promise<ChangeResult> {
    const name = appInfo(app).app;
    let result: ChangeResult | undefined;
    const file = await this.store.updateEnvironment(env, (current) => {
      const slot = current.apps[name];
      if (!slot?.canary) throw new ReleaseError(`${name} has no canary in ${env}`);
      if (opts.version && slot.canary.version !== opts.version)
        throw new ReleaseError(`${name}'s canary in ${env} is ${slot.canary.version} now, not ${opts.version}`);
      const entry = this.entry(name, 'canary-drop', { from: slot.canary.version, to: slot.version });
      current.apps[name] = { version: slot.version, ...(slot.mounts ? { mounts: slot.mounts } : {}) };
      current.history.push(entry);
      result = { file: current, entry };
      return current;
    });
    return { ...result!, file };
  }
}

/** A remote's mounts as the environment keeps them (a shell owns no paths). */
export function mountsOf(info: ReleaseInfo): { mounts?: ReleaseInfo['mounts'] } {
  return info.kind === 'remote' ? { mounts: info.mounts } : {};
}

/** The live versions a gate check of `candidate` depends on. */
function fingerprintSync(candidate: ReleaseInfo, file: EnvironmentFile) {
  const versions = (app: string) => {
    const slot = file.apps[app];
    return slot ? [slot.version, ...(slot.canary ? [slot.canary.version] : [])].map((v) => `${app}@${v}`) : [];
  };
  if (candidate.kind === 'remote') return versions('shell').join(',');
  return APPS.filter((a) => a.kind === 'remote')
    .flatMap((a) => versions(a.app))
    .join(',');
}

/** The version that was live before `app`'s current one was promoted (a stack: repeated rollbacks walk back). */
export function previousVersion(file: EnvironmentFile, app: string): string | undefined {
  const current = file.apps[app]?.version;
  for (let i = file.history.length - 1; i >= 0; i--) {
    const h = file.history[i]!;
    if (
      h.app === app &&
      (h.action === 'promote' || h.action === 'start') &&
      h.to === current &&
      h.from &&
      h.from !== current
    )
      return h.from;
  }
  return undefined;
}

export function emptyEnv(env: string): EnvironmentFile {
  return { env, revision: 0, updated_at: '', apps: {}, history: [] };
}
