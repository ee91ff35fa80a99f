import { freshDb, targets, testApp, uniqueEmail, uniquePhone, type TestApp, type TestDb } from '../test/harness.js';
import { OTP_MESSAGES } from '../modules/user/otp.js';
import { USER_MESSAGES } from '../modules/user/service.js';
import { VALIDATION_MESSAGES as M } from '../lib/rules.js';
import { SECURITY_MESSAGES } from '../modules/security/service.js';
import { sql as clearMadeUpNicknames } from '../db/migrations/0036-no-made-up-nicknames.js';

jest.setTimeout(60_000);

type User = {
  user_id: number;
  token: string;
  email: string;
  whatsapp: string;
  currency_name: string;
  is_email_bind: boolean;
  whatsapp_bind: boolean;
  invite_code: string;
  password_null: boolean;
};

describe.each(targets({ embedded: true }))('accounts on %s', (target) => {
  let tdb: TestDb;
  let t: TestApp;
  beforeAll(async () => {
    tdb = await freshDb(target);
    t = await testApp(tdb);
  });
  afterAll(async () => {
    await t?.close();
    await tdb?.close();
  });

  async function registerEmail(extra: Record<string, unknown> = {}) {
    const email = uniqueEmail();
    const sent = await t.call('/user/sendEmailVerifyCode', { email });
    expect(sent.success).toBe(true);
    const r = await t.call<User>('/user/appregister', {
      register_type: '1',
      country_id: '1',
      username: email,
      email,
      password: 'Secret123!',
      code: t.lastCode(email),
      channel_type: '3',
      device_no: 'device-test',
      ...extra,
    });
    expect(r).toMatchObject({ success: true });
    return { email, user: r.data };
  }

  test('register by e-mail with the OTP, then userInfo, logout, and the token is dead', async () => {
    const { email, user } = await registerEmail();
    expect(user.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(user).toMatchObject({
      email,
      currency_name: 'NGN',
      is_email_bind: true,
      whatsapp_bind: false,
      password_null: false,
    });
    const info = await t.call<User>('/user/userInfo', { token: user.token });
    expect(info).toMatchObject({ success: true, data: { user_id: user.user_id, email } });
    expect(info.data).not.toHaveProperty('token');
    // Only the hash of the token is stored.
    const rows = await t.db.query<{ token_hash: string }>('select token_hash from sessions where user_id = $1', [
      user.user_id,
    ]);
    expect(rows.rows[0]?.token_hash).not.toBe(user.token);
    expect((await t.call('/user/applogout', { token: user.token })).success).toBe(true);
    expect(await t.call('/user/userInfo', { token: user.token })).toMatchObject({
      success: false,
      code: 'common.004',
      msg: 'Token is no longer valid, please log in again',
    });
  });

  test('token messages: missing, garbage, expired, idle', async () => {
    expect(await t.call('/user/userInfo', {})).toMatchObject({
      success: false,
      code: 'common.004',
      msg: 'Necessary parameter error:token',
    });
    expect(await t.call('/user/userInfo', { token: 'undefined' })).toMatchObject({
      code: 'common.004',
      msg: 'Necessary parameter error:token',
    });
    expect(await t.call('/user/userInfo', { token: 'nope' })).toMatchObject({
      code: 'common.004',
      msg: 'Token is no longer valid, please log in again',
    });
    const { user } = await registerEmail();
    await t.db.query("update sessions set expires_at = now() - interval '1 second' where user_id = $1", [user.user_id]);
    expect(await t.call('/user/userInfo', { token: user.token })).toMatchObject({
      code: 'common.004',
      msg: 'Token is no longer valid, please log in again',
    });
    const again = await registerEmail();
    await t.db.query("update sessions set last_seen_at = now() - interval '8 days' where user_id = $1", [
      again.user.user_id,
    ]);
    expect(await t.call('/user/userInfo', { token: again.user.token })).toMatchObject({ code: 'common.004' });
  });

  test('login by e-mail, by username case-insensitively, wrong password', async () => {
    const { email } = await registerEmail();
    const ok = await t.call<User>('/user/applogin', { username: email.toUpperCase(), password: 'Secret123!' });
    expect(ok).toMatchObject({ success: true, data: { email } });
    expect(await t.call('/user/applogin', { username: email, password: 'wrong-password' })).toMatchObject({
      success: false,
      msg: USER_MESSAGES.loginFailed,
    });
    expect(await t.call('/user/applogin', { username: 'nobody@example.com', password: 'whatever1' })).toMatchObject({
      success: false,
      msg: USER_MESSAGES.loginFailed,
    });
    expect(await t.call('/user/applogin', { password: 'x' })).toMatchObject({
      success: false,
      msg: M.loginUsernameRequired,
    });
    expect(await t.call('/user/applogin', { username: email })).toMatchObject({
      success: false,
      msg: M.passwordRequired,
    });
  });

  test('SPEC §5 messages on register', async () => {
    const base = { register_type: '1', country_id: '1', email: uniqueEmail(), password: 'Secret123!', code: '1234' };
    expect(await t.call('/user/appregister', { ...base, email: 'not-an-email' })).toMatchObject({
      success: false,
      msg: M.emailInvalid,
    });
    expect(await t.call('/user/appregister', { ...base, password: 'short' })).toMatchObject({
      success: false,
      msg: M.passwordTooShort,
    });
    expect(await t.call('/user/appregister', { ...base, password: undefined })).toMatchObject({
      success: false,
      msg: M.passwordRequired,
    });
    expect(await t.call('/user/appregister', { ...base, country_id: '0' })).toMatchObject({
      success: false,
      msg: M.countryRequired,
    });
    expect(await t.call('/user/appregister', { ...base, register_type: '2', whatsapp: '123' })).toMatchObject({
      success: false,
      msg: M.phoneTooShort,
    });
    expect(
      await t.call('/user/appregister', { ...base, register_type: '2', whatsapp: '+2341234567890123' }),
    ).toMatchObject({ success: false, msg: M.phoneTooLong });
    expect(await t.call('/user/appregister', { ...base, code: '' })).toMatchObject({
      success: false,
      msg: M.otpIncomplete,
    });
    expect(await t.call('/user/appregister', { ...base, code: '12' })).toMatchObject({
      success: false,
      msg: M.otpIncomplete,
    });
    // No code was ever sent to this address.
    expect(await t.call('/user/appregister', base)).toMatchObject({ success: false, msg: OTP_MESSAGES.wrong });
  });

  test('register by WhatsApp (trunk 0 dropped), duplicate refused, login with the number', async () => {
    const phone = uniquePhone();
    const typed = phone.replace('+234', '+2340');
    expect((await t.call('/user/sendWhatsAppCode', { whatsapp: typed })).success).toBe(true);
    const r = await t.call<User>('/user/appregister', {
      register_type: '2',
      country_id: '1',
      whatsapp: typed,
      password: 'Secret123!',
      code: t.lastCode(phone),
    });
    // No name was given: none is made up ("user4567"), so the screens greet without one.
    expect(r).toMatchObject({ success: true, data: { whatsapp: phone, whatsapp_bind: true, nickname: '' } });
    expect((await t.call<User>('/user/applogin', { username: phone, password: 'Secret123!' })).success).toBe(true);
    expect(await t.call('/user/checkUsername', { username: phone })).toMatchObject({
      success: false,
      msg: USER_MESSAGES.accountTaken,
    });
    expect((await t.call('/user/checkUsername', { username: uniqueEmail() })).success).toBe(true);
  });

  test('the made-up nicknames of earlier WhatsApp sign-ups are cleared, chosen ones kept', async () => {
    // Two older WhatsApp accounts: one with the made-up name, one that chose its own.
    const phone = uniquePhone().replace('+', '');
    const other = uniquePhone().replace('+', '');
    const rows = await t.db.query<{ id: number }>(
      `insert into users (username, whatsapp, country_id, register_type, invite_code, nickname) values
         ($1, $1, 1, 2, $2, $3), ($4, $4, 1, 2, $5, 'Chinedu') returning id`,
      [phone, `N${phone.slice(-7)}`, `user${phone.slice(-4)}`, other, `M${other.slice(-7)}`],
    );
    await t.db.exec(clearMadeUpNicknames);
    const names = await t.db.query<{ nickname: string }>('select nickname from users where id = any($1) order by id', [
      rows.rows.map((x) => x.id),
    ]);
    expect(names.rows.map((x) => x.nickname)).toEqual(['', 'Chinedu']);
  });

  test('referral code links the referrer; an unknown code is refused', async () => {
    const a = await registerEmail();
    const b = await registerEmail({ recommend_code: a.user.invite_code.toLowerCase() });
    const row = await t.db.query<{ referrer_id: number }>('select referrer_id from users where id = $1', [
      b.user.user_id,
    ]);
    expect(row.rows[0]?.referrer_id).toBe(a.user.user_id);
    const email = uniqueEmail();
    await t.call('/user/sendEmailVerifyCode', { email });
    expect(
      await t.call('/user/appregister', {
        country_id: '1',
        email,
        password: 'Secret123!',
        code: t.lastCode(email),
        recommend_code: 'ZZZZZZZZ',
      }),
    ).toMatchObject({
      success: false,
      msg: USER_MESSAGES.referralUnknown,
    });
  });

  test('OTP: 60 s between sends, wrong code counted, 5 tries burn it, single use', async () => {
    const email = uniqueEmail();
    expect((await t.call('/user/sendEmailVerifyCode', { email })).success).toBe(true);
    const again = await t.call('/user/sendEmailVerifyCode', { email });
    expect(again.success).toBe(false);
    expect(again.msg).toMatch(/^Please wait \d+ seconds before requesting another code$/);
    const code = t.lastCode(email);
    const wrong = code === '0000' ? '1111' : '0000';
    const reg = { country_id: '1', email, password: 'Secret123!' };
    // Each wrong try says how many are left, and the fifth burns the code.
    expect(OTP_MESSAGES.wrongTriesLeft(4)).toBe('Invalid verification code: 4 tries left');
    expect(OTP_MESSAGES.wrongTriesLeft(1)).toBe('Invalid verification code: 1 try left');
    for (let i = 0; i < 4; i++)
      expect(await t.call('/user/appregister', { ...reg, code: wrong })).toMatchObject({
        success: false,
        msg: OTP_MESSAGES.wrongTriesLeft(4 - i),
      });
    expect(await t.call('/user/appregister', { ...reg, code: wrong })).toMatchObject({
      success: false,
      msg: OTP_MESSAGES.tooManyTries,
    });
    // Burnt: even the right code no longer works.
    expect(await t.call('/user/appregister', { ...reg, code })).toMatchObject({
      success: false,
      msg: OTP_MESSAGES.tooManyTries,
    });

    // Single use: a second registration with the same code fails (the address is taken anyway, so use reset).
    const { email: e2 } = await registerEmail();
    await t.db.query("update otp_codes set created_at = created_at - interval '2 minutes' where address = $1", [e2]);
    expect((await t.call('/public/sendMail', { email: e2 })).success).toBe(true);
    const rc = t.lastCode(e2);
    expect(
      (await t.call('/user/updatePasswordByEmail', { email: e2, verify_code: rc, new_password: 'NewSecret1!' }))
        .success,
    ).toBe(true);
    expect(
      await t.call('/user/updatePasswordByEmail', { email: e2, verify_code: rc, new_password: 'NewSecret2!' }),
    ).toMatchObject({ success: false, msg: OTP_MESSAGES.wrong });
  });

  test('OTP: expired after 10 minutes; caps per address', async () => {
    const email = uniqueEmail();
    await t.call('/user/sendEmailVerifyCode', { email });
    const code = t.lastCode(email);
    await t.db.query("update otp_codes set expires_at = now() - interval '1 second' where address = $1", [email]);
    expect(await t.call('/user/appregister', { country_id: '1', email, password: 'Secret123!', code })).toMatchObject({
      success: false,
      msg: OTP_MESSAGES.expired,
    });
    // Five sends in the last hour: the sixth is refused even after the 60 s gap.
    await t.db.query("update otp_codes set created_at = now() - interval '2 minutes' where address = $1", [email]);
    for (let i = 0; i < 4; i++) {
      await t.db.query(
        'insert into otp_codes (purpose, channel, address, code_hash, created_at, expires_at) values ' +
          "('register','email',$1,'00',now() - interval '5 minutes', now())",
        [email],
      );
    }
    expect(await t.call('/user/sendEmailVerifyCode', { email })).toMatchObject({
      success: false,
      msg: OTP_MESSAGES.capAddress,
    });
  });

  test('password reset by WhatsApp revokes sessions; modipassword keeps the current one', async () => {
    const phone = uniquePhone();
    await t.call('/user/sendWhatsAppCode', { whatsapp: phone });
    const reg = await t.call<User>('/user/appregister', {
      register_type: '2',
      country_id: '2',
      whatsapp: phone,
      password: 'Secret123!',
      code: t.lastCode(phone),
    });
    expect(reg.data.currency_name).toBe('GHS');
    const other = await t.call<User>('/user/applogin', { username: phone, password: 'Secret123!' });
    // modipassword: wrong current password, then right; the other session is signed out.
    expect(
      await t.call('/user/modipassword', { token: reg.data.token, password: 'nope-nope', new_password: 'Another123!' }),
    ).toMatchObject({ success: false, msg: SECURITY_MESSAGES.wrongPassword(4) });
    expect(
      (
        await t.call('/user/modipassword', {
          token: reg.data.token,
          password: 'Secret123!',
          new_password: 'Another123!',
        })
      ).success,
    ).toBe(true);
    expect((await t.call('/user/userInfo', { token: reg.data.token })).success).toBe(true);
    expect((await t.call('/user/userInfo', { token: other.data.token })).code).toBe('common.004');
    // Reset through WhatsApp: the registered number gets a reset code.
    await t.db.query("update otp_codes set created_at = created_at - interval '2 minutes' where address = $1", [
      phone.slice(1),
    ]);
    expect((await t.call('/user/forgotPassword', { username: phone })).success).toBe(true);
    const r = await t.call('/user/updatePasswordByWhatsapp', {
      whatsapp: phone,
      verify_code: t.lastCode(phone),
      new_password: 'Third1234!',
    });
    expect(r.success).toBe(true);
    expect((await t.call('/user/userInfo', { token: reg.data.token })).code).toBe('common.004');
    expect((await t.call('/user/applogin', { username: phone, password: 'Third1234!' })).success).toBe(true);
    expect(
      await t.call('/user/updatePasswordByWhatsApp', {
        whatsapp: phone,
        verify_code: '12',
        new_password: 'Third1234!',
      }),
    ).toMatchObject({ success: false, msg: M.forgetOtpInvalid });
    // An address without an account answers as one with (see enumeration.test.ts).
    expect(await t.call('/public/sendMail', { email: uniqueEmail() })).toMatchObject({ success: true });
  });

  test('a WhatsApp number written the Nigerian way (0…, without 0, 234…) signs in and resets like +234…', async () => {
    const phone = uniquePhone(); // +2348xxxxxxxxx
    const national = phone.slice(4); // 8xxxxxxxxx
    await t.call('/user/sendWhatsAppCode', { whatsapp: `0${national}` });
    const reg = await t.call<User>('/user/appregister', {
      register_type: '2',
      country_id: '1',
      whatsapp: `0${national}`,
      password: 'Secret123!',
      code: t.lastCode(phone),
    });
    expect(reg).toMatchObject({ success: true, data: { whatsapp: phone } });
    for (const username of [
      `0${national}`,
      national,
      `234${national}`,
      phone,
      `+234 ${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`,
      `0${national.slice(0, 3)}-${national.slice(3)}`,
    ]) {
      expect(await t.call('/user/applogin', { username, password: 'Secret123!' })).toMatchObject({
        success: true,
        data: { user_id: reg.data.user_id },
      });
    }
    // Taken in every form: a second sign-up with the trunk 0 is refused.
    expect((await t.call('/user/checkUsername', { username: `0${national}` })).success).toBe(false);
    // Reset: the code request and the reset take the national form too.
    await t.db.query("update otp_codes set created_at = created_at - interval '2 minutes' where address = $1", [
      phone.slice(1),
    ]);
    expect((await t.call('/user/forgotPassword', { username: `0${national}` })).success).toBe(true);
    const r = await t.call('/user/updatePasswordByWhatsapp', {
      whatsapp: national,
      verify_code: t.lastCode(phone),
      new_password: 'Third1234!',
    });
    expect(r.success).toBe(true);
    expect((await t.call('/user/applogin', { username: `0${national}`, password: 'Third1234!' })).success).toBe(true);
    // A Ghanaian number in its national form (the country list names Ghana too).
    const gh = `+23324${String(Date.now() % 1e7).padStart(7, '0')}`;
    await t.call('/user/sendWhatsAppCode', { whatsapp: gh });
    const ghReg = await t.call<User>('/user/appregister', {
      register_type: '2',
      country_id: '2',
      whatsapp: gh,
      password: 'Secret123!',
      code: t.lastCode(gh),
    });
    expect(ghReg.success).toBe(true);
    expect(await t.call('/user/applogin', { username: `0${gh.slice(4)}`, password: 'Secret123!' })).toMatchObject({
      success: true,
      data: { user_id: ghReg.data.user_id },
    });
  });

  test('profile: nickname, avatar, username, phone, bind WhatsApp, bind and change e-mail', async () => {
    const { email, user } = await registerEmail();
    const tok = { token: user.token };
    expect((await t.call('/user/modinickname', { ...tok, nickname: 'Ada Lovelace' })).success).toBe(true);
    expect((await t.call('/user/userInfo', tok)).data).toMatchObject({ nickname: 'Ada Lovelace' });
    expect(await t.call('/user/modinickname', { ...tok, nickname: '   ' })).toMatchObject({
      success: false,
      msg: M.nicknameRequired,
    });
    expect(await t.call('/user/modinickname', { ...tok, nickname: 'x'.repeat(41) })).toMatchObject({
      success: false,
      msg: M.nicknameTooLong,
    });
    expect((await t.call('/account/avatar', { ...tok, avatar: 'https://cdn.example.com/a.png' })).success).toBe(true);
    expect(await t.call('/account/avatar', { ...tok, avatar: 'javascript:alert(1)' })).toMatchObject({
      success: false,
      msg: 'Avatar must be an image URL',
    });
    expect((await t.call('/user/updateUsername', { ...tok, username: `ada${user.user_id}` })).success).toBe(true);
    expect(await t.call('/user/updateUsername', { ...tok, username: '1x' })).toMatchObject({ success: false });
    expect((await t.call('/user/bindPhone', { ...tok, phone: '+233 24 123 4567' })).success).toBe(true);
    const phone = uniquePhone();
    const pw = { password: 'Secret123!' };
    expect((await t.call('/user/sendWhatsAppCode', { ...tok, ...pw, whatsapp: phone })).success).toBe(true);
    expect(
      (await t.call('/user/bindWhatsapp', { ...tok, ...pw, whatsapp: phone, code: t.lastCode(phone) })).success,
    ).toBe(true);
    const next = uniqueEmail();
    // The sign-up code went to the current address a moment ago: let its 60 s gap pass.
    await t.db.query("update otp_codes set created_at = created_at - interval '2 minutes' where address = $1", [email]);
    expect((await t.call('/user/sendEmailBindVerifyCode', { ...tok, ...pw, email: next })).success).toBe(true);
    // Changing a bound address: the code sent to the current one is needed as well.
    expect(
      await t.call('/user/changeEmail', { ...tok, ...pw, email: next, verify_code: t.lastCode(next) }),
    ).toMatchObject({ success: false, msg: SECURITY_MESSAGES.oldCodeRequired });
    expect(
      (
        await t.call('/user/changeEmail', {
          ...tok,
          ...pw,
          email: next,
          verify_code: t.lastCode(next),
          old_code: t.lastCode(email),
        })
      ).success,
    ).toBe(true);
    const info = await t.call<User & { nickname: string; avatar: string; phone: string; username: string }>(
      '/user/userInfo',
      tok,
    );
    expect(info.data).toMatchObject({
      nickname: 'Ada Lovelace',
      avatar: 'https://cdn.example.com/a.png',
      phone: '233241234567',
      whatsapp: phone,
      whatsapp_bind: true,
      email: next,
      username: `ada${user.user_id}`,
    });
    // The old address was told.
    expect(
      t.app.messenger
        .outbox!.list()
        .some(
          (m) => m.to === email && /e-mail address changed/.test(m.subject) && /secure-account\?token=/.test(m.text),
        ),
    ).toBe(true);
    // Binding an address someone else uses is refused.
    const other = await registerEmail();
    expect(
      await t.call('/user/sendEmailBindVerifyCode', { token: other.user.token, ...pw, email: next }),
    ).toMatchObject({ success: false, msg: USER_MESSAGES.emailTaken });
  });

  test(
    'cancellation: wrong password refused, a closure check refuses, then data erased and sessions ' + 'revoked',
    async () => {
      const { email, user } = await registerEmail();
      expect(await t.call('/user/cancellation', { token: user.token, password: 'wrong-one' })).toMatchObject({
        success: false,
        msg: SECURITY_MESSAGES.wrongPassword(4),
      });
      t.app.accounts.closureChecks.push(async (_q, id) =>
        id === user.user_id ? 'Please withdraw your balance before closing your account' : null,
      );
      expect(await t.call('/user/cancellation', { token: user.token, password: 'Secret123!' })).toMatchObject({
        success: false,
        msg: 'Please withdraw your balance before closing your account',
      });
      t.app.accounts.closureChecks.pop();
      expect((await t.call('/user/cancellation', { token: user.token, password: 'Secret123!' })).success).toBe(true);
      expect((await t.call('/user/userInfo', { token: user.token })).code).toBe('common.004');
      const row = await t.db.query<{ email: string | null; status: string; password_hash: string | null }>(
        'select email, status, password_hash from users where id = $1',
        [user.user_id],
      );
      expect(row.rows[0]).toEqual({ email: null, status: 'closed', password_hash: null });
      // The address is free again.
      expect((await t.call('/user/checkUsername', { username: email })).success).toBe(true);
    },
  );
});
