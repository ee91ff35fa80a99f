// The schema functions the wire contract (public.ts, account.ts) is written with: a schema checks a
// value, collects what does not match (`where: what`), and answers the value decoded — objects keep
// only the fields they name. Written here rather than taken from a library because the SDK chunk
// carries it to every seller on costly data: the whole contract has a budget of 3 KB gzip of that
// chunk, and valibot's functions alone took 2.3 KB of it (measured); these take 0.7 KB. The api and
// the SDK both use them, through index.ts and all.ts.

/** Checks `value` (found at `at`), adding to `issues` what does not match; answers the decoded value. */
export type Schema<T> = ((value: unknown, at: string, issues: string[]) => T) & { readonly optional?: true };
type Optional<T> = Schema<T | undefined> & { readonly optional: true };

/** The decoded type of a schema. */
export type Infer<S> = S extends Schema<infer T> ? T : never;

type Shape = Record<string, Schema<unknown>>;
type Flat<T> = { [K in keyof T]: T[K] } & {};
type ObjectOf<S extends Shape> = Flat<
  { [K in keyof S as S[K] extends { optional: true } ? never : K]: Infer<S[K]> } & {
    [K in keyof S as S[K] extends { optional: true } ? K : never]?: Infer<S[K]>;
  }
>;

/**
 * Where a check that only asks "does it match?" says it is (`check`): no path is built and no decoded copy made, the
 * value answered as it came. Objects and arrays pass it on; a mismatch still adds its issue (with this as its path).
 */
const QUIET = '';

const typeName = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

function primitive<T>(kind: string): Schema<T> {
  return (value, at, issues) => {
    if (typeof value !== kind) issues.push(`${at}: expected ${kind}, got ${typeName(value)}`);
    return value as T;
  };
}

export const string = primitive<string>('string');
export const number = primitive<number>('number');
export const boolean = primitive<boolean>('boolean');
export const unknown: Schema<unknown> = (value) => value;

/** One of the given values (compared with ===). */
export function oneOf<const T extends readonly (string | number)[]>(...values: T): Schema<T[number]> {
  return (value, at, issues) => {
    if (!values.includes(value as T[number]))
      issues.push(`${at}: expected one of ${values.join(', ')}, got ${JSON.stringify(value)}`);
    return value as T[number];
  };
}

/** May be absent (undefined). */
export function optional<T>(schema: Schema<T>): Optional<T> {
  const check = ((value, at, issues) => (value === undefined ? undefined : schema(value, at, issues))) as Optional<T>;
  return Object.assign(check, { optional: true as const });
}

/** May be null. */
export const nullable =
  <T>(schema: Schema<T>): Schema<T | null> =>
  (value, at, issues) =>
    value === null ? null : schema(value, at, issues);

/** Nothing: null or absent. */
export const none: Schema<null | undefined> = (value, at, issues) => {
  if (value != null) issues.push(`${at}: expected nothing, got ${typeName(value)}`);
  return value as null | undefined;
};

export function array<T>(item: Schema<T>): Schema<T[]> {
  return (value, at, issues) => {
    if (!Array.isArray(value)) {
      issues.push(`${at}: expected array, got ${typeName(value)}`);
      return value as T[];
    }
    if (at === QUIET) {
      for (const x of value) item(x, QUIET, issues);
      return value as T[];
    }
    return value.map((x, i) => item(x, `${at}.${i}`, issues));
  };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An object with these fields (others are dropped from the decoded value, or kept when `loose`). */
export function object<S extends Shape>(shape: S, loose?: boolean): Schema<ObjectOf<S>> {
  return (value, at, issues) => {
    if (!isObject(value)) {
      issues.push(`${at}: expected object, got ${typeName(value)}`);
      return value as ObjectOf<S>;
    }
    if (at === QUIET) {
      for (const key in shape) shape[key]!(value[key], QUIET, issues);
      return value as ObjectOf<S>;
    }
    const out: Record<string, unknown> = loose ? { ...value } : {};
    for (const key in shape) {
      const decoded = shape[key]!(value[key], `${at}.${key}`, issues);
      if (decoded !== undefined) out[key] = decoded;
    }
    return out as ObjectOf<S>;
  };
}

/** An object whose every value matches `item`. */
export function record<T>(item: Schema<T>): Schema<Record<string, T>> {
  return (value, at, issues) => {
    if (!isObject(value)) {
      issues.push(`${at}: expected object, got ${typeName(value)}`);
      return value as Record<string, T>;
    }
    if (at === QUIET) {
      for (const key of Object.keys(value)) item(value[key], QUIET, issues);
      return value as Record<string, T>;
    }
    // fromEntries defines each key as data, so a "__proto__" key stays a key.
    return Object.fromEntries(Object.entries(value).map(([key, x]) => [key, item(x, `${at}.${key}`, issues)]));
  };
}

/** The first of the schemas that matches. */
export function union<S extends Schema<unknown>[]>(...schemas: S): Schema<Infer<S[number]>> {
  return (value, at, issues) => {
    if (at === QUIET) {
      // Each form tried on the same list, what it added taken back: no list made for each.
      const before = issues.length;
      for (const schema of schemas) {
        schema(value, QUIET, issues);
        if (issues.length === before) return value as Infer<S[number]>;
        issues.length = before;
      }
      issues.push('matches none of its forms');
      return value as Infer<S[number]>;
    }
    const found: string[] = [];
    for (const schema of schemas) {
      const mine: string[] = [];
      const decoded = schema(value, at, mine);
      if (!mine.length) return decoded as Infer<S[number]>;
      found.push(...mine);
    }
    // "expected number or string, got boolean" when each form said what it expected here; else every issue.
    const head = `${at}: expected `;
    const expected = found.map((issue) => issue.startsWith(head) && issue.slice(head.length).split(', got ')[0]);
    issues.push(
      expected.every(Boolean)
        ? `${head}${expected.join(' or ')}, got ${typeName(value)}`
        : `${at}: matches none of its forms (${found.join('; ')})`,
    );
    return value as Infer<S[number]>;
  };
}

/**
 * Whether `value` matches, or every place where it does not: for a check that does not need the decoded value (the
 * api's of its own replies). A match is found without building a path or a copy; only a mismatch is walked again,
 * as `parse` walks it, to say where.
 */
export function check(schema: Schema<unknown>, value: unknown): { ok: true } | { ok: false; issues: string[] } {
  const issues: string[] = [];
  schema(value, QUIET, issues);
  if (!issues.length) return { ok: true };
  const found = parse(schema, value);
  return found.ok ? { ok: true } : found;
}

/** The decoded value, or every place where `value` does not match. */
export function parse<T>(schema: Schema<T>, value: unknown): { ok: true; value: T } | { ok: false; issues: string[] } {
  const issues: string[] = [];
  const decoded = schema(value, 'data', issues);
  return issues.length ? { ok: false, issues } : { ok: true, value: decoded };
}
