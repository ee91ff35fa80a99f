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
