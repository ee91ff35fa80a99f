// The rate calculator's choices (brand → card currency → form → amount) and its estimate, made
// with the api's own pricing function (shared-sdk/pricing), so the figure on the page is the
// figure an order would lock for the same card and amount.
import { tryParseMoney, type BonusTier, type CalculatorData, type CurrencyCode, cardFormName as formName } from '@giftlane/shared-sdk';
import { bandLabel } from '../../lib/card-bands';
import { quote, type LadderTier, type Quote } from '@giftlane/shared-sdk/pricing';
import { wireMoney } from '../../lib/amounts';

export type CalcCard = CalculatorData['card_list'][number]['list'][number];

export interface Brand {
  id: number;
  name: string;
  cards: CalcCard[];
}

/** The card currencies are all two-decimal (USD, GBP, EUR, CAD, AUD). */
export const FACE_DECIMALS = 2;
export const PRESET_AMOUNTS = [25, 50, 100, 200, 500] as const;

export function brandsOf(data: CalculatorData): Brand[] {
  return data.card_list
    .filter((c) => c.list.length > 0)
    .map((c) => ({ id: c.category_id ?? c.list[0]!.category_id, name: c.category_name, cards: c.list }));
}

const unique = <T,>(xs: T[]) => [...new Set(xs)];

export function currenciesOf(brand: Brand | undefined): string[] {
  return unique((brand?.cards ?? []).map((c) => c.currency ?? ''));
}

export function formsOf(brand: Brand | undefined, currency: string): string[] {
  return unique((brand?.cards ?? []).filter((c) => (c.currency ?? '') === currency).map((c) => c.form ?? ''));
}

/** The cards (one per denomination band) for a brand, card currency and form. */
export function bandsOf(brand: Brand | undefined, currency: string, form: string): CalcCard[] {
  return (brand?.cards ?? [])
    .filter((c) => (c.currency ?? '') === currency && (c.form ?? '') === form)
    .sort((a, b) => (a.min_face ?? 0) - (b.min_face ?? 0));
}

export function ladderFor(tiers: readonly BonusTier[], payout: CurrencyCode): LadderTier[] {
  return tiers
    .filter((t) => t.order_amount.currency === payout && t.bonus_amount.currency === payout)
    .map((t) => ({ orderAmountMinor: t.order_amount.amount_minor, bonusAmountMinor: t.bonus_amount.amount_minor }));
}

export type Estimate =
  | { ok: true; card: CalcCard; faceMinor: bigint; rateMinor: bigint; quote: Quote }
  | { ok: false; message: string };

export interface EstimateInput {
  bands: CalcCard[];
  currency: string;
  /** The face value as typed. */
  amount: string;
  payout: CurrencyCode;
  vipBp: number;
  ladder: LadderTier[];
}

/** Picks the band the amount falls in and prices it; or says, in plain words, what to fix. */
export function estimate({ bands, currency, amount, payout, vipBp, ladder }: EstimateInput): Estimate {
  if (bands.length === 0) return { ok: false, message: 'Choose a card to see your payout.' };
  const text = amount.trim();
  if (text === '') return { ok: false, message: 'Enter the amount on your card.' };
  // The face value is a two-decimal amount like a dollar figure: the SDK's one decimal parse reads it.
  const face = tryParseMoney(text, 'USD');
  if (!face || face.amount_minor <= 0n) return { ok: false, message: 'Enter the card amount as a number, for example 100 or 25.50.' };
  const unit = 10n ** BigInt(FACE_DECIMALS);
  const card = bands.find((c) => face.amount_minor >= BigInt(c.min_face ?? 0) * unit && face.amount_minor <= BigInt(c.max_face ?? 0) * unit);
  if (!card) {
    const ranges = bands.map((c) => bandLabel(c.min_face, c.max_face, currency)).join(', ');
    return { ok: false, message: `We buy this card in these amounts: ${ranges}.` };
  }
  const rate = wireMoney(card.rate, payout);
  if (!rate) return { ok: false, message: 'This card has no rate right now. Please check the rate sheet.' };
  const q = quote({ faceMinor: face.amount_minor, faceDecimals: FACE_DECIMALS, baseRateMinor: rate.amount_minor, vipBp, ladder });
  return { ok: true, card, faceMinor: face.amount_minor, rateMinor: rate.amount_minor, quote: q };
}

/** "Apple / iTunes · USD · Physical card" */
export function cardTitle(brand: Brand | undefined, currency: string, form: string): string {
  return [brand?.name, currency, formName(form)].filter(Boolean).join(' · ');
}
