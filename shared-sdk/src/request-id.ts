// Request ids and the short reference a seller reads out. The edge gives every request
// an id, the api logs it on every line and puts its reference in each failed reply; the seller sees
// "Reference: 7F3K2Q" under the error and staff find the request by it (console, logs).
//
// Crockford's base32 alphabet: digits and upper-case letters without I, L, O and U, so a reference
// read over the phone or copied by hand cannot be mistaken for another.

export const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** Characters in a reference. 30 bits: a few collisions a day at most, told apart by time and user. */
export const REF_LENGTH = 6;

/** Our own ids: 20 Crockford characters (100 random bits); the reference is their first six. */
const OWN_ID = new RegExp(`^[${CROCKFORD}]{20}$`);

/**
 * An id a trusted proxy may hand us: printable, no spaces or quotes, at most 64 characters (a UUID,
 * a trace id, ours). Anything else is replaced by a fresh id.
 */
const ACCEPTABLE_ID = /^[A-Za-z0-9._:/+=-]{8,64}$/;

export const isAcceptableRequestId = (id: unknown): id is string => typeof id === 'string' && ACCEPTABLE_ID.test(id);

/** A fresh request id: 20 Crockford characters from a cryptographic random source. */
export function newRequestId(): string {
  const bytes = new Uint8Array(20);
  globalThis.crypto.getRandomValues(bytes);
  let id = '';
  for (const b of bytes) id += CROCKFORD[b & 31];
  return id;
}

/** FNV-1a (32 bits) of a string: spreads a foreign id over the reference's alphabet. */
function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** The six-character reference of a request id: its first six characters, or a hash of a foreign id. */
export function refOf(id: string): string {
  if (OWN_ID.test(id)) return id.slice(0, REF_LENGTH);
  let h = fnv1a(id);
  let ref = '';
  for (let i = 0; i < REF_LENGTH; i++, h >>>= 5) ref += CROCKFORD[h & 31];
  return ref;
}

/**
 * What a person typed as a reference, as stored: "Reference: 7f3k-2q" → "7F3K2Q". Letters a seller
 * may read for a digit count as it (O → 0, I and L → 1); undefined when it cannot be one.
 */
export function normalizeRef(input: string): string | undefined {
  const text = input
    .trim()
    .replace(/^ref(erence)?\s*[:#]?\s*/i, '')
    .replace(/[\s-]/g, '')
    .toUpperCase()
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  return new RegExp(`^[${CROCKFORD}]{${REF_LENGTH}}$`).test(text) ? text : undefined;
}
