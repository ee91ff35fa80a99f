import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { gcRoute } from '../../lib/route.js';
import { firstSteps } from './service.js';

export async function firstSaleRoutes(app: FastifyInstance): Promise<void> {
  gcRoute(app, {
    path: '/user/firstSteps',
    summary:
      'The checklist before a first payout: identity verified, transaction password set, payout accounts, an order ' +
      'made, a withdrawal paid, and the wait before a new payout account can be paid to',
    auth: 'required',
    body: z.object({}),
    handler: async (req) => firstSteps(app.db, { kyc: app.kyc, security: app.security }, req.auth!.userId),
  });
}
