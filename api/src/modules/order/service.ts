import { randomInt } from 'node:crypto';
import type { Db, Queryable } from '../../db/db.js';
import { AppError } from '../../lib/envelope.js';
import { moneyText, parseAmount } from '../../lib/money.js';
import { payoutLines, quote, type PayoutLine, type Quote } from '../catalog/pricing.js';
import { Catalog, cardName, firstOrderBonusFor, type QuotedCard } from '../catalog/service.js';
import {
  COUPON_MESSAGES,
  couponById,
  couponFits,
  heldCoupon,
  pricingCoupon,
  returnCouponUse,
  takeCouponUse,
} from '../coupon/service.js';
import { LEDGER_MESSAGES, paramsHash, type Ledger } from '../ledger/ledger.js';
import { notify, sentenceEnd } from '../notices/service.js';
import { creditReferral } from '../referral/service.js';
import { creditOrderDelay, orderPromiseMinutes, scheduleBreachNotice } from '../compensation/service.js';
import type { Jobs } from '../jobs/jobs.js';
import type { Reference } from '../../shared/reference.js';
import { addVipExp } from '../vip/service.js';
import { uploadRepo } from '../uploads/repo.js';
import { IMAGE_LIMITS, uploadNameOf, type UploadStore } from '../uploads/store.js';
import { moneyUser, walletCurrency } from '../../shared/money-user.js';
import { offerRepo } from './offer-repo.js';
import { orderRepo, type OrderRow } from './repo.js';
import { ORDER_STATUS, ORDER_STATUS_DESC } from '@giftlane/shared-sdk/statuses';

/** The reasons a card line can fail (DESIGN §6: what users of this market are told). */
export const FAIL_REASONS = {
  unclear_image: 'Unclear image: the code cannot be read',
  invalid_code: 'Invalid card code',
  already_used: 'The card has already been used',
  not_activated: 'The card is not activated',
  wrong_country: 'The card is from a different country than selected',
  missing_receipt: 'The receipt is missing',
  duplicate: 'The card was already submitted by someone else',
  other: 'Other',
} as const;
export type FailReason = keyof typeof FAIL_REASONS;

export const ORDER_MESSAGES = {
  notFound: 'Order not found',
  finished: 'This order has already been finished',
  claimedByOther: 'Another operator is working on this order',
  claimFirst: 'Claim the order before deciding it',
  belowQuote:
    'This card is valid: it cannot be paid below its locked quote without the seller’s consent. ' +
    'Send a counter-offer (the amount, a reason and proof) instead, or fail the card with its reason and proof',
  waitingForSeller: 'This order is waiting for the seller’s answer to a counter-offer',
  noLines: 'Add at least one card line',
  lineCard: 'Each approved card line needs a card_id',
  lineFace: 'Each approved card line needs a face value above 0',
  failReason: `Each failed card line needs a fail_reason: ${Object.keys(FAIL_REASONS).join(', ')}`,
  otherNote: 'Explain the "other" fail reason in fail_note',
  refuseReason: 'A reason is required to refuse an order',
  proof: "A proof photo must be one of this order's own photos",
} as const;

export const APPADD_MESSAGES = {
  empty: 'Please upload card images or enter the card codes',
  tooManyImages: `At most ${IMAGE_LIMITS.perOrder} images per order`,
  image: 'An image was not found: please upload it again',
  couponMinimum: (amount: string) => `This coupon applies to trades of ${amount} or more`,
  faceWithoutCard: 'Choose a card to lock a quote for this face value',
  faceRequired: 'Enter the face value to lock a quote for this card',
  form: 'The card form does not match the chosen card',
  keyReused: LEDGER_MESSAGES.keyReused,
} as const;

const DUPLICATE_WINDOW_S = 10;

/** What a seller sends to sell: photos and/or codes, and optionally a card and face value to lock a quote. */
export interface SubmitInput {
  userId: number;
  images: string | string[] | undefined;
  memo: string;
  walletType: number;
  couponCode: string;
  cardId: number;
  faceValue: string;
  cardForm: string;
  idempotencyKey: string;
}

export interface SubmitDeps {
  ref: Reference;
  catalog: Catalog;
  store: Pick<UploadStore, 'objectNameOf'>;
  /** The breach notice is queued on it at the promised time, in the submission's transaction. */
  jobs: Pick<Jobs, 'send'>;
}

/**
 * A seller submits an order (order/appadd). The quote is priced first, with the coupon; then, one
 * submission at a time per seller, a retry (the same key, or the same fields within 10 s) answers the
 * first order, the coupon's use is taken, and the order, its first event and its notice are written.
 */
export async function submitOrder(
  db: Db,
  deps: SubmitDeps,
  input: SubmitInput,
): Promise<{ order: OrderRow; first: boolean; replay: boolean }> {
  const { ref, catalog } = deps;
  const u = await moneyUser(db, { ref }, input.userId);
  const cur = walletCurrency(u, input.walletType);
  const raw = input.images === undefined ? [] : Array.isArray(input.images) ? input.images : input.images.split(',');
  const images = raw.map((s) => s.trim()).filter(Boolean);
  if (images.length > IMAGE_LIMITS.perOrder) throw new AppError(APPADD_MESSAGES.tooManyImages);
  if (!images.length && !input.memo) throw new AppError(APPADD_MESSAGES.empty);
  const names = images.map((url) => deps.store.objectNameOf(url));
  if (names.some((n) => !n || !n.startsWith(`orders/${u.id}/`))) throw new AppError(APPADD_MESSAGES.image);
  if (names.length && (await uploadRepo.storedOf(db, u.id, names as string[])) !== new Set(names).size)
    throw new AppError(APPADD_MESSAGES.image);
  // The coupon prices the quote here; whether it can still be used is decided in the transaction,
  // under a row lock and after the replay check (a retried submission must not be refused for
  // the use its first attempt took).
  const held = input.couponCode ? await heldCoupon(db, { userId: u.id, code: input.couponCode }) : null;
  if (input.couponCode && !held) throw new AppError(COUPON_MESSAGES.notFound);
  const coupon = held ? couponFits(held, input.walletType, cur.code) : null;

  let quoted: QuotedCard | null = null;
  const vipBp = await ref.vipBp(u.vipLevel);
  if (input.cardId) {
    if (!input.faceValue) throw new AppError(APPADD_MESSAGES.faceRequired);
    quoted = await catalog.quoteCard({
      cardId: input.cardId,
      faceValue: input.faceValue,
      payoutCurrency: cur.code,
      vipLevel: u.vipLevel,
      coupon: coupon && pricingCoupon(coupon),
    });
    if (input.cardForm && input.cardForm !== quoted.card.form_code) throw new AppError(APPADD_MESSAGES.form);
    if (coupon && quoted.quote.baseMinor < coupon.enough_minor)
      throw new AppError(APPADD_MESSAGES.couponMinimum(`${moneyText(coupon.enough_minor, cur)}`));
  } else if (input.faceValue) {
    throw new AppError(APPADD_MESSAGES.faceWithoutCard);
  }

  const key = input.idempotencyKey || null;
  const couponCode = coupon?.code ?? '';
  const hash = paramsHash({
    images,
    memo: input.memo,
    wallet: input.walletType,
    card: input.cardId,
    face: input.faceValue,
    form: input.cardForm,
    coupon: couponCode,
  });
  return db.tx(async (q) => {
    await orderRepo.lockSubmissions(q, u.id);
    const p = await orderRepo.prior(q, u.id, key, hash, DUPLICATE_WINDOW_S);
    if (p) {
      if (p.params_hash !== hash) throw new AppError(APPADD_MESSAGES.keyReused);
      return { order: p, first: false, replay: true };
    }
    if (coupon)
      await takeCouponUse(q, { userId: u.id, code: coupon.code, walletType: input.walletType, currency: cur.code });
    // The first-order bonus is quoted on one order only: decided here, after the submissions' lock, so
    // of two first orders sent together only the first is quoted with it (the credit pays it once).
    const locked = quoted
      ? Catalog.withFirstOrderBonus(
          quoted,
          await firstOrderBonusFor(q, { ref }, { userId: u.id, currency: cur.code, newOrder: true }),
        )
      : null;
    const quoteJson = locked && lockedQuote(locked, vipBp);
    const quoteTotal = locked ? locked.quote.tradeMinor : null;
    const before = await orderRepo.countOf(q, u.id);
    const promiseMinutes = await orderPromiseMinutes(q, deps, input.cardId || null);
    const o = await orderRepo.insert(q, {
      orderNo: newOrderNo(),
      userId: u.id,
      walletType: input.walletType,
      currency: cur.code,
      images,
      memo: input.memo,
      couponCode,
      couponId: coupon?.id ?? null,
      cardId: input.cardId || null,
      cardForm: input.cardForm,
      faceMinor: locked ? locked.face : null,
      vipBp,
      quote: quoteJson,
      quoteTotalMinor: quoteTotal,
      key,
      hash,
      promiseMinutes,
    });
    await scheduleBreachNotice(q, deps, { subject: 'order', id: o.id, at: o.promised_at as Date });
    const note = locked ? `Quote locked: ${quoteText(locked.quote, cur)}` : 'Order submitted';
    await orderRepo.addEvent(q, o.id, { status: 'submitted', note, actor: `user:${u.id}` });
    await notify(q, {
      userId: u.id,
      title: 'Order submitted',
      content: `We received your order ${o.order_no}. An operator will review your cards shortly.`,
      action: 'app_orderdetail',
      params: { order_no: o.order_no },
      orderNo: o.order_no,
    });
    return { order: o, first: before === 0, replay: false };
  });
}

/**
 * The order's stored quote: the rate it locked, what the card earns (total_minor, which binds a
 * decision), the first-order bonus it includes, and the wire view line by line.
 */
function lockedQuote(r: QuotedCard, vipBp: number): Record<string, unknown> {
  const rate = r.payout.code === 'USDT' ? r.card.usdt_rate_minor : r.card.rate_minor;
  return {
    rate_minor: rate.toString(),
    face_minor: r.face.toString(),
    total_minor: r.quote.tradeMinor.toString(),
    first_order_bonus_minor: r.quote.firstOrderBonusMinor.toString(),
    with_bonus_minor: r.quote.totalMinor.toString(),
    view: Catalog.quoteView(r, vipBp),
  };
}

/** What the seller was quoted in all, first-order bonus included (older quotes: the card's amount alone). */
export function quotedTotalMinor(o: Pick<OrderRow, 'quote' | 'quote_total_minor'>): bigint | null {
  const withBonus = o.quote?.with_bonus_minor;
  return typeof withBonus === 'string' ? BigInt(withBonus) : o.quote_total_minor;
}

/** "₦60,750.00 + ₦2,000.00 first-order bonus = ₦62,750.00", or the amount alone without a bonus. */
function quoteText(qt: Quote, cur: { symbol: string; decimals: number }): string {
  if (qt.firstOrderBonusMinor === 0n) return moneyText(qt.totalMinor, cur);
  return (
    `${moneyText(qt.tradeMinor, cur)} + ${moneyText(qt.firstOrderBonusMinor, cur)} first-order bonus = ` +
    moneyText(qt.totalMinor, cur)
  );
}

export function newOrderNo(now = new Date()): string {
  const d = now.toISOString().slice(2, 10).replace(/-/g, '');
  // 6 date digits then 18 random ones (about 60 bits): the UI shows the last 14, which stay unguessable.
  return `GC${d}${Array.from({ length: 18 }, () => randomInt(10)).join('')}`;
}

/** What a credited order paid, line by line: the same sum (payoutLines) the credit made. */
export const creditedLines = (
  o: Pick<
    OrderRow,
    'base_minor' | 'vip_bonus_minor' | 'coupon_amount_minor' | 'reach_amount_bonus_minor' | 'first_order_bonus_minor'
  >,
) =>
  payoutLines({
    baseMinor: o.base_minor,
    vipBonusMinor: o.vip_bonus_minor,
    couponBonusMinor: o.coupon_amount_minor,
    ladderBonusMinor: o.reach_amount_bonus_minor,
    firstOrderBonusMinor: o.first_order_bonus_minor,
  });

/** What an order waiting for the seller's answer to a counter-offer says. */
export const WAITING_FOR_ANSWER = 'Waiting for your answer';

export const statusDesc = (o: Pick<OrderRow, 'status' | 'claimed_by'> & { offer_open?: boolean }): string =>
  o.status === ORDER_STATUS.pending
    ? o.offer_open
      ? WAITING_FOR_ANSWER
      : o.claimed_by
        ? ORDER_STATUS_DESC.processing
        : ORDER_STATUS_DESC.pending
    : ORDER_STATUS_DESC[o.status];

export interface LineInput {
  card_id?: number;
  code?: string;
  face_value?: string;
  rate?: string;
  status: 'success' | 'failed';
  fail_reason?: string;
  fail_note?: string;
  proof_image?: string;
  image_index?: number;
}

export interface Staff {
  id: number;
  name: string;
  role: string;
}

/**
 * A line's proof photo is one of the order's own photos (the seller receives a signed link to it):
 * a reviewer, or a forged request, cannot hand a seller another seller's upload. Staff have no
 * upload path of their own, so the order's photos are the only proof there is. Answers the order's
 * own reference for the photo ('' for none).
 */
export function proofOf(o: Pick<OrderRow, 'images'>, proof: string | undefined): string {
  if (!proof) return '';
  const name = uploadNameOf(proof);
  const own = name ? o.images.find((ref) => uploadNameOf(ref) === name) : undefined;
  if (!own) throw new AppError(ORDER_MESSAGES.proof);
  return own;
}

/** Claims an order for review so two operators never work the same one. */
export async function claimOrder(q: Queryable, input: { orderNo: string; staff: Staff }): Promise<OrderRow> {
  const { orderNo, staff } = input;
  const o = await orderRepo.lockByNo(q, orderNo);
  if (!o) throw new AppError(ORDER_MESSAGES.notFound);
  if (o.status !== ORDER_STATUS.pending) throw new AppError(ORDER_MESSAGES.finished);
  if (o.claimed_by === staff.id) return o;
  if (o.claimed_by !== null) throw new AppError(ORDER_MESSAGES.claimedByOther);
  const claimed = await orderRepo.setClaim(q, o.id, staff.id);
  await orderRepo.addEvent(q, o.id, {
    status: 'processing',
    note: 'An operator is reviewing your cards',
    actor: `staff:${staff.id}`,
  });
  return claimed;
}

/**
 * Gives a claimed order back to the queue (its reviewer, or an admin for anyone's), so another
 * reviewer can take it. Not while a decision on it waits for a second operator.
 */
export async function releaseOrder(
  q: Queryable,
  input: { orderNo: string; staff: Staff; anyone: boolean },
): Promise<OrderRow> {
  const { orderNo, staff } = input;
  const o = await orderRepo.lockByNo(q, orderNo);
  if (!o) throw new AppError(ORDER_MESSAGES.notFound);
  if (o.status !== ORDER_STATUS.pending) throw new AppError(ORDER_MESSAGES.finished);
  if (o.claimed_by === null) return o;
  if (o.claimed_by !== staff.id && !input.anyone) throw new AppError(ORDER_MESSAGES.claimedByOther);
  if (await offerRepo.openOf(q, o.id)) throw new AppError(ORDER_MESSAGES.waitingForSeller);
  return orderRepo.setClaim(q, o.id, null);
}

async function lockForDecision(
  q: Queryable,
  { orderNo, staff, hash, offer }: { orderNo: string; staff: Staff; hash: string; offer?: CounterOfferMode },
): Promise<{ order: OrderRow; replay: boolean }> {
  const o = await orderRepo.lockByNo(q, orderNo);
  if (!o) throw new AppError(ORDER_MESSAGES.notFound);
  if (o.status !== ORDER_STATUS.pending) {
    if (o.decision_hash === hash) return { order: o, replay: true };
    throw new AppError(ORDER_MESSAGES.finished);
  }
  // The seller's acceptance decides the order its offer was sent on, whoever holds the claim.
  if (offer === 'accept') return { order: o, replay: false };
  if (o.claimed_by === null) throw new AppError(ORDER_MESSAGES.claimFirst);
  if (o.claimed_by !== staff.id) throw new AppError(ORDER_MESSAGES.claimedByOther);
  if (await offerRepo.openOf(q, o.id)) throw new AppError(ORDER_MESSAGES.waitingForSeller);
  return { order: o, replay: false };
}

/**
 * How a decision is made for a counter-offer: 'price' prices the card as the reviewer found it
 * (in a transaction that is rolled back; four-eyes still asked), 'accept' makes it when the seller
 * accepts. Both skip the binding-quote rule: the seller consents to this amount.
 */
export type CounterOfferMode = 'price' | 'accept';

export interface DecisionDeps {
  ledger: Ledger;
  ref: Reference;
  catalog: Catalog;
  /** How far above the catalog's (or the locked quote's) rate a reviewer may go, in percent. */
  rateTolerancePercent: number;
  /**
   * Four-eyes: why this payout may not be made by its reviewer alone (over a threshold, over the
   * quote, over their daily cap), or null. Asked before anything is credited.
   */
  secondPair?: (
    q: Queryable,
    payout: {
      staffId: number;
      total: bigint;
      trade: bigint;
      quoteTotal: bigint | null;
      currency: { code: string; decimals: number };
    },
  ) => Promise<string | null>;
}

/** Thrown (rolling the decision back) when a decision must wait for a second operator's approval. */
export class NeedsApproval extends Error {
  constructor(
    readonly reason: string,
    readonly amountMinor: bigint,
    readonly currency: string,
    /** The part of amountMinor that is the seller's first-order bonus (0 for a later order). */
    readonly firstOrderBonusMinor = 0n,
    /** The payout line by line (payoutLines), as it would be credited. */
    readonly lines: PayoutLine[] = [],
  ) {
    super(reason);
  }
}

/**
 * The highest rate a reviewer may give a card: the catalog's rate now, or the rate the seller's
 * quote locked if that is higher, plus the tolerance. A typo of a few digits is refused here,
 * before a wallet is credited.
 */
export function rateCeiling(catalogRate: bigint, lockedRate: bigint | null, tolerancePercent: number): bigint {
  const base = lockedRate !== null && lockedRate > catalogRate ? lockedRate : catalogRate;
  // Basis points, rounded down: the tolerance never grows by rounding.
  return base + (base * BigInt(Math.floor(tolerancePercent * 100))) / 10_000n;
}

/**
 * Completes an order from per-card decisions: status 2 when every line succeeded, 4 when some
 * failed, 3 when all failed. The wallet is credited once, in this transaction, by a journal whose
 * key is the order's (order:<id>:credit); the same decision sent again returns the first result.
 */
export async function decideOrder(
  q: Queryable,
  deps: DecisionDeps,
  input: {
    orderNo: string;
    staff: Staff;
    lines: LineInput[];
    payoutNote?: string;
    note?: string;
    approvedBy?: number;
    /**
     * When we gave the seller our answer, if earlier than now (an offer they accepted later): the
     * delay compensation's clock stops there. Default: this decision.
     */
    answeredAt?: Date;
    counterOffer?: CounterOfferMode;
  },
): Promise<{ order: OrderRow; replay: boolean }> {
  const hash = paramsHash({
    op: 'decide',
    staff: input.staff.id,
    lines: input.lines,
    payoutNote: input.payoutNote ?? '',
    note: input.note ?? '',
  });
  const { order: o, replay } = await lockForDecision(q, {
    orderNo: input.orderNo,
    staff: input.staff,
    hash,
    offer: input.counterOffer,
  });
  if (replay) return { order: o, replay };
  if (!input.lines.length) throw new AppError(ORDER_MESSAGES.noLines);
  await orderRepo.lockSellerForCredit(q, o.user_id);

  const payout = await deps.ref.currency(o.currency_code);
  const lockedRate = (o.quote?.rate_minor as string | undefined) ?? null;
  const lines: {
    card_id: number | null;
    card_name: string;
    card_currency: string;
    code: string;
    face: bigint;
    rate: bigint;
    base: bigint;
    vip: bigint;
    coupon: bigint;
    status: string;
    fail_reason: string;
    proof: string;
    image_index: number | null;
    exp: bigint;
  }[] = [];
  const coupon = o.coupon_id !== null ? await couponById(q, o.coupon_id) : undefined;
  const priced = coupon ? pricingCoupon(coupon) : null;
  // A fixed coupon is added once per order, below; percent and rate-add ones per card line.
  const lineCoupon = priced && priced.kind !== 'fixed' ? priced : null;
  const expPerUnit = await deps.ref.setting<Record<string, number>>('vip_exp_per_unit', {});
  for (const l of input.lines) {
    if (l.status === 'failed') {
      const reason = l.fail_reason as FailReason | undefined;
      if (!reason || !(reason in FAIL_REASONS)) throw new AppError(ORDER_MESSAGES.failReason);
      if (reason === 'other' && !l.fail_note) throw new AppError(ORDER_MESSAGES.otherNote);
      const text =
        reason === 'other'
          ? (l.fail_note as string)
          : l.fail_note
            ? `${FAIL_REASONS[reason]}: ${l.fail_note}`
            : FAIL_REASONS[reason];
      lines.push({
        card_id: l.card_id ?? o.card_id,
        card_name: '',
        card_currency: '',
        code: l.code ?? '',
        face: 0n,
        rate: 0n,
        base: 0n,
        vip: 0n,
        coupon: 0n,
        status: 'failed',
        fail_reason: text,
        proof: proofOf(o, l.proof_image),
        image_index: l.image_index ?? null,
        exp: 0n,
      });
      continue;
    }
    const cardId = l.card_id ?? o.card_id;
    if (!cardId) throw new AppError(ORDER_MESSAGES.lineCard);
    const card = (await deps.catalog.cards(payout.code, { cardId }))[0];
    if (!card) throw new AppError('Card not found');
    const cardCur = await deps.ref.currency(card.currency_code);
    const face = parseAmount(l.face_value ?? '', cardCur.decimals);
    if (!face.ok || face.minor <= 0n) throw new AppError(ORDER_MESSAGES.lineFace);
    const catalogRate = payout.code === 'USDT' ? card.usdt_rate_minor : card.rate_minor;
    let rate: bigint;
    if (l.rate !== undefined && l.rate !== '') {
      const r = parseAmount(l.rate, payout.decimals);
      if (!r.ok) throw new AppError('Rate must be a non-negative amount in the payout currency');
      const ceiling = rateCeiling(
        catalogRate,
        lockedRate !== null && cardId === o.card_id ? BigInt(lockedRate) : null,
        deps.rateTolerancePercent,
      );
      if (r.minor > ceiling) {
        throw new AppError(
          `The rate ${moneyText(r.minor, payout)} for ${cardName(card, cardCur.symbol)} is more than ` +
            `${deps.rateTolerancePercent}% above the catalog rate ${moneyText(catalogRate, payout)}: the most ` +
            `allowed is ${moneyText(ceiling, payout)}`,
        );
      }
      rate = r.minor;
    } else if (lockedRate !== null && cardId === o.card_id) {
      rate = BigInt(lockedRate);
    } else {
      rate = catalogRate;
    }
    const qte = quote({
      faceMinor: face.minor,
      faceDecimals: cardCur.decimals,
      baseRateMinor: rate,
      vipBp: o.vip_bp,
      coupon: lineCoupon,
    });
    const unit = 10n ** BigInt(cardCur.decimals);
    const exp = BigInt(Math.floor((Number(face.minor / unit) || 0) * (expPerUnit[cardCur.code] ?? 1)));
    lines.push({
      card_id: cardId,
      card_name: cardName(card, cardCur.symbol),
      card_currency: cardCur.code,
      code: l.code ?? '',
      face: face.minor,
      rate,
      base: qte.baseMinor,
      vip: qte.vipBonusMinor,
      coupon: qte.couponBonusMinor,
      status: 'success',
      fail_reason: '',
      proof: proofOf(o, l.proof_image),
      image_index: l.image_index ?? null,
      exp,
    });
  }

  const succeeded = lines.filter((l) => l.status === 'success');
  const actor = `staff:${input.staff.id}`;
  for (const [i, l] of lines.entries()) {
    await orderRepo.insertLine(q, o.id, {
      seq: i + 1,
      cardId: l.card_id,
      cardName: l.card_name,
      cardCurrency: l.card_currency,
      code: l.code,
      faceMinor: l.face,
      rateMinor: l.rate,
      amountMinor: l.base + l.vip,
      status: l.status,
      failReason: l.fail_reason,
      proofImage: l.proof,
      imageIndex: l.image_index,
    });
  }

  if (!succeeded.length) {
    if (coupon) await returnCouponUse(q, { userId: o.user_id, couponId: coupon.id });
    const reason = [...new Set(lines.map((l) => l.fail_reason))].join('; ');
    const refused = await orderRepo.refuse(q, o.id, { reason, hash });
    await orderRepo.addEvent(q, o.id, { status: 'refused', note: reason, actor });
    await notify(q, {
      userId: o.user_id,
      alert: true,
      title: 'Order refused',
      content: `Your order ${o.order_no} was refused: ${sentenceEnd(reason)}`,
      action: 'app_orderdetail',
      params: { order_no: o.order_no },
      orderNo: o.order_no,
    });
    return { order: refused, replay: false };
  }

  const base = succeeded.reduce((a, l) => a + l.base, 0n);
  const vip = succeeded.reduce((a, l) => a + l.vip, 0n);
  // The ladder tier is picked by the one pricing function, on the order's total base payout.
  const ladder = quote({
    faceMinor: base,
    faceDecimals: 0,
    baseRateMinor: 1n,
    vipBp: 0,
    ladder: (await deps.ref.ladder()).get(payout.code) ?? [],
  }).ladderBonusMinor;
  // The first-order bonus is paid once, to the user's first credited order (only the transaction that
  // marks it pays: a conditional update, which waits for a parallel decision on the same user and then
  // sees its mark). A locked quote that names the bonus is kept at its figure; an order quoted without
  // it is not paid it while the order whose quote names it still waits, so no quote is broken.
  const quotedBonus =
    typeof o.quote?.first_order_bonus_minor === 'string' ? BigInt(o.quote.first_order_bonus_minor) : null;
  const mayBeFirst = quotedBonus !== 0n || !(await orderRepo.otherQuotedBonusWaiting(q, o.user_id, o.id));
  const first = mayBeFirst && (await orderRepo.markFirstCredit(q, o.user_id));
  const firstBonus = !first
    ? 0n
    : quotedBonus !== null && quotedBonus > 0n
      ? quotedBonus
      : BigInt((await deps.ref.setting<Record<string, string>>('first_order_bonus', {}))[payout.code] ?? '0');
  // DESIGN §5: a coupon is voided if an operator changes the order's card; below its minimum it
  // does not apply either. Either way the user gets the use back.
  let couponBonus = 0n;
  let couponNote = '';
  if (coupon && priced) {
    const cardChanged = o.card_id !== null && succeeded.some((l) => l.card_id !== o.card_id);
    const below = base < coupon.enough_minor;
    if (cardChanged || below) {
      await returnCouponUse(q, { userId: o.user_id, couponId: coupon.id });
      const why = cardChanged
        ? 'the card was changed in review'
        : `the trade is below its minimum of ${moneyText(coupon.enough_minor, payout)}`;
      couponNote = ` Coupon ${coupon.code} was not applied (${why}); you can use it again.`;
    } else {
      couponBonus = priced.kind === 'fixed' ? priced.amountMinor : succeeded.reduce((a, l) => a + l.coupon, 0n);
      couponNote = ` Coupon ${coupon.code} added ${moneyText(couponBonus, payout)}.`;
    }
  }
  // The one sum the quote is made with (payoutLines): the credit's lines are the quote's lines.
  const paid = payoutLines({
    baseMinor: base,
    vipBonusMinor: vip,
    couponBonusMinor: couponBonus,
    ladderBonusMinor: ladder,
    firstOrderBonusMinor: firstBonus,
  });
  const total = paid.totalMinor;
  if (o.quote_total_minor !== null && !input.counterOffer && paysBelowQuote(o, lines, total - firstBonus))
    throw new AppError(ORDER_MESSAGES.belowQuote);
  if (deps.secondPair && input.counterOffer !== 'accept') {
    // The first-order bonus is the platform's, not the reviewer's: the quote never included it.
    // Asked for an approved decision too: the rule takes the reviewer's daily lock, so an approved
    // payout and the reviewer's own decisions are counted one after the other.
    const why = await deps.secondPair(q, {
      staffId: input.staff.id,
      total,
      trade: total - firstBonus,
      quoteTotal: o.quote_total_minor,
      currency: payout,
    });
    if (why && input.approvedBy === undefined) throw new NeedsApproval(why, total, payout.code, firstBonus, paid.lines);
  }

  const user = await deps.ledger.userAccount(q, { userId: o.user_id, kind: 'cash', currency: payout.code });
  const legs = [
    { account: user, amountMinor: total },
    { account: await deps.ledger.platformAccount(q, 'trade_payouts', payout.code), amountMinor: -(base + vip) },
    {
      account: await deps.ledger.platformAccount(q, 'promotions', payout.code),
      amountMinor: -(ladder + firstBonus + couponBonus),
    },
  ].filter((l) => l.amountMinor !== 0n);
  let journalId: bigint | null = null;
  if (total > 0n) {
    const t = await deps.ledger.transfer(q, {
      key: `order:${o.id}:credit`,
      kind: 'order_credit',
      legs,
      refType: 'order',
      refId: String(o.id),
      memo: `Order ${o.order_no}`,
      actor,
    });
    journalId = t.journalId;
  }
  const status = succeeded.length === lines.length ? ORDER_STATUS.succeeded : ORDER_STATUS.partlySucceeded;
  const credited = await orderRepo.credit(q, o.id, {
    status,
    amountMinor: total,
    baseMinor: base,
    vipBonusMinor: vip,
    ladderBonusMinor: ladder,
    firstOrderBonusMinor: firstBonus,
    payoutNote: input.payoutNote ?? '',
    hash,
    journalId,
    couponMinor: couponBonus,
  });
  const amount = moneyText(total, payout);
  await orderRepo.addEvent(q, o.id, {
    status: status === ORDER_STATUS.succeeded ? 'completed' : 'partly_completed',
    note: `${amount} credited.${input.payoutNote ? ` ${input.payoutNote}` : ''}${couponNote}`,
    actor,
  });
  await notify(q, {
    userId: o.user_id,
    alert: true,
    title: status === ORDER_STATUS.succeeded ? 'Order completed' : 'Order partly completed',
    content: `${amount} from order ${o.order_no} is in your wallet.${
      status === ORDER_STATUS.partlySucceeded ? ' Some cards ' + 'failed: see the order for the reasons.' : ''
    }`,
    action: 'app_orderdetail',
    params: { order_no: o.order_no },
    orderNo: o.order_no,
  });
  // Late: the delay compensation, on what this decision credited (failed cards add nothing to it).
  await creditOrderDelay(q, deps, { orderNo: o.order_no, creditedMinor: total, answeredAt: input.answeredAt });
  await addVipExp(q, deps, { userId: o.user_id, exp: succeeded.reduce((a, l) => a + l.exp, 0n), orderNo: o.order_no });
  // The inviter's reward, in this same transaction: it exists exactly when this credit does.
  await creditReferral(q, deps, {
    orderId: o.id,
    sellerId: o.user_id,
    payoutMinor: base + vip,
    payoutCurrency: payout.code,
  });
  return { order: credited, replay: false };
}

/**
 * The binding quote: whether a decision pays a valid card below the quote the seller locked. A
 * valid line of the quoted card at a lower rate does; so does a trade below the quote's total when
 * no card failed, or when a valid line is another card than the one quoted (the card is worth
 * less than chosen: that is a counter-offer, which the seller answers). Failed cards lower the
 * total with their reason and proof, as before.
 */
export function paysBelowQuote(
  o: Pick<OrderRow, 'card_id' | 'quote' | 'quote_total_minor'>,
  lines: { card_id: number | null; rate: bigint; status: string }[],
  trade: bigint,
): boolean {
  if (o.quote_total_minor === null) return false;
  const locked = (o.quote?.rate_minor as string | undefined) ?? null;
  const valid = lines.filter((l) => l.status === 'success');
  if (locked !== null && valid.some((l) => l.card_id === o.card_id && l.rate < BigInt(locked))) return true;
  if (trade >= o.quote_total_minor) return false;
  const someFailed = valid.length < lines.length;
  return !someFailed || valid.some((l) => l.card_id !== o.card_id);
}

/** Refuses a whole order (status 3) with one reason. */
export async function refuseOrder(
  q: Queryable,
  input: { orderNo: string; staff: Staff; reason: string },
): Promise<{ order: OrderRow; replay: boolean }> {
  if (!input.reason) throw new AppError(ORDER_MESSAGES.refuseReason);
  const hash = paramsHash({ op: 'refuse', staff: input.staff.id, reason: input.reason });
  const { order: o, replay } = await lockForDecision(q, { orderNo: input.orderNo, staff: input.staff, hash });
  if (replay) return { order: o, replay };
  if (o.coupon_id !== null) await returnCouponUse(q, { userId: o.user_id, couponId: o.coupon_id });
  const refused = await orderRepo.refuse(q, o.id, { reason: input.reason, hash });
  await orderRepo.addEvent(q, o.id, { status: 'refused', note: input.reason, actor: `staff:${input.staff.id}` });
  await notify(q, {
    userId: o.user_id,
    alert: true,
    title: 'Order refused',
    content: `Your order ${o.order_no} was refused: ${sentenceEnd(input.reason)}`,
    action: 'app_orderdetail',
    params: { order_no: o.order_no },
    orderNo: o.order_no,
  });
  return { order: refused, replay: false };
}
