import type { FastifyInstance } from 'fastify';
import { adminRoutes } from './admin-routes.js';
import { approvalRoutes } from './approval-routes.js';
import { opsDeps, type OpsOptions } from './context.js';
import { deadLetterRoutes } from './dead-letter-routes.js';
import { kycReviewRoutes } from './kyc-routes.js';
import { payoutRoutes } from './payout-routes.js';
import { railRoutes } from './rail-routes.js';
import { channelRoutes } from './channel-routes.js';
import { rateRoutes } from './rate-routes.js';
import { appealRoutes } from './appeal-routes.js';
import { reviewRoutes } from './review-routes.js';
import { staffRoutes } from './staff-routes.js';
import { userRoutes } from './user-routes.js';
import { releaseRoutes } from './release-routes.js';
import { caseRoutes } from './case-routes.js';

/**
 * The operator API (JSON under /ops/api, `Authorization: Bearer <token>` from /ops/api/login): the
 * review queue, claims and decisions, withdrawal settlement, corrections, four-eyes approvals, rates, users, the
 * audit log and the ledger check. One file of routes per area of the console (`opsRoute`: roles, schemas, a
 * handler of a line over its service), one service function per staff action, each writing its audit row in
 * its own transaction; the replies' schemas are in shared-sdk/src/ops/replies.ts.
 */
export async function opsRoutes(app: FastifyInstance, opts: OpsOptions): Promise<void> {
  const deps = opsDeps(app, opts);
  staffRoutes(app, deps);
  reviewRoutes(app, deps);
  appealRoutes(app, deps);
  payoutRoutes(app, deps);
  railRoutes(app, deps);
  adminRoutes(app, deps);
  approvalRoutes(app, deps);
  rateRoutes(app, deps);
  userRoutes(app, deps);
  kycReviewRoutes(app, deps);
  deadLetterRoutes(app, deps);
  releaseRoutes(app);
  caseRoutes(app);
  channelRoutes(app, deps);
}
