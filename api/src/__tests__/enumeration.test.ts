// Account enumeration: the code-sending and reset routes answer alike whether or not an
// address has an account, and take as long (a message goes out either way: a code, or a note that
// serves the real owner). checkUsername keeps its contract — it tells — under a tight limit of its own.
// Neither reply waits for the provider: both write their message to the outbox.
import { OTP_LIMITS, OTP_MESSAGES } from '../modules/user/otp.js';
import { USER_MESSAGES } from '../modules/user/service.js';
import { hashPassword } from '../shared/passwords.js';
import { freshDb, targets, testApp, uniqueEmail, uniquePhone, type TestApp, type TestDb } from '../test/harness.js';
import { makeUser } from '../test/money.js';
import type { OutboxMessage } from '../modules/messaging/messenger.js';

jest.setTimeout(120_000);

/** What a client sees: the envelope and the status, nothing else. */
const seen = (r: { status: number; success: boolean; msg: string; code: unknown; data: unknown }) => ({
  status: r.status,
  success: r.success,
  msg: r.msg,
  code: r.code,
  data: r.data,
});

/** A provider takes this long to accept a message (a slow SMTP or WhatsApp round trip). */
const PROVIDER_MS = 1000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(targets())('account enumeration on %s', (target) => {
  let tdb: TestDb;
  let t: TestApp;
  beforeAll(async () => {
    tdb = await freshDb(target);
    t = await testApp(tdb);
    // A slow provider for both channels (it ends in the dev outbox, where the test reads).
    const slow = {
      send: async (m: OutboxMessage) => {
        await sleep(PROVIDER_MS);
        t.app.messenger.outbox!.add({
          channel: m.channel as 'email' | 'whatsapp',
          to: m.to,
          subject: m.subject,
          text: m.text,
          code: m.code,
        });
      },
    };
    t.app.messenger.setSender('email', slow);
    t.app.messenger.setSender('whatsapp', slow);
  });
  afterAll(async () => {
    await t?.close();
    await tdb?.close();
  });

  async function account(opts: { whatsapp?: string } = {}) {
    const u = await makeUser(t);
    await t.db.query('update users set password_hash = $2, whatsapp = $3 where id = $1', [
      u.id,
      await hashPassword('Secret123!'),
      opts.whatsapp?.slice(1) ?? null,
    ]);
    return u;
  }
  /** The messages an address got, once the (slow) provider has taken them: waited for, 10 s at most. */
  const messagesTo = async (to: string) => {
    const list = () => t.app.messenger.outbox!.list().filter((m) => m.to === to);
    for (let i = 0; i < 100 && !list().length; i++) await sleep(100);
    return list();
  };
  const codeFor = async (to: string) => (await messagesTo(to)).find((m) => m.code)?.code ?? '';
  const timed = async <T>(f: () => Promise<T>): Promise<[T, number]> => {
    const t0 = performance.now();
    const r = await f();
    return [r, performance.now() - t0];
  };

  /**
   * Asks twice for each address: the replies (first, and the one inside the 60 s gap) are the same, and neither first
   * one waits for the provider.
   */
  async function sameReplies(call: (address: string) => ReturnType<TestApp['call']>, known: string, unknown: string) {
    const [k1, tk] = await timed(() => call(known));
    const [u1, tu] = await timed(() => call(unknown));
    expect(k1.success).toBe(true);
    expect(seen(u1)).toEqual(seen(k1));
    expect(tk).toBeLessThan(PROVIDER_MS);
    expect(tu).toBeLessThan(PROVIDER_MS);
    const [k2, u2] = [await call(known), await call(unknown)];
    expect(k2.msg).toMatch(/^Please wait \d+ seconds before requesting another code$/);
    // The seconds left count from each address's own first request, so they may differ by one when
    // the two calls straddle a second; everything else is the same.
    const secs = (r: typeof k2) => Number(/\d+/.exec(r.msg)?.[0]);
    expect(Math.abs(secs(u2) - secs(k2))).toBeLessThanOrEqual(1);
    const unnumbered = (r: typeof k2) => ({ ...seen(r), msg: r.msg.replace(/\d+/, 'N') });
    expect(unnumbered(u2)).toEqual(unnumbered(k2));
  }

  test(
    'sendEmailVerifyCode: an address with an account is told so by mail instead of a code; the reply is ' + 'the same',
    async () => {
      const known = await account();
      const fresh = uniqueEmail();
      await sameReplies((email) => t.call('/user/sendEmailVerifyCode', { email }), known.email, fresh);
      expect((await messagesTo(fresh))[0]).toMatchObject({ code: expect.stringMatching(/^\d{4}$/) });
      const note = (await messagesTo(known.email))[0]!;
      expect(note).toMatchObject({ code: null, subject: 'You already have a GiftLane account' });
      expect(note.text).toMatch(/already has an account.*Forgot Password\?/);
      // A guess at the code that was never sent: the stranger hears what a wrong code hears, tries
      // left included (the note's address holds a code nobody was given, counted alike).
      const guess = (await codeFor(fresh)) === '1234' ? '4321' : '1234';
      const reg = (email: string) =>
        t.call('/user/appregister', {
          register_type: '1',
          country_id: '1',
          email,
          password: 'Secret123!',
          code: guess,
        });
      const [k, u] = [await reg(known.email), await reg(fresh)];
      expect(seen(k)).toEqual(seen(u));
      expect(k).toMatchObject({ success: false, msg: OTP_MESSAGES.wrongTriesLeft(OTP_LIMITS.maxAttempts - 1) });
      // An address nothing was sent to: the plain wrong-code answer.
      expect(await reg(`x${fresh}`)).toMatchObject({ success: false, msg: OTP_MESSAGES.wrong });
    },
  );

  test('appregister: "already registered" only after the address is proven', async () => {
    const known = await account();
    const fresh = uniqueEmail();
    await t.call('/user/sendEmailVerifyCode', { email: fresh });
    const code = await codeFor(fresh);
    // The real owner of a fresh address who races another sign-up to it: proven, then told.
    await t.db.query('update users set email = $2, username = $2 where id = $1', [known.id, fresh]);
    expect(
      await t.call('/user/appregister', {
        register_type: '1',
        country_id: '1',
        email: fresh,
        password: 'Secret123!',
        code,
      }),
    ).toMatchObject({ success: false, msg: USER_MESSAGES.emailTaken });
    // A WhatsApp number with an account: no sign-up code exists for it, so any code is "invalid".
    const phone = uniquePhone();
    await account({ whatsapp: phone });
    const other = uniquePhone();
    const byWa = (whatsapp: string) =>
      t.call('/user/appregister', {
        register_type: '2',
        country_id: '1',
        whatsapp,
        password: 'Secret123!',
        code: '4321',
      });
    const [k, u] = [await byWa(phone), await byWa(other)];
    expect(seen(k)).toEqual(seen(u));
    expect(k.msg).toBe(OTP_MESSAGES.wrong);
  });

  test.each([
    ['public/sendMail', (email: string) => ({ email })],
    ['user/forgotPassword', (email: string) => ({ username: email })],
  ] as const)(
    '%s by e-mail: an address without an account gets a "no account here" note; the reply is the same',
    async (route, body) => {
      const known = await account();
      const unknown = uniqueEmail();
      await sameReplies((email) => t.call(`/${route}`, body(email)), known.email, unknown);
      expect((await messagesTo(known.email))[0]).toMatchObject({ code: expect.stringMatching(/^\d{4}$/) });
      const note = (await messagesTo(unknown))[0]!;
      expect(note.code).toBeNull();
      expect(note.text).toMatch(/no GiftLane account uses it/);
    },
  );

  test('forgotPassword by WhatsApp: same reply for a number with and without an account', async () => {
    const phone = uniquePhone();
    await account({ whatsapp: phone });
    const unknown = uniquePhone();
    await sameReplies((username) => t.call('/user/forgotPassword', { username }), phone, unknown);
    expect((await messagesTo(phone))[0]?.code).toMatch(/^\d{4}$/);
    expect((await messagesTo(unknown))[0]).toMatchObject({ code: null, channel: 'whatsapp' });
    // Not a number at all: a validation message, the same for everyone.
    expect(await t.call('/user/forgotPassword', { username: 'not a number' })).toMatchObject({
      success: false,
      code: 'common.003',
    });
  });

  test('updatePasswordByEmail and …ByWhatsapp: an unknown address answers as a wrong code does', async () => {
    const known = await account();
    const unknown = uniqueEmail();
    const reset = (email: string) =>
      t.call('/user/updatePasswordByEmail', { email, verify_code: '1234', new_password: 'NewSecret1!' });
    // Nothing sent to either: the same.
    expect(seen(await reset(unknown))).toEqual(seen(await reset(known.email)));
    // A code asked for both (the unknown one got a note, not a code): the same again.
    await t.call('/public/sendMail', { email: known.email });
    await t.call('/public/sendMail', { email: unknown });
    const wrong = (await codeFor(known.email)) === '1234' ? '4321' : '1234';
    const [k, u] = [
      await t.call('/user/updatePasswordByEmail', {
        email: known.email,
        verify_code: wrong,
        new_password: 'NewSecret1!',
      }),
      await t.call('/user/updatePasswordByEmail', { email: unknown, verify_code: wrong, new_password: 'NewSecret1!' }),
    ];
    expect(seen(u)).toEqual(seen(k));
    expect(k).toMatchObject({ success: false, msg: OTP_MESSAGES.wrongTriesLeft(OTP_LIMITS.maxAttempts - 1) });
    const phone = uniquePhone();
    await account({ whatsapp: phone });
    const byWa = (whatsapp: string) =>
      t.call('/user/updatePasswordByWhatsapp', { whatsapp, verify_code: '1234', new_password: 'NewSecret1!' });
    expect(seen(await byWa(uniquePhone()))).toEqual(seen(await byWa(phone)));
  });

  test('checkUsername keeps its contract, under a tight limit of its own', async () => {
    const known = await account();
    expect(await t.call('/user/checkUsername', { username: known.email })).toMatchObject({
      success: false,
      msg: USER_MESSAGES.accountTaken,
    });
    expect(await t.call('/user/checkUsername', { username: uniqueEmail() })).toMatchObject({ success: true });
    const strict = await testApp(tdb, { rateLimit: { authPerMin: 10_000, codePerMin: 10_000, lookupPerHour: 3 } });
    try {
      const ask = (ip: string) => strict.call('/user/checkUsername', { username: uniqueEmail() }, { ip });
      for (let i = 0; i < 3; i++) expect((await ask('10.1.2.3')).success).toBe(true);
      expect(await ask('10.1.2.3')).toMatchObject({ status: 429, success: false, code: 'common.429' });
      // Its own bucket: code sending from the same client is not held back by it.
      expect(
        (await strict.call('/user/sendEmailVerifyCode', { email: uniqueEmail() }, { ip: '10.1.2.3' })).success,
      ).toBe(true);
    } finally {
      await strict.close();
    }
  });
});
