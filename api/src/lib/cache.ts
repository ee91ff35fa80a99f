import { insideTransaction } from '../db/db.js';

/**
 * A value loaded on first use and kept for ttlMs; concurrent callers share one load — except a
 * caller inside a transaction, which loads for itself (through its transaction on PGlite) rather
 * than wait on a load that may be queued behind that very transaction.
 */
export function cached<T>(ttlMs: number, load: () => Promise<T>): (() => Promise<T>) & { clear: () => void } {
  let value: { v: T; at: number } | null = null;
  let pending: Promise<T> | null = null;
  const get = async () => {
    if (value && Date.now() - value.at < ttlMs) return value.v;
    if (pending && insideTransaction()) return load();
    if (!pending) {
      pending = load().then(
        (v) => {
          value = { v, at: Date.now() };
          pending = null;
          return v;
        },
        (err: unknown) => {
          pending = null;
          throw err;
        },
      );
    }
    return pending;
  };
  return Object.assign(get, { clear: () => void (value = null) });
}
