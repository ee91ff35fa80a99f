// The settings every app and the api agree on. Pure: no DOM, no axios, no mobx, so the api can
// import it too. A page may override the product name, API base, store links and tracker endpoints
// by setting `globalThis.__GIFTLANE_CONFIG__` before the SDK loads, or the edge server puts the same
// object in the HTML as `<script id="gl-config" type="application/json">` (no inline script: CSP).

export interface GiftLanePageConfig {
  productName?: string;
  apiBase?: string;
  storeLinks?: Partial<StoreLinks>;
  trackerEndpoints?: Partial<TrackerEndpoints>;
  social?: Partial<SocialSettings>;
  /**
   * Set by the edge, read by the shell (app/service-worker.ts): register the worker (true), remove one (false); absent
   * in development.
   */
  serviceWorker?: boolean;
  /**
   * Set by the edge (TELEMETRY_SAMPLE_PERCENT), read by the shell: the share of page loads (0–1) that report telemetry.
   */
  telemetry?: { sample?: number };
}

/** Where each provider's sign-in script lives and which app ids to use: settings, not code. */
export interface SocialSettings {
  googleClientId?: string;
  googleScriptUrl: string;
  facebookAppId?: string;
  facebookScriptUrl: string;
  facebookApiVersion: string;
  appleClientId?: string;
  appleScriptUrl: string;
  appleRedirectUri?: string;
}

export interface StoreLinks {
  android: string;
  ios: string;
}

export interface TrackerEndpoints {
  init: string;
  install: string;
  event: string;
  identity: string;
}

declare global {
  var __GIFTLANE_CONFIG__: GiftLanePageConfig | undefined;
}

function htmlConfig(): GiftLanePageConfig | undefined {
  try {
    const text = globalThis.document?.getElementById('gl-config')?.textContent;
    return text ? (JSON.parse(text) as GiftLanePageConfig) : undefined;
  } catch {
    return undefined;
  }
}

function pageConfig(): GiftLanePageConfig {
  const config = globalThis.__GIFTLANE_CONFIG__ ?? htmlConfig();
  return config && typeof config === 'object' ? config : {};
}

const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** The product name, `{product}` in SPEC. */
export const PRODUCT_NAME: string = nonEmpty(pageConfig().productName) ? pageConfig().productName!.trim() : 'GiftLane';

/** API base (scheme and host, no trailing slash); '' means the page's own origin. */
export const API_BASE: string = nonEmpty(pageConfig().apiBase) ? pageConfig().apiBase!.replace(/\/+$/, '') : '';

/** Every path of the backend starts with this prefix. */
export const API_PREFIX = '/gc';

/**
 * The web client's app id and its app key. The key ships in the browser on purpose: the sign is
 * wire compatibility with the mobile clients of the same API, not a secret.
 */
export const APP_ID = 'gl_web';
export const APP_KEY = '8f3c2a1d9b7e4f6a0c5d2e8b1a7f3c9d';
/** App keys by app id, as the api looks them up (CONTRACT §0). */
export const APP_KEYS: Readonly<Record<string, string>> = Object.freeze({ [APP_ID]: APP_KEY });

/** SPEC §9. */
export const APP_VERSION = '2.3.1';
/** CONTRACT §6.1: '3' is the web. */
export const CHANNEL_TYPE = '3';
/** CONTRACT §1: `os_type` of the web client. */
export const OS_TYPE = 'web';

/** Native store listings, shown in the footer, on login and on sign-up. */
export const STORE_LINKS: StoreLinks = Object.freeze({
  android: 'https://play.google.com/store/apps/details?id=com.giftlane.app',
  ios: 'https://apps.apple.com/app/giftlane/id6450000000',
  ...pageConfig().storeLinks,
});

/** Where the tracker posts its JSON (init, install, event, identity link). */
export const TRACKER_ENDPOINTS: TrackerEndpoints = Object.freeze({
  init: '/gc/public/track/init',
  install: '/gc/public/track/install',
  event: '/gc/public/track/event',
  identity: '/gc/public/track/identity',
  ...pageConfig().trackerEndpoints,
});

/** SPEC §9 constants. */
export const DEFAULT_DIAL_CODE = '+234';
export const MOBILE_BREAKPOINT_PX = 768;
export const OTP_LENGTH = 4;
export const RESEND_COUNTDOWN_S = 60;
export const NOTICE_REFRESH_MS = 30000;
export const FACEBOOK_SDK_TIMEOUT_MS = 10000;
export const TOUR_TARGET_POLL_MS = 50;
export const REGISTER_TYPE = Object.freeze({ email: '1', whatsapp: '2' } as const);

/** The settings above as one object (`config.storeLinks.android`). */
export const config = Object.freeze({
  productName: PRODUCT_NAME,
  apiBase: API_BASE,
  apiPrefix: API_PREFIX,
  appId: APP_ID,
  appVersion: APP_VERSION,
  channelType: CHANNEL_TYPE,
  osType: OS_TYPE,
  storeLinks: STORE_LINKS,
  trackerEndpoints: TRACKER_ENDPOINTS,
});

export const DEFAULT_SOCIAL_SETTINGS: SocialSettings = Object.freeze({
  googleScriptUrl: 'https://accounts.google.com/gsi/client',
  facebookScriptUrl: 'https://connect.facebook.net/en_US/sdk.js',
  facebookApiVersion: 'v21.0',
  appleScriptUrl: 'https://appleid.cdn-apple.com/appleauth/static/jsapi/appleid/1/en_US/appleid.auth.js',
});

/** Read when a button is pressed, so a page (or a test) that sets the config late still works. */
export function socialSettings(): SocialSettings {
  const given = pageConfig().social;
  const clean =
    given && typeof given === 'object' ? Object.fromEntries(Object.entries(given).filter(([, v]) => nonEmpty(v))) : {};
  return { ...DEFAULT_SOCIAL_SETTINGS, ...clean };
}
