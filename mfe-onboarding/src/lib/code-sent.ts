// When a sign-up code last went to an address, kept for the tab (sessionStorage). Going back from
// the OTP view and pressing Signup again within the resend wait must not ask the api for another
// code (it refuses: 60 s between sends) — the code already sent is still good, so the form goes
// straight to the OTP view, whose countdown goes on from where it was.
import { RESEND_COUNTDOWN_S } from '@giftlane/shared-sdk';

const KEY = 'gl_code_sent';

function read(): { address: string; at: number } | undefined {
  try {
    const raw = sessionStorage.getItem(KEY);
    const v = raw ? (JSON.parse(raw) as { address?: unknown; at?: unknown }) : undefined;
    return v && typeof v.address === 'string' && typeof v.at === 'number'
      ? { address: v.address, at: v.at }
      : undefined;
  } catch {
    return undefined;
  }
}

export function rememberCodeSent(address: string, now = Date.now()): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ address, at: now }));
  } catch {
    // Private mode without storage: the api's own wait still applies.
  }
}

/** Seconds before another code may be sent to `address` (0: now). */
export function secondsUntilResend(address: string, now = Date.now()): number {
  const last = read();
  if (!last || last.address !== address) return 0;
  const left = RESEND_COUNTDOWN_S - Math.floor((now - last.at) / 1000);
  return left > 0 && left <= RESEND_COUNTDOWN_S ? left : 0;
}
