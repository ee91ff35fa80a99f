import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { approvals, approve, reject } from './approval-service.js';
import type { OpsDeps } from './context.js';
import { ANY_STAFF, opsRoute } from './route.js';

const idParams = z.object({ id: z.coerce.number().int().positive() });

/** Four-eyes: the requests waiting for a second operator, and their approval or rejection. */
export function approvalRoutes(app: FastifyInstance, deps: OpsDeps): void {
  opsRoute(app, {
    method: 'GET',
    path: '/ops/api/approvals',
    roles: ['reviewer', 'finance'],
    summary: 'Requests for a second operator, oldest first',
    query: z.object({ status: z.enum(['pending', 'approved', 'rejected']).default('pending') }),
    handler: ({ query }) => approvals(deps.db, deps, query.status),
  });

  // Who may act depends on the request's kind (or, to withdraw it, on who asked): checked on the request.
  opsRoute(app, {
    method: 'POST',
    path: '/ops/api/approvals/:id/approve',
    roles: ANY_STAFF,
    summary: 'Approve another operator’s request: the decision or correction is carried out now',
    params: idParams,
    body: z.object({ note: z.string().max(500).default('') }),
    handler: ({ staff, params, body }) => approve(deps.db, deps, { staff, id: params.id, note: body.note }),
  });

  opsRoute(app, {
    method: 'POST',
    path: '/ops/api/approvals/:id/reject',
    roles: ANY_STAFF,
    summary: 'Reject a request (or withdraw your own): nothing is carried out',
    params: idParams,
    body: z.object({ reason: z.string().min(3).max(500) }),
    handler: ({ staff, params, body }) => reject(deps.db, deps, { staff, id: params.id, reason: body.reason }),
  });
}
