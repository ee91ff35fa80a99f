// Display formatting: money, Unix-second dates and the product name. Pure (Intl only).
import { dateTimeFormat } from './date-format';
import { PRODUCT_NAME } from './config';
import { CURRENCY_DECIMALS, moneyToDecimalString, type CurrencyCode, type Money } from './money';

export const CURRENCY_SYMBOLS: Readonly<Record<CurrencyCode, string>> = Object.freeze({
  NGN: '₦',
  GHS: 'GH₵',
  USD: '$',
  USDT: 'USDT',
});

/** Inserts thousands separators into a run of digits. */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

export interface FormatMoneyOptions {
  /** Leave out the symbol (for tables whose header names the currency). */
  symbol?: boolean;
}

/**
 * ₦1,234.50 · GH₵0.05 · $12.00 · 1,234.5000 USDT · -₦20.00. Works on minor units, so no float
 * rounding can change a figure.
 */
export function formatMoney(value: Money, options: FormatMoneyOptions = {}): string {
  const text = moneyToDecimalString(value);
  const negative = text.startsWith('-');
  const [whole = '0', fraction] = (negative ? text.slice(1) : text).split('.');
  const number = groupThousands(whole) + (fraction !== undefined ? `.${fraction}` : '');
  const sign = negative ? '-' : '';
  if (options.symbol === false) return sign + number;
  if (value.currency === 'USDT') return `${sign}${number} USDT`;
  return `${sign}${CURRENCY_SYMBOLS[value.currency]}${number}`;
}

/** Decimals shown for a currency (2 for NGN, GHS, USD; 4 for USDT). */
export function currencyDecimals(currency: CurrencyCode): number {
  return CURRENCY_DECIMALS[currency];
}

/** Unix seconds (number or numeric string) to a Date; undefined for 0, empty or invalid. */
export function unixSecondsToDate(seconds: number | string | null | undefined): Date | undefined {
  const n = typeof seconds === 'string' ? Number(seconds.trim()) : seconds;
  if (typeof n !== 'number' || !Number.isFinite(n) || n <= 0) return undefined;
  return new Date(n * 1000);
}

export interface FormatDateOptions {
  /** IANA time zone; the device's own by default. */
  timeZone?: string;
  /** BCP 47 locale; en-GB (day first, as in Nigeria and Ghana) by default. */
  locale?: string;
}

/** "5 Mar 2025" from Unix seconds; '' when there is no date (0 means "not yet" in the API). */
export function formatDate(seconds: number | string | null | undefined, options: FormatDateOptions = {}): string {
  const date = unixSecondsToDate(seconds);
  if (!date) return '';
  return dateTimeFormat(options.locale ?? 'en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: options.timeZone,
  }).format(date);
}

/** "5 Mar 2025, 14:03" from Unix seconds; '' when there is no date. */
export function formatDateTime(seconds: number | string | null | undefined, options: FormatDateOptions = {}): string {
  const date = unixSecondsToDate(seconds);
  if (!date) return '';
  return dateTimeFormat(options.locale ?? 'en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
    timeZone: options.timeZone,
  }).format(date);
}

/** Replaces `{product}` with the product name: `withProduct('Login to {product}')`. */
export function withProduct(template: string, productName: string = PRODUCT_NAME): string {
  return template.split('{product}').join(productName);
}
