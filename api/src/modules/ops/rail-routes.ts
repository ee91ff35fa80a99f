import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { OpsDeps } from './context.js';
import { markRail, RAIL_MESSAGES, rails } from './rail-service.js';
import { opsRoute } from './route.js';

/** Payout rails: what sellers are told when one is delayed. Finance pays out, so finance marks them. */
export function railRoutes(app: FastifyInstance, deps: OpsDeps): void {
  opsRoute(app, {
    method: 'GET',
    path: '/ops/api/rails',
    roles: ['finance'],
    summary: 'Every payout rail and what sellers are told about it',
    handler: () => rails(deps.db),
  });

  opsRoute(app, {
    method: 'POST',
    path: '/ops/api/rails/:code/delay',
    roles: ['finance'],
    summary:
      'Mark a payout rail delayed with a message sellers read on /status and in the withdraw form; an empty ' +
      'message clears it (finance, admin; audited)',
    params: z.object({ code: z.string().max(40) }),
    body: z.object({
      message: z.string({ error: 'message must be text' }).max(300, { error: RAIL_MESSAGES.messageTooLong }),
      reason: z.string().max(500).optional(),
    }),
    handler: ({ staff, params, body }) => markRail(deps.db, { staff, code: params.code, ...body }),
  });
}
