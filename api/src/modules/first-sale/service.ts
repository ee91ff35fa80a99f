import type { Queryable } from '../../db/db.js';
import { AppError } from '../../lib/envelope.js';
import { kycUser, type KycDeps } from '../kyc/service.js';
import { waitText, type SecurityDeps } from '../security/service.js';
import { firstSaleRepo } from './repo.js';

export const FIRST_SALE_MESSAGES = { notFound: 'User not found.' } as const;

/**
 * The dashboard's checklist before a first payout: each step done or not from the account's own state (identity
 * level, PIN, saved payout accounts, orders, a paid withdrawal), and the wait a new payout account has before it can
 * be paid to, from the cooling-off the withdrawal enforces. `show` is false once a withdrawal has been paid.
 */
export async function firstSteps(
  q: Queryable,
  deps: { kyc: Pick<KycDeps, 'ref' | 'tiers'>; security: Pick<SecurityDeps, 'config'> },
  userId: number,
) {
  const row = await firstSaleRepo.steps(q, userId, 'paid');
  if (!row) throw new AppError(FIRST_SALE_MESSAGES.notFound);
  const who = await kycUser(q, deps.kyc, userId);
  const waitMs = deps.security.config.security.coolingOffMs;
  return {
    show: !row.paid_out,
    identity_offered: Boolean(deps.kyc.tiers[who.countryCode]),
    identity_verified: who.level >= 1,
    pin_set: row.pin_set,
    payout_accounts: row.payout_accounts,
    has_order: row.has_order,
    paid_out: row.paid_out,
    payout_wait_hours: waitMs / 3600_000,
    payout_wait: waitMs > 0 ? waitText(waitMs) : '',
  };
}
