// The edge server: serves the shell and every remote release from the release store, the
// environment manifest, the shell's HTML for client routes, and proxies the api.
import { createHash, randomUUID } from 'node:crypto';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import httpProxy from '@fastify/http-proxy';
import { findMount, mountTable } from '@giftlane/shared-sdk/federation/mounts';
import { encodePageData, PRERENDER_DATA_ID } from '@giftlane/shared-sdk/page-data';
import { ReleaseStore } from '../release-store';
import { loadEnvironment, siteFor, type EnvironmentView } from './site';
import { Prerenderer, prerenderableQuery, type PrerenderedPage, type PrerenderOptions } from './prerender';
import { SignedInPreloads } from './preloads';
import { APPS } from '../apps';
import { deploySettings, type DeploySettings } from '../settings';
import proxyAddr from '@fastify/proxy-addr';
import { isAcceptableRequestId, newRequestId, refOf } from '@giftlane/shared-sdk/request-id';
import { listenMetrics } from '@giftlane/api/metrics-server';
import { EdgeMetrics, type EdgeRoute } from './metrics';

declare module 'fastify' {
  interface FastifyInstance {
    /** The edge's Prometheus metrics, served on EDGE_METRICS_PORT. */
    edgeMetrics: EdgeMetrics;
  }
}

export interface EdgeOptions {
  store?: ReleaseStore;
  env?: string;
  /** Where `/gc` goes; without it `/gc` answers that the service is unavailable. */
  apiUrl?: string;
  logger?: boolean;
  /** Set when TLS terminates in front of us: adds HSTS. */
  behindTls?: boolean;
  /**
   * Where browsers fetch release files: `/releases` (this server) by default, or the URL of a CDN
   * in front of the release bucket.
   */
  releasesUrl?: string;
  /** Settings for the browser (product name, social sign-in ids, store links): see pageConfigOf. */
  pageConfig?: Record<string, unknown>;
  /** HTTP limits (slow and large requests, who the client is): see transportOf. */
  transport?: Partial<EdgeTransport>;
  /**
   * The service worker (`/sw.js`, from the live shell release): on unless SERVICE_WORKER=off, the
   * kill switch, which serves a worker that removes itself and tells pages not to register one.
   */
  serviceWorker?: boolean;
  /**
   * Public pages prerendered into the HTML (needs `apiUrl`): on unless PRERENDER=off,
   * which sends the shell's HTML alone and lets the browser render every page.
   */
  prerender?: boolean | Partial<PrerenderOptions>;
  /**
   * Whether the api's reference (/docs, /docs/json) is passed on: outside production only (issue
   * 27: it lists every operator route). In production it stays on the api's own port.
   */
  apiDocs?: boolean;
  /** The metrics listener: EDGE_METRICS_PORT / _HOST / _TOKEN unless given; none without a port. */
  metrics?: { port?: number; host: string; token?: string };
}

/** Served at /sw.js when the worker is switched off, or the live shell has none: it removes itself. */
export const SELF_REMOVING_WORKER =
  `self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => {
  event.waitUntil(self.registration.unregister().then(() => caches.keys()).then((keys) => Promise.all(keys.map((k) ` +
  `=> caches.delete(k)))));
});
`;

export interface EdgeTransport {
  /**
   * Proxies in front of the edge (addresses or CIDRs) whose X-Forwarded-For is believed; none by
   * default, so the client is the connection's peer. The api is told exactly that address.
   */
  trustedProxies: string[];
  /** The request head must arrive within this (ms). */
  headersTimeoutMs: number;
  /** The whole request, body included, must arrive within this (ms). */
  requestTimeoutMs: number;
  /** While a body arrives, no pause may last longer (ms); handlers are never cut off by it. */
  bodyTimeoutMs: number;
  /** Open connections at most; more are refused at once. */
  maxConnections: number;
  /** The largest /gc (and /docs) body; the api's BODY_LIMIT. */
  bodyLimit: number;
  /** The largest card photo PUT to /uploads (the api's 5 MB image limit plus room). */
  uploadLimit: number;
}

/** Whether the edge passes the api's reference (/docs) on: never in production. */
export const apiDocsOf = (s: Pick<DeploySettings, 'NODE_ENV'>): boolean => s.NODE_ENV !== 'production';

/** The edge's HTTP limits from its settings (README: production settings). */
export function transportOf(s: DeploySettings): EdgeTransport {
  return {
    trustedProxies: s.EDGE_TRUSTED_PROXIES,
    headersTimeoutMs: s.EDGE_HEADERS_TIMEOUT_MS,
    requestTimeoutMs: s.EDGE_REQUEST_TIMEOUT_MS,
    bodyTimeoutMs: s.EDGE_BODY_TIMEOUT_MS,
    maxConnections: s.EDGE_MAX_CONNECTIONS,
    bodyLimit: s.BODY_LIMIT,
    uploadLimit: 5 * 1024 * 1024 + 1024,
  };
}

/**
 * The settings an api started beside this edge (npm start) needs: listen on loopback, and believe
 * X-Forwarded-For from exactly the edge's address there, which sets it from the connection.
 */
export const API_BEHIND_EDGE = { host: '127.0.0.1', env: { TRUST_PROXY: '127.0.0.1' } } as const;

const envelope = (msg: string, code: string) => ({ success: false, msg, code, data: null });

export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * Each request's id: the X-Request-Id a trusted proxy in front sent (a well-formed one),
 * else a fresh one; a client's own is never believed. The api is handed it, logs it on every line
 * and answers a failure with its reference, which the seller is shown.
 */
export function edgeRequestId(trustedProxies: string[]): (raw: import('node:http').IncomingMessage) => string {
  const trust = trustedProxies.length ? proxyAddr.compile(trustedProxies) : () => false;
  return (raw) => {
    const given = raw.headers[REQUEST_ID_HEADER];
    const peer = raw.socket?.remoteAddress;
    if (typeof given === 'string' && peer && trust(peer, 0) && isAcceptableRequestId(given)) return given;
    return newRequestId();
  };
}

/** What kind of request a URL is, for the metrics (never the raw URL). */
function routeKind(url: string): EdgeRoute {
  if (url.startsWith('/releases/')) return 'release';
  if (/^\/(gc|ops\/api|uploads|webhooks|docs)(\/|\?|$)/.test(url)) return 'api';
  if (url.startsWith('/remotes.json')) return 'manifest';
  if (url.startsWith('/sw.js')) return 'service_worker';
  return 'other';
}

/** The release a release file belongs to: `/releases/<app>/<version>/…`. */
function releaseOf(url: string): { app: string; version: string } | undefined {
  const m = /^\/releases\/([a-z][a-z0-9-]{0,40})\/([A-Za-z0-9._+-]{1,80})\//.exec(url);
  return m && APPS.some((a) => a.app === m[1]) ? { app: m[1]!, version: m[2]! } : undefined;
}

/** What a client is told about a request the edge could not pass on: never a framework code or text. */
function transportFault(status: number): { msg: string; code: string } {
  if (status === 413) return { msg: 'Request body is too large', code: 'common.413' };
  if (status === 408) return { msg: 'The request took too long to arrive', code: 'common.003' };
  if (status === 415) return { msg: 'Unsupported content type', code: 'common.003' };
  if (status === 404) return { msg: 'Not found', code: 'common.404' };
  if (status < 500) return { msg: 'Bad request', code: 'common.003' };
  return { msg: 'Something went wrong, please try again later', code: 'common.500' };
}

/**
 * The browser's settings, from the environment, handed to shared-sdk's config as JSON in the HTML.
 * Only public values belong here: everything in it is readable by anyone.
 */
export function pageConfigOf(env: DeploySettings): Record<string, unknown> {
  const pick = (entries: Record<string, string | undefined>) =>
    Object.fromEntries(Object.entries(entries).filter(([, v]) => typeof v === 'string' && v !== ''));
  const social = pick({
    googleClientId: env.GOOGLE_WEB_CLIENT_ID ?? env.GOOGLE_CLIENT_IDS?.split(',')[0],
    googleScriptUrl: env.GOOGLE_SCRIPT_URL,
    facebookAppId: env.FACEBOOK_APP_ID,
    facebookScriptUrl: env.FACEBOOK_SCRIPT_URL,
    appleClientId: env.APPLE_WEB_CLIENT_ID ?? env.APPLE_CLIENT_IDS?.split(',')[0],
    appleScriptUrl: env.APPLE_SCRIPT_URL,
    appleRedirectUri: env.APPLE_REDIRECT_URI,
  });
  const storeLinks = pick({ android: env.STORE_LINK_ANDROID, ios: env.STORE_LINK_IOS });
  return {
    ...pick({ productName: env.PRODUCT_NAME }),
    ...(Object.keys(social).length ? { social } : {}),
    ...(Object.keys(storeLinks).length ? { storeLinks } : {}),
    ...(env.TELEMETRY_SAMPLE_PERCENT !== undefined
      ? { telemetry: { sample: env.TELEMETRY_SAMPLE_PERCENT / 100 } }
      : {}),
  };
}

/** The device id the canary split is keyed on: a first-party cookie the edge sets once. */
export const DEVICE_COOKIE = 'gl_device';
const DEVICE_ID = /^[A-Za-z0-9_-]{8,64}$/;

function deviceIdOf(cookieHeader: string | undefined): string | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === DEVICE_COOKIE && value && DEVICE_ID.test(value)) return value;
  }
  return undefined;
}

const SOCIAL_SCRIPT_HOSTS = [
  'https://accounts.google.com',
  'https://connect.facebook.net',
  'https://appleid.cdn-apple.com',
];

/** The hash of the one inline script a page carries (its shell's after-paint.js), allowed by that page's policy. */
const inlineScriptHash = new WeakMap<FastifyReply, string>();

function securityHeaders(reply: FastifyReply, behindTls: boolean, releasesOrigin: string) {
  const inline = inlineScriptHash.get(reply);
  reply.header(
    'Content-Security-Policy',
    [
      "default-src 'self'",
      `script-src 'self'${releasesOrigin} ${SOCIAL_SCRIPT_HOSTS.join(' ')}${inline ? ` '${inline}'` : ''}`,
      // antd writes its styles at run time.
      `style-src 'self'${releasesOrigin} 'unsafe-inline'`,
      "img-src 'self' data: blob: https:",
      `connect-src 'self'${releasesOrigin} https://graph.facebook.com https://www.googleapis.com`,
      `frame-src ${SOCIAL_SCRIPT_HOSTS.join(' ')} https://www.facebook.com`,
      "font-src 'self' data:",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join('; '),
  );
  reply.header('X-Content-Type-Options', 'nosniff');
  reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
  reply.header('X-Frame-Options', 'DENY');
  reply.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
  if (behindTls) reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
}

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
};
const contentTypeOf = (key: string) => CONTENT_TYPES[path.extname(key)] ?? 'application/octet-stream';

const escapeJsonForHtml = (json: string) => json.replace(/</g, '\\u003c');
/** A release's server build (`<app>/<version>/server/…`). */
const SERVER_BUILD = /^\/?(releases\/)?[^/]+\/[^/]+\/server\//;
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Sends an HTML page made for this request, compressed for a browser that accepts it (release files
 * come precompressed from the store; api replies come compressed from the api). Brotli at a fast
 * level: the page is made per request, so the CPU is spent every time.
 */
function sendPage(req: FastifyRequest, reply: FastifyReply, html: string) {
  reply.header('Vary', 'Cookie, Accept-Encoding');
  if (Buffer.byteLength(html) < 1024) return reply.send(html);
  const accepts = String(req.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepts))
    return reply
      .header('Content-Encoding', 'br')
      .send(brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } }));
  if (/\bgzip\b/.test(accepts)) return reply.header('Content-Encoding', 'gzip').send(gzipSync(html));
  return reply.send(html);
}

export async function buildEdge(opts: EdgeOptions = {}): Promise<FastifyInstance> {
  const store = opts.store ?? new ReleaseStore();
  const settings = deploySettings();
  const env = opts.env ?? settings.GL_ENV;
  const limits: EdgeTransport = { ...transportOf(settings), ...opts.transport };
  const app = Fastify({
    logger: opts.logger ?? false,
    // The client is the socket's peer unless it is a named proxy in front of us.
    trustProxy: limits.trustedProxies.length ? limits.trustedProxies : false,
    bodyLimit: limits.bodyLimit,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: 5_000,
    http: { headersTimeout: limits.headersTimeoutMs, connectionsCheckingInterval: 1_000 },
    // A malformed URL or similar: the envelope, not Fastify's error code.
    frameworkErrors: (_err, _req, reply) => {
      void (reply as FastifyReply).code(400).send(envelope('Bad request', 'common.003'));
    },
    requestIdHeader: false,
    genReqId: edgeRequestId(limits.trustedProxies),
    childLoggerFactory: (logger, bindings, loggerOpts) =>
      logger.child({ ...bindings, ref: refOf(String(bindings.reqId ?? '')) }, loggerOpts),
  });
  // Every reply names its request; the edge's own failed replies (413, 502, …) carry its reference,
  // as the api's do.
  app.addHook('onRequest', async (req, reply) => void reply.header(REQUEST_ID_HEADER, req.id));
  app.addHook('preSerialization', async (req, _reply, payload: unknown) => {
    const failed =
      typeof payload === 'object' && payload !== null && (payload as { success?: unknown }).success === false;
    return failed ? { ...payload, ref: refOf(req.id) } : payload;
  });
  app.server.maxConnections = limits.maxConnections;
  // A body's pauses are bounded while it arrives; once it is in, the socket has no timeout again
  // (the api may take its time to answer).
  const socketTimeout = (req: FastifyRequest, ms: number) => req.raw.socket?.setTimeout?.(ms);
  app.addHook('onRequest', async (req) => void socketTimeout(req, limits.bodyTimeoutMs));
  app.addHook('preHandler', async (req) => void socketTimeout(req, 0));
  app.addHook('onResponse', async (req) => void socketTimeout(req, 0));
  app.setErrorHandler((err: { statusCode?: number }, req, reply) => {
    const status =
      typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 600 ? err.statusCode : 500;
    if (status >= 500) req.log.error({ err }, 'edge error');
    const fault = transportFault(status);
    return reply.code(status).send(envelope(fault.msg, fault.code));
  });
  const behindTls = opts.behindTls ?? settings.BEHIND_TLS;
  const serviceWorker = opts.serviceWorker ?? settings.SERVICE_WORKER !== 'off';
  const pageConfig = { ...(opts.pageConfig ?? pageConfigOf(settings)), serviceWorker };
  const pageConfigJson = escapeJsonForHtml(JSON.stringify(pageConfig));
  const listen = opts.metrics ?? {
    port: settings.EDGE_METRICS_PORT,
    host: settings.EDGE_METRICS_HOST,
    token: settings.EDGE_METRICS_TOKEN,
  };
  const metrics = new EdgeMetrics(serviceWorker, listen.port !== undefined);
  app.decorate('edgeMetrics', metrics);
  const served = new WeakMap<FastifyRequest, { releases: { app: string; version: string }[] }>();
  app.addHook('onResponse', async (req, reply) => {
    const page = served.get(req);
    metrics.request(page ? 'page' : routeKind(req.url), reply.statusCode);
    const release = page ? undefined : releaseOf(req.url);
    if (page) metrics.served(page.releases, reply.statusCode, false);
    else if (release) metrics.served([release], reply.statusCode, true);
  });
  if (listen.port !== undefined) {
    const { port, host, token } = listen;
    app.addHook('onReady', async () => {
      const onError = (err: unknown) => app.log.error({ err }, 'metrics scrape failed');
      metrics.listener = await listenMetrics(metrics.registry, { port, host, token }, onError);
    });
    app.addHook('onClose', async () => metrics.listener?.close());
  }
  const prerenderOn = (opts.prerender ?? settings.PRERENDER !== 'off') !== false && Boolean(opts.apiUrl);
  const prerenderer = prerenderOn
    ? new Prerenderer(
        store,
        {
          apiUrl: opts.apiUrl!,
          pageConfig,
          observe: (a, seconds, fallback) => metrics.rendered(a, seconds, fallback),
          ...(typeof opts.prerender === 'object' ? opts.prerender : {}),
        },
        (msg, err) => app.log.warn({ err }, msg),
      )
    : undefined;
  const releasesUrl = (opts.releasesUrl ?? settings.RELEASE_PUBLIC_URL).replace(/\/$/, '');
  const releasesOrigin = /^https?:/.test(releasesUrl) ? ` ${new URL(releasesUrl).origin}` : '';

  app.addHook('onSend', async (_req, reply) => {
    securityHeaders(reply, behindTls, releasesOrigin);
  });

  // Releases are immutable: every file under a version folder is cached for a year (old chunks
  // stay reachable, so a page opened before a promote or rollback keeps working). CORS lets a
  // remote be served from another origin (a CDN) than the shell.
  const immutable = (res: { header: (k: string, v: string) => unknown }) => {
    res.header('Access-Control-Allow-Origin', '*');
    res.header('Cache-Control', 'public, max-age=31536000, immutable');
  };
  if (store.dir) {
    await app.register(fastifyStatic, {
      root: store.dir,
      prefix: '/releases/',
      preCompressed: true,
      index: false,
      wildcard: true,
      cacheControl: false,
      // Environment files (with the release history) and publish claims are not for browsers.
      // Nor are server builds (the edge runs them; browsers never need them).
      allowedPath: (pathname) =>
        !/^\/?(releases\/)?environments\//.test(pathname) &&
        !pathname.endsWith('/.claim') &&
        !SERVER_BUILD.test(pathname),
      setHeaders: immutable,
    });
  } else {
    // A bucket without a CDN in front (a small deployment): stream release files from it.
    app.get('/releases/*', async (req, reply) => {
      const key = (req.params as { '*': string })['*'];
      if (key.startsWith('environments/') || key.includes('..') || SERVER_BUILD.test(key)) return reply.callNotFound();
      const accepts = String(req.headers['accept-encoding'] ?? '');
      for (const [enc, suffix] of [
        ['br', '.br'],
        ['gzip', '.gz'],
        ['', ''],
      ] as const) {
        if (enc && !accepts.includes(enc)) continue;
        const body = await store.blobs.get(`${key}${suffix}`);
        if (!body) continue;
        immutable(reply);
        if (enc) reply.header('Content-Encoding', enc).header('Vary', 'Accept-Encoding');
        return reply.type(contentTypeOf(key)).send(body);
      }
      return reply.callNotFound();
    });
  }

  // Metrics are on their own port (EDGE_METRICS_PORT, the api's METRICS_PORT), never the site's.
  const noMetrics = async (_req: FastifyRequest, reply: FastifyReply) =>
    reply.code(404).header('Cache-Control', 'no-store').send(envelope('Not found', 'common.404'));
  app.all('/metrics', noMetrics);
  app.all('/metrics/*', noMetrics);

  // The dev outbox (every user's one-time codes) stays on the api's own loopback port: never here.
  app.all('/__dev/*', async (_req, reply) => reply.code(404).send(envelope('Not found', 'common.404')));
  app.all('/__dev', async (_req, reply) => reply.code(404).send(envelope('Not found', 'common.404')));

  // Replies about people and money are never kept by a browser or a shared cache: the
  // api marks them no-store; the edge's own replies on those paths (413, 502, …) are marked too,
  // and an api reply that forgot its header gets it here.
  app.addHook('onSend', async (req, reply) => {
    if (/^\/(gc|ops\/api)(\/|\?|$)/.test(req.url) && !reply.hasHeader('cache-control'))
      reply.header('Cache-Control', 'no-store');
  });

  const apiDocs = opts.apiDocs ?? apiDocsOf(settings);
  if (!apiDocs) {
    // The api's reference lists every route, the operator API's too: in production it is not passed on.
    app.all('/docs', async (_req, reply) =>
      reply.code(404).header('Cache-Control', 'no-store').send(envelope('Not found', 'common.404')),
    );
    app.all('/docs/*', async (_req, reply) =>
      reply.code(404).header('Cache-Control', 'no-store').send(envelope('Not found', 'common.404')),
    );
  }

  if (opts.apiUrl) {
    const unavailable = envelope('The service is unavailable. Please try again shortly.', 'common.503');
    for (const prefix of ['/gc', '/uploads', ...(apiDocs ? ['/docs'] : []), '/ops/api', '/webhooks']) {
      const bodyLimit = prefix === '/uploads' ? limits.uploadLimit : limits.bodyLimit;
      await app.register(async (scope) => {
        // The whole body is read here, within the edge's limits and timeouts, before the api is
        // called: a slow or oversized request never holds one of the api's connections, and one
        // over the limit gets the 413 envelope from the edge itself.
        scope.removeAllContentTypeParsers();
        scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit }, (_req, body, done) => done(null, body));
        await scope.register(httpProxy, {
          upstream: opts.apiUrl!,
          prefix,
          rewritePrefix: prefix,
          http2: false,
          proxyPayloads: false,
          handler: (req, reply, dest, options) =>
            reply.from(
              dest,
              Buffer.isBuffer(req.body)
                ? {
                    ...options,
                    body: req.body,
                    contentType: String(req.headers['content-type'] ?? 'application/octet-stream'),
                  }
                : options,
            ),
          replyOptions: {
            rewriteRequestHeaders: (req, headers) => {
              // The api believes exactly one address: the client as this edge saw it (the socket,
              // or a trusted proxy's X-Forwarded-For). Whatever the client claimed is dropped.
              // The request id is the edge's (a client's own was replaced when it arrived).
              const { expect: _expect, forwarded: _forwarded, 'x-real-ip': _realIp, ...rest } = headers;
              const own = { 'x-forwarded-for': req.ip, 'x-forwarded-proto': req.protocol, [REQUEST_ID_HEADER]: req.id };
              return { ...rest, ...own };
            },
            onError: (reply, { error }) => {
              reply.log.warn({ err: error }, 'api unreachable');
              void reply.code(502).send(unavailable);
            },
          },
        });
      });
    }
  } else {
    for (const prefix of ['/gc/*', '/ops/api/*', '/webhooks/*'])
      app.all(prefix, async (_req, reply) =>
        reply.code(503).send({
          success: false,
          code: 'common.503',
          msg: 'The service is unavailable. Please try again shortly.',
          data: null,
        }),
      );
  }

  app.get('/healthz', async (_req, reply) => {
    const view = await environment();
    return reply
      .header('Cache-Control', 'no-store')
      .send({ ok: true, env, revision: view?.file.revision ?? null, live: Boolean(view) });
  });

  let cached: { at: number; view: EnvironmentView | undefined } | undefined;
  async function environment(): Promise<EnvironmentView | undefined> {
    // Re-read at most once a second so a promote or rollback is seen at once by new page loads.
    if (!cached || Date.now() - cached.at > 1000) cached = { at: Date.now(), view: await loadEnvironment(store, env) };
    return cached.view;
  }

  /** The device's id, set as a cookie the first time; the canary split is decided on it. */
  function deviceOf(req: FastifyRequest, reply: FastifyReply): string {
    const known = deviceIdOf(req.headers.cookie);
    if (known) return known;
    const id = randomUUID().replaceAll('-', '');
    reply.header(
      'Set-Cookie',
      `${DEVICE_COOKIE}=${id}; Path=/; Max-Age=63072000; SameSite=Lax; HttpOnly${behindTls ? '; Secure' : ''}`,
    );
    return id;
  }

  app.get('/remotes.json', async (req, reply) => {
    const view = await environment();
    if (!view) return reply.code(503).send({ error: `environment "${env}" has no release` });
    const current = siteFor(view, deviceOf(req, reply), releasesUrl);
    return reply.header('Cache-Control', 'no-cache').header('Vary', 'Cookie').send(current.manifest);
  });

  // Crawlers: the public pages are for them; the signed-in area (every mount with the app layout,
  // read from the live manifest, so a new account page is covered without an edge change) and the
  // api are not.
  app.get('/robots.txt', async (_req, reply) => {
    const view = await environment();
    const areas = view
      ? mountTable(siteFor(view, undefined, releasesUrl).manifest)
          .filter((m) => m.layout === 'app')
          .map((m) => m.path)
      : [];
    const lines = [
      'User-agent: *',
      ...[...new Set(areas)].sort().map((p) => `Disallow: ${p}`),
      'Disallow: /gc/',
      'Disallow: /ops/',
      'Disallow: /uploads/',
      'Disallow: /webhooks/',
      'Allow: /',
      '',
    ];
    return reply
      .header('Cache-Control', 'public, max-age=3600')
      .type('text/plain; charset=utf-8')
      .send(lines.join('\n'));
  });

  // The service worker: the live shell release's, told where releases and its offline page are.
  // Never cached by the browser's HTTP cache (a promote changes it; browsers check it on every
  // page load anyway).
  const workerCache = new Map<string, string>();
  app.get('/sw.js', async (req, reply) => {
    reply.header('Cache-Control', 'no-cache').type('text/javascript; charset=utf-8');
    if (!serviceWorker) return reply.send(SELF_REMOVING_WORKER);
    const view = await environment();
    if (!view) return reply.code(503).send('// no release is live');
    const { shellVersion } = siteFor(view, deviceOf(req, reply), releasesUrl);
    let body = workerCache.get(shellVersion);
    if (body === undefined) {
      const file = await store.file('shell', shellVersion, 'sw.js');
      const settings = {
        version: shellVersion,
        releases: releasesUrl,
        offline: `${releasesUrl}/shell/${shellVersion}/offline.html`,
      };
      // A shell release built before the worker existed: whatever is installed removes itself.
      body = file
        ? `self.__GL_SW=${escapeJsonForHtml(JSON.stringify(settings))};\n${file.toString('utf8')}`
        : SELF_REMOVING_WORKER;
      workerCache.set(shellVersion, body);
    }
    return sendPage(req, reply, body);
  });

  const fileCheck = new Map<string, Promise<boolean>>();
  const shellHasFile = (version: string, file: string) => {
    const key = `${version}/${file}`;
    if (!fileCheck.has(key))
      fileCheck.set(
        key,
        store.file('shell', version, file).then(Boolean, () => false),
      );
    return fileCheck.get(key)!;
  };
  const signedInPreloads = new SignedInPreloads(store, releasesUrl);
  const htmlCache = new Map<string, string>();
  /**
   * A release's after-paint.js, to be written into the page, with its hash for the page's policy; undefined
   * when the release has none (or it could not stand inside a script element).
   */
  const afterPaintCache = new Map<string, Promise<{ code: string; hash: string } | undefined>>();
  const afterPaint = (version: string) => {
    let got = afterPaintCache.get(version);
    if (!got) {
      got = store.file('shell', version, 'after-paint.js').then(
        (body) => {
          // Its opening comment (what it is for) stays in the release, not in every page.
          const code = body?.toString('utf8').replace(/^(\/\/[^\n]*\n)+/, '');
          if (!code || /<\/script/i.test(code)) return undefined;
          return { code, hash: `sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}` };
        },
        () => undefined,
      );
      afterPaintCache.set(version, got);
    }
    return got;
  };
  async function shellHtml(version: string) {
    let html = htmlCache.get(version);
    if (!html) {
      const body = await store.file('shell', version, 'index.html');
      if (!body) throw new Error(`shell ${version} has no index.html in the release store`);
      html = body.toString('utf8');
      htmlCache.set(version, html);
    }
    return html;
  }

  // A prerendered form tapped before the page's code ran could be posted by the browser itself
  // (forms are method="post", so nothing goes into the address): its body is dropped unread, and
  // the page is sent again.
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data'],
    { parseAs: 'buffer', bodyLimit: limits.bodyLimit },
    (_req, _body, done) => done(null, undefined),
  );
  // Every other GET is a client route: the shell's HTML, with the environment inlined (one round
  // trip fewer) and, for a public page, its content prerendered (else the owner remote preloaded).
  app.setNotFoundHandler(async (req, reply) => {
    const url = new URL(req.url, 'http://edge');
    const pathname = url.pathname;
    const isPage = !pathname.startsWith('/releases/') && !/\.[A-Za-z0-9]{1,8}$/.test(pathname);
    if (
      req.method === 'POST' &&
      isPage &&
      /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/.test(String(req.headers['content-type'] ?? ''))
    ) {
      return reply.code(303).header('Location', `${pathname}${url.search}`).header('Cache-Control', 'no-store').send();
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return reply.code(404).send({ success: false, code: 'common.404', msg: 'Not found', data: null });
    }
    // A missing release file is a 404, never the shell's HTML (which a script tag would choke on).
    // So is any other file-like path (/favicon.ico, /sitemap.xml, …): no client route has a dot.
    if (!isPage) return reply.code(404).type('text/plain').send('Not found');
    const view = await environment();
    if (!view) return reply.code(503).type('text/plain').send(`No release of the shell is live in "${env}" yet.`);
    const current = siteFor(view, deviceOf(req, reply), releasesUrl);
    const base = `${releasesUrl}/shell/${current.shellVersion}`;
    const owner = findMount(mountTable(current.manifest), pathname);
    const remote = owner && current.manifest.remotes[owner.remote];
    const ownerApp = owner && APPS.find((a) => a.federationName === owner.remote)?.app;
    const ownerRelease = ownerApp && remote ? [{ app: ownerApp, version: remote.version }] : [];
    served.set(req, { releases: [{ app: 'shell', version: current.shellVersion }, ...ownerRelease] });
    const preload = remote ? `<link rel="preload" as="script" href="${remote.entry}">` : '';
    // A public page (not the account area, which is the seller's own) comes with its content.
    let page: PrerenderedPage | undefined;
    if (prerenderer && remote && ownerApp && owner.layout !== 'app' && prerenderableQuery(url.search)) {
      page = await prerenderer.page(current.shellVersion, ownerApp, remote.version, pathname);
    }
    const head = [
      `<script id="gl-config" type="application/json">${pageConfigJson}</script>`,
      `<script id="gl-remotes" type="application/json">${escapeJsonForHtml(JSON.stringify(current.manifest))}</script>`,
      // A prerendered page shows its content without the remote: its code is not fetched ahead of
      // the first paint, which then waits for nothing but the HTML.
      page ? '' : preload,
      // A signed-in page: every file it needs before it shows, fetched at once.
      !page && remote && ownerApp && owner.layout === 'app'
        ? await signedInPreloads.links(current.shellVersion, ownerApp, remote.version, pathname)
        : '',
      page ? `<style id="gl-theme">${page.themeCss}</style>` : '',
      ...(page
        ? page.styles.map(
            (s) => `<style data-href="${releasesUrl}/${s.key}">${s.css.replace(/<\/style/gi, '<\\/style')}</style>`,
          )
        : []),
      page
        ? `<script id="${PRERENDER_DATA_ID}" ` +
          `type="application/json">${escapeJsonForHtml(encodePageData(page.data))}</script>`
        : '',
    ].join('');
    let html = (await shellHtml(current.shellVersion))
      .replaceAll('{{SHELL_BASE}}', base)
      .replace(/<meta name="?gl-head"?[^>]*>/, () => head);
    if (page) {
      if (page.head.title)
        html = html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.head.title!)}</title>`);
      if (page.head.description)
        html = html.replace(
          /<meta name="description" content="[^"]*">/,
          () => `<meta name="description" content="${escapeHtml(page.head.description!)}">`,
        );
      html = html.replace(
        /<div id="root">[\s\S]*?<\/div><\/div>/,
        () => `<div id="root" data-prerendered>${page.html}</div>`,
      );
      // The shell's code starts once the content is painted (its release's after-paint.js). Written into the head,
      // in place of the entry's script: a tap or a submit before any code came (a slow phone shows the top of
      // the page while the rest streams) is then never the browser's own — a form posted to the edge with what
      // was typed — but waits for the page to come alive.
      const starter = await afterPaint(current.shellVersion);
      const entry = /<script defer(?:="defer")? src="([^"]+)"><\/script>/.exec(html);
      if (starter && entry) {
        inlineScriptHash.set(reply, starter.hash);
        html = html.replace(entry[0], '');
        const script = `<script data-src="${entry[1]}">${starter.code}</script>`;
        html = html.replace('</head>', () => `${script}</head>`);
      } else if (await shellHasFile(current.shellVersion, 'after-paint.js')) {
        html = html.replace(
          /<script defer(?:="defer")? src="([^"]+)"><\/script>/g,
          (_m, src: string) => `<script defer src="${base}/after-paint.js" data-src="${src}"></script>`,
        );
      }
      reply.code(page.status);
    }
    reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8');
    return sendPage(req, reply, html);
  });

  return app;
}
