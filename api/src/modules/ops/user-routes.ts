import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { OpsDeps } from './context.js';
import { opsRoute } from './route.js';
import {
  endCoolingOff,
  failedRequests,
  findUsers,
  freeze,
  unfreeze,
  USER_MESSAGES,
  userDetail,
  userLinks,
} from './user-service.js';

export { USER_MESSAGES } from './user-service.js';

const params = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** Support's view of a seller, and the freezes and holds staff set or lift. */
export function userRoutes(app: FastifyInstance, deps: OpsDeps): void {
  opsRoute(app, {
    method: 'GET',
    path: '/ops/api/users',
    roles: ['reviewer', 'finance'],
    summary:
      "Find users by e-mail, WhatsApp/phone, id, order number, withdrawal number or a failed request's reference",
    query: z.object({ q: z.string().trim().min(1, USER_MESSAGES.query).max(254) }),
    handler: ({ query }) => findUsers(deps.db, query.q),
  });

  opsRoute(app, {
    method: 'GET',
    path: '/ops/api/request-refs/:ref',
    roles: ['reviewer', 'finance'],
    summary: 'Failed requests by the reference the seller was shown',
    params: z.object({ ref: z.string().trim().max(40) }),
    handler: ({ params: p }) => failedRequests(deps.requestRefs, p.ref),
  });

  opsRoute(app, {
    method: 'GET',
    path: '/ops/api/users/:id',
    roles: ['reviewer', 'finance'],
    summary:
      'A user: profile, balances, ledger entries, orders, withdrawals, payout accounts (with a new one’s wait), ' +
      'sessions, security events',
    params,
    handler: ({ staff, params: p }) => userDetail(deps.db, deps, { staff, id: p.id }),
  });

  opsRoute(app, {
    method: 'GET',
    path: '/ops/api/users/:id/links',
    roles: ['reviewer', 'finance'],
    summary: 'Other accounts that share a verified identity, a payout account or a device with this one, and which',
    params,
    handler: ({ staff, params: p }) => userLinks(deps.db, { staff, id: p.id }),
  });

  opsRoute(app, {
    method: 'POST',
    path: '/ops/api/users/:id/freeze',
    roles: ['finance'],
    summary:
      'Freeze a user’s withdrawals with a reason they are shown in the app (admin or finance, audited); admins lift ' +
      'it with …/unfreeze',
    params,
    body: z.object({ reason: z.string().trim().min(3).max(300) }),
    handler: ({ staff, params: p, body }) => freeze(deps.db, deps, { staff, id: p.id, reason: body.reason }),
  });

  // Lifting a freeze and ending the cooling-off: admins, after support has checked with the owner.
  const reason = z.object({ reason: z.string().trim().min(3).max(500) });
  opsRoute(app, {
    method: 'POST',
    path: '/ops/api/users/:id/unfreeze',
    roles: ['admin'],
    summary: 'Lift a withdrawal freeze, set by "this wasn\'t me" or by staff (admin, audited)',
    params,
    body: reason,
    handler: ({ staff, params: p, body }) => unfreeze(deps.db, deps, { staff, id: p.id, reason: body.reason }),
  });

  opsRoute(app, {
    method: 'POST',
    path: '/ops/api/users/:id/end-hold',
    roles: ['admin'],
    summary: 'End the cooling-off after a security change and the 24 h wait of new payout accounts (admin, audited)',
    params,
    body: reason,
    handler: ({ staff, params: p, body }) => endCoolingOff(deps.db, deps, { staff, id: p.id, reason: body.reason }),
  });
}
