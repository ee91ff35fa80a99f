// The sell form's choices (brand → card currency → form → face value) and its quote. The quote is
// made by the one pricing function (shared-sdk/pricing) from the same catalog the api prices
// orders with, so the figure shown before submitting is the figure the order locks.
import { PHOTO_MESSAGES, PHOTO_RULES, PHOTO_SNIFF_BYTES, photoKind } from '@giftlane/shared-sdk/photos';
import { tryParseMoney, type BonusTier, type CalculatorData, type Coupon as CouponWire, type CurrencyCode, cardFormName } from '@giftlane/shared-sdk';
import { quote, type Coupon, type LadderTier, type Quote } from '@giftlane/shared-sdk/pricing';

export type SellCard = CalculatorData['card_list'][number]['list'][number];

export interface Brand {
  id: number;
  name: string;
  cards: SellCard[];
}

/** Card currencies (USD, GBP, EUR, CAD, AUD) all have two decimals. */
export const FACE_DECIMALS = 2;

export function brandsOf(data: CalculatorData): Brand[] {
  return data.card_list
    .filter((c) => c.list.length > 0)
    .map((c) => ({ id: c.category_id ?? c.list[0]!.category_id, name: c.category_name, cards: c.list }));
}

const unique = <T,>(xs: T[]) => [...new Set(xs)];

export const currenciesOf = (brand: Brand | undefined): string[] => unique((brand?.cards ?? []).map((c) => c.currency ?? ''));

export const formsOf = (brand: Brand | undefined, currency: string): string[] =>
  unique((brand?.cards ?? []).filter((c) => (c.currency ?? '') === currency).map((c) => c.form ?? ''));

/** The cards (one per denomination band) of a brand, card currency and form, smallest band first. */
export const bandsOf = (brand: Brand | undefined, currency: string, form: string): SellCard[] =>
  (brand?.cards ?? [])
    .filter((c) => (c.currency ?? '') === currency && (c.form ?? '') === form)
    .sort((a, b) => (a.min_face ?? 0) - (b.min_face ?? 0));

/** The brand, card currency and form that choose a card (from /homes/cards), or undefined when unknown. */
export function choiceForCard(brands: readonly Brand[], cardId: number): { brandId: number; currency: string; form: string } | undefined {
  for (const brand of brands) {
    const card = brand.cards.find((c) => c.card_id === cardId);
    if (card) return { brandId: brand.id, currency: card.currency ?? '', form: card.form ?? '' };
  }
  return undefined;
}

/** The form's display name, from the one list in the SDK. */
export const formName = cardFormName;

export function bandLabel(card: SellCard, currency: string): string {
  return card.min_face === undefined || card.max_face === undefined ? currency : `${card.min_face}–${card.max_face} ${currency}`;
}

export function ladderFor(tiers: readonly BonusTier[], payout: CurrencyCode): LadderTier[] {
  return tiers
    .filter((t) => t.order_amount.currency === payout && t.bonus_amount.currency === payout)
    .map((t) => ({ orderAmountMinor: t.order_amount.amount_minor, bonusAmountMinor: t.bonus_amount.amount_minor }));
}

/** A percent string ("1.5") in basis points (150), read with the SDK's exact decimal parse. */
export function percentToBp(percent: string | number | null | undefined): number {
  const m = percent === null || percent === undefined || percent === '' ? undefined : tryParseMoney(percent, 'USD');
  return m && m.amount_minor > 0n ? Number(m.amount_minor) : 0;
}

/**
 * A checked coupon (CONTRACT §6.5) for the pricing function: discount_type 1 is a fraction
 * ("0.05" = 5 % = 500 bp); 2 with type 1 a fixed amount; 2 with type 2 a per-unit rate increase.
 */
export function pricingCoupon(c: CouponWire | null | undefined, payout: CurrencyCode): Coupon | null {
  if (!c) return null;
  if (Number(c.discount_type) === 1) {
    const frac = tryParseMoney(c.discount_value, 'USDT'); // four decimals: 0.0500 → 500 = basis points
    return frac ? { kind: 'percent', bp: Number(frac.amount_minor) } : null;
  }
  const value = tryParseMoney(c.discount_value, payout);
  if (!value) return null;
  return Number(c.type) === 2 ? { kind: 'rate_add', rateMinor: value.amount_minor } : { kind: 'fixed', amountMinor: value.amount_minor };
}

export type Estimate =
  | { ok: true; card: SellCard; faceValue: string; rateMinor: bigint; quote: Quote }
  | { ok: false; message: string };

export interface EstimateInput {
  bands: SellCard[];
  currency: string;
  /** The face value as typed. */
  amount: string;
  payout: CurrencyCode;
  vipBp: number;
  ladder: LadderTier[];
  coupon?: Coupon | null;
}

/** Picks the band the face value falls in and prices it; or says, in plain words, what to fix. */
export function estimate({ bands, currency, amount, payout, vipBp, ladder, coupon }: EstimateInput): Estimate {
  if (bands.length === 0) return { ok: false, message: 'Choose your card to see the quote.' };
  const text = amount.trim();
  if (text === '') return { ok: false, message: 'Enter the amount on your card (its face value).' };
  const face = tryParseMoney(text, 'USD');
  if (!face || face.amount_minor <= 0n) return { ok: false, message: 'Enter the face value as a number, for example 100 or 25.50.' };
  const unit = 10n ** BigInt(FACE_DECIMALS);
  const card = bands.find((c) => face.amount_minor >= BigInt(c.min_face ?? 0) * unit && face.amount_minor <= BigInt(c.max_face ?? 0) * unit);
  if (!card) return { ok: false, message: `We buy this card in these amounts: ${bands.map((c) => bandLabel(c, currency)).join(', ')}.` };
  const rate = tryParseMoney(payout === 'USDT' ? card.usdt_rate ?? card.rate : card.rate, payout);
  if (!rate || rate.amount_minor <= 0n) return { ok: false, message: 'This card has no rate right now. Please choose another or try again later.' };
  const q = quote({ faceMinor: face.amount_minor, faceDecimals: FACE_DECIMALS, baseRateMinor: rate.amount_minor, vipBp, ladder, coupon });
  return { ok: true, card, faceValue: text, rateMinor: rate.amount_minor, quote: q };
}

// ---- Photos -----------------------------------------------------------------------------------

/** The api's limits on card photos (JPG or PNG, at most 5 MB each, 10 per order). */
export { PHOTO_MESSAGES, PHOTO_RULES };

/** The first bytes of a file (File.slice + arrayBuffer; FileReader where a browser lacks it). */
async function head(file: File): Promise<Uint8Array> {
  const part = file.slice(0, PHOTO_SNIFF_BYTES);
  if (typeof part.arrayBuffer === 'function') return new Uint8Array(await part.arrayBuffer());
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('could not read the file'));
    reader.readAsArrayBuffer(part);
  });
}

/**
 * Splits picked files into those to add and a message for each one refused, when they are picked:
 * the kind is read from each file's first bytes (shared-sdk/photos, the api's rule), so a HEIC or a
 * PDF is refused here, not after Sell is pressed.
 */
export async function checkPhotos(picked: readonly File[], already: number): Promise<{ accepted: File[]; errors: string[] }> {
  const accepted: File[] = [];
  const errors: string[] = [];
  for (const file of picked) {
    const kind = photoKind(await head(file).catch(() => new Uint8Array()));
    if (!kind) errors.push(PHOTO_MESSAGES.type(file.name));
    else if (file.size > PHOTO_RULES.maxBytes) errors.push(PHOTO_MESSAGES.size(file.name));
    else if (already + accepted.length >= PHOTO_RULES.maxCount) {
      if (!errors.includes(PHOTO_MESSAGES.count)) errors.push(PHOTO_MESSAGES.count);
    } else accepted.push(file);
  }
  return { accepted, errors };
}

export const SELL_MESSAGES = {
  needContent: 'Add at least one photo of your card or type the card code.',
  needQuote: 'Choose your card and enter its face value to lock your quote.',
} as const;
