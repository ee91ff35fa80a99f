import { STAFF_MESSAGES, STAFF_SIGN_IN } from '../modules/ops/staff.js';
import { freshDb, targets, testApp, type TestApp, type TestDb } from '../test/harness.js';
import { makeStaff, opsCall } from '../test/money.js';

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
  const login = async (email: string, password: string, ip = '10.9.9.9') => {
    const res = await t.app.inject({ method: 'POST', url: '/ops/api/login', payload: { email, password }, remoteAddress: ip });
    return { status: res.statusCode, ...(res.json() as { success: boolean; msg: string; data: { token: string } }) };
  };
  const auditOf = async (admin: string, targetId: string) =>
    (await opsCall<{ action: string; reason: string; ip: string }[]>(t, admin, 'GET', `/ops/api/audit?target_type=staff&target_id=${encodeURIComponent(targetId)}`)).data;

  test('every attempt is audited, the failed ones with their reason, an unknown e-mail included', async () => {
    const admin = await makeStaff(t, 'admin');
    const reviewer = await makeStaff(t, 'reviewer');
    const email = await emailOf(reviewer.id);
    expect(await login(email, 'wrong password')).toMatchObject({ status: 401, success: false, msg: STAFF_MESSAGES.wrong });
    expect(await login(email.toUpperCase(), PASSWORD)).toMatchObject({ success: true });
    expect(await login('nobody@giftlane.ng', 'x')).toMatchObject({ status: 401, msg: STAFF_MESSAGES.wrong });
    const trail = await auditOf(admin.token, String(reviewer.id));
    expect(trail.map((a) => [a.action, a.reason])).toEqual([['login', ''], ['login.failed', 'wrong password']]);
    expect(trail[1]!.ip).toBe('10.9.9.9');
    expect((await auditOf(admin.token, 'nobody@giftlane.ng')).map((a) => [a.action, a.reason])).toEqual([['login.failed', 'unknown e-mail']]);
    // A disabled operator is told the same as a wrong password, and it is audited.
    await t.db.query("update staff set status = 'disabled' where id = $1", [reviewer.id]);
    expect(await login(email, PASSWORD)).toMatchObject({ status: 401, msg: STAFF_MESSAGES.wrong });
    expect((await auditOf(admin.token, String(reviewer.id)))[0]).toMatchObject({ action: 'login.failed', reason: 'account disabled' });
  });

  test('five wrong passwords sent at once lock the account, refuse the right one, and tell the admins', async () => {
    const admin = await makeStaff(t, 'admin');
    const adminEmail = await emailOf(admin.id);
    const finance = await makeStaff(t, 'finance');
    const email = await emailOf(finance.id);
    const tries = await Promise.all(Array.from({ length: STAFF_SIGN_IN.maxFailures + 2 }, (_, i) => login(email, `guess-${i}`)));
    expect(tries.every((r) => r.status === 401)).toBe(true);
    // Counted one by one under the row lock: exactly one attempt locked it, the later ones met the lock.
    expect(tries.filter((r) => r.msg === STAFF_MESSAGES.locked)).toHaveLength(3);
    expect(await login(email, PASSWORD)).toMatchObject({ status: 401, msg: STAFF_MESSAGES.locked });
    const trail = await auditOf(admin.token, String(finance.id));
    expect(trail.filter((a) => a.action === 'login.locked')).toHaveLength(1);
    expect(trail.filter((a) => a.reason === 'account locked')).toHaveLength(3);
    const told = t.app.messenger.outbox!.list().find((m) => m.to === adminEmail && m.subject === `Operator account locked: ${email}`);
    expect(told?.text).toMatch(/wrong passwords in a row/);
    // The lock ends by itself; then the right password works and the count starts again.
    await t.db.query("update staff set locked_until = now() - interval '1 second' where id = $1", [finance.id]);
    expect(await login(email, PASSWORD)).toMatchObject({ success: true });
    expect(await login(email, 'one more guess')).toMatchObject({ msg: STAFF_MESSAGES.wrong });
  });

  test('sign-out ends the session at once; a session idle for longer than the limit is over', async () => {
    const reviewer = await makeStaff(t, 'reviewer');
    const email = await emailOf(reviewer.id);
    const a = (await login(email, PASSWORD)).data.token;
    expect((await opsCall(t, a, 'GET', '/ops/api/orders/queue')).status).toBe(200);
    expect((await opsCall(t, a, 'POST', '/ops/api/logout')).success).toBe(true);
    expect(await opsCall(t, a, 'GET', '/ops/api/orders/queue')).toMatchObject({ status: 401, msg: STAFF_MESSAGES.expired });
    // A replayed sign-out of the ended session is refused too.
    expect((await opsCall(t, a, 'POST', '/ops/api/logout')).status).toBe(401);

    const b = (await login(email, PASSWORD)).data.token;
    await t.db.query(`update staff_sessions set last_seen_at = now() - make_interval(mins => $2) where staff_id = $1 and revoked_at is null`, [reviewer.id, STAFF_SIGN_IN.idleMinutes - 1]);
    expect((await opsCall(t, b, 'GET', '/ops/api/orders/queue')).status).toBe(200); // the request keeps it alive
    await t.db.query(`update staff_sessions set last_seen_at = now() - make_interval(mins => $2) where staff_id = $1 and revoked_at is null`, [reviewer.id, STAFF_SIGN_IN.idleMinutes + 1]);
    expect(await opsCall(t, b, 'GET', '/ops/api/orders/queue')).toMatchObject({ status: 401, msg: STAFF_MESSAGES.expired });
  });
});
