// The attacker's sweep: each hole it found, tried again the way the attacker tried it.
// 1. a stolen web session's token adding a payout address within the sign-in grace; 2. closing the
// account as a password oracle during the re-authentication lock; 3. private replies kept by the
// browser's cache; 6. the API reference through the edge in production; 7. validation messages of
// the operator API before its 401. PGlite and PostgreSQL (the parallel tries race on PostgreSQL).
import { DEFAULT_APP_KEYS } from '../config/env.js';
import { clientOf, signedBody, verifySign } from '../lib/sign.js';
import { nubanCheckDigit } from '../modules/payment/nuban.js';
import { REAUTH_LIMITS, SECURITY_MESSAGES } from '../modules/security/service.js';
import { PIN_MESSAGES } from '../modules/withdraw/pin.js';
import { STAFF_MESSAGES } from '../modules/ops/staff.js';
import { freshDb, productionKyc, targets, testApp, type TestApp, type TestDb } from '../test/harness.js';
import { makeStaff, makeUser, TEST_PASSWORD } from '../test/money.js';

jest.setTimeout(120_000);

type Reply<T = unknown> = {
  success: boolean;
  msg: string;
  code: string;
  data: T;
  status: number;
  cacheControl: string | undefined;
};
type AppId = 'gl_web' | 'gl_android' | 'gl_ios';

let serialSeq = 400_000_000;
const nextAccountNo = () => {
  const serial = String(serialSeq++);
  return serial + nubanCheckDigit('044', serial);
};
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
let addressSeq = 10_000;
/** A TRC20 address of the attacker's (T and 33 base58 characters), a new one each time. */
const attackerUsdt = () => {
  let n = addressSeq++;
  let tail = '';
  for (let i = 0; i < 5; i++, n = Math.floor(n / 58)) tail = BASE58[n % 58]! + tail;
  return `TAttacker${'x'.repeat(33 - 8 - tail.length)}${tail}`;
};

describe.each(targets())('the attacker’s sweep on %s', (target) => {
  let tdb: TestDb;
  let t: TestApp;
  let trc20 = '';
  beforeAll(async () => {
    tdb = await freshDb(target);
    t = await testApp(tdb, {
      security: { coolingOffMs: 24 * 3600_000, siteUrl: 'https://site.test', reauthGraceMs: 10 * 60_000 },
    });
    const u = await makeUser(t);
    const coins = await t.call<{ bank_id: number; name: string }[]>('/payment/coinList', { token: u.token });
    trc20 = String(coins.data.find((c) => c.name === 'TRC20')!.bank_id);
  });
  afterAll(async () => {
    await t?.close();
    await tdb?.close();
  });

  /** A /gc call signed with a platform's app key (the sorted rule, which any client may use). */
  const callAs = async <T = unknown>(appid: AppId, path: string, fields: Record<string, string>): Promise<Reply<T>> => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/gc${path}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(signedBody(fields, appid, DEFAULT_APP_KEYS[appid])).toString(),
      remoteAddress: '102.89.34.7',
    });
    return {
      ...(res.json() as Omit<Reply<T>, 'status' | 'cacheControl'>),
      status: res.statusCode,
      cacheControl: res.headers['cache-control'] as string | undefined,
    };
  };
  /** A fresh sign-in from a platform: the token of a session opened a moment ago. */
  const signIn = async (appid: AppId, email: string) => {
    const r = await callAs<{ token: string }>(appid, '/user/applogin', { username: email, password: TEST_PASSWORD });
    if (!r.success) throw new Error(r.msg);
    return r.data.token;
  };
  const payoutAccounts = async (userId: number) =>
    (await t.db.query<{ n: number }>('select count(*)::int as n from payout_accounts where user_id = $1', [userId]))
      .rows[0]!.n;
  const usdt = (token: string, extra: Record<string, string> = {}) => ({
    token,
    payment_id: '3',
    bank_id: trc20,
    account_no: attackerUsdt(),
    account_name: '',
    ...extra,
  });
  const bank = (token: string, extra: Record<string, string> = {}) => ({
    token,
    payment_id: '1',
    bank_id: '100',
    account_no: nextAccountNo(),
    account_name: '',
    ...extra,
  });

  describe('1. a stolen session token adds no payout address', () => {
    test(
      'a web session signed in a moment ago: no USDT address nor bank account without the password and the PIN, ' +
        'even re-signed with a native app key, even in parallel',
      async () => {
        const owner = await makeUser(t, { pin: '246810' });
        const stolen = await signIn('gl_web', owner.email);
        // The attacker's sweep: within the grace, with no password and no PIN field.
        expect(await callAs('gl_web', '/payment/add', usdt(stolen))).toMatchObject({
          success: false,
          code: 'common.004',
          msg: SECURITY_MESSAGES.signInAgain,
        });
        // An unverified seller's bank account, the other half of the finding.
        expect(await callAs('gl_web', '/payment/add', bank(stolen))).toMatchObject({
          success: false,
          code: 'common.004',
          msg: SECURITY_MESSAGES.signInAgain,
        });
        // The native apps' key is in their downloads: signing the web token's call with it claims nothing.
        expect(await callAs('gl_android', '/payment/add', usdt(stolen))).toMatchObject({
          success: false,
          code: 'common.004',
          msg: SECURITY_MESSAGES.signInAgain,
        });
        expect(await callAs('gl_ios', '/payment/add', bank(stolen))).toMatchObject({
          success: false,
          code: 'common.004',
          msg: SECURITY_MESSAGES.signInAgain,
        });
        // Nor do the other changes the grace covered.
        expect(
          await callAs('gl_android', '/withdraw/upTPassword', {
            token: stolen,
            password: '246810',
            new_password: '135790',
          }),
        ).toMatchObject({ success: false, code: 'common.004' });
        expect(await callAs('gl_android', '/withdraw/sendResetCode', { token: stolen })).toMatchObject({
          success: false,
          code: 'common.004',
        });
        // Twenty at once, half of them re-signed as the Android app: every one refused.
        const replies = await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            callAs(i % 2 ? 'gl_android' : 'gl_web', '/payment/add', i % 3 ? usdt(stolen) : bank(stolen)),
          ),
        );
        expect(replies.map((r) => r.code)).toEqual(Array(20).fill('common.004'));
        expect(await payoutAccounts(owner.id)).toBe(0);
      },
    );

    test(
      'with the password, the PIN is asked for every method, USDT included; the owner with both adds the ' + 'address',
      async () => {
        const owner = await makeUser(t, { pin: '246810' });
        const token = await signIn('gl_web', owner.email);
        expect(await callAs('gl_web', '/payment/add', usdt(token, { password: TEST_PASSWORD }))).toMatchObject({
          success: false,
          msg: PIN_MESSAGES.format,
        });
        expect(await callAs('gl_web', '/payment/add', bank(token, { password: TEST_PASSWORD }))).toMatchObject({
          success: false,
          msg: PIN_MESSAGES.format,
        });
        expect(
          await callAs('gl_web', '/payment/add', usdt(token, { password: TEST_PASSWORD, t_password: '111222' })),
        ).toMatchObject({ success: false, msg: PIN_MESSAGES.wrong(4) });
        // The PIN without the password is not the password.
        expect(await callAs('gl_web', '/payment/add', usdt(token, { t_password: '246810' }))).toMatchObject({
          success: false,
          code: 'common.004',
          msg: SECURITY_MESSAGES.signInAgain,
        });
        expect(
          await callAs('gl_web', '/payment/add', usdt(token, { t_password: '246810', password: '' })),
        ).toMatchObject({ success: false, msg: SECURITY_MESSAGES.passwordRequired });
        expect(await payoutAccounts(owner.id)).toBe(0);
        expect(
          (await callAs('gl_web', '/payment/add', usdt(token, { password: TEST_PASSWORD, t_password: '246810' })))
            .success,
        ).toBe(true);
        expect(
          (await callAs('gl_web', '/payment/add', bank(token, { password: TEST_PASSWORD, t_password: '246810' })))
            .success,
        ).toBe(true);
        expect(await payoutAccounts(owner.id)).toBe(2);
      },
    );

    test(
      'a session a native app signed in keeps the grace (its calls have no password field), for the ' + 'grace only',
      async () => {
        for (const appid of ['gl_android', 'gl_ios'] as const) {
          const owner = await makeUser(t, { pin: '246810' });
          const token = await signIn(appid, owner.email);
          const row = await t.db.query<{ client: string }>(
            'select client from sessions where user_id = $1 order by id desc limit 1',
            [owner.id],
          );
          expect(row.rows[0]!.client).toBe(appid === 'gl_android' ? 'android' : 'ios');
          expect((await callAs(appid, '/payment/add', usdt(token))).success).toBe(true);
          await t.db.query("update sessions set created_at = now() - interval '11 minutes' where user_id = $1", [
            owner.id,
          ]);
          expect(await callAs(appid, '/payment/add', usdt(token))).toMatchObject({
            success: false,
            code: 'common.004',
            msg: SECURITY_MESSAGES.signInAgain,
          });
          expect(await payoutAccounts(owner.id)).toBe(1);
        }
      },
    );

    test(
      'only a sign that the native key proves marks a native client (SIGN_MODE=log lets a bad sign through as ' +
        'the web)',
      () => {
        const keys = DEFAULT_APP_KEYS;
        const good = signedBody({ username: 'a' }, 'gl_android', keys.gl_android);
        expect(clientOf(good, verifySign(good, keys))).toBe('android');
        const forged = { ...good, sign: '0'.repeat(32) };
        expect(clientOf(forged, verifySign(forged, keys))).toBe('web');
        const webKeyClaimsAndroid = signedBody({ username: 'a' }, 'gl_android', keys.gl_web);
        expect(clientOf(webKeyClaimsAndroid, verifySign(webKeyClaimsAndroid, keys))).toBe('web');
        const web = signedBody({ username: 'a' });
        expect(clientOf(web, verifySign(web, keys))).toBe('web');
      },
    );
  });

  describe('2. closing the account is no password oracle', () => {
    test('during the lock a right and a wrong password get the same answer, and the account stays', async () => {
      const u = await makeUser(t);
      for (let i = 0; i < REAUTH_LIMITS.maxFailures; i++)
        await t.call('/user/modipassword', {
          token: u.token,
          password: `wrong-${i}-pass`,
          new_password: 'Another-2026!',
        });
      const right = await t.call('/user/cancellation', { token: u.token, password: TEST_PASSWORD });
      const wrong = await t.call('/user/cancellation', { token: u.token, password: 'not-the-password' });
      expect(right).toMatchObject({ success: false, msg: SECURITY_MESSAGES.locked });
      // Each reply names its own request (its reference); everything else is the same.
      expect(wrong.ref).not.toBe(right.ref);
      expect({ ...wrong, setCookie: right.setCookie, ref: right.ref }).toEqual(right);
      expect(
        (await t.db.query<{ status: string }>('select status from users where id = $1', [u.id])).rows[0]!.status,
      ).toBe('active');
    });

    test('wrong passwords on closing count towards the one lock, parallel ones one by one', async () => {
      const u = await makeUser(t);
      const replies = await Promise.all(
        Array.from({ length: 20 }, () => t.call('/user/cancellation', { token: u.token, password: 'guess-guess' })),
      );
      const msgs = replies.map((r) => r.msg);
      expect(msgs.filter((m) => m.startsWith('The login password is incorrect'))).toHaveLength(
        REAUTH_LIMITS.maxFailures - 1,
      );
      expect(msgs.filter((m) => m === SECURITY_MESSAGES.locked)).toHaveLength(20 - (REAUTH_LIMITS.maxFailures - 1));
      // The lock covers every change that takes the login password.
      expect(
        await t.call('/user/modipassword', { token: u.token, password: TEST_PASSWORD, new_password: 'Another-2026!' }),
      ).toMatchObject({ success: false, msg: SECURITY_MESSAGES.locked });
      expect(await t.call('/user/cancellation', { token: u.token, password: TEST_PASSWORD })).toMatchObject({
        success: false,
        msg: SECURITY_MESSAGES.locked,
      });
    });
  });

  describe('3. private replies are not cached', () => {
    test('every /gc and /ops/api reply is Cache-Control: no-store, errors and 404s too', async () => {
      const u = await makeUser(t);
      const staff = await makeStaff(t, 'admin');
      const gc = (path: string, fields: Record<string, string>) => callAs('gl_web', path, fields);
      const replies = [
        await gc('/public/countrylist', {}),
        await gc('/user/userInfo', { token: u.token }),
        await gc('/user/userInfo', { token: 'not-a-session' }),
        await gc('/wallet/balance', { token: u.token }),
        await gc('/no/such/path', {}),
      ];
      for (const r of replies) expect(r.cacheControl).toBe('no-store');
      const unsigned = await t.app.inject({
        method: 'POST',
        url: '/gc/user/userInfo',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'token=x',
      });
      expect(unsigned.headers['cache-control']).toBe('no-store');
      for (const [url, auth] of [
        [`/ops/api/users/${u.id}`, staff.token],
        [`/ops/api/users/${u.id}`, ''],
        ['/ops/api/me', staff.token],
        ['/ops/api/nothing', ''],
      ] as const) {
        const res = await t.app.inject({
          method: 'GET',
          url,
          headers: auth ? { authorization: `Bearer ${auth}` } : {},
        });
        expect([url, auth ? 'staff' : 'anonymous', res.headers['cache-control']]).toEqual([
          url,
          auth ? 'staff' : 'anonymous',
          'no-store',
        ]);
      }
      // The operator's view of a seller, the one the sweep read back from the cache.
      const seen = await t.app.inject({
        method: 'GET',
        url: `/ops/api/users/${u.id}`,
        headers: { authorization: `Bearer ${staff.token}` },
      });
      expect(seen.statusCode).toBe(200);
      expect(seen.body).toContain(u.email);
    });
  });

  describe('6. the API reference', () => {
    test('in production, only on the api’s own port or to signed-in staff; outside production, as before', async () => {
      const prod = await testApp(tdb, { env: 'production', kyc: productionKyc(t.config) });
      try {
        const staff = await makeStaff(t, 'reviewer');
        const throughEdge = { 'x-forwarded-for': '198.51.100.7' };
        for (const url of ['/docs', '/docs/json', '/docs/yaml', '/docs/static/index.html']) {
          const anon = await prod.app.inject({ method: 'GET', url, headers: throughEdge });
          expect([url, anon.statusCode]).toEqual([url, 404]);
          expect(anon.body).not.toContain('/ops/api/');
          const forged = await prod.app.inject({
            method: 'GET',
            url,
            headers: { ...throughEdge, authorization: 'Bearer not-a-live-staff-session-token' },
          });
          expect([url, forged.statusCode]).toEqual([url, 404]);
        }
        const direct = await prod.app.inject({ method: 'GET', url: '/docs/json' });
        expect(direct.statusCode).toBe(200);
        expect(direct.body).toContain('/ops/api/users/{id}');
        const asStaff = await prod.app.inject({
          method: 'GET',
          url: '/docs/json',
          headers: { ...throughEdge, authorization: `Bearer ${staff.token}` },
        });
        expect(asStaff.statusCode).toBe(200);
        expect((await t.app.inject({ method: 'GET', url: '/docs/json', headers: throughEdge })).statusCode).toBe(200);
      } finally {
        await prod.close();
      }
    });
  });

  describe('7. the operator API asks for the session first', () => {
    test(
      'anonymous calls with a bad body or bad parameters get the 401 envelope, never a validation ' + 'message',
      async () => {
        const tries: [string, string, unknown][] = [
          ['POST', '/ops/api/staff', { email: 'not-an-email', role: 'god', password: 'x' }],
          ['POST', '/ops/api/staff', {}],
          ['POST', '/ops/api/users/abc/freeze', { reason: '' }],
          ['POST', '/ops/api/users/1/freeze', { reason: 1 }],
          ['GET', '/ops/api/users?q=', undefined],
          ['GET', '/ops/api/users/-5', undefined],
          ['POST', '/ops/api/app-versions', { platform: 'symbian' }],
          ['POST', '/ops/api/rates', { nothing: true }],
          ['POST', '/ops/api/coupons', '{"broken'],
        ];
        for (const token of ['', 'Bearer expired-or-made-up-token-123456']) {
          const replies = await Promise.all(
            tries.map(([method, url, body]) =>
              t.app.inject({
                method: method as 'GET' | 'POST',
                url,
                headers: {
                  ...(token ? { authorization: token } : {}),
                  ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
                },
                ...(body !== undefined ? { payload: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
              }),
            ),
          );
          replies.forEach((res, i) => {
            expect([tries[i]![1], res.statusCode, res.json()]).toEqual([
              tries[i]![1],
              401,
              {
                success: false,
                code: 'common.004',
                msg: token ? STAFF_MESSAGES.expired : STAFF_MESSAGES.signIn,
                data: null,
                ref: expect.stringMatching(/^[0-9A-Z]{6}$/),
              },
            ]);
          });
        }
      },
    );

    test('the sign-in stays public, and signed-in staff still get the validation message', async () => {
      const login = await t.app.inject({
        method: 'POST',
        url: '/ops/api/login',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email: 1 }),
      });
      expect(login.statusCode).toBe(200);
      expect(login.json()).toMatchObject({ success: false, code: 'common.003' });
      const staff = await makeStaff(t, 'admin');
      const bad = await t.app.inject({
        method: 'POST',
        url: '/ops/api/staff',
        headers: { authorization: `Bearer ${staff.token}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ email: 'x' }),
      });
      expect(bad.json()).toMatchObject({ success: false, code: 'common.003' });
    });
  });
});
