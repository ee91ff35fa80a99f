// The same read of requests that arrive together, sent as one statement.
import { insideTransaction, type Queryable } from './db.js';

interface Waiting<K, R> {
  key: K;
  /** statement(key), worked out when the read is asked for. */
  statement: string;
  resolve: (r: R) => void;
  reject: (err: unknown) => void;
}

/** The most keys one statement takes: a larger turn goes as several statements. */
const MAX_KEYS = 32;

/**
 * One read (a statement that takes many keys and answers one result per key, in their order) for the requests that
 * ask for it in the same turn of the event loop: one statement for the keys of the same `statement(key)` (what else
 * the statement is given besides the keys, which they share). Under load every statement costs its round trip
 * whatever it reads: a system call that wakes PostgreSQL, a transaction, the executor set up for the plan, and the
 * reply read back; the requests that come in together share them. A load is sent at the end of its turn
 * (setImmediate), never earlier than it was asked for (so it sees every commit before it), and then waits as any
 * statement does, within the pool's bounds. A failed statement fails each of its loads with its error, as each would
 * have failed alone.
 */
export class ReadBatch<K, R> {
  private waiting: Waiting<K, R>[] = [];

  constructor(
    private readonly run: (keys: K[]) => Promise<R[]>,
    private readonly statement: (key: K) => string,
  ) {}

  load(key: K): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      // Worked out here, in the caller's turn: whatever it throws fails this read alone, not the turn's flush.
      const statement = this.statement(key);
      if (this.waiting.push({ key, statement, resolve, reject }) === 1) setImmediate(() => this.flush());
    });
  }

  private flush(): void {
    const groups = new Map<string, Waiting<K, R>[]>();
    for (const w of this.waiting) {
      const g = groups.get(w.statement);
      if (g) g.push(w);
      else groups.set(w.statement, [w]);
    }
    this.waiting = [];
    for (const g of groups.values())
      for (let i = 0; i < g.length; i += MAX_KEYS) void this.send(g.slice(i, i + MAX_KEYS));
  }

  private async send(batch: Waiting<K, R>[]): Promise<void> {
    try {
      const results = await this.run(batch.map((w) => w.key));
      if (results.length !== batch.length)
        throw new Error(`a batched read answered ${results.length} results for ${batch.length} keys`);
      batch.forEach((w, i) => w.resolve(results[i] as R));
    } catch (err) {
      for (const w of batch) w.reject(err);
    }
  }
}

/**
 * A read of one key through `q`, batched per database handle: `many` reads several keys of the same `statement(key)`
 * in one statement. Only reads through the pool itself, outside a transaction, are batched: a transaction's reads see
 * its own writes and take its locks, and go alone through its client (as `many` of one key).
 */
export function batchedRead<K, R>(
  many: (q: Queryable, keys: K[]) => Promise<R[]>,
  statement: (key: K) => string = () => '',
): (q: Queryable, key: K) => Promise<R> {
  const batches = new WeakMap<Queryable, ReadBatch<K, R>>();
  return async (q, key) => {
    if (!('tx' in q) || insideTransaction()) return (await many(q, [key]))[0] as R;
    let b = batches.get(q);
    if (!b) batches.set(q, (b = new ReadBatch((keys) => many(q, keys), statement)));
    return b.load(key);
  };
}
