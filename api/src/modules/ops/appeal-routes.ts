import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { appealDetail, appealQueue, appealStatsView, resolveAppealAction, takeAppealAction } from './appeal-service.js';
import type { OpsDeps } from './context.js';
import { opsRoute } from './route.js';

const appealParams = z.object({ appeal_no: z.string().max(64) });

/** The appeal queue: a seller's appeal on a decided order, answered by a different staff member. */
export function appealRoutes(app: FastifyInstance, deps: OpsDeps): void {
  opsRoute(app, {
    method: 'GET',
    path: '/ops/api/appeals',
    roles: ['reviewer'],
    summary: 'Open appeals, breached clock first, then oldest',
    handler: () => appealQueue(deps.db, deps),
  });

  opsRoute(app, {
    method: 'GET',
    path: '/ops/api/appeals/stats',
    roles: ['reviewer'],
    summary: 'Per reviewer: decisions with a failed card, appealed, upheld, overturned, and the overturn rate',
    handler: () => appealStatsView(deps.db),
  });

  opsRoute(app, {
    method: 'GET',
    path: '/ops/api/appeals/:appeal_no',
    roles: ['reviewer'],
    summary: 'An appeal: the evidence, the seller’s note and photos, and the original decision',
    params: appealParams,
    handler: ({ staff, params }) => appealDetail(deps.db, deps, { staff, appealNo: params.appeal_no }),
  });

  opsRoute(app, {
    method: 'POST',
    path: '/ops/api/appeals/:appeal_no/take',
    roles: ['reviewer'],
    summary: 'Take an appeal (never the staff member who decided the order)',
    params: appealParams,
    handler: ({ staff, params }) => takeAppealAction(deps.db, deps, { staff, appealNo: params.appeal_no }),
  });

  opsRoute(app, {
    method: 'POST',
    path: '/ops/api/appeals/:appeal_no/resolve',
    roles: ['reviewer'],
    summary: 'Uphold an appeal with a reason, or overturn it: the difference is credited to the seller once',
    params: appealParams,
    body: z.object({ outcome: z.enum(['upheld', 'overturned']), reason: z.string().max(1000).default('') }),
    handler: ({ staff, params, body }) =>
      resolveAppealAction(deps.db, deps, {
        staff,
        appealNo: params.appeal_no,
        outcome: body.outcome,
        reason: body.reason,
      }),
  });
}
