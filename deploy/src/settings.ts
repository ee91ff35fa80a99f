// Every setting the edge server, `npm start`, `npm run dev` and the release tool read from the
// environment, in one place, validated once: a wrong value stops the process with every problem
// listed, instead of being ignored or read differently in two places. README "Production settings".
import { z } from 'zod';

const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);
const ms = (fallback: number) => z.coerce.number().int().min(1000).default(fallback);
const flag = z
  .enum(['0', '1'])
  .default('0')
  .transform((v) => v === '1');
/** An http(s) address (WHATWG would also take `api:3001` as a URL). */
const url = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });
const csv = z
  .string()
  .default('')
  .transform((s) =>
    s
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean),
  );

/** A listen address that means every interface. */
export const isWildcardHost = (host: string): boolean => ['0.0.0.0', '::', '[::]', '*', '::0'].includes(host.trim());

const deployFields = z.object({
  NODE_ENV: z.string().default('development'),
  /** The site's port and address (`npm start`, the edge alone). */
  PORT: port(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  /** The site's origin as browsers reach it; default `http://HOST:PORT`. */
  PUBLIC_ORIGIN: url.optional(),
  /** `npm start`'s in-process api port; `API_URL` uses an api running elsewhere instead. */
  API_PORT: port(3001),
  API_URL: url.optional(),
  /** The environment whose live versions are served. */
  GL_ENV: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'must be a short lower-case name, e.g. local or production')
    .default('local'),
  SKIP_BUILD: flag,
  EDGE_LOG: flag,
  BEHIND_TLS: flag,
  /** `off` is the service worker's kill switch (RELEASING.md "The service worker"). */
  SERVICE_WORKER: z.enum(['on', 'off']).default('on'),
  /** `off` sends every page without its prerendered content (README "Prerendered pages"). */
  PRERENDER: z.enum(['on', 'off']).default('on'),
  /**
   * Share of page loads whose shell reports telemetry (README "Client telemetry"), 0–100; unset:
   * every page load (the shell's default). 0 turns the reports off.
   */
  TELEMETRY_SAMPLE_PERCENT: z.coerce.number().min(0).max(100).optional(),
  /** The release store: a directory, or an S3-compatible bucket. */
  RELEASE_DIR: z.string().min(1).optional(),
  RELEASE_S3_BUCKET: z.string().min(1).optional(),
  RELEASE_S3_PREFIX: z.string().optional(),
  RELEASE_S3_ENDPOINT: url.optional(),
  RELEASE_S3_PATH_STYLE: flag,
  AWS_REGION: z.string().default('auto'),
  /** Where browsers load release files from: the edge's `/releases`, or a CDN in front of the store. */
  RELEASE_PUBLIC_URL: z
    .string()
    .default('/releases')
    .refine((s) => s.startsWith('/') || /^https?:\/\/[^/]+/.test(s), 'must be a path (/releases) or an http(s) URL')
    .transform((s) => s.replace(/\/$/, '')),
  /** Who a release action is recorded as (default: git's user, then the OS user). */
  RELEASE_USER: z.string().optional(),
  /** The edge's HTTP limits. */
  EDGE_TRUSTED_PROXIES: csv,
  EDGE_HEADERS_TIMEOUT_MS: ms(10_000),
  EDGE_REQUEST_TIMEOUT_MS: ms(30_000),
  EDGE_BODY_TIMEOUT_MS: ms(15_000),
  EDGE_MAX_CONNECTIONS: z.coerce.number().int().min(1).default(4096),
  BODY_LIMIT: z.coerce
    .number()
    .int()
    .min(1024)
    .default(64 * 1024),
  /**
   * Request ids: a proxy in EDGE_TRUSTED_PROXIES may hand the edge its X-Request-Id; the
   * edge's metrics on a port of their own (off when unset), loopback unless EDGE_METRICS_HOST says.
   */
  EDGE_METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  EDGE_METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  EDGE_METRICS_TOKEN: z.string().min(24, 'at least 24 random characters').optional(),
  /** Public browser settings, put in the HTML (everything here is readable by anyone). */
  PRODUCT_NAME: z.string().optional(),
  GOOGLE_WEB_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_IDS: z.string().optional(),
  GOOGLE_SCRIPT_URL: url.optional(),
  FACEBOOK_APP_ID: z.string().optional(),
  FACEBOOK_SCRIPT_URL: url.optional(),
  APPLE_WEB_CLIENT_ID: z.string().optional(),
  APPLE_CLIENT_IDS: z.string().optional(),
  APPLE_SCRIPT_URL: url.optional(),
  APPLE_REDIRECT_URI: url.optional(),
  STORE_LINK_ANDROID: url.optional(),
  STORE_LINK_IOS: url.optional(),
});

export const deploySchema = deployFields.superRefine((s, ctx) => {
  if (s.EDGE_METRICS_PORT && s.EDGE_METRICS_PORT === s.PORT) {
    const message = 'must differ from PORT (metrics never go out on the public site)';
    ctx.addIssue({ code: 'custom', path: ['EDGE_METRICS_PORT'], message });
  }
  const everywhere = s.EDGE_METRICS_PORT !== undefined && isWildcardHost(s.EDGE_METRICS_HOST) && !s.EDGE_METRICS_TOKEN;
  if (s.NODE_ENV === 'production' && everywhere) {
    ctx.addIssue({
      code: 'custom',
      path: ['EDGE_METRICS_HOST'],
      message:
        `${s.EDGE_METRICS_HOST} listens on every interface; in production name a private address (or loopback), ` +
        'or set EDGE_METRICS_TOKEN so scrapers must present it',
    });
  }
});

export type DeploySettings = z.output<typeof deploySchema>;

export class DeploySettingsError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid settings:\n  - ${problems.join('\n  - ')}`);
    this.name = 'DeploySettingsError';
  }
}

/** Reads and checks the settings; an empty value counts as unset. Throws with every problem listed. */
export function readDeploySettings(env: Record<string, string | undefined>): DeploySettings {
  const given = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ''));
  const parsed = deploySchema.safeParse(given);
  if (!parsed.success)
    throw new DeploySettingsError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  return parsed.data;
}

let cached: DeploySettings | undefined;
/** This process's settings, read from its environment once. */
export function deploySettings(): DeploySettings {
  cached ??= readDeploySettings(process.env);
  return cached;
}
