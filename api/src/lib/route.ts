import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from './envelope.js';

/** auth: sign-in/sign-up; code: sending and checking codes; lookup: checkUsername, which tells whether an address is registered. */
export type RateLimitKind = 'auth' | 'code' | 'lookup';

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
  handler: (req: FastifyRequest & { body: z.output<S> }, reply: FastifyReply) => Promise<unknown>;
}

/**
 * Registers one POST /gc route: signed form body, zod-validated fields (messages for users), the
 * token check, a rate limit when asked, and the success envelope around what the handler returns.
 */
export function gcRoute<S extends z.ZodType>(app: FastifyInstance, def: GcRoute<S>): void {
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
    },
    async (req, reply) => {
      const result = await def.handler(req as FastifyRequest & { body: z.output<S> }, reply);
      return result instanceof WithTopLevel ? { ...ok(result.data), ...result.extra } : ok(result);
    },
  );
}
