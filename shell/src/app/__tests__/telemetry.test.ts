import type { EnvironmentManifest } from '@giftlane/shared-sdk';
import { errorClassOf, startTelemetry, TelemetryReporter, type TelemetryBatch } from '../telemetry';

const MANIFEST: EnvironmentManifest = {
  env: 'prod',
  shell: { version: '0.3.0+aaaaaaaaaaaa', bucket: 'live' },
  remotes: {
    mfe_public: {
      version: '0.2.0+bbbbbbbbbbbb',
      entry: '/releases/mfe-public/0.2.0+bbbbbbbbbbbb/remoteEntry.js',
      mounts: [],
      bucket: 'canary',
    },
    mfe_account: {
      version: '0.1.0+cccccccccccc',
      entry: 'https://cdn.example.com/mfe-account/0.1.0+cccccccccccc/remoteEntry.js',
      mounts: [],
      bucket: 'live',
    },
  },
};

function reporter(opts: { sample?: number; random?: number; currentApp?: string } = {}) {
  const sent: string[] = [];
  const r = new TelemetryReporter({
    sample: opts.sample ?? 1,
    random: () => opts.random ?? 0.5,
    send: (body) => sent.push(body),
    currentApp: () => opts.currentApp ?? 'shell',
  });
  r.useManifest(MANIFEST);
  const batches = () => sent.map((b) => JSON.parse(b) as TelemetryBatch);
  return { r, sent, batches };
}

afterEach(() => jest.useRealTimers());

describe('the telemetry reporter', () => {
  it('samples whole page loads: one draw decides, 0 sends nothing, 1 sends everything', () => {
    expect(reporter({ sample: 0.25, random: 0.3 }).r.sampled).toBe(false);
    expect(reporter({ sample: 0.25, random: 0.2 }).r.sampled).toBe(true);
    expect(reporter({ sample: 0, random: 0 }).r.sampled).toBe(false);
    expect(reporter({ sample: 1, random: 0.999 }).r.sampled).toBe(true);

    const out = reporter({ sample: 0.25, random: 0.3 });
    out.r.load('shell');
    out.r.error(new Error('boom'));
    out.r.flush();
    expect(out.sent).toEqual([]);
  });

  it('batches: the same event is counted, not repeated, and a batch goes when full, after a while, or on flush', () => {
    jest.useFakeTimers();
    const { r, batches } = reporter();
    r.load('shell');
    r.load('mfe-public');
    r.load('mfe-public');
    r.remoteFailed('mfe-public');
    expect(batches()).toEqual([]);
    jest.advanceTimersByTime(10_000);
    expect(batches()).toEqual([
      {
        v: 1,
        apps: { shell: MANIFEST.shell, 'mfe-public': { version: '0.2.0+bbbbbbbbbbbb', bucket: 'canary' } },
        events: [
          { t: 'load', app: 'shell' },
          { t: 'load', app: 'mfe-public', n: 2 },
          { t: 'remote_failure', app: 'mfe-public' },
        ],
      },
    ]);
    // An event counts at most 20 times (the collector's bound); the 21st starts another.
    for (let i = 0; i < 21; i++) r.gcFailure('timeout');
    r.flush();
    expect(batches()[1]!.events).toEqual([
      { t: 'gc_failure', app: 'shell', kind: 'timeout', n: 20 },
      { t: 'gc_failure', app: 'shell', kind: 'timeout' },
    ]);
    // Forty different events make a full batch, sent at once.
    for (let i = 0; i < 40; i++) r.vital('lcp', 1000 + i);
    expect(batches()).toHaveLength(3);
    expect(batches()[2]!.events).toHaveLength(40);
    r.flush();
    expect(batches()).toHaveLength(3);
  });

  it('tags each event with its app’s version and bucket, and a page’s vitals with the shell’s too', () => {
    let onScreen = 'mfe-account';
    const sent: string[] = [];
    const r = new TelemetryReporter({ sample: 1, send: (body) => sent.push(body), currentApp: () => onScreen });
    r.useManifest(MANIFEST);
    const batches = () => sent.map((b) => JSON.parse(b) as TelemetryBatch);
    // The visit goes on to another remote's page: the largest paint stays the landing page's.
    onScreen = 'mfe-public';
    r.vital('lcp', 2345.6);
    onScreen = 'mfe-account';
    r.vital('cls', 0.123456);
    r.gcFailure('common.500');
    r.flush();
    expect(batches()[0]).toEqual({
      v: 1,
      apps: { 'mfe-account': { version: '0.1.0+cccccccccccc', bucket: 'live' }, shell: MANIFEST.shell },
      events: [
        { t: 'vital', app: 'mfe-account', name: 'lcp', value: 2346 },
        { t: 'vital', app: 'mfe-account', name: 'cls', value: 0.1235 },
        { t: 'gc_failure', app: 'mfe-account', kind: 'common.500' },
      ],
    });
  });

  it('says whose code threw by the chunk its stack names, else the shell', () => {
    const { r } = reporter();
    const fromPublic = Object.assign(new TypeError('x'), {
      stack: 'TypeError: x\n    at Page (http://site/releases/mfe-public/0.2.0+bbbbbbbbbbbb/123.js:1:99)',
    });
    const fromAccount = Object.assign(new Error('x'), {
      stack:
        'Error: x\n    at https://cdn.example.com/mfe-account/0.1.0+cccccccccccc/__federation_expose_routes.js:2:3',
    });
    const fromOldPublic = Object.assign(new Error('x'), {
      stack: 'Error: x\n    at http://site/releases/mfe-public/0.1.9+dddddddddddd/1.js:1:1',
    });
    expect(r.appOfError(fromPublic)).toBe('mfe-public');
    expect(r.appOfError(fromAccount)).toBe('mfe-account');
    expect(r.appOfError(fromOldPublic)).toBe('shell');
    expect(r.appOfError('a string')).toBe('shell');
  });

  it('sends no personal data: no message text, address, number, URL or query; an error only by its class', () => {
    window.history.pushState({}, '', '/order/8812345?token=secret-token');
    const { r, sent, batches } = reporter({ currentApp: 'mfe-public' });
    r.error(new TypeError('Cannot read seller ada@example.com order 8812345 at /order/8812345?token=secret-token'));
    r.error(Object.assign(new Error('x'), { name: 'Wrong PIN for ada@example.com' }));
    r.error('rejected with ada@example.com');
    r.gcFailure('network');
    r.flush();
    const body = sent.join('');
    for (const leak of [
      'ada@example.com',
      '8812345',
      'secret-token',
      'Cannot read',
      '/order',
      'Wrong PIN',
      'rejected with',
    ])
      expect(body).not.toContain(leak);
    expect(batches()[0]!.events).toEqual([
      { t: 'error', app: 'shell', name: 'TypeError' },
      { t: 'error', app: 'shell', name: 'Error' },
      { t: 'error', app: 'shell', name: 'Rejection' },
      { t: 'gc_failure', app: 'mfe-public', kind: 'network' },
    ]);
    expect(errorClassOf(new RangeError('x'))).toBe('RangeError');
  });

  it('ignores apps it was not told the version of (the dev servers)', () => {
    const { r, sent } = reporter();
    r.load('mfe-unknown');
    r.flush();
    expect(sent).toEqual([]);
  });
});

describe('startTelemetry', () => {
  it('stays silent without a release version for the shell (the dev servers)', () => {
    const { shell: _shell, ...dev } = MANIFEST;
    expect(startTelemetry({ manifest: dev, sample: 1, currentApp: () => 'shell' }).sampled).toBe(false);
  });

  it(
    'reports the page load, uncaught errors and rejections, failed /gc calls by kind, and sends when the page is ' +
      'hidden',
    async () => {
      const beacons: string[] = [];
      Object.defineProperty(navigator, 'sendBeacon', {
        configurable: true,
        value: (url: string, body: string) => (beacons.push(`${url} ${body}`), true),
      });
      let ok: (r: { data?: unknown }) => unknown = () => undefined;
      let fail: (e: unknown) => Promise<never> = () => Promise.reject(new Error('unset'));
      const http = { interceptors: { response: { use: (a: typeof ok, b: typeof fail) => ((ok = a), (fail = b), 0) } } };
      startTelemetry({ manifest: MANIFEST, sample: 1, currentApp: () => 'mfe-public', http: http as never });

      window.dispatchEvent(
        new ErrorEvent('error', {
          error: Object.assign(new SyntaxError('bad'), {
            stack: 'at /releases/mfe-public/0.2.0+bbbbbbbbbbbb/9.js:1:1',
          }),
        }),
      );
      // Not the page's errors: Chrome's resize-observer notice, an extension's code.
      window.dispatchEvent(
        new ErrorEvent('error', { message: 'ResizeObserver loop completed with undelivered notifications.' }),
      );
      window.dispatchEvent(
        new ErrorEvent('error', {
          error: Object.assign(new Error('ext'), {
            stack: 'Error: ext\n    at chrome-extension://abcdef/content.js:1:1',
          }),
        }),
      );
      const rejection = new Event('unhandledrejection') as Event & { reason?: unknown };
      rejection.reason = new TypeError('nope');
      window.dispatchEvent(rejection);
      ok({ data: { success: false, code: 'common.503', msg: 'busy', data: null } });
      ok({ data: { success: false, code: 'common.001', msg: 'Wrong password', data: null } });
      ok({ data: { success: false, code: 'common.004', msg: 'Token is no longer valid', data: null } });
      ok({ data: { success: true, code: '0', msg: 'success', data: {} } });
      ok({ data: '<html>bad gateway</html>' });
      await fail({ code: 'ERR_NETWORK' }).catch(() => undefined);
      await fail({ code: 'ECONNABORTED' }).catch(() => undefined);
      await fail({ code: 'ERR_CANCELED' }).catch(() => undefined);

      expect(beacons).toEqual([]);
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      document.dispatchEvent(new Event('visibilitychange'));
      expect(beacons).toHaveLength(1);
      const [url, body] = [
        beacons[0]!.slice(0, beacons[0]!.indexOf(' ')),
        beacons[0]!.slice(beacons[0]!.indexOf(' ') + 1),
      ];
      expect(url).toBe('/gc/telemetry');
      expect((JSON.parse(body) as TelemetryBatch).events).toEqual([
        { t: 'load', app: 'shell' },
        { t: 'error', app: 'mfe-public', name: 'SyntaxError' },
        { t: 'error', app: 'shell', name: 'TypeError' },
        { t: 'gc_failure', app: 'mfe-public', kind: 'common.503' },
        { t: 'gc_failure', app: 'mfe-public', kind: 'bad_reply' },
        { t: 'gc_failure', app: 'mfe-public', kind: 'network' },
        { t: 'gc_failure', app: 'mfe-public', kind: 'timeout' },
      ]);
    },
  );
});
