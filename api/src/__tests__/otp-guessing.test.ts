// One-time codes under attack: parallel guessing compares at most 5 times per code, a
// burnt code refuses even the right digits, and wrong codes are capped per address and per account
// across codes (10 a day per purpose), then locked with a notice. Every purpose goes through the one
// mechanism, so each code-checking route is attacked the same way.
import { OTP_LIMITS, OTP_MESSAGES } from '../modules/user/otp.js';
import { hashPassword } from '../shared/passwords.js';
import { freshDb, targets, testApp, uniqueEmail, uniquePhone, type TestApp, type TestDb } from '../test/harness.js';
import { makeUser } from '../test/money.js';

jest.setTimeout(180_000);

const PASSWORD = 'Secret123!';

describe.each(targets())('one-time codes under attack on %s', (target) => {
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

  /** A user with a password, signed in. */
  async function account(opts: { whatsapp?: string; emailBound?: boolean } = {}) {
    const u = await makeUser(t);
    // emailBound false: an e-mail typed at sign-up but never confirmed, so binding one is not a change of a bound
    // address.
    await t.db.query(
      'update users set password_hash = $2, whatsapp = $3, whatsapp_verified = $4, email_verified = $5 where id = $1',
      [
        u.id,
        await hashPassword(PASSWORD),
        opts.whatsapp?.slice(1) ?? null,
        Boolean(opts.whatsapp),
        opts.emailBound ?? true,
      ],
    );
    return u;
  }
  /** Lets the next code be sent at once (the 60 s gap between sends to one address). */
  const pastGap = (address: string) =>
    t.db.query("update otp_codes set created_at = created_at - interval '2 minutes' where address = $1", [address]);
  const wrongFor = (code: string, n: number) =>
    Array.from({ length: n }, (_, i) => String((Number(code) + 1 + i) % 10_000).padStart(4, '0'));
  const guard = async (purpose: string, subject: string) =>
    (
      await t.db.query<{ failures: number; locked_until: Date | null }>(
        'select failures, locked_until from otp_guard where purpose = $1 and subject = $2',
        [purpose, subject],
      )
    ).rows[0];
  const attempts = async (address: string, purpose: string) =>
    (
      await t.db.query<{ attempts: number }>(
        'select attempts from otp_codes where address = $1 and purpose = $2 order by created_at desc limit 1',
        [address, purpose],
      )
    ).rows[0]?.attempts;

  test(
    '300 parallel guesses at one password-reset code: at most 5 compared, then the right code is ' + 'refused',
    async () => {
      const u = await account();
      expect((await t.call('/user/forgotPassword', { username: u.email })).success).toBe(true);
      const code = t.lastCode(u.email);
      const guesses = wrongFor(code, 300);
      const replies = await Promise.all(
        guesses.map((g) =>
          t.call('/user/updatePasswordByEmail', { email: u.email, verify_code: g, new_password: 'Stolen1234!' }),
        ),
      );
      expect(replies.every((r) => !r.success)).toBe(true);
      const wrongReplies = replies.filter((r) => r.msg.startsWith(`${OTP_MESSAGES.wrong}:`)).map((r) => r.msg);
      // Each wrong answer says how many tries the code has left: 4, 3, 2, 1, once each.
      expect(wrongReplies.sort()).toEqual([1, 2, 3, 4].map((n) => OTP_MESSAGES.wrongTriesLeft(n)));
      const wrong = wrongReplies.length;
      const burnt = replies.filter((r) => r.msg === OTP_MESSAGES.tooManyTries).length;
      // Four wrong answers, then the fifth comparison burns the code; every other guess met a burnt code.
      expect(wrong).toBe(OTP_LIMITS.maxAttempts - 1);
      expect(wrong + burnt).toBe(300);
      expect(await attempts(u.email, 'reset_password')).toBe(OTP_LIMITS.maxAttempts);
      // Exactly 5 wrong comparisons were counted against the address.
      expect((await guard('reset_password', `a:${u.email}`))?.failures).toBe(OTP_LIMITS.maxAttempts);
      // Burnt: the right code is refused and the password is unchanged.
      expect(
        await t.call('/user/updatePasswordByEmail', { email: u.email, verify_code: code, new_password: 'Stolen1234!' }),
      ).toMatchObject({ success: false, msg: OTP_MESSAGES.tooManyTries });
      expect((await t.call('/user/applogin', { username: u.email, password: PASSWORD })).success).toBe(true);
      expect((await t.call('/user/applogin', { username: u.email, password: 'Stolen1234!' })).success).toBe(false);
    },
  );

  /** Every route that checks a code: how to get a code to `address`, and how to try one. */
  const purposes: Array<{
    name: string;
    purpose: string;
    setup: () => Promise<{
      address: string;
      to: string;
      send: () => Promise<unknown>;
      attempt: (code: string) => Promise<{ success: boolean; msg: string }>;
    }>;
  }> = [
    {
      name: 'sign-up by e-mail (appregister)',
      purpose: 'register',
      setup: async () => {
        const email = uniqueEmail();
        return {
          address: email,
          to: email,
          send: () => t.call('/user/sendEmailVerifyCode', { email }),
          attempt: (code) =>
            t.call('/user/appregister', { register_type: '1', country_id: '1', email, password: PASSWORD, code }),
        };
      },
    },
    {
      name: 'sign-up by WhatsApp (appregister)',
      purpose: 'register',
      setup: async () => {
        const phone = uniquePhone();
        return {
          address: phone.slice(1),
          to: phone,
          send: () => t.call('/user/sendWhatsAppCode', { whatsapp: phone }),
          attempt: (code) =>
            t.call('/user/appregister', {
              register_type: '2',
              country_id: '1',
              whatsapp: phone,
              password: PASSWORD,
              code,
            }),
        };
      },
    },
    {
      name: 'password reset by WhatsApp',
      purpose: 'reset_password',
      setup: async () => {
        const phone = uniquePhone();
        await account({ whatsapp: phone });
        return {
          address: phone.slice(1),
          to: phone,
          send: () => t.call('/user/forgotPassword', { username: phone }),
          attempt: (code) =>
            t.call('/user/updatePasswordByWhatsapp', {
              whatsapp: phone,
              verify_code: code,
              new_password: 'Stolen1234!',
            }),
        };
      },
    },
    {
      name: 'e-mail binding',
      purpose: 'bind_email',
      setup: async () => {
        const u = await account({ emailBound: false });
        const email = uniqueEmail();
        return {
          address: email,
          to: email,
          send: () => t.call('/user/sendEmailBindVerifyCode', { token: u.token, email, password: PASSWORD }),
          attempt: (code) =>
            t.call('/user/bindEmail', { token: u.token, email, verify_code: code, password: PASSWORD }),
        };
      },
    },
    {
      name: 'WhatsApp binding',
      purpose: 'bind_whatsapp',
      setup: async () => {
        const u = await account();
        const phone = uniquePhone();
        return {
          address: phone.slice(1),
          to: phone,
          send: () => t.call('/user/sendWhatsAppCode', { token: u.token, whatsapp: phone, password: PASSWORD }),
          attempt: (code) =>
            t.call('/user/bindWhatsapp', { token: u.token, whatsapp: phone, code, password: PASSWORD }),
        };
      },
    },
    {
      name: 'PIN reset',
      purpose: 'reset_tpassword',
      setup: async () => {
        const u = await account();
        return {
          address: u.email,
          to: u.email,
          send: () => t.call('/withdraw/sendResetCode', { token: u.token, login_password: PASSWORD }),
          attempt: (code) =>
            t.call('/withdraw/resetTPassword', {
              token: u.token,
              verify_code: code,
              new_password: '274915',
              login_password: PASSWORD,
            }),
        };
      },
    },
  ];

  test.each(purposes)(
    '$name: 100 parallel guesses compare at most 5 times, then the right code is refused',
    async ({ purpose, setup }) => {
      const s = await setup();
      expect(await s.send()).toMatchObject({ success: true });
      const code = t.lastCode(s.to);
      const replies = await Promise.all(wrongFor(code, 100).map((g) => s.attempt(g)));
      expect(
        replies
          .filter((r) => r.msg.startsWith(`${OTP_MESSAGES.wrong}:`))
          .map((r) => r.msg)
          .sort(),
      ).toEqual([1, 2, 3, 4].map((n) => OTP_MESSAGES.wrongTriesLeft(n)));
      expect(replies.filter((r) => r.msg === OTP_MESSAGES.tooManyTries)).toHaveLength(
        100 - (OTP_LIMITS.maxAttempts - 1),
      );
      expect(await attempts(s.address, purpose)).toBe(OTP_LIMITS.maxAttempts);
      expect(await s.attempt(code)).toMatchObject({ success: false, msg: OTP_MESSAGES.tooManyTries });
    },
  );

  test(
    'per address: 10 wrong codes a day across codes lock password resets, with a notice in the app and to the ' +
      'address',
    async () => {
      const u = await account();
      const reset = (code: string) =>
        t.call('/user/updatePasswordByEmail', { email: u.email, verify_code: code, new_password: 'Stolen1234!' });
      // Code 1: five wrong tries burn it. Code 2: four wrong. Code 3: the tenth wrong try locks.
      for (const wrongTries of [5, 4]) {
        await pastGap(u.email);
        expect((await t.call('/public/sendMail', { email: u.email })).success).toBe(true);
        for (const g of wrongFor(t.lastCode(u.email), wrongTries)) expect((await reset(g)).success).toBe(false);
      }
      await pastGap(u.email);
      expect((await t.call('/public/sendMail', { email: u.email })).success).toBe(true);
      const code = t.lastCode(u.email);
      expect(await reset(wrongFor(code, 1)[0]!)).toMatchObject({ success: false, msg: OTP_MESSAGES.locked });
      // Locked: the right code of a live code is refused, and no new code is sent.
      expect(await reset(code)).toMatchObject({ success: false, msg: OTP_MESSAGES.locked });
      await pastGap(u.email);
      expect(await t.call('/public/sendMail', { email: u.email })).toMatchObject({
        success: false,
        msg: OTP_MESSAGES.locked,
      });
      expect((await t.call('/user/applogin', { username: u.email, password: PASSWORD })).success).toBe(true);
      // The owner is told: once in the app, once at the address.
      const notices = await t.call<{ notice_title: string }[]>('/finder/allNotice', { token: u.token, type: 'all' });
      expect(notices.data.filter((n) => n.notice_title === 'Verification codes paused')).toHaveLength(1);
      expect(
        t.app.messenger
          .outbox!.list()
          .filter((m) => m.to === u.email && /too many wrong verification codes/.test(m.subject)),
      ).toHaveLength(1);
      // The address and the account are both locked, for 24 hours.
      expect((await guard('reset_password', `u:${u.id}`))?.locked_until).toBeTruthy();
      expect((await guard('reset_password', `a:${u.email}`))?.locked_until?.getTime()).toBeGreaterThan(
        Date.now() + 23 * 3600_000,
      );
      // A day later the address may try again.
      await t.db.query(
        "update otp_guard set locked_until = now() - interval '1 second', window_start = now() - interval '25 hours' " +
          'where subject = any($1::text[])',
        [[`a:${u.email}`, `u:${u.id}`]],
      );
      await pastGap(u.email);
      expect((await t.call('/public/sendMail', { email: u.email })).success).toBe(true);
      expect((await reset(t.lastCode(u.email))).success).toBe(true);
    },
  );

  test('per address, in parallel: 100 guesses at each fresh code never pass 10 wrong comparisons a day', async () => {
    const email = uniqueEmail();
    const guess = (code: string) =>
      t.call('/user/appregister', { register_type: '1', country_id: '1', email, password: PASSWORD, code });
    let last = '';
    let rounds = 0;
    for (;;) {
      await pastGap(email);
      const sent = await t.call('/user/sendEmailVerifyCode', { email });
      if (!sent.success) {
        expect(sent.msg).toBe(OTP_MESSAGES.locked);
        break;
      }
      rounds++;
      last = t.lastCode(email);
      await Promise.all(wrongFor(last, 100).map(guess));
    }
    expect(rounds).toBe(2);
    // Comparisons = tries counted on the codes: exactly the daily budget, all of them wrong.
    const tries = await t.db.query<{ n: number }>(
      "select coalesce(sum(attempts), 0)::int as n from otp_codes where address = $1 and purpose = 'register'",
      [email],
    );
    expect(tries.rows[0]?.n).toBe(OTP_LIMITS.failuresPerDay);
    expect((await guard('register', `a:${email}`))?.failures).toBe(OTP_LIMITS.failuresPerDay);
    expect(await guess(last)).toMatchObject({ success: false, msg: OTP_MESSAGES.locked });
    // The address (no account yet) was told once.
    expect(
      t.app.messenger
        .outbox!.list()
        .filter((m) => m.to === email && /too many wrong verification codes/.test(m.subject)),
    ).toHaveLength(1);
  });

  test('per account: 10 wrong binding codes across addresses lock e-mail binding for the account', async () => {
    const u = await account({ emailBound: false });
    const tryBind = async (email: string, code: string) =>
      t.call('/user/bindEmail', { token: u.token, email, verify_code: code, password: PASSWORD });
    for (const wrongTries of [5, 4]) {
      const email = uniqueEmail();
      expect(
        (await t.call('/user/sendEmailBindVerifyCode', { token: u.token, email, password: PASSWORD })).success,
      ).toBe(true);
      for (const g of wrongFor(t.lastCode(email), wrongTries)) expect((await tryBind(email, g)).success).toBe(false);
    }
    const email = uniqueEmail();
    expect((await t.call('/user/sendEmailBindVerifyCode', { token: u.token, email, password: PASSWORD })).success).toBe(
      true,
    );
    const code = t.lastCode(email);
    expect(await tryBind(email, wrongFor(code, 1)[0]!)).toMatchObject({ success: false, msg: OTP_MESSAGES.locked });
    // A fresh address with its right code: the account is locked, whatever the address.
    const fresh = uniqueEmail();
    expect(
      (await t.call('/user/sendEmailBindVerifyCode', { token: u.token, email: fresh, password: PASSWORD })).success,
    ).toBe(true);
    expect(await tryBind(fresh, t.lastCode(fresh))).toMatchObject({ success: false, msg: OTP_MESSAGES.locked });
    expect((await t.call<{ email: string }>('/user/userInfo', { token: u.token })).data.email).toBe(u.email);
    const notices = await t.call<{ notice_title: string }[]>('/finder/allNotice', { token: u.token, type: 'all' });
    expect(notices.data.filter((n) => n.notice_title === 'Verification codes paused')).toHaveLength(1);
  });
});
