// The storage keys the apps share, exactly, and storage access that never throws (Safari private mode,
// storage disabled, quota full): a failed write is lost, not a crashed page.
import { PRODUCT_NAME } from './config';

const product = PRODUCT_NAME.toLowerCase();

/** Session storage keys plus the local storage keys the SDK owns. */
export const STORAGE_KEYS = Object.freeze({
  // session storage
  token: `${product}_token`,
  userId: 'user_id',
  justLoggedIn: 'justLoggedIn',
  isNewUser: 'isNewUser',
  deviceNo: 'device_no',
  formData: 'formData',
  socialId: 'social_id',
  socialType: 'social_type',
  socialEmail: 'social_email',
  email: 'email',
  phone: 'phone',
  currentComponent: 'currentComponent',
  currencyName: 'currency_name',
  countryId: 'country_id',
  vipExp: 'vip_exp',
  nextExp: 'next_exp',
  currencySymbol: 'currency_symbol',
  signUpBonus: 'SignUpBonus',
  // The product tour's pending steps after sign-up (SPEC §4: Home with showProfileOverlay=true or
  // startTour=true), kept for the tab so a reload on the way does not lose them.
  showProfileOverlay: 'showProfileOverlay',
  startTour: 'startTour',
  // local storage
  userData: `${product}_user`,
  trackerDeviceId: `${product}_device_id`,
  trackerFirstOpen: `${product}_first_open_tracked`,
  /** The users (ids) on this device who have seen the product tour: it starts once per user. */
  tourSeen: `${product}_tour_seen`,
} as const);

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

type Area = 'session' | 'local';

function area(which: Area): Storage | undefined {
  try {
    return which === 'session' ? globalThis.sessionStorage : globalThis.localStorage;
  } catch {
    return undefined;
  }
}

export function readStorage(which: Area, key: string): string | null {
  try {
    return area(which)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(which: Area, key: string, value: string | null | undefined): void {
  try {
    const store = area(which);
    if (!store) return;
    if (value === null || value === undefined) store.removeItem(key);
    else store.setItem(key, value);
  } catch {
    // Quota or privacy mode: the value lives in memory only for this page.
  }
}

export function clearStorage(which: Area): void {
  try {
    area(which)?.clear();
  } catch {
    // Nothing to clear when storage is unavailable.
  }
}

export function readJson<T>(which: Area, key: string): T | undefined {
  const text = readStorage(which, key);
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}

export function writeJson(which: Area, key: string, value: unknown): void {
  writeStorage(which, key, value === undefined ? undefined : JSON.stringify(value));
}
