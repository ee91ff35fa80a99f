// The api's side of transport, defaults and card photos: photos are private and written
// once, the pixel limit, per-account limits whatever the address, who is believed about the
// client's address, the production start checks, the per-folder development secret, and no code
// in the log. Through-the-edge proofs are in deploy/src/edge/transport.test.ts.
import { USER_MESSAGES } from '../modules/user/service.js';
import { spawnSync } from 'node:child_process';
import net from 'node:net';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { bodyPauseLimit } from '../app.js';
import sharp from 'sharp';
import { API_ROOT, ConfigError, loadConfig } from '../config/env.js';
import { DevOutbox, Messenger } from '../modules/messaging/messenger.js';
import { UPLOAD_MESSAGES } from '../modules/uploads/store.js';
import { freshDb, PRODUCTION_IDENTITY, targets, testApp, type TestApp, type TestDb } from '../test/harness.js';
import { makeStaff, makeUser, opsCall, pngImage, upload } from '../test/money.js';
import { redisInstalled, scratchRedis, type ScratchRedis } from '../test/redis.js';

jest.setTimeout(120_000);

const STRONG = 'q7T1v9Zp2LmX8cR4wY6bN0sK3hJ5gF1d';
const PROVIDERS = {
  SMTP_URL: 'smtp://mail.example.com:587',
  WHATSAPP_PHONE_NUMBER_ID: '123',
  WHATSAPP_ACCESS_TOKEN: 'tok',
};

describe.each(targets())('card photos on %s', (target) => {
  let tdb: TestDb;
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'gl-photos-'));
    tdb = await freshDb(target);
    t = await testApp(tdb, { uploadDir: dir, publicUrl: 'http://api.test' });
  });
  afterAll(async () => {
    await t?.close();
    await tdb?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const local = (url: string) => url.replace('http://api.test', '');
  const put = (url: string, payload: Buffer) =>
    t.app.inject({ method: 'PUT', url: local(url), headers: { 'content-type': 'image/png' }, payload });
  const get = (url: string) => t.app.inject({ method: 'GET', url: local(url) });
  const slot = async (token: string) =>
    (await t.call<{ url: string }[]>('/order/obsUrls', { token, image_count: '1' })).data[0]!.url;

  test('an object is written once: a second PUT, and all but one of 10 parallel PUTs, are refused', async () => {
    const u = await makeUser(t);
    const url = await slot(u.token);
    const first = await put(url, await pngImage(64, 64));
    expect(first.statusCode).toBe(200);
    const second = await put(url, await pngImage(100, 100));
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ success: false, msg: UPLOAD_MESSAGES.once });
    const stored = await t.db.query<{ width: number }>('select width from uploads where object_name = $1', [
      new URL(url).pathname.replace('/uploads/', ''),
    ]);
    expect(stored.rows[0]?.width).toBe(64);

    const raced = await slot(u.token);
    const images = await Promise.all(Array.from({ length: 10 }, (_, i) => pngImage(40 + i, 40)));
    const results = await Promise.all(images.map((img) => put(raced, img)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(9);
  });

  test('a file that is not an acceptable image was not written: the link can still be used', async () => {
    const u = await makeUser(t);
    const url = await slot(u.token);
    expect((await put(url, Buffer.from('not an image'))).statusCode).toBe(400);
    expect((await put(url, await pngImage())).statusCode).toBe(200);
  });

  test('a photo is shown only through a signed link: to its owner (ord/list, ord/detail) and to staff', async () => {
    const owner = await makeUser(t);
    const reference = await upload(t, owner.token);
    // The reference (the upload URL without its query) shows nothing, with or without a forged signature.
    for (const probe of [
      reference,
      `${reference}?expires=9999999999&signature=AAAA`,
      `${reference}?expires=1&signature=x`,
    ]) {
      const res = await get(probe);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ success: false, msg: UPLOAD_MESSAGES.view });
    }
    const order = await t.call<{ order_no: string }>('/order/appadd', {
      token: owner.token,
      images: reference,
      user_memo: '',
      wallet_type: '1',
    });
    expect(order.success).toBe(true);
    const detail = await t.call<{ imageList: { url: string }[] }>('/ord/detail', {
      token: owner.token,
      order_no: order.data.order_no,
    });
    const link = detail.data.imageList[0]!.url;
    expect(link.startsWith(`${reference}?expires=`)).toBe(true);
    const shown = await get(link);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('image/png');
    expect(shown.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(Number(String(shown.headers['cache-control']).split('=')[1])).toBeLessThanOrEqual(1200);
    const list = await t.call<{ images: string }[]>('/ord/list', { token: owner.token, page: '0', page_size: '10' });
    expect((await get(list.data[0]!.images)).statusCode).toBe(200);

    // Another user gets no link, and a link for one object does not open another.
    const other = await makeUser(t);
    expect(await t.call('/ord/detail', { token: other.token, order_no: order.data.order_no })).toMatchObject({
      success: false,
      msg: 'Order not found',
    });
    const theirs = await upload(t, other.token);
    const borrowed = `${theirs}?${link.split('?')[1]}`;
    expect((await get(borrowed)).statusCode).toBe(403);

    // Staff see it through the operator API's signed link.
    const reviewer = await makeStaff(t, 'reviewer');
    const view = await opsCall<{ images: string[] }>(
      t,
      reviewer.token,
      'GET',
      `/ops/api/orders/${order.data.order_no}`,
    );
    expect(view.data.images[0]).toMatch(/\?expires=\d+&signature=/);
    expect((await get(view.data.images[0]!)).statusCode).toBe(200);
    // appadd still takes the reference (the URL before `?`) as the image.
    expect(
      (await t.call('/order/appadd', { token: owner.token, images: link, user_memo: '', wallet_type: '1' })).success,
    ).toBe(false);
  });

  test(
    "an avatar is public once its owner chooses it; nobody can make another person's photo their " + 'avatar',
    async () => {
      const owner = await makeUser(t);
      const other = await makeUser(t);
      const photo = await upload(t, owner.token);
      const card = await upload(t, other.token);
      expect((await get(photo)).statusCode).toBe(403);
      // Someone else's upload (a card photo, say) cannot be published by naming it as an avatar.
      expect(await t.call('/account/avatar', { token: owner.token, avatar: card })).toMatchObject({
        success: false,
        msg: USER_MESSAGES.avatarNotYours,
      });
      expect((await get(card)).statusCode).toBe(403);
      expect((await t.call('/account/avatar', { token: owner.token, avatar: photo })).success).toBe(true);
      const shown = await get(photo);
      expect(shown.statusCode).toBe(200);
      expect(shown.headers['cache-control']).toBe('public, max-age=86400');
      expect((await t.call<{ avatar: string }>('/user/userInfo', { token: owner.token })).data.avatar).toBe(photo);
    },
  );

  test('no framework error code or message reaches a client of the api itself', async () => {
    for (const res of [
      await t.app.inject({ method: 'GET', url: '/gc/%zz' }),
      await t.app.inject({ method: 'PUT', url: '/uploads/%zz' }),
      await t.app.inject({
        method: 'POST',
        url: '/gc/user/applogin',
        headers: { 'content-type': 'application/json' },
        payload: '{"x',
      }),
      await t.app.inject({
        method: 'POST',
        url: '/gc/user/applogin',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'a'.repeat(100 * 1024),
      }),
    ]) {
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.body).not.toMatch(/FST_|fastify/i);
      expect(res.json()).toMatchObject({ success: false });
    }
  });

  test('images over 12 megapixels are refused with a clear message before they are decoded', async () => {
    const u = await makeUser(t);
    const big = await sharp({ create: { width: 4500, height: 3000, channels: 3, background: '#123' } })
      .jpeg()
      .toBuffer();
    const res = await put(await slot(u.token), big);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, msg: UPLOAD_MESSAGES.pixels });
    expect(UPLOAD_MESSAGES.pixels).toContain('12 megapixels');
    const huge = await sharp({ create: { width: 8000, height: 5000, channels: 3, background: '#123' } })
      .jpeg()
      .toBuffer();
    const started = Date.now();
    expect((await put(await slot(u.token), huge)).json()).toMatchObject({ msg: UPLOAD_MESSAGES.pixels });
    // Refused from the header: far quicker than decoding 40 MP.
    expect(Date.now() - started).toBeLessThan(1500);
    const ok = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#123' } })
      .jpeg()
      .toBuffer();
    expect((await put(await slot(u.token), ok)).statusCode).toBe(200);
  });
});

describe.each(targets())('limits per account and address on %s', (target) => {
  let tdb: TestDb;
  afterAll(async () => tdb?.close());
  beforeAll(async () => {
    tdb = await freshDb(target);
  });

  test('sign-in for one username is capped per hour whatever address the attempts come from', async () => {
    const t = await testApp(tdb, { accountLimit: { authPerHour: 3, codePerHour: 100 } });
    try {
      const tries = [];
      for (let i = 0; i < 5; i++)
        tries.push(
          await t.call(
            '/user/applogin',
            { username: 'victim@example.com', password: 'Wrong-pass-1' },
            { ip: `10.9.0.${i + 1}` },
          ),
        );
      expect(tries.slice(0, 3).every((r) => r.status === 200)).toBe(true);
      expect(tries.slice(3).map((r) => r.status)).toEqual([429, 429]);
      expect(tries[3]).toMatchObject({
        success: false,
        code: 'common.429',
        msg: expect.stringMatching(/^Too many attempts for this account/),
      });
      // Another account from the same addresses is not affected; case and spaces do not make a new account.
      expect(
        (
          await t.call(
            '/user/applogin',
            { username: 'other@example.com', password: 'Wrong-pass-1' },
            { ip: '10.9.0.1' },
          )
        ).status,
      ).toBe(200);
      expect(
        (
          await t.call(
            '/user/applogin',
            { username: ' VICTIM@example.com ', password: 'Wrong-pass-1' },
            { ip: '10.9.0.9' },
          )
        ).status,
      ).toBe(429);
    } finally {
      await t.close();
    }
  });

  test('code calls for one address are capped per hour whatever address they come from', async () => {
    const t = await testApp(tdb, { accountLimit: { authPerHour: 100, codePerHour: 2 } });
    try {
      const statuses = [];
      for (let i = 0; i < 4; i++)
        statuses.push(
          (
            await t.call(
              '/user/updatePasswordByEmail',
              {
                email: 'target@example.com',
                verify_code: '0000',
                new_password: 'Abcdef-123',
                confirm_password: 'Abcdef-123',
              },
              { ip: `10.8.0.${i + 1}` },
            )
          ).status,
        );
      expect(statuses).toEqual([200, 200, 429, 429]);
    } finally {
      await t.close();
    }
  });

  test('X-Forwarded-For is believed only from the named proxy', async () => {
    const t = await testApp(tdb, {
      rateLimit: { authPerMin: 2, codePerMin: 100, lookupPerHour: 100 },
      trustProxy: ['127.0.0.1'],
    });
    try {
      const login = (remoteAddress: string, xff: string) =>
        t.app.inject({
          method: 'POST',
          url: '/gc/user/applogin',
          remoteAddress,
          headers: { 'content-type': 'application/json', 'x-forwarded-for': xff },
          payload: { username: `u${Math.random()}@example.com`, password: 'x' },
        });
      // A client that is not the proxy rotates the header: one bucket (its own address).
      const direct = [];
      for (let i = 0; i < 3; i++) direct.push((await login('10.7.0.1', `203.0.113.${i}`)).statusCode);
      expect(direct[2]).toBe(429);
      // Through the proxy, each forwarded client has its own bucket.
      expect((await login('127.0.0.1', '198.51.100.1')).statusCode).not.toBe(429);
      expect((await login('127.0.0.1', '198.51.100.2')).statusCode).not.toBe(429);
    } finally {
      await t.close();
    }
  });
});

/** A throw-away redis-server (test/redis.ts), when one is installed. */
async function redisIfInstalled(): Promise<ScratchRedis | null> {
  if (!redisInstalled()) {
    const msg = 'Redis tests SKIPPED: redis-server is not installed';
    if (process.env.REQUIRE_TEST_REDIS === '1') throw new Error(msg);
    console.warn(`\n*** ${msg} ***\n`);
    return null;
  }
  return scratchRedis();
}

describe('limits shared through Redis (REDIS_URL)', () => {
  test('two api processes count one account and one address together', async () => {
    const redis = await redisIfInstalled();
    if (!redis) return;
    const tdb = await freshDb('pglite');
    const a = await testApp(tdb, {
      redisUrl: redis.url,
      accountLimit: { authPerHour: 3, codePerHour: 100 },
      rateLimit: { authPerMin: 4, codePerMin: 100, lookupPerHour: 100 },
    });
    const b = await testApp(tdb, {
      redisUrl: redis.url,
      accountLimit: { authPerHour: 3, codePerHour: 100 },
      rateLimit: { authPerMin: 4, codePerMin: 100, lookupPerHour: 100 },
    });
    try {
      const username = `shared-${Date.now()}@example.com`;
      const perAccount = [];
      for (let i = 0; i < 4; i++)
        perAccount.push(
          (
            await (i % 2 ? b : a).call(
              '/user/applogin',
              { username, password: 'Wrong-pass-1' },
              { ip: `10.6.0.${i + 1}` },
            )
          ).status,
        );
      expect(perAccount).toEqual([200, 200, 200, 429]);
      const perIp = [];
      for (let i = 0; i < 5; i++)
        perIp.push(
          (
            await (i % 2 ? b : a).call(
              '/user/applogin',
              { username: `n${i}-${Date.now()}@example.com`, password: 'x' },
              { ip: '10.6.1.1' },
            )
          ).status,
        );
      expect(perIp).toEqual([200, 200, 200, 200, 429]);
    } finally {
      await a.close();
      await b.close();
      await tdb.close();
      await redis.stop();
    }
  });
});

describe('slow bodies', () => {
  test('a body that pauses longer than the limit is cut off; a slow handler is not', async () => {
    const app = Fastify();
    bodyPauseLimit(app, 500);
    app.post('/echo', async (req) => {
      await new Promise((r) => setTimeout(r, 1500));
      return { got: String(req.body).length };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as net.AddressInfo).port;
    try {
      const slowHandler = await fetch(`http://127.0.0.1:${port}/echo`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: 'abc',
      });
      expect(await slowHandler.json()).toEqual({ got: 3 });
      const cut = await new Promise<{ ms: number; answer: string }>((resolve) => {
        const started = Date.now();
        let answer = '';
        const s = net.connect(port, '127.0.0.1', () =>
          s.write('POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 10\r\n\r\nab'),
        );
        s.on('data', (d) => (answer += d.toString()));
        s.on('error', () => undefined);
        s.on('close', () => resolve({ ms: Date.now() - started, answer }));
      });
      expect(cut.answer).toBe('');
      expect(cut.ms).toBeLessThan(1400);
    } finally {
      await app.close();
    }
  });
});

describe('safe defaults', () => {
  const production = (extra: Record<string, string | undefined>) => () =>
    loadConfig({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://giftlane.ng', ...PRODUCTION_IDENTITY, ...extra });
  const problemsOf = (fn: () => unknown) => {
    try {
      fn();
      return [];
    } catch (err) {
      if (err instanceof ConfigError) return err.problems;
      throw err;
    }
  };

  test('production refuses to start without an e-mail and a WhatsApp provider unless ALLOW_CODE_LOG=1', () => {
    const none = problemsOf(production({ SECRET_KEY: STRONG }));
    expect(none).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^SMTP_URL: required in production/),
        expect.stringMatching(/^WHATSAPP_PHONE_NUMBER_ID/),
      ]),
    );
    expect(problemsOf(production({ SECRET_KEY: STRONG, SMTP_URL: PROVIDERS.SMTP_URL }))).toEqual([
      expect.stringMatching(/^WHATSAPP_PHONE_NUMBER_ID/),
    ]);
    expect(problemsOf(production({ SECRET_KEY: STRONG, ...PROVIDERS }))).toEqual([]);
    const allowed = loadConfig({
      NODE_ENV: 'production',
      PUBLIC_ORIGIN: 'https://giftlane.ng',
      SECRET_KEY: STRONG,
      ALLOW_CODE_LOG: '1',
      ...PRODUCTION_IDENTITY,
    });
    expect(allowed.allowCodeLog).toBe(true);
    expect(
      loadConfig({ NODE_ENV: 'development', ALLOW_CODE_LOG: '1', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'gl-dd-')) })
        .allowCodeLog,
    ).toBe(false);
  });

  test('production refuses to start without an identity provider or its own key for identity data', () => {
    const without = (drop: string[], extra: Record<string, string> = {}) =>
      problemsOf(() =>
        loadConfig({
          NODE_ENV: 'production',
          PUBLIC_ORIGIN: 'https://giftlane.ng',
          SECRET_KEY: STRONG,
          ...PROVIDERS,
          ...Object.fromEntries(Object.entries(PRODUCTION_IDENTITY).filter(([k]) => !drop.includes(k))),
          ...extra,
        }),
      );
    expect(without([])).toEqual([]);
    expect(without(['IDENTITY_API_URL'])).toEqual([
      expect.stringMatching(/^IDENTITY_API_URL .*required in production/),
    ]);
    expect(without(['IDENTITY_SECRET_KEY'])).toEqual([
      expect.stringMatching(/^IDENTITY_API_URL .*required in production/),
      expect.stringMatching(/^IDENTITY_APP_ID and IDENTITY_SECRET_KEY: required with IDENTITY_API_URL/),
    ]);
    expect(without(['KYC_DATA_KEY'])).toEqual([expect.stringMatching(/^KYC_DATA_KEY: required in production/)]);
    expect(without([], { KYC_DATA_KEY: STRONG })).toEqual([
      expect.stringMatching(/^KYC_DATA_KEY: use its own random value/),
    ]);
    expect(without([], { KYC_DATA_KEY: 'changeme-changeme-changeme-changeme' })).toEqual([
      expect.stringMatching(/^KYC_DATA_KEY: use its own random value/),
    ]);
    expect(without([], { KYC_TIERS: '{"NG":{"idTypes":["bvn"],"levels":[]}}' }).join('\n')).toMatch(
      /^KYC_TIERS: must be JSON/,
    );
    // Outside production the local stand-in runs, and the data key comes from SECRET_KEY.
    expect(loadConfig({ NODE_ENV: 'test' }).kyc).toMatchObject({
      apiUrl: undefined,
      tiers: expect.objectContaining({ NG: expect.anything(), GH: expect.anything() }),
    });
  });

  test('production refuses a missing, short, placeholder or low-entropy secret', () => {
    for (const secret of [
      undefined,
      'short-secret',
      'giftlane-development-secret-key-not-for-production',
      'a'.repeat(40),
      'changeme-changeme-changeme-changeme',
      'abababababababababababababababababab',
    ]) {
      expect(problemsOf(production({ SECRET_KEY: secret, ...PROVIDERS })).join('\n')).toMatch(/SECRET_KEY/);
    }
  });

  test('the real server exits at start in production without a provider, saying why', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(API_ROOT, 'src/server.ts')], {
      cwd: API_ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        SECRET_KEY: STRONG,
        SMTP_URL: '',
        WHATSAPP_PHONE_NUMBER_ID: '',
        WHATSAPP_ACCESS_TOKEN: '',
        ALLOW_CODE_LOG: '',
        API_PORT: '0',
        DATABASE_URL: '',
      },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/SMTP_URL: required in production/);
    expect(r.stderr).toMatch(/IDENTITY_API_URL/);
  });

  test('TRUST_PROXY=1 (believe anyone) is refused; addresses are accepted', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'gl-dd-'));
    expect(
      problemsOf(() => loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir, TRUST_PROXY: '1' })).join('\n'),
    ).toMatch(/TRUST_PROXY/);
    expect(
      loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir, TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).trustProxy,
    ).toEqual(['127.0.0.1', '10.0.0.0/8']);
    expect(loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir }).trustProxy).toEqual([]);
  });

  test('the development secret is made per data folder on first start, kept with mode 0600', () => {
    const a = mkdtempSync(path.join(tmpdir(), 'gl-dd-'));
    const b = mkdtempSync(path.join(tmpdir(), 'gl-dd-'));
    const first = loadConfig({ NODE_ENV: 'development', DATA_DIR: a }).secretKey;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ NODE_ENV: 'development', DATA_DIR: a }).secretKey).toBe(first);
    expect(loadConfig({ NODE_ENV: 'development', DATA_DIR: b }).secretKey).not.toBe(first);
    expect(statSync(path.join(a, 'secret-key')).mode & 0o777).toBe(0o600);
    for (const d of [a, b]) rmSync(d, { recursive: true, force: true });
  });

  test('message bodies and codes are never logged unless ALLOW_CODE_LOG allows it', async () => {
    const lines: unknown[] = [];
    const log = {
      info: (...a: unknown[]) => lines.push(a),
      warn: (...a: unknown[]) => lines.push(a),
    } as unknown as FastifyBaseLogger;
    const m = {
      channel: 'email' as const,
      to: 'ada@example.com',
      subject: 'Your code',
      text: 'Your code is 4821',
      code: '4821',
    };
    await new Messenger(log, {}, new DevOutbox()).send(m);
    await new Messenger(log, {}, null).send(m);
    expect(JSON.stringify(lines)).not.toMatch(/4821|ada@example\.com/);
    await new Messenger(log, {}, null, { logBodies: true }).send(m);
    expect(JSON.stringify(lines)).toMatch(/4821/);
  });
});
