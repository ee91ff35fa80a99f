// A first sale without traps: the dashboard's checklist (user/firstSteps) from the account's own state, a first
// transaction password set in the same step as the first payout account (payment/add with new_t_password), its
// refusals, and parallel or replayed requests writing one PIN and one account. PGlite and PostgreSQL.
import { Ledger } from '../modules/ledger/ledger.js';
import { nubanCheckDigit } from '../modules/payment/nuban.js';
import { PIN_MESSAGES } from '../modules/withdraw/pin.js';
import { SECURITY_MESSAGES } from '../modules/security/service.js';
import { VALIDATION_MESSAGES } from '../lib/rules.js';
import { freshDb, targets, testApp, type TestApp, type TestDb } from '../test/harness.js';
import { makeUser, sellerWithPendingWithdrawal, TEST_PASSWORD, verifyIdentity } from '../test/money.js';

jest.setTimeout(120_000);

let serial = 300_000_000;
const nextAccountNo = () => {
  const s = String(serial++);
  return s + nubanCheckDigit('058', s);
};

describe.each(targets())('a first sale without traps on %s', (target) => {
  let tdb: TestDb;
  let t: TestApp;
  const ledger = new Ledger();
  beforeAll(async () => {
    tdb = await freshDb(target);
    t = await testApp(tdb, {
      security: { coolingOffMs: 24 * 3600_000, siteUrl: 'https://site.test', reauthGraceMs: 10 * 60_000 },
    });
  });
  afterAll(async () => {
    await t?.close();
    await tdb?.close();
  });

  const steps = async (token: string) => {
    const r = await t.call<Record<string, unknown>>('/user/firstSteps', { token });
    expect(r.success).toBe(true);
    return r.data;
  };
  const addWithNewPin = (token: string, fields: Record<string, string> = {}) =>
    t.call<{ bank_id: number; is_def: number }>('/payment/add', {
      token,
      password: TEST_PASSWORD,
      new_t_password: '246810',
      payment_id: '1',
      bank_id: '107',
      account_no: nextAccountNo(),
      account_name: '',
      ...fields,
    });
  const pinHash = async (userId: number) =>
    (await t.db.query<{ h: string | null }>('select tpassword_hash as h from users where id = $1', [userId])).rows[0]
      ?.h ?? null;
  const accounts = async (userId: number) =>
    (
      await t.db.query<{ n: number }>(
        'select count(*)::int as n from payout_accounts where user_id = $1 and deleted_at is null',
        [userId],
      )
    ).rows[0]!.n;

  test('a new seller sees every step to do, and the 24-hour wait of a new account from the cooling-off', async () => {
    const u = await makeUser(t);
    expect(await steps(u.token)).toEqual({
      show: true,
      identity_offered: true,
      identity_verified: false,
      pin_set: false,
      payout_accounts: 0,
      has_order: false,
      paid_out: false,
      payout_wait_hours: 24,
      payout_wait: '24 hours',
    });
    await verifyIdentity(t, u.id);
    expect(await steps(u.token)).toMatchObject({ identity_verified: true, pin_set: false });
  });

  test('the wait follows the setting the withdrawal enforces', async () => {
    const t2 = await testApp(tdb, {
      security: { coolingOffMs: 12 * 3600_000, siteUrl: 'https://site.test', reauthGraceMs: 10 * 60_000 },
    });
    try {
      const u = await makeUser(t2);
      const r = await t2.call<{ payout_wait: string; payout_wait_hours: number }>('/user/firstSteps', {
        token: u.token,
      });
      expect(r.data).toMatchObject({ payout_wait: '12 hours', payout_wait_hours: 12 });
    } finally {
      await t2.close();
    }
  });

  test('the checklist is gone once a withdrawal has been paid', async () => {
    // No cooling-off here, so the seller can withdraw at once.
    const t0 = await testApp(tdb, {
      security: { coolingOffMs: 0, siteUrl: 'https://site.test', reauthGraceMs: 10 * 60_000 },
    });
    try {
      const u = await sellerWithPendingWithdrawal(t0, ledger);
      const read = async () => (await t0.call('/user/firstSteps', { token: u.token })).data;
      expect(await read()).toMatchObject({
        show: true,
        identity_verified: true,
        pin_set: true,
        payout_accounts: 1,
        paid_out: false,
        payout_wait: '',
      });
      await t0.db.query("update withdrawals set status = 'paid', settled_at = now() where withdraw_no = $1", [
        u.withdrawNo,
      ]);
      expect(await read()).toMatchObject({ show: false, paid_out: true });
    } finally {
      await t0.close();
    }
  });

  test('a seller without a PIN adds a payout account and sets the PIN in the same step', async () => {
    const u = await makeUser(t);
    const r = await addWithNewPin(u.token);
    expect(r).toMatchObject({ success: true, data: { is_def: 1 } });
    expect(await accounts(u.id)).toBe(1);
    expect(await steps(u.token)).toMatchObject({ pin_set: true, payout_accounts: 1 });
    // The PIN set is the one that now confirms a withdrawal, and no cooling-off started for the first PIN.
    const list = await t.call<Array<{ data_list: Array<{ bank_id: number }> }>>('/payment/list', {
      token: u.token,
      type: '1',
    });
    expect(list.data[0]!.data_list).toHaveLength(1);
    const hold = await t.db.query<{ withdraw_hold_until: Date | null }>(
      'select withdraw_hold_until from users where id = $1',
      [u.id],
    );
    expect(hold.rows[0]!.withdraw_hold_until).toBeNull();
    // Announced as set, not as a change, beside the payout account's own notice, and by e-mail.
    const notices = await t.db.query<{ title: string; content: string }>(
      'select title, content from notices where user_id = $1 order by id',
      [u.id],
    );
    expect(notices.rows.map((n) => n.title)).toEqual(['Transaction password set', 'Payout account added']);
    expect(notices.rows[0]!.content).toMatch(/^Your withdrawal transaction password was set on /);
    expect(notices.rows[0]!.content).not.toMatch(/changed or reset/);
    const mails = await t.db.query<{ subject: string }>('select subject from outbox where recipient = $1 order by id', [
      u.email,
    ]);
    expect(mails.rows.map((m) => m.subject)).toEqual([
      expect.stringMatching(/: transaction password set$/),
      expect.stringMatching(/: payout account added$/),
    ]);
    // The second account is confirmed with the PIN now set; the PIN cannot be "set" again here.
    expect(
      await t.call('/payment/add', {
        token: u.token,
        password: TEST_PASSWORD,
        t_password: '246810',
        payment_id: '1',
        bank_id: '107',
        account_no: nextAccountNo(),
      }),
    ).toMatchObject({ success: true });
    expect(await addWithNewPin(u.token, { new_t_password: '135790' })).toMatchObject({
      success: false,
      msg: PIN_MESSAGES.alreadySet,
    });
    expect(await accounts(u.id)).toBe(2);
  });

  test('the first PIN set on its own is announced as set too', async () => {
    const u = await makeUser(t);
    expect(
      await t.call('/withdraw/transactionPassword', {
        token: u.token,
        login_password: TEST_PASSWORD,
        password: '246810',
      }),
    ).toMatchObject({ success: true });
    const n = await t.db.query<{ title: string }>('select title from notices where user_id = $1', [u.id]);
    expect(n.rows.map((x) => x.title)).toEqual(['Transaction password set']);
  });

  test(
    'an invalid new PIN or a wrong login password is refused with a clear message, and nothing is ' + 'saved',
    async () => {
      const u = await makeUser(t);
      expect(await addWithNewPin(u.token, { new_t_password: '12345' })).toMatchObject({
        success: false,
        msg: VALIDATION_MESSAGES.pinFormat,
      });
      expect(await addWithNewPin(u.token, { new_t_password: '123456' })).toMatchObject({
        success: false,
        msg: VALIDATION_MESSAGES.pinTrivial,
      });
      expect(await addWithNewPin(u.token, { password: 'not my password' })).toMatchObject({
        success: false,
        msg: SECURITY_MESSAGES.wrongPassword(4),
      });
      // An account the bank does not know: the PIN is not set either (one step, all or nothing).
      expect(await addWithNewPin(u.token, { account_no: '0123456789' })).toMatchObject({ success: false });
      expect(await pinHash(u.id)).toBeNull();
      expect(await accounts(u.id)).toBe(0);
      // Without the PIN and without a new one: the api's words, ending with a full stop.
      expect(
        await t.call('/payment/add', {
          token: u.token,
          password: TEST_PASSWORD,
          payment_id: '1',
          bank_id: '107',
          account_no: nextAccountNo(),
        }),
      ).toMatchObject({ success: false, msg: VALIDATION_MESSAGES.pinFormat });
      expect(VALIDATION_MESSAGES.pinFormat).toBe('Transaction password must be exactly 6 digits.');
      expect(
        await t.call('/payment/add', {
          token: u.token,
          password: TEST_PASSWORD,
          t_password: '246810',
          payment_id: '1',
          bank_id: '107',
          account_no: nextAccountNo(),
        }),
      ).toMatchObject({ success: false, msg: 'Please set your transaction password first.' });
    },
  );

  test('a replayed request sets one PIN and saves one account', async () => {
    const u = await makeUser(t);
    const accountNo = nextAccountNo();
    expect(await addWithNewPin(u.token, { account_no: accountNo })).toMatchObject({ success: true });
    const hash = await pinHash(u.id);
    expect(await addWithNewPin(u.token, { account_no: accountNo })).toMatchObject({
      success: false,
      msg: PIN_MESSAGES.alreadySet,
    });
    expect(await pinHash(u.id)).toBe(hash);
    expect(await accounts(u.id)).toBe(1);
  });

  if (target === 'postgres') {
    test('parallel requests, same or different accounts and PINs, write one PIN and one account', async () => {
      const u = await makeUser(t);
      const same = nextAccountNo();
      const replies = await Promise.all([
        ...Array.from({ length: 4 }, () => addWithNewPin(u.token, { account_no: same })),
        ...Array.from({ length: 4 }, (_, i) => addWithNewPin(u.token, { new_t_password: `13579${i}` })),
      ]);
      expect(replies.filter((r) => r.success)).toHaveLength(1);
      for (const r of replies.filter((x) => !x.success)) expect(r.msg).toBe(PIN_MESSAGES.alreadySet);
      expect(await accounts(u.id)).toBe(1);
      const n = await t.db.query<{ n: number }>(
        "select count(*)::int as n from notices where user_id = $1 and title = 'Transaction password set'",
        [u.id],
      );
      expect(n.rows[0]!.n).toBe(1);
    });

    test('parallel first PINs set on their own write one PIN, announced once', async () => {
      const u = await makeUser(t);
      const replies = await Promise.all(
        ['246810', '135790', '975310', '864200'].map((pin) =>
          t.call('/withdraw/transactionPassword', { token: u.token, login_password: TEST_PASSWORD, password: pin }),
        ),
      );
      expect(replies.filter((r) => r.success)).toHaveLength(1);
      for (const r of replies.filter((x) => !x.success)) expect(r.msg).toBe(PIN_MESSAGES.alreadySet);
      const n = await t.db.query<{ n: number }>(
        "select count(*)::int as n from notices where user_id = $1 and title like 'Transaction password%'",
        [u.id],
      );
      expect(n.rows[0]!.n).toBe(1);
    });
  }
});
