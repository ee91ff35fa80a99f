import fc from 'fast-check';
import pg from 'pg';
import { checkLedger } from '../modules/ledger/check.js';
import { Ledger } from '../modules/ledger/ledger.js';
import { nubanCheckDigit } from '../modules/payment/nuban.js';
import { freshDb, postgresStatus, testApp, type TestApp, type TestDb } from '../test/harness.js';
import { fund, makeStaff, makeUser, opsCall, TEST_PASSWORD, verifyIdentity } from '../test/money.js';

jest.setTimeout(180_000);

/** PGlite runs one query at a time: concurrency is only meaningful on a real PostgreSQL. */
const pgOk = postgresStatus().ok;
if (!pgOk && process.env.REQUIRE_TEST_PG === '1')
  throw new Error('PostgreSQL is required for the money concurrency suite');
const onPg = pgOk ? describe : describe.skip;

const balanceOf = async (t: TestApp, userId: number, cur = 'NGN') =>
  (
    await t.db.query<{ balance_minor: bigint }>(
      "select balance_minor from ledger_accounts where user_id = $1 and kind = 'cash' and currency_code = $2",
      [userId, cur],
    )
  ).rows[0]?.balance_minor ?? 0n;

onPg('money under concurrency (PostgreSQL)', () => {
  let tdb: TestDb;
  let t: TestApp;
  const ledger = new Ledger();
  beforeAll(async () => {
    tdb = await freshDb('postgres');
    t = await testApp(tdb, { security: { coolingOffMs: 0, siteUrl: 'http://site.test', reauthGraceMs: 0 } });
  });
  afterAll(async () => {
    await t?.close();
    await tdb?.close();
  });
  afterEach(async () => {
    expect(await checkLedger(t.db)).toEqual([]);
  });

  test(
    '300 simultaneous credits and withdrawal holds on one wallet: never negative, every kobo ' + 'accounted for',
    async () => {
      const u = await makeUser(t);
      const account = await ledger.userAccount(t.db, { userId: u.id, kind: 'cash', currency: 'NGN' });
      await t.db.tx((q) => fund(q, ledger, u.id, 'NGN', 10_000_00n));
      const ops = Array.from({ length: 300 }, (_, i) =>
        i % 3 === 0 ? { kind: 'credit' as const, amount: 1_000_00n } : { kind: 'hold' as const, amount: 3_000_00n },
      );
      const results = await Promise.allSettled(
        ops.map((op, i) =>
          t.db.tx(async (q) => {
            if (op.kind === 'credit') return fund(q, ledger, u.id, 'NGN', op.amount, `c-credit-${i}`);
            return ledger.hold(q, { key: `c-hold-${i}`, account, amountMinor: op.amount });
          }),
        ),
      );
      let expected = 10_000_00n;
      results.forEach((r, i) => {
        const op = ops[i]!;
        if (r.status === 'fulfilled') expected += op.kind === 'credit' ? op.amount : -op.amount;
        else expect((r.reason as Error).message).toBe('Insufficient balance');
      });
      expect(await balanceOf(t, u.id)).toBe(expected);
      expect(expected >= 0n).toBe(true);
      const held = await t.db.query<{ s: bigint }>(
        "select coalesce(sum(amount_minor),0)::bigint as s from ledger_holds where account_id = $1 and status = 'held'",
        [account.id],
      );
      const credits = results.filter((r, i) => r.status === 'fulfilled' && ops[i]!.kind === 'credit').length;
      expect(10_000_00n + BigInt(credits) * 1_000_00n).toBe(expected + (held.rows[0]?.s ?? 0n));
    },
  );

  test(
    '100 simultaneous withdraw/apply calls through the api on one wallet: exactly what the balance ' + 'allows',
    async () => {
      const u = await makeUser(t);
      await t.db.tx((q) => fund(q, ledger, u.id, 'NGN', 50_000_00n));
      await t.call('/withdraw/transactionPassword', {
        token: u.token,
        login_password: TEST_PASSWORD,
        password: '135246',
      });
      const serial = '123123123';
      const acct = await t.call<{ bank_id: number }>('/payment/add', {
        token: u.token,
        password: TEST_PASSWORD,
        t_password: '135246',
        payment_id: '1',
        bank_id: '100',
        account_no: serial + nubanCheckDigit('044', serial),
        account_name: '',
      });
      await verifyIdentity(t, u.id);
      await t.db.query(
        "update settings set value = jsonb_set(value, '{NGN,daily_count}', '1000') where key = 'withdraw_limits'",
      );
      t.app.ref.clear();
      const replies = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          t.call('/withdraw/apply', {
            token: u.token,
            bank_id: String(acct.data.bank_id),
            amount: '2000',
            password: '135246',
            idempotency_key: `apply-key-${i}`,
          }),
        ),
      );
      const ok = replies.filter((r) => r.success).length;
      expect(ok).toBe(25);
      expect(replies.filter((r) => !r.success).every((r) => r.msg === 'Insufficient balance')).toBe(true);
      expect(await balanceOf(t, u.id)).toBe(0n);
    },
  );

  test('the same settlement retried 20 times in parallel posts once; the opposite outcome is refused', async () => {
    const u = await makeUser(t);
    await t.db.tx((q) => fund(q, ledger, u.id, 'NGN', 10_000_00n));
    await t.call('/withdraw/transactionPassword', {
      token: u.token,
      login_password: TEST_PASSWORD,
      password: '135246',
    });
    const serial = '555444333';
    const acct = await t.call<{ bank_id: number }>('/payment/add', {
      token: u.token,
      password: TEST_PASSWORD,
      t_password: '135246',
      payment_id: '1',
      bank_id: '100',
      account_no: serial + nubanCheckDigit('044', serial),
      account_name: '',
    });
    await verifyIdentity(t, u.id);
    const w = await t.call<{ withdraw_no: string }>('/withdraw/apply', {
      token: u.token,
      bank_id: String(acct.data.bank_id),
      amount: '5000',
      password: '135246',
    });
    const finance = await makeStaff(t, 'finance');
    const settle = (outcome: string) =>
      opsCall<{ replayed: boolean }>(t, finance.token, 'POST', `/ops/api/withdrawals/${w.data.withdraw_no}/settle`, {
        outcome,
        reason: 'bank said no',
        reference: 'R1',
      });
    const all = await Promise.all([...Array.from({ length: 20 }, () => settle('paid')), settle('failed')]);
    const paid = all.slice(0, 20);
    expect(paid.every((r) => r.success)).toBe(true);
    expect(paid.filter((r) => !r.data.replayed)).toHaveLength(1);
    const failed = all[20]!;
    if (failed.success) throw new Error('a paid withdrawal was also failed');
    const posts = await t.db.query<{ n: number }>(
      "select count(*)::int as n from ledger_journals where kind in ('withdraw_post', 'withdraw_release') and " +
        "ref_type = 'withdrawal' and ref_id = (select id::text from withdrawals where withdraw_no = $1)",
      [w.data.withdraw_no],
    );
    expect(posts.rows[0]?.n).toBe(1);
  });

  test('two operators approve one order: one claim wins; parallel retries of the decision credit once', async () => {
    const u = await makeUser(t);
    const add = await t.call<{ order_no: string }>('/order/appadd', {
      token: u.token,
      user_memo: 'CODE 1',
      wallet_type: '1',
    });
    const [a, b] = [await makeStaff(t, 'reviewer'), await makeStaff(t, 'reviewer')];
    const claims = await Promise.all(
      [a, b, a, b].map((s) => opsCall(t, s.token, 'POST', `/ops/api/orders/${add.data.order_no}/claim`)),
    );
    const winners = new Set(claims.map((c, i) => (c.success ? [a, b, a, b][i]!.id : null)).filter(Boolean));
    expect(winners.size).toBe(1);
    const winner = [a, b].find((s) => winners.has(s.id))!;
    const loser = winner === a ? b : a;
    const decision = { lines: [{ status: 'success', card_id: 1, face_value: '25' }] };
    const replies = await Promise.all([
      ...Array.from({ length: 10 }, () =>
        opsCall<{ replayed: boolean }>(
          t,
          winner.token,
          'POST',
          `/ops/api/orders/${add.data.order_no}/decide`,
          decision,
        ),
      ),
      opsCall(t, loser.token, 'POST', `/ops/api/orders/${add.data.order_no}/decide`, decision),
    ]);
    expect(replies.slice(0, 10).every((r) => r.success)).toBe(true);
    expect(replies.slice(0, 10).filter((r) => !(r.data as { replayed: boolean }).replayed)).toHaveLength(1);
    expect(replies[10]!.success).toBe(false);
    const credits = await t.db.query<{ n: number }>(
      "select count(*)::int as n from ledger_journals where kind = 'order_credit' and ref_id = (select id::text " +
        'from orders where order_no = $1)',
      [add.data.order_no],
    );
    expect(credits.rows[0]?.n).toBe(1);
  });

  test('a crash between steps leaves nothing half-done (thrown error and a killed connection)', async () => {
    const u = await makeUser(t);
    await t.db.tx((q) => fund(q, ledger, u.id, 'NGN', 10_000_00n));
    const account = await ledger.userAccount(t.db, { userId: u.id, kind: 'cash', currency: 'NGN' });
    const before = await t.db.query<{ j: number; h: number }>(
      'select (select count(*)::int from ledger_journals) as j, (select count(*)::int from ledger_holds) as h',
    );
    await expect(
      t.db.tx(async (q) => {
        await ledger.hold(q, { key: 'crash-1', account, amountMinor: 1_000_00n });
        throw new Error('process died before the withdrawal row was written');
      }),
    ).rejects.toThrow('process died');
    // A connection killed mid-transaction, after the hold journal and before commit.
    const url = new URL(process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres');
    const dbName = (await t.db.query<{ d: string }>('select current_database() as d')).rows[0]!.d;
    url.pathname = `/${dbName}`;
    const c = new pg.Client({ connectionString: url.toString() });
    c.on('error', () => {});
    await c.connect();
    const pid = (await c.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
    await c.query('begin');
    await c.query(
      "insert into ledger_journals (idempotency_key, params_hash, kind) values ('crash-2', 'x', 'withdraw_hold')",
    );
    await c.query('update ledger_accounts set balance_minor = balance_minor - 100000 where id = $1', [
      String(account.id),
    ]);
    await t.db.query('select pg_terminate_backend($1)', [pid]);
    await c.end().catch(() => {});
    const after = await t.db.query<{ j: number; h: number }>(
      'select (select count(*)::int from ledger_journals) as j, (select count(*)::int from ledger_holds) as h',
    );
    expect(after.rows[0]).toEqual(before.rows[0]);
    expect(await balanceOf(t, u.id)).toBe(10_000_00n);
    // And the database refuses what the code would never do: edits, unbalanced journals, overdrafts.
    await expect(t.db.query('update ledger_postings set amount_minor = amount_minor + 1')).rejects.toThrow(/immutable/);
    await expect(t.db.query('delete from ledger_journals')).rejects.toThrow(/immutable/);
    await expect(
      t.db.tx(async (q) => {
        const j = await q.query<{ id: bigint }>(
          "insert into ledger_journals (idempotency_key, params_hash, kind) values ('unbalanced', 'x', " +
            "'correction') returning id",
        );
        await q.query(
          'insert into ledger_postings (journal_id, account_id, amount_minor, balance_after_minor) values ($1, $2, ' +
            '5, null)',
          [String(j.rows[0]!.id), String((await ledger.platformAccount(q, 'fees', 'NGN')).id)],
        );
      }),
    ).rejects.toThrow(/does not sum to zero/);
    await expect(
      t.db.query('update ledger_accounts set balance_minor = -1 where id = $1', [String(account.id)]),
    ).rejects.toThrow(/check constraint/);
  });
});

/**
 * The ledger against a simple model: random sequences of credits, holds, posts, releases,
 * corrections and replays; after each sequence the database and the model agree on every balance
 * and the ledger check passes. PGlite (fast, in memory); PostgreSQL runs the same logic above.
 */
describe('ledger model property (PGlite)', () => {
  let tdb: TestDb;
  let t: TestApp;
  const ledger = new Ledger();
  beforeAll(async () => {
    tdb = await freshDb('pglite');
    t = await testApp(tdb, { security: { coolingOffMs: 0, siteUrl: 'http://site.test', reauthGraceMs: 0 } });
  });
  afterAll(async () => {
    await t?.close();
    await tdb?.close();
  });

  const op = fc.oneof(
    fc.record({ kind: fc.constant('credit' as const), user: fc.nat(2), amount: fc.bigInt({ min: 1n, max: 50_000n }) }),
    fc.record({ kind: fc.constant('debit' as const), user: fc.nat(2), amount: fc.bigInt({ min: 1n, max: 50_000n }) }),
    fc.record({ kind: fc.constant('hold' as const), user: fc.nat(2), amount: fc.bigInt({ min: 1n, max: 50_000n }) }),
    fc.record({ kind: fc.constant('post' as const), hold: fc.nat(20), fee: fc.bigInt({ min: 0n, max: 100n }) }),
    fc.record({ kind: fc.constant('release' as const), hold: fc.nat(20) }),
    fc.record({ kind: fc.constant('replay' as const), back: fc.nat(10) }),
  );

  test('database balances equal the model after random operation sequences', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
        run++;
        const users = [await makeUser(t), await makeUser(t), await makeUser(t)];
        const accounts = await Promise.all(
          users.map((u) => ledger.userAccount(t.db, { userId: u.id, kind: 'cash', currency: 'NGN' })),
        );
        const model = [0n, 0n, 0n];
        const holds: { id: bigint; user: number; amount: bigint; state: 'held' | 'posted' | 'released' }[] = [];
        const done: { key: string; user: number; amount: bigint }[] = [];
        for (const [i, o] of ops.entries()) {
          const key = `m${run}-${i}`;
          if (o.kind === 'credit' || o.kind === 'debit') {
            const amount = o.kind === 'credit' ? o.amount : -o.amount;
            const ok = model[o.user]! + amount >= 0n;
            const res = t.db.tx((q) => fund(q, ledger, users[o.user]!.id, 'NGN', amount, key));
            if (ok) {
              await res;
              model[o.user]! += amount;
              done.push({ key, user: o.user, amount });
            } else await expect(res).rejects.toThrow('Insufficient balance');
          } else if (o.kind === 'hold') {
            const ok = model[o.user]! >= o.amount;
            const res = t.db.tx((q) => ledger.hold(q, { key, account: accounts[o.user]!, amountMinor: o.amount }));
            if (ok) {
              holds.push({ id: (await res).holdId, user: o.user, amount: o.amount, state: 'held' });
              model[o.user]! -= o.amount;
            } else await expect(res).rejects.toThrow('Insufficient balance');
          } else if (o.kind === 'post' || o.kind === 'release') {
            const h = holds[o.hold % Math.max(holds.length, 1)];
            if (!h) continue;
            const want = o.kind === 'post' ? 'posted' : 'released';
            const fee = o.kind === 'post' && o.fee < h.amount ? o.fee : 0n;
            const res = t.db.tx((q) => ledger.settleHold(q, { holdId: h.id, outcome: o.kind, feeMinor: fee }));
            if (h.state === 'held') {
              await res;
              h.state = want;
              if (want === 'released') model[h.user]! += h.amount;
            } else if (h.state === want) expect((await res).replayed).toBe(true);
            else await expect(res).rejects.toThrow('already been settled');
          } else {
            const d = done[done.length - 1 - (o.back % Math.max(done.length, 1))];
            if (!d) continue;
            const r = await t.db.tx((q) => fund(q, ledger, users[d.user]!.id, 'NGN', d.amount, d.key));
            expect(r.replayed).toBe(true);
            // Other parameters under the same key: one more of the same sign (a debit of 1 plus 1 would be a zero
            // posting).
            const other = d.amount + (d.amount > 0n ? 1n : -1n);
            await expect(t.db.tx((q) => fund(q, ledger, users[d.user]!.id, 'NGN', other, d.key))).rejects.toThrow(
              'already used',
            );
          }
        }
        for (const [i, u] of users.entries()) expect(await balanceOf(t, u.id)).toBe(model[i]);
        const open = holds.filter((h) => h.state === 'held');
        for (const [i, u] of users.entries()) {
          const b = (await ledger.userBalances(t.db, u.id)).find((x) => x.kind === 'cash');
          expect(b?.heldMinor ?? 0n).toBe(open.filter((h) => h.user === i).reduce((a, h) => a + h.amount, 0n));
        }
        expect(await checkLedger(t.db)).toEqual([]);
      }),
      { numRuns: 40 },
    );
  });
});
