// The card catalog as a seller chooses from it — brand → card currency → form → face value — and
// the estimate for a face value, made by the one pricing function (./pricing) the api prices
// orders with. The sell form and the public rate calculator both use this module, so the figure on
// either screen is the figure an order locks for the same card and amount. Bundled by each remote
// that imports it (a subpath, not part of the shared singleton).
// The money parse and the form names come from the shared singleton (the package's main entry), so
// the remotes that bundle this module carry no second copy of them.
import {
  cardFormName,
  tryParseMoney,
  type BonusTier,
  type CalculatorData,
  type CurrencyCode,
} from '@giftlane/shared-sdk';
import { quote, type Coupon, type LadderTier, type Quote } from './pricing';

export type CatalogCard = CalculatorData['card_list'][number]['list'][number];

export interface Brand {
  id: number;
  name: string;
  cards: CatalogCard[];
}

/** Card currencies (USD, GBP, EUR, CAD, AUD) all have two decimals. */
export const FACE_DECIMALS = 2;

export function brandsOf(data: CalculatorData): Brand[] {
  return data.card_list
    .filter((c) => c.list.length > 0)
    .map((c) => ({ id: c.category_id ?? c.list[0]!.category_id, name: c.category_name, cards: c.list }));
}

const unique = <T>(xs: T[]) => [...new Set(xs)];

export const currenciesOf = (brand: Brand | undefined): string[] =>
  unique((brand?.cards ?? []).map((c) => c.currency ?? ''));

export const formsOf = (brand: Brand | undefined, currency: string): string[] =>
  unique((brand?.cards ?? []).filter((c) => (c.currency ?? '') === currency).map((c) => c.form ?? ''));

/** The cards (one per denomination band) of a brand, card currency and form, smallest band first. */
export const bandsOf = (brand: Brand | undefined, currency: string, form: string): CatalogCard[] =>
  (brand?.cards ?? [])
    .filter((c) => (c.currency ?? '') === currency && (c.form ?? '') === form)
    .sort((a, b) => (a.min_face ?? 0) - (b.min_face ?? 0));

/** The brand, card currency and form that choose a card, or undefined when it is not in the catalog. */
export function choiceForCard(
  brands: readonly Brand[],
  cardId: number,
): { brandId: number; currency: string; form: string } | undefined {
  for (const brand of brands) {
    const card = brand.cards.find((c) => c.card_id === cardId);
    if (card) return { brandId: brand.id, currency: card.currency ?? '', form: card.form ?? '' };
  }
  return undefined;
}

/** "10–49 USD": a denomination band in card-currency units. */
export function bandLabel(min: number | undefined, max: number | undefined, currency: string): string {
  return min === undefined || max === undefined ? currency : `${min}–${max} ${currency}`;
}

/** "Apple / iTunes · USD · Physical card" */
export function cardTitle(brand: Brand | undefined, currency: string, form: string): string {
  return [brand?.name, currency, cardFormName(form)].filter(Boolean).join(' · ');
}

/** The amount ladder's tiers in the payout currency, for the pricing function. */
export function ladderFor(tiers: readonly BonusTier[], payout: CurrencyCode): LadderTier[] {
  return tiers
    .filter((t) => t.order_amount.currency === payout && t.bonus_amount.currency === payout)
    .map((t) => ({ orderAmountMinor: t.order_amount.amount_minor, bonusAmountMinor: t.bonus_amount.amount_minor }));
}

/** What an estimate says when it cannot price: each screen keeps its own words. */
export interface EstimateMessages {
  noCard: string;
  noAmount: string;
  badAmount: string;
  noRate: string;
}

export type Estimate =
  | { ok: true; card: CatalogCard; faceValue: string; faceMinor: bigint; rateMinor: bigint; quote: Quote }
  | { ok: false; message: string };

export interface EstimateInput {
  bands: CatalogCard[];
  currency: string;
  /** The face value as typed. */
  amount: string;
  payout: CurrencyCode;
  vipBp: number;
  ladder: LadderTier[];
  coupon?: Coupon | null;
  /** The first-order bonus the seller would still earn (the calculator's `first_order_bonus`), payout minor units. */
  firstOrderBonusMinor?: bigint;
}

/**
 * Picks the band the face value falls in and prices it at the card's rate in the payout currency
 * (its USDT rate for a USDT payout); or says, in plain words, what to fix. A card without a rate
 * above zero is not priced.
 */
export function estimate(
  { bands, currency, amount, payout, vipBp, ladder, coupon, firstOrderBonusMinor }: EstimateInput,
  messages: EstimateMessages,
): Estimate {
  if (bands.length === 0) return { ok: false, message: messages.noCard };
  const text = amount.trim();
  if (text === '') return { ok: false, message: messages.noAmount };
  // The face value is a two-decimal amount like a dollar figure: the SDK's one decimal parse reads it.
  const face = tryParseMoney(text, 'USD');
  if (!face || face.amount_minor <= 0n) return { ok: false, message: messages.badAmount };
  const unit = 10n ** BigInt(FACE_DECIMALS);
  const card = bands.find(
    (c) => face.amount_minor >= BigInt(c.min_face ?? 0) * unit && face.amount_minor <= BigInt(c.max_face ?? 0) * unit,
  );
  if (!card)
    return {
      ok: false,
      message:
        `We buy this card in these amounts: ` +
        `${bands.map((c) => bandLabel(c.min_face, c.max_face, currency)).join(', ')}.`,
    };
  const wire = payout === 'USDT' ? (card.usdt_rate ?? card.rate) : card.rate;
  const rate = wire === null || wire === undefined || wire === '' ? undefined : tryParseMoney(wire, payout);
  if (!rate || rate.amount_minor <= 0n) return { ok: false, message: messages.noRate };
  const q = quote({
    faceMinor: face.amount_minor,
    faceDecimals: FACE_DECIMALS,
    baseRateMinor: rate.amount_minor,
    vipBp,
    ladder,
    coupon,
    firstOrderBonusMinor,
  });
  return { ok: true, card, faceValue: text, faceMinor: face.amount_minor, rateMinor: rate.amount_minor, quote: q };
}
