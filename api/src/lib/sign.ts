import { createHash, timingSafeEqual } from 'node:crypto';

export type RawParams = Record<string, unknown>;

/** A raw parsed form value as the client signed it: arrays comma-joined (CONTRACT §1). */
function rawValue(v: unknown): string {
  if (Array.isArray(v)) return v.map(rawValue).join(',');
  if (v === null || v === undefined) return '';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/**
 * The sign string of CONTRACT §0: every field but `sign`, sorted by key in code-point order, as
 * `key=value` with raw values, joined by `&`, the app key appended with no separator.
 */
export function signString(params: RawParams, appKey: string): string {
  const keys = Object.keys(params)
    .filter((k) => k !== 'sign')
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return keys.map((k) => `${k}=${rawValue(params[k])}`).join('&') + appKey;
}

export function computeSign(params: RawParams, appKey: string): string {
  return createHash('md5').update(signString(params, appKey), 'utf8').digest('hex');
}

export type SignCheck = { ok: true } | { ok: false; reason: string };

export function verifySign(params: RawParams, appKeys: Record<string, string>): SignCheck {
  const appid = params.appid;
  if (typeof appid !== 'string' || !appid) return { ok: false, reason: 'missing appid' };
  const key = Object.prototype.hasOwnProperty.call(appKeys, appid) ? appKeys[appid] : undefined;
  if (!key) return { ok: false, reason: 'unknown appid' };
  const given = params.sign;
  if (typeof given !== 'string' || !/^[0-9a-fA-F]{32}$/.test(given)) return { ok: false, reason: 'missing or malformed sign' };
  const expected = computeSign(params, key);
  const same = timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given.toLowerCase(), 'hex'));
  return same ? { ok: true } : { ok: false, reason: 'sign mismatch' };
}

/** Adds appid, app_version and sign to a body, the way the web client does (for tests and the bench). */
export function signedBody(fields: RawParams, appid = 'gl_web', appKey = '8f3c2a1d9b7e4f6a0c5d2e8b1a7f3c9d', appVersion = '2.3.1'): Record<string, string> {
  const all: Record<string, string> = {};
  for (const [k, v] of Object.entries(fields)) all[k] = rawValue(v);
  all.appid = appid;
  all.app_version = appVersion;
  all.sign = computeSign(all, appKey);
  return all;
}
