import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { checkLedger } from '../modules/ledger/check.js';
import { FOUR_EYES_MESSAGES } from '../modules/ops/four-eyes.js';
import { rateCeiling } from '../modules/order/service.js';
import { freshDb, targets, testApp, type TestApp, type TestDb } from '../test/harness.js';
import { claimedOrder as claimed, makeStaff, opsCall, upload } from '../test/money.js';

jest.setTimeout(120_000);

describe('rateCeiling', () => {
  test('the catalog rate or a higher locked rate, plus the tolerance rounded down', () => {
    expect(rateCeiling(121_000n, null, 5)).toBe(127_050n);
    expect(rateCeiling(121_000n, 130_000n, 5)).toBe(136_500n);
    expect(rateCeiling(121_000n, 100_000n, 5)).toBe(127_050n);
    expect(rateCeiling(99n, null, 5)).toBe(103n);
    expect(rateCeiling(121_000n, null, 0)).toBe(121_000n);
  });
});

describe.each(targets())('reviewer controls on %s', (target) => {
  let tdb: TestDb;
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'gl-rv-'));
    tdb = await freshDb(target);
    // REVIEW_RATE_TOLERANCE_PERCENT: 5 by default
    t = await testApp(tdb, { uploadDir: dir, publicUrl: 'http://api.test' });
  });
  afterAll(async () => {
    await t?.close();
    await tdb?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  afterEach(async () => {
    expect(await checkLedger(t.db)).toEqual([]);
  });

  type Decided = {
    status: number;
    amount: string;
    replayed: boolean;
    awaiting_approval?: { id: number; status: string; kind: string; target_id: string; reason: string };
  };
  async function claimedOrder(by?: { id: number; token: string }) {
    const { seller: u, reviewer, orderNo } = await claimed(t, { by });
    const catalog = await t.call<{ card_list: { list: { card_id: number; rate: string | number }[] }[] }>(
      '/card/calculator',
      { token: u.token, country_id: '1' },
    );
    const rate = catalog.data.card_list.flatMap((c) => c.list).find((c) => c.card_id === 1)!.rate;
    return { u, reviewer, orderNo, rateMinor: BigInt(Math.round(Number(rate) * 100)) };
  }
  const money = (minor: bigint) => `${minor / 100n}.${String(minor % 100n).padStart(2, '0')}`;
  const balance = async (token: string) =>
    (await t.call<{ total_amount: number }>('/wallet/balance', { token })).data.total_amount;

  test('a mistyped rate far above the catalog is refused with the most allowed, and nothing is credited', async () => {
    const { u, reviewer, orderNo, rateMinor } = await claimedOrder();
    const typo = await opsCall(t, reviewer.token, 'POST', `/ops/api/orders/${orderNo}/decide`, {
      lines: [{ status: 'success', card_id: 1, face_value: '40', rate: '999999999.99' }],
    });
    expect(typo.success).toBe(false);
    expect(typo.msg).toMatch(/is more than 5% above the catalog rate/);
    const most = Number(money(rateCeiling(rateMinor, rateMinor, 5))).toLocaleString('en-US', {
      minimumFractionDigits: 2,
    });
    expect(typo.msg).toMatch(
      new RegExp(
        `^The rate ₦999,999,999\\.99 for .+ is more than 5% above the catalog rate ₦[\\d,.]+: the most allowed is ` +
          `₦${most.replace('.', '\\.')}$`,
      ),
    );
    expect(await balance(u.token)).toBe(0);
    const detail = await t.call<{ status: number }>('/ord/detail', { token: u.token, order_no: orderNo });
    expect(detail.data.status).toBe(1);
  });

  test(
    'one minor unit above the ceiling is refused; the ceiling itself, above the quote, waits for a second ' +
      'reviewer',
    async () => {
      const { u, reviewer, orderNo, rateMinor } = await claimedOrder();
      const ceiling = rateCeiling(rateMinor, rateMinor, 5);
      const decide = (staff: { token: string }, rate: bigint, app = t) =>
        opsCall<Decided>(app, staff.token, 'POST', `/ops/api/orders/${orderNo}/decide`, {
          lines: [{ status: 'success', card_id: 1, face_value: '40', rate: money(rate) }],
        });
      expect((await decide(reviewer, ceiling + 1n)).success).toBe(false);
      const asked = await decide(reviewer, ceiling);
      expect(asked).toMatchObject({
        success: true,
        data: {
          status: 1,
          replayed: false,
          awaiting_approval: { status: 'pending', kind: 'order_decision', target_id: orderNo },
        },
      });
      expect(asked.data.awaiting_approval!.reason).toMatch(
        /^The payout ₦[\d,.]+ is above the seller's quote of ₦[\d,.]+$/,
      );
      expect(await balance(u.token)).toBe(0);
      // A retry is the same request; another decision must wait until this one is approved or rejected.
      expect((await decide(reviewer, ceiling)).data).toMatchObject({
        replayed: true,
        awaiting_approval: { id: asked.data.awaiting_approval!.id },
      });
      expect(await decide(reviewer, rateMinor)).toMatchObject({ success: false, msg: FOUR_EYES_MESSAGES.waiting });
      const id = asked.data.awaiting_approval!.id;
      expect(await opsCall(t, reviewer.token, 'POST', `/ops/api/approvals/${id}/approve`, {})).toMatchObject({
        success: false,
        msg: FOUR_EYES_MESSAGES.own,
      });
      const finance = await makeStaff(t, 'finance');
      expect((await opsCall(t, finance.token, 'POST', `/ops/api/approvals/${id}/approve`, {})).status).toBe(403);
      // Two approvers at once: the order is credited once.
      const [a, b] = await Promise.all([makeStaff(t, 'reviewer'), makeStaff(t, 'reviewer')]);
      const both = await Promise.all(
        [a, b].map((x) =>
          opsCall<{ status: string; result: { status: number } }>(
            t,
            x.token,
            'POST',
            `/ops/api/approvals/${id}/approve`,
            { note: 'photos match the codes' },
          ),
        ),
      );
      expect(both.filter((r) => r.success)).toHaveLength(1);
      expect(both.find((r) => !r.success)?.msg).toBe(FOUR_EYES_MESSAGES.done);
      expect(both.find((r) => r.success)?.data).toMatchObject({ status: 'approved', result: { status: 2 } });
      const detail = await t.call<{ status: number; amount: string }>('/ord/detail', {
        token: u.token,
        order_no: orderNo,
      });
      expect(detail.data.status).toBe(2);
      expect(await balance(u.token)).toBe(Number(detail.data.amount));
      // The reviewer's retry of the decision now answers as the decision made.
      expect((await decide(reviewer, ceiling)).data).toMatchObject({ status: 2, replayed: true });
      const admin = await makeStaff(t, 'admin');
      const trail = await opsCall<{ action: string }[]>(
        t,
        admin.token,
        'GET',
        `/ops/api/audit?target_type=order&target_id=${orderNo}`,
      );
      expect(trail.data.map((x) => x.action)).toEqual(['order.decide', 'order.decide.requested', 'order.claim']);
    },
  );

  test('above the threshold: waits, a rejection sends it back, and the reviewer may withdraw a request', async () => {
    const strict = await testApp(tdb, {
      uploadDir: dir,
      publicUrl: 'http://api.test',
      review: { rateTolerancePercent: 5, fourEyesAbove: { NGN: '10000' }, dailyCap: {} },
    });
    try {
      const { u, reviewer, orderNo } = await claimedOrder();
      const decision = { lines: [{ status: 'success', card_id: 1, face_value: '40' }] };
      const asked = await opsCall<Decided>(
        strict,
        reviewer.token,
        'POST',
        `/ops/api/orders/${orderNo}/decide`,
        decision,
      );
      expect(asked.data.awaiting_approval!.reason).toMatch(/^The payout ₦[\d,.]+ is above ₦10,000\.00$/);
      const other = await makeStaff(strict, 'reviewer');
      expect(
        await opsCall(strict, other.token, 'POST', `/ops/api/approvals/${asked.data.awaiting_approval!.id}/reject`, {
          reason: 'No',
        }),
      ).toMatchObject({ success: false });
      expect(
        (
          await opsCall<{ status: string }>(
            strict,
            other.token,
            'POST',
            `/ops/api/approvals/${asked.data.awaiting_approval!.id}/reject`,
            { reason: 'The second code is unreadable' },
          )
        ).data.status,
      ).toBe('rejected');
      expect(await balance(u.token)).toBe(0);
      // Sent back: the reviewer decides again (still above the threshold: a new request), then withdraws it.
      const again = await opsCall<Decided>(
        strict,
        reviewer.token,
        'POST',
        `/ops/api/orders/${orderNo}/decide`,
        decision,
      );
      expect(again.data.awaiting_approval!.id).not.toBe(asked.data.awaiting_approval!.id);
      expect(
        (
          await opsCall<{ status: string }>(
            strict,
            reviewer.token,
            'POST',
            `/ops/api/approvals/${again.data.awaiting_approval!.id}/reject`,
            { reason: 'I will split it' },
          )
        ).data.status,
      ).toBe('rejected');
      // The database itself refuses a request approved by the one who made it.
      await expect(
        t.db.query("update approvals set status = 'approved', decided_by = requested_by where id = $1", [
          again.data.awaiting_approval!.id,
        ]),
      ).rejects.toThrow(/check constraint/);
      // Paying nothing needs nobody: every card failed, the order is refused at once.
      const refused = await opsCall<Decided>(strict, reviewer.token, 'POST', `/ops/api/orders/${orderNo}/decide`, {
        lines: [{ status: 'failed', fail_reason: 'invalid_code' }],
      });
      expect(refused.data).toMatchObject({ status: 3 });
      expect(refused.data.awaiting_approval).toBeUndefined();
    } finally {
      await strict.close();
    }
  });

  test("the preview names the seller's first-order bonus inside the payout, and a later order has none", async () => {
    const { u, reviewer, orderNo } = await claimedOrder();
    const line = { lines: [{ status: 'success', card_id: 1, face_value: '40' }] };
    const first = await opsCall<{ amount: string; currency: string; first_order_bonus: string }>(
      t,
      reviewer.token,
      'POST',
      `/ops/api/orders/${orderNo}/preview`,
      line,
    );
    expect(first.success).toBe(true);
    const bonus = first.data.first_order_bonus;
    expect(Number(bonus)).toBeGreaterThan(0);
    expect((await opsCall(t, reviewer.token, 'POST', `/ops/api/orders/${orderNo}/decide`, line)).data).toMatchObject({
      amount: first.data.amount,
    });
    const images = await upload(t, u.token);
    const again = await t.call<{ order_no: string }>('/order/appadd', {
      token: u.token,
      images,
      user_memo: 'CODE-2',
      wallet_type: '1',
      card_id: '1',
      face_value: '40',
    });
    await opsCall(t, reviewer.token, 'POST', `/ops/api/orders/${again.data.order_no}/claim`);
    const later = await opsCall<{ amount: string; first_order_bonus: string }>(
      t,
      reviewer.token,
      'POST',
      `/ops/api/orders/${again.data.order_no}/preview`,
      line,
    );
    expect(later.data.first_order_bonus).toBe('0.00');
    // The same cards pay the bonus less on the later order.
    expect(Number(later.data.amount)).toBeCloseTo(Number(first.data.amount) - Number(bonus), 2);
  });

  test(
    'the queue: oldest first with waiting time, filters by brand, amount and waiting; release gives an ' + 'order back',
    async () => {
      type Queue = {
        brands: { id: number; name: string }[];
        orders: {
          order_no: string;
          waiting_minutes: number;
          brand: string | null;
          claimed_by: number | null;
          claimed_by_name: string | null;
        }[];
      };
      const a = await claimedOrder();
      const b = await claimedOrder();
      await t.db.query("update orders set created_at = now() - interval '3 hours' where order_no = $1", [a.orderNo]);
      const reviewer = await makeStaff(t, 'reviewer');
      const queue = (query = '') => opsCall<Queue>(t, reviewer.token, 'GET', `/ops/api/orders/queue${query}`);
      // Claimed by others: not in this reviewer's queue until released.
      expect((await queue()).data.orders.map((o) => o.order_no)).not.toContain(a.orderNo);
      expect(await opsCall(t, reviewer.token, 'POST', `/ops/api/orders/${a.orderNo}/release`)).toMatchObject({
        success: false,
        msg: 'Another operator is working on this order',
      });
      expect((await opsCall(t, a.reviewer.token, 'POST', `/ops/api/orders/${a.orderNo}/release`)).success).toBe(true);
      const admin = await makeStaff(t, 'admin');
      expect((await opsCall(t, admin.token, 'POST', `/ops/api/orders/${b.orderNo}/release`)).success).toBe(true);
      const all = (await queue()).data;
      const mine = all.orders.filter((o) => [a.orderNo, b.orderNo].includes(o.order_no));
      expect(mine.map((o) => o.order_no)).toEqual([a.orderNo, b.orderNo]); // oldest first
      expect(mine[0]!.waiting_minutes).toBeGreaterThanOrEqual(179);
      expect(mine[0]!.brand).toBe(all.brands.find((x) => x.id === 1)?.name ?? mine[0]!.brand);
      const waiting = (await queue('?waiting_over_minutes=120')).data.orders.map((o) => o.order_no);
      expect(waiting).toContain(a.orderNo);
      expect(waiting).not.toContain(b.orderNo);
      expect((await queue('?currency=NGN&min_amount=999999999')).data.orders).toEqual([]);
      expect(
        (await queue('?currency=NGN&min_amount=1&max_amount=999999999')).data.orders.map((o) => o.order_no),
      ).toEqual(expect.arrayContaining([a.orderNo, b.orderNo]));
      const brand = (await t.db.query<{ category_id: number }>('select category_id from cards where id = 1')).rows[0]!
        .category_id;
      expect((await queue(`?brand=${brand + 1000}`)).data.orders).toEqual([]);
      expect((await queue(`?brand=${brand}`)).data.orders.map((o) => o.order_no)).toEqual(
        expect.arrayContaining([a.orderNo, b.orderNo]),
      );
      expect(await queue('?min_amount=lots')).toMatchObject({
        success: false,
        msg: expect.stringMatching(/min_amount/),
      });
      // Released, it can be claimed by another reviewer; the release is audited.
      expect((await opsCall(t, reviewer.token, 'POST', `/ops/api/orders/${a.orderNo}/claim`)).success).toBe(true);
      const trail = await opsCall<{ action: string }[]>(
        t,
        admin.token,
        'GET',
        `/ops/api/audit?target_type=order&target_id=${a.orderNo}`,
      );
      expect(trail.data.map((x) => x.action)).toEqual(['order.claim', 'order.release', 'order.claim']);
    },
  );

  test("a reviewer's daily cap: payouts beyond it today wait for a second reviewer", async () => {
    const capped = await testApp(tdb, {
      uploadDir: dir,
      publicUrl: 'http://api.test',
      review: { rateTolerancePercent: 5, fourEyesAbove: {}, dailyCap: { NGN: '60000' } },
    });
    try {
      const reviewer = await makeStaff(capped, 'reviewer');
      const orders = [await claimedOrder(reviewer), await claimedOrder(reviewer)];
      const decide = (orderNo: string) =>
        opsCall<Decided>(capped, reviewer.token, 'POST', `/ops/api/orders/${orderNo}/decide`, {
          lines: [{ status: 'success', card_id: 1, face_value: '40' }],
        });
      expect((await decide(orders[0]!.orderNo)).data).toMatchObject({ status: 2 });
      const second = await decide(orders[1]!.orderNo);
      expect(second.data.status).toBe(1);
      expect(second.data.awaiting_approval!.reason).toMatch(
        /^This would take the reviewer's payouts today to ₦[\d,.]+, above their daily cap of ₦60,000\.00$/,
      );
      const list = await opsCall<{ id: number; requested_by_name: string }[]>(
        capped,
        (await makeStaff(capped, 'admin')).token,
        'GET',
        '/ops/api/approvals',
      );
      expect(list.data.find((x) => x.id === second.data.awaiting_approval!.id)?.requested_by_name).toBe(
        'Staff reviewer',
      );
    } finally {
      await capped.close();
    }
  });
});
