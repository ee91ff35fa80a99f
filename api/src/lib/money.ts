/**
 * Money is integer minor units (bigint) inside the api and decimal strings in major units on the
 * wire, with exactly the currency's decimals (CONTRACT §0).
 */

export function formatMinor(minor: bigint, decimals: number): string {
  const neg = minor < 0n;
  const abs = neg ? -minor : minor;
  if (decimals === 0) return `${neg ? '-' : ''}${abs}`;
  const scale = 10n ** BigInt(decimals);
  const whole = abs / scale;
  const frac = (abs % scale).toString().padStart(decimals, '0');
  return `${neg ? '-' : ''}${whole}.${frac}`;
}

/**
 * An amount for people to read in messages and notes, as the screens' formatMoney writes it: a sign
 * before the amount ("₦13,475.00"), a code of letters after it ("35.0000 USDT").
 */
export function moneyText(minor: bigint, currency: { symbol: string; decimals: number }): string {
  const text = formatMinor(minor, currency.decimals);
  const neg = text.startsWith('-');
  const [whole = '0', frac] = (neg ? text.slice(1) : text).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const number = `${grouped}${frac !== undefined ? `.${frac}` : ''}`;
  if (/^[A-Za-z]+$/.test(currency.symbol)) return `${neg ? '-' : ''}${number} ${currency.symbol}`;
  return `${neg ? '-' : ''}${currency.symbol}${number}`;
}

export type ParseResult = { ok: true; minor: bigint } | { ok: false; reason: 'format' | 'decimals' | 'range' };

const DECIMAL = /^(\d{1,15})(?:\.(\d+))?$/;

/** Parses a non-negative amount given as a decimal string or a number; refuses more decimals than allowed. */
export function parseAmount(input: unknown, decimals: number): ParseResult {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input) || input < 0) return { ok: false, reason: 'range' };
    text = String(input);
    if (/e/i.test(text)) return { ok: false, reason: 'format' };
  } else if (typeof input === 'string') {
    text = input.trim();
  } else {
    return { ok: false, reason: 'format' };
  }
  const m = DECIMAL.exec(text);
  if (!m) return { ok: false, reason: 'format' };
  const frac = m[2] ?? '';
  if (frac.length > decimals) return { ok: false, reason: 'decimals' };
  const minor = BigInt(m[1] ?? '0') * 10n ** BigInt(decimals) + BigInt(frac.padEnd(decimals, '0') || '0');
  return { ok: true, minor };
}

/** Basis points (1/100 of a percent) as a percent string: 150 → "1.5". */
export function bpToPercent(bp: number): string {
  const s = (bp / 100).toFixed(2);
  return s.replace(/\.?0+$/, '');
}

/**
 * An amount as a JSON number in major units, for the fields clients compute with (NATIVE-CLIENT
 * marks them num): the decimal string's shortest double, so it prints back as the same decimal.
 */
export const minorToNumber = (minor: bigint, decimals: number): number => Number(formatMinor(minor, decimals));

/** Basis points as a percent number: 150 → 1.5. */
export const bpToPercentNumber = (bp: number): number => bp / 100;
