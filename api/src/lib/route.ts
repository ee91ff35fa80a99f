import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkReply, isGcPath, type GcPath } from '@giftlane/shared-sdk/gc/replies/all';
import { ok } from './envelope.js';
import { AccountLimited } from './limits.js';

/**
 * auth: sign-in/sign-up; code: sending and checking codes; lookup: checkUsername, which tells whether an address is
 * registered.
 */
export type RateLimitKind = 'auth' | 'code' | 'lookup';

type AccountLimiter = (
  req: FastifyRequest,
) => Promise<{ isAllowed: boolean; isExceeded?: boolean; ttlInSeconds?: number }>;

/**
 * Who a limited call is about, whatever address it comes from: the username / e-mail / WhatsApp
 * number in the body (lower-cased; a number by its digits), else the signed-in user.
 */
export function accountKeyOf(req: FastifyRequest): string | null {
  const b = (req.body ?? {}) as Record<string, unknown>;
  const field = [b.username, b.email, b.whatsapp].find((v): v is string => typeof v === 'string' && v.trim() !== '');
  if (field) {
    const v = field.trim().toLowerCase();
    if (v.includes('@')) return v;
    const digits = v.replace(/\D/g, '');
    return digits.length >= 6 ? digits : v;
  }
  return req.auth ? `user:${req.auth.userId}` : null;
}

/**
 * The per-account limiters of one app, shared by every route of a kind: sign-in attempts per
 * account and code calls per address are counted across routes (in Redis when REDIS_URL is set).
 */
const accountLimiters = new WeakMap<object, Record<'auth' | 'code', AccountLimiter>>();
function accountLimiter(app: FastifyInstance, kind: 'auth' | 'code'): AccountLimiter {
  let pair = accountLimiters.get(app.config);
  if (!pair) {
    const make = (k: 'auth' | 'code', max: number): AccountLimiter =>
      app.createRateLimit({
        max,
        timeWindow: 3_600_000,
        keyGenerator: (req: FastifyRequest) => `account-${k}:${accountKeyOf(req)}`,
      }) as AccountLimiter;
    pair = {
      auth: make('auth', app.config.accountLimit.authPerHour),
      code: make('code', app.config.accountLimit.codePerHour),
    };
    accountLimiters.set(app.config, pair);
  }
  return pair[kind];
}

/** The content type Fastify gives a reply it serializes: a reply sent as ready bytes says the same. */
const JSON_TYPE = 'application/json; charset=utf-8';

/** A reply whose envelope carries fields beside `data` (CONTRACT: the paging of getAvailableCoupon). */
export class WithTopLevel<T> {
  constructor(
    readonly data: T,
    readonly extra: Record<string, unknown>,
  ) {}
}

export interface GcRoute<S extends z.ZodType> {
  /** The path under /gc, e.g. '/user/userInfo'. */
  path: string;
  summary: string;
  description?: string;
  body: S;
  auth?: 'required' | 'optional';
  limit?: RateLimitKind;
  /**
   * For a reply that is the same for every caller and follows only from these values (reference data, as its cache
   * holds them): the envelope is built, checked against the contract and serialized once for each set of values (by
   * identity), and served as those bytes until one of them is replaced.
   */
  sameForAll?: () => Promise<readonly unknown[]>;
  handler: (req: FastifyRequest & { body: z.output<S> }, reply: FastifyReply) => Promise<unknown>;
}

/**
 * Registers one POST /gc route: signed form body, zod-validated fields (messages for users), the
 * token check, a rate limit when asked, and the success envelope around what the handler returns.
 */
export function gcRoute<S extends z.ZodType>(app: FastifyInstance, def: GcRoute<S>): void {
  const path = def.path.slice(1);
  if (!isGcPath(path)) throw new Error(`/gc${def.path} has no reply schema in shared-sdk/src/gc/replies`);
  const tag = def.path.split('/').filter(Boolean).slice(0, -1).join('/') || 'gc';
  const limits = app.config.rateLimit;
  const rateLimit =
    def.limit === 'auth'
      ? { max: limits.authPerMin, timeWindow: 60_000 }
      : def.limit === 'code'
        ? { max: limits.codePerMin, timeWindow: 60_000 }
        : def.limit === 'lookup'
          ? { max: limits.lookupPerHour, timeWindow: 3600_000 }
          : undefined;
  const perAccount = def.limit && def.limit !== 'lookup' ? accountLimiter(app, def.limit) : undefined;
  let built: { sources: readonly unknown[]; body: Buffer } | undefined;
  app.withTypeProvider<ZodTypeProvider>().post(
    `/gc${def.path}`,
    {
      schema: {
        summary: def.summary,
        description: def.description,
        tags: [tag],
        body: def.body,
        ...(def.auth ? { security: [{ token: [] }] } : {}),
      },
      config: { gc: true, auth: def.auth, ...(rateLimit ? { rateLimit } : {}) },
      // Per IP above (before the body is read); per account here, once the body says whose it is.
      ...(perAccount
        ? {
            preHandler: async (req: FastifyRequest, reply: FastifyReply) => {
              if (!accountKeyOf(req)) return;
              const r = await perAccount(req);
              if (!r.isAllowed && r.isExceeded) {
                const refusal = new AccountLimited(r.ttlInSeconds ?? 60);
                reply.header('retry-after', String(refusal.retryAfterSeconds));
                throw refusal;
              }
            },
          }
        : {}),
    },
    async (req, reply) => {
      if (def.sameForAll) {
        const sources = await def.sameForAll();
        if (!built || built.sources.length !== sources.length || built.sources.some((v, i) => v !== sources[i])) {
          const data = await def.handler(req as FastifyRequest & { body: z.output<S> }, reply);
          checkAgainstContract(app, req, path, data);
          // Bytes, not a string: each reply sends them as they are, without encoding a copy.
          built = { sources, body: Buffer.from(JSON.stringify(ok(data)), 'utf8') };
        }
        return reply.type(JSON_TYPE).send(built.body);
      }
      const result = await def.handler(req as FastifyRequest & { body: z.output<S> }, reply);
      const data = result instanceof WithTopLevel ? result.data : result;
      checkAgainstContract(app, req, path, data);
      return result instanceof WithTopLevel ? { ...ok(result.data), ...result.extra } : ok(result);
    },
  );
}

/**
 * Every success reply is checked against its path's schema in shared-sdk, the one the SDK decodes it
 * with. Outside production a reply that does not match is refused (an internal error, logged with
 * what differs), so the suites fail; in production it is logged and sent (REPLY_CHECK).
 */
function checkAgainstContract(app: FastifyInstance, req: FastifyRequest, path: GcPath, data: unknown): void {
  const check = checkReply(path, data);
  if (check.ok) return;
  req.log.error({ path, issues: check.issues }, 'reply outside the /gc contract (shared-sdk/src/gc/replies)');
  if (app.config.replyCheck === 'refuse')
    throw new Error(`/gc/${path} answered outside the contract: ${check.issues.join('; ')}`);
}
