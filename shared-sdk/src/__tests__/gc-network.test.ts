/**
 * @jest-environment node
 */
// Against a real local HTTP server and axios's own http adapter: timeouts, refused connections and
// a non-2xx without the envelope are NetworkErrors; the envelope is read off a real socket.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApiClient } from '../gc/client';
import { ApiError, NetworkError } from '../errors';
import { computeSign } from '../sign';
import { APP_KEY } from '../config';

let server: http.Server;
let base = '';
const bodies: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      bodies.push(body);
      if (req.url === '/gc/slow') return void setTimeout(() => res.end('{}'), 500);
      if (req.url === '/gc/broken') {
        res.writeHead(503, { 'Content-Type': 'text/html' });
        return void res.end('<h1>down</h1>');
      }
      const fields = Object.fromEntries(new URLSearchParams(body));
      const { sign, ...rest } = fields;
      const good = sign === computeSign(rest, APP_KEY);
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(
        JSON.stringify(
          good
            ? { success: true, msg: '', code: '', data: [{ id: 1, name: 'Nigeria', area_number: '+234' }] }
            : { success: false, msg: 'Sign error', code: 'common.001', data: null },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const make = (baseUrl: string, timeoutMs = 2000) =>
  createApiClient({ baseUrl, getToken: () => '', onTokenInvalid: () => undefined, timeoutMs });

it('a real round trip: the server verifies the sign and the client answers data', async () => {
  await expect(make(base).public.countrylist()).resolves.toEqual([{ id: 1, name: 'Nigeria', area_number: '+234' }]);
  expect(bodies.at(-1)).toContain('appid=gl_web');
});

it('a wrong app key is refused by the server as an ApiError', async () => {
  const api = createApiClient({ baseUrl: base, getToken: () => '', onTokenInvalid: () => undefined, appKey: 'wrong' });
  await expect(api.public.countrylist()).rejects.toMatchObject({ kind: 'api', msg: 'Sign error' });
});

it('a timeout is a NetworkError', async () => {
  const error = await make(base, 100)
    .request('slow')
    .catch((e: unknown) => e);
  expect(error).toBeInstanceOf(NetworkError);
});

it('a 503 HTML page is a NetworkError with the status', async () => {
  const error = await make(base)
    .request('broken')
    .catch((e: unknown) => e);
  expect(error).toBeInstanceOf(NetworkError);
  expect(error).not.toBeInstanceOf(ApiError);
  expect((error as NetworkError).status).toBe(503);
});

it('a refused connection is a NetworkError', async () => {
  const closed = http.createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const port = (closed.address() as AddressInfo).port;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  await expect(make(`http://127.0.0.1:${port}`).public.countrylist()).rejects.toBeInstanceOf(NetworkError);
});
