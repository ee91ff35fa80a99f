import type { FastifyInstance } from 'fastify';
import { adminRoutes } from './admin-routes.js';
import { deadLetterRoutes } from './dead-letter-routes.js';
import { approvalRoutes } from './approval-routes.js';
import { rateRoutes } from './rate-routes.js';
import { userRoutes } from './user-routes.js';
import { kycReviewRoutes } from './kyc-routes.js';
import type { OpsOptions } from './context.js';
import { payoutRoutes } from './payout-routes.js';
import { reviewRoutes } from './review-routes.js';
import { staffRoutes } from './staff-routes.js';
import { releaseRoutes } from './release-routes.js';

/**
 * The operator API (JSON under /ops/api, `Authorization: Bearer <token>` from /ops/api/login): the
 * review queue, claims and decisions, withdrawal settlement, corrections, four-eyes approvals, rates, users, the
 * audit log and the ledger check. Every action that changes something writes an audit row in its own transaction.
 * One file per area of the console.
 */
export async function opsRoutes(app: FastifyInstance, opts: OpsOptions): Promise<void> {
  await staffRoutes(app, opts);
  await reviewRoutes(app, opts);
  await payoutRoutes(app, opts);
  await adminRoutes(app, opts);
  await approvalRoutes(app, opts);
  await rateRoutes(app, opts);
  await userRoutes(app, opts);
  await kycReviewRoutes(app, opts);
  await deadLetterRoutes(app, opts);
  await releaseRoutes(app, opts);
}
