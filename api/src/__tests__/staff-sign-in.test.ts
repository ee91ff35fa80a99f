import { STAFF_MESSAGES, STAFF_SIGN_IN } from '../modules/ops/staff.js';
import { totpCode, totpStep } from '../modules/ops/totp.js';
import { freshDb, targets, testApp, type TestApp, type TestDb } from '../test/harness.js';
import { makeStaff, opsCall, opsPost, staffLogin } from '../test/money.js';

jest.setTimeout(120_000);

const PASSWORD = 'correct horse battery';

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

  const emailOf = async (id: number) => (await t.db.query<{ email: string }>('select email from staff where id = $1', [id])).rows[0]!.email;
  const password = (email: string, pw: string) => opsPost<{ challenge: string; second_factor: string; totp_secret?: string; otpauth_url?: string }>(t, '/ops/api/login', { email, password: pw });
  const code = (challenge: string, c: string) => opsPost<{ token: string; recovery_codes?: string[]; recovery_codes_left: number }>(t, '/ops/api/login/second-factor', { challenge, code: c });
  const auditOf = async (admin: string, targetId: string) =>
    (await opsCall<{ action: string; reason: string; ip: string }[]>(t, admin, 'GET', `/ops/api/audit?target_type=staff&target_id=${encodeURIComponent(targetId)}`)).data;
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

  test('first sign-in enrols the authenticator: a secret and QR link, the first right code, ten recovery codes shown once', async () => {
    const s = await makeStaff(t, 'reviewer');
    const email = await emailOf(s.id);
    const first = await password(email, PASSWORD);
    expect(first.data).toMatchObject({ second_factor: 'enrol', challenge: expect.any(String), totp_secret: expect.stringMatching(/^[A-Z2-7]{32}$/) });
    expect(first.data.otpauth_url).toBe(`otpauth://totp/GiftLane%20Ops%3A${encodeURIComponent(email)}?secret=${first.data.totp_secret}&issuer=GiftLane%20Ops&algorithm=SHA1&digits=6&period=30`);
    // The password alone is no session.
    expect(first.data).not.toHaveProperty('token');
    expect(await code(first.data.challenge, '000000')).toMatchObject({ status: 401, msg: STAFF_MESSAGES.code });
    const done = await code(first.data.challenge, totpCode(first.data.totp_secret!, totpStep(Date.now())));
    expect(done.data.recovery_codes).toHaveLength(10);
    expect(done.data.recovery_codes_left).toBe(10);
    expect((await opsCall(t, done.data.token, 'GET', '/ops/api/orders/queue')).status).toBe(200);
    // The secret is sealed in the database; a used challenge is over.
    const row = (await t.db.query<{ totp_secret: string }>('select totp_secret from staff where id = $1', [s.id])).rows[0]!;
    expect(row.totp_secret).not.toContain(first.data.totp_secret);
    expect(await code(first.data.challenge, totpCode(first.data.totp_secret!, totpStep(Date.now()) + 1))).toMatchObject({ status: 401, msg: STAFF_MESSAGES.challenge });
    // From now on: step two asks for the app's code, and no new secret is handed out.
    const again = await password(email, PASSWORD);
    expect(again.data.second_factor).toBe('totp');
    expect(again.data).not.toHaveProperty('totp_secret');
  });

  test('a code works once; a recovery code works once; an expired challenge is refused', async () => {
    const s = await enrolled();
    const step = totpStep(Date.now());
    const a = await password(s.email, PASSWORD);
    expect((await code(a.data.challenge, totpCode(s.secret, step))).success).toBe(true);
    // The same code again (a replay, or a shoulder-surfer) is refused.
    const b = await password(s.email, PASSWORD);
    expect(await code(b.data.challenge, totpCode(s.secret, step))).toMatchObject({ status: 401, msg: STAFF_MESSAGES.code });
    const recovery = s.recoveryCodes[0]!;
    const viaRecovery = await code(b.data.challenge, recovery.toUpperCase().replace('-', ''));
    expect(viaRecovery).toMatchObject({ success: true, data: { recovery_codes_left: 9 } });
    const c = await password(s.email, PASSWORD);
    expect(await code(c.data.challenge, recovery)).toMatchObject({ status: 401, msg: STAFF_MESSAGES.code });
    await t.db.query("update staff_challenges set expires_at = now() - interval '1 second' where staff_id = $1", [s.id]);
    expect(await code(c.data.challenge, s.recoveryCodes[1]!)).toMatchObject({ status: 401, msg: STAFF_MESSAGES.challenge });
  });

  test('every attempt is audited, the failed ones with their reason, an unknown e-mail included', async () => {
    const admin = await makeStaff(t, 'admin');
    const s = await enrolled();
    expect(await password(s.email, 'wrong password')).toMatchObject({ status: 401, success: false, msg: STAFF_MESSAGES.wrong });
    const ok = await password(s.email.toUpperCase(), PASSWORD);
    expect((await code(ok.data.challenge, '123456')).success).toBe(false);
    expect((await code(ok.data.challenge, totpCode(s.secret, totpStep(Date.now())))).success).toBe(true);
    expect(await password('nobody@giftlane.ng', 'x')).toMatchObject({ status: 401, msg: STAFF_MESSAGES.wrong });
    const trail = await auditOf(admin.token, String(s.id));
    expect(trail.slice(0, 5).map((a) => [a.action, a.reason])).toEqual([
      ['login', ''], ['login.failed', 'wrong second-factor code'], ['login.password', 'second factor asked'], ['login.failed', 'wrong password'], ['login', ''],
    ]);
    expect(trail[1]!.ip).toBe('10.9.9.9');
    expect((await auditOf(admin.token, 'nobody@giftlane.ng')).map((a) => [a.action, a.reason])).toEqual([['login.failed', 'unknown e-mail']]);
  });

  test('five wrong passwords sent at once lock the account, refuse the right one, and tell the admins', async () => {
    const admin = await makeStaff(t, 'admin');
    const adminEmail = await emailOf(admin.id);
    const s = await enrolled('finance');
    const tries = await Promise.all(Array.from({ length: STAFF_SIGN_IN.maxFailures + 2 }, (_, i) => password(s.email, `guess-${i}`)));
    expect(tries.every((r) => r.status === 401)).toBe(true);
    // Counted one by one under the row lock: exactly one attempt locked it, the later ones met the lock.
    expect(tries.filter((r) => r.msg === STAFF_MESSAGES.locked)).toHaveLength(3);
    expect(await password(s.email, PASSWORD)).toMatchObject({ status: 401, msg: STAFF_MESSAGES.locked });
    const trail = await auditOf(admin.token, String(s.id));
    expect(trail.filter((a) => a.action === 'login.locked')).toHaveLength(1);
    expect(trail.filter((a) => a.reason === 'account locked')).toHaveLength(3);
    const told = t.app.messenger.outbox!.list().find((m) => m.to === adminEmail && m.subject === `Operator account locked: ${s.email}`);
    expect(told?.text).toMatch(/failed sign-ins in a row/);
    // The lock ends by itself; then the right password and code work and the count starts again.
    await t.db.query("update staff set locked_until = now() - interval '1 second' where id = $1", [s.id]);
    expect((await staffLogin(t, s.email, PASSWORD, s.secret)).success).toBe(true);
    expect(await password(s.email, 'one more guess')).toMatchObject({ msg: STAFF_MESSAGES.wrong });
  });

  test('a known password buys no unlimited guesses at the code: wrong codes count with wrong passwords and lock', async () => {
    const s = await enrolled();
    const a = await password(s.email, PASSWORD);
    // Parallel guesses at one challenge: counted one by one, and the challenge dies after five.
    const guesses = await Promise.all(['111111', '222222', '333333'].map((c) => code(a.data.challenge, c)));
    expect(guesses.every((g) => g.msg === STAFF_MESSAGES.code)).toBe(true);
    // A right password does not reset the count.
    const b = await password(s.email, PASSWORD);
    expect((await code(b.data.challenge, '444444')).msg).toBe(STAFF_MESSAGES.code);
    expect((await code(b.data.challenge, '555555')).msg).toBe(STAFF_MESSAGES.locked);
    expect(await code(b.data.challenge, totpCode(s.secret, totpStep(Date.now())))).toMatchObject({ status: 401 });
    expect(await password(s.email, PASSWORD)).toMatchObject({ msg: STAFF_MESSAGES.locked });
  });

  test('sign-out ends the session at once; a session idle for longer than the limit is over', async () => {
    const s = await enrolled();
    const a = (await staffLogin(t, s.email, PASSWORD, s.secret)).token;
    expect((await opsCall(t, a, 'GET', '/ops/api/orders/queue')).status).toBe(200);
    expect((await opsCall(t, a, 'POST', '/ops/api/logout')).success).toBe(true);
    expect(await opsCall(t, a, 'GET', '/ops/api/orders/queue')).toMatchObject({ status: 401, msg: STAFF_MESSAGES.expired });
    // A replayed sign-out of the ended session is refused too.
    expect((await opsCall(t, a, 'POST', '/ops/api/logout')).status).toBe(401);

    const b = (await staffLogin(t, s.email, PASSWORD, s.secret, Date.now() + 30_000)).token;
    await t.db.query(`update staff_sessions set last_seen_at = now() - make_interval(mins => $2) where staff_id = $1 and revoked_at is null`, [s.id, STAFF_SIGN_IN.idleMinutes - 1]);
    expect((await opsCall(t, b, 'GET', '/ops/api/orders/queue')).status).toBe(200); // the request keeps it alive
    await t.db.query(`update staff_sessions set last_seen_at = now() - make_interval(mins => $2) where staff_id = $1 and revoked_at is null`, [s.id, STAFF_SIGN_IN.idleMinutes + 1]);
    expect(await opsCall(t, b, 'GET', '/ops/api/orders/queue')).toMatchObject({ status: 401, msg: STAFF_MESSAGES.expired });
  });

  test('admins deactivate, reactivate and reset a second factor; each signs the operator out; not for themselves, not for reviewers', async () => {
    const admin = await makeStaff(t, 'admin');
    const s = await enrolled();
    const session = (await staffLogin(t, s.email, PASSWORD, s.secret)).token;
    const reviewer = await makeStaff(t, 'reviewer');
    expect((await opsCall(t, reviewer.token, 'POST', `/ops/api/staff/${s.id}/deactivate`, { reason: 'left the company' })).status).toBe(403);
    expect(await opsCall(t, admin.token, 'POST', `/ops/api/staff/${admin.id}/deactivate`, { reason: 'testing myself' })).toMatchObject({ success: false, msg: 'Ask another admin to change your own account' });
    expect((await opsCall(t, admin.token, 'POST', `/ops/api/staff/${s.id}/deactivate`, { reason: 'left the company' })).success).toBe(true);
    expect((await opsCall(t, session, 'GET', '/ops/api/orders/queue')).status).toBe(401);
    expect(await password(s.email, PASSWORD)).toMatchObject({ msg: STAFF_MESSAGES.wrong });
    expect((await opsCall(t, admin.token, 'POST', `/ops/api/staff/${s.id}/activate`, { reason: 'came back' })).success).toBe(true);
    // A lost phone: the admin resets the second factor; the next sign-in enrols a new app.
    expect((await opsCall(t, admin.token, 'POST', `/ops/api/staff/${s.id}/reset-second-factor`, { reason: 'phone lost' })).success).toBe(true);
    const next = await password(s.email, PASSWORD);
    expect(next.data.second_factor).toBe('enrol');
    expect(next.data.totp_secret).not.toBe(s.secret);
    const list = await opsCall<{ id: number; second_factor: boolean; recovery_codes_left: number; status: string }[]>(t, admin.token, 'GET', '/ops/api/staff');
    expect(list.data.find((x) => x.id === s.id)).toMatchObject({ second_factor: false, recovery_codes_left: 0, status: 'active' });
    const trail = await auditOf(admin.token, String(s.id));
    expect(trail.filter((a) => a.action.startsWith('staff.')).map((a) => [a.action, a.reason])).toEqual([
      ['staff.reset_second_factor', 'phone lost'], ['staff.activate', 'came back'], ['staff.deactivate', 'left the company'],
    ]);
  });
});
