import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { text } from '../../lib/fields.js';
import { gcRoute } from '../../lib/route.js';
import { orderEtas, statusBoard, withdrawalEtas } from './service.js';

/** At most this many numbers per call: a page of the order list. */
export const ETA_MAX_NUMBERS = 20;

/** One number, or several comma-joined (the contract's way of sending a list). */
const numbers = (label: string) =>
  text(label, 64 * ETA_MAX_NUMBERS + ETA_MAX_NUMBERS, `${label} is required`)
    .transform((v) =>
      v
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    )
    .refine((v) => v.length >= 1 && v.length <= ETA_MAX_NUMBERS, {
      error: `${label}: send 1 to ${ETA_MAX_NUMBERS} numbers, comma-separated`,
    })
    .refine((v) => v.every((x) => /^[A-Za-z0-9_-]{1,64}$/.test(x)), { error: `${label} is not a valid number` });

/** Live estimates for a seller's open orders and withdrawals, and the public status board. */
export async function etaRoutes(app: FastifyInstance): Promise<void> {
  const { db, ref } = app;

  gcRoute(app, {
    path: '/ord/eta',
    summary:
      'Live estimate of the seller’s open orders (comma-joined order_no, up to 20): minutes left, orders ahead in ' +
      'the same card family, the family’s recent decision time',
    auth: 'required',
    body: z.object({ order_no: numbers('order_no') }),
    handler: async (req) => orderEtas(db, { ref }, { userId: req.auth!.userId, orderNos: req.body.order_no }),
  });

  gcRoute(app, {
    path: '/withdraw/eta',
    summary:
      'Live estimate of the seller’s pending withdrawals (comma-joined withdraw_no, up to 20): minutes left, ' +
      'payouts ahead on the same rail, the rail’s recent payment time and what staff say about it',
    auth: 'required',
    body: z.object({ withdraw_no: numbers('withdraw_no') }),
    handler: async (req) =>
      withdrawalEtas(db, { ref }, { userId: req.auth!.userId, withdrawNos: req.body.withdraw_no }),
  });

  gcRoute(app, {
    path: '/public/status',
    summary: 'The public status board: review time per card family, and whether each payout rail pays normally',
    body: z.object({}),
    handler: async () => statusBoard(db, { ref }),
  });
}
