import { caseRoutes } from './modules/cases/routes.js';
import { registerCaseClocks, type CaseDeps } from './modules/cases/service.js';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Server } from 'node:http';
import type { DestinationStream } from 'pino';
import type { FastifyHttpOptions, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import './types.js';
import { ConfigError, type Config } from './config/env.js';
import { openDb, outsideTransaction, type Db } from './db/db.js';
import { historyRewritableBy, prepareSchema } from './db/roles.js';
import { CATALOG_CHANNEL } from './modules/catalog/repo.js';
import { Catalog } from './modules/catalog/service.js';
import { Codes, fail } from './lib/envelope.js';
import { contractPlugin } from './plugins/contract.js';
import { formBodyPlugin } from './plugins/form-body.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { requestIdFrom, requestIdsPlugin, requestLogger, requestMixin } from './plugins/request-ids.js';
import { RequestRefs } from './modules/request-refs/service.js';
import { ApiMetrics } from './modules/metrics/metrics.js';
import { listenMetrics } from './modules/metrics/server.js';
import { Limits } from './lib/limits.js';
import { catalogRoutes } from './modules/catalog/routes.js';
import { rateAlertRoutes } from './modules/catalog/alert-routes.js';
import { contentRoutes } from './modules/content/routes.js';
import { couponRoutes } from './modules/coupon/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import {
  DevOutbox,
  Messenger,
  SmtpSender,
  WhatsAppCloudSender,
  type Channel,
  type Sender,
} from './modules/messaging/messenger.js';
import { publicRoutes } from './modules/public/routes.js';
import { channelRoutes } from './modules/channels/routes.js';
import { referralRoutes } from './modules/referral/routes.js';
import { appRoutes } from './modules/app/routes.js';
import { ExpoPush, PushDispatcher, PushSender } from './modules/push/expo.js';
import { Jobs } from './modules/jobs/jobs.js';
import { registerAppealClock } from './modules/appeal/clock.js';
import { registerRateJobs } from './modules/catalog/rate-jobs.js';
import { registerRateAlertJobs } from './modules/catalog/alerts.js';
import { registerDelayJobs } from './modules/compensation/jobs.js';
import { delayDevRoutes } from './modules/compensation/routes.js';
import { registerOfferJobs } from './modules/order/offer-service.js';
import { pushRoutes } from './modules/push/routes.js';
import { Reference } from './shared/reference.js';
import { socialRoutes } from './modules/user/social-routes.js';
import { SocialVerifier } from './modules/social/verify.js';
import { trackerRoutes } from './modules/tracker/routes.js';
import { registerTelemetryJobs } from './modules/telemetry/jobs.js';
import { telemetryRoutes } from './modules/telemetry/routes.js';
import { userRoutes } from './modules/user/routes.js';
import { Otp } from './modules/user/otp.js';
import { Sessions } from './shared/sessions.js';
import { AccountHooks } from './modules/user/hooks.js';
import { accountOwner, securityChanged, type SecurityDeps } from './modules/security/service.js';
import { securityRoutes } from './modules/security/routes.js';
import { describeDevice, maskIp } from './shared/sessions.js';
import { Ledger } from './modules/ledger/ledger.js';
import { appealRoutes } from './modules/appeal/routes.js';
import { noticeRoutes } from './modules/notices/routes.js';
import { opsRoutes } from './modules/ops/routes.js';
import { staffGate } from './modules/ops/gate.js';
import { resolveStaff } from './modules/ops/staff.js';
import { payoutWebhookRoutes } from './modules/payment/webhook-routes.js';
import { orderRoutes } from './modules/order/routes.js';
import { etaRoutes } from './modules/eta/routes.js';
import { paymentRoutes } from './modules/payment/routes.js';
import { DevPayoutProvider, PaystackPayoutProvider, type PayoutProvider } from './modules/payment/provider.js';
import { uploadRoutes } from './modules/uploads/routes.js';
import { photoBytes, UploadStore } from './modules/uploads/store.js';
import { vipRoutes } from './modules/vip/routes.js';
import { firstSaleRoutes } from './modules/first-sale/routes.js';
import { walletHooks, walletRoutes } from './modules/wallet/routes.js';
import { PinGuard } from './modules/withdraw/pin.js';
import { withdrawRoutes } from './modules/withdraw/routes.js';
import { HttpIdentityProvider, type IdentityProvider } from './modules/kyc/provider.js';
import { kycRoutes } from './modules/kyc/routes.js';
import type { KycDeps } from './modules/kyc/service.js';
import { startIdentityStandIn } from './modules/kyc/stand-in.js';
import { IdentityVault } from './modules/kyc/vault.js';
import { privacyRoutes } from './modules/privacy/routes.js';
import type { ReleaseControl } from './modules/releases/control.js';
import { registerCanaryCheck } from './modules/releases/canary-job.js';
import { ReleaseDesk, type HealthSource } from './modules/releases/service.js';
import { versionHealth } from './modules/telemetry/health.js';

export interface AppDeps {
  /** An open database to use instead of opening one from the config (tests share one per file). */
  db?: Db;
  /** Replaces fetch for Facebook's debug endpoint and WhatsApp (tests). */
  fetch?: typeof fetch;
  /** Skip running migrations (the caller already did). */
  skipMigrations?: boolean;
  /** The payout provider for account-name look-ups (tests pass one pointed at a fake server). */
  payoutProvider?: PayoutProvider;
  /**
   * The identity provider (tests may pass one); otherwise IDENTITY_API_URL, or the local stand-in outside production.
   */
  identityProvider?: IdentityProvider;
  /**
   * Release control: the release store's operations, passed by whoever starts the api
   * beside a release store (deploy's start and api entries). Without it the console's release
   * dashboard says release control is not configured and the canary check has nothing to do.
   */
  releases?: ReleaseControl;
  /** Client telemetry per version (tests may pass their own figures). */
  versionHealth?: HealthSource;
}

/** Fastify's own options for this app: logging with request ids, body limit, timeouts, proxy trust. */
export function serverOptions(
  config: Config,
  opts: { logStream?: DestinationStream } = {},
): FastifyHttpOptions<Server> {
  return {
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            // Every line written while a request runs carries its id (plugins/request-ids.ts).
            mixin: requestMixin,
            ...(opts.logStream ? { stream: opts.logStream } : {}),
          },
    childLoggerFactory: requestLogger,
    bodyLimit: config.bodyLimit,
    // Slow clients: the head within headersMs, the whole request within requestMs (Node
    // checks both every second); a body's pauses are bounded by bodyPauseLimit in buildApp.
    requestTimeout: config.timeouts.requestMs,
    keepAliveTimeout: 5_000,
    http: { headersTimeout: config.timeouts.headersMs, connectionsCheckingInterval: 1_000 },
    // PGlite starts its WebAssembly Postgres and migrates inside the plugin; on a busy laptop that
    // takes longer than Fastify's default 10 s.
    pluginTimeout: 120_000,
    // Only the named proxies (the edge server) may say who the client is; nobody by default.
    trustProxy: config.trustProxy.length ? config.trustProxy : false,
    // A malformed URL and the like: the envelope, never Fastify's own error code or text.
    frameworkErrors: (_err, _req, reply) => {
      void (reply as FastifyReply).code(400).send(fail('Bad request', Codes.validation));
    },
    // The edge's id when the edge (a trusted proxy) sent one, else our own (plugins/request-ids.ts).
    requestIdHeader: false,
    genReqId: requestIdFrom(config.trustProxy),
    // The /gc contract never uses query strings or params for input; keep parsing cheap.
    routerOptions: { maxParamLength: 200 },
  };
}

const DRAIN_MS = 10_000;

/** The api's own paths whose replies are about a person or money: the seller API and the operator API. */
const PRIVATE_REPLIES = /^\/(gc|ops\/api)(\/|\?|$)/;

/**
 * Every /gc and /ops/api reply (errors too) is `Cache-Control: no-store`: a browser's
 * cache must not hand an operator's view of a seller, or a seller's wallet, to the next script or
 * person on that browser. A route that sets its own Cache-Control on purpose keeps it (none under
 * /gc or /ops/api does today: public reference data is small and answered from memory). A callback hook: it runs on
 * every reply, and an async one would make a promise for each.
 */
export function noStore(
  req: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (err: null, p: unknown) => void,
) {
  if (PRIVATE_REPLIES.test(req.url) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  done(null, payload);
}

/**
 * In production the API reference (/docs, /docs/json: every route, the operator API's too) is
 * served only on the api's own port, to a request that came to it directly, or to signed-in staff
 * (`Authorization: Bearer`): a request through the edge (which always sets X-Forwarded-For, and
 * does not pass /docs on in production either) gets the 404 envelope.
 */
export function docsOnlyInside(db: Db) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const forwarded = ['x-forwarded-for', 'forwarded', 'x-real-ip'].some((h) => req.headers[h] !== undefined);
    if (!forwarded) return;
    if (req.headers.authorization) {
      try {
        await resolveStaff(db, req.headers.authorization);
        return;
      } catch {
        // Not a live operator session: as anyone else.
      }
    }
    return reply.code(404).header('cache-control', 'no-store').send(fail('Not found', Codes.notFound));
  };
}

/**
 * The configured identity provider; outside production without one, a local stand-in server
 * (loopback only) that speaks the same protocol, closed with the app.
 */
async function identityProvider(
  app: FastifyInstance,
  config: Config,
  fetchFn?: typeof fetch,
): Promise<IdentityProvider> {
  const k = config.kyc;
  if (k.apiUrl && k.appId && k.secretKey)
    return new HttpIdentityProvider(k.apiUrl, k.appId, k.secretKey, fetchFn, config.providerTimeoutMs);
  if (config.env === 'production') throw new ConfigError(['IDENTITY_API_URL: required in production']);
  const standIn = await startIdentityStandIn({ port: k.standInPort });
  app.addHook('onClose', () => standIn.close());
  if (config.env !== 'test')
    app.log.info(
      { url: standIn.url },
      'identity provider: the local stand-in (test numbers in README, "Identity verification")',
    );
  return new HttpIdentityProvider(standIn.url, standIn.appId, standIn.secretKey, fetchFn, config.providerTimeoutMs);
}

/**
 * While a request's body is arriving, a pause longer than `ms` closes the connection; once the body
 * is in (or the reply is sent) the socket has no timeout again, so a slow handler is never cut off.
 */
export function bodyPauseLimit(app: FastifyInstance, ms: number): void {
  type Timed = { setTimeout?: (ms: number) => unknown; timeout?: number } | undefined;
  const set = (socket: Timed, value: number) => {
    if (typeof socket?.setTimeout === 'function') socket.setTimeout(value);
  };
  // Callback hooks (here and below, on every request): no promise made per hook and request.
  app.addHook('onRequest', (req, _reply, done) => {
    set(req.raw.socket, ms);
    done();
  });
  app.addHook('preHandler', (req, _reply, done) => {
    set(req.raw.socket, 0);
    done();
  });
  // Only when preHandler did not run (a refusal before it) or something set one since: clearing a timeout that is
  // not there is work for nothing on every request.
  app.addHook('onResponse', (req, _reply, done) => {
    const socket: Timed = req.raw.socket;
    if (socket?.timeout !== 0) set(socket, 0);
    done();
  });
}

/** The requests between onRequest and their response (or abort), and a wait for none to be left. */
class InFlight {
  private readonly open = new Set<object>();
  private waiters: (() => void)[] = [];
  start(req: object) {
    this.open.add(req);
  }
  end(req: object) {
    this.open.delete(req);
    // Waiters only while the app closes: otherwise no copy of the (empty) list is made each time none are left.
    if (this.open.size === 0 && this.waiters.length) for (const w of this.waiters.splice(0)) w();
  }
  drained(timeoutMs: number): Promise<void> {
    if (this.open.size === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      timer.unref();
      this.waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}

/**
 * The api as a Fastify plugin (fastify/demo style): external plugins, then the app's services,
 * then the routes of each module. server.ts and start.ts wrap it in a server.
 */
export function buildApp(config: Config, deps: AppDeps = {}) {
  return fp(
    async (app: FastifyInstance) => {
      app.server.maxConnections = config.maxConnections;
      bodyPauseLimit(app, config.timeouts.bodyMs);
      // A query through the pool inside a transaction: refused outside production (the suites find
      // it), logged and run through the transaction in production (db.ts, TxGuard).
      const db =
        deps.db ??
        (await openDb({
          databaseUrl: config.databaseUrl,
          dataDir: config.dataDir,
          postgres: config.db,
          guard: config.env === 'production' ? 'route' : 'throw',
          onGuard: (what, stack) =>
            app.log.error(
              { stack },
              `${what} through the pool inside a transaction: run through the transaction instead (fix the caller)`,
            ),
        }));
      // Fastify runs the app's onClose hooks before its own server close, while requests already
      // inside a handler may still be using the database: let them finish (new ones get 503), for
      // up to DRAIN_MS, before the pool is ended.
      const inFlight = new InFlight();
      app.addHook('onRequest', (req, _reply, done) => {
        inFlight.start(req);
        done();
      });
      app.addHook('onResponse', (req, _reply, done) => {
        inFlight.end(req);
        done();
      });
      app.addHook('onRequestAbort', (req, done) => {
        inFlight.end(req);
        done();
      });
      if (!deps.db)
        app.addHook('onClose', async () => {
          await inFlight.drained(DRAIN_MS);
          await db.close();
        });
      if (!deps.skipMigrations) {
        const applied = await prepareSchema(db, config.databaseOwnerUrl, { kycDataKey: config.kyc.dataKey });
        if (applied.length) app.log.info({ applied, driver: db.kind }, 'migrations applied');
      }
      if (config.env === 'production' && !deps.db) {
        // History (the audit log, journals, postings) must not be rewritable by the api itself.
        // Checked on the connection it opens from DATABASE_URL (a caller that hands it a db chose).
        if (db.kind === 'pg') {
          const why = await historyRewritableBy(db);
          if (why)
            throw new ConfigError([
              `DATABASE_URL: ${why}; connect as a role that only reads and appends to the audit log and the ledger ` +
                `(set DATABASE_OWNER_URL to the owner; api/README.md, "Database roles")`,
            ]);
        } else
          app.log.warn(
            'embedded PGlite in production: one role owns everything, so the audit log and the ledger are protected ' +
              'by their triggers alone; use PostgreSQL with DATABASE_OWNER_URL',
          );
      }

      const outbox = config.env === 'production' ? null : new DevOutbox();
      const senders: Partial<Record<Channel, Sender>> = {};
      if (config.smtpUrl) senders.email = new SmtpSender(config.smtpUrl, config.mailFrom, config.smtpTimeouts);
      const wa = config.whatsapp;
      if (wa.phoneNumberId && wa.accessToken) {
        senders.whatsapp = new WhatsAppCloudSender(
          { ...wa, phoneNumberId: wa.phoneNumberId, accessToken: wa.accessToken },
          deps.fetch,
          config.providerTimeoutMs,
        );
      }
      const messenger = new Messenger(app.log, senders, outbox, { logBodies: config.allowCodeLog }, db);
      if (config.allowCodeLog)
        app.log.warn(
          'ALLOW_CODE_LOG=1: messages for a channel without a provider, codes included, are written to this log',
        );
      app.addHook('onClose', () => messenger.close());
      // Background work: one job queue (pg-boss) on the app's database; modules register
      // their jobs below, the workers start once the app is ready and stop before the database closes.
      const jobs = new Jobs(db, app.log, { pollingIntervalSeconds: config.jobs.pollIntervalMs / 1000 });
      app.decorate('jobs', jobs);
      messenger.useJobs(jobs, {
        retryLimit: config.jobs.outboxRetryLimit,
        retryDelaySeconds: config.jobs.outboxRetryDelayS,
      });

      app.decorate('config', config);
      app.decorate('db', db);
      app.decorate('messenger', messenger);
      const sessions = new Sessions(db, config.session);
      app.decorate('sessions', sessions);
      // A session ended in any api process ends here at once (and within SESSION_CACHE_MS if the notice is lost).
      const unlistenSessions = await sessions.listen();
      app.addHook('onClose', () => unlistenSessions());
      app.decorate(
        'otp',
        new Otp(
          db,
          messenger,
          config.secretKey,
          config.productName,
          Date.now,
          config.rateLimit.codesPerIpHour,
          config.security.siteUrl,
        ),
      );
      app.decorate('social', new SocialVerifier(config, deps.fetch));
      app.decorate('ref', new Reference(db, config.cacheTtlMs));
      const catalog = new Catalog(db, app.ref, config.cacheTtlMs);
      app.decorate('catalog', catalog);
      registerRateJobs(jobs, db, catalog);
      registerRateAlertJobs(jobs, db, app.ref);
      // An order or withdrawal past its promised time: the seller is told compensation is accruing.
      registerDelayJobs(jobs, db);
      registerOfferJobs(jobs, db);
      registerAppealClock(jobs, db);
      // A rate change in any api process reaches this one's catalog at once.
      const unlisten = await db.listen(CATALOG_CHANNEL, () => catalog.invalidate());
      app.addHook('onClose', () => unlisten());
      app.decorate('accounts', new AccountHooks());
      // Push goes through the outbox too: its sender reads the devices when it sends.
      messenger.setSender(
        'push',
        new PushSender(
          db,
          new ExpoPush(config.push.url, config.push.accessToken, deps.fetch, config.providerTimeoutMs),
        ),
      );
      const push = new PushDispatcher(db, messenger, app.log, jobs, config.security.siteUrl);
      push.register(config.push.intervalMs);
      app.decorate('push', push);
      const desk = new ReleaseDesk(
        db,
        deps.releases,
        deps.versionHealth ?? versionHealth,
        messenger,
        config.canary,
        app.log,
      );
      app.decorate('releases', desk);
      const canaryCheck = registerCanaryCheck(jobs, desk, app.log, {
        intervalS: config.canary.intervalS,
        on: config.canary.check,
      });
      const telemetryJobs = registerTelemetryJobs(jobs, db, config.telemetry.keepDays, app.log);
      app.addHook('onReady', async () => {
        await jobs.start();
        await push.start();
        await telemetryJobs.start();
        await canaryCheck.start();
      });
      app.addHook('onClose', async () => {
        await push.stop();
        await jobs.stop();
      });
      // Account changes and sessions: re-authentication, alerts, cooling-off, new-device notices.
      const security: SecurityDeps = { messenger, config, log: app.log, now: Date.now };
      app.decorate('security', security);
      app.sessions.onNewDevice = async (q, userId, meta) => {
        const before = await accountOwner(q, userId);
        const detail = `Device: ${describeDevice(meta.userAgent ?? '')}, from ${maskIp(meta.ip)}.`;
        const send = await securityChanged(q, security, { before, change: 'new_device', coolingOff: false, detail });
        // The sign-in does not wait for the alert (it is sent on the next turn, not awaited); should
        // the sign-in's transaction fail after this point, the alert went out for nothing. It runs
        // outside the sign-in's transaction, which may still be open then: whatever it reads or
        // writes goes through the pool, never through (or against) that transaction (db.ts).
        setImmediate(() => outsideTransaction(() => void send()));
      };
      // The money core: one ledger per process (it caches platform account ids).
      const ledger = new Ledger();
      const hooks = walletHooks(app.ref);
      app.accounts.balances = hooks.balances;
      app.accounts.closureChecks.push(hooks.closureCheck);
      const store = new UploadStore(photoBytes(config), config.publicUrl, config.secretKey);
      app.log.info({ photos: store.location }, 'photo store');
      if (config.env === 'production' && !config.uploadBucket)
        app.log.warn(
          'photos are kept in UPLOAD_DIR on this host only: with more than one api process, set UPLOAD_S3_BUCKET ' +
            '(api/README.md, "Uploads")',
        );
      const provider =
        deps.payoutProvider ??
        (config.payout.provider === 'paystack' && config.payout.paystackKey
          ? new PaystackPayoutProvider(
              config.payout.paystackUrl,
              config.payout.paystackKey,
              deps.fetch,
              config.providerTimeoutMs,
            )
          : new DevPayoutProvider());
      const pins = new PinGuard(db, messenger, config.secretKey);
      const kyc: KycDeps = {
        ref: app.ref,
        tiers: config.kyc.tiers,
        vault: new IdentityVault(config.kyc.dataKey),
        provider: deps.identityProvider ?? (await identityProvider(app, config, deps.fetch)),
        store,
      };
      app.decorate('kyc', kyc);
      const cases: CaseDeps = { ref: app.ref, messenger, jobs, store, config };
      app.decorate('cases', cases);
      registerCaseClocks(jobs, db, cases);

      // The contract first: its error handler must cover every plugin registered after it. Then
      // the request ids, whose hooks must see every reply (a failed one gets its reference).
      await app.register(contractPlugin);
      app.decorate('requestRefs', new RequestRefs(db, app.log, config.requestRefs));
      await app.register(requestIdsPlugin);

      // External plugins.
      app.setValidatorCompiler(validatorCompiler);
      await app.register(securityHeadersPlugin, {
        contentSecurityPolicy: false,
        crossOriginResourcePolicy: { policy: 'same-site' },
      });
      // Form bodies, with the raw body kept beside the fields (a native client's sign is over their arrival order).
      await app.register(formBodyPlugin, { bodyLimit: config.bodyLimit });
      // Replies over 1 KB go out compressed (brotli at a fast level, else gzip): our users pay for
      // every byte of data, and the card catalog is tens of KB of JSON.
      await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
      // Rate limits: counted in Redis when REDIS_URL is set, with every command bounded
      // (REDIS_COMMAND_TIMEOUT_MS) and none queued while Redis is away; on any Redis fault they hold
      // per process in memory (lib/limits.ts), never off.
      let redis: Redis | undefined;
      if (config.redisUrl) {
        redis = new Redis(config.redisUrl, {
          connectTimeout: config.redis.connectTimeoutMs,
          commandTimeout: config.redis.commandTimeoutMs,
          enableOfflineQueue: false,
          maxRetriesPerRequest: 0,
          autoResendUnfulfilledCommands: false,
          retryStrategy: (times) => Math.min(100 * times, 2000),
          lazyConnect: false,
        });
        // Each failed reconnection emits an error: the limits log the outage once, this only at debug.
        redis.on('error', (err) => app.log.debug({ err: err.message }, 'redis error'));
      }
      const limits = new Limits(app.log, redis);
      app.decorate('limits', limits);
      if (redis) {
        // Limits count in Redis from the first request: wait (a bounded time) for the connection.
        const r = redis;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, config.redis.connectTimeoutMs + 500);
          r.once('ready', () => {
            clearTimeout(timer);
            resolve();
          });
        });
        await limits.check();
        limits.started();
        app.addHook('onClose', async () => {
          limits.close();
          r.disconnect();
        });
      }
      // Metrics: counted on every answer, served on their own port only (METRICS_PORT).
      const metrics = new ApiMetrics(db, limits, jobs, { processMetrics: config.metrics.port !== undefined });
      app.decorate('metrics', metrics);
      app.addHook('onResponse', (req, reply, done) => {
        metrics.observe(req, reply);
        done();
      });
      if (config.metrics.port !== undefined) {
        const { port, host, token } = config.metrics;
        app.addHook('onReady', async () => {
          const onError = (err: unknown) => app.log.error({ err }, 'metrics scrape failed');
          metrics.listener = await listenMetrics(metrics.registry, { port, host, token }, onError);
          app.log.info({ host, port: metrics.listener.port }, 'metrics listening');
        });
        app.addHook('onClose', async () => metrics.listener?.close());
      }
      await app.register(rateLimit, {
        global: false,
        store: limits.storeCtor('gl-rl:'),
        // The store answers from memory on any Redis fault: an error here is a defect, refused, not skipped.
        skipOnError: false,
        errorResponseBuilder: (_req, ctx) => ({
          statusCode: 429,
          ...fail(`Too many requests, please try again in ${Math.ceil(ctx.ttl / 1000)} seconds`, Codes.tooMany),
        }),
      });
      await app.register(swagger, {
        openapi: {
          info: {
            title: `${config.productName} /gc API`,
            version: '1.0.0',
            description:
              'Every call is POST with a form-encoded body carrying appid, app_version, token (when signed in) and ' +
              'sign ' +
              '(MD5 of the sorted key=value pairs joined by & plus the app key). Every reply is {success, msg, ' +
              'code, data}.',
          },
          components: {
            securitySchemes: {
              token: { type: 'apiKey', in: 'query', name: 'token', description: 'Sent as the form field `token`.' },
            },
          },
        },
        transform: createJsonSchemaTransform({
          skipList: [
            '/docs',
            '/docs/*',
            '/docs/json',
            '/docs/yaml',
            '/docs/static/*',
            '/docs/initOAuth',
            '/docs/uiConfig',
          ],
        }),
      });
      await app.register(swaggerUi, {
        routePrefix: '/docs',
        staticCSP: true,
        ...(config.env === 'production' ? { uiHooks: { onRequest: docsOnlyInside(db) } } : {}),
      });
      // Replies about people and money stay out of every cache; the operator routes ask
      // for the session before the body.
      app.addHook('onSend', noStore);
      staffGate(app);

      // Routes.
      await app.register(healthRoutes);
      await app.register(publicRoutes);
      await app.register(channelRoutes);
      await app.register(contentRoutes);
      await app.register(catalogRoutes);
      await app.register(rateAlertRoutes);
      await app.register(userRoutes);
      await app.register(securityRoutes);
      await app.register(socialRoutes);
      await app.register(trackerRoutes);
      await app.register(telemetryRoutes);
      await app.register(noticeRoutes);
      await app.register(vipRoutes);
      await app.register(firstSaleRoutes);
      await app.register(appRoutes);
      await app.register(pushRoutes);
      await app.register(uploadRoutes, { store });
      await app.register(orderRoutes, { store, ledger });
      await app.register(etaRoutes);
      await app.register(appealRoutes, { store });
      await app.register(couponRoutes);
      await app.register(referralRoutes, { ledger });
      await app.register(walletRoutes, { ledger });
      await app.register(paymentRoutes, { provider, pins });
      await app.register(withdrawRoutes, { ledger, pins });
      await app.register(kycRoutes, { ledger });
      await app.register(privacyRoutes);
      await app.register(caseRoutes, { deps: cases });
      await app.register(opsRoutes, { ledger, store, provider });
      await app.register(payoutWebhookRoutes, { ledger, provider });
      await app.register(delayDevRoutes);
      if (outbox) {
        app.get('/__dev/outbox', { schema: { hide: true } }, async () => outbox.list());
        app.delete('/__dev/outbox', { schema: { hide: true } }, async () => {
          outbox.clear();
          return { ok: true };
        });
      }

      app.setNotFoundHandler({ preHandler: app.rateLimit({ max: 120, timeWindow: 60_000 }) }, (_req, reply) => {
        reply.status(404).send(fail('Not found', Codes.notFound));
      });
    },
    { name: 'giftlane-api' },
  );
}
