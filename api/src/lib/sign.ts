import { hash, timingSafeEqual } from 'node:crypto';
import { parse as parseQuery, unescape as unescapeQuery } from 'node:querystring';

export type RawParams = Record<string, unknown>;

/**
 * The form-body parser: the usual key → value object (a repeated key gives an array). The raw body is kept beside it
 * (the request's `rawForm`), so that the sign can be checked over the fields in the order they arrived.
 */
export function parseForm(body: string): Record<string, unknown> {
  return parseQuery(body) as Record<string, unknown>;
}

/** The pairs of a raw form body in the order they arrive (values decoded, `+` as a space). */
export function formPairs(body: string): [string, string][] {
  const decode = (s: string) => unescapeQuery(s.replace(/\+/g, ' '));
  return body
    .split('&')
    .filter(Boolean)
    .map((piece) => {
      const eq = piece.indexOf('=');
      return eq < 0 ? [decode(piece), ''] : [decode(piece.slice(0, eq)), decode(piece.slice(eq + 1))];
    });
}

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
  const keys = Object.keys(params).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  // One string built as it goes: this runs on every call, and a list of pairs would only be joined.
  let out = '';
  let first = true;
  for (const k of keys) {
    if (k === 'sign') continue;
    out += `${first ? '' : '&'}${k}=${rawValue(params[k])}`;
    first = false;
  }
  return out + appKey;
}

export function computeSign(params: RawParams, appKey: string): string {
  return md5(signString(params, appKey));
}

const md5 = (s: string) => hash('md5', s, 'hex');
/** The digest as bytes, to compare with a sign's: no hex text made only to be decoded again. */
const md5Bytes = (s: string) => hash('md5', s, 'buffer') as unknown as Buffer;

/**
 * The sign string of the native clients of this API family (NATIVE-CLIENT §1): the fields in the
 * order the client built them, which is the order they arrive in the body, `sign` left out.
 */
export function insertionSignString(pairs: [string, string][], appKey: string): string {
  return (
    pairs
      .filter(([k]) => k !== 'sign')
      .map(([k, v]) => `${k}=${v}`)
      .join('&') + appKey
  );
}

/**
 * The pairs of a parsed body in arrival order: from the raw form when there is one, else the object's own order (JSON).
 */
function arrivalPairs(params: RawParams, rawForm: string | null | undefined): [string, string][] {
  if (typeof rawForm === 'string') return formPairs(rawForm);
  return Object.entries(params).map(([k, v]) => [k, rawValue(v)]);
}

export type SignCheck = { ok: true } | { ok: false; reason: string };

/** The platform a request's app key belongs to: the native apps' appids, else the web. */
export type ClientKind = 'web' | 'android' | 'ios';
const NATIVE_APPIDS: Record<string, ClientKind> = { gl_android: 'android', gl_ios: 'ios' };

/**
 * Which client signed a request: a native app only when its appid's key proved the sign (under
 * SIGN_MODE=log an unsigned or badly signed request is let through, but counts as the web).
 */
export function clientOf(params: RawParams, check: SignCheck): ClientKind {
  const appid = params.appid;
  if (!check.ok || typeof appid !== 'string') return 'web';
  return Object.prototype.hasOwnProperty.call(NATIVE_APPIDS, appid) ? NATIVE_APPIDS[appid]! : 'web';
}

/** `rawForm`: the raw body the params were parsed from, when it was a form (parseForm). */
export function verifySign(params: RawParams, appKeys: Record<string, string>, rawForm?: string | null): SignCheck {
  const appid = params.appid;
  if (typeof appid !== 'string' || !appid) return { ok: false, reason: 'missing appid' };
  const key = Object.prototype.hasOwnProperty.call(appKeys, appid) ? appKeys[appid] : undefined;
  if (!key) return { ok: false, reason: 'unknown appid' };
  const given = params.sign;
  if (typeof given !== 'string' || !/^[0-9a-fA-F]{32}$/.test(given))
    return { ok: false, reason: 'missing or malformed sign' };
  // SPEC's rule (sorted, the web client) or the native clients' (arrival order): either proves the key.
  // The web client's rule is tried first; the arrival order only when it does not prove the key (a native client), and
  // only if it makes another string. Each comparison takes the same time whatever the bytes.
  const got = Buffer.from(given, 'hex');
  const sortedString = signString(params, key);
  if (timingSafeEqual(md5Bytes(sortedString), got)) return { ok: true };
  const inOrderString = insertionSignString(arrivalPairs(params, rawForm), key);
  if (inOrderString !== sortedString && timingSafeEqual(md5Bytes(inOrderString), got)) return { ok: true };
  return { ok: false, reason: 'sign mismatch' };
}

/**
 * A body the way the native clients build it (NATIVE-CLIENT §1): the caller's fields in order, then
 * appid and app_version, signed in that order, `sign` last (for tests).
 */
export function nativeSignedBody(
  fields: [string, unknown][],
  appid: string,
  appKey: string,
  appVersion = '1.0.7',
): [string, string][] {
  const pairs: [string, string][] = fields.map(([k, v]) => [k, v === undefined ? 'undefined' : rawValue(v)]);
  pairs.push(['appid', appid], ['app_version', appVersion]);
  pairs.push(['sign', md5(insertionSignString(pairs, appKey))]);
  return pairs;
}

/** Adds appid, app_version and sign to a body, the way the web client does (for tests and the bench). */
export function signedBody(
  fields: RawParams,
  appid = 'gl_web',
  appKey = '8f3c2a1d9b7e4f6a0c5d2e8b1a7f3c9d',
  appVersion = '2.3.1',
): Record<string, string> {
  const all: Record<string, string> = {};
  for (const [k, v] of Object.entries(fields)) all[k] = rawValue(v);
  all.appid = appid;
  all.app_version = appVersion;
  all.sign = computeSign(all, appKey);
  return all;
}
