import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkOpsReply, isOpsRoute, type OpsRoute } from '@giftlane/shared-sdk/ops/replies';
import { AppError, ok } from '../../lib/envelope.js';
import type { Role, StaffAuth } from './staff.js';
import { PUBLIC_OPS_ROUTES } from './gate.js';

/** A member of staff acting on a request: who, and from which address (for the audit log). */
export type Actor = StaffAuth & { ip: string };

/** A file the api answers instead of the envelope (the payouts CSV). */
export class OpsFile {
  constructor(
    readonly name: string,
    readonly type: string,
    readonly text: string,
  ) {}
}

/** Every member of staff, whatever their role. */
export const ANY_STAFF = 'any staff';
/** Nobody signed in yet: the two steps of the sign-in. */
export const SIGNING_IN = 'signing in';

type Roles = readonly Role[] | typeof ANY_STAFF | typeof SIGNING_IN;
type Schema = z.ZodType;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface OpsContext<B, Q, P, R extends Roles> {
  /** The signed-in operator and their address (none while signing in). */
  staff: R extends typeof SIGNING_IN ? null : Actor;
  body: Out<B>;
  query: Out<Q>;
  params: Out<P>;
  ip: string;
  log: FastifyBaseLogger;
  req: FastifyRequest;
  reply: FastifyReply;
}

export interface OpsRouteDef<B, Q, P, R extends Roles> {
  method: 'GET' | 'POST';
  /** The full path, e.g. '/ops/api/orders/:order_no/claim'; `METHOD path` must be in shared-sdk/src/ops/replies.ts. */
  path: string;
  /** Who may call it: these roles (an admin may call every route), any staff, or anyone signing in. */
  roles: R;
  summary: string;
  body?: B;
  query?: Q;
  params?: P;
  /** Per client address per minute, before the body is read (the sign-in). */
  rateLimit?: { max: number; timeWindow: number };
  handler: (ctx: OpsContext<B, Q, P, R>) => Promise<unknown>;
}

export const ROLE_REFUSED = 'Your role cannot do this';

/** May a member of staff with this role do what `roles` allows? (an admin may do everything) */
export const roleMay = (role: Role, roles: readonly Role[]) => role === 'admin' || roles.includes(role);

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in operator of an /ops/api request (set by the staff gate before the body is read). */
    staff: StaffAuth | null;
  }
  interface FastifyContextConfig {
    /** An operator route: who may call it, checked before its body is read. */
    ops?: { route: OpsRoute; roles: Roles };
  }
}

/**
 * Registers one operator route: the role checked on the request before its body is read or
 * validated (the staff gate has already resolved the session), zod-validated body, query and
 * parameters, the envelope around what the handler returns, and that reply checked against the
 * route's schema in shared-sdk — the one the console decodes it with.
 */
export function opsRoute<
  B extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  P extends Schema | undefined = undefined,
  R extends Roles = Roles,
>(app: FastifyInstance, def: OpsRouteDef<B, Q, P, R>): void {
  const route = `${def.method} ${def.path}`;
  if (!isOpsRoute(route)) throw new Error(`${route} has no reply schema in shared-sdk/src/ops/replies.ts`);
  if ((def.roles === SIGNING_IN) !== PUBLIC_OPS_ROUTES.has(def.path))
    throw new Error(`${route}: only the sign-in is open to callers without a session`);
  const roles = def.roles;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: def.method,
    url: def.path,
    schema: {
      tags: ['ops'],
      summary: def.summary,
      ...(def.body ? { body: def.body } : {}),
      ...(def.query ? { querystring: def.query } : {}),
      ...(def.params ? { params: def.params } : {}),
    },
    config: { ops: { route, roles }, ...(def.rateLimit ? { rateLimit: def.rateLimit } : {}) },
    // After the staff gate (an app-wide onRequest hook), before the body is read.
    onRequest: async (req) => {
      if (roles === SIGNING_IN || roles === ANY_STAFF) return;
      const s = req.staff;
      if (!s) throw new Error(`${route}: the staff gate did not run`);
      if (!roleMay(s.role, roles)) throw new AppError(ROLE_REFUSED, 'common.403', 403);
    },
    handler: async (req, reply) => {
      const staff = req.staff ? { ...req.staff, ip: req.ip } : null;
      const ctx = {
        staff,
        body: req.body,
        query: req.query,
        params: req.params,
        ip: req.ip,
        log: req.log,
        req,
        reply,
      } as unknown as OpsContext<B, Q, P, R>;
      const result = await def.handler(ctx);
      if (result instanceof OpsFile) {
        checkAgainstContract(app, req, route, result.text);
        return reply
          .type(result.type)
          .header('content-disposition', `attachment; filename="${result.name}"`)
          .send(result.text);
      }
      checkAgainstContract(app, req, route, result);
      return ok(result);
    },
  });
}

/**
 * Every success reply is checked against its route's schema in shared-sdk, as it goes on the wire
 * (times as strings). Outside production a reply that does not match is refused (an internal error,
 * logged with what differs), so the suites fail; in production it is logged and sent (REPLY_CHECK).
 */
function checkAgainstContract(app: FastifyInstance, req: FastifyRequest, route: OpsRoute, data: unknown): void {
  const wire: unknown = data === undefined ? null : JSON.parse(JSON.stringify(data));
  const check = checkOpsReply(route, wire);
  if (check.ok) return;
  req.log.error({ route, issues: check.issues }, 'reply outside the operator contract (shared-sdk/src/ops/replies.ts)');
  if (app.config.replyCheck === 'refuse')
    throw new Error(`${route} answered outside the contract: ${check.issues.join('; ')}`);
}
