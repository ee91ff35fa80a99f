// Account changes and sessions: the takeover chain with a stolen token, re-authentication
// on every change that could hand over the account or its money, the cooling-off, "this wasn't me",
// sessions in Settings and new-device notices. PGlite and PostgreSQL.
import { Ledger } from '../modules/ledger/ledger.js';
import { nubanCheckDigit } from '../modules/payment/nuban.js';
import { REAUTH_LIMITS, SECURITY_MESSAGES } from '../modules/security/service.js';
import { SESSION_MESSAGES } from '../modules/security/routes.js';
import { STANDING_MESSAGES } from '../modules/withdraw/standing.js';
import { signedBody } from '../lib/sign.js';
import { DEFAULT_APP_KEYS } from '../config/env.js';
import { freshDb, targets, testApp, uniqueEmail, uniquePhone, type TestApp, type TestDb } from '../test/harness.js';
import { accountNoNamed, fund, makeStaff, makeUser, opsCall, TEST_PASSWORD, verifyIdentity } from '../test/money.js';

jest.setTimeout(120_000);

const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 13; Tecno) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36';
const LAPTOP_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const nuban = (serial: string) => serial + nubanCheckDigit('044', serial);
let serialSeq = 100_000_000;
const nextAccountNo = () => nuban(String(serialSeq++));

type Reply<T = unknown> = { success: boolean; msg: string; code: string; data: T };

describe.each(targets())('account changes and sessions on %s', (target) => {
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

  /** A signed call from a given browser (User-Agent) and address. */
  const from = async <T = unknown>(
    path: string,
    fields: Record<string, string>,
    ua = PHONE_UA,
    ip = '102.89.34.7',
    headers: Record<string, string> = {},
  ): Promise<Reply<T>> => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/gc${path}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': ua, ...headers },
      payload: new URLSearchParams(signedBody(fields)).toString(),
      remoteAddress: ip,
    });
    return res.json() as Reply<T>;
  };
  const ok = (r: Reply) => {
    if (!r.success) throw new Error(r.msg);
    return r;
  };
  /** A seller signed up by e-mail (verified), with money, a PIN and a payout account out of its cooling-off. */
  async function seller() {
    const u = await makeUser(t, { pin: '246810' });
    await t.db.tx((q) => fund(q, ledger, u.id, 'NGN', 200_000_00n));
    const acct = ok(
      (await t.call<{ bank_id: number }>('/payment/add', {
        token: u.token,
        password: TEST_PASSWORD,
        t_password: '246810',
        payment_id: '1',
        bank_id: '100',
        account_no: nextAccountNo(),
        account_name: '',
      })) as Reply,
    ) as Reply<{ bank_id: number }>;
    await t.db.query("update payout_accounts set usable_from = now() - interval '1 minute' where user_id = $1", [u.id]);
    const name = await verifyIdentity(t, u.id);
    return { ...u, bankId: String(acct.data.bank_id), name };
  }
  const withdraw = (token: string, bankId: string, amount = '100000') =>
    t.call('/withdraw/apply', { token, bank_id: bankId, amount, password: '246810' });
  const unread = async (token: string) =>
    (
      await t.call<{ id: number; notice_title: string }[]>('/finder/allNoticeWithoutRead', {
        token,
        start_time: '0',
        end_time: '9999999999',
        page: '0',
        page_size: '100',
      })
    ).data;

  test('the takeover chain with only a stolen token is refused at its first step, and at every later one', async () => {
    const owner = await seller();
    const stolen = { token: owner.token };
    // A stolen token is not one signed in a moment ago: its session opened over 10 minutes back.
    await t.db.query("update sessions set created_at = now() - interval '11 minutes' where user_id = $1", [owner.id]);
    const attacker = uniqueEmail();
    // 1. Bind a new e-mail: no code is even sent without the password. A call that sends no password
    //    field at all gets common.004 ("sign in again"); one that sends an empty one is asked for it.
    expect(await t.call('/user/sendEmailBindVerifyCode', { ...stolen, email: attacker })).toMatchObject({
      success: false,
      code: 'common.004',
      msg: SECURITY_MESSAGES.signInAgain,
    });
    expect(await t.call('/user/sendEmailBindVerifyCode', { ...stolen, email: attacker, password: '' })).toMatchObject({
      success: false,
      msg: SECURITY_MESSAGES.passwordRequired,
    });
    expect(t.app.messenger.outbox!.list().some((m) => m.to === attacker)).toBe(false);
    expect(await t.call('/user/bindEmail', { ...stolen, email: attacker, verify_code: '1234' })).toMatchObject({
      success: false,
      code: 'common.004',
      msg: SECURITY_MESSAGES.signInAgain,
    });
    expect(await t.call('/user/changeEmail', { ...stolen, email: attacker, verify_code: '1234' })).toMatchObject({
      success: false,
      code: 'common.004',
      msg: SECURITY_MESSAGES.signInAgain,
    });
    // 2. PIN reset: the code is not sent, the reset is refused.
    expect(await t.call('/withdraw/sendResetCode', stolen)).toMatchObject({
      success: false,
      code: 'common.004',
      msg: SECURITY_MESSAGES.signInAgain,
    });
    expect(
      await t.call('/withdraw/resetTPassword', { ...stolen, verify_code: '1234', new_password: '135790' }),
    ).toMatchObject({ success: false, code: 'common.004', msg: SECURITY_MESSAGES.signInAgain });
    // 3. A payout account of the attacker's: refused without the password (and the PIN).
    expect(
      await t.call('/payment/add', {
        ...stolen,
        payment_id: '1',
        bank_id: '100',
        account_no: nextAccountNo(),
        account_name: '',
      }),
    ).toMatchObject({ success: false, code: 'common.004', msg: SECURITY_MESSAGES.signInAgain });
    expect(
      await t.call('/payment/add', {
        ...stolen,
        password: TEST_PASSWORD,
        payment_id: '1',
        bank_id: '100',
        account_no: nextAccountNo(),
        account_name: '',
      }),
    ).toMatchObject({ success: false, msg: expect.stringMatching(/6 digits|transaction password/i) });
    // 5. Reset the login password: refused without the current one.
    expect(await t.call('/user/modipassword', { ...stolen, new_password: 'Locked-out-2026' })).toMatchObject({
      success: false,
    });
    expect((await t.call('/user/applogin', { username: owner.email, password: TEST_PASSWORD })).success).toBe(true);
    // Nothing changed: the e-mail, the PIN and the accounts are the owner's.
    const row = await t.db.query<{ email: string; n: number }>(
      'select email, (select count(*)::int from payout_accounts where user_id = u.id) as n from users u where id = $1',
      [owner.id],
    );
    expect(row.rows[0]).toEqual({ email: owner.email, n: 1 });
  });

  test(
    'every re-authenticated route: refused without and with a wrong password; wrong tries lock, parallel ones ' +
      'counted one by one',
    async () => {
      const u = await makeUser(t, { pin: '246810' });
      const tok = { token: u.token };
      await t.db.query("update sessions set created_at = now() - interval '11 minutes' where user_id = $1", [u.id]);
      const routes: [string, Record<string, string>][] = [
        ['/user/sendEmailBindVerifyCode', { email: uniqueEmail() }],
        ['/user/bindEmail', { email: uniqueEmail(), verify_code: '1234' }],
        ['/user/changeEmail', { email: uniqueEmail(), verify_code: '1234' }],
        ['/user/sendWhatsAppCode', { whatsapp: uniquePhone() }],
        ['/user/bindWhatsapp', { whatsapp: uniquePhone(), code: '1234' }],
        ['/withdraw/changeTPassword', { password: '246810', new_password: '135790' }],
        ['/withdraw/upTPassword', { password: '246810', new_password: '135790' }],
        ['/withdraw/sendResetCode', {}],
        ['/withdraw/resetTPassword', { verify_code: '1234', new_password: '135790' }],
        [
          '/payment/add',
          { t_password: '246810', payment_id: '1', bank_id: '100', account_no: nextAccountNo(), account_name: '' },
        ],
      ];
      const field = (path: string) => (path.startsWith('/withdraw/') ? 'login_password' : 'password');
      for (const [path, body] of routes) {
        const r = await t.call(path, { ...tok, ...body });
        expect([path, r.code, r.msg]).toEqual([path, 'common.004', SECURITY_MESSAGES.signInAgain]);
        const empty = await t.call(path, { ...tok, ...body, [field(path)]: '' });
        expect([path, empty.msg]).toEqual([path, SECURITY_MESSAGES.passwordRequired]);
      }
      // The first PIN too (its `password` is the PIN: the login password travels as login_password).
      const noPin = await makeUser(t);
      await t.db.query("update sessions set created_at = now() - interval '11 minutes' where user_id = $1", [noPin.id]);
      expect(await t.call('/withdraw/transactionPassword', { token: noPin.token, password: '135790' })).toMatchObject({
        success: false,
        code: 'common.004',
        msg: SECURITY_MESSAGES.signInAgain,
      });
      expect(
        await t.call('/withdraw/transactionPassword', { token: noPin.token, password: '135790', login_password: '' }),
      ).toMatchObject({ success: false, msg: SECURITY_MESSAGES.passwordRequired });
      expect(
        await t.call('/withdraw/transactionPassword', {
          token: noPin.token,
          password: '135790',
          login_password: 'wrong-wrong',
        }),
      ).toMatchObject({ success: false, msg: SECURITY_MESSAGES.wrongPassword(4) });
      expect(
        (
          await t.call('/withdraw/transactionPassword', {
            token: noPin.token,
            password: '135790',
            login_password: TEST_PASSWORD,
          })
        ).success,
      ).toBe(true);
      // One wrong password per route kind, counted towards one lock across routes.
      const wrong = (path: string, body: Record<string, string>) =>
        t.call(path, { ...tok, ...body, [field(path)]: 'not-my-password' });
      expect(await wrong('/user/sendEmailBindVerifyCode', { email: uniqueEmail() })).toMatchObject({
        success: false,
        msg: SECURITY_MESSAGES.wrongPassword(4),
      });
      expect(await wrong('/withdraw/sendResetCode', {})).toMatchObject({
        success: false,
        msg: SECURITY_MESSAGES.wrongPassword(3),
      });
      expect(
        await wrong('/payment/add', {
          t_password: '246810',
          payment_id: '1',
          bank_id: '100',
          account_no: nextAccountNo(),
          account_name: '',
        }),
      ).toMatchObject({ success: false, msg: SECURITY_MESSAGES.wrongPassword(2) });
      expect(await wrong('/user/modipassword', { new_password: 'Another-2026' })).toMatchObject({
        success: false,
        msg: SECURITY_MESSAGES.wrongPassword(1),
      });
      expect(await wrong('/user/bindWhatsapp', { whatsapp: uniquePhone(), code: '1234' })).toMatchObject({
        success: false,
        msg: SECURITY_MESSAGES.locked,
      });
      // Locked: even the right password is refused for the hour; a notice says so.
      expect(await t.call('/withdraw/sendResetCode', { ...tok, login_password: TEST_PASSWORD })).toMatchObject({
        success: false,
        msg: SECURITY_MESSAGES.locked,
      });
      expect((await unread(u.token)).map((n) => n.notice_title)).toContain('Account changes locked');
      // After the hour, the right password works again.
      await t.db.query("update users set password_locked_until = now() - interval '1 second' where id = $1", [u.id]);
      expect((await t.call('/withdraw/sendResetCode', { ...tok, login_password: TEST_PASSWORD })).success).toBe(true);

      // 30 parallel wrong passwords: exactly 5 are compared and counted, the rest meet the lock.
      const v = await makeUser(t);
      const replies = await Promise.all(
        Array.from({ length: 30 }, () =>
          t.call('/user/sendEmailBindVerifyCode', { token: v.token, email: uniqueEmail(), password: 'guess-guess' }),
        ),
      );
      const msgs = replies.map((r) => r.msg);
      expect(msgs.filter((m) => m.startsWith('The login password is incorrect'))).toHaveLength(
        REAUTH_LIMITS.maxFailures - 1,
      );
      expect(msgs.filter((m) => m === SECURITY_MESSAGES.locked)).toHaveLength(30 - (REAUTH_LIMITS.maxFailures - 1));
      expect(
        await t.call('/user/sendEmailBindVerifyCode', {
          token: v.token,
          email: uniqueEmail(),
          password: TEST_PASSWORD,
        }),
      ).toMatchObject({ success: false, msg: SECURITY_MESSAGES.locked });
    },
  );

  test(
    "a call with no password field at all (the apps) passes only within 10 minutes of its session's sign-in by a " +
      'native app; the money still waits',
    async () => {
      const owner = await seller();
      /** A call signed with the Android app's key, as the app makes it. */
      const app = async <T = unknown>(path: string, fields: Record<string, string>) => {
        const res = await t.app.inject({
          method: 'POST',
          url: `/gc${path}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams(signedBody(fields, 'gl_android', DEFAULT_APP_KEYS.gl_android)).toString(),
        });
        return res.json() as Reply<T>;
      };
      const signedIn = await app<{ token: string }>('/user/applogin', {
        username: owner.email,
        password: TEST_PASSWORD,
      });
      // Just signed in on the app: its PIN change (no login_password field) goes through...
      expect(
        (await app('/withdraw/upTPassword', { token: signedIn.data.token, password: '246810', new_password: '135790' }))
          .success,
      ).toBe(true);
      // ...but never with a wrong password, and an empty one is asked for.
      expect(
        await app('/withdraw/upTPassword', {
          token: signedIn.data.token,
          password: '135790',
          new_password: '246810',
          login_password: '',
        }),
      ).toMatchObject({ success: false, msg: SECURITY_MESSAGES.passwordRequired });
      // A web session signed in just as recently has no such grace (a stolen web token).
      expect(
        await t.call('/withdraw/upTPassword', { token: owner.token, password: '135790', new_password: '246810' }),
      ).toMatchObject({ success: false, code: 'common.004', msg: SECURITY_MESSAGES.signInAgain });
      // The change starts the cooling-off, and the owner is told.
      expect(await withdraw(signedIn.data.token, owner.bankId)).toMatchObject({
        success: false,
        msg: expect.stringMatching(/withdrawals are paused after a security change/),
      });
      expect((await unread(signedIn.data.token)).length).toBeGreaterThan(0);
      // Ten minutes on, the same call is answered "sign in again" (common.004), and after a new sign-in it goes
      // through.
      await t.db.query("update sessions set created_at = now() - interval '11 minutes' where user_id = $1", [owner.id]);
      expect(
        await app('/withdraw/upTPassword', { token: signedIn.data.token, password: '135790', new_password: '246810' }),
      ).toMatchObject({ success: false, code: 'common.004', msg: SECURITY_MESSAGES.signInAgain });
      const again = await app<{ token: string }>('/user/applogin', { username: owner.email, password: TEST_PASSWORD });
      expect(
        (await app('/withdraw/upTPassword', { token: again.data.token, password: '135790', new_password: '246810' }))
          .success,
      ).toBe(true);
    },
  );

  test('an account without a login password must set one first', async () => {
    const u = await makeUser(t);
    await t.db.query('update users set password_hash = null where id = $1', [u.id]);
    expect(
      await t.call('/user/sendEmailBindVerifyCode', { token: u.token, email: uniqueEmail(), password: 'anything-1' }),
    ).toMatchObject({ success: false, msg: SECURITY_MESSAGES.noPassword });
    expect(
      await t.call('/withdraw/transactionPassword', { token: u.token, password: '135790', login_password: '' }),
    ).toMatchObject({ success: false, msg: SECURITY_MESSAGES.noPassword });
  });

  test(
    'changing e-mail and WhatsApp: codes to the old and new addresses; the old ones are told with a "this ' +
      'wasn\'t me" link',
    async () => {
      const email = uniqueEmail();
      await t.call('/user/sendEmailVerifyCode', { email });
      const reg = await t.call<{ token: string; user_id: number }>('/user/appregister', {
        register_type: '1',
        country_id: '1',
        username: email,
        email,
        password: 'Secret123!',
        code: t.lastCode(email),
      });
      const tok = { token: reg.data.token, password: 'Secret123!' };
      await t.db.query("update otp_codes set created_at = created_at - interval '2 minutes' where address = $1", [
        email,
      ]);
      // WhatsApp bound for the first time: only the new number gets a code; the e-mail is told.
      const phone = uniquePhone();
      expect((await t.call('/user/sendWhatsAppCode', { ...tok, whatsapp: phone })).success).toBe(true);
      expect((await t.call('/user/bindWhatsapp', { ...tok, whatsapp: phone, code: t.lastCode(phone) })).success).toBe(
        true,
      );
      const told = t.app.messenger
        .outbox!.list()
        .find((m) => m.to === email && /whatsapp number changed/i.test(m.subject));
      expect(told?.text).toMatch(/https:\/\/site\.test\/secure-account\?token=[A-Za-z0-9_-]{43}/);
      // Changing it: the bound number gets a code too, and both are needed.
      await t.db.query("update otp_codes set created_at = created_at - interval '2 minutes' where address = $1", [
        phone.slice(1),
      ]);
      const phone2 = uniquePhone();
      expect((await t.call('/user/sendWhatsAppCode', { ...tok, whatsapp: phone2 })).success).toBe(true);
      const oldCode = t.lastCode(phone);
      expect(await t.call('/user/bindWhatsapp', { ...tok, whatsapp: phone2, code: t.lastCode(phone2) })).toMatchObject({
        success: false,
        msg: SECURITY_MESSAGES.oldCodeRequired,
      });
      expect(
        await t.call('/user/bindWhatsapp', {
          ...tok,
          whatsapp: phone2,
          code: t.lastCode(phone2),
          old_code: oldCode === '0000' ? '1111' : '0000',
        }),
      ).toMatchObject({ success: false });
      expect(
        (await t.call('/user/bindWhatsapp', { ...tok, whatsapp: phone2, code: t.lastCode(phone2), old_code: oldCode }))
          .success,
      ).toBe(true);
      // The old number and the e-mail were told; the notices are security notices.
      expect(t.app.messenger.outbox!.list().some((m) => m.to === phone && /secure-account\?token=/.test(m.text))).toBe(
        true,
      );
      const titles = (await unread(reg.data.token)).map((n) => n.notice_title);
      expect(titles.filter((x) => x === 'WhatsApp number changed')).toHaveLength(2);
    },
  );

  test(
    'cooling-off: after a password change and for a new payout account, withdrawals wait with a clear message, ' +
      'then go through',
    async () => {
      const s = await seller();
      expect((await withdraw(s.token, s.bankId, '2000')).success).toBe(true);
      // A password change starts the 24 h wait.
      expect(
        (
          await t.call('/user/modipassword', {
            token: s.token,
            password: TEST_PASSWORD,
            new_password: 'Brand-new-2026',
          })
        ).success,
      ).toBe(true);
      const held = await withdraw(s.token, s.bankId, '2001');
      expect(held).toMatchObject({
        success: false,
        msg: expect.stringMatching(
          /^For your safety, withdrawals are paused after a security change \(your login password was changed\)\. You can withdraw again from \d{1,2} \w{3} \d{4}, \d\d:\d\d Lagos time\.$/,
        ),
      });
      const info = await t.call<{ security_hold: { message: string; until: number; frozen: boolean } | null }>(
        '/withdraw/information',
        { token: s.token, wallet_type: '1' },
      );
      expect(info.data.security_hold).toMatchObject({ message: held.msg, frozen: false });
      expect(info.data.security_hold!.until).toBeGreaterThan(Date.now() / 1000 + 23.9 * 3600);
      // A wrong PIN is not even counted while the hold lasts.
      expect(
        (await t.call('/withdraw/apply', { token: s.token, bank_id: s.bankId, amount: '2001', password: '000000' }))
          .msg,
      ).toBe(held.msg);
      // 24 hours later (the clock moved in the database): allowed.
      await t.db.query("update users set withdraw_hold_until = now() - interval '1 second' where id = $1", [s.id]);
      expect((await withdraw(s.token, s.bankId, '2002')).success).toBe(true);
      expect(
        (await t.call<{ security_hold: unknown }>('/withdraw/information', { token: s.token, wallet_type: '1' })).data
          .security_hold,
      ).toBeNull();

      // A payout account added now cannot be paid to for 24 hours; the older one can.
      // (In the verified name: a new account in another name is refused outright, kyc.test.ts.)
      const added = await t.call<{ bank_id: number }>('/payment/add', {
        token: s.token,
        password: 'Brand-new-2026',
        t_password: '246810',
        payment_id: '1',
        bank_id: '100',
        account_no: await accountNoNamed(s.name),
        account_name: '',
      });
      expect(added.success).toBe(true);
      const fresh = String(added.data.bank_id);
      expect(await withdraw(s.token, fresh, '2003')).toMatchObject({
        success: false,
        msg: expect.stringMatching(
          /^For your safety, a new payout account can be paid to 24 hours after it is added\. You can withdraw to .+ \d{10} from \d{1,2} \w{3} \d{4}, \d\d:\d\d Lagos time\.$/,
        ),
      });
      expect((await withdraw(s.token, s.bankId, '2004')).success).toBe(true);
      await t.db.query("update payout_accounts set usable_from = now() - interval '1 second' where id = $1", [fresh]);
      expect((await withdraw(s.token, fresh, '2005')).success).toBe(true);

      // A PIN change starts it too; an operator (admin, audited) can end it after checking with the owner.
      expect(
        (
          await t.call('/withdraw/changeTPassword', {
            token: s.token,
            login_password: 'Brand-new-2026',
            password: '246810',
            new_password: '135790',
          })
        ).success,
      ).toBe(true);
      expect(
        (await t.call('/withdraw/apply', { token: s.token, bank_id: s.bankId, amount: '2006', password: '135790' }))
          .msg,
      ).toMatch(/your transaction password was changed/);
      const reviewer = await makeStaff(t, 'reviewer');
      expect(
        await opsCall(t, reviewer.token, 'POST', `/ops/api/users/${s.id}/end-hold`, {
          reason: 'owner confirmed by phone',
        }),
      ).toMatchObject({ status: 403 });
      const admin = await makeStaff(t, 'admin');
      expect(
        await opsCall(t, admin.token, 'POST', `/ops/api/users/${s.id}/end-hold`, {
          reason: 'owner confirmed by phone',
        }),
      ).toMatchObject({ success: true });
      expect(
        (await t.call('/withdraw/apply', { token: s.token, bank_id: s.bankId, amount: '2006', password: '135790' }))
          .success,
      ).toBe(true);
    },
  );

  test(
    '"this wasn\'t me" signs out every session and freezes withdrawals until an operator ' + 'unfreezes them',
    async () => {
      const s = await seller();
      const second = ok(
        await from<{ token: string }>(
          '/user/applogin',
          { username: s.email, password: TEST_PASSWORD, device_no: 'laptop-1' },
          LAPTOP_UA,
        ),
      ) as Reply<{ token: string }>;
      expect(
        (
          await t.call('/user/modipassword', {
            token: s.token,
            password: TEST_PASSWORD,
            new_password: 'Changed-by-thief-1',
          })
        ).success,
      ).toBe(true);
      const mail = t.app.messenger
        .outbox!.list()
        .find((m) => m.to === s.email && /login password changed/i.test(m.subject));
      const token = /secure-account\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
      expect(token).toBeDefined();
      expect(await t.call('/security/wasNotMe', { link_token: 'x'.repeat(43) })).toMatchObject({
        success: false,
        msg: SECURITY_MESSAGES.reportInvalid,
      });
      expect(await t.call('/security/wasNotMe', {})).toMatchObject({
        success: false,
        msg: SESSION_MESSAGES.linkRequired,
      });
      // Ten parallel clicks (a double-tap, a retry): every one answers success, the report is made once.
      const clicks = await Promise.all(
        Array.from({ length: 10 }, () => t.call('/security/wasNotMe', { link_token: token! })),
      );
      expect(clicks.every((c) => c.success)).toBe(true);
      const secured = await t.db.query<{ n: number }>(
        "select count(*)::int as n from notices where user_id = $1 and title = 'Account secured'",
        [s.id],
      );
      expect(secured.rows[0]?.n).toBe(1);
      // Every session ended, the one that made the change too.
      expect((await t.call('/user/userInfo', { token: s.token })).code).toBe('common.004');
      expect((await t.call('/user/userInfo', { token: second.data.token })).code).toBe('common.004');
      // The link again: the same answer, nothing more.
      expect((await t.call('/security/wasNotMe', { link_token: token! })).success).toBe(true);
      // Signed in again (the thief's password, say): withdrawals are frozen, and the form is told why.
      const again = ok(
        await from<{ token: string }>('/user/applogin', {
          username: s.email,
          password: 'Changed-by-thief-1',
          device_no: 'x',
        }),
      ) as Reply<{ token: string }>;
      await t.db.query('update users set withdraw_hold_until = null where id = $1', [s.id]);
      // Said as the wallet's holds say it, with how to reach support.
      const frozen = STANDING_MESSAGES.frozenNotMe(
        STANDING_MESSAGES.contact(t.config.supportEmail, t.config.supportWhatsapp),
      );
      expect(frozen).toMatch(
        /^Withdrawals are frozen because a change to your account was reported as not made by you/,
      );
      expect(await withdraw(again.data.token, s.bankId, '2000')).toMatchObject({ success: false, msg: frozen });
      expect(
        (
          await t.call<{ security_hold: { frozen: boolean } }>('/withdraw/information', {
            token: again.data.token,
            wallet_type: '1',
          })
        ).data.security_hold,
      ).toMatchObject({ frozen: true, message: frozen });
      // Staff unfreeze (admin only, audited).
      const admin = await makeStaff(t, 'admin');
      expect(
        await opsCall(t, admin.token, 'POST', `/ops/api/users/${s.id}/unfreeze`, { reason: 'owner verified with ID' }),
      ).toMatchObject({ success: true });
      expect(
        await opsCall(t, admin.token, 'POST', `/ops/api/users/${s.id}/unfreeze`, { reason: 'again' }),
      ).toMatchObject({ success: false });
      const audit = await opsCall<{ action: string }[]>(
        t,
        admin.token,
        'GET',
        `/ops/api/audit?target_type=user&target_id=${s.id}`,
      );
      expect(audit.data.map((a) => a.action)).toContain('user.unfreeze');
      expect((await withdraw(again.data.token, s.bankId, '2000')).success).toBe(true);
    },
  );

  test('security notices stay unread until opened: "mark all read" skips them', async () => {
    const s = await seller();
    expect(
      (await t.call('/user/modipassword', { token: s.token, password: TEST_PASSWORD, new_password: 'Brand-new-2026' }))
        .success,
    ).toBe(true);
    await t.db.query("insert into notices (user_id, title, content) values ($1, 'Order submitted', 'x')", [s.id]);
    expect((await t.call('/finder/readNotice', { token: s.token, notice_id: '0' })).success).toBe(true);
    const left = await unread(s.token);
    expect(left.map((n) => n.notice_title).sort()).toEqual(['Login password changed', 'Payout account added'].sort());
    // Opened one by one, they are read.
    for (const n of left) await t.call('/finder/readNotice', { token: s.token, notice_id: String(n.id) });
    expect(await unread(s.token)).toEqual([]);
  });

  test('sessions: listed with device, rough place and last seen; revoke one; sign out everywhere', async () => {
    const u = await makeUser(t);
    const phone = ok(
      await from<{ token: string }>(
        '/user/applogin',
        { username: u.email, password: TEST_PASSWORD, device_no: 'phone-1' },
        PHONE_UA,
        '102.89.34.7',
      ),
    ) as Reply<{ token: string }>;
    // A forged X-Forwarded-For does not move the place: the api trusts no proxy unless told to.
    const laptop = ok(
      await from<{ token: string }>(
        '/user/applogin',
        { username: u.email, password: TEST_PASSWORD, device_no: 'laptop-1' },
        LAPTOP_UA,
        '41.58.200.9',
        { 'x-forwarded-for': '8.8.8.8' },
      ),
    ) as Reply<{ token: string }>;
    type S = {
      session_id: string;
      device: string;
      place: string;
      last_seen_time: number;
      created_time: number;
      current: boolean;
    };
    const list = (await t.call<S[]>('/user/sessionList', { token: phone.data.token })).data;
    expect(list).toHaveLength(3); // makeUser's own session too
    const mine = list.find((x) => x.current)!;
    expect(mine).toMatchObject({ device: 'Chrome on Android', place: '102.89.x.x' });
    const other = list.find((x) => x.device === 'Chrome on Windows')!;
    expect(other).toMatchObject({ place: '41.58.x.x', current: false });
    expect(other.last_seen_time).toBeGreaterThan(Date.now() / 1000 - 60);
    // No IP is shown whole.
    expect(JSON.stringify(list)).not.toMatch(/34\.7|200\.9|8\.8\./);
    // Revoke the laptop: its token dies at once; another user cannot revoke mine.
    const stranger = await makeUser(t);
    expect(await t.call('/user/revokeSession', { token: stranger.token, session_id: mine.session_id })).toMatchObject({
      success: false,
      msg: SESSION_MESSAGES.notFound,
    });
    expect((await t.call('/user/userInfo', { token: phone.data.token })).success).toBe(true);
    expect(
      (await t.call('/user/revokeSession', { token: phone.data.token, session_id: other.session_id })).success,
    ).toBe(true);
    expect((await t.call('/user/userInfo', { token: laptop.data.token })).code).toBe('common.004');
    expect(
      await t.call('/user/revokeSession', { token: phone.data.token, session_id: other.session_id }),
    ).toMatchObject({ success: false, msg: SESSION_MESSAGES.notFound });
    expect(await t.call('/user/revokeSession', { token: phone.data.token, session_id: '1 or 1=1' })).toMatchObject({
      success: false,
    });
    // Sign out everywhere: every token of the account dies, this one too; the stranger's lives.
    expect((await t.call('/user/logoutAll', { token: phone.data.token })).success).toBe(true);
    for (const tk of [phone.data.token, u.token])
      expect((await t.call('/user/userInfo', { token: tk })).code).toBe('common.004');
    expect((await t.call('/user/userInfo', { token: stranger.token })).success).toBe(true);
  });

  test('a sign-in from a new device is told by e-mail and in the app; the same device again is not', async () => {
    const u = await makeUser(t);
    const count = () =>
      t.app.messenger.outbox!.list().filter((m) => m.to === u.email && /new sign-in/i.test(m.subject)).length;
    ok(await from('/user/applogin', { username: u.email, password: TEST_PASSWORD, device_no: 'phone-7' }, PHONE_UA));
    await new Promise((r) => setTimeout(r, 50));
    expect(count()).toBe(1);
    const mail = t.app.messenger.outbox!.list().find((m) => m.to === u.email && /new sign-in/i.test(m.subject))!;
    expect(mail.text).toMatch(/Chrome on Android, from 102\.89\.x\.x/);
    expect(mail.text).toMatch(/secure-account\?token=/);
    ok(await from('/user/applogin', { username: u.email, password: TEST_PASSWORD, device_no: 'phone-7' }, PHONE_UA));
    await new Promise((r) => setTimeout(r, 50));
    expect(count()).toBe(1);
    const titles = (await unread(u.token)).map((n) => n.notice_title);
    expect(titles.filter((x) => x === 'New sign-in to your account')).toHaveLength(1);
    // The very first session of a new account is not a "new device".
    const email = uniqueEmail();
    await t.call('/user/sendEmailVerifyCode', { email });
    await t.call('/user/appregister', {
      register_type: '1',
      country_id: '1',
      username: email,
      email,
      password: 'Secret123!',
      code: t.lastCode(email),
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(t.app.messenger.outbox!.list().some((m) => m.to === email && /new sign-in/i.test(m.subject))).toBe(false);
  });
});
