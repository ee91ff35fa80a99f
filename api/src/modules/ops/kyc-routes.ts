import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { OpsDeps } from './context.js';
import { decideKyc, kycRequest, pendingKyc, revealId } from './kyc-review-service.js';
import { opsRoute } from './route.js';

const idParam = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** Level 3 verification in the console: the requests waiting, one request, its decision. */
export function kycReviewRoutes(app: FastifyInstance, deps: OpsDeps): void {
  opsRoute(app, {
    method: 'GET',
    path: '/ops/api/kyc',
    roles: ['reviewer'],
    summary: 'Level 3 verification requests waiting for a decision, oldest first',
    handler: () => pendingKyc(deps.db),
  });

  opsRoute(app, {
    method: 'GET',
    path: '/ops/api/kyc/:id',
    roles: ['reviewer'],
    summary: 'One level 3 request: the ID record (number masked), selfie, document photo, address. Audited',
    params: idParam,
    handler: ({ staff, params }) => kycRequest(deps.db, deps, { staff, id: params.id }),
  });

  opsRoute(app, {
    method: 'POST',
    path: '/ops/api/kyc/:id/reveal',
    roles: ['reviewer'],
    summary: 'The whole ID number of a request’s seller, with a reason (audited)',
    params: idParam,
    body: z.object({ reason: z.string().trim().min(5).max(300) }),
    handler: ({ staff, params, body }) => revealId(deps.db, deps, { staff, id: params.id, reason: body.reason }),
  });

  opsRoute(app, {
    method: 'POST',
    path: '/ops/api/kyc/:id/decide',
    roles: ['reviewer'],
    summary: 'Approve (level 3) or refuse a request with a reason the seller is shown (audited)',
    params: idParam,
    body: z.object({ outcome: z.enum(['verified', 'failed']), reason: z.string().trim().max(300).default('') }),
    handler: ({ staff, params, body }) => decideKyc(deps.db, deps, { ...body, staff, id: params.id }),
  });
}
