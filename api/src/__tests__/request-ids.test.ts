// Request ids end to end and the metrics, as a client, an operator and Prometheus see them.
import { Writable } from 'node:stream';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { CROCKFORD, refOf } from '@giftlane/shared-sdk/request-id';
import { signedBody } from '../lib/sign.js';
import type { Db } from '../db/db.js';
import type { Limits } from '../lib/limits.js';
import type { Jobs } from '../modules/jobs/jobs.js';
import { Ledger } from '../modules/ledger/ledger.js';
import { ApiMetrics } from '../modules/metrics/metrics.js';
import { USER_MESSAGES } from '../modules/ops/user-routes.js';
import { ConfigError, loadConfig } from '../config/env.js';
import {
  freshDb,
  PRODUCTION_IDENTITY,
  targets,
  testApp,
  uniqueEmail,
  type TestApp,
  type TestDb,
} from '../test/harness.js';
import { scrape, sample } from '../test/metrics.js';
import { makeStaff, makeUser, opsCall, sellerWithPendingWithdrawal } from '../test/money.js';

jest.setTimeout(120_000);

const REF = new RegExp(`^[${CROCKFORD}]{6}$`);

/** Every JSON line the app logs, kept in order. */
class LogLines extends Writable {
  readonly lines: Record<string, unknown>[] = [];
  override _write(chunk: Buffer, _enc: BufferEncoding, done: () => void) {
    for (const line of chunk.toString('utf8').split('\n'))
      if (line.trim()) this.lines.push(JSON.parse(line) as Record<string, unknown>);
    done();
  }
}

/** Bounded wait for something written after the reply (the reference's row). */
async function eventually<T>(probe: () => Promise<T | undefined>, what: string): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const v = await probe();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`never happened: ${what}`);
}

describe.each(targets())('request ids and metrics on %s', (target) => {
  let tdb: TestDb;
  let t: TestApp;
  const log = new LogLines();
  const ledger = new Ledger();
  beforeAll(async () => {
    tdb = await freshDb(target);
    t = await testApp(
      tdb,
      {
        logLevel: 'info',
        trustProxy: ['127.0.0.1'],
        metrics: { port: 0, host: '127.0.0.1' },
        security: { coolingOffMs: 0, siteUrl: 'http://site.test', reauthGraceMs: 0 },
      },
      {},
      {},
      { logStream: log },
    );
  });
  afterAll(async () => {
    await t?.close();
    await tdb?.close();
  });

  const post = (
    path: string,
    fields: Record<string, string>,
    opts: { ip?: string; headers?: Record<string, string> } = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/gc${path}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...opts.headers },
      payload: new URLSearchParams(signedBody(fields)).toString(),
      remoteAddress: opts.ip ?? '10.1.2.3',
    });
  const metricsUrl = () => `http://127.0.0.1:${t.app.metrics.listener!.port}/metrics`;

  test(
    'every reply names its request; a failed one carries its reference, and every log line of the ' + 'request both',
    async () => {
      const res = await post('/user/applogin', { username: 'nobody@example.com', password: 'wrong-password-1' });
      const body = res.json() as { success: boolean; ref?: string };
      const id = String(res.headers['x-request-id']);
      expect(body.success).toBe(false);
      expect(id).toMatch(new RegExp(`^[${CROCKFORD}]{20}$`));
      expect(body.ref).toBe(refOf(id));
      expect(body.ref).toMatch(REF);
      // "request completed" is written once the reply has gone.
      const lines = await eventually(async () => {
        const mine = log.lines.filter((l) => l.reqId === id);
        return mine.some((l) => l.msg === 'request completed') ? mine : undefined;
      }, 'the request completed line');
      expect(lines.map((l) => l.msg)).toContain('incoming request');
      for (const l of lines) expect(l.ref).toBe(body.ref);

      const good = await post('/public/countrylist', {});
      expect(good.json()).toMatchObject({ success: true });
      expect(good.json()).not.toHaveProperty('ref');
      expect(String(good.headers['x-request-id'])).not.toBe(id);

      // A line written through the app's logger while the request runs (the dev outbox's) carries it too.
      const code = await post('/user/sendEmailVerifyCode', { email: uniqueEmail() });
      const codeId = String(code.headers['x-request-id']);
      const outboxLine = log.lines.find((l) => l.msg === 'message put in the dev outbox' && l.reqId === codeId);
      expect(outboxLine).toMatchObject({ ref: refOf(codeId) });
      expect(log.lines.filter((l) => l.msg === 'message put in the dev outbox' && l.reqId === undefined)).toEqual([]);
    },
  );

  test('an id is taken only from a trusted proxy, and only a well-formed one', async () => {
    const edgeId = 'EDGE0000000000000001';
    const fromEdge = await post(
      '/user/applogin',
      { username: 'x@example.com', password: 'wrong-password-1' },
      { ip: '127.0.0.1', headers: { 'x-request-id': edgeId } },
    );
    expect(fromEdge.headers['x-request-id']).toBe(edgeId);
    expect(fromEdge.json()).toMatchObject({ success: false, ref: 'EDGE00' });

    // A client sending its own id (to share someone's reference, or to forge log lines) is ignored.
    const forged = await post(
      '/user/applogin',
      { username: 'x@example.com', password: 'wrong-password-1' },
      { ip: '10.7.7.7', headers: { 'x-request-id': edgeId } },
    );
    expect(forged.headers['x-request-id']).not.toBe(edgeId);
    expect((forged.json() as { ref: string }).ref).not.toBe('EDGE00');

    // Even through the trusted proxy, a huge or odd id is replaced.
    for (const bad of ['A'.repeat(5000), 'short', 'has spaces in it', '"}{"injected":"1']) {
      const r = await post(
        '/user/applogin',
        { username: 'x@example.com', password: 'wrong-password-1' },
        { ip: '127.0.0.1', headers: { 'x-request-id': bad } },
      );
      expect(r.headers['x-request-id']).not.toBe(bad);
      expect(String(r.headers['x-request-id'])).toMatch(new RegExp(`^[${CROCKFORD}]{20}$`));
      expect(r.json()).toMatchObject({ success: false, ref: refOf(String(r.headers['x-request-id'])) });
    }
    // A foreign id (a UUID from a load balancer) still gets a six-character reference.
    const uuid = '0b6f7d9e-2f55-4a51-9d7e-5d2c1a3f9b10';
    const lb = await post(
      '/user/applogin',
      { username: 'x@example.com', password: 'wrong-password-1' },
      { ip: '127.0.0.1', headers: { 'x-request-id': uuid } },
    );
    expect(lb.headers['x-request-id']).toBe(uuid);
    expect((lb.json() as { ref: string }).ref).toMatch(REF);
  });

  test(
    "staff find the seller by the reference of their failed request; the request's record says what " + 'failed',
    async () => {
      const u = await makeUser(t, { pin: '246810' });
      const failed = await post('/withdraw/apply', {
        token: u.token,
        bank_id: '999999',
        amount: '1000',
        password: '000000',
        channel_type: '3',
      });
      const body = failed.json() as { success: boolean; msg: string; ref: string };
      expect(body.success).toBe(false);
      const reviewer = await makeStaff(t, 'reviewer');
      const rows = await eventually(async () => {
        const r = await opsCall<{ user_id: number; path: string; code: string; msg: string; request_id: string }[]>(
          t,
          reviewer.token,
          'GET',
          `/ops/api/request-refs/${body.ref.toLowerCase()}`,
        );
        return r.data.length ? r.data : undefined;
      }, 'the reference recorded');
      expect(rows[0]).toMatchObject({
        user_id: u.id,
        path: '/gc/withdraw/apply',
        msg: body.msg,
        request_id: failed.headers['x-request-id'],
      });
      // Typed as the seller read it: "Reference: 7F3K2Q", with O for 0 and so on.
      const typed = `Reference: ${body.ref.replace(/0/g, 'O').replace(/1/g, 'I')}`;
      const found = await opsCall<{ id: number }[]>(
        t,
        reviewer.token,
        'GET',
        `/ops/api/users?q=${encodeURIComponent(typed)}`,
      );
      expect(found.data.map((x) => x.id)).toContain(u.id);
      expect(await opsCall(t, reviewer.token, 'GET', '/ops/api/request-refs/not-a-ref')).toMatchObject({
        success: false,
        msg: USER_MESSAGES.ref,
      });
      // A seller cannot look references up.
      expect((await opsCall(t, u.token, 'GET', `/ops/api/request-refs/${body.ref}`)).success).toBe(false);
    },
  );

  test('references older than REQUEST_REFS_DAYS are pruned as new ones are written', async () => {
    await t.db.query(
      "insert into request_refs (ref, request_id, method, path, status, code, created_at) values ('0LDREF', 'OLD', " +
        "'POST', '/gc/x', 200, 'common.001', now() - interval '31 days')",
    );
    await t.db.query(
      "insert into request_refs (ref, request_id, method, path, status, code, created_at) values ('KEPT00', 'KEPT', " +
        "'POST', '/gc/x', 200, 'common.001', now() - interval '29 days')",
    );
    // A fresh app prunes with its first write (then at most hourly).
    const fresh = await testApp(tdb);
    try {
      await fresh.call('/user/applogin', { username: 'x@example.com', password: 'wrong-password-1' });
      const refs = async () =>
        (await t.db.query<{ ref: string }>("select ref from request_refs where ref in ('0LDREF', 'KEPT00')")).rows.map(
          (r) => r.ref,
        );
      await eventually(async () => ((await refs()).includes('0LDREF') ? undefined : true), 'the old reference pruned');
      expect(await refs()).toEqual(['KEPT00']);
    } finally {
      await fresh.close();
    }
  });

  test(
    'the metrics listener answers Prometheus: requests by route and status, failures by code, withdrawals ' +
      'waiting by rail',
    async () => {
      const before = await scrape(metricsUrl());
      const route = { route: '/gc/public/countrylist', method: 'POST', status: '200' };
      const counted = sample(before, 'gl_http_requests_total', route) ?? 0;
      const failures = sample(before, 'gl_api_failures_total', { route: '/gc/user/applogin' }) ?? 0;
      const pendingBank =
        sample(before, 'gl_withdrawals_open', { rail: 'BANK', status: 'pending', currency: 'NGN' }) ?? 0;

      await post('/public/countrylist', {});
      await post('/user/applogin', { username: 'x@example.com', password: 'wrong-password-1' });
      const u = await sellerWithPendingWithdrawal(t, ledger);
      const { method } = (
        await t.db.query<{ method: string }>('select method from withdrawals where user_id = $1', [u.id])
      ).rows[0]!;

      // Business values are read at most every 5 s: wait (bounded) for a fresh read.
      const after = await eventually(async () => {
        const m = await scrape(metricsUrl());
        return (sample(m, 'gl_withdrawals_open', { rail: method, status: 'pending', currency: 'NGN' }) ?? 0) >
          (method === 'BANK' ? pendingBank : 0)
          ? m
          : undefined;
      }, 'the pending withdrawal counted');
      expect(sample(after, 'gl_http_requests_total', route)).toBe(counted + 1);
      // (The parser folds a histogram's labelled series into one; its type and buckets are what it shows.)
      expect(after.find((f) => f.name === 'gl_http_request_duration_seconds')).toMatchObject({
        type: 'HISTOGRAM',
        metrics: [{ buckets: expect.objectContaining({ '0.1': expect.any(String) }) }],
      });
      expect(sample(after, 'gl_api_failures_total', { route: '/gc/user/applogin' })).toBeGreaterThan(failures);
      expect(
        sample(after, 'gl_withdrawals_open_amount_minor', { rail: method, status: 'pending', currency: 'NGN' }),
      ).toBeGreaterThanOrEqual(20_000_00);
      expect(sample(after, 'gl_ledger_held_minor', { currency: 'NGN' })).toBeGreaterThanOrEqual(20_000_00);
      expect(sample(after, 'gl_ledger_imbalance_minor', { currency: 'NGN' })).toBe(0);
      expect(sample(after, 'gl_metrics_db_ok')).toBe(1);
      expect(sample(after, 'gl_redis_degraded')).toBe(0);
      expect(sample(after, 'gl_job_dead_letters', { job: 'outbox_send' }) ?? sample(after, 'gl_job_dead_letters')).toBe(
        0,
      );
      expect(sample(after, 'gl_orders_waiting_review')).toBeGreaterThanOrEqual(0);
      // Route patterns, never raw URLs: a scanner's paths do not each become a series.
      await t.app.inject({ method: 'GET', url: '/wp-admin/setup.php?x=1' });
      const routes = new Set(
        (await scrape(metricsUrl()))
          .find((f) => f.name === 'gl_http_requests_total')!
          .metrics.map((m) => m.labels?.route ?? ''),
      );
      expect(routes).toContain('unmatched');
      expect([...routes].some((r) => r.includes('wp-admin'))).toBe(false);
    },
  );

  test('metrics are on their own port only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('gl_http_requests_total');
    const other = await fetch(metricsUrl().replace('/metrics', '/'), { signal: AbortSignal.timeout(5000) });
    expect(other.status).toBe(404);
  });
});

describe('metrics while the database is away', () => {
  const names = { names: () => ['outbox_send'] } as unknown as Jobs;
  const limits = { mode: 'shared' } as unknown as Limits;
  const dbThat = (query: () => Promise<never>) =>
    ({ kind: 'pg', query, poolStats: () => ({ max: 10, total: 10, idle: 0, waiting: 7 }) }) as unknown as Db;

  test('a scrape while the database hangs answers with what it has and says so', async () => {
    const m = new ApiMetrics(
      dbThat(() => new Promise<never>(() => undefined)),
      limits,
      names,
      { scrapeWaitMs: 200 },
    );
    const first = parsePrometheusTextFormat(await m.registry.metrics());
    expect(sample(first, 'gl_metrics_db_ok')).toBe(0);
    expect(sample(first, 'gl_db_pool_waiting')).toBe(7);
    expect(sample(first, 'gl_db_pool_in_use')).toBe(10);
    // The next scrape does not queue another read behind the stuck one.
    const second = parsePrometheusTextFormat(await m.registry.metrics());
    expect(sample(second, 'gl_metrics_db_ok')).toBe(0);
  });

  test('a scrape while the database refuses answers too', async () => {
    const m = new ApiMetrics(
      dbThat(() => Promise.reject(new Error('connection refused'))),
      limits,
      names,
      { scrapeWaitMs: 200 },
    );
    const text = await m.registry.metrics();
    expect(sample(parsePrometheusTextFormat(text), 'gl_metrics_db_ok')).toBe(0);
    expect(sample(parsePrometheusTextFormat(text), 'gl_job_queue_ready', { job: 'outbox_send' })).toBe(0);
  });
});

describe('metrics settings', () => {
  const production = {
    NODE_ENV: 'production',
    PUBLIC_ORIGIN: 'https://giftlane.example',
    SECRET_KEY: 'Qm9v7LrX2c8ZpT4yNw6Jh1Ks3Fd5Gb0A',
    ALLOW_CODE_LOG: '1',
    ...PRODUCTION_IDENTITY,
  };
  const problems = (env: Record<string, string>) => {
    try {
      loadConfig(env);
      return [];
    } catch (e) {
      if (e instanceof ConfigError) return e.problems;
      throw e;
    }
  };

  test(
    'off unless a port is set, loopback by default, never on the api port, never public by accident in ' + 'production',
    () => {
      expect(loadConfig({ NODE_ENV: 'test' }).metrics).toEqual({ host: '127.0.0.1' });
      expect(problems({ NODE_ENV: 'test', API_PORT: '3001', METRICS_PORT: '3001' })).toEqual([
        expect.stringMatching(/^METRICS_PORT: must differ from API_PORT/),
      ]);
      expect(problems({ ...production, METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' })).toEqual([
        expect.stringMatching(/^METRICS_HOST: 0\.0\.0\.0 listens on every interface/),
      ]);
      expect(
        problems({ ...production, METRICS_PORT: '9464', METRICS_HOST: '::', METRICS_TOKEN: 'k'.repeat(30) }),
      ).toEqual([]);
      expect(problems({ ...production, METRICS_PORT: '9464' })).toEqual([]);
    },
  );

  test('with a token, a scrape without it is refused', async () => {
    const tdb = await freshDb('pglite');
    const token = 'scrape-token-0123456789abcdef';
    const t = await testApp(tdb, { metrics: { port: 0, host: '127.0.0.1', token } });
    try {
      const url = `http://127.0.0.1:${t.app.metrics.listener!.port}/metrics`;
      expect((await fetch(url, { signal: AbortSignal.timeout(5000) })).status).toBe(401);
      expect(
        (
          await fetch(url, {
            headers: { authorization: 'Bearer wrong-token-0123456789abcdef' },
            signal: AbortSignal.timeout(5000),
          })
        ).status,
      ).toBe(401);
      expect(sample(await scrape(url, { authorization: `Bearer ${token}` }), 'gl_redis_degraded')).toBe(0);
    } finally {
      await t.close();
      await tdb.close();
    }
  });
});
