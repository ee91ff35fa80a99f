// The one SDK per page: one API client, one root store, one tracker. Under module federation the
// package is a shared singleton, so one copy evaluates; if a second copy does (a misconfigured
// remote), it says so loudly and hands out the first copy's instance, so there is still one session.
import type { AxiosAdapter } from 'axios';
import { reaction } from 'mobx';
import { createApiClient, type Api } from './gc/client';
import { deviceFields } from './device';
import { currentPlace, navigate } from './navigation';
import { loginRedirectPath } from './login-redirect';
import { RootStore } from './stores/root-store';
import { Tracker } from './tracker';

export interface Sdk {
  api: Api;
  store: RootStore;
  tracker: Tracker;
}

export interface SdkOptions {
  /**
   * How calls reach the api: the network by default; tests pass an adapter that answers from wire replies
   * (`@giftlane/shared-sdk/testing`).
   */
  adapter?: AxiosAdapter;
}

/**
 * Builds a complete SDK with its parts wired together (getSdk's factory; tests build theirs through
 * `@giftlane/shared-sdk/testing`).
 */
export function createSdk(options: SdkOptions = {}): Sdk {
  // The client asks the store for the token late, so both can be built in one go.
  const ref: { store?: RootStore } = {};
  const api = createApiClient({
    getToken: () => ref.store?.session.token ?? '',
    // SPEC §8: a refused token goes to the login form — with the page it was refused for, so
    // signing in again comes back to it.
    onTokenInvalid: () => {
      ref.store?.session.clear();
      const place = currentPlace();
      const to = loginRedirectPath(place);
      // Already there, or on the way (a second call refused while the first refusal's navigation is under way):
      // navigating again would start that navigation over, and a page load under way would be aborted and made again.
      if (`${place.pathname}${place.search ?? ''}` !== to) navigate(to);
    },
    localCurrency: () => ref.store?.user.currency,
    deviceFields,
    adapter: options.adapter,
  });
  const store = new RootStore(api);
  ref.store = store;
  const tracker = new Tracker();
  const session = store.session;
  // SPEC §4: when signed in with a user_id, the identity is linked to the tracker.
  reaction(
    () => session.userId,
    (userId) => {
      if (userId) tracker.linkIdentity(userId);
    },
    { fireImmediately: true },
  );
  return { api, store, tracker };
}

interface Registration {
  /** Identifies the module copy that registered. */
  copy: symbol;
  getSdk: () => Sdk;
}

declare global {
  var __GIFTLANE_SDK__: Registration | undefined;
  var __GIFTLANE_SDK_DUPLICATES__: number | undefined;
}

export const DUPLICATE_SDK_MESSAGE =
  "Two copies of @giftlane/shared-sdk are loaded: the second one reuses the first one's session, but the build is " +
  'wrong — share @giftlane/shared-sdk as a singleton in every federation config.';

const thisCopy = Symbol('@giftlane/shared-sdk');
let instance: Sdk | undefined;

function ownGetSdk(): Sdk {
  instance ??= createSdk();
  return instance;
}

const existing = globalThis.__GIFTLANE_SDK__;
if (existing && existing.copy !== thisCopy) {
  globalThis.__GIFTLANE_SDK_DUPLICATES__ = (globalThis.__GIFTLANE_SDK_DUPLICATES__ ?? 0) + 1;
  console.error(DUPLICATE_SDK_MESSAGE);
} else {
  globalThis.__GIFTLANE_SDK__ = { copy: thisCopy, getSdk: ownGetSdk };
}
const registration: Registration = globalThis.__GIFTLANE_SDK__ ?? { copy: thisCopy, getSdk: ownGetSdk };

/**
 * Makes sdk the page's one SDK (tests, through `@giftlane/shared-sdk/testing`; not exported from the package's main
 * entry).
 */
export function installSdk(sdk: Sdk): void {
  instance = sdk;
}

/** The page's one `{ api, store, tracker }`. */
export function getSdk(): Sdk {
  return registration.getSdk();
}

/**
 * The page's stores, for a component (read inside `observer`): the session, the user, VIP, notices.
 * Components read data through their feature's `api.ts` and the stores through this; they do not
 * reach for the SDK itself (lint).
 */
export function useStores(): RootStore {
  return getSdk().store;
}

export interface SdkInstanceReport {
  /** Extra copies of the package that evaluated on this page (0 when all is well). */
  duplicates: number;
  /** Whether this copy is the one that registered first. */
  isPrimary: boolean;
}

export function sdkInstanceReport(): SdkInstanceReport {
  return { duplicates: globalThis.__GIFTLANE_SDK_DUPLICATES__ ?? 0, isPrimary: registration.copy === thisCopy };
}
