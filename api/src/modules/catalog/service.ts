import type { Db, Queryable } from '../../db/db.js';
import { keyedCache } from '../../lib/cache.js';
import { AppError } from '../../lib/envelope.js';
import { bpToPercent, formatMinor, parseAmount } from '../../lib/money.js';
import type { Currency, Reference } from '../public/reference.js';
import { quote, type Coupon, type Quote } from './pricing.js';
import { ORDER_CREDITED } from '@giftlane/shared-sdk/statuses';

export interface CardRow {
  id: number;
  category_id: number;
  category_name: string;
  category_slug: string;
  category_logo: string;
  category_icon: string;
  category_intro: string;
  timeout_minutes: number;
  category_sort: number;
  sticky: boolean;
  currency_code: string;
  form_code: string;
  form_name: string;
  min_face: number;
  max_face: number;
  sort: number;
  rate_minor: bigint;
  usdt_rate_minor: bigint;
}

export const cardName = (c: Pick<CardRow, 'category_name' | 'currency_code' | 'form_name' | 'min_face' | 'max_face'>, symbol: string) =>
  `${c.category_name} ${c.currency_code} ${c.form_name} (${symbol}${c.min_face}–${c.max_face})`;

/** The latest change in effect for a card and payout currency at `at` (SQL, for a lateral join). */
export const RATE_IN_FORCE = (card: string, currency: string, at = 'now()') =>
  `select new_rate_minor from card_rate_changes x where x.card_id = ${card} and x.currency_code = ${currency} and x.cancelled_at is null and x.effective_at <= ${at} order by x.effective_at desc, x.id desc limit 1`;

/** The NOTIFY channel a rate change is announced on, to every api process. */
export const CATALOG_CHANNEL = 'catalog_changed';

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
      const next = await this.nextChange(q);
      const rows = await this.load(q, payoutCurrency);
      return { value: rows, until: Math.min(start + this.ttlMs, next ?? Infinity) };
    });
  }

  /** Forget every cached card list (a rate changed). */
  invalidate(): void {
    this.cache.clear();
    this.generation++;
  }

  /** Every active card with its base rate in the payout currency and in USDT. */
  async cards(payoutCurrency: string, filter: { categoryId?: number; currency?: string; cardId?: number } = {}): Promise<CardRow[]> {
    const rows = await this.cache.get(payoutCurrency);
    return rows.filter(
      (c) => (filter.categoryId === undefined || c.category_id === filter.categoryId) && (filter.currency === undefined || c.currency_code === filter.currency) && (filter.cardId === undefined || c.id === filter.cardId),
    );
  }

  /** The active card categories, pinned ones first. */
  async categories(): Promise<{ id: number; name: string }[]> {
    return (await this.db.query<{ id: number; name: string }>('select id, name from card_categories where active order by sticky desc, sort')).rows;
  }

  /** When the next scheduled rate change takes effect (epoch ms), if one is scheduled. */
  private async nextChange(q: Queryable): Promise<number | null> {
    const r = await q.query<{ at: Date | null }>('select min(effective_at) as at from card_rate_changes where cancelled_at is null and effective_at > now()');
    return r.rows[0]?.at ? r.rows[0].at.getTime() : null;
  }

  private async load(q: Queryable, payoutCurrency: string): Promise<CardRow[]> {
    const filter: { categoryId?: number; currency?: string; cardId?: number } = {};
    const r = await q.query<CardRow>(
      `select c.id, c.category_id, k.name as category_name, k.slug as category_slug, k.logo as category_logo, k.icon as category_icon,
              k.introduction as category_intro, k.timeout_minutes, k.sort as category_sort, k.sticky,
              c.currency_code, c.form_code, f.name as form_name, c.min_face, c.max_face, c.sort,
              coalesce(rc.new_rate_minor, r.rate_minor) as rate_minor, coalesce(uc.new_rate_minor, u.rate_minor) as usdt_rate_minor
         from cards c
         join card_categories k on k.id = c.category_id and k.active
         join card_forms f on f.code = c.form_code
         join card_rates r on r.card_id = c.id and r.currency_code = $1
         join card_rates u on u.card_id = c.id and u.currency_code = 'USDT'
         left join lateral (${RATE_IN_FORCE('c.id', '$1')}) rc on true
         left join lateral (${RATE_IN_FORCE('c.id', "'USDT'")}) uc on true
        where c.active
          and ($2::int is null or c.category_id = $2)
          and ($3::text is null or c.currency_code = $3)
          and ($4::int is null or c.id = $4)
        order by k.sticky desc, k.sort, c.currency_code <> 'USD', c.currency_code, c.sort`,
      [payoutCurrency, filter.categoryId ?? null, filter.currency ?? null, filter.cardId ?? null],
    );
    return r.rows;
  }

  /** A quote for one card: face value checked against the card's band, VIP from the user's level. */
  async quoteCard(args: { cardId: number; faceValue: unknown; payoutCurrency: string; vipLevel: number; coupon?: Coupon | null }): Promise<{ card: CardRow; quote: Quote; face: bigint; cardCurrency: Currency; payout: Currency }> {
    const card = (await this.cards(args.payoutCurrency, { cardId: args.cardId }))[0];
    if (!card) throw new AppError('Card not found');
    const cardCurrency = await this.ref.currency(card.currency_code);
    const payout = await this.ref.currency(args.payoutCurrency);
    const parsed = parseAmount(args.faceValue, cardCurrency.decimals);
    if (!parsed.ok) {
      throw new AppError(parsed.reason === 'decimals' ? `Face value can have at most ${cardCurrency.decimals} decimals` : 'Face value must be a number');
    }
    const unit = 10n ** BigInt(cardCurrency.decimals);
    if (parsed.minor < BigInt(card.min_face) * unit || parsed.minor > BigInt(card.max_face) * unit) {
      throw new AppError(`Face value must be between ${cardCurrency.symbol}${card.min_face} and ${cardCurrency.symbol}${card.max_face} for this card`);
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
      rate: formatMinor(r.card.rate_minor === undefined ? 0n : r.payout.code === 'USDT' ? r.card.usdt_rate_minor : r.card.rate_minor, d),
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
export async function firstOrderBonusFor(q: Queryable, ref: Reference, userId: number | undefined, currency: string): Promise<bigint> {
  if (userId) {
    const done = await q.query('select 1 from orders where user_id = $1 and status = any($2::smallint[]) limit 1', [userId, ORDER_CREDITED]);
    if (done.rows.length) return 0n;
  }
  return BigInt((await ref.setting<Record<string, string>>('first_order_bonus', {}))[currency] ?? '0');
}
