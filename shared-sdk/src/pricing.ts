// Pure (no DOM, no I/O): the api prices orders with it and the public rate calculator estimates
// with the very same code, so a quote on the site is the quote the order locks.
/**
 * The one pricing function: the rate calculator quotes with it and an order locks its result
 * (DESIGN §5, CONTRACT §4). Everything is integers: face value in minor units of the card currency,
 * rates and bonuses in minor units of the payout currency, percentages in basis points.
 *
 *   per-unit rate = base rate × (1 + VIP % + coupon %) + rate-add coupon
 *   payout        = face value × per-unit rate + fixed coupon + ladder bonus
 *                   + first-order bonus (when the seller's first paid order is priced), never below 0
 *
 * Each line is rounded down on its own and the total is their sum, so the lines a user sees always
 * add up to the payout.
 */

export interface LadderTier {
  orderAmountMinor: bigint;
  bonusAmountMinor: bigint;
}

export type Coupon =
  | { kind: 'percent'; bp: number }
  | { kind: 'rate_add'; rateMinor: bigint }
  | { kind: 'fixed'; amountMinor: bigint };

export interface QuoteInput {
  /** Face value in minor units of the card currency (cents for a USD card). */
  faceMinor: bigint;
  /** Decimals of the card currency (2 for USD). */
  faceDecimals: number;
  /** Base payout for one major unit of card currency, in payout minor units. */
  baseRateMinor: bigint;
  vipBp: number;
  coupon?: Coupon | null;
  ladder?: readonly LadderTier[];
  /** The first-order bonus, in payout minor units, when this order is the seller's first paid one. */
  firstOrderBonusMinor?: bigint;
}

/** What a payout is made of: the card's value at its rate, then each bonus that applies. */
export type PayoutLineKind = 'card' | 'vip' | 'coupon' | 'ladder' | 'first_order';

/** Each line's name, the same words on the quote, the order and the console. */
export const PAYOUT_LINE_NAMES: Record<PayoutLineKind, string> = {
  card: 'Card value',
  vip: 'VIP bonus',
  coupon: 'Coupon',
  ladder: 'Big-trade bonus',
  first_order: 'First-order bonus',
};

export interface PayoutLine {
  kind: PayoutLineKind;
  amountMinor: bigint;
}

export interface PayoutParts {
  baseMinor: bigint;
  vipBonusMinor: bigint;
  couponBonusMinor: bigint;
  ladderBonusMinor: bigint;
  firstOrderBonusMinor: bigint;
}

/**
 * The one sum of a payout: the card's value and each bonus above zero as a line, and their total
 * (never below 0). The quote and the order's credit both add up through it, so the lines a seller
 * is quoted are the lines the wallet is credited with.
 */
export function payoutLines(p: PayoutParts): { lines: PayoutLine[]; totalMinor: bigint } {
  const all: PayoutLine[] = [
    { kind: 'card', amountMinor: p.baseMinor },
    { kind: 'vip', amountMinor: p.vipBonusMinor },
    { kind: 'coupon', amountMinor: p.couponBonusMinor },
    { kind: 'ladder', amountMinor: p.ladderBonusMinor },
    { kind: 'first_order', amountMinor: p.firstOrderBonusMinor },
  ];
  const lines = all.filter((l) => l.kind === 'card' || l.amountMinor !== 0n);
  const sum = lines.reduce((a, l) => a + l.amountMinor, 0n);
  return { lines, totalMinor: sum < 0n ? 0n : sum };
}

export interface Quote {
  baseMinor: bigint;
  vipBonusMinor: bigint;
  couponBonusMinor: bigint;
  ladderBonusMinor: bigint;
  /** 0 unless the input named a first-order bonus. */
  firstOrderBonusMinor: bigint;
  /** Everything the seller is paid: the trade and the first-order bonus. */
  totalMinor: bigint;
  /** What the card itself earns (the total without the first-order bonus): what a locked quote binds. */
  tradeMinor: bigint;
  /** The total line by line (payoutLines). */
  lines: PayoutLine[];
  /** The per-unit rate after VIP and coupon, in payout minor units (rounded down). */
  effectiveRateMinor: bigint;
}

const BP = 10_000n;

export function quote(input: QuoteInput): Quote {
  const { faceMinor, baseRateMinor } = input;
  if (faceMinor < 0n || baseRateMinor < 0n) throw new RangeError('face value and rate must not be negative');
  if (!Number.isInteger(input.vipBp) || input.vipBp < 0) throw new RangeError('vipBp must be a non-negative integer');
  const unit = 10n ** BigInt(input.faceDecimals);
  const coupon = input.coupon ?? null;
  const couponBp = coupon?.kind === 'percent' ? BigInt(coupon.bp) : 0n;
  if (couponBp < 0n) throw new RangeError('coupon percent must not be negative');

  // face × rate, in payout minor units (face is in card minor units, rate is per card major unit).
  const gross = faceMinor * baseRateMinor;
  const baseMinor = gross / unit;
  const vipBonusMinor = (gross * BigInt(input.vipBp)) / (unit * BP);
  let couponBonusMinor = 0n;
  if (coupon?.kind === 'percent') couponBonusMinor = (gross * couponBp) / (unit * BP);
  else if (coupon?.kind === 'rate_add') couponBonusMinor = (faceMinor * coupon.rateMinor) / unit;
  else if (coupon?.kind === 'fixed') couponBonusMinor = coupon.amountMinor;

  // The ladder tier is chosen on the base payout, the highest one reached.
  let ladderBonusMinor = 0n;
  for (const t of input.ladder ?? []) {
    if (baseMinor >= t.orderAmountMinor && t.bonusAmountMinor > ladderBonusMinor) ladderBonusMinor = t.bonusAmountMinor;
  }

  const firstOrderBonusMinor = input.firstOrderBonusMinor ?? 0n;
  if (firstOrderBonusMinor < 0n) throw new RangeError('the first-order bonus must not be negative');
  const parts = { baseMinor, vipBonusMinor, couponBonusMinor, ladderBonusMinor };
  const { lines, totalMinor } = payoutLines({ ...parts, firstOrderBonusMinor });
  const tradeMinor = payoutLines({ ...parts, firstOrderBonusMinor: 0n }).totalMinor;
  const rateAdd = coupon?.kind === 'rate_add' ? coupon.rateMinor : 0n;
  const effectiveRateMinor = (baseRateMinor * (BP + BigInt(input.vipBp) + couponBp)) / BP + rateAdd;
  return { ...parts, firstOrderBonusMinor, totalMinor, tradeMinor, lines, effectiveRateMinor };
}
