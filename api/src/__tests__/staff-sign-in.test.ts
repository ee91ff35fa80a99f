import { STAFF_MESSAGES, STAFF_SIGN_IN } from '../modules/ops/staff.js';
import { totpCode, totpStep } from '../modules/ops/totp.js';
import { freshDb, targets, testApp, type TestApp, type TestDb } from '../test/harness.js';
import { makeStaff, opsCall, opsPost, staffLogin } from '../test/money.js';

jest.setTimeout(120_000);

const PASSWORD = 'correct horse battery';
const SLOW_DOWN = /^Too many failed sign-ins from this address: try again in \d+ (seconds|minutes)$/;
let ipSeq = 0;
const freshIp = () => `10.88.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

describe.each(targets())('operator sign-in on %s', (target) => {
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

  const emailOf = async (id: number) =>
    (await t.db.query<{ email: string }>('select email from staff where id = $1', [id])).rows[0]!.email;
  /** Each password try from its own address unless one is given (wrong passwords are throttled per address). */
  const password = (email: string, pw: string, ip = freshIp()) =>
    opsPost<{ challenge: string; second_factor: string; totp_secret?: string; otpauth_url?: string }>(
      t,
      '/ops/api/login',
      { email, password: pw },
      ip,
    );
  /** A password try as a client sees it, the Retry-After header included. */
  const rawPassword = async (email: string, pw: string, ip: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/ops/api/login',
      payload: { email, password: pw },
      remoteAddress: ip,
    });
    const retry = res.headers['retry-after'];
    return {
      status: res.statusCode,
      ...(res.json() as { success: boolean; msg: string; code: string }),
      retryAfter: retry === undefined ? null : Number(retry),
    };
  };
  const code = (challenge: string, c: string) =>
    opsPost<{ token: string; recovery_codes?: string[]; recovery_codes_left: number }>(
      t,
      '/ops/api/login/second-factor',
      { challenge, code: c },
    );
  const auditOf = async (admin: string, targetId: string) =>
    (
      await opsCall<{ action: string; reason: string; ip: string }[]>(
        t,
        admin,
        'GET',
        `/ops/api/audit?target_type=staff&target_id=${encodeURIComponent(targetId)}`,
      )
    ).data;
  /** A fresh operator who has enrolled their app: their e-mail and secret. */
  const enrolled = async (role: 'admin' | 'reviewer' | 'finance' = 'reviewer') => {
    const s = await makeStaff(t, role);
    const email = await emailOf(s.id);
    const login = await staffLogin(t, email, PASSWORD);
    expect(login.success).toBe(true);
    // The step just used cannot be used again: the next sign-in in the tests uses the next one.
    await t.db.query('update staff set totp_last_step = 0 where id = $1', [s.id]);
    return { ...s, email, secret: login.secret, recoveryCodes: login.recoveryCodes };
  };

  test(
    'first sign-in enrols the authenticator: a secret and QR link, the first right code, ten recovery codes ' +
      'shown once',
    async () => {
      const s = await makeStaff(t, 'reviewer');
      const email = await emailOf(s.id);
      const first = await password(email, PASSWORD);
      expect(first.data).toMatchObject({
        second_factor: 'enrol',
        challenge: expect.any(String),
        totp_secret: expect.stringMatching(/^[A-Z2-7]{32}$/),
      });
      expect(first.data.otpauth_url).toBe(
        `otpauth://totp/GiftLane%20Ops%3A${encodeURIComponent(email)}?secret=${first.data.totp_secret}&issuer=` +
          `GiftLane%20Ops&algorithm=SHA1&digits=6&period=30`,
      );
      // The password alone is no session.
      expect(first.data).not.toHaveProperty('token');
      expect(await code(first.data.challenge, '000000')).toMatchObject({ status: 401, msg: STAFF_MESSAGES.code });
      const done = await code(first.data.challenge, totpCode(first.data.totp_secret!, totpStep(Date.now())));
      expect(done.data.recovery_codes).toHaveLength(10);
      expect(done.data.recovery_codes_left).toBe(10);
      expect((await opsCall(t, done.data.token, 'GET', '/ops/api/orders/queue')).status).toBe(200);
      // The secret is sealed in the database; a used challenge is over.
      const row = (await t.db.query<{ totp_secret: string }>('select totp_secret from staff where id = $1', [s.id]))
        .rows[0]!;
      expect(row.totp_secret).not.toContain(first.data.totp_secret);
      expect(
        await code(first.data.challenge, totpCode(first.data.totp_secret!, totpStep(Date.now()) + 1)),
      ).toMatchObject({ status: 401, msg: STAFF_MESSAGES.challenge });
      // From now on: step two asks for the app's code, and no new secret is handed out.
      const again = await password(email, PASSWORD);
      expect(again.data.second_factor).toBe('totp');
      expect(again.data).not.toHaveProperty('totp_secret');
    },
  );

  test('a code works once; a recovery code works once; an expired challenge is refused', async () => {
    const s = await enrolled();
    const step = totpStep(Date.now());
    const a = await password(s.email, PASSWORD);
    expect((await code(a.data.challenge, totpCode(s.secret, step))).success).toBe(true);
    // The same code again (a replay, or a shoulder-surfer) is refused.
    const b = await password(s.email, PASSWORD);
    expect(await code(b.data.challenge, totpCode(s.secret, step))).toMatchObject({
      status: 401,
      msg: STAFF_MESSAGES.code,
    });
    const recovery = s.recoveryCodes[0]!;
    const viaRecovery = await code(b.data.challenge, recovery.toUpperCase().replace('-', ''));
    expect(viaRecovery).toMatchObject({ success: true, data: { recovery_codes_left: 9 } });
    const c = await password(s.email, PASSWORD);
    expect(await code(c.data.challenge, recovery)).toMatchObject({ status: 401, msg: STAFF_MESSAGES.code });
    await t.db.query("update staff_challenges set expires_at = now() - interval '1 second' where staff_id = $1", [
      s.id,
    ]);
    expect(await code(c.data.challenge, s.recoveryCodes[1]!)).toMatchObject({
      status: 401,
      msg: STAFF_MESSAGES.challenge,
    });
  });

  test('every attempt is audited, the failed ones with their reason, an unknown e-mail included', async () => {
    const admin = await makeStaff(t, 'admin');
    const s = await enrolled();
    expect(await password(s.email, 'wrong password')).toMatchObject({
      status: 401,
      success: false,
      msg: STAFF_MESSAGES.wrong,
    });
    const ok = await password(s.email.toUpperCase(), PASSWORD);
    expect((await code(ok.data.challenge, '123456')).success).toBe(false);
    expect((await code(ok.data.challenge, totpCode(s.secret, totpStep(Date.now())))).success).toBe(true);
    expect(await password('nobody@giftlane.ng', 'x')).toMatchObject({ status: 401, msg: STAFF_MESSAGES.wrong });
    const trail = await auditOf(admin.token, String(s.id));
    expect(trail.slice(0, 5).map((a) => [a.action, a.reason])).toEqual([
      ['login', ''],
      ['login.failed', 'wrong second-factor code'],
      ['login.password', 'second factor asked'],
      ['login.failed', 'wrong password'],
      ['login', ''],
    ]);
    expect(trail[1]!.ip).toBe('10.9.9.9');
    expect((await auditOf(admin.token, 'nobody@giftlane.ng')).map((a) => [a.action, a.reason])).toEqual([
      ['login.failed', 'unknown e-mail'],
    ]);
  });

  test(
    'an attacker hammering wrong passwords from one address does not keep the operator out: the address is ' +
      'slowed with growing waits, the account is not locked, every try is audited',
    async () => {
      const admin = await makeStaff(t, 'admin');
      const adminEmail = await emailOf(admin.id);
      const s = await enrolled('finance');
      const { freeFailures, delayMs, maxDelayMs } = t.config.opsSignIn;
      const attacker = freshIp();
      // Parallel guesses: only the free failures are compared; the rest wait, whatever the timing.
      const tries = await Promise.all(
        Array.from({ length: freeFailures + 7 }, (_, i) => rawPassword(s.email, `guess-${i}`, attacker)),
      );
      expect(tries.filter((r) => r.status === 401 && r.msg === STAFF_MESSAGES.wrong)).toHaveLength(freeFailures);
      const slowed = tries.filter((r) => r.status === 429);
      expect(slowed).toHaveLength(7);
      expect(
        slowed.every(
          (r) =>
            SLOW_DOWN.test(r.msg) && r.code === 'common.429' && r.retryAfter! > 0 && r.retryAfter! <= delayMs / 1000,
        ),
      ).toBe(true);
      // The right password from the attacker's address waits too (it is not even compared).
      expect((await rawPassword(s.email, PASSWORD, attacker)).status).toBe(429);

      // The operator, from their own address, signs in meanwhile; the account was never locked.
      expect((await staffLogin(t, s.email, PASSWORD, s.secret)).success).toBe(true);
      expect(
        (await t.db.query<{ locked_until: Date | null }>('select locked_until from staff where id = $1', [s.id]))
          .rows[0]!.locked_until,
      ).toBeNull();
      expect(t.app.messenger.outbox!.list().some((m) => m.to === adminEmail && m.subject.includes(s.email))).toBe(
        false,
      );

      // Each wait over, one more guess is compared and the next wait doubles, up to the cap.
      const waits: number[] = [];
      for (let i = 0; i < 3; i++) {
        await t.db.query(
          "update staff_sign_in_throttle set blocked_until = now() - interval '1 second' where ip = $1",
          [attacker],
        );
        expect(await rawPassword(s.email, `later-${i}`, attacker)).toMatchObject({
          status: 401,
          msg: STAFF_MESSAGES.wrong,
        });
        const next = await rawPassword(s.email, `later-${i}-again`, attacker);
        expect(next.status).toBe(429);
        waits.push(next.retryAfter!);
      }
      const base = delayMs / 1000;
      expect(waits[0]).toBeGreaterThan(base * 2 - 3);
      expect(waits[0]).toBeLessThanOrEqual(base * 2);
      expect(waits[1]).toBeGreaterThan(base * 4 - 3);
      expect(waits[2]).toBeGreaterThan(base * 8 - 3);
      await t.db.query(
        "update staff_sign_in_throttle set failures = 40, blocked_until = now() - interval '1 second' where ip = $1",
        [attacker],
      );
      await rawPassword(s.email, 'much-later', attacker);
      const capped = (await rawPassword(s.email, 'much-later-again', attacker)).retryAfter!;
      expect(capped).toBeGreaterThan(maxDelayMs / 1000 - 3);
      expect(capped).toBeLessThanOrEqual(maxDelayMs / 1000);

      // Every try is audited, the waiting ones with their reason and the attacker's address.
      const trail = (await auditOf(admin.token, String(s.id))).filter((a) => a.ip === attacker);
      expect(trail).toHaveLength(tries.length + 1 + 3 * 2 + 2);
      expect(trail.every((a) => a.action === 'login.failed')).toBe(true);
      expect(trail.filter((a) => a.reason === 'too many failures from this address')).toHaveLength(
        slowed.length + 1 + 3 + 1,
      );
      // An unknown e-mail from a slowed address hears the same as a known one.
      const unknown = await rawPassword('nobody-here@giftlane.ng', 'x', attacker);
      expect(unknown).toMatchObject({ status: 429, msg: expect.stringMatching(SLOW_DOWN) });
    },
  );

  test(
    'wrong second-factor codes (after the right password) lock the account and tell the admins; parallel codes ' +
      'cannot pass the budget',
    async () => {
      const admin = await makeStaff(t, 'admin');
      const adminEmail = await emailOf(admin.id);
      const s = await enrolled();
      const a = await password(s.email, PASSWORD);
      // Parallel guesses at one challenge: counted one by one under the operator's row lock.
      const first = await Promise.all(['111111', '222222', '333333'].map((c) => code(a.data.challenge, c)));
      expect(first.every((g) => g.msg === STAFF_MESSAGES.code)).toBe(true);
      // A right password does not reset the count (a known password buys no unlimited guesses).
      const b = await password(s.email, PASSWORD);
      const second = await Promise.all(['444444', '555555', '666666', '777777'].map((c) => code(b.data.challenge, c)));
      const msgs = [...first, ...second].map((g) => g.msg);
      expect(msgs.filter((m) => m === STAFF_MESSAGES.code)).toHaveLength(STAFF_SIGN_IN.maxFailures - 1);
      expect(msgs.filter((m) => m === STAFF_MESSAGES.locked)).toHaveLength(1);
      expect(
        msgs
          .filter((m) => m !== STAFF_MESSAGES.code && m !== STAFF_MESSAGES.locked)
          .every((m) => m === STAFF_MESSAGES.challenge),
      ).toBe(true);
      expect(await code(b.data.challenge, totpCode(s.secret, totpStep(Date.now())))).toMatchObject({ status: 401 });
      // The right password now hears of the lock; a wrong one hears what any wrong password hears.
      expect(await password(s.email, PASSWORD)).toMatchObject({ status: 401, msg: STAFF_MESSAGES.locked });
      expect(await password(s.email, 'not it')).toMatchObject({ status: 401, msg: STAFF_MESSAGES.wrong });
      const trail = await auditOf(admin.token, String(s.id));
      expect(trail.filter((x) => x.action === 'login.locked')).toHaveLength(1);
      const told = t.app.messenger
        .outbox!.list()
        .find((m) => m.to === adminEmail && m.subject === `Operator account locked: ${s.email}`);
      expect(told?.text).toMatch(/wrong second-factor codes in a row, each after the right password/);
      // The lock ends by itself; then the right password and code work and the count starts again.
      await t.db.query("update staff set locked_until = now() - interval '1 second' where id = $1", [s.id]);
      expect((await staffLogin(t, s.email, PASSWORD, s.secret)).success).toBe(true);
      const c = await password(s.email, PASSWORD);
      expect((await code(c.data.challenge, '000000')).msg).toBe(STAFF_MESSAGES.code);
    },
  );

  test('sign-out ends the session at once; a session idle for longer than the limit is over', async () => {
    const s = await enrolled();
    const a = (await staffLogin(t, s.email, PASSWORD, s.secret)).token;
    expect((await opsCall(t, a, 'GET', '/ops/api/orders/queue')).status).toBe(200);
    expect((await opsCall(t, a, 'POST', '/ops/api/logout')).success).toBe(true);
    expect(await opsCall(t, a, 'GET', '/ops/api/orders/queue')).toMatchObject({
      status: 401,
      msg: STAFF_MESSAGES.expired,
    });
    // A replayed sign-out of the ended session is refused too.
    expect((await opsCall(t, a, 'POST', '/ops/api/logout')).status).toBe(401);

    const b = (await staffLogin(t, s.email, PASSWORD, s.secret, Date.now() + 30_000)).token;
    await t.db.query(
      `update staff_sessions set last_seen_at = now() - make_interval(mins => $2) where staff_id = $1 and ` +
        `revoked_at is null`,
      [s.id, STAFF_SIGN_IN.idleMinutes - 1],
    );
    expect((await opsCall(t, b, 'GET', '/ops/api/orders/queue')).status).toBe(200); // the request keeps it alive
    await t.db.query(
      `update staff_sessions set last_seen_at = now() - make_interval(mins => $2) where staff_id = $1 and ` +
        `revoked_at is null`,
      [s.id, STAFF_SIGN_IN.idleMinutes + 1],
    );
    expect(await opsCall(t, b, 'GET', '/ops/api/orders/queue')).toMatchObject({
      status: 401,
      msg: STAFF_MESSAGES.expired,
    });
  });

  test(
    'admins deactivate, reactivate and reset a second factor; each signs the operator out; not for themselves, ' +
      'not for reviewers',
    async () => {
      const admin = await makeStaff(t, 'admin');
      const s = await enrolled();
      const session = (await staffLogin(t, s.email, PASSWORD, s.secret)).token;
      const reviewer = await makeStaff(t, 'reviewer');
      expect(
        (await opsCall(t, reviewer.token, 'POST', `/ops/api/staff/${s.id}/deactivate`, { reason: 'left the company' }))
          .status,
      ).toBe(403);
      expect(
        await opsCall(t, admin.token, 'POST', `/ops/api/staff/${admin.id}/deactivate`, { reason: 'testing myself' }),
      ).toMatchObject({ success: false, msg: 'Ask another admin to change your own account' });
      expect(
        (await opsCall(t, admin.token, 'POST', `/ops/api/staff/${s.id}/deactivate`, { reason: 'left the company' }))
          .success,
      ).toBe(true);
      expect((await opsCall(t, session, 'GET', '/ops/api/orders/queue')).status).toBe(401);
      expect(await password(s.email, PASSWORD)).toMatchObject({ msg: STAFF_MESSAGES.wrong });
      expect(
        (await opsCall(t, admin.token, 'POST', `/ops/api/staff/${s.id}/activate`, { reason: 'came back' })).success,
      ).toBe(true);
      // A lost phone: the admin resets the second factor; the next sign-in enrols a new app.
      expect(
        (await opsCall(t, admin.token, 'POST', `/ops/api/staff/${s.id}/reset-second-factor`, { reason: 'phone lost' }))
          .success,
      ).toBe(true);
      const next = await password(s.email, PASSWORD);
      expect(next.data.second_factor).toBe('enrol');
      expect(next.data.totp_secret).not.toBe(s.secret);
      const list = await opsCall<{ id: number; second_factor: boolean; recovery_codes_left: number; status: string }[]>(
        t,
        admin.token,
        'GET',
        '/ops/api/staff',
      );
      expect(list.data.find((x) => x.id === s.id)).toMatchObject({
        second_factor: false,
        recovery_codes_left: 0,
        status: 'active',
      });
      const trail = await auditOf(admin.token, String(s.id));
      expect(trail.filter((a) => a.action.startsWith('staff.')).map((a) => [a.action, a.reason])).toEqual([
        ['staff.reset_second_factor', 'phone lost'],
        ['staff.activate', 'came back'],
        ['staff.deactivate', 'left the company'],
      ]);
    },
  );
});
