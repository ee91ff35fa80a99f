// What the console needs beside the decisions themselves: the seller behind an order, the orders
// waiting for a second operator in the queue, a decided order's card lines and the next order to
// review, and a new payout account's wait on the user page (which an admin can end). Every reply
// here is also checked against the ops contract (shared-sdk/src/ops/replies.ts) by the api itself.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { OpsReply } from '@giftlane/shared-sdk/ops/replies';
import { Ledger } from '../modules/ledger/ledger.js';
import { FAIL_REASONS, rateCeiling } from '../modules/order/service.js';
import { nubanCheckDigit } from '../modules/payment/nuban.js';
import { freshDb, targets, testApp, type TestApp, type TestDb } from '../test/harness.js';
import { fund, makeStaff, makeUser, opsCall, TEST_PASSWORD, upload, verifyIdentity } from '../test/money.js';

jest.setTimeout(120_000);

describe.each(targets())('the console’s data on %s', (target) => {
  let tdb: TestDb;
  let t: TestApp;
  let dir: string;
  const ledger = new Ledger();
  beforeAll(async () => {
    tdb = await freshDb(target);
    dir = mkdtempSync(path.join(tmpdir(), 'gl-console-'));
    t = await testApp(tdb, {
      uploadDir: dir,
      publicUrl: 'http://api.test',
      security: { coolingOffMs: 24 * 3600_000, siteUrl: 'http://site.test', reauthGraceMs: 0 },
    });
  });
  afterAll(async () => {
    await t?.close();
    await tdb?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const submit = async (u: { token: string }) => {
    const add = await t.call<{ order_no: string }>('/order/appadd', {
      token: u.token,
      images: await upload(t, u.token),
      user_memo: 'CODE-1',
      wallet_type: '1',
      card_id: '1',
      face_value: '40',
    });
    expect(add.success).toBe(true);
    return add.data.order_no;
  };
  const line = (rate: string) => ({ status: 'success', card_id: 1, face_value: '40', rate });
  type Detail = OpsReply<'GET /ops/api/orders/:order_no'>;
  /**
   * The rate locked in the order's quote, and the highest a reviewer may pay (5% above: a second operator approves).
   */
  const ratesOf = async (token: string, no: string) => {
    const d = await opsCall<Detail>(t, token, 'GET', `/ops/api/orders/${no}`);
    const minor = BigInt(d.data.quote!.rate.replace('.', ''));
    const ceiling = rateCeiling(minor, minor, 5);
    return {
      quote: d.data.quote!.rate,
      above: `${ceiling / 100n}.${String(ceiling % 100n).padStart(2, '0')}`,
      amount: d.data.quote!.amount,
    };
  };

  test(
    'the review screen shows who the seller is: verification, account age, past orders by outcome, freeze, ' +
      'linked accounts',
    async () => {
      const seller = await makeUser(t);
      const reviewer = await makeStaff(t, 'reviewer');
      const finance = await makeStaff(t, 'finance');
      // One past order paid in full, one refused.
      let paid = '';
      for (const outcome of ['paid', 'refused'] as const) {
        const no = await submit(seller);
        expect((await opsCall(t, reviewer.token, 'POST', `/ops/api/orders/${no}/claim`)).success).toBe(true);
        const done =
          outcome === 'paid'
            ? await opsCall<{ amount: string }>(t, reviewer.token, 'POST', `/ops/api/orders/${no}/decide`, {
                lines: [line((await ratesOf(reviewer.token, no)).quote)],
              })
            : await opsCall<{ amount: string }>(t, reviewer.token, 'POST', `/ops/api/orders/${no}/refuse`, {
                reason: 'The code was used',
              });
        expect(done.success).toBe(true);
        if (outcome === 'paid') paid = done.data.amount;
      }
      await verifyIdentity(t, seller.id, { level: 2 });
      await t.db.query("update users set created_at = now() - interval '10 days' where id = $1", [seller.id]);
      expect(
        (
          await opsCall(t, finance.token, 'POST', `/ops/api/users/${seller.id}/freeze`, {
            reason: 'Card reported stolen',
          })
        ).success,
      ).toBe(true);

      const orderNo = await submit(seller);
      const detail = await opsCall<Detail>(t, reviewer.token, 'GET', `/ops/api/orders/${orderNo}`);
      const links = await opsCall<{ user_id: number; referral: string | null }[]>(
        t,
        reviewer.token,
        'GET',
        `/ops/api/users/${seller.id}/links`,
      );
      expect(detail.success).toBe(true);
      expect(detail.data.seller).toEqual({
        id: seller.id,
        kyc_level: 2,
        created_at: expect.any(String),
        account_age_days: 10,
        orders: {
          paid: { count: 1, amount: paid },
          partly: { count: 0, amount: '0.00' },
          refused: { count: 1, amount: '0.00' },
          pending: { count: 0 },
        },
        withdrawals_frozen: true,
        withdrawals_frozen_reason: expect.stringContaining('Card reported stolen'),
        linked_accounts: new Set(links.data.map((l) => l.user_id)).size,
        linked_referrals: new Set(links.data.filter((l) => l.referral).map((l) => l.user_id)).size,
      });
    },
  );

  test(
    'the queue says which orders wait for a second operator and who asked; a decided order comes back with its ' +
      'lines and the next order',
    async () => {
      const seller = await makeUser(t);
      const reviewer = await makeStaff(t, 'reviewer');
      const big = await submit(seller);
      const small = await submit(seller);
      expect((await opsCall(t, reviewer.token, 'POST', `/ops/api/orders/${big}/claim`)).success).toBe(true);
      // Above the seller's quote: the decision waits for a second operator.
      const asked = await opsCall<OpsReply<'POST /ops/api/orders/:order_no/decide'>>(
        t,
        reviewer.token,
        'POST',
        `/ops/api/orders/${big}/decide`,
        {
          lines: [line((await ratesOf(reviewer.token, big)).above)],
        },
      );
      expect(asked.data.awaiting_approval).toMatchObject({ status: 'pending', requested_by: reviewer.id });
      const other = await makeStaff(t, 'reviewer');
      const queue = await opsCall<OpsReply<'GET /ops/api/orders/queue'>>(
        t,
        other.token,
        'GET',
        '/ops/api/orders/queue',
      );
      const row = (no: string) => queue.data.orders.find((o) => o.order_no === no);
      expect(row(big)).toBeUndefined(); // claimed by the first reviewer
      const own = await opsCall<OpsReply<'GET /ops/api/orders/queue'>>(
        t,
        reviewer.token,
        'GET',
        '/ops/api/orders/queue',
      );
      expect(own.data.orders.find((o) => o.order_no === big)).toMatchObject({
        awaiting_approval: true,
        approval_requested_by: reviewer.id,
        approval_requested_by_name: expect.any(String),
      });
      expect(own.data.orders.find((o) => o.order_no === small)).toMatchObject({
        awaiting_approval: false,
        approval_requested_by: null,
        approval_requested_by_name: null,
      });

      // The next order to review is not the one waiting for approval.
      expect((await opsCall(t, reviewer.token, 'POST', `/ops/api/orders/${small}/claim`)).success).toBe(true);
      const rates = await ratesOf(reviewer.token, small);
      const decided = await opsCall<OpsReply<'POST /ops/api/orders/:order_no/decide'>>(
        t,
        reviewer.token,
        'POST',
        `/ops/api/orders/${small}/decide`,
        {
          lines: [line(rates.quote), { status: 'failed', fail_reason: 'already_used', code: 'USED-1' }],
        },
      );
      expect(decided.data).toMatchObject({ status: 4 });
      // The paid card's line: its face value at the rate (the order's amount may add bonuses).
      const lineMinor = BigInt(rates.quote.replace('.', '')) * 40n;
      expect(decided.data.lines.map((l) => [l.status, l.amount, l.fail_reason])).toEqual([
        ['success', `${lineMinor / 100n}.${String(lineMinor % 100n).padStart(2, '0')}`, ''],
        ['failed', '0.00', FAIL_REASONS.already_used],
      ]);
      expect(decided.data.next_order_no).not.toBe(big);
      expect(decided.data.next_order_no).not.toBe(small);
    },
  );

  test('the user page shows a new payout account’s wait, and an admin ends it', async () => {
    const u = await makeUser(t);
    await t.db.tx((q) => fund(q, ledger, u.id, 'NGN', 1_000_00n));
    expect(
      (
        await t.call('/withdraw/transactionPassword', {
          token: u.token,
          login_password: TEST_PASSWORD,
          password: '246810',
        })
      ).success,
    ).toBe(true);
    const acct = '012345678' + nubanCheckDigit('058', '012345678');
    const added = await t.call('/payment/add', {
      token: u.token,
      password: TEST_PASSWORD,
      t_password: '246810',
      payment_id: '1',
      bank_id: '107',
      account_no: acct,
      account_name: '',
    });
    expect(added.success).toBe(true);
    const admin = await makeStaff(t, 'admin');
    type User = OpsReply<'GET /ops/api/users/:id'>;
    const before = await opsCall<User>(t, admin.token, 'GET', `/ops/api/users/${u.id}`);
    expect(before.data.payout_accounts).toEqual([
      expect.objectContaining({ account_no: acct, usable_from: expect.any(String) }),
    ]);
    const until = new Date(before.data.payout_accounts[0]!.usable_from!).getTime();
    expect(until).toBeGreaterThan(Date.now() + 23 * 3600_000);

    const reviewer = await makeStaff(t, 'reviewer');
    expect(
      (
        await opsCall(t, reviewer.token, 'POST', `/ops/api/users/${u.id}/end-hold`, {
          reason: 'Owner confirmed by phone',
        })
      ).status,
    ).toBe(403);
    expect(
      (await opsCall(t, admin.token, 'POST', `/ops/api/users/${u.id}/end-hold`, { reason: 'Owner confirmed by phone' }))
        .success,
    ).toBe(true);
    const after = await opsCall<User>(t, admin.token, 'GET', `/ops/api/users/${u.id}`);
    expect(after.data.payout_accounts).toEqual([expect.objectContaining({ account_no: acct, usable_from: null })]);
    const logged = await t.db.query(
      "select staff_id, reason from audit_log where action = 'user.end_hold' and target_id = $1",
      [String(u.id)],
    );
    expect(logged.rows).toEqual([{ staff_id: admin.id, reason: 'Owner confirmed by phone' }]);
  });

  test(
    'a role is refused before the body is read: a reviewer’s malformed admin call is a 403, not a validation ' +
      'message',
    async () => {
      const reviewer = await makeStaff(t, 'reviewer');
      const res = await opsCall(t, reviewer.token, 'POST', '/ops/api/rates', { changes: 'not a list' });
      expect(res).toMatchObject({ status: 403, success: false, msg: 'Your role cannot do this' });
      const admin = await makeStaff(t, 'admin');
      const bad = await opsCall(t, admin.token, 'POST', '/ops/api/rates', { changes: 'not a list' });
      expect(bad.status).not.toBe(403);
      expect(bad.success).toBe(false);
    },
  );
});
