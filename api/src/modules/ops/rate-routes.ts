import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { OpsDeps } from './context.js';
import { cancelRateChange, changeRates, PAYOUT_CURRENCIES, rateHistory, rateTable } from './rate-service.js';
import { opsRoute } from './route.js';

export { RATE_MESSAGES } from './rate-service.js';

/** Rates: every card's rate in each payout currency, its changes now or later, and their history. */
export function rateRoutes(app: FastifyInstance, deps: OpsDeps): void {
  opsRoute(app, {
    method: 'GET',
    path: '/ops/api/rates',
    roles: ['reviewer', 'finance'],
    summary: 'Every active card with its rate in force in each payout currency, and the changes scheduled',
    handler: () => rateTable(deps.db, deps),
  });

  opsRoute(app, {
    method: 'POST',
    path: '/ops/api/rates',
    roles: ['admin'],
    summary: 'Change rates (admin): one or more cards and payout currencies, now or at effective_at, with a reason',
    body: z.object({
      changes: z
        .array(
          z.object({
            card_id: z.number().int().positive(),
            currency: z.enum(PAYOUT_CURRENCIES),
            rate: z.string().max(24),
          }),
        )
        .min(1)
        .max(200),
      effective_at: z.iso.datetime({ offset: true }).optional(),
      reason: z.string().min(3).max(500),
    }),
    handler: ({ staff, body }) => changeRates(deps.db, deps, { ...body, staff }),
  });

  opsRoute(app, {
    method: 'GET',
    path: '/ops/api/rates/history',
    roles: ['reviewer', 'finance'],
    summary: 'Rate changes, newest first: who, when, why, old → new',
    query: z.object({
      card_id: z.coerce.number().int().positive().optional(),
      currency: z.enum(PAYOUT_CURRENCIES).optional(),
    }),
    handler: ({ query }) => rateHistory(deps.db, deps, query),
  });

  opsRoute(app, {
    method: 'POST',
    path: '/ops/api/rates/changes/:id/cancel',
    roles: ['admin'],
    summary: 'Cancel a scheduled rate change before it takes effect (admin)',
    params: z.object({ id: z.coerce.number().int().positive() }),
    body: z.object({ reason: z.string().min(3).max(500) }),
    handler: ({ staff, params, body }) =>
      cancelRateChange(deps.db, deps, { staff, id: params.id, reason: body.reason }),
  });
}
