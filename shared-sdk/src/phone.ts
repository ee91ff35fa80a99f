// The one reading of a phone / WhatsApp number as people type it, for the forms and for the api:
// `08121325873`, `8121325873`, `0812 132 5873`, `2348121325873` and `+234 812 132 5873` are one
// number, +2348121325873. Parsed with libphonenumber-js and its 'min' metadata (validation by the
// lengths each country allows, the smallest build).
//
// Import it as `@giftlane/shared-sdk/phone`: it is not part of the shared singleton, so only the
// apps that read phone numbers (onboarding, the api) carry the parser, not every page.
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { DEFAULT_DIAL_CODE } from './config';
import { digitsOnly } from './validation';

const parsed = (text: string, defaultCallingCode?: string): string | undefined => {
  const n = parsePhoneNumberFromString(text, defaultCallingCode ? { defaultCallingCode } : undefined);
  return n?.isValid() ? n.number : undefined;
};

/**
 * A number as typed → E.164 (`+2348121325873`); `undefined` when nothing was typed.
 *
 * `dialCodes` are the countries a number typed without its country code may belong to, the
 * preferred first (the picker's dial code on a form; the country list on the api, Nigeria first).
 * In order: a number written with `+` (or `00`) is read as international; then as a national number
 * of each dial code (a trunk `0` or the dial code itself in front are both understood); then as an
 * international number without its `+`. A number no rule makes valid keeps the old reading: the
 * first dial code in front with its trunk `0` dropped, unless it already starts with a dial code.
 */
export function toE164(typed: string, dialCodes: readonly string[] = [DEFAULT_DIAL_CODE]): string | undefined {
  const text = typed.trim();
  const digits = digitsOnly(text);
  if (digits === '') return undefined;
  const codes = (dialCodes.length ? dialCodes : [DEFAULT_DIAL_CODE]).map(digitsOnly).filter(Boolean);
  const international = /^(\+|00)/.test(text);
  if (international) return parsed(`+${digits.replace(/^00/, '')}`) ?? `+${digits.replace(/^00/, '')}`;
  for (const code of codes) {
    const found = parsed(digits, code);
    if (found) return found;
  }
  const asInternational = parsed(`+${digits}`);
  if (asInternational) return asInternational;
  const dial = codes.find((code) => digits.startsWith(code));
  if (dial) return `+${dial}${digits.slice(dial.length).replace(/^0+/, '')}`;
  return `+${codes[0] ?? ''}${digits.replace(/^0+/, '')}`;
}

/** The api's stored form of a WhatsApp number: E.164 without the `+` (`2348121325873`). */
export function whatsappDigits(typed: string, dialCodes?: readonly string[]): string | undefined {
  return toE164(typed, dialCodes)?.slice(1);
}

/** Whether a sign-in name is a phone number rather than an e-mail address or a username. */
export const looksLikePhone = (login: string): boolean =>
  /^\+?[\d\s().-]+$/.test(login.trim()) && digitsOnly(login).length >= 6;
