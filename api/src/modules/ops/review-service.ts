// The review queue's actions: look at the queue and an order, claim, release, preview, decide and
// refuse. Each action that changes something is one transaction with its audit row.
import { AppError } from '../../lib/envelope.js';
import { formatMinor, parseAmount } from '../../lib/money.js';
import { orderRepo } from '../order/repo.js';
import {
  claimOrder,
  creditedLines,
  decideOrder,
  FAIL_REASONS,
  NeedsApproval,
  ORDER_MESSAGES,
  refuseOrder,
  releaseOrder,
  type LineInput,
} from '../order/service.js';
import type { OrderRow } from '../order/repo.js';
import { payoutLinesView } from '../catalog/service.js';
import { offerRepo } from '../order/offer-repo.js';
import { OFFER_REASONS, offerView, priceOffer, sendOffer, type OfferDeps } from '../order/offer-service.js';
import { accountLinks } from '../referral/links.js';
import { ORDER_STATUS } from '@giftlane/shared-sdk/statuses';
import type { Db } from '../../db/db.js';
import type { OpsDeps } from './context.js';
import {
  approvalHash,
  approvalView,
  FOUR_EYES_MESSAGES,
  lockOrderForReview,
  requestApproval,
  type ApprovalRow,
} from './four-eyes.js';
import { opsRepo } from './repo.js';
import type { Actor } from './route.js';
import { audit } from './staff.js';
import { supportRepo } from './user-repo.js';
import { linesView, orderView } from './views.js';

export interface QueueFilter {
  brand?: number;
  currency?: 'NGN' | 'GHS' | 'USDT';
  min_amount?: string;
  max_amount?: string;
  waiting_over_minutes?: number;
}

export interface DecisionInput {
  lines: LineInput[];
  payout_note?: string;
  note?: string;
}

/**
 * Pending orders, oldest first (unclaimed or mine; an admin sees every claim), and those waiting for a second operator.
 */
export async function reviewQueue(db: Db, deps: OpsDeps, input: QueueFilter & { staff: Actor }) {
  const { staff, ...f } = input;
  const { ref, catalog } = deps;
  // The amount filters are on the locked quote, in the payout currency given (or each order's own).
  const minor = async (v: string | undefined) => {
    if (v === undefined) return null;
    const d = f.currency ? (await ref.currency(f.currency)).decimals : 2;
    const p = parseAmount(v, d);
    return p.ok ? p.minor : null;
  };
  const [queue, brands] = await Promise.all([
    orderRepo.queue(db, {
      staffId: staff.id,
      everyClaim: staff.role === 'admin',
      brand: f.brand ?? null,
      currency: f.currency ?? null,
      minMinor: await minor(f.min_amount),
      maxMinor: await minor(f.max_amount),
      waitingOverMinutes: f.waiting_over_minutes ?? null,
    }),
    catalog.categories(),
  ]);
  const waiting = await opsRepo.waitingDecisions(
    db,
    queue.map((o) => o.order_no),
  );
  const waitingOf = (no: string) => waiting.find((w) => w.target_id === no);
  return {
    fail_reasons: FAIL_REASONS,
    brands,
    orders: await Promise.all(
      queue.map(async (o) => ({
        ...(await orderView(deps, o)),
        waiting_minutes: o.waiting_minutes,
        claimed_by_name: o.claimed_by_name,
        brand: o.brand,
        awaiting_approval: !!waitingOf(o.order_no),
        waiting_for_seller: o.offer_expires_at !== null,
        offer_expires_at: o.offer_expires_at,
        approval_requested_by: waitingOf(o.order_no)?.requested_by ?? null,
        approval_requested_by_name: waitingOf(o.order_no)?.requested_by_name ?? null,
      })),
    ),
  };
}

/**
 * What a reviewer needs to judge the seller of an order: account, verification, past orders, freeze, linked accounts.
 */
async function sellerSummary(db: Db, deps: OpsDeps, o: OrderRow) {
  const cur = await deps.ref.currency(o.currency_code);
  const [h, links] = await Promise.all([
    supportRepo.sellerHistory(db, o.user_id, cur.code, o.order_no),
    accountLinks.of(db, o.user_id),
  ]);
  const money = (x: { count: number; minor: bigint }) => ({
    count: x.count,
    amount: formatMinor(x.minor, cur.decimals),
  });
  const created = h.user?.created_at ?? o.created_at;
  return {
    id: o.user_id,
    kyc_level: h.user?.kyc_level ?? 0,
    created_at: created,
    account_age_days: Math.floor((Date.now() - created.getTime()) / 86_400_000),
    orders: { paid: money(h.paid), partly: money(h.partly), refused: money(h.refused), pending: { count: h.pending } },
    withdrawals_frozen: !!h.user?.withdrawals_frozen_at,
    withdrawals_frozen_reason: h.user?.withdrawals_frozen_reason ?? '',
    linked_accounts: new Set(links.map((l) => l.user_id)).size,
    linked_referrals: new Set(links.filter((l) => l.referral).map((l) => l.user_id)).size,
  };
}

/** An order decided or refused, with its card lines and the order to review next. */
async function afterDecision(db: Db, deps: OpsDeps, input: { staff: Actor; order: OrderRow }) {
  const { staff, order: o } = input;
  const [lines, next] = await Promise.all([orderRepo.lines(db, o.id), opsRepo.nextOrder(db, staff.id, o.order_no)]);
  return { ...(await orderView(deps, o)), lines: await linesView(deps, o, lines), next_order_no: next };
}

export async function orderDetail(db: Db, deps: OpsDeps, input: { staff: Actor; orderNo: string }) {
  const { staff, orderNo } = input;
  const o = await orderRepo.byNo(db, orderNo);
  if (!o) throw new AppError('Order not found');
  const [lines, events, seller, next, offer] = await Promise.all([
    orderRepo.lines(db, o.id),
    orderRepo.events(db, o.id),
    sellerSummary(db, deps, o),
    opsRepo.nextOrder(db, staff.id, o.order_no),
    offerRepo.latestOf(db, o.id),
  ]);
  return {
    ...(await orderView(deps, o)),
    lines: await linesView(deps, o, lines),
    timeline: events,
    fail_reasons: FAIL_REASONS,
    offer_reasons: OFFER_REASONS,
    counter_offer: await offerView(deps, offer),
    seller,
    next_order_no: next,
  };
}

export async function claim(db: Db, deps: OpsDeps, input: { staff: Actor; orderNo: string }) {
  const { staff, orderNo } = input;
  const o = await db.tx(async (q) => {
    const order = await claimOrder(q, { orderNo, staff });
    await audit(q, {
      staffId: staff.id,
      action: 'order.claim',
      targetType: 'order',
      targetId: order.order_no,
      ip: staff.ip,
    });
    return order;
  });
  return orderView(deps, o);
}

/** Gives a claimed order back to the queue (its reviewer, or an admin). */
export async function release(db: Db, deps: OpsDeps, input: { staff: Actor; orderNo: string }) {
  const { staff, orderNo } = input;
  const o = await db.tx(async (q) => {
    if ((await lockOrderForReview(q, orderNo)).waiting) throw new AppError(FOUR_EYES_MESSAGES.waiting);
    const order = await releaseOrder(q, { orderNo, staff, anyone: staff.role === 'admin' });
    await audit(q, {
      staffId: staff.id,
      action: 'order.release',
      targetType: 'order',
      targetId: order.order_no,
      ip: staff.ip,
    });
    return order;
  });
  return orderView(deps, o);
}

/**
 * Per-card decisions: complete (2, or 4 when some lines failed), refuse (3 when all failed), or wait for a second
 * operator.
 */
export async function decide(db: Db, deps: OpsDeps, input: DecisionInput & { staff: Actor; orderNo: string }) {
  const { staff, orderNo } = input;
  const { ref, decisions } = deps;
  await deps.warm();
  const payload = { lines: input.lines, payout_note: input.payout_note, note: input.note };
  /** The order as it stands, with the request that waits for a second operator. */
  const awaiting = async (row: ApprovalRow, replayed: boolean) => {
    const o = (await orderRepo.byNo(db, orderNo)) as OrderRow;
    return {
      ...(await afterDecision(db, deps, { staff, order: o })),
      awaiting_approval: await approvalView(row, (c) => ref.currency(c)),
      replayed,
    };
  };
  // While a decision waits for a second operator, the order takes no other one; the same one
  // sent again is answered with the waiting request. Read under the order's lock.
  const waitingFor = (waiting: ApprovalRow) => {
    if (waiting.params_hash !== approvalHash({ kind: 'order_decision', targetId: orderNo, staffId: staff.id, payload }))
      throw new AppError(FOUR_EYES_MESSAGES.waiting);
    return awaiting(waiting, true);
  };
  try {
    const res = await db.tx(async (q) => {
      const { waiting } = await lockOrderForReview(q, orderNo);
      if (waiting) return { waiting };
      const out = await decideOrder(q, decisions, {
        orderNo,
        staff,
        lines: input.lines,
        payoutNote: input.payout_note,
        note: input.note,
      });
      if (!out.replay) {
        await audit(q, {
          staffId: staff.id,
          action: 'order.decide',
          targetType: 'order',
          targetId: out.order.order_no,
          reason: input.payout_note ?? input.note ?? '',
          details: { status: out.order.status, amount_minor: out.order.amount_minor, lines: input.lines },
          ip: staff.ip,
        });
      }
      return out;
    });
    if ('waiting' in res) return waitingFor(res.waiting);
    return { ...(await afterDecision(db, deps, { staff, order: res.order })), replayed: res.replay };
  } catch (err) {
    if (!(err instanceof NeedsApproval)) throw err;
    // Nothing was credited: the decision waits for a second operator, if the order still can
    // (under its lock: it may have been refused or released since).
    const out = await db.tx(async (q) => {
      const { order, waiting } = await lockOrderForReview(q, orderNo);
      if (!order) throw new AppError(ORDER_MESSAGES.notFound);
      if (!waiting && order.status !== ORDER_STATUS.pending) throw new AppError(ORDER_MESSAGES.finished);
      if (!waiting && order.claimed_by !== staff.id)
        throw new AppError(order.claimed_by === null ? ORDER_MESSAGES.claimFirst : ORDER_MESSAGES.claimedByOther);
      const a = await requestApproval(q, {
        kind: 'order_decision',
        targetId: orderNo,
        staffId: staff.id,
        payload,
        amountMinor: err.amountMinor,
        currency: err.currency,
        reason: err.reason,
      });
      if (!a.replay) {
        await audit(q, {
          staffId: staff.id,
          action: 'order.decide.requested',
          targetType: 'order',
          targetId: orderNo,
          reason: err.reason,
          details: { approval_id: a.row.id, amount_minor: err.amountMinor, lines: input.lines },
          ip: staff.ip,
        });
      }
      return a;
    });
    return awaiting(out.row, out.replay);
  }
}

/** What a decision would pay (and whether it needs a second operator), without making it. */
export async function preview(db: Db, deps: OpsDeps, input: DecisionInput & { staff: Actor; orderNo: string }) {
  const { staff, orderNo } = input;
  const { ref, decisions } = deps;
  await deps.warm();
  // The decision is made in a transaction that is always rolled back: the same rules, no effect.
  class Preview extends Error {
    constructor(readonly order: OrderRow) {
      super('preview');
    }
  }
  try {
    await db.tx(async (q) => {
      const out = await decideOrder(q, decisions, {
        orderNo,
        staff,
        lines: input.lines,
        payoutNote: input.payout_note,
        note: input.note,
      });
      throw new Preview(out.order);
    });
  } catch (err) {
    if (err instanceof Preview) {
      const cur = await ref.currency(err.order.currency_code);
      return {
        status: err.order.status,
        amount: formatMinor(err.order.amount_minor, cur.decimals),
        currency: cur.code,
        needs_approval: null,
        first_order_bonus: formatMinor(err.order.first_order_bonus_minor, cur.decimals),
        lines: payoutLinesView(creditedLines(err.order).lines, cur.decimals),
      };
    }
    if (err instanceof NeedsApproval) {
      const cur = await ref.currency(err.currency);
      return {
        status: ORDER_STATUS.pending,
        amount: formatMinor(err.amountMinor, cur.decimals),
        currency: cur.code,
        needs_approval: err.reason,
        first_order_bonus: formatMinor(err.firstOrderBonusMinor, cur.decimals),
        lines: payoutLinesView(err.lines, cur.decimals),
      };
    }
    throw err;
  }
  throw new AppError('Nothing to preview');
}

export async function refuse(db: Db, deps: OpsDeps, input: { staff: Actor; orderNo: string; reason: string }) {
  const { staff, orderNo, reason } = input;
  await deps.warm();
  const res = await db.tx(async (q) => {
    // Refusing pays nothing, but not over a decision another operator is asked to approve: the
    // reviewer withdraws their request first (or it is rejected), so nothing is left pending.
    if ((await lockOrderForReview(q, orderNo)).waiting) throw new AppError(FOUR_EYES_MESSAGES.refuseWaiting);
    const out = await refuseOrder(q, { orderNo, staff, reason });
    if (!out.replay)
      await audit(q, {
        staffId: staff.id,
        action: 'order.refuse',
        targetType: 'order',
        targetId: out.order.order_no,
        reason,
        ip: staff.ip,
      });
    return out;
  });
  return { ...(await afterDecision(db, deps, { staff, order: res.order })), replayed: res.replay };
}

/** What a counter-offer is sent with: the card lines as found, a reason from the list, a note and proof photos. */
export interface CounterOfferInput {
  lines: DecisionInput['lines'];
  reason: string;
  note?: string;
  proof_images?: string[];
}

/** What a counter-offer would pay, against the quote, without sending it (the same pricing and checks). */
export async function counterOfferPreview(
  db: Db,
  deps: OpsDeps,
  input: CounterOfferInput & { staff: Actor; orderNo: string },
) {
  await deps.warm();
  const priced = await priceOffer(db, offerDeps(deps), {
    orderNo: input.orderNo,
    staff: input.staff,
    lines: input.lines,
    reason: input.reason,
    note: input.note ?? '',
    proofImages: input.proof_images ?? [],
  });
  const cur = await deps.ref.currency(priced.currency);
  return {
    amount: formatMinor(priced.amountMinor, cur.decimals),
    quote_amount: formatMinor(priced.quoteTotalMinor, cur.decimals),
    currency: cur.code,
  };
}

const offerDeps = (deps: OpsDeps): OfferDeps => ({ decisions: deps.decisions, ref: deps.ref, jobs: deps.jobs });

/**
 * A counter-offer on a valid card worth less than quoted: priced like a decision (rolled back),
 * then sent in one transaction with its audit row; the seller answers it on the order page.
 */
export async function counterOffer(
  db: Db,
  deps: OpsDeps,
  input: CounterOfferInput & { staff: Actor; orderNo: string },
) {
  const { staff, orderNo } = input;
  await deps.warm();
  const offer = {
    orderNo,
    staff,
    lines: input.lines,
    reason: input.reason,
    note: input.note ?? '',
    proofImages: input.proof_images ?? [],
  };
  const priced = await priceOffer(db, offerDeps(deps), offer);
  await db.tx(async (q) => {
    if ((await lockOrderForReview(q, orderNo)).waiting) throw new AppError(FOUR_EYES_MESSAGES.waiting);
    const out = await sendOffer(q, offerDeps(deps), { ...offer, priced });
    await audit(q, {
      staffId: staff.id,
      action: 'order.counter_offer',
      targetType: 'order',
      targetId: orderNo,
      reason: `${input.reason}${offer.note ? `: ${offer.note}` : ''}`,
      details: {
        offer_id: String(out.offer.id),
        amount_minor: out.offer.amount_minor,
        quote_total_minor: out.offer.quote_total_minor,
        lines: input.lines,
      },
      ip: staff.ip,
    });
  });
  return orderDetail(db, deps, { staff, orderNo });
}
