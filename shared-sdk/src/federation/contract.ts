// The contract between the shell and its remotes. The shell owns one data router; every remote
// exposes `./routes` whose default export satisfies `RemoteRoutesModule`. Each route carries its own
// metadata, so a remote can add a page under the paths it owns without a shell release.
import type { RouteObject } from '../router';

/** Which shell layout a route renders in. `bare` is for screens that bring their own frame. */
export type LayoutKind = 'public' | 'app' | 'bare';

export interface RouteHandle {
  /** The layout the shell wraps this route in. */
  layout: LayoutKind;
  /** Signed-in only: the shell's guard sends anonymous visitors to /login?redirect=… */
  protected: boolean;
  /** Top-bar title in the signed-in layout (SPEC §2); the shell falls back to Home. */
  title?: string;
  /** A named route (SPEC §2: Home, SocialSignup, Notification). */
  name?: string;
}

/** A top-level path a remote owns, as the environment manifest lists it. */
export interface RemoteMount {
  path: string;
  layout: LayoutKind;
}

export type RemoteRoute = RouteObject & { handle: RouteHandle };

export interface RemoteRoutesModule {
  /** Route objects, paths absolute (e.g. `/wallet/history`). */
  routes: RemoteRoute[];
}

/** One remote's entry in the environment manifest (`/remotes.json`). */
export interface RemoteEntry {
  /** Immutable release version, e.g. `0.1.0+3f2a9c1`. */
  version: string;
  /** URL of the remote's `mf-manifest.json` (or remoteEntry.js). */
  entry: string;
  mounts: RemoteMount[];
  /** Which half of a running canary this device got: `canary`, else `live` (absent: an older edge). */
  bucket?: ReleaseBucket;
}

export type ReleaseBucket = 'live' | 'canary';

export interface EnvironmentManifest {
  env: string;
  remotes: Record<string, RemoteEntry>;
  /** The shell release this device got (absent: an older edge, or the dev servers). */
  shell?: { version: string; bucket: ReleaseBucket };
}

/** Federation names (snake_case) of the remotes, keyed by workspace. */
export const REMOTE_NAMES = {
  onboarding: 'mfe_onboarding',
  public: 'mfe_public',
  account: 'mfe_account',
} as const;

/** The named routes of SPEC §2. */
export const NAMED_ROUTES = {
  Home: '/homes',
  Notification: '/notification',
  SocialSignup: (email: string) => `/social-signup?email=${encodeURIComponent(email)}`,
} as const;
