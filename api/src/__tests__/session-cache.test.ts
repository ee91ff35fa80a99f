import { randomBytes } from 'node:crypto';
import { hashToken, SESSIONS_CHANNEL } from '../shared/sessions.js';
import { freshDb, targets, testApp, type TestApp, type TestDb } from '../test/harness.js';
import { isSessionCheck, statementsDuring } from '../test/statements.js';
import { makeUser, TEST_PASSWORD } from '../test/money.js';

/**
 * A checked session token is trusted for a moment in each api process (SESSION_CACHE_MS, at most 1 s), so a
 * signed-in read costs one round trip and no write; whatever ends a session, on any process, ends it on every
 * other within that second: two apps on one PostgreSQL database play two api processes.
 */

jest.setTimeout(60_000);

/** What every process promises: an ended session is refused everywhere within this. */
const BOUND_MS = 1000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Polls check() until it answers true or the deadline passes; one check is made at or after the deadline, so
 * false means "still not true at the bound".
 */
async function byDeadline(deadline: number, check: () => Promise<boolean>): Promise<boolean> {
  for (;;) {
    if (await check()) return true;
    const left = deadline - Date.now();
    if (left < 0) return false;
    await sleep(Math.min(50, left + 1));
  }
}

const onPostgres = targets().includes('postgres') ? describe : describe.skip;

onPostgres('sessions checked once per process, ended on every process (PostgreSQL, two api processes)', () => {
  let shared: TestDb;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    shared = await freshDb('postgres');
    a = await testApp(shared);
    b = await testApp(shared);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await shared?.close();
  });

  const signedIn = async (t: TestApp, token: string) => (await t.call('/user/userInfo', { token })).success === true;
  /** Refused on `t` by the bound counted from now (the end has been answered). */
  const refusedWithinBound = (t: TestApp, token: string) =>
    byDeadline(Date.now() + BOUND_MS, async () => !(await signedIn(t, token)));
  /** A second session of the same user (a second device). */
  const secondSession = async (t: TestApp, userId: number) => {
    const token = randomBytes(32).toString('base64url');
    await t.db.query(
      'insert into sessions (user_id, token_hash, expires_at, ip, device_no) ' +
        "values ($1, $2, now() + interval '1 day', '10.0.0.2', 'second')",
      [userId, hashToken(token)],
    );
    return token;
  };

  test('a signed-in read asks the database for its session once, and writes nothing', async () => {
    const u = await makeUser(a);
    expect(await signedIn(a, u.token)).toBe(true);
    const before = await shared.db.query<{ xmin: string; last_seen_at: Date }>(
      'select xmin::text, last_seen_at from sessions where user_id = $1',
      [u.id],
    );
    const started = Date.now();
    const { value: reads, sql } = await statementsDuring(shared.db, () =>
      Promise.all(Array.from({ length: 20 }, () => a.call('/wallet/balance', { token: u.token }))),
    );
    const elapsed = Date.now() - started;
    expect(reads.every((r) => r.success)).toBe(true);
    const lookups = sql.filter(isSessionCheck).length;
    // Within the cache's lifetime none; a machine that stalled past it may ask again, never once a read.
    if (elapsed < BOUND_MS) expect(lookups).toBe(0);
    else expect(lookups).toBeLessThan(reads.length);
    expect(sql.filter((s) => /^\s*update sessions\b/i.test(s))).toEqual([]);
    const after = await shared.db.query<{ xmin: string; last_seen_at: Date }>(
      'select xmin::text, last_seen_at from sessions where user_id = $1',
      [u.id],
    );
    expect(after.rows).toEqual(before.rows);
  });

  test('every way a session ends is announced to every process', async () => {
    const heard: string[] = [];
    const off = await shared.db.listen(SESSIONS_CHANNEL, (p) => p && heard.push(p));
    try {
      const u = await makeUser(a);
      const other = await secondSession(a, u.id);
      expect((await a.call('/user/applogout', { token: other })).success).toBe(true);
      const sessionId = (
        await shared.db.query<{ id: string }>('select id::text from sessions where token_hash = $1', [hashToken(other)])
      ).rows[0]!.id;
      expect(await byDeadline(Date.now() + 5000, async () => heard.includes(`s:${sessionId}`))).toBe(true);
      expect((await a.call('/user/logoutAll', { token: u.token })).success).toBe(true);
      expect(await byDeadline(Date.now() + 5000, async () => heard.includes(`u:${u.id}`))).toBe(true);
    } finally {
      await off();
    }
  });

  test('a sign-out on one process: the token is refused on the other within a second', async () => {
    const u = await makeUser(a);
    expect(await signedIn(b, u.token)).toBe(true);
    expect(await signedIn(a, u.token)).toBe(true);
    expect((await a.call('/user/applogout', { token: u.token })).success).toBe(true);
    expect(await signedIn(a, u.token)).toBe(false);
    expect(await refusedWithinBound(b, u.token)).toBe(true);
  });

  test('"sign out everywhere" on one process ends every session on the other', async () => {
    const u = await makeUser(a);
    const other = await secondSession(a, u.id);
    expect(await signedIn(b, u.token)).toBe(true);
    expect(await signedIn(b, other)).toBe(true);
    expect((await a.call('/user/logoutAll', { token: u.token })).success).toBe(true);
    expect(await refusedWithinBound(b, other)).toBe(true);
    expect(await refusedWithinBound(b, u.token)).toBe(true);
  });

  test('a password change ends the other sessions on every process; the changing one goes on', async () => {
    const u = await makeUser(a);
    const other = await secondSession(a, u.id);
    expect(await signedIn(b, other)).toBe(true);
    expect(await signedIn(b, u.token)).toBe(true);
    const changed = await a.call('/user/modipassword', {
      token: u.token,
      password: TEST_PASSWORD,
      new_password: 'Another-login-2026',
    });
    expect(changed).toMatchObject({ success: true });
    expect(await refusedWithinBound(b, other)).toBe(true);
    expect(await signedIn(b, u.token)).toBe(true);
  });

  test('"this wasn\'t me" (every session ends, withdrawals freeze) reaches every process', async () => {
    const u = await makeUser(a);
    expect(await signedIn(b, u.token)).toBe(true);
    const link = randomBytes(24).toString('base64url');
    await shared.db.query(
      "insert into security_reports (user_id, token_hash, change, expires_at) values ($1, $2, 'password', " +
        "now() + interval '1 day')",
      [u.id, hashToken(link)],
    );
    expect(await a.call('/security/wasNotMe', { link_token: link })).toMatchObject({ success: true });
    expect(await refusedWithinBound(b, u.token)).toBe(true);
  });

  test('the listening connection killed: nothing ended is served beyond the bound; notices come back', async () => {
    const listeners = async () =>
      (
        await shared.db.query<{ pid: number }>(
          'select pid from pg_stat_activity where datname = current_database() and query = $1',
          [`listen ${SESSIONS_CHANNEL}`],
        )
      ).rows.map((r) => r.pid);
    const u = await makeUser(a);
    expect(await signedIn(b, u.token)).toBe(true);
    const pids = await listeners();
    expect(pids.length).toBeGreaterThanOrEqual(2);
    await shared.db.query('select pg_terminate_backend(pid) from unnest($1::int[]) pid', [pids]);
    expect((await a.call('/user/applogout', { token: u.token })).success).toBe(true);
    expect(await refusedWithinBound(b, u.token)).toBe(true);
    // The listeners come back (each retries after a second) and sessions end everywhere again.
    expect(
      await byDeadline(
        Date.now() + 10_000,
        async () => (await listeners()).filter((p) => !pids.includes(p)).length >= 2,
      ),
    ).toBe(true);
    const again = await makeUser(a);
    expect(await signedIn(b, again.token)).toBe(true);
    expect((await a.call('/user/applogout', { token: again.token })).success).toBe(true);
    expect(await refusedWithinBound(b, again.token)).toBe(true);
  });

  test('a stolen token replayed in bursts while it is revoked is refused once the bound has passed', async () => {
    const u = await makeUser(a);
    const replies: { at: number; ok: boolean }[] = [];
    let revokedAt = Infinity;
    let stop = false;
    const attacker = (async () => {
      while (!stop) {
        const at = Date.now();
        const burst = await Promise.all(
          Array.from({ length: 20 }, () => b.call('/wallet/balance', { token: u.token })),
        );
        for (const r of burst) replies.push({ at, ok: r.success });
        await sleep(20);
      }
    })();
    try {
      await sleep(300);
      expect((await a.call('/user/applogout', { token: u.token })).success).toBe(true);
      revokedAt = Date.now();
      // Bursts keep coming until well after the bound (bounded: the loop stops at 3 s whatever happens).
      await byDeadline(revokedAt + 3000, async () => replies.some((r) => r.at >= revokedAt + BOUND_MS + 500));
    } finally {
      stop = true;
      await attacker;
    }
    expect(replies.some((r) => r.at < revokedAt && r.ok)).toBe(true);
    const late = replies.filter((r) => r.at >= revokedAt + BOUND_MS);
    expect(late.length).toBeGreaterThan(0);
    expect(late.filter((r) => r.ok)).toEqual([]);
  });
});

describe('sessions on PGlite (one process)', () => {
  let shared: TestDb;
  let t: TestApp;
  beforeAll(async () => {
    shared = await freshDb('pglite');
    t = await testApp(shared);
  });
  afterAll(async () => {
    await t?.close();
    await shared?.close();
  });

  test('a sign-out ends the session at once', async () => {
    const u = await makeUser(t);
    expect((await t.call('/user/userInfo', { token: u.token })).success).toBe(true);
    expect((await t.call('/user/applogout', { token: u.token })).success).toBe(true);
    expect(await t.call('/user/userInfo', { token: u.token })).toMatchObject({ success: false, code: 'common.004' });
  });
});
