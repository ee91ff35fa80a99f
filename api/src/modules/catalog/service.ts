import type { Db, Queryable } from '../../db/db.js';
import { keyedCache } from '../../lib/cache.js';
import { AppError } from '../../lib/envelope.js';
import { bpToPercent, formatMinor, parseAmount } from '../../lib/money.js';
import type { Currency, Reference } from '../../shared/reference.js';
import { PAYOUT_LINE_NAMES, quote, type Coupon, type PayoutLine, type Quote, type QuoteInput } from './pricing.js';
import { catalogRepo, type CardRow } from './repo.js';

export const cardName = (
  c: Pick<CardRow, 'category_name' | 'currency_code' | 'form_name' | 'min_face' | 'max_face'>,
  symbol: string,
) => `${c.category_name} ${c.currency_code} ${c.form_name} (${symbol}${c.min_face}–${c.max_face})`;

/**
 * Reads the catalog and quotes payouts with the pricing function. One per api process (app.catalog):
 * the calculator, the rate sheet, the sell quote and the review all read the same rates. The card
 * list is cached per payout currency until a rate change is announced (NOTIFY catalog_changed, from
 * any process), until the next scheduled change takes effect, or 15 s at most.
 */
export class Catalog {
  /** Per payout currency, until the next scheduled rate change or ttlMs after the load began. */
  private readonly cache: ReturnType<typeof keyedCache<string, CardRow[]>>;
  /** Bumped by each invalidation: caches built on the catalog (the rate sheet) compare it. */
  generation = 0;
  constructor(
    private readonly db: Db,
    private readonly ref: Reference,
    private readonly ttlMs = 15_000,
  ) {
    // Read through the Queryable the cache hands over: the pool, or the caller's transaction (lib/cache.ts).
    this.cache = keyedCache<string, CardRow[]>(db, async (payoutCurrency, q) => {
      const start = Date.now();
      const next = await catalogRepo.nextChange(q);
      const rows = await catalogRepo.cards(q, payoutCurrency);
      return { value: rows, until: Math.min(start + this.ttlMs, next ?? Infinity) };
    });
  }

  /** Forget every cached card list (a rate changed). */
  invalidate(): void {
    this.cache.clear();
    this.generation++;
  }

  /** Every active card with its base rate in the payout currency and in USDT. */
  async cards(
    payoutCurrency: string,
    filter: { categoryId?: number; currency?: string; cardId?: number } = {},
  ): Promise<CardRow[]> {
    const rows = await this.cache.get(payoutCurrency);
    return rows.filter(
      (c) =>
        (filter.categoryId === undefined || c.category_id === filter.categoryId) &&
        (filter.currency === undefined || c.currency_code === filter.currency) &&
        (filter.cardId === undefined || c.id === filter.cardId),
    );
  }

  /** The active card categories, pinned ones first. */
  async categories(): Promise<{ id: number; name: string }[]> {
    return catalogRepo.categories(this.db);
  }

  /** A quote for one card: face value checked against the card's band, VIP from the user's level. */
  async quoteCard(args: {
    cardId: number;
    faceValue: unknown;
    payoutCurrency: string;
    vipLevel: number;
    coupon?: Coupon | null;
    /** The first-order bonus this quote includes (firstOrderBonusFor), payout minor units. */
    firstOrderBonusMinor?: bigint;
  }): Promise<QuotedCard> {
    const card = (await this.cards(args.payoutCurrency, { cardId: args.cardId }))[0];
    if (!card) throw new AppError('Card not found');
    const cardCurrency = await this.ref.currency(card.currency_code);
    const payout = await this.ref.currency(args.payoutCurrency);
    const parsed = parseAmount(args.faceValue, cardCurrency.decimals);
    if (!parsed.ok) {
      throw new AppError(
        parsed.reason === 'decimals'
          ? `Face value can have at most ${cardCurrency.decimals} decimals`
          : 'Face value must be a number',
      );
    }
    const unit = 10n ** BigInt(cardCurrency.decimals);
    if (parsed.minor < BigInt(card.min_face) * unit || parsed.minor > BigInt(card.max_face) * unit) {
      throw new AppError(
        `Face value must be between ${cardCurrency.symbol}${card.min_face} and ` +
          `${cardCurrency.symbol}${card.max_face} for this card`,
      );
    }
    const rate = args.payoutCurrency === 'USDT' ? card.usdt_rate_minor : card.rate_minor;
    const input: QuoteInput = {
      faceMinor: parsed.minor,
      faceDecimals: cardCurrency.decimals,
      baseRateMinor: rate,
      vipBp: await this.ref.vipBp(args.vipLevel),
      coupon: args.coupon ?? null,
      ladder: (await this.ref.ladder()).get(args.payoutCurrency) ?? [],
      firstOrderBonusMinor: args.firstOrderBonusMinor ?? 0n,
    };
    return { card, quote: quote(input), input, face: parsed.minor, cardCurrency, payout };
  }

  /** The same quote with the first-order bonus it includes set (decided once the order is written). */
  static withFirstOrderBonus(r: QuotedCard, firstOrderBonusMinor: bigint): QuotedCard {
    const input = { ...r.input, firstOrderBonusMinor };
    return { ...r, input, quote: quote(input) };
  }

  /** The wire form of a quote (decimal strings in major units). */
  static quoteView(r: Awaited<ReturnType<Catalog['quoteCard']>>, vipBp: number) {
    const d = r.payout.decimals;
    return {
      card_id: r.card.id,
      face_value: formatMinor(r.face, r.cardCurrency.decimals),
      card_currency: r.cardCurrency.code,
      payout_currency: r.payout.code,
      currency_symbol: r.payout.symbol,
      rate: formatMinor(
        r.card.rate_minor === undefined ? 0n : r.payout.code === 'USDT' ? r.card.usdt_rate_minor : r.card.rate_minor,
        d,
      ),
      effective_rate: formatMinor(r.quote.effectiveRateMinor, d),
      vip_percent: bpToPercent(vipBp),
      base_amount: formatMinor(r.quote.baseMinor, d),
      vip_bonus: formatMinor(r.quote.vipBonusMinor, d),
      coupon_bonus: formatMinor(r.quote.couponBonusMinor, d),
      ladder_bonus: formatMinor(r.quote.ladderBonusMinor, d),
      /** What the card earns (the order's binding quote), without the first-order bonus: unchanged for the apps. */
      amount: formatMinor(r.quote.tradeMinor, d),
      first_order_bonus: formatMinor(r.quote.firstOrderBonusMinor, d),
      /** Everything the seller is paid, first-order bonus included: the sum of lines. */
      total_amount: formatMinor(r.quote.totalMinor, d),
      lines: payoutLinesView(r.quote.lines, d),
    };
  }
}

export type QuotedCard = {
  card: CardRow;
  quote: Quote;
  input: QuoteInput;
  face: bigint;
  cardCurrency: Currency;
  payout: Currency;
};

/** A payout line by line, on the wire: each line's kind, its name and its amount (a decimal string). */
export const payoutLinesView = (lines: readonly PayoutLine[], decimals: number) =>
  lines.map((l) => ({ kind: l.kind, name: PAYOUT_LINE_NAMES[l.kind], amount: formatMinor(l.amountMinor, decimals) }));

/**
 * The first-order bonus a seller can still earn, in a payout currency's minor units: the setting's
 * amount, and 0 once the seller has a completed order (the bonus goes to the first one only).
 */
export async function firstOrderBonusFor(
  q: Queryable,
  deps: { ref: Reference },
  input: {
    userId: number | undefined;
    currency: string;
    /**
     * For a new order's quote: 0 as well while another order is in review, which is paid first and
     * takes the bonus (so two orders sent together are never both quoted with it).
     */
    newOrder?: boolean;
  },
): Promise<bigint> {
  const { ref } = deps;
  const { userId, currency } = input;
  if (userId) {
    if (await catalogRepo.hasCreditedOrder(q, userId)) return 0n;
    if (input.newOrder && (await catalogRepo.hasOrderInReview(q, userId))) return 0n;
  }
  return BigInt((await ref.setting<Record<string, string>>('first_order_bonus', {}))[currency] ?? '0');
}
