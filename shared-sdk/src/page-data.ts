// What a prerendered page carries for its hydration (./ui/prerender): pure, so the edge
// server imports it too.

/** Per `useData` key, the arguments it was rendered with and the answer. */
export type PrerenderedData = Record<string, { deps: string; data: unknown }>;

/** The id of the `<script type="application/json">` that carries the answers in the HTML. */
export const PRERENDER_DATA_ID = 'gl-data';

const BIGINT = '$bigint';

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Renames every key of `obj` that starts with `$` (a data key never collides with the marker). */
function renameDollarKeys(obj: Record<string, unknown>, rename: (key: string) => string): Record<string, unknown> {
  if (!Object.keys(obj).some((k) => k.startsWith('$'))) return obj;
  return Object.fromEntries(Object.entries(obj).map(([k, v]) => [k.startsWith('$') ? rename(k) : k, v]));
}

/**
 * The answers as JSON. Amounts in minor units (bigint) become `{"$bigint":"…"}`; a key of the data
 * that starts with `$` gets one more, so nothing in the data can pass for that marker.
 */
export function encodePageData(data: PrerenderedData): string {
  return JSON.stringify(data, (_key, value: unknown) => {
    if (typeof value === 'bigint') return { [BIGINT]: value.toString() };
    return isPlainObject(value) ? renameDollarKeys(value, (k) => `$${k}`) : value;
  });
}

export function decodePageData(text: string): PrerenderedData {
  return JSON.parse(text, (_key, value: unknown) => {
    if (!isPlainObject(value)) return value;
    const keys = Object.keys(value);
    if (keys.length === 1 && keys[0] === BIGINT && typeof value[BIGINT] === 'string') return BigInt(value[BIGINT]);
    return renameDollarKeys(value, (k) => k.slice(1));
  }) as PrerenderedData;
}

/** Whether two answers are the same data (a fresh answer equal to the page's changes nothing on screen). */
export function sameAnswer(a: unknown, b: unknown): boolean {
  const json = (v: unknown) => JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? `${x}n` : x));
  return json(a) === json(b);
}
