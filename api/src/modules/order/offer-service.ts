// Counter-offers (the binding quote): a valid card worth less than the seller chose is never paid
// below the locked quote without the seller's consent. The reviewer sends an offer (the amount, a
// reason, proof photos); the seller accepts (credited at once, exactly once) or declines (the order
// is closed unpaid, the card not redeemed); no answer by its deadline counts as declined.
import type { Db, Queryable } from '../../db/db.js';
import { AppError } from '../../lib/envelope.js';
import { formatMinor, moneyText } from '../../lib/money.js';
import { returnCouponUse } from '../coupon/service.js';
import type { Jobs } from '../jobs/jobs.js';
import { paramsHash } from '../ledger/ledger.js';
import { notify } from '../notices/service.js';
import type { Reference } from '../../shared/reference.js';
import { offerRepo, type OfferLine, type OfferRow } from './offer-repo.js';
import { orderRepo, type OrderRow } from './repo.js';
import { decideOrder, NeedsApproval, proofOf, type DecisionDeps, type LineInput, type Staff } from './service.js';
import { ORDER_STATUS } from '@giftlane/shared-sdk/statuses';

/** Why a card is worth less than the seller chose (the seller is shown these words). */
/** The reason recorded on a card of an order closed unpaid after its counter-offer was declined. */
export const NOT_REDEEMED = 'Not redeemed: counter-offer declined';

export const OFFER_REASONS = {
  other_denomination: 'The card is another denomination than the one you chose',
  other_receipt: 'The card has another receipt type than the one you chose',
  other_country: 'The card is from another country than the one you chose',
  other_card: 'The card is another card than the one you chose',
  other: 'Other',
} as const;
export type OfferReason = keyof typeof OFFER_REASONS;

export const OFFER_MESSAGES = {
  notInReview: 'A counter-offer is sent on an order you are reviewing: claim it first',
  noQuote: 'This order has no locked quote to counter: decide it',
  open: 'This order already has a counter-offer waiting for the seller’s answer',
  reason: `Choose a reason for the counter-offer: ${Object.keys(OFFER_REASONS).join(', ')}`,
  otherNote: 'Explain the "other" reason in the note',
  noValidLine: 'A counter-offer pays at least one valid card: add its line',
  notBelow: (quote: string) =>
    `A counter-offer is below the locked quote (${quote}): at the quote or above, decide the order instead`,
  zero: 'A counter-offer must be above 0',
  proofs: 'At most 5 proof photos',
  secondPair: (why: string) => `This counter-offer needs a second operator (${why}): ask an admin to review this order`,
  none: 'This order has no counter-offer waiting for your answer',
  answered: (status: string) =>
    status === 'accepted'
      ? 'You already accepted this counter-offer'
      : status === 'expired'
        ? 'This counter-offer has expired: it was not answered in time'
        : 'You already declined this counter-offer',
} as const;

/** The job that closes an unanswered offer at its deadline. */
export const OFFER_EXPIRE_JOB = 'offer_expire';
export const MAX_OFFER_PROOFS = 5;

export interface OfferDeps {
  decisions: DecisionDeps;
  ref: Reference;
  jobs: Pick<Jobs, 'send'>;
}

export interface OfferInput {
  orderNo: string;
  staff: Staff;
  lines: LineInput[];
  reason: string;
  note: string;
  proofImages: string[];
}

function checkInput(input: OfferInput): void {
  if (!(input.reason in OFFER_REASONS)) throw new AppError(OFFER_MESSAGES.reason);
  if (input.reason === 'other' && !input.note.trim()) throw new AppError(OFFER_MESSAGES.otherNote);
  if (input.proofImages.length > MAX_OFFER_PROOFS) throw new AppError(OFFER_MESSAGES.proofs);
  if (!input.lines.some((l) => l.status === 'success')) throw new AppError(OFFER_MESSAGES.noValidLine);
}

/** The checks an order passes before an offer is sent on it (under its lock). */
function checkOrder(o: OrderRow | undefined, staff: Staff): asserts o is OrderRow & { quote_total_minor: bigint } {
  if (!o) throw new AppError('Order not found');
  if (o.status !== ORDER_STATUS.pending || o.claimed_by !== staff.id) throw new AppError(OFFER_MESSAGES.notInReview);
  if (o.quote_total_minor === null) throw new AppError(OFFER_MESSAGES.noQuote);
}

export interface PricedOffer {
  /** The trade the offer pays (without a first-order bonus, which acceptance adds as any decision does). */
  amountMinor: bigint;
  quoteTotalMinor: bigint;
  currency: string;
  lines: OfferLine[];
}

/**
 * What the offer pays: the decision's own pricing (VIP, coupon, ladder, first-order bonus, the
 * rate tolerance, four-eyes) on the card as the reviewer found it, in a transaction that is always
 * rolled back. Each valid line keeps the rate it was priced at, so acceptance pays the same.
 */
export async function priceOffer(db: Db, deps: OfferDeps, input: OfferInput): Promise<PricedOffer> {
  checkInput(input);
  class Priced extends Error {
    constructor(readonly out: PricedOffer) {
      super('priced');
    }
  }
  try {
    await db.tx(async (q) => {
      const o = await orderRepo.lockByNo(q, input.orderNo);
      checkOrder(o, input.staff);
      if (await offerRepo.openOf(q, o.id)) throw new AppError(OFFER_MESSAGES.open);
      for (const p of input.proofImages) proofOf(o, p);
      const out = await decideOrder(q, deps.decisions, {
        orderNo: input.orderNo,
        staff: input.staff,
        lines: input.lines,
        counterOffer: 'price',
      });
      const cur = await deps.ref.currency(o.currency_code);
      const decided = await orderRepo.lines(q, o.id);
      const lines = input.lines.map((l, i): OfferLine => {
        const d = decided[i];
        return {
          ...l,
          ...(l.status === 'success' && d ? { rate: formatMinor(d.rate_minor, cur.decimals) } : {}),
          shown: {
            card_name: d?.card_name ?? '',
            card_currency: d?.card_currency ?? '',
            face_minor: String(d?.face_minor ?? 0n),
            amount_minor: String(d?.amount_minor ?? 0n),
          },
        };
      });
      // What the card is worth, to set against the quote: the first-order bonus is the platform's
      // gift, never part of a quote, and is paid on acceptance as on any decision.
      const amount = out.order.amount_minor - out.order.first_order_bonus_minor;
      if (amount <= 0n) throw new AppError(OFFER_MESSAGES.zero);
      if (amount >= o.quote_total_minor)
        throw new AppError(OFFER_MESSAGES.notBelow(moneyText(o.quote_total_minor, cur)));
      throw new Priced({ amountMinor: amount, quoteTotalMinor: o.quote_total_minor, currency: cur.code, lines });
    });
  } catch (err) {
    if (err instanceof Priced) return err.out;
    if (err instanceof NeedsApproval) throw new AppError(OFFER_MESSAGES.secondPair(err.reason));
    throw err;
  }
  throw new AppError('Nothing to price');
}

/**
 * Sends a priced offer, in the caller's transaction (the staff action that audits it): under the
 * order's lock, one open offer at most, the amount above 0 and below the quote; the order's
 * timeline, the seller's notice and the expiry job are written with it.
 */
export async function sendOffer(
  q: Queryable,
  deps: OfferDeps,
  input: OfferInput & { priced: PricedOffer },
): Promise<{ order: OrderRow; offer: OfferRow }> {
  checkInput(input);
  const o = await orderRepo.lockByNo(q, input.orderNo);
  checkOrder(o, input.staff);
  if (await offerRepo.openOf(q, o.id)) throw new AppError(OFFER_MESSAGES.open);
  const cur = await deps.ref.currency(o.currency_code);
  const amount = input.priced.amountMinor;
  if (amount <= 0n) throw new AppError(OFFER_MESSAGES.zero);
  if (amount >= o.quote_total_minor) throw new AppError(OFFER_MESSAGES.notBelow(moneyText(o.quote_total_minor, cur)));
  const proofs = input.proofImages.map((p) => proofOf(o, p));
  const hours = Number(await deps.ref.setting<number>('counter_offer_hours', 24)) || 24;
  const offer = await offerRepo.insert(q, {
    orderId: o.id,
    staffId: input.staff.id,
    reason: input.reason,
    note: input.note.trim(),
    proofImages: proofs,
    lines: input.priced.lines,
    currency: cur.code,
    amountMinor: amount,
    quoteTotalMinor: o.quote_total_minor,
    hours,
  });
  const why = offerReasonText(offer);
  await orderRepo.addEvent(q, o.id, {
    status: 'offer_sent',
    note: `Counter-offer: ${moneyText(amount, cur)} instead of ${moneyText(o.quote_total_minor, cur)}. ${why}`,
    actor: `staff:${input.staff.id}`,
  });
  await notify(q, {
    alert: true,
    userId: o.user_id,
    title: 'Counter-offer: waiting for your answer',
    content:
      `Your card in order ${o.order_no} is worth less than quoted: ${why} We offer ` +
      `${moneyText(amount, cur)} instead of ${moneyText(o.quote_total_minor, cur)}. Accept or decline within ` +
      `${hours} h; without an answer the offer counts as declined.`,
    action: 'app_orderdetail',
    params: { order_no: o.order_no },
    orderNo: o.order_no,
  });
  await deps.jobs.send(
    OFFER_EXPIRE_JOB,
    { offerId: String(offer.id) },
    { q, startAfter: offer.expires_at, singletonKey: `offer:${offer.id}` },
  );
  return { order: o, offer };
}

/** The offer's reason as the seller reads it (with the reviewer's note). */
export function offerReasonText(offer: Pick<OfferRow, 'reason' | 'note'>): string {
  const base = offer.reason === 'other' ? '' : (OFFER_REASONS[offer.reason as OfferReason] ?? '');
  const text = [base, offer.note].filter(Boolean).join(': ');
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

type Answered = { order: OrderRow; offer: OfferRow; replay: boolean };

/** The seller's order and its latest offer, under the order's lock. */
async function lockOwn(q: Queryable, userId: number, orderNo: string) {
  const o = await orderRepo.lockByNo(q, orderNo);
  if (!o || o.user_id !== userId) throw new AppError('Order not found');
  const offer = await offerRepo.latestOf(q, o.id);
  if (!offer) throw new AppError(OFFER_MESSAGES.none);
  return { order: o, offer };
}

/**
 * The seller accepts: the order is decided with the offer's lines and credited at once, in this
 * transaction, by the order's own journal (order:<id>:credit), so a second acceptance, in parallel
 * or later, credits nothing more. Delay compensation is paid by the decision, its clock
 * stopped at the offer's sending.
 */
export async function acceptOffer(db: Db, deps: OfferDeps, input: { userId: number; orderNo: string }) {
  await deps.ref.warm();
  return db.tx(async (q): Promise<Answered> => {
    const { order: o, offer } = await lockOwn(q, input.userId, input.orderNo);
    if (offer.status === 'accepted') return { order: o, offer, replay: true };
    if (offer.status !== 'open') throw new AppError(OFFER_MESSAGES.answered(offer.status));
    const cur = await deps.ref.currency(o.currency_code);
    await orderRepo.addEvent(q, o.id, {
      status: 'offer_accepted',
      note: `You accepted the counter-offer of ${moneyText(offer.amount_minor, cur)}`,
      actor: `user:${o.user_id}`,
    });
    const out = await decideOrder(q, deps.decisions, {
      orderNo: o.order_no,
      staff: { id: offer.staff_id, name: '', role: 'reviewer' },
      lines: offer.lines.map(({ shown: _shown, ...l }) => l),
      payoutNote: 'Counter-offer accepted',
      counterOffer: 'accept',
      // Delay compensation: the clock stopped when the offer was sent, not when the seller answered.
      answeredAt: offer.sent_at,
    });
    const answered = (await offerRepo.answer(q, offer.id, {
      status: 'accepted',
      journalId: out.order.credit_journal_id,
    })) as OfferRow;
    return { order: out.order, offer: answered, replay: false };
  });
}

/**
 * Closes the order unpaid on a declined (or expired) offer: the card is not redeemed (its lines are
 * recorded as such), the coupon's use comes back, and the seller may appeal.
 */
async function closeUnpaid(
  q: Queryable,
  input: { order: OrderRow; offer: OfferRow; status: 'declined' | 'expired' },
): Promise<Answered> {
  const { order: o, offer, status } = input;
  const answered = (await offerRepo.answer(q, offer.id, { status })) as OfferRow;
  const why =
    status === 'declined'
      ? 'You declined the counter-offer'
      : 'The counter-offer was not answered in time and counts as declined';
  const reason = `${why}: the order is closed unpaid and your card was not redeemed`;
  for (const [i, l] of offer.lines.entries()) {
    await orderRepo.insertLine(q, o.id, {
      seq: i + 1,
      cardId: l.card_id ?? o.card_id,
      cardName: l.shown.card_name,
      cardCurrency: l.shown.card_currency,
      code: l.code ?? '',
      faceMinor: BigInt(l.shown.face_minor),
      rateMinor: 0n,
      amountMinor: 0n,
      status: 'failed',
      failReason: l.status === 'success' ? NOT_REDEEMED : (l.fail_reason ?? ''),
      proofImage: '',
      imageIndex: l.image_index ?? null,
    });
  }
  if (o.coupon_id !== null) await returnCouponUse(q, { userId: o.user_id, couponId: o.coupon_id });
  const closed = await orderRepo.refuse(q, o.id, {
    reason,
    hash: paramsHash({ op: `offer_${status}`, offer: String(offer.id) }),
  });
  await orderRepo.addEvent(q, o.id, {
    status: status === 'declined' ? 'offer_declined' : 'offer_expired',
    note: reason,
    actor: status === 'declined' ? `user:${o.user_id}` : 'system',
  });
  await notify(q, {
    alert: true,
    userId: o.user_id,
    title: status === 'declined' ? 'Order closed unpaid' : 'Counter-offer expired',
    content: `Order ${o.order_no}: ${reason}. You can appeal from the order page.`,
    action: 'app_orderdetail',
    params: { order_no: o.order_no },
    orderNo: o.order_no,
  });
  return { order: closed, offer: answered, replay: false };
}

/** The seller declines: the order is closed unpaid. Declining twice answers the first. */
export async function declineOffer(db: Db, deps: Pick<OfferDeps, 'ref'>, input: { userId: number; orderNo: string }) {
  await deps.ref.warm();
  return db.tx(async (q): Promise<Answered> => {
    const { order: o, offer } = await lockOwn(q, input.userId, input.orderNo);
    if (offer.status === 'declined') return { order: o, offer, replay: true };
    if (offer.status !== 'open') throw new AppError(OFFER_MESSAGES.answered(offer.status));
    return closeUnpaid(q, { order: o, offer, status: 'declined' });
  });
}

/**
 * The expiry job: an offer still open at its deadline counts as declined. Under the order's lock,
 * like an answer, so an acceptance, a decline and the expiry have exactly one outcome.
 */
export async function expireOffer(db: Db, input: { offerId: string }): Promise<'expired' | 'answered' | 'not_due'> {
  return db.tx(async (q) => {
    const first = await offerRepo.byId(q, input.offerId);
    if (!first) return 'answered';
    const o = await offerRepo.lockOrder(q, first.order_id);
    const offer = await offerRepo.byId(q, input.offerId);
    if (!o || !offer || offer.status !== 'open') return 'answered';
    if (!(await offerRepo.due(q, offer.id))) return 'not_due';
    await closeUnpaid(q, { order: o, offer, status: 'expired' });
    return 'expired';
  });
}

/** Registers the expiry job's handler (a job that runs before its time fails and is retried). */
export function registerOfferJobs(jobs: Jobs, db: Db): void {
  jobs.register<{ offerId: string }>(
    OFFER_EXPIRE_JOB,
    async ({ offerId }) => {
      if ((await expireOffer(db, { offerId })) === 'not_due') throw new Error('counter-offer not due yet');
    },
    { retryLimit: 10, retryDelaySeconds: 30 },
  );
}

/**
 * For appeals: the order's declined (or expired) counter-offer, if it has one. An order with one
 * was closed unpaid with the seller's refusal of a lower amount, and may be appealed.
 */
export async function declinedCounterOffer(q: Queryable, orderId: bigint): Promise<OfferRow | undefined> {
  return offerRepo.declinedOf(q, orderId);
}

/** The offer as the seller and the console see it. */
export async function offerView(deps: { ref: Reference; view: (key: string) => string }, offer: OfferRow | undefined) {
  if (!offer) return null;
  const cur = await deps.ref.currency(offer.currency_code);
  const currencies = await deps.ref.currencies();
  const sec = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : 0);
  return {
    status: offer.status,
    amount: formatMinor(offer.amount_minor, cur.decimals),
    quote_amount: formatMinor(offer.quote_total_minor, cur.decimals),
    currency: cur.code,
    reason: offer.reason,
    reason_text: offer.reason === 'other' ? 'Other' : (OFFER_REASONS[offer.reason as OfferReason] ?? offer.reason),
    note: offer.note,
    images: offer.proof_images.map((p) => deps.view(p)),
    cards: offer.lines
      .filter((l) => l.status === 'success')
      .map((l) => {
        const cc = currencies.get(l.shown.card_currency);
        return {
          card_name: l.shown.card_name,
          face_value: cc ? formatMinor(BigInt(l.shown.face_minor), cc.decimals) : '0',
          amount: formatMinor(BigInt(l.shown.amount_minor), cur.decimals),
        };
      }),
    sent_time: sec(offer.sent_at),
    expire_time: sec(offer.expires_at),
    answer_time: sec(offer.answered_at),
  };
}
