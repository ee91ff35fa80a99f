// Redis fails safe: with the shared counters' Redis stopped, frozen or restarted,
// every rate limit keeps holding (per api process, in memory), every request is answered within a
// second, /readyz says where the limits are counted, and the limits are shared again once Redis is
// back. Failed sign-ins are also counted per sign-in name in PostgreSQL, so password guessing stays
// bounded across api processes with no Redis at all. Each suite starts its own redis-server.
import { Redis } from 'ioredis';
import type { Config } from '../config/env.js';
import { USER_MESSAGES } from '../modules/user/service.js';
import { freshDb, targets, testApp, uniqueEmail, type TestApp, type TestDb } from '../test/harness.js';
import { makeUser, TEST_PASSWORD } from '../test/money.js';
import { redisInstalled, scratchRedis, type ScratchRedis } from '../test/redis.js';

jest.setTimeout(120_000);

const PER_IP = 5;
const CODES_PER_IP = 4;
const PER_ACCOUNT = 4;
const TOO_MANY_REQUESTS = /^Too many requests, please try again/;
const TOO_MANY_FOR_ACCOUNT = /^Too many attempts for this account, please try again in \d+ minutes$/;

/** What a client sees of a reply. */
const seen = (r: { status: number; success: boolean; msg: string; code: unknown }) => ({
  status: r.status,
  success: r.success,
  msg: r.msg,
  code: r.code,
});
const limitsOf = async (t: TestApp) => {
  const res = await t.app.inject('/readyz');
  return { http: res.statusCode, ...(res.json() as { status: string; limits: string }) };
};
/** Waits (at most `ms`) until every app's limits are in `mode`. */
async function until(apps: TestApp[], mode: string, ms = 10_000) {
  const end = Date.now() + ms;
  for (;;) {
    const modes = await Promise.all(apps.map(async (a) => (await limitsOf(a)).limits));
    if (modes.every((m) => m === mode)) return;
    if (Date.now() > end) throw new Error(`limits still ${modes.join(', ')} after ${ms} ms, expected ${mode}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
/** One call, timed. */
async function timed<T>(f: () => Promise<T>): Promise<T & { ms: number }> {
  const t0 = performance.now();
  const r = await f();
  return { ...r, ms: performance.now() - t0 };
}
let ipSeq = 0;
const freshIp = () => `10.77.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;
const wrongSignIn = (t: TestApp, ip: string, username = uniqueEmail()) =>
  timed(() => t.call('/user/applogin', { username, password: 'Wrong-pass-1' }, { ip }));
const codeRequest = (t: TestApp, ip: string) =>
  timed(() => t.call('/user/sendEmailVerifyCode', { email: uniqueEmail() }, { ip }));

const shape = (rs: { status: number; msg: string }[]) => rs.map((r) => (r.status === 429 ? 429 : r.status));

const describeRedis = redisInstalled() || process.env.REQUIRE_TEST_REDIS === '1' ? describe : describe.skip;
if (!redisInstalled()) console.warn('\n*** Redis fault tests SKIPPED: redis-server is not installed ***\n');

describeRedis('rate limits when Redis fails', () => {
  let tdb: TestDb;
  let redis: ScratchRedis;
  let a: TestApp;
  let b: TestApp;
  const opened: TestApp[] = [];
  let config: Partial<Config>;
  beforeAll(async () => {
    tdb = await freshDb('pglite');
    redis = await scratchRedis();
    config = {
      redisUrl: redis.url,
      redis: { commandTimeoutMs: 200, connectTimeoutMs: 500 },
      rateLimit: { authPerMin: PER_IP, codePerMin: CODES_PER_IP, lookupPerHour: 100 },
      accountLimit: { authPerHour: PER_ACCOUNT, codePerHour: 100 },
    };
    a = await testApp(tdb, config);
    b = await testApp(tdb, config);
    opened.push(a, b);
  });
  afterAll(async () => {
    for (const t of opened) await t.close();
    await tdb?.close();
    await redis?.kill();
  });

  /** From one fresh address, alternating between the two apps: sign-ins, each for a different name. */
  async function sharedPerIp() {
    const ip = freshIp();
    const out = [];
    for (let i = 0; i <= PER_IP; i++) out.push(await wrongSignIn(i % 2 ? b : a, ip));
    return out;
  }

  test('while Redis answers, two api processes count one address together', async () => {
    expect(await limitsOf(a)).toMatchObject({ http: 200, status: 'ready', limits: 'shared' });
    const rs = await sharedPerIp();
    expect(shape(rs)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(rs[PER_IP]!.msg).toMatch(TOO_MANY_REQUESTS);
  });

  test(
    'Redis stopped: every limit holds per process, one warning, /readyz says degraded; shared again after a ' +
      'restart',
    async () => {
      const warn = jest.spyOn(a.app.log, 'warn');
      const info = jest.spyOn(a.app.log, 'info');
      try {
        await redis.stop();
        // Sign-ins from one address: capped at the per-address cap, each answered at once.
        const ip = freshIp();
        const perIp = [];
        for (let i = 0; i < PER_IP + 3; i++) perIp.push(await wrongSignIn(a, ip));
        expect(shape(perIp)).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
        expect(perIp.slice(0, PER_IP).every((r) => r.msg === USER_MESSAGES.loginFailed)).toBe(true);
        expect(perIp[PER_IP]!.msg).toMatch(TOO_MANY_REQUESTS);
        expect(Math.max(...perIp.map((r) => r.ms))).toBeLessThan(1000);
        // Degraded limits still hold: the api stays ready.
        expect(await limitsOf(a)).toMatchObject({ http: 200, status: 'ready', limits: 'degraded' });

        // Sign-ins for one account from many addresses: capped per account (right passwords too: the
        // per-account limit counts every try, so this is the in-memory count, not PostgreSQL's).
        const u = await makeUser(a);
        const right = [];
        for (let i = 0; i < PER_ACCOUNT + 2; i++)
          right.push(await a.call('/user/applogin', { username: u.email, password: TEST_PASSWORD }, { ip: freshIp() }));
        expect(right.map((r) => r.success)).toEqual([true, true, true, true, false, false]);
        expect(right[PER_ACCOUNT]).toMatchObject({ status: 429, msg: expect.stringMatching(TOO_MANY_FOR_ACCOUNT) });
        // Wrong passwords for one account from many addresses: capped per account.
        const v = await makeUser(a);
        const wrong = [];
        for (let i = 0; i < PER_ACCOUNT + 3; i++) wrong.push(await wrongSignIn(a, freshIp(), v.email));
        expect(wrong.filter((r) => r.msg === USER_MESSAGES.loginFailed)).toHaveLength(PER_ACCOUNT);
        expect(wrong.slice(PER_ACCOUNT).every((r) => r.status === 429 && TOO_MANY_FOR_ACCOUNT.test(r.msg))).toBe(true);
        // Code requests from one address: capped.
        const codeIp = freshIp();
        const codes = [];
        for (let i = 0; i < CODES_PER_IP + 2; i++) codes.push(await codeRequest(a, codeIp));
        expect(shape(codes)).toEqual([200, 200, 200, 200, 429, 429]);
        expect(codes.slice(0, CODES_PER_IP).every((r) => r.success)).toBe(true);

        // One warning for the whole outage, however many requests it saw.
        const degraded = warn.mock.calls.filter((c) =>
          c.some((x) => typeof x === 'string' && x.startsWith('rate limits degraded')),
        );
        expect(degraded).toHaveLength(1);

        await redis.start();
        await until([a, b], 'shared');
        expect(
          info.mock.calls.filter((c) =>
            c.some((x) => typeof x === 'string' && x.startsWith('rate limits shared again')),
          ),
        ).toHaveLength(1);
        // Shared again: the two processes count one address together.
        expect(shape(await sharedPerIp())).toEqual([200, 200, 200, 200, 200, 429]);
      } finally {
        warn.mockRestore();
        info.mockRestore();
      }
    },
  );

  test(
    'Redis frozen (SIGSTOP): every sign-in and code request is answered within a second and the limits hold; ' +
      'shared again after SIGCONT',
    async () => {
      redis.freeze();
      try {
        const ip = freshIp();
        const signIns = [];
        for (let i = 0; i < PER_IP + 2; i++) signIns.push(await wrongSignIn(a, ip));
        expect(shape(signIns)).toEqual([200, 200, 200, 200, 200, 429, 429]);
        expect(Math.max(...signIns.map((r) => r.ms))).toBeLessThan(1000);
        // Parallel ones too (the first of a burst each wait for Redis at most the command timeout).
        const burstIp = freshIp();
        const burst = await Promise.all(Array.from({ length: PER_IP + 3 }, () => wrongSignIn(b, burstIp)));
        expect(burst.filter((r) => r.status === 429)).toHaveLength(3);
        expect(Math.max(...burst.map((r) => r.ms))).toBeLessThan(1500);
        const codeIp = freshIp();
        const codes = [];
        for (let i = 0; i < CODES_PER_IP + 1; i++) codes.push(await codeRequest(a, codeIp));
        expect(shape(codes)).toEqual([200, 200, 200, 200, 429]);
        expect(Math.max(...codes.map((r) => r.ms))).toBeLessThan(1000);
        expect(await limitsOf(a)).toMatchObject({ http: 200, status: 'ready', limits: 'degraded' });
        expect(await limitsOf(b)).toMatchObject({ http: 200, status: 'ready', limits: 'degraded' });
      } finally {
        redis.thaw();
      }
      await until([a, b], 'shared');
      expect(shape(await sharedPerIp())).toEqual([200, 200, 200, 200, 200, 429]);
    },
  );

  test(
    'a Redis that answers but refuses writes: the limits hold in memory without flapping, and are shared again ' +
      'once it accepts them',
    async () => {
      const admin = new Redis(redis.url, { commandTimeout: 1000, maxRetriesPerRequest: 0 });
      const warn = jest.spyOn(a.app.log, 'warn');
      try {
        // Writes refused (NOREPLICAS): PING still answers.
        await admin.config('SET', 'min-replicas-to-write', '1');
        const ip = freshIp();
        const rs = [];
        for (let i = 0; i <= PER_IP; i++) rs.push(await wrongSignIn(a, ip));
        expect(shape(rs)).toEqual([200, 200, 200, 200, 200, 429]);
        // Past two probes: still degraded, and said once.
        await new Promise((r) => setTimeout(r, 2500));
        expect(await limitsOf(a)).toMatchObject({ http: 200, status: 'ready', limits: 'degraded' });
        expect(
          warn.mock.calls.filter((c) => c.some((x) => typeof x === 'string' && x.startsWith('rate limits degraded'))),
        ).toHaveLength(1);
        await admin.config('SET', 'min-replicas-to-write', '0');
        await until([a], 'shared');
      } finally {
        warn.mockRestore();
        await admin.config('SET', 'min-replicas-to-write', '0').catch(() => undefined);
        admin.disconnect();
      }
    },
  );

  test('an api started while Redis is down counts in memory, and shares once Redis is up; nothing exits', async () => {
    await redis.stop();
    const c = await testApp(tdb, config);
    opened.push(c);
    expect(await limitsOf(c)).toMatchObject({ http: 200, status: 'ready', limits: 'degraded' });
    const ip = freshIp();
    const rs = [];
    for (let i = 0; i <= PER_IP; i++) rs.push(await wrongSignIn(c, ip));
    expect(shape(rs)).toEqual([200, 200, 200, 200, 200, 429]);
    await redis.start();
    await until([a, b, c], 'shared');
    const shared = freshIp();
    const out = [];
    for (let i = 0; i <= PER_IP; i++) out.push(await wrongSignIn(i % 2 ? c : a, shared));
    expect(shape(out)).toEqual([200, 200, 200, 200, 200, 429]);
    for (const t of [a, b, c]) expect((await t.app.inject('/healthz')).statusCode).toBe(200);
  });
});

describe.each(targets())('failed sign-ins counted in PostgreSQL, no Redis at all, on %s', (target) => {
  const CAP = 5;
  let tdb: TestDb;
  let a: TestApp;
  let b: TestApp;
  const config: Partial<Config> = { accountLimit: { authPerHour: CAP, codePerHour: 100 } };
  beforeAll(async () => {
    tdb = await freshDb(target);
    a = await testApp(tdb, config);
    b = await testApp(tdb, config);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await tdb?.close();
  });

  /** 16 wrong passwords for one name at once, split over both api processes, each from its own address. */
  const burst = (username: string) =>
    Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        (i % 2 ? b : a).call('/user/applogin', { username, password: `Wrong-pass-${i}` }, { ip: freshIp() }),
      ),
    );

  test(
    'two api processes together allow at most the cap of wrong passwords for one account; a name nobody uses ' +
      'alike',
    async () => {
      const u = await makeUser(a);
      const known = await burst(u.email);
      expect(known.filter((r) => r.msg === USER_MESSAGES.loginFailed)).toHaveLength(CAP);
      const refused = known.filter((r) => r.msg !== USER_MESSAGES.loginFailed);
      expect(
        refused.every((r) => r.status === 429 && r.code === 'common.429' && TOO_MANY_FOR_ACCOUNT.test(r.msg)),
      ).toBe(true);
      // The window's budget is spent: the right password hears the same refusal, from either process.
      expect(
        seen(await b.call('/user/applogin', { username: u.email, password: TEST_PASSWORD }, { ip: freshIp() })),
      ).toEqual(seen(refused[0]!));
      // A name nobody uses: the same replies.
      const unknown = await burst(uniqueEmail());
      expect(unknown.map(seen).sort((x, y) => x.msg.localeCompare(y.msg))).toEqual(
        known.map(seen).sort((x, y) => x.msg.localeCompare(y.msg)),
      );
      // The window ends: the owner signs in again (a process whose memory has not counted them).
      await tdb.db.query("update sign_in_failures set window_start = now() - interval '61 minutes'");
      const c = await testApp(tdb, config);
      try {
        expect(
          (await c.call('/user/applogin', { username: u.email, password: TEST_PASSWORD }, { ip: freshIp() })).success,
        ).toBe(true);
      } finally {
        await c.close();
      }
    },
  );

  test('a right password gives its try back: only wrong ones count', async () => {
    const u = await makeUser(a);
    const tries: string[] = [];
    const attempt = async (i: number, password: string) =>
      tries.push(
        (await (i % 2 ? b : a).call('/user/applogin', { username: u.email.toUpperCase(), password }, { ip: freshIp() }))
          .msg,
      );
    for (let i = 0; i < CAP - 1; i++) await attempt(i, 'Wrong-pass-1');
    await attempt(4, TEST_PASSWORD);
    await attempt(5, 'Wrong-pass-2');
    await attempt(6, 'Wrong-pass-3');
    expect(tries.slice(0, CAP - 1).every((m) => m === USER_MESSAGES.loginFailed)).toBe(true);
    expect(tries[CAP - 1]).toBe('success');
    expect(tries[CAP]).toBe(USER_MESSAGES.loginFailed);
    expect(tries[CAP + 1]).toMatch(TOO_MANY_FOR_ACCOUNT);
  });
});
