// Reading the api's decimal strings with the SDK's one money parse, for display and for the
// pricing function (which works in integer minor units).
import { formatMoney, tryParseMoney, type AmountWire, type CurrencyCode, type Money } from '@giftlane/shared-sdk';

/** A wire amount as Money, or undefined when it is absent or not a valid amount. */
export function wireMoney(value: AmountWire | null | undefined, currency: CurrencyCode): Money | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  return tryParseMoney(value, currency);
}

/** "₦1,209.00", or an en dash when the amount is missing. */
export function showMoney(value: AmountWire | null | undefined, currency: CurrencyCode): string {
  const m = wireMoney(value, currency);
  return m ? formatMoney(m) : '–';
}

/**
 * A percent string ("1.5") in basis points (150). Percentages come with at most two decimals, the
 * same shape as a 2-decimal amount, so the SDK's decimal parse reads them exactly (no floats).
 */
export function percentToBp(percent: AmountWire | null | undefined): number {
  const m = percent === null || percent === undefined ? undefined : tryParseMoney(percent, 'USD');
  return m && m.amount_minor > 0n ? Number(m.amount_minor) : 0;
}
