// The device number sent at sign-up and sign-in (SPEC §9: a random 'device-' identifier kept
// under `device_no` in session storage).
import { CHANNEL_TYPE, OS_TYPE } from './config';
import type { DeviceFields } from './gc/types';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage';

/** Random text: a UUID where the browser has one, else time plus Math.random. */
export function randomId(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

export function createDeviceNo(): string {
  return `device-${randomId()}`;
}

/** The tab's device number, made and stored on first use. */
export function getDeviceNo(): string {
  const stored = readStorage('session', STORAGE_KEYS.deviceNo);
  if (stored) return stored;
  const made = createDeviceNo();
  writeStorage('session', STORAGE_KEYS.deviceNo, made);
  return made;
}

/** The device fields of CONTRACT §1 for the web. */
export function deviceFields(): DeviceFields {
  return { device_no: getDeviceNo(), device_type: 'web', os_type: OS_TYPE, channel_type: CHANNEL_TYPE };
}
