// Loading remotes at run time through the Module Federation runtime. A remote that cannot load is
// remembered as failed so its mount shows a fallback; `retry` really reloads it (re-registers the
// remote with `force`, because a rejected load stays rejected otherwise).
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { EnvironmentManifest, RemoteRoutesModule } from '@giftlane/shared-sdk';
import { appOfRemote, telemetry } from './telemetry';

type State = {
  status: 'idle' | 'loading' | 'loaded' | 'failed';
  promise?: Promise<RemoteRoutesModule>;
  error?: unknown;
};

const states = new Map<string, State>();
let entries: EnvironmentManifest['remotes'] = {};
/** The version of each remote this page actually loaded. */
const loadedVersions = new Map<string, string>();
let checkedAt = Date.now();
const REFRESH_EVERY_MS = 60_000;
const REFRESH_TIMEOUT_MS = 1500;

export function registerEnvironment(manifest: EnvironmentManifest) {
  entries = manifest.remotes;
  registerRemotes(
    Object.entries(entries).map(([name, e]) => ({ name, entry: e.entry })),
    { force: true },
  );
  registerPlugins([
    {
      name: 'giftlane-remote-errors',
      // Report, then let the caller's retry and error boundary decide what the user sees.
      errorLoadRemote(args) {
        console.warn(`[shell] remote ${String(args.id)} failed to load`, args.error);
        return undefined;
      },
    },
  ]);
}

export function remoteStatus(name: string) {
  return states.get(name)?.status ?? 'idle';
}

async function attempt(name: string): Promise<RemoteRoutesModule> {
  const mod = await loadRemote<RemoteRoutesModule & { default?: RemoteRoutesModule }>(`${name}/routes`);
  const routesModule = mod?.routes ? mod : mod?.default;
  if (!routesModule?.routes) throw new Error(`${name}/routes exposes no routes`);
  return routesModule;
}

/** Loads a remote's route module once; one retry after a short pause absorbs a flaky network. */
export function loadRemoteRoutes(name: string): Promise<RemoteRoutesModule> {
  const current = states.get(name);
  if (current?.promise && current.status !== 'failed') return current.promise;
  const state: State = { status: 'loading' };
  state.promise = attempt(name)
    .catch(async () => {
      await new Promise((r) => setTimeout(r, 400));
      reRegister(name);
      return attempt(name);
    })
    .then(
      (mod) => {
        state.status = 'loaded';
        loadedVersions.set(name, entries[name]?.version ?? '');
        telemetry().load(appOfRemote(name));
        return mod;
      },
      (error) => {
        state.status = 'failed';
        state.error = error;
        telemetry().load(appOfRemote(name));
        telemetry().remoteFailed(appOfRemote(name));
        throw error;
      },
    );
  states.set(name, state);
  return state.promise;
}

function reRegister(name: string) {
  const entry = entries[name];
  if (entry) registerRemotes([{ name, entry: entry.entry }], { force: true });
}

/** Forget a failed load so the next navigation tries again from scratch. */
export function resetRemote(name: string) {
  if (states.get(name)?.status === 'failed') {
    states.delete(name);
    reRegister(name);
  }
}

/** Warm a remote in the background (e.g. the account area once login starts) without blocking. */
export function prefetchRemote(name: string) {
  if (!entries[name] || states.has(name)) return;
  const idle = window.requestIdleCallback ?? ((cb: () => void) => setTimeout(cb, 200));
  idle(() => {
    loadRemoteRoutes(name).catch(() => undefined);
  });
}

/**
 * Re-reads the environment (at most once a minute, never waiting long) so an open tab follows a
 * promote or rollback: remotes this page has not loaded yet switch to their new entry at once.
 */
export async function refreshEnvironment(force = false): Promise<void> {
  if (!force && Date.now() - checkedAt < REFRESH_EVERY_MS) return;
  checkedAt = Date.now();
  try {
    const res = await fetch('/remotes.json', {
      cache: 'no-cache',
      credentials: 'same-origin',
      signal: AbortSignal.timeout(REFRESH_TIMEOUT_MS),
    });
    if (!res.ok) return;
    const next = ((await res.json()) as EnvironmentManifest).remotes;
    for (const [name, entry] of Object.entries(next)) {
      if (entries[name]?.entry === entry.entry) continue;
      entries = { ...entries, [name]: entry };
      telemetry().tagRemote(name, entry);
      if (states.get(name)?.status !== 'loaded') {
        states.delete(name);
        registerRemotes([{ name, entry: entry.entry }], { force: true });
      }
    }
  } catch {
    // Offline or slow: keep what this page has.
  }
}

/** A remote this page loaded that the environment no longer names (promoted or rolled back since). */
export function isStale(name: string): boolean {
  const loaded = loadedVersions.get(name);
  return loaded !== undefined && entries[name] !== undefined && entries[name].version !== loaded;
}
