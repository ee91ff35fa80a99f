/**
 * What the api may do to releases: read the environments and change them through the
 * same operations, compatibility gate and history as the release CLI. The api does not know the
 * release store (deploy depends on the api, not the reverse): whoever starts the api with a store
 * passes an implementation (`deploy/src/release-control.ts`); without one the console's release
 * dashboard says release control is not configured.
 */

export interface ReleaseCanary {
  version: string;
  /** Share of devices, 0–100. */
  percent: number;
  /** When the canary started (ISO time). */
  since: string;
}

export interface ReleaseSlot {
  version: string;
  canary?: ReleaseCanary;
}

export interface ReleaseEnvironment {
  env: string;
  revision: number;
  updatedAt: string;
  /** App (shell, mfe-account, …) → its live version and canary. */
  apps: Record<string, ReleaseSlot>;
}

export interface ReleaseHistoryLine {
  at: string;
  by: string;
  app: string;
  action: 'promote' | 'rollback' | 'canary' | 'canary-drop' | 'start';
  from?: string;
  to?: string;
  percent?: number;
  /** Gate problems a forced change overrode, word for word. */
  forced?: string[];
  /** Why, as the person (or the canary check) gave it. */
  why?: string;
}

/** Who asks for a change, and why: both go into the release history. */
export interface ReleaseActor {
  who: string;
  why: string;
}

export interface ReleaseOutcome {
  /** False when nothing needed to change (e.g. promoting the version already live). */
  changed: boolean;
  note?: string;
  entry?: ReleaseHistoryLine;
}

export interface ReleaseControl {
  /** The environments this deployment's console controls (the one its edge serves). */
  readonly envs: readonly string[];
  status(env: string): Promise<ReleaseEnvironment | null>;
  /** Newest first. */
  history(env: string, app?: string, limit?: number): Promise<ReleaseHistoryLine[]>;
  /** The published versions of an app, newest last. */
  versions(app: string): Promise<string[]>;
  promote(app: string, version: string, env: string, by: ReleaseActor): Promise<ReleaseOutcome>;
  canary(app: string, version: string, percent: number, env: string, by: ReleaseActor): Promise<ReleaseOutcome>;
  /** Without `to`: the version live before the current one. */
  rollback(app: string, env: string, to: string | undefined, by: ReleaseActor): Promise<ReleaseOutcome>;
  /** With `version`: only if the canary is still that version (refused otherwise). */
  dropCanary(app: string, env: string, by: ReleaseActor, version?: string): Promise<ReleaseOutcome>;
}

/** A change the release operations refuse (the gate, an unknown version, no canary): its message is for the person. */
export class ReleaseRefused extends Error {
  override name = 'ReleaseRefused';
}
