import { STANDING_MESSAGES } from '../modules/withdraw/standing.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Ledger } from '../modules/ledger/ledger.js';
import { PAYOUT_MESSAGES } from '../modules/ops/payout-routes.js';
import { USER_MESSAGES } from '../modules/ops/user-routes.js';
import { freshDb, targets, testApp, type TestApp, type TestDb } from '../test/harness.js';
import { makeStaff, opsCall, sellerWithPendingWithdrawal, upload } from '../test/money.js';

jest.setTimeout(120_000);

describe.each(targets())('support: users on %s', (target) => {
  let tdb: TestDb;
  let t: TestApp;
  const ledger = new Ledger();
  let dir: string;
  beforeAll(async () => {
    tdb = await freshDb(target);
    dir = mkdtempSync(path.join(tmpdir(), 'gl-users-'));
    t = await testApp(tdb, {
      uploadDir: dir,
      publicUrl: 'http://api.test',
      security: { coolingOffMs: 0, siteUrl: 'http://site.test', reauthGraceMs: 0 },
    });
  });
  afterAll(async () => {
    await t?.close();
    await tdb?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const sellerWithWithdrawal = () => sellerWithPendingWithdrawal(t, ledger);

  test(
    'support finds a seller by e-mail, id, order or withdrawal number and sees balances, ledger, withdrawals, ' +
      'sessions',
    async () => {
      const s = await sellerWithWithdrawal();
      const reviewer = await makeStaff(t, 'reviewer');
      const find = async (q: string) =>
        (
          await opsCall<{ id: number }[]>(t, reviewer.token, 'GET', `/ops/api/users?q=${encodeURIComponent(q)}`)
        ).data.map((x) => x.id);
      expect(await find(s.email.toUpperCase())).toEqual([s.id]);
      expect(await find(String(s.id))).toContain(s.id);
      expect(await find(s.withdrawNo.toLowerCase())).toEqual([s.id]);
      expect(await find('nobody@example.com')).toEqual([]);
      const order = await t.call<{ order_no: string }>('/order/appadd', {
        token: s.token,
        images: await upload(t, s.token),
        user_memo: 'codes',
        wallet_type: '1',
      });
      expect(await find(order.data.order_no)).toEqual([s.id]);
      await t.db.query('update users set whatsapp = $2 where id = $1', [
        s.id,
        `+23480${String(s.id).padStart(8, '7')}`,
      ]);
      expect(await find(`080 ${String(s.id).padStart(8, '7')}`)).toEqual([s.id]);
      expect(await find(`+234 80${String(s.id).padStart(8, '7')}`)).toEqual([s.id]);
      expect(await opsCall(t, reviewer.token, 'GET', '/ops/api/users?q=%20')).toMatchObject({
        success: false,
        msg: USER_MESSAGES.query,
      });
      const detail = await opsCall<{
        profile: { email: string };
        balances: { wallet: string; currency: string; balance: string }[];
        ledger: { kind: string; amount: string }[];
        withdrawals: { withdraw_no: string; amount: string }[];
        sessions: unknown[];
      }>(t, reviewer.token, 'GET', `/ops/api/users/${s.id}`);
      expect(detail.data.profile.email).toBe(s.email);
      expect(detail.data.balances).toEqual([{ wallet: 'cash', currency: 'NGN', balance: '30000.00' }]);
      expect(detail.data.ledger.map((e) => [e.kind, e.amount])).toEqual([
        ['withdraw_hold', '-20000.00'],
        ['correction', '50000.00'],
      ]);
      expect(detail.data.withdrawals).toEqual([
        expect.objectContaining({ withdraw_no: s.withdrawNo, amount: '20000.00' }),
      ]);
      expect(detail.data.sessions.length).toBeGreaterThan(0);
      // Each look at a seller's profile is on record, with who looked.
      const looked = await t.db.query<{ staff_id: number }>(
        "select staff_id from audit_log where action = 'user.view' and target_id = $1",
        [String(s.id)],
      );
      expect(looked.rows).toEqual([{ staff_id: reviewer.id }]);
      expect(await opsCall(t, reviewer.token, 'GET', '/ops/api/users/99999999')).toMatchObject({
        success: false,
        msg: USER_MESSAGES.notFound,
      });
    },
  );

  test(
    'a freeze with a reason: the seller is told it, cannot withdraw, finance cannot pay them out until it is ' +
      'lifted',
    async () => {
      const s = await sellerWithWithdrawal();
      const finance = await makeStaff(t, 'finance');
      const reviewer = await makeStaff(t, 'reviewer');
      expect(
        (await opsCall(t, reviewer.token, 'POST', `/ops/api/users/${s.id}/freeze`, { reason: 'Card reported stolen' }))
          .status,
      ).toBe(403);
      expect(
        (await opsCall(t, finance.token, 'POST', `/ops/api/users/${s.id}/freeze`, { reason: 'Card reported stolen.' }))
          .success,
      ).toBe(true);
      expect(
        await opsCall(t, finance.token, 'POST', `/ops/api/users/${s.id}/freeze`, { reason: 'again' }),
      ).toMatchObject({ success: false, msg: USER_MESSAGES.frozen });
      // Said as the wallet's holds say it: the reason staff gave, and how to reach support.
      const told = STANDING_MESSAGES.frozenByStaff(
        'Card reported stolen',
        STANDING_MESSAGES.contact(t.config.supportEmail, t.config.supportWhatsapp),
      );
      expect(told).toMatch(
        /^Our support team froze withdrawals on your account: Card reported stolen\. Only they can /,
      );
      const info = await t.call<{ security_hold: { message: string; frozen: boolean } }>('/withdraw/information', {
        token: s.token,
        wallet_type: '1',
      });
      expect(info.data.security_hold).toMatchObject({ message: told, frozen: true });
      expect(
        await t.call('/withdraw/apply', {
          token: s.token,
          bank_id: String(s.bankId),
          amount: '2000',
          password: '246810',
          channel_type: '3',
        }),
      ).toMatchObject({ success: false, msg: told });
      const notices = await t.call<{ notice_title: string; notice_content: string }[]>('/finder/allNotice', {
        token: s.token,
        type: 'all',
        page: '0',
        page_size: '20',
      });
      expect(notices.data.find((n) => n.notice_title === 'Withdrawals frozen')?.notice_content).toBe(
        'Our support team froze withdrawals on your account: Card reported stolen. Contact support to unfreeze them.',
      );
      // The pending withdrawal is flagged and cannot be paid; failing it returns the funds.
      const queue = await opsCall<{ withdraw_no: string; user_frozen: boolean }[]>(
        t,
        finance.token,
        'GET',
        '/ops/api/withdrawals',
      );
      expect(queue.data.find((w) => w.withdraw_no === s.withdrawNo)?.user_frozen).toBe(true);
      expect(
        await opsCall(t, finance.token, 'POST', `/ops/api/withdrawals/${s.withdrawNo}/settle`, {
          outcome: 'paid',
          reference: 'NIP-1',
        }),
      ).toMatchObject({ success: false, msg: PAYOUT_MESSAGES.frozen });
      const admin = await makeStaff(t, 'admin');
      expect(
        (
          await opsCall(t, admin.token, 'POST', `/ops/api/users/${s.id}/unfreeze`, {
            reason: 'Owner verified by video call',
          })
        ).success,
      ).toBe(true);
      expect(
        (
          await opsCall(t, finance.token, 'POST', `/ops/api/withdrawals/${s.withdrawNo}/settle`, {
            outcome: 'paid',
            reference: 'NIP-1',
          })
        ).success,
      ).toBe(true);
      const trail = await opsCall<{ action: string; reason: string }[]>(
        t,
        admin.token,
        'GET',
        `/ops/api/audit?target_type=user&target_id=${s.id}`,
      );
      expect(trail.data.map((a) => [a.action, a.reason])).toEqual([
        ['user.unfreeze', 'Owner verified by video call'],
        ['user.freeze', 'Card reported stolen.'],
      ]);
    },
  );

  test(
    'the audit log is searchable by operator, action, words and time, page by page; platform balances add up ' +
      'to zero',
    async () => {
      const s = await sellerWithWithdrawal();
      const [admin, finance] = [await makeStaff(t, 'admin'), await makeStaff(t, 'finance')];
      await opsCall(t, finance.token, 'POST', `/ops/api/users/${s.id}/freeze`, {
        reason: 'Chargeback from the card issuer',
      });
      await opsCall(t, admin.token, 'POST', `/ops/api/users/${s.id}/unfreeze`, {
        reason: 'Issuer withdrew the chargeback',
      });
      type Row = { id: string; action: string; reason: string; staff_name: string; target_id: string };
      const search = async (query: string) =>
        (await opsCall<Row[]>(t, admin.token, 'GET', `/ops/api/audit?${query}`)).data;
      expect((await search(`action=user&target_id=${s.id}`)).map((a) => a.action)).toEqual([
        'user.unfreeze',
        'user.freeze',
      ]);
      expect((await search('q=chargeback')).map((a) => a.reason)).toEqual([
        'Issuer withdrew the chargeback',
        'Chargeback from the card issuer',
      ]);
      expect((await search(`staff_id=${finance.id}`)).map((a) => a.action)).toEqual(['user.freeze']);
      expect(await search(`q=chargeback&to=${encodeURIComponent('2020-01-01T00:00:00Z')}`)).toEqual([]);
      expect(
        (await search(`q=chargeback&from=${encodeURIComponent(new Date(Date.now() - 60_000).toISOString())}`)).length,
      ).toBe(2);
      const first = await search('q=chargeback');
      expect((await search(`q=chargeback&before_id=${first[0]!.id}`)).map((a) => a.id)).toEqual([first[1]!.id]);
      expect((await opsCall(t, finance.token, 'GET', '/ops/api/audit')).status).toBe(403);
      // Double entry: what users hold and every platform account sum to zero in each currency.
      const balances = await opsCall<{ account: string; currency: string; balance: string }[]>(
        t,
        finance.token,
        'GET',
        '/ops/api/ledger/balances',
      );
      const ngn = balances.data.filter((b) => b.currency === 'NGN');
      expect(ngn.map((b) => b.account)).toEqual(
        expect.arrayContaining(['cash', 'corrections', 'withdrawals_in_flight']),
      );
      expect(ngn.reduce((a, b) => a + Math.round(Number(b.balance) * 100), 0)).toBe(0);
      expect(Number(ngn.find((b) => b.account === 'withdrawals_in_flight')!.balance)).toBeGreaterThan(0);
    },
  );
});
