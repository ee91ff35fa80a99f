import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { OpsDeps } from './context.js';
import { deadLetters, retryDeadLetter } from './dead-letter-service.js';
import { opsRoute } from './route.js';

export { DEAD_LETTER_MESSAGES } from './dead-letter-service.js';

/** Dead letters: jobs and messages that failed every attempt, and their retry. */
export function deadLetterRoutes(app: FastifyInstance, deps: OpsDeps): void {
  opsRoute(app, {
    method: 'GET',
    path: '/ops/api/dead-letters',
    roles: ['finance'],
    summary: 'Jobs and messages that failed every attempt, newest first (admin, finance)',
    handler: () => deadLetters(deps.db),
  });

  opsRoute(app, {
    method: 'POST',
    path: '/ops/api/dead-letters/:id/retry',
    roles: ['admin'],
    summary: 'Send a dead job or message again (admin), with a reason',
    params: z.object({ id: z.coerce.number().int().positive() }),
    body: z.object({ reason: z.string().trim().min(3).max(500) }),
    handler: ({ staff, params, body }) => retryDeadLetter(deps.db, deps, { staff, id: params.id, reason: body.reason }),
  });
}
