// The metrics listener: its own port (METRICS_PORT), loopback unless METRICS_HOST says
// otherwise, never the api's port, so nothing the edge forwards can reach it. GET /metrics only;
// with METRICS_TOKEN a scraper must send `Authorization: Bearer <token>`.
import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { Registry } from 'prom-client';

export interface MetricsListener {
  port: number;
  close(): Promise<void>;
}

const sameToken = (given: string, token: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
};

export interface MetricsListen {
  port: number;
  host: string;
  token?: string;
}

export async function listenMetrics(
  registry: Registry,
  opts: MetricsListen,
  onError: (err: unknown) => void,
): Promise<MetricsListener> {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    if (opts.token && !sameToken(String(req.headers.authorization ?? ''), `Bearer ${opts.token}`)) {
      res.writeHead(401, { 'content-type': 'text/plain', 'www-authenticate': 'Bearer' }).end('Unauthorized\n');
      return;
    }
    registry.metrics().then(
      (text) => {
        res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      (err: unknown) => {
        onError(err);
        res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics failed\n');
      },
    );
  });
  server.requestTimeout = 10_000;
  server.headersTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as { port: number }).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
