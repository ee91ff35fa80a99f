// One money type and one parse function for every amount the API sends (CONTRACT §0, §1.4).
// Pure: the api uses the same code. Amounts are integer minor units in a bigint, never floats.

/** The currencies money is settled in, with their decimals (CONTRACT §0). */
export const CURRENCY_DECIMALS = Object.freeze({ NGN: 2, GHS: 2, USD: 2, USDT: 4 } as const);
export type CurrencyCode = keyof typeof CURRENCY_DECIMALS;

export interface Money {
  /** Integer minor units: kobo, pesewas, cents, or 1/10000 USDT. */
  readonly amount_minor: bigint;
  readonly currency: CurrencyCode;
}

/** An amount as it arrives on the wire: a decimal string or a JSON number, in major units. */
export type AmountWire = string | number;

export class MoneyError extends Error {
  override readonly name = 'MoneyError';
}

export function isCurrencyCode(value: unknown): value is CurrencyCode {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(CURRENCY_DECIMALS, value);
}

/** Maps a loose currency name ('ngn', 'USDT', ' GHS ') to its code, or undefined. */
export function toCurrencyCode(value: unknown): CurrencyCode | undefined {
  if (typeof value !== 'string') return undefined;
  const upper = value.trim().toUpperCase();
  return isCurrencyCode(upper) ? upper : undefined;
}

const DECIMAL = /^([+-]?)(\d+)(?:\.(\d+))?$/;

/**
 * Parses a major-unit amount ("1234.5", 1234.5, "-20") into minor units. Rejects empty input,
 * exponents, thousands separators, non-finite numbers and more decimals than the currency has.
 */
export function parseMoney(value: AmountWire | bigint, currency: CurrencyCode): Money {
  if (!isCurrencyCode(currency)) throw new MoneyError(`Unknown currency: ${String(currency)}`);
  const decimals = CURRENCY_DECIMALS[currency];
  if (typeof value === 'bigint') return { amount_minor: value * 10n ** BigInt(decimals), currency };
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new MoneyError(`Not a finite amount: ${value}`);
    // String(n) is the shortest text that round-trips, so 0.1 reads as "0.1", not 0.1000000000000000055.
    text = String(value);
  } else if (typeof value === 'string') {
    text = value.trim();
  } else {
    throw new MoneyError(`Not an amount: ${String(value)}`);
  }
  const match = DECIMAL.exec(text);
  if (!match) throw new MoneyError(`Not a decimal amount: "${text}"`);
  const [, sign, whole = '0', fraction = ''] = match;
  if (fraction.length > decimals) {
    throw new MoneyError(`${currency} has ${decimals} decimals; got "${text}"`);
  }
  const minor = BigInt(whole + fraction.padEnd(decimals, '0'));
  return { amount_minor: sign === '-' ? -minor : minor, currency };
}

/** Like `parseMoney`, but answers undefined instead of throwing (for form input). */
export function tryParseMoney(value: AmountWire, currency: CurrencyCode): Money | undefined {
  try {
    return parseMoney(value, currency);
  } catch {
    return undefined;
  }
}

export function money(amount_minor: bigint | number, currency: CurrencyCode): Money {
  if (typeof amount_minor === 'number' && !Number.isSafeInteger(amount_minor)) {
    throw new MoneyError(`Minor units must be a safe integer: ${amount_minor}`);
  }
  return { amount_minor: BigInt(amount_minor), currency };
}

export function zeroMoney(currency: CurrencyCode): Money {
  return { amount_minor: 0n, currency };
}

/** The decimal string in major units with all of the currency's decimals ("1234.50"), as sent. */
export function moneyToDecimalString(value: Money): string {
  const decimals = CURRENCY_DECIMALS[value.currency];
  const negative = value.amount_minor < 0n;
  const digits = (negative ? -value.amount_minor : value.amount_minor).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals);
  return `${negative ? '-' : ''}${whole}${decimals > 0 ? `.${fraction}` : ''}`;
}

function sameCurrency(a: Money, b: Money): void {
  if (a.currency !== b.currency) throw new MoneyError(`Currency mismatch: ${a.currency} and ${b.currency}`);
}

export function addMoney(a: Money, b: Money): Money {
  sameCurrency(a, b);
  return { amount_minor: a.amount_minor + b.amount_minor, currency: a.currency };
}

export function subtractMoney(a: Money, b: Money): Money {
  sameCurrency(a, b);
  return { amount_minor: a.amount_minor - b.amount_minor, currency: a.currency };
}

export function compareMoney(a: Money, b: Money): -1 | 0 | 1 {
  sameCurrency(a, b);
  return a.amount_minor < b.amount_minor ? -1 : a.amount_minor > b.amount_minor ? 1 : 0;
}

export function isMoney(value: unknown): value is Money {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Money).amount_minor === 'bigint' &&
    isCurrencyCode((value as Money).currency)
  );
}
