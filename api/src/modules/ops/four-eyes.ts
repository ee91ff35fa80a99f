import type { Queryable } from '../../db/db.js';
import { opsRepo, type ApprovalClose, type ApprovalKind, type ApprovalRow } from './repo.js';
import type { Config } from '../../config/env.js';
import { AppError } from '../../lib/envelope.js';
import { moneyText, parseAmount } from '../../lib/money.js';
import { paramsHash } from '../ledger/ledger.js';
import type { DecisionDeps } from '../order/service.js';
import type { Currency } from '../../shared/reference.js';

/**
 * Four-eyes: what one operator may not do alone waits in `approvals` for a second one.
 * A payout above a threshold or above the seller's quote, or beyond the reviewer's daily cap, and
 * every wallet correction. The database refuses an approval by the one who asked for it.
 */
export const FOUR_EYES_MESSAGES = {
  notFound: 'Approval request not found',
  own: 'You cannot approve your own request: another operator must',
  done: 'This request was already approved or rejected',
  waiting: 'A decision for this order is already waiting for approval: approve or reject it first',
  keyReused: 'This request key was already used for a different request',
  refuseWaiting:
    'A decision for this order is waiting for a second operator: withdraw it (or have it rejected) in Approvals ' +
    'before refusing the order',
} as const;

export type { ApprovalKind, ApprovalRow };

/** An amount of a per-currency setting in minor units, or null when the currency has none. */
function limitOf(setting: Record<string, string>, currency: { code: string; decimals: number }): bigint | null {
  const raw = setting[currency.code];
  if (raw === undefined) return null;
  const p = parseAmount(raw, currency.decimals);
  return p.ok ? p.minor : null;
}

/** The rule a decision is checked against before anything is credited (DecisionDeps.secondPair). */
export function secondPairRule(
  review: Config['review'],
  currencyOf: (code: string) => Promise<Currency>,
): NonNullable<DecisionDeps['secondPair']> {
  return async (q, p) => {
    const cur = await currencyOf(p.currency.code);
    const text = (m: bigint) => moneyText(m, cur);
    const above = limitOf(review.fourEyesAbove, cur);
    if (above !== null && p.total > above) return `The payout ${text(p.total)} is above ${text(above)}`;
    if (p.quoteTotal !== null && p.trade > p.quoteTotal)
      return `The payout ${text(p.trade)} is above the seller's quote of ${text(p.quoteTotal)}`;
    const cap = limitOf(review.dailyCap, cur);
    if (cap !== null) {
      // One reviewer's decisions of a day and currency are counted one after the other: their day's
      // row is locked (made on first use) before the sum and stays locked until this decision
      // commits or rolls back, so the next one sums after it (each statement reads what committed).
      await opsRepo.lockReviewerDay(q, p.staffId, cur.code);
      const today = (await opsRepo.creditedToday(q, p.staffId, cur.code)) + p.total;
      if (today > cap)
        return `This would take the reviewer's payouts today to ${text(today)}, above their daily cap of ${text(cap)}`;
    }
    return null;
  };
}

/** The request waiting for an order or correction key, if any (pending; for corrections, any). */
export const approvalFor = (
  q: Queryable,
  which: { kind: ApprovalKind; targetId: string; lock?: boolean },
): Promise<ApprovalRow | null> => opsRepo.approvalFor(q, which);

/**
 * An order's row locked for a decision, a refusal, a release or a request for approval, with the
 * decision waiting on it read under that lock. Every path that finishes an order or files a request
 * takes this lock first, so a request never waits on a finished order and an order never finishes
 * while a request waits (an approval carries the decision out under the request's own lock).
 */
export async function lockOrderForReview(
  q: Queryable,
  orderNo: string,
): Promise<{ order: { status: number; claimed_by: number | null } | null; waiting: ApprovalRow | null }> {
  const order = await opsRepo.lockOrder(q, orderNo);
  return { order, waiting: order ? await approvalFor(q, { kind: 'order_decision', targetId: orderNo }) : null };
}

/** What makes two requests the same one: who asked, for what, with what. */
export const approvalHash = (a: {
  kind: ApprovalKind;
  targetId: string;
  staffId: number;
  payload: Record<string, unknown>;
}) => paramsHash({ kind: a.kind, target: a.targetId, staff: a.staffId, payload: a.payload });

/** A request as staff see it. */
export async function approvalView(row: ApprovalRow, currencyOf: (code: string) => Promise<Currency>) {
  const cur = await currencyOf(row.currency_code);
  return {
    id: Number(row.id),
    kind: row.kind,
    target_id: row.target_id,
    requested_by: row.requested_by,
    amount: moneyText(row.amount_minor, cur),
    currency: cur.code,
    reason: row.reason,
    status: row.status,
    decided_by: row.decided_by,
    decided_at: row.decided_at,
    decision_note: row.decision_note,
    result: row.result,
    payload: row.payload,
    created_at: row.created_at,
  };
}

/**
 * Records a request for a second operator. The same request sent again (a retry, a double click)
 * returns the first; another one for the same order or key while it waits is refused.
 */
export async function requestApproval(
  q: Queryable,
  a: {
    kind: ApprovalKind;
    targetId: string;
    staffId: number;
    payload: Record<string, unknown>;
    amountMinor: bigint;
    currency: string;
    reason: string;
  },
): Promise<{ row: ApprovalRow; replay: boolean }> {
  const hash = approvalHash(a);
  const same = (row: ApprovalRow) => {
    if (row.params_hash === hash) return { row, replay: true };
    throw new AppError(a.kind === 'correction' ? FOUR_EYES_MESSAGES.keyReused : FOUR_EYES_MESSAGES.waiting);
  };
  const before = await approvalFor(q, a);
  if (before) return same(before);
  const inserted = await opsRepo.insertApproval(q, { ...a, hash });
  if (inserted) return { row: inserted, replay: false };
  // Another request for the same target won the race.
  const winner = await approvalFor(q, a);
  if (!winner) throw new AppError(FOUR_EYES_MESSAGES.waiting);
  return same(winner);
}

/** Marks a request approved or rejected, with the result of carrying it out. */
export async function closeApproval(q: Queryable, close: ApprovalClose): Promise<void> {
  await opsRepo.closeApproval(q, close);
}
