// Request ids and metrics at the edge, with the real api behind it (in-process, PGlite): each request gets an id
// the api logs and answers a failure with; a client cannot choose it; the edge's metrics are read
// as Prometheus reads them, on their own port, and the public site answers /metrics with a 404.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import parsePrometheusTextFormat, { type Family } from 'parse-prometheus-text-format';
import { CROCKFORD, refOf } from '@giftlane/shared-sdk/request-id';
import { ReleaseStore } from '../release-store';
import { apiBehindEdge, fakeDist, signedForm } from '../test-fixtures';
import { ReleaseManager } from '../releases';
import { buildEdge } from './server';

jest.setTimeout(120_000);

let dir: string;
let api: { url: string; close: () => Promise<void> };
let edge: FastifyInstance;
let behindProxy: FastifyInstance;

const OWN_ID = new RegExp(`^[${CROCKFORD}]{20}$`);
const form = signedForm;
const failedLogin = (app: FastifyInstance, headers: Record<string, string> = {}, remoteAddress = '203.0.113.9') =>
  app.inject({
    method: 'POST',
    url: '/gc/user/applogin',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: form({ username: 'nobody@example.com', password: 'wrong-password-1' }),
    remoteAddress,
  });

async function scrape(app: FastifyInstance): Promise<Family[]> {
  const res = await fetch(`http://127.0.0.1:${app.edgeMetrics.listener!.port}/metrics`, {
    signal: AbortSignal.timeout(10_000),
  });
  expect(res.status).toBe(200);
  return parsePrometheusTextFormat(await res.text());
}
const sample = (families: Family[], name: string, labels: Record<string, string> = {}) => {
  const m = families
    .find((f) => f.name === name)
    ?.metrics.find((x) => Object.entries(labels).every(([k, v]) => x.labels?.[k] === v));
  return m ? Number(m.value) : undefined;
};

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'gl-edge-observe-'));
  api = await apiBehindEdge(dir);
  const store = new ReleaseStore(path.join(dir, 'releases'));
  const manager = new ReleaseManager(store, 'test');
  for (const [app, version] of [
    ['shell', 's1'],
    ['mfe-account', 'a1'],
  ] as const) {
    await store.publish(app, { version, distDir: await fakeDist(`${app}-${version}`) });
    await manager.promote(app, version, 'test');
  }
  const metrics = { port: 0, host: '127.0.0.1' };
  edge = await buildEdge({ store, env: 'test', apiUrl: api.url, metrics, serviceWorker: false, prerender: false });
  behindProxy = await buildEdge({
    store,
    env: 'test',
    apiUrl: api.url,
    metrics,
    prerender: false,
    transport: { trustedProxies: ['10.0.0.0/8'] },
  });
  await edge.ready();
  await behindProxy.ready();
});

afterAll(async () => {
  await edge?.close();
  await behindProxy?.close();
  await api?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('request ids through the edge', () => {
  test("the api answers a failure with the reference of the edge's id", async () => {
    const res = await failedLogin(edge);
    const id = String(res.headers['x-request-id']);
    expect(id).toMatch(OWN_ID);
    expect(res.json()).toMatchObject({ success: false, ref: refOf(id) });
  });

  test("a client's own id is replaced; a trusted proxy's well-formed one is kept", async () => {
    const mine = 'PR0XYCH0SEN000000001';
    const direct = await failedLogin(edge, { 'x-request-id': mine });
    expect(direct.headers['x-request-id']).not.toBe(mine);
    expect(direct.json()).toMatchObject({ ref: refOf(String(direct.headers['x-request-id'])) });

    const viaProxy = await failedLogin(behindProxy, { 'x-request-id': mine }, '10.1.1.1');
    expect(viaProxy.headers['x-request-id']).toBe(mine);
    expect(viaProxy.json()).toMatchObject({ ref: 'PR0XYC' });
    // The same header from outside the trusted range, or a forged huge one through it, is not kept.
    expect((await failedLogin(behindProxy, { 'x-request-id': mine }, '203.0.113.7')).headers['x-request-id']).not.toBe(
      mine,
    );
    const huge = 'X'.repeat(10_000);
    const hugeRes = await failedLogin(behindProxy, { 'x-request-id': huge }, '10.1.1.1');
    expect(String(hugeRes.headers['x-request-id'])).toMatch(OWN_ID);
  });

  test("the edge's own failures carry a reference too", async () => {
    const tooBig = await edge.inject({
      method: 'POST',
      url: '/gc/user/applogin',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'x='.padEnd(200_000, 'a'),
    });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({
      success: false,
      code: 'common.413',
      ref: refOf(String(tooBig.headers['x-request-id'])),
    });
  });
});

describe('metrics', () => {
  test('the public site has no /metrics, nor passes it to the api', async () => {
    for (const url of ['/metrics', '/metrics/', '/metrics?x=1', '/gc/../metrics']) {
      const res = await edge.inject(url);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('gl_');
    }
  });

  test('requests and errors per app version, and the kill switch, as Prometheus reads them', async () => {
    const before = await scrape(edge);
    const pageLoads = sample(before, 'gl_edge_app_requests_total', { app: 'shell', version: 's1', status: '200' }) ?? 0;
    const accountLoads =
      sample(before, 'gl_edge_app_requests_total', { app: 'mfe-account', version: 'a1', status: '200' }) ?? 0;
    const missing = sample(before, 'gl_edge_app_errors_total', { app: 'mfe-account', version: 'a1' }) ?? 0;
    const apiCalls = sample(before, 'gl_edge_requests_total', { route: 'api', status: '200' }) ?? 0;

    expect((await edge.inject('/mfe-account-a1')).statusCode).toBe(200);
    expect((await edge.inject('/releases/mfe-account/a1/no-such-chunk.js')).statusCode).toBe(404);
    await failedLogin(edge);

    const after = await scrape(edge);
    expect(sample(after, 'gl_edge_app_requests_total', { app: 'shell', version: 's1', status: '200' })).toBe(
      pageLoads + 1,
    );
    expect(sample(after, 'gl_edge_app_requests_total', { app: 'mfe-account', version: 'a1', status: '200' })).toBe(
      accountLoads + 1,
    );
    expect(sample(after, 'gl_edge_app_errors_total', { app: 'mfe-account', version: 'a1' })).toBe(missing + 1);
    expect(sample(after, 'gl_edge_requests_total', { route: 'api', status: '200' })).toBe(apiCalls + 1);
    expect(sample(after, 'gl_edge_service_worker_enabled')).toBe(0);
    expect(sample(await scrape(behindProxy), 'gl_edge_service_worker_enabled')).toBe(1);
    expect(after.find((f) => f.name === 'gl_edge_prerender_seconds')?.type).toBe('HISTOGRAM');
  });
});
