// Live waits: an order's estimate from its card family's queue and recent decisions, a withdrawal's
// from its payout rail's, the public status board, and staff marking a rail delayed (audited).
import { randomBytes } from 'node:crypto';
import { Ledger } from '../modules/ledger/ledger.js';
import type { Queryable, QueryResult } from '../db/db.js';
import { etaRepo } from '../modules/eta/repo.js';
import { ETA_MESSAGES, median, minutesLeft, typicalFrom } from '../modules/eta/service.js';
import { RAIL_MESSAGES } from '../modules/ops/rail-service.js';
import { ROLE_REFUSED } from '../modules/ops/route.js';
import { freshDb, targets, testApp, type TestApp, type TestDb } from '../test/harness.js';
import { makeStaff, makeUser, opsCall, sellerWithPendingWithdrawal } from '../test/money.js';

jest.setTimeout(120_000);

interface OrderEta {
  order_no: string;
  status: number;
  finished: boolean;
  eta_minutes: number;
  eta_time: number;
  ahead: number;
  family: string;
  typical_minutes: number;
  basis: 'recent' | 'usual';
  sample: number;
  poll_seconds: number;
}
interface Board {
  families: Array<{ category_id: number; name: string; review_minutes: number; basis: string; waiting: number }>;
  rails: Array<{ code: string; name: string; state: string; message: string; since: number; waiting: number }>;
}

describe('the estimate’s arithmetic', () => {
  test('median of an odd and an even count; none without values', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNull();
  });
  test('what is left of the typical time, or the queue ahead, whichever is longer; never under a minute', () => {
    const typical = typicalFrom(
      [
        { total_s: 600, handling_s: 120 },
        { total_s: 1200, handling_s: 180 },
        { total_s: 900, handling_s: null },
      ],
      { totalMinutes: 60, handlingMinutes: 3 },
    );
    expect(typical).toMatchObject({ totalMinutes: 15, handlingMinutes: 2.5, basis: 'recent', sample: 3 });
    expect(minutesLeft({ elapsedMinutes: 5, typical, ahead: 0 })).toBe(10);
    expect(minutesLeft({ elapsedMinutes: 5, typical, ahead: 9 })).toBe(25);
    expect(minutesLeft({ elapsedMinutes: 50, typical, ahead: 0 })).toBe(3);
    const usual = typicalFrom([], { totalMinutes: 90, handlingMinutes: 3 });
    expect(usual).toMatchObject({ totalMinutes: 90, basis: 'usual', sample: 0 });
    expect(minutesLeft({ elapsedMinutes: 200, typical: { ...usual, handlingMinutes: 0 }, ahead: 0 })).toBe(1);
  });
});

describe.each(targets())('live waits on %s', (target) => {
  let tdb: TestDb;
  let t: TestApp;
  const ledger = new Ledger();
  /** Card families with their cards (one card each is enough) and usual times. */
  let families: Array<{ category: number; card: number; name: string; timeout: number }>;
  let nextFamily = 0;
  const family = () => families[nextFamily++]!;

  beforeAll(async () => {
    tdb = await freshDb(target);
    t = await testApp(tdb, { security: { coolingOffMs: 0, siteUrl: 'http://site.test', reauthGraceMs: 0 } });
    families = (
      await t.db.query<{ category: number; card: number; name: string; timeout: number }>(
        `select distinct on (k.id) k.id as category, c.id as card, k.name, k.timeout_minutes as timeout
           from card_categories k join cards c on c.category_id = k.id where k.active and c.active order by k.id, c.id`,
      )
    ).rows;
    expect(families.length).toBeGreaterThan(5);
  });
  afterAll(async () => {
    await t?.close();
    await tdb?.close();
  });

  /** An order placed directly, `minutesAgo` before now (decided `decidedMinutesAgo` before now when given). */
  async function order(
    userId: number,
    card: number,
    minutesAgo: number,
    decided?: { minutesAgo: number; claimedMinutesAgo?: number },
  ): Promise<string> {
    const no = `T${randomBytes(6).toString('hex')}`;
    await t.db.query(
      `insert into orders (order_no, user_id, wallet_type, currency_code, card_id, params_hash, created_at, status,
                           finished_at, claimed_at, refused_reason)
       values ($1, $2, 1, 'NGN', $3, 'x', now() - make_interval(mins => $4), $5,
               case when $6::int is null then null else now() - make_interval(mins => $6::int) end,
               case when $7::int is null then null else now() - make_interval(mins => $7::int) end, $8)`,
      [
        no,
        userId,
        card,
        minutesAgo,
        decided ? 3 : 1,
        decided?.minutesAgo ?? null,
        decided?.claimedMinutesAgo ?? null,
        decided ? 'test' : '',
      ],
    );
    return no;
  }
  const decide = (no: string) =>
    t.db.query(`update orders set status = 3, finished_at = now(), refused_reason = 'test' where order_no = $1`, [no]);
  const eta = (token: string, nos: string[]) => t.call<OrderEta[]>('/ord/eta', { token, order_no: nos.join(',') });

  test('orders ahead are counted in the same card family only, and a decided one stops counting', async () => {
    const [f, other] = [family(), family()];
    const seller = await makeUser(t);
    const others = await makeUser(t);
    const a1 = await order(others.id, f.card, 30);
    const a2 = await order(others.id, f.card, 20);
    await order(others.id, other.card, 25); // another family: not ahead
    const mine = await order(seller.id, f.card, 10);
    await order(others.id, f.card, 5); // after mine: not ahead

    const r = await eta(seller.token, [mine]);
    expect(r.success).toBe(true);
    expect(r.data).toHaveLength(1);
    expect(r.data[0]).toMatchObject({ order_no: mine, status: 1, finished: false, ahead: 2, family: f.name });
    expect(r.data[0]!.poll_seconds).toBeGreaterThanOrEqual(10);

    await decide(a1);
    expect((await eta(seller.token, [mine])).data[0]!.ahead).toBe(1);
    await decide(a2);
    expect((await eta(seller.token, [mine])).data[0]!.ahead).toBe(0);

    // Decided: nothing to wait for, and the screen stops asking.
    await decide(mine);
    expect((await eta(seller.token, [mine])).data[0]).toMatchObject({
      finished: true,
      status: 3,
      eta_minutes: 0,
      ahead: 0,
    });
  });

  test('without history the family’s usual time is used; with it, the median of recent decisions', async () => {
    const f = family();
    const seller = await makeUser(t);
    const fresh = await order(seller.id, f.card, 0);
    const before = (await eta(seller.token, [fresh])).data[0]!;
    expect(before).toMatchObject({ basis: 'usual', sample: 0, typical_minutes: f.timeout });
    expect(before.eta_minutes).toBe(f.timeout);

    // Three decisions of 8, 12 and 40 minutes (median 12), claimed 2 minutes before each decision.
    const someone = await makeUser(t);
    for (const [took, ago] of [
      [8, 60],
      [12, 90],
      [40, 120],
    ] as const)
      await order(someone.id, f.card, took + ago, { minutesAgo: ago, claimedMinutesAgo: ago + 2 });
    // One decided two days ago: outside the 24 h read, not counted.
    await order(someone.id, f.card, 3000 + 500, { minutesAgo: 3000 });
    const after = (await eta(seller.token, [fresh])).data[0]!;
    expect(after).toMatchObject({ basis: 'recent', sample: 3, typical_minutes: 12 });
    expect(after.eta_minutes).toBe(12);
    expect(after.eta_time).toBeGreaterThan(Date.now() / 1000 + 11 * 60);
  });

  test('the queue ahead lengthens the estimate past the typical time', async () => {
    const f = family();
    const seller = await makeUser(t);
    const someone = await makeUser(t);
    // Recent decisions: 10 minutes in all, 4 of them in a reviewer's hands.
    for (const ago of [30, 40, 50])
      await order(someone.id, f.card, ago + 10, { minutesAgo: ago, claimedMinutesAgo: ago + 4 });
    for (let i = 0; i < 5; i++) await order(someone.id, f.card, 20 - i);
    const mine = await order(seller.id, f.card, 1);
    const r = (await eta(seller.token, [mine])).data[0]!;
    expect(r.ahead).toBe(5);
    expect(r.eta_minutes).toBe(24); // (5 ahead + mine) × 4 min, longer than the 9 left of 10
  });

  test('several orders in one call (the order list); another seller’s order is not found', async () => {
    const f = family();
    const seller = await makeUser(t);
    const stranger = await makeUser(t);
    const a = await order(seller.id, f.card, 3);
    const b = await order(seller.id, f.card, 2);
    const r = await eta(seller.token, [a, b]);
    expect(r.data.map((x) => [x.order_no, x.ahead])).toEqual([
      [a, 0],
      [b, 1],
    ]);
    for (const nos of [[a], [a, b], [b, 'T000000000000']]) {
      const refused = await eta(stranger.token, nos);
      expect(refused).toMatchObject({ success: false, msg: ETA_MESSAGES.orderNotFound });
      expect(refused.data ?? null).toBeNull();
    }
    expect(await eta(stranger.token, ['T000000000000'])).toMatchObject({ success: false });
    // Signed out: the contract's token message.
    expect((await t.call('/ord/eta', { order_no: a })).success).toBe(false);
  });

  test('bad input gets a clear message, never a 500', async () => {
    const seller = await makeUser(t);
    for (const [order_no, msg] of [
      [undefined, 'order_no is required'],
      ['', 'order_no is required'],
      [',,,', 'order_no: send 1 to 20 numbers, comma-separated'],
      [Array.from({ length: 21 }, (_, i) => `T${i}`).join(','), 'order_no: send 1 to 20 numbers, comma-separated'],
      ["T1' or 1=1--", 'order_no is not a valid number'],
      ['x'.repeat(5000), 'order_no is too long (maximum 1300 characters)'],
    ] as const) {
      const r = await t.call('/ord/eta', { token: seller.token, order_no });
      expect(r.status).toBe(200);
      expect(r).toMatchObject({ success: false, msg });
    }
    const w = await t.call('/withdraw/eta', { token: seller.token, withdraw_no: 'W1' });
    expect(w).toMatchObject({ success: false, msg: ETA_MESSAGES.withdrawalNotFound });
  });

  test(
    'a withdrawal’s estimate: payouts ahead on its rail; the status board; staff mark and clear ' + 'a rail',
    async () => {
      const first = await sellerWithPendingWithdrawal(t, ledger);
      const second = await sellerWithPendingWithdrawal(t, ledger);
      const wEta = (s: { token: string; withdrawNo: string }) =>
        t.call<Array<Record<string, unknown>>>('/withdraw/eta', { token: s.token, withdraw_no: s.withdrawNo });
      const r1 = await wEta(first);
      expect(r1.success).toBe(true);
      expect(r1.data[0]).toMatchObject({
        withdraw_no: first.withdrawNo,
        status: 'pending',
        finished: false,
        ahead: 0,
        rail: 'BANK-1',
        rail_name: 'Bank transfer, Nigeria',
        rail_notice: '',
        basis: 'usual',
        typical_minutes: 30,
      });
      expect((await wEta(second)).data[0]).toMatchObject({ ahead: 1 });
      // Another seller's withdrawal is not theirs to read.
      expect(await t.call('/withdraw/eta', { token: second.token, withdraw_no: first.withdrawNo })).toMatchObject({
        success: false,
        msg: ETA_MESSAGES.withdrawalNotFound,
      });

      const board = async () => (await t.call<Board>('/public/status', {})).data;
      let b = await board();
      const names = b.rails.map((r) => r.name);
      for (const n of ['Bank transfer, Nigeria', 'Bank transfer, Ghana', 'MTN MoMo', 'Telecel Cash', 'AT Money'])
        expect(names).toContain(n);
      expect(names.filter((n) => n.startsWith('USDT')).length).toBe(3);
      expect(b.rails.find((r) => r.code === 'BANK-1')).toMatchObject({ state: 'normal', message: '', waiting: 2 });
      expect(b.families.length).toBeGreaterThan(5);
      expect(b.families[0]).toEqual(
        expect.objectContaining({ name: expect.any(String), review_minutes: expect.any(Number) }),
      );

      // From data: a payout on the rail past the time promised to its seller (30 minutes) makes it delayed.
      await t.db.query(
        "update withdrawals set created_at = now() - interval '45 minutes', promised_at = now() - interval '15 " +
          "minutes' where withdraw_no = $1",
        [first.withdrawNo],
      );
      b = await board();
      expect(b.rails.find((r) => r.code === 'BANK-1')).toMatchObject({
        state: 'delayed',
        message: ETA_MESSAGES.railSlow,
      });
      expect(b.rails.find((r) => r.code === 'MOMO-MTN')).toMatchObject({ state: 'normal' });

      // Staff: finance marks MTN MoMo delayed; the board, the withdraw form's accounts and the estimate say so.
      const finance = await makeStaff(t, 'finance');
      const admin = await makeStaff(t, 'admin');
      const reviewer = await makeStaff(t, 'reviewer');
      const message = 'MTN MoMo payouts are slow because of an MTN outage; we expect them to resume by 15:00.';
      const marked = await opsCall<{ rail: { delay_message: string; marked_by: number }; changed: boolean }>(
        t,
        finance.token,
        'POST',
        '/ops/api/rails/MOMO-MTN/delay',
        { message, reason: 'MTN status page' },
      );
      expect(marked).toMatchObject({ success: true, data: { changed: true, rail: { delay_message: message } } });
      expect(marked.data.rail.marked_by).toBe(finance.id);
      b = await board();
      expect(b.rails.find((r) => r.code === 'MOMO-MTN')).toMatchObject({ state: 'delayed', message });
      expect(b.rails.find((r) => r.code === 'MOMO-MTN')!.since).toBeGreaterThan(0);
      const audits = async () =>
        (
          await t.db.query<{ staff_id: number; action: string; reason: string; details: { after: string } }>(
            `select staff_id, action, reason, details from audit_log where target_type = 'payout_rail' order by id`,
          )
        ).rows;
      expect(await audits()).toEqual([
        {
          staff_id: finance.id,
          action: 'rail.delayed',
          reason: 'MTN status page',
          details: { before: '', after: message },
        },
      ]);

      // The same again changes nothing and writes no second row.
      const again = await opsCall(t, finance.token, 'POST', '/ops/api/rails/MOMO-MTN/delay', { message });
      expect(again).toMatchObject({ success: true, data: { changed: false } });
      expect(await audits()).toHaveLength(1);

      // A Ghanaian seller's MoMo account carries the notice in payment/list (the withdraw form).
      const gh = await makeUser(t, { country: 2 });
      await t.db.query(
        `insert into payout_accounts (user_id, method, bank_id, account_no, account_name, is_default)
       values ($1, 'MOMO', (select id from banks where rail = 'MOMO-MTN'), '0241234567', 'Ama Mensah', true),
              ($1, 'MOMO', (select id from banks where rail = 'MOMO-AT'), '0271234567', 'Ama Mensah', false)`,
        [gh.id],
      );
      const list = await t.call<
        Array<{ code: string; data_list: Array<{ account_no: string; rail_notice?: string }> }>
      >('/payment/list', { token: gh.token, type: 1 });
      const accounts = list.data.flatMap((g) => g.data_list);
      expect(accounts.find((a) => a.account_no === '0241234567')?.rail_notice).toBe(message);
      expect(accounts.find((a) => a.account_no === '0271234567')?.rail_notice).toBe('');

      // Other roles are refused; an admin may clear it; bad input is told plainly.
      const refused = await opsCall(t, reviewer.token, 'POST', '/ops/api/rails/MOMO-MTN/delay', { message: 'x' });
      expect(refused).toMatchObject({ success: false, msg: ROLE_REFUSED });
      expect((await opsCall(t, reviewer.token, 'GET', '/ops/api/rails')).success).toBe(false);
      expect(await opsCall(t, 'forged-token', 'POST', '/ops/api/rails/MOMO-MTN/delay', { message: 'x' })).toMatchObject(
        {
          success: false,
        },
      );
      expect(
        await opsCall(t, finance.token, 'POST', '/ops/api/rails/MOMO-MTN/delay', { message: 'x'.repeat(301) }),
      ).toMatchObject({ success: false, msg: expect.stringContaining(RAIL_MESSAGES.messageTooLong) });
      const unknown = await opsCall(t, finance.token, 'POST', '/ops/api/rails/NOPE/delay', { message: 'x' });
      expect(unknown).toMatchObject({ success: false, msg: ETA_MESSAGES.railNotFound });
      expect(unknown.status).toBeLessThan(500);
      const noBody = await opsCall(t, finance.token, 'POST', '/ops/api/rails/MOMO-MTN/delay', { text: 1 });
      expect(noBody.success).toBe(false);
      expect(noBody.status).toBeLessThan(500);

      const cleared = await opsCall(t, admin.token, 'POST', '/ops/api/rails/MOMO-MTN/delay', { message: '  ' });
      expect(cleared).toMatchObject({ success: true, data: { changed: true, rail: { delay_message: '' } } });
      expect((await board()).rails.find((r) => r.code === 'MOMO-MTN')).toMatchObject({ state: 'normal', message: '' });
      expect((await audits()).map((a) => [a.staff_id, a.action])).toEqual([
        [finance.id, 'rail.delayed'],
        [admin.id, 'rail.cleared'],
      ]);
      const listed = await opsCall<Array<{ code: string }>>(t, finance.token, 'GET', '/ops/api/rails');
      expect(listed.data.map((r) => r.code)).toContain('USDT-TRC20');
    },
  );

  test('the board reads recent decision times per family', async () => {
    const f = family();
    const someone = await makeUser(t);
    for (const [took, ago] of [
      [20, 10],
      [30, 20],
      [40, 30],
    ] as const)
      await order(someone.id, f.card, took + ago, { minutesAgo: ago });
    await order(someone.id, f.card, 3);
    const b = (await t.call<Board>('/public/status', {})).data;
    expect(b.families.find((x) => x.category_id === f.category)).toMatchObject({
      review_minutes: 30,
      basis: 'recent',
      waiting: 1,
    });
  });

  if (target === 'postgres') {
    test('with thousands of orders, the estimate reads through indexes, never a scan of every order', async () => {
      const f = family();
      const someone = await makeUser(t);
      // 6,000 orders over two days: most decided, some open, across every family.
      await t.db.query(
        `insert into orders (order_no, user_id, wallet_type, currency_code, card_id, params_hash, created_at, status,
                             finished_at, refused_reason)
         select 'B' || g, $1, 1, 'NGN', (select id from cards order by id offset (g % 40) limit 1), 'x',
                now() - make_interval(mins => g % 2880), case when g % 10 = 0 then 1 else 3 end,
                case when g % 10 = 0 then null else now() - make_interval(mins => g % 2880) + interval '5 minutes' end,
                case when g % 10 = 0 then '' else 'bulk' end
           from generate_series(1, 6000) g`,
        [someone.id],
      );
      await t.db.query('analyze orders');
      const plans: string[] = [];
      const explaining: Queryable = {
        query: async <T>(sql: string, params?: unknown[]) => {
          const r = await t.db.query<{ 'QUERY PLAN': string }>(`explain ${sql}`, params);
          plans.push(r.rows.map((x) => x['QUERY PLAN']).join('\n'));
          return r as unknown as QueryResult<T>;
        },
        exec: async () => undefined,
      };
      const since = new Date(Date.now() - 24 * 3600_000);
      await etaRepo.ordersAhead(explaining, { pending: 1, categoryId: f.category, before: new Date() });
      await etaRepo.ordersAhead(explaining, { pending: 1, categoryId: null, before: new Date() });
      await etaRepo.decisionTimes(explaining, { categoryId: f.category, since, limit: 20 });
      await etaRepo.decisionTimes(explaining, { categoryId: null, since, limit: 20 });
      await etaRepo.familyDecisionTimes(explaining, { since, limit: 20 });
      for (const plan of plans) expect(plan).not.toMatch(/Seq Scan on orders/);
    });

    test('parallel marks of one rail: each change is audited once, the rail ends in one of them', async () => {
      const finance = await makeStaff(t, 'finance');
      const msgs = Array.from({ length: 8 }, (_, i) => `Telecel Cash is slow (${i % 2})`);
      const rs = await Promise.all(
        msgs.map((message) => opsCall(t, finance.token, 'POST', '/ops/api/rails/MOMO-TELECEL/delay', { message })),
      );
      expect(rs.every((r) => r.success)).toBe(true);
      const changes = rs.filter((r) => (r.data as { changed: boolean }).changed).length;
      const rows = await t.db.query(
        `select 1 from audit_log where target_type = 'payout_rail' and target_id = 'MOMO-TELECEL'`,
      );
      expect(rows.rows).toHaveLength(changes);
      const final = await t.db.query<{ delay_message: string }>(
        `select delay_message from payout_rails where code = 'MOMO-TELECEL'`,
      );
      expect(msgs).toContain(final.rows[0]!.delay_message);
    });
  }
});
