// Transport through the edge, as `npm start` wires it (the api in-process on loopback, believing
// X-Forwarded-For from the edge only), on real PostgreSQL when it answers: who the client is,
// slow and oversized requests, Expect: 100-continue, the dev outbox, no framework codes.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { ReleaseStore } from '../release-store';
import { apiBehindEdge, signedForm } from '../test-fixtures';
import { buildEdge } from './server';

jest.setTimeout(120_000);

const ADMIN_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const PER_IP = 5;

/**
 * A new PostgreSQL database for this run (dropped after), or PGlite when none answers (loudly; an error with
 * REQUIRE_TEST_PG=1).
 */
async function scratchDatabase(): Promise<{ url?: string; drop: () => Promise<void> }> {
  const name = `gl_edge_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (err) {
    const msg =
      `PostgreSQL tests SKIPPED (edge transport runs on PGlite): cannot reach PostgreSQL ` +
      `(${(err as Error).message})`;
    if (process.env.REQUIRE_TEST_PG === '1') throw new Error(msg, { cause: err });
    console.warn(`\n*** ${msg} ***\n`);
    return { drop: async () => undefined };
  }
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const a = new pg.Client({ connectionString: ADMIN_URL });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

interface Reply {
  status: number;
  text: string;
  json: () => { success: boolean; msg: string; code: string; data: unknown };
  continued: boolean;
}

let edge: FastifyInstance;
let edgePort: number;
let api: { url: string; close: () => Promise<void> };
let db: { drop: () => Promise<void> };
let dir: string;

/** One HTTP request to the edge from a chosen loopback address. */
function send(opts: {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
  from?: string;
  expectContinue?: boolean;
  chunked?: boolean;
}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const body = opts.body === undefined ? undefined : Buffer.from(opts.body);
    const headers: Record<string, string> = { ...opts.headers };
    if (body && !opts.chunked) headers['content-length'] = String(body.length);
    if (opts.expectContinue) headers.expect = '100-continue';
    let continued = false;
    const req = http.request(
      {
        host: '127.0.0.1',
        port: edgePort,
        method: opts.method ?? 'POST',
        path: opts.path,
        headers,
        localAddress: opts.from ?? '127.0.0.1',
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, text, json: () => JSON.parse(text), continued });
        });
      },
    );
    req.on('error', (err) =>
      (err as NodeJS.ErrnoException).code === 'EPIPE' || (err as NodeJS.ErrnoException).code === 'ECONNRESET'
        ? undefined
        : reject(err),
    );
    if (opts.expectContinue) {
      req.on('continue', () => {
        continued = true;
        req.end(body);
      });
      req.flushHeaders();
    } else if (body && opts.chunked) {
      for (let i = 0; i < body.length; i += 16 * 1024) req.write(body.subarray(i, i + 16 * 1024));
      req.end();
    } else req.end(body);
  });
}

const form = signedForm;
const gc = (
  action: string,
  fields: Record<string, string>,
  extra: { from?: string; headers?: Record<string, string>; expectContinue?: boolean } = {},
) =>
  send({
    path: `/gc/${action}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...extra.headers },
    body: form(fields),
    from: extra.from,
    expectContinue: extra.expectContinue,
  });
const wrongLogin = (from: string, headers: Record<string, string> = {}) =>
  gc(
    'user/applogin',
    { username: `nobody-${randomBytes(4).toString('hex')}@example.com`, password: 'Wrong-pass-1' },
    { from, headers },
  );

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'gl-edge-transport-'));
  db = await scratchDatabase();
  api = await apiBehindEdge(dir, {
    databaseUrl: (db as { url?: string }).url,
    env: { RATE_LIMIT_AUTH_PER_MIN: String(PER_IP), RATE_LIMIT_CODE_PER_MIN: '1000' },
  });
  // Short timeouts so the slow-client test stops itself quickly (the defaults are 10/30/15 s).
  edge = await buildEdge({
    store: new ReleaseStore(path.join(dir, 'releases')),
    env: 'test',
    apiUrl: api.url,
    transport: { headersTimeoutMs: 2000, requestTimeoutMs: 4000, bodyTimeoutMs: 3000 },
  });
  await edge.listen({ port: 0, host: '127.0.0.1' });
  edgePort = (edge.server.address() as net.AddressInfo).port;
});

afterAll(async () => {
  await edge?.close();
  await api?.close();
  await db?.drop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('who the client is', () => {
  test(
    'a rotated X-Forwarded-For does not raise the limit: the edge tells the api the connection’s ' + 'address',
    async () => {
      const statuses: number[] = [];
      for (let i = 0; i < PER_IP + 3; i++)
        statuses.push(
          (
            await wrongLogin('127.0.0.4', {
              'x-forwarded-for': i % 2 ? `203.0.113.${i}` : '127.0.0.1',
              forwarded: `for=198.51.100.${i}`,
              'x-real-ip': `192.0.2.${i}`,
            })
          ).status,
        );
      expect(statuses.slice(0, PER_IP).every((s) => s === 200)).toBe(true);
      expect(statuses.slice(PER_IP)).toEqual([429, 429, 429]);
    },
  );

  test(
    'behind a named proxy (EDGE_TRUSTED_PROXIES) the client comes from its X-Forwarded-For; the api gets that ' +
      'one address',
    async () => {
      const echo = (await import('fastify')).default();
      echo.post('/gc/echo', async (req) => ({
        xff: req.headers['x-forwarded-for'],
        forwarded: req.headers.forwarded ?? null,
      }));
      await echo.listen({ port: 0, host: '127.0.0.1' });
      const upstream = `http://127.0.0.1:${(echo.server.address() as net.AddressInfo).port}`;
      const behindLb = await buildEdge({
        store: new ReleaseStore(path.join(dir, 'releases')),
        env: 'test',
        apiUrl: upstream,
        transport: { trustedProxies: ['10.0.0.0/8'] },
      });
      const direct = await buildEdge({
        store: new ReleaseStore(path.join(dir, 'releases')),
        env: 'test',
        apiUrl: upstream,
      });
      try {
        const ask = (edgeApp: FastifyInstance, remoteAddress: string) =>
          edgeApp.inject({
            method: 'POST',
            url: '/gc/echo',
            remoteAddress,
            headers: {
              'content-type': 'application/json',
              'x-forwarded-for': '6.6.6.6, 203.0.113.7',
              forwarded: 'for=6.6.6.6',
            },
            payload: '{}',
          });
        // From the load balancer: the address it saw (the last hop it added), not what the client wrote before it.
        expect((await ask(behindLb, '10.1.2.3')).json()).toEqual({ xff: '203.0.113.7', forwarded: null });
        // From anyone else, or with no proxy named: the connection's own address.
        expect((await ask(behindLb, '198.51.100.9')).json()).toEqual({ xff: '198.51.100.9', forwarded: null });
        expect((await ask(direct, '10.1.2.3')).json()).toEqual({ xff: '10.1.2.3', forwarded: null });
      } finally {
        await behindLb.close();
        await direct.close();
        await echo.close();
      }
    },
  );

  test('two clients on different loopback addresses keep separate buckets', async () => {
    for (let i = 0; i < PER_IP; i++) expect((await wrongLogin('127.0.0.2')).status).toBe(200);
    const over = await wrongLogin('127.0.0.2');
    expect(over.status).toBe(429);
    expect(over.json()).toMatchObject({ success: false, code: 'common.429' });
    expect((await wrongLogin('127.0.0.3')).status).toBe(200);
  });
});

describe('slow and large requests', () => {
  test(
    '200 slow connections are open while a normal call answers in under 1 s, and the edge cuts ' + 'them off',
    async () => {
      const sockets: net.Socket[] = [];
      const timers: NodeJS.Timeout[] = [];
      let closed = 0;
      try {
        for (let i = 0; i < 200; i++) {
          const s = net.connect({ host: '127.0.0.1', port: edgePort, localAddress: '127.0.0.1' });
          s.on('error', () => undefined);
          s.on('close', () => closed++);
          sockets.push(s);
          await new Promise<void>((r) => s.once('connect', () => r()));
          if (i % 2) {
            // A body one byte at a time.
            s.write(
              `POST /gc/user/applogin HTTP/1.1\r\nHost: x\r\nContent-Type: ` +
                `application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\n`,
            );
            timers.push(setInterval(() => s.writable && s.write('a'), 500));
          } else {
            // Headers one line at a time.
            s.write('POST /gc/user/applogin HTTP/1.1\r\nHost: x\r\n');
            timers.push(setInterval(() => s.writable && s.write('X-Slow: 1\r\n'), 500));
          }
        }
        await new Promise((r) => setTimeout(r, 300));
        const started = Date.now();
        const normal = await gc('public/countrylist', {}, { from: '127.0.0.9' });
        const took = Date.now() - started;
        expect(normal.status).toBe(200);
        expect(normal.json().success).toBe(true);
        expect(took).toBeLessThan(1000);
        // The request timeout (4 s here, 30 s by default) closes every one of them.
        const deadline = Date.now() + 9000;
        while (closed < 200 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
        expect(closed).toBe(200);
      } finally {
        for (const t of timers) clearInterval(t);
        for (const s of sockets) s.destroy();
      }
    },
  );

  test.each([
    ['3 MB', 3 * 1024 * 1024, false],
    ['200 KB', 200 * 1024, false],
    ['200 KB sent chunked', 200 * 1024, true],
  ])('a %s body gets the 413 envelope through the edge', async (_label, size, chunked) => {
    const res = await send({
      path: '/gc/user/applogin',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: Buffer.alloc(size, 'a'),
      chunked,
      from: '127.0.0.10',
    });
    expect(res.status).toBe(413);
    expect(res.json()).toEqual({
      success: false,
      msg: 'Request body is too large',
      code: 'common.413',
      data: null,
      ref: expect.stringMatching(/^[0-9A-Z]{6}$/),
    });
  });

  test('an oversized card photo PUT gets the 413 envelope too', async () => {
    const res = await send({
      method: 'PUT',
      path: '/uploads/orders/1/AAAAAAAAAAAAAAAAAAAAAA?expires=1&signature=x',
      headers: { 'content-type': 'image/jpeg' },
      body: Buffer.alloc(6 * 1024 * 1024, 1),
    });
    expect(res.status).toBe(413);
    expect(res.json()).toMatchObject({ success: false, code: 'common.413' });
  });

  test('Expect: 100-continue works', async () => {
    const res = await gc('public/countrylist', {}, { expectContinue: true, from: '127.0.0.11' });
    expect(res.continued).toBe(true);
    expect(res.status).toBe(200);
    expect(res.json().success).toBe(true);
  });

  test('no framework error code or message reaches a client', async () => {
    const replies = [
      await send({
        path: '/gc/user/applogin',
        headers: { 'content-type': 'application/json' },
        body: '{"broken',
        from: '127.0.0.12',
      }),
      await send({
        path: '/gc/user/applogin',
        headers: { 'content-type': 'text/xml' },
        body: '<a/>',
        from: '127.0.0.12',
      }),
      await send({ method: 'GET', path: '/gc/%zz' }),
      await send({ method: 'GET', path: '/uploads/%zz' }),
      await send({
        path: '/gc/user/applogin',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: Buffer.alloc(100 * 1024, 'a'),
        expectContinue: true,
      }),
    ];
    for (const r of replies) {
      expect(r.status).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
      expect(r.text).not.toMatch(/FST_|fastify|undici|EPIPE|expect header/i);
      expect(r.json()).toMatchObject({ success: false });
    }
  });

  test('an api that does not answer is a 502 envelope, not an internal error text', async () => {
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
      const res = await lonely.inject({
        method: 'POST',
        url: '/gc/public/countrylist',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: form({}),
      });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({
        success: false,
        msg: 'The service is unavailable. Please try again shortly.',
        code: 'common.503',
        data: null,
        ref: expect.stringMatching(/^[0-9A-Z]{6}$/),
      });
    } finally {
      await lonely.close();
    }
  });
});

describe('safe defaults', () => {
  test('the dev outbox is not reachable through the edge; it stays on the api’s own loopback port', async () => {
    const email = `outbox-${randomBytes(4).toString('hex')}@example.com`;
    expect((await gc('user/sendEmailVerifyCode', { email }, { from: '127.0.0.13' })).json().success).toBe(true);
    for (const method of ['GET', 'HEAD', 'DELETE']) {
      const res = await send({ method, path: '/__dev/outbox' });
      expect(res.status).toBe(404);
      expect(res.text).not.toContain(email);
    }
    expect((await send({ method: 'GET', path: '/__dev/outbox/' })).status).toBe(404);
    const direct = await fetch(`${api.url}/__dev/outbox`);
    expect(await direct.text()).toContain(email);
  });
});
