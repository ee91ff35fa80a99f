import { insideTransaction } from '../db/db.js';

/**
 * Values loaded per key on first use and kept until the expiry their load gives. Concurrent callers
 * share one load — except a caller inside a transaction, which loads for itself (through its
 * transaction on PGlite) rather than wait on a load that may be queued behind that very transaction.
 * clear() forgets every value, and a load that was running then is not kept: what it read may be
 * what the clear was for.
 */
export function keyedCache<K, T>(load: (key: K) => Promise<{ value: T; until: number }>): { get: (key: K) => Promise<T>; clear: () => void } {
  const values = new Map<K, { value: T; until: number }>();
  const pending = new Map<K, Promise<T>>();
  let generation = 0;
  const get = async (key: K): Promise<T> => {
    const hit = values.get(key);
    if (hit && Date.now() < hit.until) return hit.value;
    const running = pending.get(key);
    if (running) return insideTransaction() ? (await load(key)).value : running;
    const started = generation;
    const done = () => {
      if (pending.get(key) === loading) pending.delete(key);
    };
    const loading: Promise<T> = load(key).then(
      (r) => {
        done();
        if (started === generation) values.set(key, r);
        return r.value;
      },
      (err: unknown) => {
        done();
        throw err;
      },
    );
    pending.set(key, loading);
    return loading;
  };
  return {
    get,
    clear: () => {
      values.clear();
      pending.clear();
      generation++;
    },
  };
}

/** One value loaded on first use and kept for ttlMs after it arrived (keyedCache's rules). */
export function cached<T>(ttlMs: number, load: () => Promise<T>): (() => Promise<T>) & { clear: () => void } {
  const cache = keyedCache<null, T>(async () => ({ value: await load(), until: Date.now() + ttlMs }));
  return Object.assign(() => cache.get(null), { clear: cache.clear });
}
