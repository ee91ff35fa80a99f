import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { OpsDeps } from './context.js';
import {
  claim,
  counterOffer,
  counterOfferPreview,
  decide,
  orderDetail,
  preview,
  refuse,
  release,
  reviewQueue,
} from './review-service.js';
import { opsRoute } from './route.js';

const line = z.object({
  card_id: z.number().int().positive().optional(),
  code: z.string().max(500).optional(),
  face_value: z.string().max(20).optional(),
  rate: z.string().max(20).optional(),
  status: z.enum(['success', 'failed']),
  fail_reason: z.string().max(40).optional(),
  fail_note: z.string().max(500).optional(),
  proof_image: z.string().max(1000).optional(),
  image_index: z.number().int().min(0).max(20).optional(),
});
const decision = z.object({
  lines: z.array(line).min(1).max(50),
  payout_note: z.string().max(500).optional(),
  note: z.string().max(500).optional(),
});
const orderParams = z.object({ order_no: z.string().max(64) });
const offer = z.object({
  lines: z.array(line).min(1).max(50),
  reason: z.string().min(1, 'Choose a reason for the counter-offer').max(40),
  note: z.string().max(500).optional(),
  proof_images: z.array(z.string().max(1000)).max(5, 'At most 5 proof photos').optional(),
});
const amountQuery = (name: string) =>
  z.string().regex(/^\d{1,12}(\.\d{1,8})?$/, `${name}: an amount such as 50000 or 1250.50`);

/** The review queue: claim an order, decide it card by card, or refuse it. */
export function reviewRoutes(app: FastifyInstance, deps: OpsDeps): void {
  opsRoute(app, {
    method: 'GET',
    path: '/ops/api/orders/queue',
    roles: ['reviewer'],
    summary:
      'Pending orders, oldest first (unclaimed or claimed by me; an admin sees every claim), with filters and those ' +
      'waiting for a second operator',
    query: z.object({
      brand: z.coerce.number().int().positive().optional(),
      currency: z.enum(['NGN', 'GHS', 'USDT']).optional(),
      min_amount: amountQuery('min_amount').optional(),
      max_amount: amountQuery('max_amount').optional(),
      waiting_over_minutes: z.coerce.number().int().min(0).max(100_000).optional(),
    }),
    handler: ({ staff, query }) => reviewQueue(deps.db, deps, { ...query, staff }),
  });

  opsRoute(app, {
    method: 'POST',
    path: '/ops/api/orders/:order_no/release',
    roles: ['reviewer'],
    summary: 'Give a claimed order back to the queue (its reviewer, or an admin)',
    params: orderParams,
    handler: ({ staff, params }) => release(deps.db, deps, { staff, orderNo: params.order_no }),
  });

  opsRoute(app, {
    method: 'GET',
    path: '/ops/api/orders/:order_no',
    roles: ['reviewer', 'finance'],
    summary: 'An order with its card lines, timeline, a summary of its seller and the order to review next',
    params: orderParams,
    handler: ({ staff, params }) => orderDetail(deps.db, deps, { staff, orderNo: params.order_no }),
  });

  opsRoute(app, {
    method: 'POST',
    path: '/ops/api/orders/:order_no/claim',
    roles: ['reviewer'],
    summary: 'Claim a pending order to review it',
    params: orderParams,
    handler: ({ staff, params }) => claim(deps.db, deps, { staff, orderNo: params.order_no }),
  });

  opsRoute(app, {
    method: 'POST',
    path: '/ops/api/orders/:order_no/decide',
    roles: ['reviewer'],
    summary: 'Per-card decisions: complete (2, or 4 when some lines failed) or refuse (3 when all failed)',
    params: orderParams,
    body: decision,
    handler: ({ staff, params, body }) => decide(deps.db, deps, { ...body, staff, orderNo: params.order_no }),
  });

  opsRoute(app, {
    method: 'POST',
    path: '/ops/api/orders/:order_no/preview',
    roles: ['reviewer'],
    summary: 'What a decision would pay (and whether it needs a second operator), without making it',
    params: orderParams,
    body: decision,
    handler: ({ staff, params, body }) => preview(deps.db, deps, { ...body, staff, orderNo: params.order_no }),
  });

  opsRoute(app, {
    method: 'POST',
    path: '/ops/api/orders/:order_no/refuse',
    roles: ['reviewer'],
    summary: 'Refuse an order with a reason the seller is shown',
    params: orderParams,
    body: z.object({ reason: z.string().min(1).max(500) }),
    handler: ({ staff, params, body }) =>
      refuse(deps.db, deps, { staff, orderNo: params.order_no, reason: body.reason }),
  });

  opsRoute(app, {
    method: 'POST',
    path: '/ops/api/orders/:order_no/counter-offer',
    roles: ['reviewer'],
    summary:
      'A counter-offer on a valid card worth less than quoted: the card lines as found (priced like a decision), a ' +
      'reason, a note and proof photos; the seller accepts or declines',
    params: orderParams,
    body: offer,
    handler: ({ staff, params, body }) => counterOffer(deps.db, deps, { ...body, staff, orderNo: params.order_no }),
  });

  opsRoute(app, {
    method: 'POST',
    path: '/ops/api/orders/:order_no/counter-offer/preview',
    roles: ['reviewer'],
    summary: 'What a counter-offer would pay, against the quote, without sending it (the same pricing and checks)',
    params: orderParams,
    body: offer,
    handler: ({ staff, params, body }) =>
      counterOfferPreview(deps.db, deps, { ...body, staff, orderNo: params.order_no }),
  });
}
