import { randomBytes } from 'node:crypto';
import { configFrom } from '../config/env.js';
import { checkLedger } from '../modules/ledger/check.js';
import { Ledger } from '../modules/ledger/ledger.js';
import { FOUR_EYES_MESSAGES } from '../modules/ops/four-eyes.js';
import { nubanCheckDigit } from '../modules/payment/nuban.js';
import { WITHDRAW_MESSAGES } from '../modules/withdraw/service.js';
import { freshDb, targets, testApp, type Target, type TestApp, type TestDb } from '../test/harness.js';
import { fund, makeStaff, makeUser, opsCall, TEST_PASSWORD, verifyIdentity } from '../test/money.js';

jest.setTimeout(180_000);

/**
 * Money races, each closed in the database: a reviewer's daily cap under
 * parallel decisions, the first-order bonus under parallel decisions, a refusal while a decision
 * waits for a second operator, and a withdrawal without a request key sent again after a crash.
 * Every case runs on PGlite; the parallel bursts need a real PostgreSQL (PGlite runs one query at
 * a time) and run there only.
 */
describe.each(targets({ embedded: true }))('money races on %s', (target: Target) => {
  const onPg = target === 'postgres' ? test : test.skip;
  let tdb: TestDb;
  let t: TestApp;
  const ledger = new Ledger();
  beforeAll(async () => {
    tdb = await freshDb(target);
    t = await testApp(tdb, { security: { coolingOffMs: 0, siteUrl: 'http://site.test', reauthGraceMs: 0 } });
  });
  afterAll(async () => {
    await t?.close();
    await tdb?.close();
  });
  afterEach(async () => {
    expect(await checkLedger(t.db)).toEqual([]);
  });

  type Staff = { id: number; token: string };
  type Decided = {
    status: number;
    amount: string;
    replayed: boolean;
    awaiting_approval?: { id: number; status: string; reason: string };
  };
  const line = (face = '40') => ({ lines: [{ status: 'success', card_id: 1, face_value: face }] });

  /** An order of `seller` on card 1 (a quote locked for `face` dollars), claimed by `reviewer`. */
  async function claimed(app: TestApp, seller: { token: string }, reviewer: Staff, face = '40'): Promise<string> {
    const add = await app.call<{ order_no: string }>('/order/appadd', {
      token: seller.token,
      user_memo: `CODE-${randomBytes(4).toString('hex')}`,
      wallet_type: '1',
      card_id: '1',
      face_value: face,
    });
    expect(add.success).toBe(true);
    expect((await opsCall(app, reviewer.token, 'POST', `/ops/api/orders/${add.data.order_no}/claim`)).success).toBe(
      true,
    );
    return add.data.order_no;
  }
  const decide = (app: TestApp, reviewer: Staff, orderNo: string, body: unknown = line()) =>
    opsCall<Decided>(app, reviewer.token, 'POST', `/ops/api/orders/${orderNo}/decide`, body);
  const minorOf = (amount: string) => BigInt(Math.round(Number(amount) * 100));
  const major = (minor: bigint) => `${minor / 100n}.${String(minor % 100n).padStart(2, '0')}`;
  const orderRow = async (orderNo: string) =>
    (
      await t.db.query<{ status: number; amount_minor: bigint; first_order_bonus_minor: bigint }>(
        'select status, amount_minor, first_order_bonus_minor from orders where order_no = $1',
        [orderNo],
      )
    ).rows[0]!;
  const pendingApprovals = async (orderNo: string) =>
    (
      await t.db.query<{ n: number }>(
        "select count(*)::int as n from approvals where kind = 'order_decision' and target_id = $1 and status = " +
          "'pending'",
        [orderNo],
      )
    ).rows[0]!.n;
  const firstBonus = async () =>
    BigInt(
      (
        await t.db.query<{ value: Record<string, string> }>(
          "select value from settings where key = 'first_order_bonus'",
        )
      ).rows[0]?.value.NGN ?? '0',
    );

  /** An app whose only four-eyes rule is a reviewer's daily cap of `capMinor` (NGN). */
  const cappedApp = (capMinor: bigint) =>
    testApp(tdb, {
      security: { coolingOffMs: 0, siteUrl: 'http://site.test', reauthGraceMs: 0 },
      review: { rateTolerancePercent: 5, fourEyesAbove: {}, dailyCap: { NGN: major(capMinor) } },
    });

  /** 11 orders of new sellers, each paying `each` (the first-order bonus included), claimed by one reviewer. */
  async function elevenOrders(app: TestApp) {
    const reviewer = await makeStaff(app, 'reviewer');
    const orders = [];
    for (let i = 0; i < 11; i++) orders.push(await claimed(app, await makeUser(app), reviewer));
    const preview = await opsCall<{ amount: string; needs_approval: string | null }>(
      app,
      reviewer.token,
      'POST',
      `/ops/api/orders/${orders[0]}/preview`,
      line(),
    );
    expect(preview.success).toBe(true);
    return { reviewer, orders, each: minorOf(preview.data.amount) };
  }

  describe("a reviewer's daily cap under decisions made at once", () => {
    test('one by one: credits stop at the cap and the rest wait for a second reviewer', async () => {
      const probe = await elevenOrders(t);
      const app = await cappedApp(probe.each * 5n + probe.each / 2n);
      try {
        const replies = [];
        for (const o of probe.orders.slice(0, 7)) replies.push(await decide(app, probe.reviewer, o));
        expect(replies.every((r) => r.success)).toBe(true);
        expect(replies.map((r) => r.data.status)).toEqual([2, 2, 2, 2, 2, 1, 1]);
        expect(replies[5]!.data.awaiting_approval!.reason).toMatch(
          /^This would take the reviewer's payouts today to ₦[\d,.]+, above their daily cap of ₦[\d,.]+$/,
        );
      } finally {
        await app.close();
      }
    });

    onPg('11 decisions at once: no more than the cap is credited alone, the rest wait for approval', async () => {
      const probe = await elevenOrders(t);
      const cap = probe.each * 5n + probe.each / 2n;
      const app = await cappedApp(cap);
      try {
        const replies = await Promise.all(probe.orders.map((o) => decide(app, probe.reviewer, o)));
        expect(replies.every((r) => r.success)).toBe(true);
        const credited = replies.filter((r) => r.data.status === 2);
        const waiting = replies.filter((r) => r.data.awaiting_approval?.status === 'pending');
        expect(credited).toHaveLength(5);
        expect(waiting).toHaveLength(6);
        const sum = (
          await t.db.query<{ s: bigint }>(
            'select coalesce(sum(amount_minor), 0)::bigint as s from orders where claimed_by = $1 and status = 2',
            [probe.reviewer.id],
          )
        ).rows[0]!.s;
        expect(BigInt(sum)).toBeLessThanOrEqual(cap);
        // The waiting ones are paid once another reviewer approves them, all at once too.
        const other = await makeStaff(app, 'reviewer');
        const approved = await Promise.all(
          waiting.map((w) =>
            opsCall<{ status: string }>(
              app,
              other.token,
              'POST',
              `/ops/api/approvals/${w.data.awaiting_approval!.id}/approve`,
              { note: 'checked' },
            ),
          ),
        );
        expect(approved.map((a) => a.data?.status)).toEqual(waiting.map(() => 'approved'));
        for (const o of probe.orders) expect((await orderRow(o)).status).toBe(2);
      } finally {
        await app.close();
      }
    });
  });

  describe('the first-order bonus under decisions made at once', () => {
    test('one by one: only the first credited order carries it', async () => {
      const seller = await makeUser(t);
      const reviewer = await makeStaff(t, 'reviewer');
      const a = await claimed(t, seller, reviewer);
      const b = await claimed(t, seller, reviewer);
      expect((await decide(t, reviewer, a)).data.status).toBe(2);
      expect((await decide(t, reviewer, b)).data.status).toBe(2);
      expect((await orderRow(a)).first_order_bonus_minor).toBe(await firstBonus());
      expect((await orderRow(b)).first_order_bonus_minor).toBe(0n);
    });

    onPg("a new seller's 5 orders decided at once by 5 reviewers: the bonus is paid once", async () => {
      const seller = await makeUser(t);
      const reviewers = await Promise.all(Array.from({ length: 5 }, () => makeStaff(t, 'reviewer')));
      const orders = [];
      for (const r of reviewers) orders.push(await claimed(t, seller, r));
      // Decisions for one seller wait for each other (the seller's row is locked first): none deadlocks
      // and none is answered busy; any refusal fails the test with its words.
      const replies = await Promise.all(orders.map((o, i) => decide(t, reviewers[i]!, o)));
      expect(replies.map((r) => r.data?.status ?? `${r.status} ${r.msg}`)).toEqual([2, 2, 2, 2, 2]);
      const bonuses = await Promise.all(orders.map(async (o) => (await orderRow(o)).first_order_bonus_minor));
      expect(bonuses.filter((b) => b > 0n)).toEqual([await firstBonus()]);
      // And the wallet holds exactly what the five orders say they paid.
      const paid = (await Promise.all(orders.map(async (o) => (await orderRow(o)).amount_minor))).reduce(
        (x, y) => x + BigInt(y),
        0n,
      );
      const balance = (
        await t.db.query<{ b: bigint }>(
          "select balance_minor as b from ledger_accounts where user_id = $1 and kind = 'cash' and currency_code = " +
            "'NGN'",
          [seller.id],
        )
      ).rows[0]!.b;
      expect(BigInt(balance)).toBe(paid);
    });
  });

  describe('a refusal while a decision waits for a second operator', () => {
    /** An app where any payout above ₦10,000 waits for a second operator. */
    const strictApp = () =>
      testApp(tdb, {
        security: { coolingOffMs: 0, siteUrl: 'http://site.test', reauthGraceMs: 0 },
        review: { rateTolerancePercent: 5, fourEyesAbove: { NGN: '10000' }, dailyCap: {} },
      });

    test('is refused with a clear message; once the request is withdrawn the order can be refused', async () => {
      const app = await strictApp();
      try {
        const seller = await makeUser(app);
        const reviewer = await makeStaff(app, 'reviewer');
        const o = await claimed(app, seller, reviewer);
        const asked = await decide(app, reviewer, o);
        expect(asked.data.awaiting_approval).toMatchObject({ status: 'pending' });
        const refuse = () =>
          opsCall<{ status: number }>(app, reviewer.token, 'POST', `/ops/api/orders/${o}/refuse`, {
            reason: 'The code was already used',
          });
        expect(await refuse()).toMatchObject({ success: false, msg: FOUR_EYES_MESSAGES.refuseWaiting });
        expect((await orderRow(o)).status).toBe(1);
        expect(await pendingApprovals(o)).toBe(1);
        // Refusing through a decision whose cards all failed is held the same way.
        expect(
          await decide(app, reviewer, o, { lines: [{ status: 'failed', fail_reason: 'already_used' }] }),
        ).toMatchObject({ success: false, msg: FOUR_EYES_MESSAGES.waiting });
        // The reviewer withdraws their request, then refuses: nothing is left waiting on a finished order.
        expect(
          (
            await opsCall<{ status: string }>(
              app,
              reviewer.token,
              'POST',
              `/ops/api/approvals/${asked.data.awaiting_approval!.id}/reject`,
              { reason: 'The code was already used' },
            )
          ).data.status,
        ).toBe('rejected');
        expect(await refuse()).toMatchObject({ success: true, data: { status: 3 } });
        expect(await pendingApprovals(o)).toBe(0);
      } finally {
        await app.close();
      }
    });

    onPg(
      'a decision that needs approval and a refusal sent at once: never a refused order with a pending request',
      async () => {
        const app = await strictApp();
        try {
          const reviewer = await makeStaff(app, 'reviewer');
          const orders = [];
          for (let i = 0; i < 12; i++) orders.push(await claimed(app, await makeUser(app), reviewer));
          // Caches warm, so that the decisions are as quick as the refusals.
          expect(
            (await opsCall(app, reviewer.token, 'POST', `/ops/api/orders/${orders[0]}/preview`, line())).success,
          ).toBe(true);
          // The refusals land at different moments of the decision (it is rolled back, then filed as a request).
          const later = <T>(ms: number, f: () => Promise<T>) =>
            new Promise<T>((resolve, reject) => setTimeout(() => f().then(resolve, reject), ms));
          await Promise.all(
            orders.flatMap((o, i) => [
              decide(app, reviewer, o),
              later(i, () =>
                opsCall(app, reviewer.token, 'POST', `/ops/api/orders/${o}/refuse`, { reason: 'Unreadable' }),
              ),
              later(i * 2 + 1, () =>
                opsCall(app, reviewer.token, 'POST', `/ops/api/orders/${o}/refuse`, { reason: 'Unreadable' }),
              ),
              later(i * 3 + 2, () =>
                decide(app, reviewer, o, { lines: [{ status: 'failed', fail_reason: 'unclear_image' }] }),
              ),
            ]),
          );
          for (const o of orders) {
            const { status } = await orderRow(o);
            expect([1, 3]).toContain(status);
            // Pending with its request, or refused with none left.
            expect(await pendingApprovals(o)).toBe(status === 1 ? 1 : 0);
          }
        } finally {
          await app.close();
        }
      },
    );
  });

  describe('a withdrawal without a request key sent again, as after a crash', () => {
    /** A verified seller with ₦50,000, a PIN and a bank account. */
    async function seller(app: TestApp) {
      const u = await makeUser(app);
      await app.db.tx((q) => fund(q, ledger, u.id, 'NGN', 50_000_00n));
      expect(
        (
          await app.call('/withdraw/transactionPassword', {
            token: u.token,
            login_password: TEST_PASSWORD,
            password: '135246',
          })
        ).success,
      ).toBe(true);
      const serial = String(100_000_000 + Math.floor(Math.random() * 800_000_000));
      const acct = await app.call<{ bank_id: number }>('/payment/add', {
        token: u.token,
        password: TEST_PASSWORD,
        t_password: '135246',
        payment_id: '1',
        bank_id: '100',
        account_no: serial + nubanCheckDigit('044', serial),
        account_name: '',
      });
      expect(acct.success).toBe(true);
      await verifyIdentity(app, u.id);
      return { ...u, bankId: String(acct.data.bank_id) };
    }
    const apply = (app: TestApp, u: { token: string; bankId: string }, amount = '2000') =>
      app.call<{ withdraw_no: string }>('/withdraw/apply', {
        token: u.token,
        bank_id: u.bankId,
        amount,
        password: '135246',
      });
    const count = async (userId: number) =>
      (await t.db.query<{ n: number }>('select count(*)::int as n from withdrawals where user_id = $1', [userId]))
        .rows[0]!.n;
    const age = (userId: number, seconds: number) =>
      t.db.query('update withdrawals set created_at = now() - make_interval(secs => $2) where user_id = $1', [
        userId,
        seconds,
      ]);

    test(
      'the same amount to the same account is refused for WITHDRAW_DUPLICATE_MINUTES (5), by a restarted ' + 'api too',
      async () => {
        const u = await seller(t);
        const first = await apply(t, u);
        expect(first.success).toBe(true);
        // The api crashes before answering; the app, after 11 s, sends it again to a new process.
        await age(u.id, 11);
        const restarted = await testApp(tdb, {
          security: { coolingOffMs: 0, siteUrl: 'http://site.test', reauthGraceMs: 0 },
        });
        try {
          expect(await apply(restarted, u)).toMatchObject({ success: false, msg: WITHDRAW_MESSAGES.duplicate });
          // A re-tap four minutes later is refused too.
          await age(u.id, 4 * 60);
          expect(await apply(restarted, u)).toMatchObject({ success: false, msg: WITHDRAW_MESSAGES.duplicate });
          // Another amount is another withdrawal.
          expect((await apply(restarted, u, '2500')).success).toBe(true);
          expect(await count(u.id)).toBe(2);
          // Past the window, the same amount again is a new withdrawal.
          await age(u.id, 5 * 60 + 1);
          expect((await apply(restarted, u)).success).toBe(true);
          expect(await count(u.id)).toBe(3);
        } finally {
          await restarted.close();
        }
      },
    );

    test('a failed one does not block sending the same amount again', async () => {
      const u = await seller(t);
      const first = await apply(t, u);
      const finance = await makeStaff(t, 'finance');
      expect(
        (
          await opsCall(t, finance.token, 'POST', `/ops/api/withdrawals/${first.data.withdraw_no}/settle`, {
            outcome: 'failed',
            reason: 'Bank rejected the account',
          })
        ).success,
      ).toBe(true);
      expect((await apply(t, u)).success).toBe(true);
    });

    test('the window is a setting: at least a minute', () => {
      expect(t.config.withdraw.duplicateWindowMinutes).toBe(5);
      expect(() => configFrom({}, { WITHDRAW_DUPLICATE_MINUTES: '0' })).toThrow(/WITHDRAW_DUPLICATE_MINUTES/);
      expect(configFrom({}, { WITHDRAW_DUPLICATE_MINUTES: '15' }).withdraw.duplicateWindowMinutes).toBe(15);
    });

    onPg(
      '20 keyless taps at once: one withdrawal, the others refused as duplicates; 20 more 11 s later: all refused',
      async () => {
        const u = await seller(t);
        const replies = await Promise.all(Array.from({ length: 20 }, () => apply(t, u)));
        expect(replies.filter((r) => r.success)).toHaveLength(1);
        expect(replies.filter((r) => !r.success).every((r) => r.msg === WITHDRAW_MESSAGES.duplicate)).toBe(true);
        expect(await count(u.id)).toBe(1);
        // The app retries after a crash of the api, 11 s later, several times at once: still one.
        await age(u.id, 11);
        const retries = await Promise.all(Array.from({ length: 20 }, () => apply(t, u)));
        expect(retries.map((r) => r.msg)).toEqual(retries.map(() => WITHDRAW_MESSAGES.duplicate));
        expect(await count(u.id)).toBe(1);
      },
    );
  });
});
