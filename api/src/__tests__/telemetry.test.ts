// The collector of the shell's telemetry (POST /gc/telemetry): what it counts, what it refuses and
// how it is limited, as a browser (or anyone else) posting to it sees it.
import { TELEMETRY_BODY_LIMIT } from '../modules/telemetry/collector.js';
import { versionHealth } from '../modules/telemetry/health.js';
import { freshDb, targets, testApp, type TestApp, type TestDb } from '../test/harness.js';

jest.setTimeout(120_000);

const SHELL = { version: '0.1.0+1a2b3c4d5e6f', bucket: 'live' };
const PUBLIC_CANARY = { version: '0.2.0+6f5e4d3c2b1a', bucket: 'canary' };

describe.each(targets())('telemetry collector on %s', (target) => {
  let tdb: TestDb;
  let t: TestApp;
  let limited: TestApp;
  beforeAll(async () => {
    tdb = await freshDb(target);
    t = await testApp(tdb);
    limited = await testApp(tdb, { telemetry: { perDeviceMin: 3, perIpMin: 6, keepDays: 30 } });
  });
  afterAll(async () => {
    await limited?.close();
    await t?.close();
    await tdb?.close();
  });

  let seq = 0;
  const post = (body: unknown, opts: { app?: TestApp; ip?: string; device?: string; type?: string } = {}) =>
    (opts.app ?? t).app.inject({
      method: 'POST',
      url: '/gc/telemetry',
      headers: {
        'content-type': opts.type ?? 'application/json',
        ...(opts.device ? { cookie: `gl_device=${opts.device}` } : {}),
      },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
      remoteAddress: opts.ip ?? `10.9.${Math.floor(seq / 250)}.${(seq++ % 250) + 1}`,
    });
  const batch = (events: unknown[], apps: Record<string, unknown> = { shell: SHELL, 'mfe-public': PUBLIC_CANARY }) => ({
    v: 1,
    apps,
    events,
  });
  const figures = async (app: string) => await versionHealth(tdb.db, { sinceMs: 3600_000, app });

  test('a batch is counted per app, version and bucket, without a session or a sign', async () => {
    const res = await post(
      batch([
        { t: 'load', app: 'shell' },
        { t: 'load', app: 'mfe-public' },
        { t: 'error', app: 'mfe-public', name: 'TypeError' },
        { t: 'error', app: 'mfe-public', name: 'MyVeryOwnError', n: 2 },
        { t: 'remote_failure', app: 'mfe-public' },
        { t: 'gc_failure', app: 'mfe-public', kind: 'network' },
        { t: 'gc_failure', app: 'mfe-public', kind: 'common.500', n: 2 },
        { t: 'vital', app: 'mfe-public', name: 'lcp', value: 2300 },
        { t: 'vital', app: 'mfe-public', name: 'cls', value: 0.02 },
        { t: 'vital', app: 'mfe-public', name: 'inp', value: 180 },
      ]),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: { accepted: 10 } });
    // sendBeacon's plain-text body is read as JSON too.
    expect(
      (await post(JSON.stringify(batch([{ t: 'load', app: 'shell' }])), { type: 'text/plain;charset=UTF-8' }))
        .statusCode,
    ).toBe(200);

    const pub = await figures('mfe-public');
    expect(pub).toEqual([
      expect.objectContaining({
        version: PUBLIC_CANARY.version,
        bucket: 'canary',
        loads: 1,
        errors: 4,
        remoteFailures: 1,
        gcFailures: 3,
      }),
    ]);
    expect(Math.abs(pub[0]!.lcpP75! - 2300) / 2300).toBeLessThan(0.03);
    expect(pub[0]!.clsP75).toBeCloseTo(0.02, 2);
    expect(Math.abs(pub[0]!.inpP75! - 180) / 180).toBeLessThan(0.03);
    // The page's vitals count for the shell as well; its errors do not.
    expect(await figures('shell')).toEqual([
      expect.objectContaining({ version: SHELL.version, bucket: 'live', loads: 2, errors: 0, gcFailures: 0 }),
    ]);
    expect((await figures('shell'))[0]!.lcpP75).not.toBeNull();
    // An error class outside the fixed list is kept as Other, never as the text sent.
    const classes = await tdb.db.query<{ detail: string }>(
      `select detail from telemetry_counts where event = 'error' order by detail`,
    );
    expect(classes.rows.map((r) => r.detail)).toEqual(['Other', 'TypeError']);
  });

  test('personal data is refused: a user id, a URL or a message is not a field it takes', async () => {
    for (const [body, field] of [
      [{ ...batch([{ t: 'load', app: 'shell' }]), userId: '42' }, 'userId'],
      [batch([{ t: 'load', app: 'shell', url: '/order/123?token=abc' }]), 'url'],
      [batch([{ t: 'error', app: 'shell', name: 'Error', message: 'mail me at a@b.co' }]), 'message'],
      [batch([{ t: 'load', app: 'shell' }], { shell: { ...SHELL, email: 'a@b.co' } }), 'email'],
    ] as const) {
      const res = await post(body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        code: 'common.003',
        data: null,
        ref: expect.any(String),
        msg: expect.stringContaining(`Unknown field`),
      });
      expect(res.json().msg).toContain(field);
    }
  });

  test('malformed input gets the envelope with what is wrong', async () => {
    const cases: Array<[unknown, string]> = [
      ['{"v":1,', 'Malformed request body'],
      [
        batch([{ t: 'load', app: 'shell' }], { shell: { version: 'latest<script>', bucket: 'live' } }),
        'must be a release version',
      ],
      [batch([{ t: 'load', app: 'shell' }], { shell: { ...SHELL, bucket: 'beta' } }), 'apps.shell.bucket'],
      [batch([{ t: 'load', app: 'evil-app' }]), 'must be an app name'],
      [batch([{ t: 'load', app: 'mfe-account' }]), 'not in apps (mfe-account)'],
      [batch([{ t: 'gc_failure', app: 'shell', kind: 'Wrong password for a@b.co' }]), 'must be network, timeout'],
      [batch([{ t: 'vital', app: 'shell', name: 'lcp', value: -1 }]), 'events.0.value'],
      [batch([{ t: 'teleport', app: 'shell' }]), 'events.0.t'],
      [batch([]), 'events'],
      [batch([{ t: 'error', app: 'shell', name: 'Error', n: 21 }]), 'events.0.n'],
      [{ v: 2, apps: {}, events: [] }, 'v'],
      [[1, 2, 3], 'Invalid telemetry'],
    ];
    for (const [body, words] of cases) {
      const res = await post(body);
      expect({ status: res.statusCode, body: res.json() }).toEqual({
        status: 400,
        body: {
          success: false,
          code: 'common.003',
          data: null,
          ref: expect.any(String),
          msg: expect.stringContaining(words),
        },
      });
    }
    expect(await figures('evil-app')).toEqual([]);
  });

  test('a body over 16 KB is refused with 413 and the envelope, and nothing of it is counted', async () => {
    const before = (await figures('shell'))[0]?.loads ?? 0;
    const huge = { ...batch([{ t: 'load', app: 'shell' }]), pad: 'x'.repeat(TELEMETRY_BODY_LIMIT) };
    const res = await post(huge);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      success: false,
      code: 'common.413',
      data: null,
      ref: expect.any(String),
      msg: 'Request body is too large',
    });
    const many = batch(Array.from({ length: 51 }, () => ({ t: 'load', app: 'shell' })));
    expect((await post(many)).statusCode).toBe(400);
    expect((await figures('shell'))[0]?.loads ?? 0).toBe(before);
  });

  test('limited per device, and per address for devices without the cookie', async () => {
    const one = batch([{ t: 'load', app: 'shell' }]);
    const ip = '10.77.0.1';
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await post(one, { app: limited, device: 'devicedevice01', ip })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await post(one, { app: limited, device: 'devicedevice01', ip: '10.77.0.2' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ success: false, code: 'common.429' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another phone behind the same address still reports, until the address's own limit (6: the refused ones count
    // too).
    expect((await post(one, { app: limited, device: 'devicedevice02', ip })).statusCode).toBe(200);
    expect((await post(one, { app: limited, ip })).statusCode).toBe(200);
    expect((await post(one, { app: limited, device: 'devicedevice03', ip })).statusCode).toBe(429);
  });
});
