import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { computeSign, signString, signedBody } from '../lib/sign.js';
import { freshDb, productionKyc, targets, testApp, uniqueEmail, type TestApp, type TestDb } from '../test/harness.js';
import { USER_MESSAGES } from '../modules/user/service.js';

jest.setTimeout(60_000);

const listen = (s: Server) =>
  new Promise<number>((r) => s.listen(0, '127.0.0.1', () => r((s.address() as AddressInfo).port)));

describe('sign (CONTRACT §0)', () => {
  test('sorted by code point, raw values, arrays comma-joined, key appended', () => {
    expect(signString({ b: '2', a: 'x y&z', B: '1', images: ['u1', 'u2'], sign: 'ignored' }, 'KEY')).toBe(
      'B=1&a=x y&z&b=2&images=u1,u2KEY',
    );
    expect(computeSign({ a: '1' }, 'k')).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe.each(targets({ embedded: true }))('contract, public data and catalog on %s', (target) => {
  let tdb: TestDb;
  let t: TestApp;
  let smtp: SMTPServer;
  const mails: { to: string; body: string }[] = [];
  /** Mail goes out through the outbox's job: a moment after the reply; waited for, within 5 s. */
  const mailed = async (pred: (m: { to: string; body: string }) => boolean) => {
    for (let i = 0; i < 50 && !mails.some(pred); i++) await new Promise((r) => setTimeout(r, 100));
    return mails.find(pred);
  };
  let jwks: Server;
  let fb: Server;
  let googleKey: CryptoKey;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, cb) {
        let body = '';
        stream.on('data', (c: Buffer) => (body += c.toString()));
        stream.on('end', () => {
          mails.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), body });
          cb();
        });
      },
    });
    const smtpPort = await new Promise<number>((r) =>
      smtp.listen(0, '127.0.0.1', () => r((smtp.server.address() as AddressInfo).port)),
    );
    const { publicKey, privateKey } = await generateKeyPair('RS256');
    googleKey = privateKey as CryptoKey;
    const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
    jwks = createServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] })),
    );
    const jwksPort = await listen(jwks);
    fb = createServer((req, res) => {
      const u = new URL(req.url!, 'http://x');
      const valid =
        u.searchParams.get('input_token') === 'good-fb-token' &&
        u.searchParams.get('access_token') === 'fbapp|fbsecret';
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ data: { is_valid: valid, app_id: 'fbapp', user_id: 'fb-user-1' } }));
    });
    const fbPort = await listen(fb);
    tdb = await freshDb(target);
    t = await testApp(tdb, {
      smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
      google: {
        jwksUrl: `http://127.0.0.1:${jwksPort}/certs`,
        clientIds: ['web-client'],
        issuers: ['https://accounts.google.com'],
      },
      apple: {
        jwksUrl: `http://127.0.0.1:${jwksPort}/keys`,
        clientIds: ['ng.giftlane.web'],
        issuer: 'https://appleid.apple.com',
      },
      facebook: { debugUrl: `http://127.0.0.1:${fbPort}/debug_token`, appId: 'fbapp', appSecret: 'fbsecret' },
    });
  });
  afterAll(async () => {
    await t?.close();
    await tdb?.close();
    await new Promise<void>((r) => smtp.close(() => r()));
    jwks.close();
    fb.close();
  });

  test('a bad or missing sign is refused before validation', async () => {
    expect(
      await t.call('/public/countrylist', { appid: 'gl_web', sign: '0'.repeat(32) }, { sign: false }),
    ).toMatchObject({ success: false, code: 'common.002', msg: 'Invalid signature', status: 200 });
    expect(await t.call('/user/applogin', {}, { sign: false })).toMatchObject({
      success: false,
      msg: 'Invalid signature',
    });
  });

  test('SIGN_MODE=log lets an unsigned call through', async () => {
    const loose = await testApp(tdb, { signMode: 'log' });
    expect((await loose.call('/public/countrylist', {}, { sign: false })).success).toBe(true);
    await loose.close();
  });

  test('unknown path, wrong content type, oversized body: envelope with a transport status', async () => {
    const nf = await t.app.inject({ method: 'POST', url: '/gc/nope/nothing' });
    expect(nf.statusCode).toBe(404);
    expect(nf.json()).toMatchObject({ success: false, msg: 'Not found' });
    const big = await t.app.inject({
      method: 'POST',
      url: '/gc/public/countrylist',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `a=${'x'.repeat(70_000)}`,
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ success: false, msg: 'Request body is too large' });
    const xml = await t.app.inject({
      method: 'POST',
      url: '/gc/public/countrylist',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().success).toBe(false);
  });

  test('countrylist: Nigeria first with +234/NGN, Ghana +233/GHS', async () => {
    const r =
      await t.call<{ id: number; name: string; area_number: string; currency_name: string }[]>('/public/countrylist');
    expect(r.data[0]).toMatchObject({ id: 1, name: 'Nigeria', area_number: '+234', currency_name: 'NGN' });
    expect(r.data[1]).toMatchObject({ id: 2, name: 'Ghana', area_number: '+233', currency_name: 'GHS' });
    expect(r.data.length).toBeGreaterThanOrEqual(10);
  });

  test(
    'countrylist: the same bytes for everyone, and a change of the countries once reference data is read ' + 'again',
    async () => {
      const body = async () => {
        const r = await t.app.inject({
          method: 'POST',
          url: '/gc/public/countrylist',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams(signedBody({})).toString(),
        });
        expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
        return r.body;
      };
      const first = await body();
      expect(await body()).toBe(first);
      const names = (b: string) => (JSON.parse(b) as { data: { name: string }[] }).data.map((c) => c.name);
      expect(names(first)).toContain('Ghana');
      await t.db.query("update countries set name = 'Ghana (test)' where id = 2");
      try {
        t.app.ref.clear();
        expect(names(await body())).toContain('Ghana (test)');
      } finally {
        await t.db.query("update countries set name = 'Ghana' where id = 2");
        t.app.ref.clear();
      }
      expect(await body()).toBe(first);
    },
  );

  test('homebanner, appinit, ladderConfig, faq, blog', async () => {
    expect((await t.call<{ banner: unknown[] }>('/public/homebanner')).data.banner.length).toBeGreaterThan(0);
    expect((await t.call('/public/appinit', { os_type: 'web' })).data).toMatchObject({
      is_need_verify: '1',
      register_type: 'email,whatsapp',
    });
    // Contacts come from the settings: none set, no number shown (never a placeholder).
    expect((await t.call('/public/appinit', { os_type: 'web' })).data).toMatchObject({
      email: 'support@giftlane.ng',
      whatsapp_phone: '',
      service_phone: '',
      vip_phone: '',
    });
    const configured = await testApp(
      tdb,
      {},
      {},
      { SUPPORT_WHATSAPP: '+2348031234567', SUPPORT_EMAIL: 'help@example.com' },
    );
    try {
      expect((await configured.call('/public/appinit', { os_type: 'web' })).data).toMatchObject({
        email: 'help@example.com',
        whatsapp_phone: '+2348031234567',
        service_phone: '+2348031234567',
      });
    } finally {
      await configured.close();
    }
    expect(
      (await t.call<{ order_amount: string }[]>('/public/ladderConfig', { country_id: '2' })).data[0],
    ).toMatchObject({ order_amount: '2000.00', currency: 'GHS' });
    expect((await t.call<string[]>('/faq/categories')).data).toContain('Selling cards');
    const faq = await t.call<{ question: string }[]>('/faq/list', { page: '0', page_size: '20', keywords: 'refused' });
    expect(faq.data.length).toBeGreaterThan(0);
    const list = await t.call<{ slug: string; published_at: number }[]>('/public/blogList', {
      page: '0',
      page_size: '10',
    });
    expect(list.data[0]).toMatchObject({ slug: 'selling-from-ghana' });
    const post = await t.call('/public/blogPost', { slug: list.data[0]!.slug });
    expect(post.data).toMatchObject({
      title: expect.any(String),
      html: expect.stringContaining('<p>'),
      author: expect.any(String),
    });
    expect(await t.call('/public/blogPost', { slug: 'no-such-post' })).toMatchObject({
      success: false,
      msg: 'Post not found',
    });
  });

  test('catalog in NGN and GHS; calculator and quote use the pricing function', async () => {
    const ng = await t.call<{
      card_list: { category_name: string; list: { currency: string; list: { card_id: number; rate: number }[] }[] }[];
      payout_currency: string;
    }>('/v2/card/catalog', { country_id: '1', page: '0', page_size: '1000' });
    expect(ng.data.payout_currency).toBe('NGN');
    expect(ng.data.card_list.map((c) => c.category_name)).toEqual(
      expect.arrayContaining([
        'Amazon',
        'Apple / iTunes',
        'Steam',
        'Google Play',
        'Razer Gold',
        'Sephora',
        'Vanilla',
        'eBay',
        'Nordstrom',
        'Walmart',
      ]),
    );
    const gh = await t.call<{ payout_currency: string }>('/v2/card/catalog', { country_id: '2' });
    expect(gh.data.payout_currency).toBe('GHS');
    expect((await t.call<unknown[]>('/card/category')).data.length).toBeGreaterThanOrEqual(10);
    expect((await t.call<{ currency_code: string }[]>('/card/currencyList')).data.map((c) => c.currency_code)).toEqual([
      'USD',
      'GBP',
      'EUR',
      'CAD',
      'AUD',
    ]);
    const card = ng.data.card_list[0]!.list[0]!.list[2]!; // the $100–500 band
    const q = await t.call<{ amount: string; base_amount: string; rate: string }>('/card/quote', {
      card_id: String(card.card_id),
      face_value: '100',
    });
    // The sheet's rate is a number (the apps compute with it); the quote keeps exact decimal strings.
    expect(typeof card.rate).toBe('number');
    expect(Number(q.data.rate)).toBe(card.rate);
    expect(q.data.amount).toBe((card.rate * 100).toFixed(2));
    expect(await t.call('/card/quote', { card_id: String(card.card_id), face_value: '5' })).toMatchObject({
      success: false,
      msg: 'Face value must be between $100 and $500 for this card',
    });
    expect(await t.call('/card/quote', { card_id: String(card.card_id), face_value: '100.001' })).toMatchObject({
      success: false,
      msg: 'Face value can have at most 2 decimals',
    });
    const calc = await t.call<{ vip: unknown[]; quote: { amount: string; base_amount: string; ladder_bonus: string } }>(
      '/card/calculator',
      { country_id: '1', card_id: String(card.card_id), face_value: '200' },
    );
    expect(calc.data.vip.length).toBe(6);
    // Over ₦200,000 the first ladder tier adds ₦1,000.
    expect(calc.data.quote).toMatchObject({
      base_amount: (Number(card.rate) * 200).toFixed(2),
      ladder_bonus: '1000.00',
      amount: (Number(card.rate) * 200 + 1000).toFixed(2),
    });
  });

  test('large replies go out compressed to a client that accepts it, small ones and the rest plain', async () => {
    const form = new URLSearchParams(signedBody({ country_id: '1', page: '0', page_size: '1000' })).toString();
    const ask = (encoding?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/gc/v2/card/catalog',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          ...(encoding ? { 'accept-encoding': encoding } : {}),
        },
        payload: form,
      });
    const plain = await ask();
    expect(plain.headers['content-encoding']).toBeUndefined();
    const sheet = plain.json<{ success: boolean }>();
    expect(sheet.success).toBe(true);
    const br = await ask('br, gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(sheet);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    const gz = await ask('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(sheet);
    // Under 1 KB it is not worth the CPU: a failure envelope stays plain.
    const small = await t.app.inject({
      method: 'POST',
      url: '/gc/card/quote',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-encoding': 'br, gzip' },
      payload: new URLSearchParams(signedBody({})).toString(),
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ success: false });
  });

  test('contact opens a case, its reference mailed to the writer over SMTP; codes go out by SMTP too', async () => {
    expect(
      (
        await t.call('/public/contact', {
          name: 'Ada',
          email: 'ada@example.com',
          subject: 'Hi',
          message: 'Where is my payout?',
        })
      ).success,
    ).toBe(true);
    const row = await t.db.query<{ case_no: string; body: string }>(
      'select c.case_no, m.body from support_cases c join support_case_messages m on m.case_id = c.id where ' +
        "c.guest_email = 'ada@example.com' order by c.id desc limit 1",
    );
    expect(row.rows[0]?.body).toBe('Where is my payout?');
    const email = uniqueEmail();
    expect((await t.call('/user/sendEmailVerifyCode', { email })).success).toBe(true);
    const caseNo = row.rows[0]!.case_no;
    expect(
      await mailed(
        (m) => m.to === 'ada@example.com' && m.body.includes(caseNo) && m.body.includes('Where is my payout?'),
      ),
    ).toBeDefined();
    const code = (await mailed((m) => m.to === email))?.body.match(/code is (\d{4})/)?.[1];
    expect(code).toMatch(/^\d{4}$/);
  });

  test('tracker collector stores events; analysis too', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/gc/public/track/event',
      payload: { name: 'register_success', device_id: 'd1' },
    });
    expect(r.statusCode).toBe(204);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/gc/public/track/init',
      headers: { 'content-type': 'application/json' },
      payload: '[1,2]',
    });
    expect(bad.statusCode).toBeLessThan(500);
    expect(bad.json()).toMatchObject({ success: false, msg: 'Body must be a JSON object' });
    expect((await t.call('/public/analysis', { name: 'upload_img_before', value: '1' })).success).toBe(true);
    const n = await t.db.query<{ n: number }>('select count(*)::int as n from track_events');
    expect(n.rows[0]?.n).toBe(2);
  });

  const googleToken = (sub: string, email: string, aud = 'web-client') =>
    new SignJWT({ email, email_verified: true, name: 'Kofi Mensah' })
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
      .setIssuer('https://accounts.google.com')
      .setAudience(aud)
      .setSubject(sub)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(googleKey);

  test('Google sign-in: unbound → pending, appregister completes it, then login; forged tokens refused', async () => {
    const email = uniqueEmail();
    const first = await t.call<{ is_social_bind: boolean; social_id: string; token: string }>('/social/googleLogin', {
      idToken: await googleToken('g-123', email),
      social_id: 'g-123',
    });
    expect(first.data).toMatchObject({ is_social_bind: false, social_id: 'g-123', token: '' });
    // The pending sign-up belongs to the browser that began it: without its cookie, refused.
    const completion = {
      register_type: '1',
      country_id: '2',
      email,
      password: 'Secret123!',
      social_id: 'g-123',
      social_type: 'google',
    };
    expect(first.setCookie).toMatch(/^gl_social_pending=/);
    expect(await t.call('/user/appregister', completion)).toMatchObject({
      success: false,
      msg: USER_MESSAGES.socialExpired,
    });
    expect(await t.call('/user/appregister', completion, { cookie: 'gl_social_pending=forged' })).toMatchObject({
      success: false,
      msg: USER_MESSAGES.socialExpired,
    });
    const reg = await t.call<{ token: string; google_bind: boolean; is_email_bind: boolean }>(
      '/user/appregister',
      completion,
      { cookie: first.setCookie },
    );
    expect(reg.data).toMatchObject({ google_bind: true, is_email_bind: true });
    const again = await t.call<{ is_social_bind: boolean; token: string }>('/social/googleLogin', {
      idToken: await googleToken('g-123', email),
    });
    expect(again.data.is_social_bind).toBe(true);
    expect((await t.call('/user/userInfo', { token: again.data.token })).success).toBe(true);
    expect(
      await t.call('/social/googleLogin', { idToken: await googleToken('g-123', email, 'someone-else') }),
    ).toMatchObject({ success: false, msg: 'Google login failed. Please try again.' });
    expect(
      await t.call('/user/appregister', {
        country_id: '1',
        email: uniqueEmail(),
        password: 'Secret123!',
        social_id: 'g-forged',
        social_type: 'google',
      }),
    ).toMatchObject({ success: false });
  });

  test('Apple id token against the local JWKS; Facebook through the debug endpoint; socialBind', async () => {
    const apple = await new SignJWT({ email: 'x@privaterelay.appleid.com', email_verified: 'true' })
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
      .setIssuer('https://appleid.apple.com')
      .setAudience('ng.giftlane.web')
      .setSubject('apple-1')
      .setExpirationTime('5m')
      .sign(googleKey);
    expect((await t.call('/social/appleLogin', { social_code: apple, social_id: 'apple-1' })).data).toMatchObject({
      is_social_bind: false,
      social_id: 'apple-1',
    });
    expect(await t.call('/social/facebookLogin', { facebook_token: 'bad', social_id: 'fb-user-1' })).toMatchObject({
      success: false,
      msg: 'Facebook login failed. Please try again.',
    });
    expect(
      (await t.call('/social/facebookLogin', { facebook_token: 'good-fb-token', social_id: 'fb-user-1' })).data,
    ).toMatchObject({ is_social_bind: false });
    // Bind Facebook to an existing account, then Facebook login signs into it.
    const email = uniqueEmail();
    await t.call('/user/sendEmailVerifyCode', { email });
    const code = (await mailed((m) => m.to === email))?.body.match(/code is (\d{4})/)?.[1];
    const u = await t.call<{ token: string }>('/user/appregister', {
      country_id: '1',
      email,
      password: 'Secret123!',
      code,
    });
    expect(
      (
        await t.call('/social/socialBind', {
          token: u.data.token,
          social_type: 'facebook',
          facebook_token: 'good-fb-token',
          social_id: 'fb-user-1',
        })
      ).data,
    ).toEqual({ is_social_bind: true });
    expect(
      (await t.call<{ is_social_bind: boolean }>('/social/facebookLogin', { facebook_token: 'good-fb-token' })).data
        .is_social_bind,
    ).toBe(true);
  });

  test('rate limit on sign-in: 429 with the envelope and Retry-After', async () => {
    const strict = await testApp(tdb, { rateLimit: { authPerMin: 3, codePerMin: 3, lookupPerHour: 3 } });
    const hit = () =>
      strict.app.inject({
        method: 'POST',
        url: '/gc/user/applogin',
        remoteAddress: '10.9.9.9',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'a=1',
      });
    for (let i = 0; i < 3; i++) expect((await hit()).statusCode).toBe(200);
    const r = await hit();
    expect(r.statusCode).toBe(429);
    expect(r.headers['retry-after']).toBeDefined();
    expect(r.json()).toMatchObject({ success: false, code: 'common.429' });
    await strict.close();
  });

  test('health, readiness, OpenAPI, dev outbox', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject('/readyz')).json()).toMatchObject({ status: 'ready' });
    const spec = (await t.app.inject('/docs/json')).json() as { paths: Record<string, unknown> };
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining(['/gc/user/applogin', '/gc/v2/card/catalog', '/gc/public/countrylist']),
    );
    expect(Array.isArray((await t.app.inject('/__dev/outbox')).json())).toBe(true);
    const prod = await testApp(tdb, { env: 'production', kyc: productionKyc(t.config) });
    expect((await prod.app.inject('/__dev/outbox')).statusCode).toBe(404);
    await prod.close();
  });
});
