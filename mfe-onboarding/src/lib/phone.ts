// The one reading of a phone number (shared-sdk/phone, libphonenumber-js), loaded when a number is
// first read — on submit — so /login and /sign-up do not carry the parser in their first bytes.
import type { toE164 as ToE164 } from '@giftlane/shared-sdk/phone';

let parser: Promise<typeof import('@giftlane/shared-sdk/phone')> | undefined;
const load = () => (parser ??= import('@giftlane/shared-sdk/phone'));

/** `toE164` of shared-sdk/phone, loaded on first use. */
export async function e164(...args: Parameters<typeof ToE164>): Promise<string | undefined> {
  return (await load()).toE164(...args);
}

/** Whether a sign-in name is a phone number (shared-sdk/phone's rule), loaded on first use. */
export async function isPhone(login: string): Promise<boolean> {
  return (await load()).looksLikePhone(login);
}

type DialCountry = { id: number | string; area_number: string; currency_name?: string };

/** The one country with this dial code (+233 → Ghana), or undefined when none or several have it. */
export function countryOfDial<C extends DialCountry>(countries: readonly C[], dial: string): C | undefined {
  const found = countries.filter((c) => c.area_number === dial);
  return found.length === 1 ? found[0] : undefined;
}

/** The one country paid in this currency (NGN → Nigeria, GHS → Ghana), or undefined. */
export function countryOfPayout<C extends DialCountry>(
  countries: readonly C[],
  payout: string | undefined,
): C | undefined {
  const found = payout ? countries.filter((c) => c.currency_name === payout) : [];
  return found.length === 1 ? found[0] : undefined;
}

/**
 * A number typed or pasted with its international prefix ("+233 24 123 4567", "00233…"): the
 * country dial code it starts with and the rest of its digits; undefined for a national number.
 */
export function splitDialCode(
  countries: readonly DialCountry[],
  typed: string,
): { dial: string; rest: string } | undefined {
  const t = typed.trim();
  if (!t.startsWith('+') && !t.startsWith('00')) return undefined;
  const digits = t.replace(/\D/g, '').replace(/^00/, '');
  const codes = [...new Set(countries.map((c) => c.area_number))].sort((a, b) => b.length - a.length);
  const dial = codes.find((code) => digits.startsWith(code.replace(/\D/g, '')));
  return dial ? { dial, rest: digits.slice(dial.replace(/\D/g, '').length) } : undefined;
}
