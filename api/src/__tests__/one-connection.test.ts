// PGlite (npm start's database) has one connection. Code inside a transaction that read through the
// app's handle — a cache of reference data or rates refilling, a helper given `app.db` — would wait
// for its own transaction, and every request after it too: the api would stop answering and stay so.
// On PostgreSQL the same code takes a second connection from the pool while holding the first and
// its row locks: a burst of them fills the pool and waits for ever. So the app handle refuses to be
// used inside a transaction (outside production; there it joins the transaction), and caches read
// through the transaction's own client. These hold it on both drivers.
import { outsideTransaction, PooledQueryInTransactionError } from '../db/db.js';
import { Catalog } from '../modules/catalog/service.js';
import { Reference } from '../shared/reference.js';
import { freshDb, targets, type TestDb } from '../test/harness.js';

jest.setTimeout(60_000);

/** fn's result, or 'hung' when it has not answered in ms. */
async function within<T>(ms: number, fn: Promise<T>): Promise<T | 'hung'> {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<'hung'>((resolve) => (timer = setTimeout(() => resolve('hung'), ms)));
  try {
    return await Promise.race([fn, hung]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A transaction that has begun (its first query ran) and waits for `release` before it runs `then`;
 * meanwhile the test acts as another request, outside it.
 */
async function openTransaction<T>(db: TestDb['db'], then: () => Promise<T>) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let started!: () => void;
  const inside = new Promise<void>((resolve) => (started = resolve));
  const tx = db.tx(async (q) => {
    await q.query('select 1');
    started();
    await gate;
    return then();
  });
  await inside;
  return { tx, release };
}

describe.each(targets({ embedded: true }))('code inside a transaction on %s', (target) => {
  let tdb: TestDb;
  beforeAll(async () => {
    tdb = await freshDb(target);
  });
  afterAll(async () => {
    await tdb?.close();
  });

  test(
    'a query through the app handle inside a transaction is refused at once (the guard), and the transaction is ' +
      'rolled back',
    async () => {
      const { db } = tdb;
      await db.exec('create table if not exists t1 (n int)');
      const out = await within(
        5000,
        db
          .tx(async (q) => {
            await q.query('insert into t1 values (1)');
            return (await db.query<{ c: number }>('select count(*)::int as c from t1')).rows[0]!.c;
          })
          .catch((e: unknown) => e),
      );
      expect(out).toBeInstanceOf(PooledQueryInTransactionError);
      await expect(db.tx(async () => db.exec('select 1'))).rejects.toThrow(PooledQueryInTransactionError);
      expect((await db.query<{ c: number }>('select count(*)::int as c from t1')).rows[0]!.c).toBe(0);
    },
  );

  test('a transaction begun inside a transaction is refused too; a failure rolls the whole back', async () => {
    const { db } = tdb;
    await db.exec('create table if not exists t2 (n int)');
    const out = await within(
      5000,
      db
        .tx(async (q) => {
          await q.query('insert into t2 values (1)');
          return db.tx(async (q2) => (await q2.query('insert into t2 values (2)')).rowCount);
        })
        .catch((e: unknown) => e),
    );
    expect(out).toBeInstanceOf(PooledQueryInTransactionError);
    await expect(
      db.tx(async (q) => {
        await q.query('insert into t2 values (3)');
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect((await db.query<{ n: number }>('select n from t2 order by n')).rows).toEqual([]);
  });

  test(
    'work started inside a transaction but meant to outlive it runs outside it (outsideTransaction): through the ' +
      'pool, not refused',
    async () => {
      const { db } = tdb;
      await db.exec('create table if not exists t4 (n int)');
      const out = await within(
        5000,
        db.tx(async (q) => {
          await q.query('insert into t4 values (1)');
          const later = outsideTransaction(() => db.query<{ c: number }>('select count(*)::int as c from t4'));
          // PostgreSQL: its own connection, so it answers before this commits, without seeing the row.
          // PGlite: queued behind this transaction, so it cannot be awaited here; it runs after the commit.
          return target === 'postgres' ? { seen: (await later).rows[0]!.c } : { later };
        }),
      );
      expect(out).not.toBe('hung');
      const r = out as { seen?: number; later?: Promise<{ rows: { c: number }[] }> };
      expect(r.seen ?? (await r.later!).rows[0]!.c).toBe(target === 'postgres' ? 0 : 1);
    },
  );

  test(
    'in production the guard logs and runs the query through the transaction: it answers, sees the transaction, ' +
      'commits with it',
    async () => {
      const logged: string[] = [];
      const prod = await freshDb(target, { guard: 'route', onGuard: (what) => logged.push(what) });
      try {
        const { db } = prod;
        await db.exec('create table t3 (n int)');
        const seen = await within(
          5000,
          db.tx(async (q) => {
            await q.query('insert into t3 values (1)');
            const inner = await db.tx(async (q2) => (await q2.query('insert into t3 values (2)')).rowCount);
            return { inner, count: (await db.query<{ c: number }>('select count(*)::int as c from t3')).rows[0]!.c };
          }),
        );
        expect(seen).toEqual({ inner: 1, count: 2 });
        expect(logged).toEqual(['db.tx', 'db.query']);
        expect((await db.query<{ c: number }>('select count(*)::int as c from t3')).rows[0]!.c).toBe(2);
        await expect(
          db.tx(async (q) => {
            await q.query('insert into t3 values (3)');
            await db.query('insert into t3 values (4)');
            throw new Error('refused');
          }),
        ).rejects.toThrow('refused');
        expect((await db.query<{ c: number }>('select count(*)::int as c from t3')).rows[0]!.c).toBe(2);
      } finally {
        await prod.close();
      }
    },
  );

  test('after its transaction has ended, code that was started inside it reads outside again', async () => {
    const { db } = tdb;
    let later: (() => Promise<unknown>) | undefined;
    await db.tx(async (q) => {
      await q.query('select 1');
      later = () => db.query('select 2 as n');
    });
    expect(await within(5000, later!())).toMatchObject({ rows: [{ n: 2 }] });
  });

  test(
    'reference data: a refill that another request began, queued behind the transaction, does not ' + 'hold it',
    async () => {
      const { db } = tdb;
      const ref = new Reference(db);
      const { tx, release } = await openTransaction(db, async () => (await ref.currency('NGN')).code);
      // Another request, outside the transaction, finds the cache empty and begins the refill.
      const outside = ref.currency('NGN');
      release();
      expect(await within(5000, tx)).toBe('NGN');
      expect((await within(5000, outside)) as { code: string }).toMatchObject({ code: 'NGN' });
    },
  );

  test(
    'rates: a cold card list needed inside a transaction, while another request loads it, does not ' + 'hold it',
    async () => {
      const { db } = tdb;
      const ref = new Reference(db);
      await ref.warm();
      const catalog = new Catalog(db, ref);
      const { tx, release } = await openTransaction(db, async () => (await catalog.cards('NGN')).length);
      catalog.invalidate(); // a rate changed
      const outside = catalog.cards('NGN');
      release();
      const inTx = await within(5000, tx);
      expect(inTx).not.toBe('hung');
      expect(inTx).toBeGreaterThan(0);
      expect(await within(5000, outside)).toHaveLength(inTx as number);
      // And a cold list read first inside a transaction.
      catalog.invalidate();
      expect(
        await within(
          5000,
          db.tx(async () => (await catalog.cards('GHS')).length),
        ),
      ).toBeGreaterThan(0);
    },
  );
});
