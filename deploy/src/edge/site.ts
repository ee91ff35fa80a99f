// What the browser is told about the current environment: the shell's release and, for each
// remote, its version, entry and the paths it owns — decided per device when a canary runs.
import type { EnvironmentManifest, ReleaseBucket, RemoteMount } from '@giftlane/shared-sdk';
import { APPS } from '../apps';
import { versionFor } from '../canary';
import type { ReleaseStore } from '../release-store';
import type { AppSlot, EnvironmentFile } from '../types';

export interface Site {
  shellVersion: string;
  manifest: EnvironmentManifest;
}

/** One read of an environment with the mounts of every version it can hand out. */
export interface EnvironmentView {
  env: string;
  file: EnvironmentFile;
  mounts: Map<string, RemoteMount[]>;
}

export async function loadEnvironment(store: ReleaseStore, env: string): Promise<EnvironmentView | undefined> {
  const file = await store.readEnvironment(env);
  if (!file?.apps.shell?.version) return undefined;
  const mounts = new Map<string, RemoteMount[]>();
  for (const info of APPS) {
    const slot = file.apps[info.app];
    if (info.kind !== 'remote' || !slot) continue;
    mounts.set(`${info.app}@${slot.version}`, (await store.liveMounts(info.app, slot.version, slot.mounts)) ?? []);
    if (slot.canary) {
      const canaryMounts = await store.liveMounts(info.app, slot.canary.version, slot.canary.mounts);
      mounts.set(`${info.app}@${slot.canary.version}`, canaryMounts ?? mounts.get(`${info.app}@${slot.version}`)!);
    }
  }
  return { env, file, mounts };
}

/**
 * The site one device sees. `releasesBase` is where release folders are served from: `/releases`
 * on this server, or a CDN's URL in front of a bucket.
 */
export function siteFor(view: EnvironmentView, deviceId: string | undefined, releasesBase = '/releases'): Site {
  const remotes: EnvironmentManifest['remotes'] = {};
  for (const info of APPS) {
    const slot = view.file.apps[info.app];
    if (info.kind !== 'remote' || !slot) continue;
    const version = versionFor(info.app, slot, deviceId);
    remotes[info.federationName] = {
      version,
      entry: `${releasesBase}/${info.app}/${version}/remoteEntry.js`,
      mounts: view.mounts.get(`${info.app}@${version}`) ?? [],
      bucket: bucketOf(slot, version),
    };
  }
  const shell = view.file.apps.shell!;
  const shellVersion = versionFor('shell', shell, deviceId);
  // The shell tags its telemetry with these, so a canary's figures are told from the live ones'.
  return { shellVersion, manifest: { env: view.env, remotes, shell: { version: shellVersion, bucket: bucketOf(shell, shellVersion) } } };
}

function bucketOf(slot: AppSlot, version: string): ReleaseBucket {
  return slot.canary && slot.canary.version === version && slot.version !== version ? 'canary' : 'live';
}

/** Compatibility with the first edge: the site for a device-less request. */
export async function resolveSite(store: ReleaseStore, env: string): Promise<Site | undefined> {
  const view = await loadEnvironment(store, env);
  return view && siteFor(view, undefined);
}
