// Release control for the api: the console's release dashboard and the canary check
// change environments through exactly the operations the CLI uses (ReleaseManager: the gate, the
// atomic write, the history), each change recorded with who and why.
import {
  ReleaseRefused,
  type ReleaseActor,
  type ReleaseControl,
  type ReleaseHistoryLine,
  type ReleaseOutcome,
} from '@giftlane/api/releases';
import { appInfo } from './apps';
import type { ReleaseStore } from './release-store';
import { ReleaseError, ReleaseManager, type ChangeResult } from './releases';

function outcome(r: ChangeResult): ReleaseOutcome {
  return r.entry ? { changed: true, entry: r.entry } : { changed: false, ...(r.note ? { note: r.note } : {}) };
}

/** The release operations' refusals (the gate, an unknown version or app) as the api's ReleaseRefused. */
async function refusals<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    // The console offers no --force: its sentence is the CLI's.
    if (error instanceof ReleaseError) {
      throw new ReleaseRefused(error.message.replace(/ ?--force overrides this[^\n]*/, '').trim());
    }
    if (error instanceof Error && /^unknown app/i.test(error.message)) throw new ReleaseRefused(error.message);
    throw error;
  }
}

export function releaseControl(store: ReleaseStore, envs: readonly string[]): ReleaseControl {
  const manager = (by: ReleaseActor) => new ReleaseManager(store, by.who, by.why);
  const name = (app: string) => appInfo(app).app;
  return {
    envs,
    async status(env) {
      const file = await store.readEnvironment(env);
      if (!file) return null;
      const apps = Object.fromEntries(
        Object.entries(file.apps).map(([app, { version, canary: c }]) => [
          app,
          { version, ...(c ? { canary: { version: c.version, percent: c.percent, since: c.since } } : {}) },
        ]),
      );
      return { env: file.env, revision: file.revision, updatedAt: file.updated_at, apps };
    },
    async history(env, app, limit = 100) {
      const file = await store.readEnvironment(env);
      const lines: ReleaseHistoryLine[] = (file?.history ?? []).filter((h) => !app || h.app === app);
      return lines.slice(-limit).reverse();
    },
    async versions(app) {
      return refusals(async () => (await store.versions(name(app))).map((r) => r.version));
    },
    promote: (app, version, env, by) => refusals(async () => outcome(await manager(by).promote(app, version, env))),
    canary: (app, version, percent, env, by) =>
      refusals(async () => outcome(await manager(by).canary(app, version, percent, env))),
    rollback: (app, env, to, by) => refusals(async () => outcome(await manager(by).rollback(app, env, { to }))),
    dropCanary: (app, env, by, version) =>
      refusals(async () => outcome(await manager(by).dropCanary(app, env, { version }))),
  };
}
