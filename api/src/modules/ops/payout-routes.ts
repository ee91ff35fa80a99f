import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { OpsDeps } from './context.js';
import { exportWithdrawals, openWithdrawals, sendWithdrawal, settle } from './payout-service.js';
import { opsRoute } from './route.js';

export { PAYOUT_MESSAGES } from './payout-service.js';

const withdrawParams = z.object({ withdraw_no: z.string().max(64) });

/** Withdrawals waiting for payout, and their settlement. */
export function payoutRoutes(app: FastifyInstance, deps: OpsDeps): void {
  opsRoute(app, {
    method: 'GET',
    path: '/ops/api/withdrawals',
    roles: ['finance'],
    summary: 'Open withdrawals, oldest first',
    handler: () => openWithdrawals(deps.db, deps),
  });

  opsRoute(app, {
    method: 'POST',
    path: '/ops/api/withdrawals/:withdraw_no/send',
    roles: ['finance'],
    summary:
      'Send a pending withdrawal through the payout provider (finance): it is then processing until the provider’s ' +
      'webhook settles it',
    params: withdrawParams,
    handler: ({ staff, params }) => sendWithdrawal(deps.db, deps, { staff, withdrawNo: params.withdraw_no }),
  });

  opsRoute(app, {
    method: 'POST',
    path: '/ops/api/withdrawals/export',
    roles: ['finance'],
    summary:
      'Export pending bank or mobile-money withdrawals as CSV for a bank’s bulk upload (finance); they become ' +
      'processing, so they are never exported twice',
    body: z.object({ currency: z.enum(['NGN', 'GHS']), method: z.enum(['BANK', 'MOMO']) }),
    handler: ({ staff, body }) => exportWithdrawals(deps.db, deps, { ...body, staff }),
  });

  opsRoute(app, {
    method: 'POST',
    path: '/ops/api/withdrawals/:withdraw_no/settle',
    roles: ['finance'],
    summary: 'paid → the hold is posted; failed → released to the wallet with the reason',
    params: withdrawParams,
    body: z.object({
      outcome: z.enum(['paid', 'failed']),
      reason: z.string().max(500).optional(),
      reference: z.string().max(200).optional(),
    }),
    handler: ({ staff, params, body }) => settle(deps.db, deps, { ...body, staff, withdrawNo: params.withdraw_no }),
  });
}
