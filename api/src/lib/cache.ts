import { currentTransaction, type Queryable } from '../db/db.js';

/**
 * Values loaded per key on first use and kept until the expiry their load gives. load reads
 * through the Queryable it is handed, never through a handle of its own:
 * - outside a transaction, through `db` (the pool); concurrent callers share one load;
 * - inside a transaction, a miss reads through that transaction's own client, for this caller
 *   alone, and is not kept. It neither takes a second connection from the pool (a burst of
 *   transactions each waiting for one, while holding a wallet's row, would wait for ever)
 *   nor waits on a load that may be queued behind this very transaction (PGlite). It is not kept
 *   because it may see the transaction's own writes, which may yet be rolled back.
 * clear() forgets every value, and a load that was running then is not kept: what it read may be
 * what the clear was for.
 */
export function keyedCache<K, T>(
  db: Queryable,
  load: (key: K, q: Queryable) => Promise<{ value: T; until: number }>,
): { get: (key: K) => Promise<T>; peek: (key: K) => T | undefined; clear: () => void } {
  const values = new Map<K, { value: T; until: number }>();
  const pending = new Map<K, Promise<T>>();
  let generation = 0;
  /** The value get would answer at once (kept and not expired), else undefined: without a wait. */
  const peek = (key: K): T | undefined => {
    const hit = values.get(key);
    return hit && Date.now() < hit.until ? hit.value : undefined;
  };
  const get = async (key: K): Promise<T> => {
    const hit = values.get(key);
    if (hit && Date.now() < hit.until) return hit.value;
    const tx = currentTransaction(db);
    if (tx) return (await load(key, tx)).value;
    const running = pending.get(key);
    if (running) return running;
    const started = generation;
    const done = () => {
      if (pending.get(key) === loading) pending.delete(key);
    };
    const loading: Promise<T> = load(key, db).then(
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
    peek,
    clear: () => {
      values.clear();
      pending.clear();
      generation++;
    },
  };
}

/** One value loaded on first use and kept for ttlMs after it arrived (keyedCache's rules). */
export function cached<T>(
  db: Queryable,
  ttlMs: number,
  load: (q: Queryable) => Promise<T>,
): (() => Promise<T>) & { peek: () => T | undefined; clear: () => void } {
  const cache = keyedCache<null, T>(db, async (_key, q) => ({ value: await load(q), until: Date.now() + ttlMs }));
  return Object.assign(() => cache.get(null), { peek: () => cache.peek(null), clear: cache.clear });
}

/**
 * Values built per key and kept for ttlMs, dropped at once when `generation()` moves (the catalog's,
 * bumped on every rate change); at most `max` keys, all forgotten when the next one would pass it.
 */
export function generationCache<T>(opts: { ttlMs: number; max: number; generation: () => number }) {
  const values = new Map<string, { at: number; generation: number; value: T }>();
  return async (key: string, build: () => Promise<T>): Promise<T> => {
    const hit = values.get(key);
    if (hit && Date.now() - hit.at < opts.ttlMs && hit.generation === opts.generation()) return hit.value;
    const generation = opts.generation();
    const value = await build();
    if (values.size >= opts.max) values.clear();
    values.set(key, { at: Date.now(), generation, value });
    return value;
  };
}
