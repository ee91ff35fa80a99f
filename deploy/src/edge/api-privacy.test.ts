// Private data through the edge, with the real api behind it (in-process, PGlite): private replies are
// never cached (the api's Cache-Control: no-store is passed on, and the edge's own replies on those
// paths carry it too), and in production the api's reference (/docs, which lists every operator
// route) is not passed on.
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ReleaseStore } from '../release-store';
import { apiBehindEdge, signedForm } from '../test-fixtures';
import { readDeploySettings } from '../settings';
import { apiDocsOf, buildEdge } from './server';

jest.setTimeout(120_000);

let dir: string;
let api: { url: string; close: () => Promise<void> };
let edge: FastifyInstance;
let productionEdge: FastifyInstance;

const form = signedForm;
const gc = (app: FastifyInstance, action: string, fields: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: `/gc/${action}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form(fields),
  });

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'gl-edge-privacy-'));
  api = await apiBehindEdge(dir);
  const store = new ReleaseStore(path.join(dir, 'releases'));
  edge = await buildEdge({ store, env: 'test', apiUrl: api.url, apiDocs: true });
  productionEdge = await buildEdge({ store, env: 'test', apiUrl: api.url, apiDocs: false });
});

afterAll(async () => {
  await edge?.close();
  await productionEdge?.close();
  await api?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('private replies through the edge', () => {
  test(
    'the api’s Cache-Control: no-store reaches the browser on /gc and /ops/api, successes and errors ' + 'alike',
    async () => {
      const replies = [
        await gc(edge, 'public/countrylist'),
        await gc(edge, 'user/userInfo', { token: 'a-stolen-or-stale-token' }),
        await gc(edge, 'no/such/route'),
        await edge.inject({ method: 'GET', url: '/ops/api/users/1' }),
        await edge.inject({
          method: 'GET',
          url: '/ops/api/users/1',
          headers: { authorization: 'Bearer made-up-operator-token-12345' },
        }),
        await edge.inject({
          method: 'POST',
          url: '/ops/api/login',
          headers: { 'content-type': 'application/json' },
          payload: '{"email":"a@b.c","password":"x"}',
        }),
      ];
      expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 404, 401, 401, 401]);
      replies.forEach((r, i) => expect([i, r.headers['cache-control']]).toEqual([i, 'no-store']));
      expect(replies[0]!.json()).toMatchObject({ success: true });
    },
  );

  test(
    'the edge’s own replies on those paths are no-store too: a body too large, an api that does not ' + 'answer',
    async () => {
      const big = await edge.inject({
        method: 'POST',
        url: '/gc/user/applogin',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: Buffer.alloc(200 * 1024, 'a'),
      });
      expect(big.statusCode).toBe(413);
      expect(big.headers['cache-control']).toBe('no-store');
      const closedPort = await new Promise<number>((resolve) => {
        const srv = net.createServer().listen(0, '127.0.0.1', () => {
          const p = (srv.address() as net.AddressInfo).port;
          srv.close(() => resolve(p));
        });
      });
      const lonely = await buildEdge({
        store: new ReleaseStore(path.join(dir, 'releases')),
        env: 'test',
        apiUrl: `http://127.0.0.1:${closedPort}`,
      });
      try {
        for (const url of ['/gc/public/countrylist', '/ops/api/me']) {
          const res = await lonely.inject({
            method: 'POST',
            url,
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            payload: form({}),
          });
          expect([url, res.statusCode, res.headers['cache-control']]).toEqual([url, 502, 'no-store']);
        }
      } finally {
        await lonely.close();
      }
    },
  );
});

describe('the api’s reference', () => {
  test(
    'in production the edge does not pass /docs on: every path of it is the 404 envelope (the api behind it ' +
      'would answer)',
    async () => {
      for (const url of [
        '/docs',
        '/docs/',
        '/docs/json',
        '/docs/yaml',
        '/docs/static/index.html',
        '/docs/static/swagger-initializer.js',
      ]) {
        for (const method of ['GET', 'HEAD', 'POST'] as const) {
          const res = await productionEdge.inject({ method, url });
          expect([method, url, res.statusCode]).toEqual([method, url, 404]);
          if (method !== 'HEAD')
            expect(res.json()).toEqual({
              success: false,
              msg: 'Not found',
              code: 'common.404',
              data: null,
              ref: expect.stringMatching(/^[0-9A-Z]{6}$/),
            });
          expect(res.body).not.toContain('/ops/api');
        }
      }
      // The api itself still has it on its own port, and the same edge still passes the api on.
      expect((await fetch(`${api.url}/docs/json`)).status).toBe(200);
      expect((await gc(productionEdge, 'public/countrylist')).json()).toMatchObject({ success: true });
    },
  );

  test('outside production the edge passes it on, as before; production is the default that hides it', async () => {
    const res = await edge.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('/gc/user/applogin');
    expect(apiDocsOf(readDeploySettings({ NODE_ENV: 'production' }))).toBe(false);
    expect(apiDocsOf(readDeploySettings({}))).toBe(true);
  });
});
