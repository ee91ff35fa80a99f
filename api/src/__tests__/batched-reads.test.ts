// Signed-in reads that come in together share a statement (db/read-batch.ts): the wallet's standing, the user
// object and a page of the order list. Each seller still reads exactly what they would alone, a seller asked for
// twice gets two answers, one who is gone gets none while the others of the statement get theirs, a transaction
// reads alone and sees its own writes, and a statement that fails fails each of its reads and no other.
// PGlite and PostgreSQL.
import { ReadBatch } from '../db/read-batch.js';
import { Ledger } from '../modules/ledger/ledger.js';
import { orderRepo } from '../modules/order/repo.js';
import { findUserViewById } from '../modules/user/repo.js';
import { freshDb, targets, testApp, type Target, type TestApp, type TestDb } from '../test/harness.js';
import { statementsDuring } from '../test/statements.js';
import { fund, makeUser, upload } from '../test/money.js';

jest.setTimeout(120_000);

type Wallet = { withdraw_amount: number; standing: { wallet_type: number; available_now: string }[] };
type Profile = { user_id: number; email: string };
type Orders = { order_no: string; amount: number }[];

const ALL = { statuses: [1, 2, 3, 4], from: 0, to: 9_999_999_999, page: 0, size: 10 };

describe.each(targets())('reads that come in together on %s', (target: Target) => {
  let tdb: TestDb;
  let t: TestApp;
  const ledger = new Ledger();
  /** Sellers with other balances and other orders: the i-th has (i + 1) × ₦1,000 and i % 3 orders. */
  const sellers: { id: number; token: string; email: string; orders: string[] }[] = [];

  beforeAll(async () => {
    tdb = await freshDb(target);
    t = await testApp(tdb);
    for (let i = 0; i < 6; i++) {
      const s = await makeUser(t);
      await t.db.tx((q) => fund(q, ledger, s.id, 'NGN', BigInt(i + 1) * 1000_00n));
      const orders: string[] = [];
      for (let n = 0; n < i % 3; n++) {
        const add = await t.call<{ order_no: string }>('/order/appadd', {
          token: s.token,
          images: await upload(t, s.token),
          user_memo: `CODE-${i}-${n}`,
          wallet_type: '1',
          card_id: '1',
          face_value: String(20 + 4 * i + n),
        });
        if (!add.success) throw new Error(`the order was refused: ${add.msg}`);
        orders.unshift(add.data.order_no);
      }
      sellers.push({ ...s, orders });
    }
  });
  afterAll(async () => {
    await t?.close();
    await tdb?.close();
  });

  /** What a seller's three screens read, as the seller sees it. */
  const screens = async (s: { token: string }) => {
    const [wallet, profile, orders] = await Promise.all([
      t.call<Wallet>('/wallet/balance', { token: s.token }),
      t.call<Profile>('/user/userInfo', { token: s.token }),
      t.call<Orders>('/ord/list', { token: s.token }),
    ]);
    for (const r of [wallet, profile, orders]) if (!r.success) throw new Error(r.msg);
    return {
      withdrawable: wallet.data.withdraw_amount,
      availableNow: wallet.data.standing.map((x) => x.available_now),
      profile: { id: profile.data.user_id, email: profile.data.email },
      orders: orders.data.map((o) => o.order_no),
    };
  };

  test('sellers reading at the same moment each see their own wallet, profile and orders, as alone', async () => {
    const alone = [];
    for (const s of sellers) alone.push(await screens(s));
    alone.forEach((a, i) => {
      const s = sellers[i]!;
      expect(a).toMatchObject({ withdrawable: (i + 1) * 1000, profile: { id: s.id, email: s.email } });
      expect(a.orders).toEqual(s.orders);
    });
    // Together, three times over (the first seller twice in each round): each reply is the one read alone.
    for (let round = 0; round < 3; round++) {
      const together = await Promise.all([...sellers, sellers[0]!].map(screens));
      expect(together).toEqual([...alone, alone[0]]);
    }
  });

  test('reads asked for in the same turn go as one statement; each answers its own seller', async () => {
    const ids = sellers.map((s) => s.id);
    const { value, sql } = await statementsDuring(t.db, () =>
      Promise.all([...ids, ids[0]!].map((id) => findUserViewById(t.db, id))),
    );
    expect(value.map((v) => v?.user.id)).toEqual([...ids, ids[0]]);
    expect(sql).toHaveLength(1);
    const pages = await statementsDuring(t.db, () =>
      Promise.all([
        ...ids.map((id) => orderRepo.listOf(t.db, id, ALL)),
        // Another page of the list is another statement.
        orderRepo.listOf(t.db, ids[2]!, { ...ALL, size: 1, page: 1 }),
      ]),
    );
    expect(pages.value.map((p) => p.map((o) => o.order_no))).toEqual([
      ...sellers.map((s) => s.orders),
      sellers[2]!.orders.slice(1, 2),
    ]);
    expect(pages.sql).toHaveLength(2);
  });

  test('a seller whose account is closed reads nothing; the others of the statement read theirs', async () => {
    const gone = await makeUser(t);
    await t.db.query("update users set status = 'closed' where id = $1", [gone.id]);
    const [a, b, c] = await Promise.all(
      [sellers[0]!.id, gone.id, sellers[1]!.id].map((id) => findUserViewById(t.db, id)),
    );
    expect([a?.user.id, b, c?.user.id]).toEqual([sellers[0]!.id, null, sellers[1]!.id]);
    const r = await t.call('/user/userInfo', { token: gone.token });
    expect(r.success).toBe(false);
  });

  test('inside a transaction a read goes alone, through the transaction, and sees its writes', async () => {
    const s = sellers[3]!;
    const seen = await t.db
      .tx(async (q) => {
        await q.query('update users set nickname = $1 where id = $2', ['Inside', s.id]);
        const inside = await findUserViewById(q, s.id);
        throw Object.assign(new Error('roll back'), { inside });
      })
      .catch((err: { inside?: Awaited<ReturnType<typeof findUserViewById>> }) => err.inside);
    expect(seen?.user.nickname).toBe('Inside');
    expect((await findUserViewById(t.db, s.id))?.user.nickname).not.toBe('Inside');
  });
});

describe('ReadBatch', () => {
  const turn = () => new Promise((r) => setImmediate(r));

  test('the keys of one turn go together, in order, at most 32 a statement, one statement per kind', async () => {
    const sent: string[][] = [];
    const b = new ReadBatch<string, string>(
      async (keys) => {
        sent.push(keys);
        return keys.map((k) => k.toUpperCase());
      },
      (k) => k[0]!,
    );
    const keys = [...Array.from({ length: 40 }, (_, i) => `a${i}`), 'b1', 'b2'];
    expect(await Promise.all(keys.map((k) => b.load(k)))).toEqual(keys.map((k) => k.toUpperCase()));
    expect(sent.map((s) => s.length)).toEqual([32, 8, 2]);
    expect(sent[2]).toEqual(['b1', 'b2']);
    // A later turn is a statement of its own.
    await turn();
    expect(await b.load('a')).toBe('A');
    expect(sent).toHaveLength(4);
  });

  test('a failed statement fails each of its reads with its error, and the next turn reads again', async () => {
    let fail = true;
    const b = new ReadBatch<number, number>(async (keys) => {
      if (fail) throw new Error('database went away');
      return keys.map((k) => k * 2);
    }, String);
    const first = await Promise.allSettled([1, 2, 3].map((k) => b.load(k)));
    expect(first.map((r) => (r.status === 'rejected' ? (r.reason as Error).message : r.value))).toEqual([
      'database went away',
      'database went away',
      'database went away',
    ]);
    fail = false;
    expect(await Promise.all([4, 5].map((k) => b.load(k)))).toEqual([8, 10]);
  });

  test('a key whose statement cannot be worked out fails its own read; the others of the turn read on', async () => {
    const b = new ReadBatch<number, number>(
      async (keys) => keys.map((k) => k + 1),
      (k) => {
        if (k < 0) throw new Error('no such statement');
        return '';
      },
    );
    const r = await Promise.allSettled([1, -1, 2].map((k) => b.load(k)));
    expect(r.map((x) => (x.status === 'fulfilled' ? x.value : (x.reason as Error).message))).toEqual([
      2,
      'no such statement',
      3,
    ]);
  });

  test('a statement that answers too few results fails its reads rather than answer the wrong seller', async () => {
    const b = new ReadBatch<number, number>(async (keys) => keys.slice(1), String);
    const r = await Promise.allSettled([1, 2].map((k) => b.load(k)));
    expect(r.map((x) => x.status)).toEqual(['rejected', 'rejected']);
  });

  test('a read is sent after it is asked for, never before: it sees what committed before it', async () => {
    let value = 'old';
    const b = new ReadBatch<number, string>(async (keys) => keys.map(() => value), String);
    const first = b.load(1);
    value = 'new';
    const second = b.load(2);
    expect(await Promise.all([first, second])).toEqual(['new', 'new']);
  });
});
