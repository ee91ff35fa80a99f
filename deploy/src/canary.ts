// The canary split: a device is in a remote's canary when a stable hash of (remote, device id)
// falls below the canary's percentage. The same device always lands in the same bucket, so it
// keeps seeing the same version; raising the percentage only adds devices (those already in stay
// in); and hashing the remote's name too means two canaries do not hit the same devices.
import { createHash } from 'node:crypto';
import type { AppSlot } from './types';

const BUCKETS = 10_000;

/** 0 … 9999, stable for a (app, device) pair. */
export function deviceBucket(app: string, deviceId: string): number {
  const digest = createHash('sha256').update(`${app}\0${deviceId}`).digest();
  return digest.readUInt32BE(0) % BUCKETS;
}

export function inCanary(app: string, deviceId: string, percent: number): boolean {
  return deviceBucket(app, deviceId) < Math.round((Math.min(Math.max(percent, 0), 100) * BUCKETS) / 100);
}

/** The version of `app` that this device gets. Without a device id, the live version. */
export function versionFor(app: string, slot: AppSlot, deviceId: string | undefined): string {
  if (slot.canary && deviceId && inCanary(app, deviceId, slot.canary.percent)) return slot.canary.version;
  return slot.version;
}
