// The shapes stored in the release store.
import type { RemoteMount } from '@giftlane/shared-sdk';

/** One shared package of a build, as its `mf-manifest.json` lists it. */
export interface SharedDependency {
  name: string;
  /** The version this build bundles (and offers to the others). */
  version: string;
  /** The range this build accepts from whoever provides the singleton. */
  requiredVersion?: string;
  singleton?: boolean;
}

/** `<app>/<version>/release.json`: what was published, from which commit, by whom. */
export interface ReleaseInfo {
  app: string;
  version: string;
  kind: 'shell' | 'remote';
  package_version: string;
  commit?: string;
  /** Built from a work tree with uncommitted changes (only with --allow-dirty). */
  dirty?: boolean;
  published_at: string;
  published_by?: string;
  files: number;
  shared: SharedDependency[];
  mounts: RemoteMount[];
}

export interface Canary {
  version: string;
  /** Share of devices, 0–100, that get the canary version. */
  percent: number;
  since: string;
  /** The canary version's mounts, kept here so a missing release.json cannot hide its paths. */
  mounts?: RemoteMount[];
}

export interface AppSlot {
  version: string;
  /**
   * A remote's mounts (the paths it owns) as published with `version`. The environment keeps them
   * so that a live version whose folder or `release.json` went missing still owns its paths: the
   * browser then shows that remote's fallback with Retry there, not the not-found page.
   */
  mounts?: RemoteMount[];
  canary?: Canary;
}

export type HistoryAction = 'promote' | 'rollback' | 'canary' | 'canary-drop' | 'start';

export interface HistoryEntry {
  at: string;
  by: string;
  app: string;
  action: HistoryAction;
  /** The live version before the change (absent for a first promote). */
  from?: string;
  /** The live (or canary) version after it. */
  to?: string;
  percent?: number;
  /** Gate problems that --force overrode, word for word. */
  forced?: string[];
  /** Why, as the person (the console asks every time; the CLI's --why) or the canary check gave it. */
  why?: string;
}

/** `environments/<env>.json`: one environment, changed only by atomic writes. */
export interface EnvironmentFile {
  env: string;
  /** Goes up by one with every change. */
  revision: number;
  updated_at: string;
  /** Release store app name → its live version and canary. */
  apps: Record<string, AppSlot>;
  history: HistoryEntry[];
}
