import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  auditLog,
  coupons,
  createCoupon,
  grantCouponTo,
  ledgerBalances,
  ledgerCheck,
  requestCorrection,
} from './admin-service.js';
import type { OpsDeps } from './context.js';
import { opsRoute } from './route.js';

const couponBody = z.object({
  code: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{2,31}$/, 'code: 3–32 letters, digits, dashes or underscores'),
  name: z.string().min(3).max(120),
  kind: z.enum(['percent', 'fixed', 'rate_add']),
  /** percent: the boost in percent ("2.5"); fixed and rate_add: an amount in the coupon currency. */
  value: z.string().max(24),
  currency: z.string().max(8).optional(),
  wallet_type: z.union([z.literal(1), z.literal(2)]).default(1),
  minimum: z.string().max(24).default('0'),
  valid_from: z.iso.datetime({ offset: true }).optional(),
  valid_until: z.iso.datetime({ offset: true }),
  max_use: z.number().int().min(0).max(1000).default(1),
  grant_on_signup: z.boolean().default(false),
});

/** Admin: wallet corrections, coupons, the audit log, the ledger check and the platform's balances. */
export function adminRoutes(app: FastifyInstance, deps: OpsDeps): void {
  opsRoute(app, {
    method: 'POST',
    path: '/ops/api/corrections',
    roles: ['admin'],
    summary:
      'Ask for a wallet correction (admin): signed amount, reason, idempotency key. A second admin approves it ' +
      '(POST /ops/api/approvals/:id/approve), which writes the journal',
    body: z.object({
      user_id: z.number().int().positive(),
      wallet_type: z.union([z.literal(1), z.literal(2)]),
      amount: z.string().max(24),
      reason: z.string().min(3).max(500),
      idempotency_key: z.string().regex(/^[A-Za-z0-9_.:-]{8,100}$/),
    }),
    handler: ({ staff, body }) => requestCorrection(deps.db, deps, { ...body, staff }),
  });

  opsRoute(app, {
    method: 'GET',
    path: '/ops/api/coupons',
    roles: ['admin'],
    summary: 'Every coupon with its terms and how many sellers hold and used it (admin)',
    handler: () => coupons(deps.db, deps),
  });

  opsRoute(app, {
    method: 'POST',
    path: '/ops/api/coupons',
    roles: ['admin'],
    summary: 'Create a coupon (admin): percent, fixed or rate-add, with validity, minimum and uses per user',
    body: couponBody,
    handler: ({ staff, body }) => createCoupon(deps.db, deps, { ...body, staff }),
  });

  opsRoute(app, {
    method: 'POST',
    path: '/ops/api/coupons/:code/grant',
    roles: ['admin'],
    summary: 'Grant a coupon to users (admin); a user who holds it already is skipped',
    params: z.object({ code: z.string().max(32) }),
    body: z.object({
      user_ids: z.array(z.number().int().positive()).min(1).max(1000),
      reason: z.string().min(3).max(500),
    }),
    handler: ({ staff, params, body }) => grantCouponTo(deps.db, { ...body, staff, code: params.code }),
  });

  opsRoute(app, {
    method: 'GET',
    path: '/ops/api/audit',
    roles: ['admin'],
    summary: 'Audit log, newest first (200 a page; before_id for the next): who, when, what, why',
    query: z.object({
      target_type: z.string().max(40).optional(),
      target_id: z.string().max(64).optional(),
      staff_id: z.coerce.number().int().positive().optional(),
      action: z.string().max(60).optional(),
      q: z.string().trim().max(200).optional(),
      from: z.iso.datetime({ offset: true }).optional(),
      to: z.iso.datetime({ offset: true }).optional(),
      before_id: z.coerce.number().int().positive().optional(),
    }),
    handler: ({ query: f }) =>
      auditLog(deps.db, {
        targetType: f.target_type,
        targetId: f.target_id,
        staffId: f.staff_id,
        action: f.action,
        text: f.q,
        from: f.from,
        to: f.to,
        beforeId: f.before_id,
      }),
  });

  opsRoute(app, {
    method: 'GET',
    path: '/ops/api/ledger/balances',
    roles: ['admin', 'finance'],
    summary: 'Platform balances (admin): each platform account, and what users hold, per currency',
    handler: () => ledgerBalances(deps.db, deps),
  });

  opsRoute(app, {
    method: 'GET',
    path: '/ops/api/ledger/check',
    roles: ['admin'],
    summary: 'Run every ledger invariant now (admin)',
    handler: () => ledgerCheck(deps.db),
  });
}
