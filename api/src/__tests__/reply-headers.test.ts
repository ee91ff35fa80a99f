// The headers every reply carries (helmet's security headers, the request id, no-store on the private paths), in the
// order they are sent, for a success, a failed envelope, an unknown path and a route outside /gc.
import { signedBody } from '../lib/sign.js';
import { freshDb, targets, testApp, type TestApp, type TestDb } from '../test/harness.js';

jest.setTimeout(60_000);

/** Every header in order, with the values that change per request (the id, the date) or with the body left out. */
const fixed = (headers: Record<string, unknown>) =>
  Object.entries(headers).map(([k, v]) => (['x-request-id', 'date', 'content-length'].includes(k) ? k : `${k}: ${v}`));

const HELMET = [
  'cross-origin-opener-policy: same-origin',
  'cross-origin-resource-policy: same-site',
  'origin-agent-cluster: ?1',
  'referrer-policy: no-referrer',
  'strict-transport-security: max-age=31536000; includeSubDomains',
  'x-content-type-options: nosniff',
  'x-dns-prefetch-control: off',
  'x-download-options: noopen',
  'x-frame-options: SAMEORIGIN',
  'x-permitted-cross-domain-policies: none',
  'x-xss-protection: 0',
];
const JSON_TYPE = 'content-type: application/json; charset=utf-8';
const KEEP = 'connection: keep-alive';

describe.each(targets({ embedded: true }))('reply headers on %s', (target) => {
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
  const post = (url: string, body: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(body).toString(),
    });

  test('a /gc success', async () => {
    const res = await post('/gc/public/countrylist', signedBody({}));
    expect(res.statusCode).toBe(200);
    expect(fixed(res.headers)).toEqual([
      ...HELMET,
      'x-request-id',
      JSON_TYPE,
      'cache-control: no-store',
      'content-length',
      'date',
      KEEP,
    ]);
  });

  test('a /gc failed envelope', async () => {
    const res = await post('/gc/public/countrylist', { ...signedBody({}), sign: '0'.repeat(32) });
    expect(res.json()).toMatchObject({ success: false });
    expect(fixed(res.headers)).toEqual([
      ...HELMET,
      'x-request-id',
      JSON_TYPE,
      'cache-control: no-store',
      'content-length',
      'date',
      KEEP,
    ]);
  });

  test('an unknown path', async () => {
    const res = await post('/gc/no/such', signedBody({}));
    expect(res.statusCode).toBe(404);
    expect(fixed(res.headers)).toEqual([
      ...HELMET,
      'x-request-id',
      'x-ratelimit-limit: 120',
      'x-ratelimit-remaining: 119',
      'x-ratelimit-reset: 60',
      JSON_TYPE,
      'cache-control: no-store',
      'content-length',
      'date',
      KEEP,
    ]);
  });

  test('a route outside /gc', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(fixed(res.headers)).toEqual([...HELMET, 'x-request-id', JSON_TYPE, 'content-length', 'date', KEEP]);
  });
});
