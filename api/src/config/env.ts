import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DB_DEFAULTS } from '../db/db.js';
import type { BucketSettings } from '../lib/object-store/index.js';
import { DEFAULT_TIERS, tiersSchema, type Tiers } from '../modules/kyc/tiers.js';

/** The api package folder (api/), so the default data folder does not depend on the working directory. */
export const API_ROOT = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');

/**
 * One appid and key per platform: the web app, and the Android and iOS apps (development values; set APP_KEYS in
 * production).
 */
export const DEFAULT_APP_KEYS: Record<string, string> = {
  gl_web: '8f3c2a1d9b7e4f6a0c5d2e8b1a7f3c9d',
  gl_android: '9966d99ff7ab3582795d4762faf808ad',
  gl_ios: 'a42ecafc4a31e32712c65733f81a45c5',
};

const csvOf = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((s) =>
      s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    );
const csv = csvOf('');

const optionalUrl = z
  .string()
  .optional()
  .transform((s) => (s && s.trim() ? s.trim() : undefined))
  .pipe(z.url().optional());

const appKeys = z
  .string()
  .optional()
  .transform((s, ctx) => {
    if (!s) return DEFAULT_APP_KEYS;
    try {
      const parsed: unknown = JSON.parse(s);
      const keys = z.record(z.string().min(1), z.string().min(16)).parse(parsed);
      return keys;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON object of appid → app key (at least 16 characters)' });
      return z.NEVER;
    }
  });

/** Amounts per payout currency, JSON of currency → amount in major units: {"NGN":"500000","GHS":"5000"}. */
const amountsByCurrency = (fallback: Record<string, string>) =>
  z
    .string()
    .optional()
    .transform((s, ctx) => {
      if (!s) return fallback;
      try {
        return z
          .record(z.string().regex(/^[A-Z]{3,5}$/), z.string().regex(/^\d{1,15}(\.\d{1,8})?$/))
          .parse(JSON.parse(s));
      } catch {
        ctx.addIssue({
          code: 'custom',
          message: 'must be a JSON object of currency → amount, e.g. {"NGN":"500000","GHS":"5000","USDT":"350"}',
        });
        return z.NEVER;
      }
    });

/**
 * Which proxies' X-Forwarded-For the api believes: a list of addresses or CIDRs (or proxy-addr's
 * names `loopback`, `linklocal`, `uniquelocal`). Empty = none: the client is the socket's peer.
 * `1`/`true` (trust any forwarded address) is refused: anyone could then pick their own address.
 */
const trustedProxies = z
  .string()
  .optional()
  .transform((s, ctx) => {
    const list = (s ?? '')
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean);
    if (list.some((x) => /^(1|true|yes)$/i.test(x))) {
      ctx.addIssue({
        code: 'custom',
        message:
          "name the proxy's addresses (e.g. 127.0.0.1 for the edge server on this machine); trusting any forwarded " +
          'address lets a client choose its own',
      });
      return z.NEVER;
    }
    return list;
  });

/** Milliseconds, at least 1 s. */
const ms = (fallback: number) => z.coerce.number().int().min(1000).default(fallback);

const boolish = z
  .string()
  .optional()
  .transform((s) => s === '1' || s === 'true' || s === 'yes');

/**
 * Every setting the api reads, from the environment, validated once. Names follow the twelve-factor
 * style; the defaults make `npm start` work on a laptop with nothing installed (PGlite, the dev outbox).
 */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  API_PORT: z.coerce.number().int().min(0).max(65535).default(3001),
  API_HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: optionalUrl,
  /**
   * The PostgreSQL role that owns the schema: migrations run as it, then it grants the DATABASE_URL
   * role what the api needs (the audit log and the ledger read and append only). Required in
   * production with DATABASE_URL (api/README.md, "Database roles").
   */
  DATABASE_OWNER_URL: optionalUrl,
  DATA_DIR: z.string().min(1).default(path.join(API_ROOT, '.data')),
  REDIS_URL: optionalUrl,
  /** Redis commands (the rate limits' counters) fail after this long; the limits then count in memory. At most 1 s. */
  REDIS_COMMAND_TIMEOUT_MS: z.coerce.number().int().min(20).max(1000).default(250),
  /** A connection to Redis (and each reconnection) gives up after this long. */
  REDIS_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(10_000).default(1000),
  SMTP_URL: optionalUrl,
  /**
   * Bounds on the mail server: the TCP connection must open within SMTP_CONNECTION_TIMEOUT_MS,
   * its greeting arrive within SMTP_GREETING_TIMEOUT_MS, and no pause once talking last longer than
   * SMTP_SOCKET_TIMEOUT_MS (nodemailer's own default for that is 10 minutes).
   */
  SMTP_CONNECTION_TIMEOUT_MS: ms(5_000),
  SMTP_GREETING_TIMEOUT_MS: ms(5_000),
  SMTP_SOCKET_TIMEOUT_MS: ms(15_000),
  /**
   * Every call to an outside HTTP provider (WhatsApp, Expo push, identity, bank look-up, Paystack) is abandoned after
   * this long.
   */
  PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(1000).max(60_000).default(8_000),
  /**
   * Background work: how often each api process's job workers look for work (a job sent
   * by this process starts at once), and how an outbox message is retried: OUTBOX_RETRY_LIMIT attempts
   * after the first, the first OUTBOX_RETRY_DELAY_S seconds later, doubling (with jitter).
   */
  JOBS_POLL_INTERVAL_MS: z.coerce.number().int().min(500).max(60_000).default(2_000),
  OUTBOX_RETRY_LIMIT: z.coerce.number().int().min(0).max(20).default(6),
  OUTBOX_RETRY_DELAY_S: z.coerce.number().int().min(1).max(3600).default(10),
  /**
   * The canary check (RELEASING.md "Canaries that halt themselves"): every
   * CANARY_CHECK_INTERVAL_S, a canary whose error rate since it started is at least CANARY_HALT_RATIO
   * times the stable version's, with at least CANARY_HALT_MIN_ERRORS errors in at least
   * CANARY_MIN_LOADS page loads, is dropped; one marked "promote when healthy" is promoted after
   * CANARY_HEALTHY_MINUTES. CANARY_CHECK=off stops both.
   */
  CANARY_CHECK: z.enum(['on', 'off']).default('on'),
  CANARY_CHECK_INTERVAL_S: z.coerce.number().int().min(5).max(3600).default(60),
  CANARY_HALT_RATIO: z.coerce.number().min(1).max(100).default(2),
  CANARY_HALT_MIN_ERRORS: z.coerce.number().int().min(1).max(1_000_000).default(20),
  CANARY_MIN_LOADS: z.coerce.number().int().min(1).max(10_000_000).default(200),
  CANARY_HEALTHY_MINUTES: z.coerce.number().int().min(1).max(10_080).default(60),
  MAIL_FROM: z.string().optional(),
  SUPPORT_EMAIL: z.email().default('support@giftlane.ng'),
  /** Support's WhatsApp and phone numbers in E.164 (+234…), shown on Contact and Help; unset: not shown. */
  SUPPORT_WHATSAPP: z
    .string()
    .regex(/^\+\d{8,15}$/, { error: 'must be a number in E.164 form, e.g. +2348012345678' })
    .optional(),
  SUPPORT_PHONE: z
    .string()
    .regex(/^\+\d{8,15}$/, { error: 'must be a number in E.164 form, e.g. +2348012345678' })
    .optional(),
  /**
   * Keys the HMAC of stored one-time codes and signed upload/image links. Required in production;
   * otherwise generated once per data folder (DATA_DIR/secret-key, mode 0600).
   */
  SECRET_KEY: z.string().min(32, 'must be at least 32 random characters (e.g. `openssl rand -base64 48`)').optional(),
  /** Production without an e-mail or WhatsApp provider: write codes to the log instead of refusing to start. */
  ALLOW_CODE_LOG: boolish,
  SIGN_MODE: z.enum(['enforce', 'log']).default('enforce'),
  /**
   * A reply outside the /gc contract: refused (the default outside production) or logged and sent (production's
   * default).
   */
  REPLY_CHECK: z.enum(['refuse', 'log']).optional(),
  APP_KEYS: appKeys,
  PRODUCT_NAME: z.string().min(1).default('GiftLane'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustedProxies,
  /** Failed requests' references: kept this many days, written at most this often per process. */
  REQUEST_REFS_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  REQUEST_REFS_PER_SECOND: z.coerce.number().int().min(1).max(1000).default(20),
  /**
   * Metrics in the Prometheus format on a port of their own, off when unset; never on the
   * api's port. METRICS_HOST is loopback by default; METRICS_TOKEN asks scrapers for a bearer token.
   */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  METRICS_TOKEN: z.string().min(24, 'at least 24 random characters').optional(),
  BODY_LIMIT: z.coerce
    .number()
    .int()
    .min(1024)
    .default(64 * 1024),
  /**
   * Slow clients: the request head must arrive within HEADERS_TIMEOUT_MS, the whole request within REQUEST_TIMEOUT_MS,
   * and a body may not pause for BODY_TIMEOUT_MS.
   */
  HEADERS_TIMEOUT_MS: ms(10_000),
  REQUEST_TIMEOUT_MS: ms(30_000),
  BODY_TIMEOUT_MS: ms(15_000),
  MAX_CONNECTIONS: z.coerce.number().int().min(1).default(2048),
  /**
   * PostgreSQL: connections in the pool, and the bounds on every wait for the database —
   * a free connection, one statement, one lock, a transaction left idle. 0 turns a server-side
   * bound off (refused in production). A request that hits one is answered "busy" (503).
   */
  DB_POOL_MAX: z.coerce.number().int().min(1).max(500).default(DB_DEFAULTS.max),
  DB_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(DB_DEFAULTS.acquireTimeoutMs),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(DB_DEFAULTS.statementTimeoutMs),
  DB_LOCK_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(DB_DEFAULTS.lockTimeoutMs),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(3_600_000)
    .default(DB_DEFAULTS.idleInTransactionTimeoutMs),
  /**
   * Reads through the pool as prepared statements of each connection (db.ts); 0 sends every statement unprepared,
   * for a pooler that cannot keep them (PgBouncer in transaction mode before 1.21, or without max_prepared_statements).
   */
  DB_PREPARED_STATEMENTS: z.enum(['0', '1']).default('1'),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .default(24 * 30),
  SESSION_IDLE_HOURS: z.coerce
    .number()
    .positive()
    .default(24 * 7),
  /** Rate limits are per minute and per client IP (and per address for OTP sends, in the database). */
  RATE_LIMIT_AUTH_PER_MIN: z.coerce.number().int().positive().default(20),
  RATE_LIMIT_CODE_PER_MIN: z.coerce.number().int().positive().default(10),
  /** checkUsername answers whether an address has an account: a tight limit of its own, per hour. */
  RATE_LIMIT_LOOKUP_PER_HOUR: z.coerce.number().int().positive().default(20),
  /** One-time codes one client address may ask for in an hour, whatever the addresses they go to. */
  RATE_LIMIT_CODES_PER_IP_HOUR: z.coerce.number().int().positive().default(30),
  /** The same routes per account (sign-in per username, codes per e-mail/number) per hour, whatever the address. */
  RATE_LIMIT_AUTH_PER_ACCOUNT_HOUR: z.coerce.number().int().positive().default(30),
  RATE_LIMIT_CODE_PER_ADDRESS_HOUR: z.coerce.number().int().positive().default(20),
  /**
   * Operator sign-in: wrong passwords are throttled per client address, never by locking
   * the account. After OPS_SIGN_IN_FREE_FAILURES from one address, each further try from it waits
   * OPS_SIGN_IN_DELAY_SECONDS, doubled at each failure, at most OPS_SIGN_IN_MAX_DELAY_MINUTES; the
   * count starts again after a day without a wrong password from that address.
   */
  OPS_SIGN_IN_FREE_FAILURES: z.coerce.number().int().min(1).max(20).default(5),
  OPS_SIGN_IN_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  OPS_SIGN_IN_MAX_DELAY_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(60),
  WHATSAPP_API_URL: z.url().default('https://graph.facebook.com/v21.0'),
  WHATSAPP_PHONE_NUMBER_ID: z.string().optional(),
  WHATSAPP_ACCESS_TOKEN: z.string().optional(),
  WHATSAPP_TEMPLATE: z.string().default('otp_code'),
  WHATSAPP_TEMPLATE_LANG: z.string().default('en'),
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  GOOGLE_CLIENT_IDS: csv,
  GOOGLE_ISSUERS: csvOf('https://accounts.google.com,accounts.google.com'),
  APPLE_JWKS_URL: z.url().default('https://appleid.apple.com/auth/keys'),
  APPLE_CLIENT_IDS: csv,
  APPLE_ISSUER: z.string().default('https://appleid.apple.com'),
  FACEBOOK_DEBUG_URL: z.url().default('https://graph.facebook.com/debug_token'),
  FACEBOOK_APP_ID: z.string().optional(),
  FACEBOOK_APP_SECRET: z.string().optional(),
  /** Where uploaded card images are kept (the directory object store). */
  UPLOAD_DIR: z
    .string()
    .min(1)
    .default(path.join(API_ROOT, '.data', 'uploads')),
  /**
   * Photos (card photos, avatars, selfies, ID documents) in an S3-compatible bucket instead of
   * UPLOAD_DIR, so every api host serves every photo (api/README.md, "Uploads"). The bucket stays
   * private: the api reads it and hands out its own signed links.
   */
  UPLOAD_S3_BUCKET: z
    .string()
    .optional()
    .transform((s) => s?.trim() || undefined)
    .pipe(
      z
        .string()
        .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
          error: 'must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens',
        })
        .optional(),
    ),
  UPLOAD_S3_PREFIX: z
    .string()
    .regex(/^([A-Za-z0-9_.-]+\/)*$/, { error: 'must be empty or folder names each ending in /, e.g. uploads/' })
    .default('uploads/'),
  UPLOAD_S3_ENDPOINT: optionalUrl.refine((u) => !u || /^https?:\/\//.test(u), { error: 'must be an http(s) URL' }),
  UPLOAD_S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{2,40}$/, { error: 'must be a region name, e.g. eu-west-1 (auto for R2)' })
    .default('auto'),
  UPLOAD_S3_PATH_STYLE: boolish,
  UPLOAD_S3_ACCESS_KEY_ID: z.string().optional(),
  UPLOAD_S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** A bound on connecting to the bucket and on a silent answer; two tries at most per photo. */
  UPLOAD_S3_TIMEOUT_MS: ms(5000),
  /**
   * The public origin browsers and the mobile apps reach the site at (`https://giftlane.ng`): upload
   * and image URLs are absolute on it, since a phone PUTs to the URL exactly as given. Required in production.
   */
  PUBLIC_ORIGIN: z
    .url()
    .optional()
    .refine((u) => !u || /^https?:\/\/[^/?#]+\/?$/.test(u), {
      error: 'must be an origin: scheme://host[:port], no path',
    }),
  /**
   * Native apps: Google's OAuth token endpoint (code exchange) and token-info endpoint (access tokens); the client
   * secret for the exchange.
   */
  GOOGLE_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
  GOOGLE_TOKENINFO_URL: z.url().default('https://oauth2.googleapis.com/tokeninfo'),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  /**
   * Apple code exchange: token endpoint, and the ES256 key (team id, key id, PEM) the client-secret JWT is signed with.
   */
  APPLE_TOKEN_URL: z.url().default('https://appleid.apple.com/auth/token'),
  APPLE_TEAM_ID: z.string().optional(),
  APPLE_KEY_ID: z.string().optional(),
  APPLE_PRIVATE_KEY: z.string().optional(),
  /**
   * Push notifications to the apps through Expo's push API; PUSH_INTERVAL_MS = how often new notices are sent (0 =
   * off).
   */
  EXPO_PUSH_URL: z.url().default('https://exp.host/--/api/v2/push/send'),
  EXPO_ACCESS_TOKEN: z.string().optional(),
  PUSH_INTERVAL_MS: z.coerce.number().int().min(0).optional(),
  /**
   * How long reference data (30 s) and the card catalog (15 s) stay cached, when set (bench:soak sets a few seconds).
   */
  CACHE_TTL_MS: z.coerce.number().int().min(100).max(3_600_000).optional(),
  /**
   * How long a checked session token is trusted in each process without asking the database (0 = every request
   * asks). Any sign-out or account change that ends sessions reaches every process at once over NOTIFY; this is
   * the bound when a notice cannot (the listening connection lost), so at most 1 s.
   */
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(1000).default(1000),
  /** Account-name look-ups and payouts: 'dev' (deterministic, offline) or 'paystack'. */
  PAYOUT_PROVIDER: z.enum(['dev', 'paystack']).default('dev'),
  PAYSTACK_API_URL: z.url().default('https://api.paystack.co'),
  PAYSTACK_SECRET_KEY: z.string().optional(),
  /** Withdrawals wait this long after a change of e-mail, WhatsApp, password or PIN, and to a new payout account. */
  COOLING_OFF_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 30)
    .default(24),
  /**
   * A change sent without the login password (the apps have no such field) is accepted this long after the session's
   * sign-in.
   */
  REAUTH_GRACE_MINUTES: z.coerce.number().min(0).max(60).default(10),
  /** The site's public address, for links in security e-mails ("this wasn't me"). */
  /** The site's address in alert links; defaults to PUBLIC_ORIGIN (the same origin, as `npm start` serves it). */
  SITE_URL: z.url().optional(),
  /** A reviewer's rate may be above the catalog's (or the locked quote's) rate by at most this much. */
  REVIEW_RATE_TOLERANCE_PERCENT: z.coerce.number().min(0).max(100).default(5),
  /**
   * A decision paying more than this (per payout currency), or more than the seller's quote, waits for a second
   * operator.
   */
  FOUR_EYES_ABOVE: amountsByCurrency({ NGN: '500000', GHS: '5000', USDT: '350' }),
  /** What one reviewer may credit alone in a day (UTC), per payout currency; beyond it a second operator approves. */
  REVIEWER_DAILY_CAP: amountsByCurrency({ NGN: '5000000', GHS: '50000', USDT: '3500' }),
  /**
   * A withdrawal sent without a request key (the apps send none) is refused while one of the same
   * amount to the same payout account, also without a key and not failed, is younger than this:
   * a retry after a lost answer or a crash, or a second tap, is never paid twice. At least 1.
   */
  WITHDRAW_DUPLICATE_MINUTES: z.coerce.number().int().min(1, 'must be at least 1 (minutes)').max(1440).default(5),
  /**
   * Client telemetry's collector (POST /gc/telemetry): batches a minute per device (the gl_device
   * cookie) and per client address (many phones share one carrier address), and how many days of
   * per-minute figures are kept (the telemetry_prune job deletes older ones).
   */
  TELEMETRY_PER_DEVICE_MIN: z.coerce.number().int().min(1).max(10_000).default(30),
  TELEMETRY_PER_IP_MIN: z.coerce.number().int().min(1).max(100_000).default(600),
  TELEMETRY_KEEP_DAYS: z.coerce.number().int().min(1).max(400).default(30),
  /**
   * The identity provider: a Dojah-style KYC REST API (api/src/modules/kyc/provider.ts).
   * Unset outside production: a local stand-in server is started on loopback (IDENTITY_STAND_IN_PORT,
   * 0 = any free port) with the documented test numbers. Required in production.
   */
  IDENTITY_API_URL: optionalUrl,
  IDENTITY_APP_ID: z.string().optional(),
  IDENTITY_SECRET_KEY: z.string().optional(),
  IDENTITY_STAND_IN_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /**
   * The key-encryption key for ID numbers and addresses at rest (envelope encryption). Required in production;
   * otherwise derived from SECRET_KEY.
   */
  KYC_DATA_KEY: z.string().min(32, 'must be at least 32 random characters (e.g. `openssl rand -base64 48`)').optional(),
  /**
   * Verification levels per country and their limits, JSON (api/src/modules/kyc/tiers.ts); default: the CBN's and the
   * Bank of Ghana's tiers.
   */
  KYC_TIERS: z
    .string()
    .optional()
    .transform((s, ctx): Tiers => {
      if (!s) return DEFAULT_TIERS;
      try {
        return tiersSchema.parse(JSON.parse(s)) as Tiers;
      } catch (e) {
        ctx.addIssue({
          code: 'custom',
          message:
            `must be JSON of country → { idTypes, levels: [3 levels] } (api/src/modules/kyc/tiers.ts): ` +
            `${e instanceof Error ? e.message.slice(0, 200) : ''}`,
        });
        return z.NEVER;
      }
    }),
});

export type Env = z.output<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  databaseUrl?: string;
  databaseOwnerUrl?: string;
  dataDir: string;
  redisUrl?: string;
  /** Bounds on every Redis command and connection attempt (ms). */
  redis: { commandTimeoutMs: number; connectTimeoutMs: number };
  smtpUrl?: string;
  /** SMTP connection, greeting and inactivity bounds (ms). */
  smtpTimeouts: { connectionMs: number; greetingMs: number; socketMs: number };
  /** The bound on one call to an outside HTTP provider (ms). */
  providerTimeoutMs: number;
  /** The job queue's polling interval (ms) and the outbox's retries. */
  jobs: { pollIntervalMs: number; outboxRetryLimit: number; outboxRetryDelayS: number };
  /** The canary check's schedule and rule (RELEASING.md). */
  canary: {
    check: boolean;
    intervalS: number;
    haltRatio: number;
    minErrors: number;
    minLoads: number;
    healthyMinutes: number;
  };
  mailFrom: string;
  supportEmail: string;
  /** Support's WhatsApp and phone numbers ('' when not set: not shown). */
  supportWhatsapp: string;
  supportPhone: string;
  secretKey: string;
  /** Production only: codes may go to the log when a channel has no provider (ALLOW_CODE_LOG=1). */
  allowCodeLog: boolean;
  signMode: 'enforce' | 'log';
  /** What a reply outside the /gc contract (shared-sdk/src/gc/replies) gets: refused, or logged and sent. */
  replyCheck: 'refuse' | 'log';
  appKeys: Record<string, string>;
  productName: string;
  logLevel: Env['LOG_LEVEL'];
  /** Addresses/CIDRs whose X-Forwarded-For (and X-Request-Id) is believed; empty = none. */
  trustProxy: string[];
  requestRefs: { days: number; perSecond: number };
  /** The metrics listener (off without a port). */
  metrics: { port?: number; host: string; token?: string };
  bodyLimit: number;
  timeouts: { headersMs: number; requestMs: number; bodyMs: number };
  maxConnections: number;
  /** PostgreSQL's pool and the bounds on waits for it (DB_*; db.ts PostgresOptions). */
  db: {
    max: number;
    acquireTimeoutMs: number;
    statementTimeoutMs: number;
    lockTimeoutMs: number;
    idleInTransactionTimeoutMs: number;
    prepared: boolean;
  };
  session: { ttlMs: number; idleMs: number; cacheMs?: number };
  /** Reference data and catalog cache lifetime; unset = each cache's own (30 s, 15 s). */
  cacheTtlMs?: number;
  rateLimit: { authPerMin: number; codePerMin: number; lookupPerHour: number; codesPerIpHour?: number };
  /** Per account (username / e-mail / number, or the signed-in user) per hour, across addresses. */
  accountLimit: { authPerHour: number; codePerHour: number };
  /** Operator sign-in: wrong passwords per client address before the delays, the first delay and the longest (ms). */
  opsSignIn: { freeFailures: number; delayMs: number; maxDelayMs: number };
  whatsapp: { apiUrl: string; phoneNumberId?: string; accessToken?: string; template: string; templateLang: string };
  google: { jwksUrl: string; clientIds: string[]; issuers: string[] };
  apple: { jwksUrl: string; clientIds: string[]; issuer: string };
  facebook: { debugUrl: string; appId?: string; appSecret?: string };
  uploadDir: string;
  /** The bucket photos are kept in (UPLOAD_S3_*); unset: the directory uploadDir. */
  uploadBucket?: BucketSettings;
  /** PUBLIC_ORIGIN without a trailing slash: the base of every absolute upload and image URL. */
  publicUrl: string;
  payout: { provider: 'dev' | 'paystack'; paystackUrl: string; paystackKey?: string };
  googleOAuth: { tokenUrl: string; tokenInfoUrl: string; clientSecret?: string };
  appleCode: { tokenUrl: string; teamId?: string; keyId?: string; privateKey?: string };
  push: { url: string; accessToken?: string; intervalMs: number };
  security: { coolingOffMs: number; siteUrl: string; reauthGraceMs: number };
  review: { rateTolerancePercent: number; fourEyesAbove: Record<string, string>; dailyCap: Record<string, string> };
  /**
   * Withdrawals without a request key: how long one of the same amount to the same account is refused as a duplicate.
   */
  withdraw: { duplicateWindowMinutes: number };
  /** Client telemetry's collector: batches per minute per device and per address, days of figures kept. */
  telemetry: { perDeviceMin: number; perIpMin: number; keepDays: number };
  /** Identity verification: the provider (none = the local stand-in, outside production), the data key, the tiers. */
  kyc: { apiUrl?: string; appId?: string; secretKey?: string; standInPort: number; dataKey: string; tiers: Tiers };
}

/** Values that must never key production: placeholders, the old development value, few distinct characters. */
export function weakSecret(secret: string): boolean {
  const s = secret.toLowerCase();
  if (/giftlane-development|not-for-production|change[-_ ]?me|example|placeholder|your[-_ ]?secret/.test(s))
    return true;
  return new Set(secret).size < 10;
}

/**
 * The development secret of one data folder: made from 32 random bytes on first start and kept in
 * DATA_DIR/secret-key (0600), so it differs between machines and folders and survives restarts.
 */
export function dataDirSecret(dataDir: string): string {
  const file = path.join(dataDir, 'secret-key');
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(file, `${randomBytes(32).toString('base64url')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  chmodSync(file, 0o600);
  const key = readFileSync(file, 'utf8').trim();
  if (key.length < 32)
    throw new ConfigError([
      `${file}: the stored development secret is shorter than 32 characters; delete the file to make a new one`,
    ]);
  return key;
}

/** A listen address that means every interface. */
export const isWildcardHost = (host: string): boolean => ['0.0.0.0', '::', '[::]', '*', '::0'].includes(host.trim());

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the environment once; throws a ConfigError listing every problem. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`));
  }
  const e = parsed.data;
  const problems: string[] = [];
  if (Boolean(e.WHATSAPP_PHONE_NUMBER_ID) !== Boolean(e.WHATSAPP_ACCESS_TOKEN)) {
    problems.push('WHATSAPP_PHONE_NUMBER_ID and WHATSAPP_ACCESS_TOKEN must be set together');
  }
  if (Boolean(e.FACEBOOK_APP_ID) !== Boolean(e.FACEBOOK_APP_SECRET)) {
    problems.push('FACEBOOK_APP_ID and FACEBOOK_APP_SECRET must be set together');
  }
  if (e.DATABASE_OWNER_URL && !e.DATABASE_URL)
    problems.push('DATABASE_OWNER_URL: set DATABASE_URL too (the role the api runs as)');
  const s3Given = ['UPLOAD_S3_ENDPOINT', 'UPLOAD_S3_ACCESS_KEY_ID', 'UPLOAD_S3_SECRET_ACCESS_KEY'].filter((k) =>
    source[k]?.trim(),
  );
  if (!e.UPLOAD_S3_BUCKET && s3Given.length)
    problems.push(`${s3Given.join(', ')}: set UPLOAD_S3_BUCKET too (without it photos are kept in UPLOAD_DIR)`);
  if (Boolean(e.UPLOAD_S3_ACCESS_KEY_ID) !== Boolean(e.UPLOAD_S3_SECRET_ACCESS_KEY))
    problems.push(
      'UPLOAD_S3_ACCESS_KEY_ID and UPLOAD_S3_SECRET_ACCESS_KEY must be set together (or neither, for the usual AWS ' +
        'credentials chain)',
    );
  if (
    e.NODE_ENV === 'production' &&
    e.UPLOAD_S3_ENDPOINT?.startsWith('http:') &&
    !/^http:\/\/(127\.\d+\.\d+\.\d+|localhost|\[::1\])(:\d+)?(\/|$)/.test(e.UPLOAD_S3_ENDPOINT)
  ) {
    problems.push(
      'UPLOAD_S3_ENDPOINT: must be https in production (card photos carry redeem codes); plain http only to this ' +
        'machine',
    );
  }
  if (e.METRICS_PORT && e.METRICS_PORT === e.API_PORT) {
    problems.push('METRICS_PORT: must differ from API_PORT (metrics never go out on the port the edge forwards to)');
  }
  const metricsEverywhere = e.METRICS_PORT !== undefined && isWildcardHost(e.METRICS_HOST) && !e.METRICS_TOKEN;
  if (e.NODE_ENV === 'production' && metricsEverywhere) {
    problems.push(
      `METRICS_HOST: ${e.METRICS_HOST} listens on every interface; in production name a private address ` +
        '(or loopback), or set METRICS_TOKEN so scrapers must present it',
    );
  }
  if (e.PAYOUT_PROVIDER === 'paystack' && !e.PAYSTACK_SECRET_KEY)
    problems.push('PAYSTACK_SECRET_KEY: required when PAYOUT_PROVIDER=paystack');
  if (e.NODE_ENV === 'production') {
    if (!e.PUBLIC_ORIGIN)
      problems.push(
        'PUBLIC_ORIGIN: required in production (the https origin the site and apps reach, for upload and image URLs)',
      );
    if (e.DATABASE_URL && !e.DATABASE_OWNER_URL)
      problems.push(
        'DATABASE_OWNER_URL: required in production with DATABASE_URL; the api runs as a role that cannot rewrite ' +
          'the audit log or the ledger, and migrations run as the owner (api/README.md, "Database roles")',
      );
    for (const [name, v] of [
      ['DB_STATEMENT_TIMEOUT_MS', e.DB_STATEMENT_TIMEOUT_MS],
      ['DB_LOCK_TIMEOUT_MS', e.DB_LOCK_TIMEOUT_MS],
      ['DB_IDLE_IN_TRANSACTION_TIMEOUT_MS', e.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS],
    ] as const) {
      if (v === 0)
        problems.push(
          `${name}: 0 (no bound) is refused in production; a wait without a bound can lock the api up ` +
            `(api/README.md, "Under load and faults: the database")`,
        );
    }
    if (!e.SECRET_KEY)
      problems.push(
        'SECRET_KEY: required in production (at least 32 random characters, e.g. `openssl rand -base64 48`)',
      );
    else if (weakSecret(e.SECRET_KEY))
      problems.push(
        'SECRET_KEY: this value is a known or low-entropy one; use at least 32 random characters (e.g. `openssl ' +
          'rand -base64 48`)',
      );
    if (!e.IDENTITY_API_URL || !e.IDENTITY_APP_ID || !e.IDENTITY_SECRET_KEY)
      problems.push(
        'IDENTITY_API_URL / IDENTITY_APP_ID / IDENTITY_SECRET_KEY: required in production (the identity provider ' +
          'that verifies BVN, NIN and Ghana Card numbers); the local stand-in never runs there',
      );
    if (!e.KYC_DATA_KEY)
      problems.push(
        'KYC_DATA_KEY: required in production (the key that encrypts ID numbers and addresses at rest; at least 32 ' +
          'random characters)',
      );
    else if (weakSecret(e.KYC_DATA_KEY) || e.KYC_DATA_KEY === e.SECRET_KEY)
      problems.push('KYC_DATA_KEY: use its own random value (at least 32 characters), not a known one or SECRET_KEY');
    if (!e.ALLOW_CODE_LOG) {
      if (!e.SMTP_URL)
        problems.push(
          'SMTP_URL: required in production, or codes sent by e-mail would only be written to the log ' +
            '(ALLOW_CODE_LOG=1 allows that knowingly)',
        );
      if (!e.WHATSAPP_PHONE_NUMBER_ID)
        problems.push(
          'WHATSAPP_PHONE_NUMBER_ID / WHATSAPP_ACCESS_TOKEN: required in production, or codes sent by WhatsApp ' +
            'would only be written to the log (ALLOW_CODE_LOG=1 allows that knowingly)',
        );
    }
  }
  if (e.IDENTITY_API_URL && (!e.IDENTITY_APP_ID || !e.IDENTITY_SECRET_KEY))
    problems.push('IDENTITY_APP_ID and IDENTITY_SECRET_KEY: required with IDENTITY_API_URL');
  if (problems.length) throw new ConfigError(problems);
  const secretKey =
    e.SECRET_KEY ?? (e.NODE_ENV === 'test' ? randomBytes(32).toString('base64url') : dataDirSecret(e.DATA_DIR));
  return {
    env: e.NODE_ENV,
    port: e.API_PORT,
    host: e.API_HOST,
    databaseUrl: e.DATABASE_URL,
    databaseOwnerUrl: e.DATABASE_OWNER_URL,
    dataDir: e.DATA_DIR,
    redisUrl: e.REDIS_URL,
    redis: { commandTimeoutMs: e.REDIS_COMMAND_TIMEOUT_MS, connectTimeoutMs: e.REDIS_CONNECT_TIMEOUT_MS },
    smtpUrl: e.SMTP_URL,
    smtpTimeouts: {
      connectionMs: e.SMTP_CONNECTION_TIMEOUT_MS,
      greetingMs: e.SMTP_GREETING_TIMEOUT_MS,
      socketMs: e.SMTP_SOCKET_TIMEOUT_MS,
    },
    providerTimeoutMs: e.PROVIDER_TIMEOUT_MS,
    jobs: {
      pollIntervalMs: e.JOBS_POLL_INTERVAL_MS,
      outboxRetryLimit: e.OUTBOX_RETRY_LIMIT,
      outboxRetryDelayS: e.OUTBOX_RETRY_DELAY_S,
    },
    canary: {
      check: e.CANARY_CHECK === 'on',
      intervalS: e.CANARY_CHECK_INTERVAL_S,
      haltRatio: e.CANARY_HALT_RATIO,
      minErrors: e.CANARY_HALT_MIN_ERRORS,
      minLoads: e.CANARY_MIN_LOADS,
      healthyMinutes: e.CANARY_HEALTHY_MINUTES,
    },
    mailFrom: e.MAIL_FROM ?? `${e.PRODUCT_NAME} <no-reply@giftlane.ng>`,
    supportEmail: e.SUPPORT_EMAIL,
    supportWhatsapp: e.SUPPORT_WHATSAPP ?? '',
    supportPhone: e.SUPPORT_PHONE ?? '',
    secretKey,
    allowCodeLog: e.NODE_ENV === 'production' && e.ALLOW_CODE_LOG,
    signMode: e.SIGN_MODE,
    replyCheck: e.REPLY_CHECK ?? (e.NODE_ENV === 'production' ? 'log' : 'refuse'),
    appKeys: e.APP_KEYS,
    productName: e.PRODUCT_NAME,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    requestRefs: { days: e.REQUEST_REFS_DAYS, perSecond: e.REQUEST_REFS_PER_SECOND },
    metrics: { port: e.METRICS_PORT, host: e.METRICS_HOST, token: e.METRICS_TOKEN },
    bodyLimit: e.BODY_LIMIT,
    timeouts: { headersMs: e.HEADERS_TIMEOUT_MS, requestMs: e.REQUEST_TIMEOUT_MS, bodyMs: e.BODY_TIMEOUT_MS },
    maxConnections: e.MAX_CONNECTIONS,
    db: {
      max: e.DB_POOL_MAX,
      acquireTimeoutMs: e.DB_ACQUIRE_TIMEOUT_MS,
      statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
      lockTimeoutMs: e.DB_LOCK_TIMEOUT_MS,
      idleInTransactionTimeoutMs: e.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      prepared: e.DB_PREPARED_STATEMENTS === '1',
    },
    session: {
      ttlMs: e.SESSION_TTL_HOURS * 3600_000,
      idleMs: e.SESSION_IDLE_HOURS * 3600_000,
      cacheMs: e.SESSION_CACHE_MS,
    },
    cacheTtlMs: e.CACHE_TTL_MS,
    rateLimit: {
      authPerMin: e.RATE_LIMIT_AUTH_PER_MIN,
      codePerMin: e.RATE_LIMIT_CODE_PER_MIN,
      lookupPerHour: e.RATE_LIMIT_LOOKUP_PER_HOUR,
      codesPerIpHour: e.RATE_LIMIT_CODES_PER_IP_HOUR,
    },
    accountLimit: { authPerHour: e.RATE_LIMIT_AUTH_PER_ACCOUNT_HOUR, codePerHour: e.RATE_LIMIT_CODE_PER_ADDRESS_HOUR },
    opsSignIn: {
      freeFailures: e.OPS_SIGN_IN_FREE_FAILURES,
      delayMs: e.OPS_SIGN_IN_DELAY_SECONDS * 1000,
      maxDelayMs: e.OPS_SIGN_IN_MAX_DELAY_MINUTES * 60_000,
    },
    whatsapp: {
      apiUrl: e.WHATSAPP_API_URL,
      phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID,
      accessToken: e.WHATSAPP_ACCESS_TOKEN,
      template: e.WHATSAPP_TEMPLATE,
      templateLang: e.WHATSAPP_TEMPLATE_LANG,
    },
    google: { jwksUrl: e.GOOGLE_JWKS_URL, clientIds: e.GOOGLE_CLIENT_IDS, issuers: e.GOOGLE_ISSUERS },
    apple: { jwksUrl: e.APPLE_JWKS_URL, clientIds: e.APPLE_CLIENT_IDS, issuer: e.APPLE_ISSUER },
    facebook: { debugUrl: e.FACEBOOK_DEBUG_URL, appId: e.FACEBOOK_APP_ID, appSecret: e.FACEBOOK_APP_SECRET },
    uploadDir: e.UPLOAD_DIR,
    uploadBucket: e.UPLOAD_S3_BUCKET
      ? {
          bucket: e.UPLOAD_S3_BUCKET,
          prefix: e.UPLOAD_S3_PREFIX,
          region: e.UPLOAD_S3_REGION,
          endpoint: e.UPLOAD_S3_ENDPOINT,
          pathStyle: e.UPLOAD_S3_PATH_STYLE,
          credentials:
            e.UPLOAD_S3_ACCESS_KEY_ID && e.UPLOAD_S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.UPLOAD_S3_ACCESS_KEY_ID, secretAccessKey: e.UPLOAD_S3_SECRET_ACCESS_KEY }
              : undefined,
          timeoutMs: e.UPLOAD_S3_TIMEOUT_MS,
          maxAttempts: 2,
        }
      : undefined,
    publicUrl: (e.PUBLIC_ORIGIN ?? `http://${e.API_HOST}:${e.API_PORT}`).replace(/\/+$/, ''),

    payout: { provider: e.PAYOUT_PROVIDER, paystackUrl: e.PAYSTACK_API_URL, paystackKey: e.PAYSTACK_SECRET_KEY },
    googleOAuth: {
      tokenUrl: e.GOOGLE_TOKEN_URL,
      tokenInfoUrl: e.GOOGLE_TOKENINFO_URL,
      clientSecret: e.GOOGLE_CLIENT_SECRET,
    },
    appleCode: {
      tokenUrl: e.APPLE_TOKEN_URL,
      teamId: e.APPLE_TEAM_ID,
      keyId: e.APPLE_KEY_ID,
      privateKey: e.APPLE_PRIVATE_KEY?.replace(/\\n/g, '\n'),
    },
    push: {
      url: e.EXPO_PUSH_URL,
      accessToken: e.EXPO_ACCESS_TOKEN,
      intervalMs: e.PUSH_INTERVAL_MS ?? (e.NODE_ENV === 'test' ? 0 : 3000),
    },
    security: {
      coolingOffMs: e.COOLING_OFF_HOURS * 3600_000,
      reauthGraceMs: e.REAUTH_GRACE_MINUTES * 60_000,
      siteUrl: (e.SITE_URL ?? e.PUBLIC_ORIGIN ?? 'http://localhost:8080').replace(/\/+$/, ''),
    },
    review: {
      rateTolerancePercent: e.REVIEW_RATE_TOLERANCE_PERCENT,
      fourEyesAbove: e.FOUR_EYES_ABOVE,
      dailyCap: e.REVIEWER_DAILY_CAP,
    },
    withdraw: { duplicateWindowMinutes: e.WITHDRAW_DUPLICATE_MINUTES },
    telemetry: {
      perDeviceMin: e.TELEMETRY_PER_DEVICE_MIN,
      perIpMin: e.TELEMETRY_PER_IP_MIN,
      keepDays: e.TELEMETRY_KEEP_DAYS,
    },
    kyc: {
      apiUrl: e.IDENTITY_API_URL,
      appId: e.IDENTITY_APP_ID,
      secretKey: e.IDENTITY_SECRET_KEY,
      standInPort: e.IDENTITY_STAND_IN_PORT,
      // Outside production the data key is derived from SECRET_KEY (the vault derives its own keys by HKDF).
      dataKey: e.KYC_DATA_KEY ?? `kyc:${secretKey}`,
      tiers: e.KYC_TIERS,
    },
  };
}

/** A config for tests and in-process starts: the defaults, with overrides. */
export function configFrom(overrides: Partial<Config> = {}, env: Record<string, string | undefined> = {}): Config {
  return { ...loadConfig({ NODE_ENV: 'test', ...env }), ...overrides };
}
