// The sell form's choices (brand → card currency → form → face value) and its quote. The quote is
// made by the one pricing function (shared-sdk/pricing) from the same catalog the api prices
// orders with, so the figure shown before submitting is the figure the order locks.
import { tryParseMoney, type Coupon as CouponWire, type CurrencyCode } from '@giftlane/shared-sdk';
import {
  estimate as priceCard,
  type CatalogCard,
  type Estimate,
  type EstimateInput,
} from '@giftlane/shared-sdk/card-catalog';
import type { Coupon } from '@giftlane/shared-sdk/pricing';

// The catalog's choices, bands and ladder are the one model in shared-sdk (the rate calculator's too).
export {
  bandLabel,
  bandsOf,
  brandsOf,
  choiceForCard,
  currenciesOf,
  FACE_DECIMALS,
  formsOf,
  ladderFor,
  type Brand,
  type Estimate,
} from '@giftlane/shared-sdk/card-catalog';
export { cardFormName as formName } from '@giftlane/shared-sdk';

export type SellCard = CatalogCard;

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
  return Number(c.type) === 2
    ? { kind: 'rate_add', rateMinor: value.amount_minor }
    : { kind: 'fixed', amountMinor: value.amount_minor };
}

/** The sell form's words when a card cannot be priced yet. */
const ESTIMATE_MESSAGES = {
  noCard: 'Choose your card to see the quote.',
  noAmount: 'Enter the amount on your card (its face value).',
  badAmount: 'Enter the face value as a number, for example 100 or 25.50.',
  noRate: 'This card has no rate right now. Please choose another or try again later.',
} as const;

/** Picks the band the face value falls in and prices it (the coupon included); or says what to fix. */
export const estimate = (input: EstimateInput): Estimate => priceCard(input, ESTIMATE_MESSAGES);

export const SELL_MESSAGES = {
  needContent: 'Add at least one photo of your card or type the card code.',
  needQuote: 'Choose your card and enter its face value to lock your quote.',
} as const;
