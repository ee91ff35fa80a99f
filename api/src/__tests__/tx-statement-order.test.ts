// A transaction's statements share one connection, which runs one at a time. Code that starts several at once
// on the transaction's client (a Promise.all over q, as the case page's reads did) gets each its own answer, in
// the order asked, and node-postgres is never handed a query while another runs (deprecated: pg 9 refuses it).
import pg from 'pg';
import { freshDb, targets, type TestDb } from '../test/harness.js';

jest.setTimeout(60_000);

const onPg = targets().includes('postgres') ? describe : describe.skip;

onPg('statements started at once inside a transaction on postgres', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await freshDb('postgres');
  });
  afterAll(() => t.close());

  test('each gets its own answer, in order, and none is queued inside node-postgres', async () => {
    // How many queries each connection has been handed and not yet answered, at most.
    const inFlight = new Map<pg.Client, number>();
    let most = 0;
    const send = pg.Client.prototype.query;
    const spy = jest.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args) {
      // The pool's own calls pass a callback; a transaction's statements are awaited (a promise).
      if (typeof args[args.length - 1] === 'function') return (send as (...a: unknown[]) => never).apply(this, args);
      const now = (inFlight.get(this) ?? 0) + 1;
      inFlight.set(this, now);
      most = Math.max(most, now);
      const done = () => void inFlight.set(this, (inFlight.get(this) ?? 1) - 1);
      const out = (send as (...a: unknown[]) => Promise<unknown>).apply(this, args);
      out.then(done, done);
      return out as never;
    });
    try {
      const order: number[] = [];
      const answers = await t.db.tx((q) =>
        Promise.all(
          [3, 1, 2].map(async (n) => {
            // The first sleeps longest: were they run at once, the later ones would finish first.
            const r = await q.query<{ n: number }>('select $1::int as n, pg_sleep($1::int / 50.0)', [n]);
            order.push(r.rows[0]!.n);
            return r.rows[0]!.n;
          }),
        ),
      );
      expect(answers).toEqual([3, 1, 2]);
      expect(order).toEqual([3, 1, 2]);
      // A failing one among them rolls the whole back, and the others' answers are not mixed up.
      await t.db.exec('create table tx_order_probe (n int primary key)');
      await expect(
        t.db.tx((q) =>
          Promise.all([
            q.query('insert into tx_order_probe values (1)'),
            q.query('insert into tx_order_probe values (1)'),
            q.query('insert into tx_order_probe values (2)'),
          ]),
        ),
      ).rejects.toThrow(/duplicate key/);
      expect((await t.db.query('select n from tx_order_probe')).rows).toEqual([]);
      expect(most).toBe(1);
    } finally {
      spy.mockRestore();
    }
  });
});
