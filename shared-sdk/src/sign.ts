// The request signature of CONTRACT §0. Pure, shared by the browser client and the api.
import md5 from 'blueimp-md5';

/** A field value as callers give it; `normalizeFields` turns it into the string that is sent. */
export type FieldValue = string | number | boolean | bigint | null | undefined | ReadonlyArray<string | number>;

/**
 * The fields exactly as they go on the wire: undefined (and null) omitted, arrays comma-joined,
 * everything else as its string form. Signing and sending both use this, so they cannot differ.
 */
export function normalizeFields(fields: Readonly<Record<string, FieldValue>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    out[key] = Array.isArray(value) ? value.join(',') : String(value);
  }
  return out;
}

/** The string that is hashed: sorted `key=value` pairs (without `sign`) joined by `&`, then the key. */
export function signString(fields: Readonly<Record<string, FieldValue>>, appKey: string): string {
  const flat = normalizeFields(fields);
  // Code-point order, not locale order: the default sort of JS strings compares UTF-16 units,
  // which equals code-point order for every key made of ASCII (all keys of this API are).
  const keys = Object.keys(flat)
    .filter((key) => key !== 'sign')
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return keys.map((key) => `${key}=${flat[key]}`).join('&') + appKey;
}

/** MD5 of `signString`, lowercase hex. */
export function computeSign(fields: Readonly<Record<string, FieldValue>>, appKey: string): string {
  return md5(signString(fields, appKey));
}

/** Compares a received sign with the expected one without leaking where they differ by timing. */
export function verifySign(fields: Readonly<Record<string, FieldValue>>, appKey: string): boolean {
  const given = typeof fields.sign === 'string' ? fields.sign.toLowerCase() : '';
  const expected = computeSign(fields, appKey);
  if (given.length !== expected.length) return false;
  let diff = 0;
  for (let i = 0; i < expected.length; i += 1) diff |= given.charCodeAt(i) ^ expected.charCodeAt(i);
  return diff === 0;
}
