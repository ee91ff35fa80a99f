import { randomBytes } from 'node:crypto';
import { checkLedger } from '../modules/ledger/check.js';
import { Ledger } from '../modules/ledger/ledger.js';
import { creditOrderDelay, DELAY_BREACH_JOB, sendBreachNotice } from '../modules/compensation/service.js';
import { BREACH_MESSAGES, delayAward } from '../modules/compensation/tiers.js';
import { freshDb, targets, testApp, type Target, type TestApp, type TestDb } from '../test/harness.js';
import { makeStaff, makeUser, opsCall, sellerWithPendingWithdrawal } from '../test/money.js';

jest.setTimeout(180_000);

const TIERS = {
  tiers: [
    { name: '15–30 min late', value: '0.5', start: 15 },
    { name: '30–60 min late', value: '1', start: 30 },
    { name: '1–2 h late', value: '2', start: 60 },
    { name: 'over 2 h late', value: '3', start: 120 },
  ],
  maxPercent: '3',
};

describe('delay compensation tiers', () => {
  const at = (min: number) => new Date(Date.UTC(2026, 0, 1, 12, min));
  const award = (late: number, base = 100_000n, maxPercent = '3') =>
    delayAward({ ...TIERS, maxPercent }, { promisedAt: at(0), answeredAt: at(late), baseMinor: base });
  test('the tier is the highest one reached; on time or before the first tier pays nothing', () => {
    expect(award(0)).toBeNull();
    expect(award(-5)).toBeNull();
    expect(award(14)).toBeNull();
    expect(award(15)).toEqual({ minutesLate: 15, percent: '0.5', amountMinor: 500n });
    expect(award(42)).toEqual({ minutesLate: 42, percent: '1', amountMinor: 1_000n });
    expect(award(61)).toEqual({ minutesLate: 61, percent: '2', amountMinor: 2_000n });
    expect(award(600)).toEqual({ minutesLate: 600, percent: '3', amountMinor: 3_000n });
  });
  test('capped by the maximum; nothing credited earns nothing', () => {
    expect(award(600, 100_000n, '2')).toEqual({ minutesLate: 600, percent: '2', amountMinor: 2_000n });
    expect(award(600, 0n)).toBeNull();
  });
});

/**
 * Delay compensation paid for real: an order decided (or a withdrawal paid) after its promised time
 * gets the tier's percent of what it credited, once, through the ledger, in the decision's or the
 * payment's transaction. The promised time is moved back in the database to make an order late.
 */
describe.each(targets())('delay compensation on %s', (target: Target) => {
  const onPg = target === 'postgres' ? test : test.skip;
  let tdb: TestDb;
  let t: TestApp;
  const ledger = new Ledger();
  beforeAll(async () => {
    tdb = await freshDb(target);
    t = await testApp(tdb, { security: { coolingOffMs: 0, siteUrl: 'http://site.test', reauthGraceMs: 0 } });
    await t.app.push.flush(); // the notice scan's first run only notes where the notices stand
  });
  afterAll(async () => {
    await t?.close();
    await tdb?.close();
  });
  afterEach(async () => {
    expect(await checkLedger(t.db)).toEqual([]);
  });

  type Staff = { id: number; token: string };
  type Detail = {
    status: number;
    amount: string;
    promised_time: number;
    create_time: number;
    delay_compensation: { amount: string; percent: string; minutes_late: number; line: string } | null;
    timeline: { status: string; note: string }[];
  };

  async function submitted(seller: { token: string }, face = '40') {
    const add = await t.call<{ order_no: string; overdue_msg: number }>('/order/appadd', {
      token: seller.token,
      user_memo: `CODE-${randomBytes(4).toString('hex')}`,
      wallet_type: '1',
      card_id: '1',
      face_value: face,
    });
    expect(add.success).toBe(true);
    return add.data;
  }
  async function claimed(seller: { token: string }, reviewer: Staff) {
    const { order_no } = await submitted(seller);
    expect((await opsCall(t, reviewer.token, 'POST', `/ops/api/orders/${order_no}/claim`)).success).toBe(true);
    return order_no;
  }
  /** Moves the order's promised time `minutes` (and a few seconds) into the past. */
  const lateBy = (orderNo: string, minutes: number) =>
    t.db.query(
      "update orders set promised_at = now() - make_interval(mins => $2) - interval '5 seconds' where order_no = $1",
      [orderNo, minutes],
    );
  const decide = (reviewer: Staff, orderNo: string, lines: unknown[]) =>
    opsCall<{ status: number; amount: string }>(t, reviewer.token, 'POST', `/ops/api/orders/${orderNo}/decide`, {
      lines,
    });
  const ok = (face = '40') => ({ status: 'success', card_id: 1, face_value: face });
  const failed = { status: 'failed', fail_reason: 'invalid_code' };
  const detail = async (seller: { token: string }, orderNo: string) => {
    const r = await t.call<Detail>('/ord/detail', { token: seller.token, order_no: orderNo });
    expect(r.success).toBe(true);
    return r.data;
  };
  const journals = async (key: string) =>
    (
      await t.db.query<{ n: number }>('select count(*)::int as n from ledger_journals where idempotency_key = $1', [
        key,
      ])
    ).rows[0]!.n;
  const orderId = async (orderNo: string) =>
    (await t.db.query<{ id: string }>('select id::text as id from orders where order_no = $1', [orderNo])).rows[0]!.id;
  const minor = (amount: string) => BigInt(Math.round(Number(amount) * 100));

  test(
    'every order is promised by its card category (the minutes the catalog shows), queued for its breach ' + 'notice',
    async () => {
      const seller = await makeUser(t);
      const sold = await submitted(seller);
      const d = await detail(seller, sold.order_no);
      const minutes = (
        await t.db.query<{ m: number }>(
          'select k.timeout_minutes as m from cards c join card_categories k on k.id = c.category_id where c.id = 1',
        )
      ).rows[0]!.m;
      expect(sold.overdue_msg).toBe(minutes);
      expect(d.promised_time - d.create_time).toBeGreaterThanOrEqual(minutes * 60 - 1);
      expect(d.promised_time - d.create_time).toBeLessThanOrEqual(minutes * 60 + 1);
      const job = await t.db.query<{ n: number }>(
        'select count(*)::int as n from pgboss.job where name = $1 and singleton_key = $2',
        [DELAY_BREACH_JOB, `delay:order:${await orderId(sold.order_no)}`],
      );
      expect(job.rows[0]!.n).toBe(1);
    },
  );

  test('decided on time: no compensation', async () => {
    const seller = await makeUser(t);
    const reviewer = await makeStaff(t, 'reviewer');
    const no = await claimed(seller, reviewer);
    expect((await decide(reviewer, no, [ok()])).success).toBe(true);
    const d = await detail(seller, no);
    expect(d.delay_compensation).toBeNull();
    expect(await journals(`delay:order:${await orderId(no)}`)).toBe(0);
  });

  test('decided 42 min late: 1 % of the credit, its own line on the order and in the wallet history', async () => {
    const seller = await makeUser(t);
    const reviewer = await makeStaff(t, 'reviewer');
    const no = await claimed(seller, reviewer);
    await lateBy(no, 42);
    const r = await decide(reviewer, no, [ok()]);
    expect(r.success).toBe(true);
    const d = await detail(seller, no);
    expect(d.delay_compensation).toMatchObject({
      percent: '1',
      minutes_late: 42,
      line: 'Delay compensation 1 % — 42 min late',
    });
    expect(minor(d.delay_compensation!.amount)).toBe(minor(d.amount) / 100n);
    expect(d.timeline.some((e) => e.status === 'compensated' && e.note.startsWith('Delay compensation 1 %'))).toBe(
      true,
    );
    const log = await t.call<{ name: string; memo: string; amount: number; order_no: string }[]>(
      '/wallet/moneyLogList',
      { token: seller.token, type: 'all' },
    );
    const line = log.data.find((x) => x.name === 'Delay compensation');
    expect(line).toMatchObject({ order_no: no, amount: Number(d.delay_compensation!.amount) });
    expect(line!.memo).toContain('Delay compensation 1 % — 42 min late');
    const list = await t.call<{ order_no: string; delay_compensation?: string; promised_time: number }[]>('/ord/list', {
      token: seller.token,
    });
    expect(list.data.find((o) => o.order_no === no)).toMatchObject({
      delay_compensation: d.delay_compensation!.amount,
    });
  });

  test('a failed card earns nothing; a partly failed order is compensated on its paid part only', async () => {
    const seller = await makeUser(t);
    const reviewer = await makeStaff(t, 'reviewer');
    const refused = await claimed(seller, reviewer);
    await lateBy(refused, 130);
    expect((await decide(reviewer, refused, [failed])).data.status).toBe(3);
    expect((await detail(seller, refused)).delay_compensation).toBeNull();
    expect(await journals(`delay:order:${await orderId(refused)}`)).toBe(0);

    const partly = await claimed(seller, reviewer);
    await lateBy(partly, 65);
    const r = await decide(reviewer, partly, [ok('40'), failed]);
    expect(r.data.status).toBe(4);
    const d = await detail(seller, partly);
    expect(d.delay_compensation).toMatchObject({ percent: '2', minutes_late: 65 });
    expect(minor(d.delay_compensation!.amount)).toBe((minor(d.amount) * 2n) / 100n);
  });

  onPg('a late decision raced twice credits the compensation once', async () => {
    const seller = await makeUser(t);
    const reviewer = await makeStaff(t, 'reviewer');
    const no = await claimed(seller, reviewer);
    await lateBy(no, 35);
    const replies = await Promise.all([decide(reviewer, no, [ok()]), decide(reviewer, no, [ok()])]);
    expect(replies.every((x) => x.success)).toBe(true);
    const id = await orderId(no);
    expect(await journals(`delay:order:${id}`)).toBe(1);
    const rows = await t.db.query<{ n: number }>(
      "select count(*)::int as n from delay_compensations where subject = 'order' and subject_id = $1",
      [id],
    );
    expect(rows.rows[0]!.n).toBe(1);
  });

  onPg('a late payout, settled twice at once, credits the compensation once', async () => {
    const finance = await makeStaff(t, 'finance');
    const s = await sellerWithPendingWithdrawal(t, ledger);
    await t.db.query("update withdrawals set promised_at = now() - interval '70 minutes' where withdraw_no = $1", [
      s.withdrawNo,
    ]);
    const settle = () =>
      opsCall(t, finance.token, 'POST', `/ops/api/withdrawals/${s.withdrawNo}/settle`, {
        outcome: 'paid',
        reference: `REF-${randomBytes(3).toString('hex')}`,
      });
    const replies = await Promise.all([settle(), settle()]);
    expect(replies.filter((r) => r.success).length).toBeGreaterThanOrEqual(1);
    const w = (
      await t.db.query<{ id: string }>('select id::text as id from withdrawals where withdraw_no = $1', [s.withdrawNo])
    ).rows[0]!;
    expect(await journals(`delay:withdrawal:${w.id}`)).toBe(1);
    const c = (
      await t.db.query<{ amount_minor: bigint; percent: string }>(
        "select amount_minor, percent from delay_compensations where subject = 'withdrawal' and subject_id = $1",
        [w.id],
      )
    ).rows[0]!;
    // 2 % of ₦20,000.
    expect(c).toMatchObject({ percent: '2', amount_minor: 40_000n });
  });

  test('a payout on time earns nothing; withdraw/information sends the withdrawal tiers it pays by', async () => {
    const finance = await makeStaff(t, 'finance');
    const s = await sellerWithPendingWithdrawal(t, ledger);
    expect(
      (
        await opsCall(t, finance.token, 'POST', `/ops/api/withdrawals/${s.withdrawNo}/settle`, {
          outcome: 'paid',
          reference: 'REF-ON-TIME',
        })
      ).success,
    ).toBe(true);
    const w = (
      await t.db.query<{ id: string }>('select id::text as id from withdrawals where withdraw_no = $1', [s.withdrawNo])
    ).rows[0]!;
    expect(await journals(`delay:withdrawal:${w.id}`)).toBe(0);
    const info = await t.call<{ overdue_time: string; overdue_data: unknown[]; overdue_max_percent: string }>(
      '/withdraw/information',
      { token: s.token },
    );
    expect(info.data).toMatchObject({ overdue_time: '30', overdue_max_percent: '3' });
    expect(info.data.overdue_data).toHaveLength(4);
  });

  test('the breach notice job runs at the promised time: a notice in the app and an e-mail, once', async () => {
    const seller = await makeUser(t);
    const { order_no } = await submitted(seller);
    const id = await orderId(order_no);
    // The order's promise, and its queued job, brought to now (as if its minutes had passed).
    await lateBy(order_no, 1);
    await t.db.query('update pgboss.job set start_after = now() where name = $1 and singleton_key = $2', [
      DELAY_BREACH_JOB,
      `delay:order:${id}`,
    ]);
    t.app.jobs.kick(DELAY_BREACH_JOB);
    const told = async () =>
      (
        await t.db.query<{ n: number }>('select count(*)::int as n from notices where order_no = $1 and title = $2', [
          order_no,
          BREACH_MESSAGES.orderTitle,
        ])
      ).rows[0]!.n;
    for (let i = 0; i < 100 && (await told()) === 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await told()).toBe(1);
    await t.app.push.flush(); // the notice scan sends the alert on to the seller's verified e-mail
    const mail = await t.db.query<{ n: number }>(
      "select count(*)::int as n from outbox where channel = 'email' and recipient = $1 and subject like $2",
      [seller.email, '%compensation is now accruing%'],
    );
    expect(mail.rows[0]!.n).toBe(1);
  });

  test('a late decision held for a second operator is compensated when it is approved, once', async () => {
    const strict = await testApp(tdb, {
      security: { coolingOffMs: 0, siteUrl: 'http://site.test', reauthGraceMs: 0 },
      review: { rateTolerancePercent: 5, fourEyesAbove: { NGN: '10000' }, dailyCap: {} },
    });
    try {
      const seller = await makeUser(strict);
      const reviewer = await makeStaff(strict, 'reviewer');
      const admin = await makeStaff(strict, 'admin');
      const add = await strict.call<{ order_no: string }>('/order/appadd', {
        token: seller.token,
        user_memo: 'CODE-4EYES',
        wallet_type: '1',
        card_id: '1',
        face_value: '40',
      });
      const no = add.data.order_no;
      expect((await opsCall(strict, reviewer.token, 'POST', `/ops/api/orders/${no}/claim`)).success).toBe(true);
      await lateBy(no, 20);
      const asked = await opsCall<{ awaiting_approval?: { id: number } }>(
        strict,
        reviewer.token,
        'POST',
        `/ops/api/orders/${no}/decide`,
        { lines: [ok()] },
      );
      expect(asked.data.awaiting_approval).toBeDefined();
      expect(await journals(`delay:order:${await orderId(no)}`)).toBe(0);
      const approve = () =>
        opsCall(strict, admin.token, 'POST', `/ops/api/approvals/${asked.data.awaiting_approval!.id}/approve`, {
          note: 'checked',
        });
      expect((await approve()).success).toBe(true);
      await approve();
      expect(await journals(`delay:order:${await orderId(no)}`)).toBe(1);
      expect((await detail(seller, no)).delay_compensation).toMatchObject({ percent: '0.5', minutes_late: 20 });
    } finally {
      await strict.close();
    }
  });

  test('creditOrderDelay (a counter-offer accepted later): the clock stops at our answer, credited once', async () => {
    const seller = await makeUser(t);
    const reviewer = await makeStaff(t, 'reviewer');
    // Credited on time by its decision (nothing owed then); the lead's counter-offer acceptance calls
    // creditOrderDelay in the transaction that credits the order, with the time the offer was sent.
    const no = await claimed(seller, reviewer);
    expect((await decide(reviewer, no, [ok()])).success).toBe(true);
    expect(await journals(`delay:order:${await orderId(no)}`)).toBe(0);
    const promised = (await t.db.query<{ p: Date }>('select promised_at as p from orders where order_no = $1', [no]))
      .rows[0]!.p;
    const deps = { ledger, ref: t.app.ref };
    // Our offer went out 20 minutes after the promise; however long the seller took to accept, 20 minutes count.
    const answeredAt = new Date(promised.getTime() + 20 * 60_000);
    const first = await t.db.tx((q) => creditOrderDelay(q, deps, { orderNo: no, answeredAt, creditedMinor: 100_000n }));
    expect(first).toMatchObject({ line: 'Delay compensation 0.5 % — 20 min late', replayed: false });
    expect(first!.compensation.amount_minor).toBe(500n);
    const again = await t.db.tx((q) =>
      creditOrderDelay(q, deps, {
        orderNo: no,
        answeredAt: new Date(promised.getTime() + 300 * 60_000),
        creditedMinor: 100_000n,
      }),
    );
    expect(again).toMatchObject({ replayed: true });
    expect(again!.compensation.amount_minor).toBe(500n);
    expect(await journals(`delay:order:${await orderId(no)}`)).toBe(1);
    // Answered before the promise: nothing.
    const other = await submitted(seller);
    expect(
      await t.db.tx((q) =>
        creditOrderDelay(q, deps, { orderNo: other.order_no, answeredAt: new Date(), creditedMinor: 100_000n }),
      ),
    ).toBeNull();
  });

  test(
    'a withdrawal past its promise, still unpaid: the seller is told once; a ledger check sees a stray ' + 'journal',
    async () => {
      const s = await sellerWithPendingWithdrawal(t, ledger);
      await t.db.query("update withdrawals set promised_at = now() - interval '1 minute' where withdraw_no = $1", [
        s.withdrawNo,
      ]);
      const w = (
        await t.db.query<{ id: string }>('select id::text as id from withdrawals where withdraw_no = $1', [
          s.withdrawNo,
        ])
      ).rows[0]!;
      expect(await sendBreachNotice(t.db, { subject: 'withdrawal', id: BigInt(w.id) })).toBe(true);
      expect(await sendBreachNotice(t.db, { subject: 'withdrawal', id: BigInt(w.id) })).toBe(false);
      const n = await t.db.query<{ n: number }>(
        'select count(*)::int as n from notices where user_id = $1 and title = $2',
        [s.id, BREACH_MESSAGES.withdrawalTitle],
      );
      expect(n.rows[0]!.n).toBe(1);
      // A compensation journal without its row (money moved outside the service) is a breach of the books:
      // made in a transaction that is rolled back once the check has seen it.
      const seen = await t.db
        .tx(async (q) => {
          const user = await ledger.userAccount(q, { userId: s.id, kind: 'cash', currency: 'NGN' });
          await ledger.transfer(q, {
            key: `stray:${w.id}`,
            kind: 'delay_compensation',
            legs: [
              { account: user, amountMinor: 100n },
              { account: await ledger.platformAccount(q, 'compensation', 'NGN'), amountMinor: -100n },
            ],
          });
          throw Object.assign(new Error('roll back'), { breaches: await checkLedger(q) });
        })
        .catch((err: { breaches?: { invariant: string }[] }) => err.breaches ?? []);
      expect(seen.map((b) => b.invariant)).toEqual([expect.stringMatching(/^a delay compensation is one journal/)]);
    },
  );

  test('the breach notice tells the seller once, and nothing once the order is decided', async () => {
    const seller = await makeUser(t);
    const reviewer = await makeStaff(t, 'reviewer');
    const no = await claimed(seller, reviewer);
    await lateBy(no, 1);
    const id = BigInt(await orderId(no));
    expect(await sendBreachNotice(t.db, { subject: 'order', id })).toBe(true);
    expect(await sendBreachNotice(t.db, { subject: 'order', id })).toBe(false);
    const notices = await t.db.query<{ n: number }>(
      'select count(*)::int as n from notices where order_no = $1 and title = $2',
      [no, BREACH_MESSAGES.orderTitle],
    );
    expect(notices.rows[0]!.n).toBe(1);

    const decided = await claimed(seller, reviewer);
    expect((await decide(reviewer, decided, [ok()])).success).toBe(true);
    await lateBy(decided, 1);
    expect(await sendBreachNotice(t.db, { subject: 'order', id: BigInt(await orderId(decided)) })).toBe(false);
  });
});
