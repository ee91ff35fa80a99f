import type { Db, Queryable } from '../../db/db.js';
import { keyedCache } from '../../lib/cache.js';
import { AppError } from '../../lib/envelope.js';
import { bpToPercent, formatMinor, parseAmount } from '../../lib/money.js';
import type { Currency, Reference } from '../../shared/reference.js';
import { quote, type Coupon, type Quote } from './pricing.js';
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
  }): Promise<{ card: CardRow; quote: Quote; face: bigint; cardCurrency: Currency; payout: Currency }> {
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
    const q = quote({
      faceMinor: parsed.minor,
      faceDecimals: cardCurrency.decimals,
      baseRateMinor: rate,
      vipBp: await this.ref.vipBp(args.vipLevel),
      coupon: args.coupon ?? null,
      ladder: (await this.ref.ladder()).get(args.payoutCurrency) ?? [],
    });
    return { card, quote: q, face: parsed.minor, cardCurrency, payout };
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
      amount: formatMinor(r.quote.totalMinor, d),
    };
  }
}

/**
 * The first-order bonus a seller can still earn, in a payout currency's minor units: the setting's
 * amount, and 0 once the seller has a completed order (the bonus goes to the first one only).
 */
export async function firstOrderBonusFor(
  q: Queryable,
  deps: { ref: Reference },
  input: { userId: number | undefined; currency: string },
): Promise<bigint> {
  const { ref } = deps;
  const { userId, currency } = input;
  if (userId) {
    if (await catalogRepo.hasCreditedOrder(q, userId)) return 0n;
  }
  return BigInt((await ref.setting<Record<string, string>>('first_order_bonus', {}))[currency] ?? '0');
}
