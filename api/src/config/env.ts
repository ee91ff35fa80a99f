import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The api package folder (api/), so the default data folder does not depend on the working directory. */
export const API_ROOT = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');

export const DEFAULT_APP_KEYS: Record<string, string> = { gl_web: '8f3c2a1d9b7e4f6a0c5d2e8b1a7f3c9d' };

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
  DATA_DIR: z.string().min(1).default(path.join(API_ROOT, '.data')),
  REDIS_URL: optionalUrl,
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().optional(),
  SUPPORT_EMAIL: z.email().default('support@giftlane.ng'),
  /** Support's WhatsApp and phone numbers in E.164 (+234…), shown on Contact and Help; unset: not shown. */
  SUPPORT_WHATSAPP: z.string().regex(/^\+\d{8,15}$/, { error: 'must be a number in E.164 form, e.g. +2348012345678' }).optional(),
  SUPPORT_PHONE: z.string().regex(/^\+\d{8,15}$/, { error: 'must be a number in E.164 form, e.g. +2348012345678' }).optional(),
  /** Keys the HMAC of stored one-time codes. Required in production; a fixed development value otherwise. */
  SECRET_KEY: z.string().min(32).optional(),
  SIGN_MODE: z.enum(['enforce', 'log']).default('enforce'),
  APP_KEYS: appKeys,
  PRODUCT_NAME: z.string().min(1).default('GiftLane'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: boolish,
  BODY_LIMIT: z.coerce.number().int().min(1024).default(64 * 1024),
  SESSION_TTL_HOURS: z.coerce.number().positive().default(24 * 30),
  SESSION_IDLE_HOURS: z.coerce.number().positive().default(24 * 7),
  /** Rate limits are per minute and per client IP (and per address for OTP sends, in the database). */
  RATE_LIMIT_AUTH_PER_MIN: z.coerce.number().int().positive().default(20),
  RATE_LIMIT_CODE_PER_MIN: z.coerce.number().int().positive().default(10),
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
  UPLOAD_DIR: z.string().min(1).default(path.join(API_ROOT, '.data', 'uploads')),
  /** The api's public base URL, used in presigned upload URLs and image links. */
  // Where browsers reach the api's uploads; '/' = the same origin as the page (behind the edge).
  PUBLIC_URL: z.union([z.literal('/'), z.url()]).optional(),
  /** Account-name look-ups and payouts: 'dev' (deterministic, offline) or 'paystack'. */
  PAYOUT_PROVIDER: z.enum(['dev', 'paystack']).default('dev'),
  PAYSTACK_API_URL: z.url().default('https://api.paystack.co'),
  PAYSTACK_SECRET_KEY: z.string().optional(),
});

export type Env = z.output<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  databaseUrl?: string;
  dataDir: string;
  redisUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  supportEmail: string;
  /** Support's WhatsApp and phone numbers ('' when not set: not shown). */
  supportWhatsapp: string;
  supportPhone: string;
  secretKey: string;
  signMode: 'enforce' | 'log';
  appKeys: Record<string, string>;
  productName: string;
  logLevel: Env['LOG_LEVEL'];
  trustProxy: boolean;
  bodyLimit: number;
  session: { ttlMs: number; idleMs: number };
  rateLimit: { authPerMin: number; codePerMin: number };
  whatsapp: { apiUrl: string; phoneNumberId?: string; accessToken?: string; template: string; templateLang: string };
  google: { jwksUrl: string; clientIds: string[]; issuers: string[] };
  apple: { jwksUrl: string; clientIds: string[]; issuer: string };
  facebook: { debugUrl: string; appId?: string; appSecret?: string };
  uploadDir: string;
  publicUrl: string;
  payout: { provider: 'dev' | 'paystack'; paystackUrl: string; paystackKey?: string };
}

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
  if (e.PAYOUT_PROVIDER === 'paystack' && !e.PAYSTACK_SECRET_KEY) problems.push('PAYSTACK_SECRET_KEY: required when PAYOUT_PROVIDER=paystack');
  if (e.NODE_ENV === 'production' && !e.SECRET_KEY) problems.push('SECRET_KEY: required in production (at least 32 characters)');
  if (problems.length) throw new ConfigError(problems);
  return {
    env: e.NODE_ENV,
    port: e.API_PORT,
    host: e.API_HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `${e.PRODUCT_NAME} <no-reply@giftlane.ng>`,
    supportEmail: e.SUPPORT_EMAIL,
    supportWhatsapp: e.SUPPORT_WHATSAPP ?? '',
    supportPhone: e.SUPPORT_PHONE ?? '',
    secretKey: e.SECRET_KEY ?? 'giftlane-development-secret-key-not-for-production',
    signMode: e.SIGN_MODE,
    appKeys: e.APP_KEYS,
    productName: e.PRODUCT_NAME,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    bodyLimit: e.BODY_LIMIT,
    session: { ttlMs: e.SESSION_TTL_HOURS * 3600_000, idleMs: e.SESSION_IDLE_HOURS * 3600_000 },
    rateLimit: { authPerMin: e.RATE_LIMIT_AUTH_PER_MIN, codePerMin: e.RATE_LIMIT_CODE_PER_MIN },
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
    publicUrl: (e.PUBLIC_URL ?? `http://${e.API_HOST}:${e.API_PORT}`).replace(/\/+$/, ''),

    payout: { provider: e.PAYOUT_PROVIDER, paystackUrl: e.PAYSTACK_API_URL, paystackKey: e.PAYSTACK_SECRET_KEY },
  };
}

/** A config for tests and in-process starts: the defaults, with overrides. */
export function configFrom(overrides: Partial<Config> = {}, env: Record<string, string | undefined> = {}): Config {
  return { ...loadConfig({ NODE_ENV: 'test', ...env }), ...overrides };
}
