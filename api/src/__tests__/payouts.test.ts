import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { checkLedger } from '../modules/ledger/check.js';
import { Ledger } from '../modules/ledger/ledger.js';
import { PAYOUT_MESSAGES } from '../modules/ops/payout-routes.js';
import { nubanCheckDigit } from '../modules/payment/nuban.js';
import { PaystackPayoutProvider } from '../modules/payment/provider.js';
import { freshDb, targets, testApp, type TestApp, type TestDb } from '../test/harness.js';
import { fund, makeStaff, makeUser, opsCall, TEST_PASSWORD, verifyIdentity } from '../test/money.js';
import { PaystackStandIn } from '../test/paystack-stand-in.js';

jest.setTimeout(120_000);

/** A NUBAN at GTBank (058) whose last digit is `last` (the stand-in refuses 9 and drops 8). */
function nubanEndingIn(last: number, from = 100_000_000): string {
  for (let n = from; ; n++) {
    const serial = String(n).padStart(9, '0');
    if (nubanCheckDigit('058', serial) === last) return serial + last;
  }
}

describe.each(targets())('payouts on %s', (target) => {
  let tdb: TestDb;
  let t: TestApp;
  let paystack: PaystackStandIn;
  let dir: string;
  const ledger = new Ledger();
  let finance: { id: number; token: string };
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'gl-pay-'));
    tdb = await freshDb(target);
    paystack = await new PaystackStandIn().start();
    t = await testApp(
      tdb,
      { uploadDir: dir, security: { coolingOffMs: 0, siteUrl: 'http://site.test', reauthGraceMs: 0 } },
      { payoutProvider: new PaystackPayoutProvider(paystack.base, paystack.secretKey) },
    );
    finance = await makeStaff(t, 'finance');
  });
  afterAll(async () => {
    await t?.close();
    await tdb?.close();
    await paystack?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  afterEach(async () => {
    expect(await checkLedger(t.db)).toEqual([]);
  });

  let serial = 100_000_000;
  /** A seller with ₦50,000 and a pending withdrawal of ₦20,000 to a GTBank account ending in `last`. */
  async function withdrawal(last = 1) {
    const u = await makeUser(t);
    await t.db.tx((q) => fund(q, ledger, u.id, 'NGN', 50_000_00n));
    await t.call('/withdraw/transactionPassword', {
      token: u.token,
      login_password: TEST_PASSWORD,
      password: '246810',
    });
    const acct = nubanEndingIn(last, (serial += 1000));
    const added = await t.call<{ bank_id: number }>('/payment/add', {
      token: u.token,
      password: TEST_PASSWORD,
      t_password: '246810',
      payment_id: '1',
      bank_id: '107',
      account_no: acct,
      account_name: '',
    });
    expect(added.success).toBe(true);
    await verifyIdentity(t, u.id);
    const w = await t.call<{ withdraw_no: string }>('/withdraw/apply', {
      token: u.token,
      bank_id: String(added.data.bank_id),
      amount: '20000',
      password: '246810',
      channel_type: '3',
    });
    expect(w.success).toBe(true);
    return { ...u, acct, withdrawNo: w.data.withdraw_no };
  }
  const send = (no: string) =>
    opsCall<{ status: string; payout_channel: string; provider_ref: string; note?: string }>(
      t,
      finance.token,
      'POST',
      `/ops/api/withdrawals/${no}/send`,
    );
  const hook = (h: { body: string; signature: string }, signature = h.signature) =>
    t.app.inject({
      method: 'POST',
      url: '/webhooks/paystack',
      headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
      payload: h.body,
    });
  const statusOf = async (no: string) =>
    (
      await t.db.query<{ status: string; reference: string; fail_reason: string }>(
        'select status, reference, fail_reason from withdrawals where withdraw_no = $1',
        [no],
      )
    ).rows[0]!;
  const cash = async (token: string) =>
    (await t.call<{ total_amount: number }>('/wallet/balance', { token })).data.total_amount;

  test(
    'sent through the provider once, settled by its signed webhook; a replay changes nothing, a forged one is ' +
      'refused',
    async () => {
      const s = await withdrawal();
      // Two finance operators press Send at once: one transfer.
      const both = await Promise.all([send(s.withdrawNo), send(s.withdrawNo)]);
      expect(both.filter((r) => r.success)).toHaveLength(1);
      expect(both.find((r) => !r.success)?.msg).toBe(PAYOUT_MESSAGES.notPending);
      expect(both.find((r) => r.success)?.data).toMatchObject({
        status: 'processing',
        payout_channel: 'paystack',
        provider_ref: expect.stringMatching(/^TRF_/),
      });
      const sent = paystack.transfers.filter((x) => x.reference === s.withdrawNo.toLowerCase());
      expect(sent).toHaveLength(1);
      const fee = (
        await t.db.query<{ fee_minor: bigint }>('select fee_minor from withdrawals where withdraw_no = $1', [
          s.withdrawNo,
        ])
      ).rows[0]!.fee_minor;
      expect(sent[0]).toMatchObject({ amount: Number(2_000_000n - fee), currency: 'NGN' });

      const ok = paystack.webhook('transfer.success', s.withdrawNo);
      expect((await hook(ok, 'f'.repeat(128))).statusCode).toBe(401);
      expect((await statusOf(s.withdrawNo)).status).toBe('processing');
      expect((await hook(ok)).statusCode).toBe(200);
      expect(await statusOf(s.withdrawNo)).toMatchObject({ status: 'paid', reference: sent[0]!.transfer_code });
      expect((await hook(ok)).statusCode).toBe(200); // Paystack retries: nothing more happens
      expect(await cash(s.token)).toBe(30000);
      const notices = await t.call<{ notice_title: string }[]>('/finder/allNotice', {
        token: s.token,
        type: 'all',
        page: '0',
        page_size: '20',
      });
      expect(notices.data.filter((n) => n.notice_title === 'Withdrawal successful')).toHaveLength(1);
      // Reversed after it was paid: never applied by itself, put before staff.
      expect((await hook(paystack.webhook('transfer.reversed', s.withdrawNo))).statusCode).toBe(200);
      expect((await statusOf(s.withdrawNo)).status).toBe('paid');
      const admin = await makeStaff(t, 'admin');
      const trail = await opsCall<{ action: string }[]>(
        t,
        admin.token,
        'GET',
        `/ops/api/audit?target_type=withdrawal&target_id=${s.withdrawNo}`,
      );
      expect(trail.data.map((a) => a.action)).toEqual([
        'withdrawal.webhook_conflict',
        'withdrawal.paid',
        'withdrawal.sent',
        'withdrawal.send',
      ]);
    },
  );

  test(
    'a refused account sends nothing and stays pending; no answer leaves it processing until the failure webhook ' +
      'gives the money back',
    async () => {
      const refused = await withdrawal(9);
      expect(await send(refused.withdrawNo)).toMatchObject({
        success: false,
        msg: 'The payout provider refused the account: Account number is invalid',
      });
      expect((await statusOf(refused.withdrawNo)).status).toBe('pending');

      const silent = await withdrawal(8);
      const r = await send(silent.withdrawNo);
      expect(r).toMatchObject({
        success: true,
        data: { status: 'processing', provider_ref: '', note: expect.stringMatching(/did not answer/) },
      });
      expect(await send(silent.withdrawNo)).toMatchObject({ success: false, msg: PAYOUT_MESSAGES.notPending });
      expect(paystack.transfers.filter((x) => x.reference === silent.withdrawNo.toLowerCase())).toHaveLength(1);
      expect(
        (
          await hook(
            paystack.webhook('transfer.failed', silent.withdrawNo, {
              gateway_response: 'Beneficiary bank unavailable',
            }),
          )
        ).statusCode,
      ).toBe(200);
      expect(await statusOf(silent.withdrawNo)).toMatchObject({
        status: 'failed',
        fail_reason: 'the bank refused the transfer (Beneficiary bank unavailable)',
      });
      expect(await cash(silent.token)).toBe(50000);
      // A webhook for a transfer we never made is recorded, not applied.
      expect((await hook(paystack.webhook('transfer.success', 'W00000000000000000000'))).statusCode).toBe(200);
    },
  );

  test(
    'pending withdrawals export as CSV for a bank upload, once; formulas are neutralised; frozen sellers are ' +
      'left out',
    async () => {
      // earlier tests' leftovers
      await t.db.query("update withdrawals set status = 'processing' where status = 'pending'");
      const a = await withdrawal();
      const b = await withdrawal();
      const frozen = await withdrawal();
      await t.db.query(
        "update users set withdrawals_frozen_at = now(), withdrawals_frozen_reason = 'staff: check' where id = $1",
        [frozen.id],
      );
      await t.db.query('update withdrawals set account_name = \'=HYPERLINK("http://evil")\' where withdraw_no = $1', [
        b.withdrawNo,
      ]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/ops/api/withdrawals/export',
        headers: { authorization: `Bearer ${finance.token}`, 'content-type': 'application/json' },
        payload: { currency: 'NGN', method: 'BANK' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="payouts-NGN-BANK-/);
      const lines = res.body.trim().split('\r\n');
      expect(lines[0]).toBe(
        'reference,bank_code,bank_name,account_number,account_name,amount,currency,narration,requested_at',
      );
      expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual([`"${a.withdrawNo}"`, `"${b.withdrawNo}"`]);
      expect(lines[1]).toContain(`"058","Guaranty Trust Bank","${a.acct}","ADA OKAFOR"`);
      expect(lines[2]).toContain('"\'=HYPERLINK(""http://evil"")"');
      expect((await statusOf(a.withdrawNo)).status).toBe('processing');
      expect((await statusOf(frozen.withdrawNo)).status).toBe('pending');
      const again = await t.app.inject({
        method: 'POST',
        url: '/ops/api/withdrawals/export',
        headers: { authorization: `Bearer ${finance.token}`, 'content-type': 'application/json' },
        payload: { currency: 'NGN', method: 'BANK' },
      });
      expect(again.body.trim().split('\r\n')).toHaveLength(1);
      // Exported rows are settled by hand with the bank's reference.
      expect(
        (
          await opsCall(t, finance.token, 'POST', `/ops/api/withdrawals/${a.withdrawNo}/settle`, {
            outcome: 'paid',
            reference: 'GTB-BULK-0001',
          })
        ).success,
      ).toBe(true);
      expect(await send(b.withdrawNo)).toMatchObject({ success: false, msg: PAYOUT_MESSAGES.notPending });
      const reviewer = await makeStaff(t, 'reviewer');
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/ops/api/withdrawals/export',
            headers: { authorization: `Bearer ${reviewer.token}`, 'content-type': 'application/json' },
            payload: { currency: 'NGN', method: 'BANK' },
          })
        ).statusCode,
      ).toBe(403);
    },
  );

  test('without a provider that sends transfers, Send says how to pay instead', async () => {
    const dev = await testApp(tdb, { uploadDir: dir });
    try {
      const s = await withdrawal();
      expect(await opsCall(dev, finance.token, 'POST', `/ops/api/withdrawals/${s.withdrawNo}/send`)).toMatchObject({
        success: false,
        msg: PAYOUT_MESSAGES.noProvider,
      });
      expect((await dev.app.inject({ method: 'POST', url: '/webhooks/paystack', payload: '{}' })).statusCode).toBe(404);
    } finally {
      await dev.close();
    }
  });
});
