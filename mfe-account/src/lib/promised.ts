// The time an order or withdrawal is promised by, as the api stored it when it was made: "14:32"
// today, "27 Nov 2026, 09:05" another day ('' when there is none).
import { formatDateTime } from '@giftlane/shared-sdk';

export function promisedTime(seconds: number | undefined, now: number = Date.now()): string {
  if (!seconds) return '';
  const at = new Date(seconds * 1000);
  const today = new Date(now);
  const sameDay =
    at.getFullYear() === today.getFullYear() && at.getMonth() === today.getMonth() && at.getDate() === today.getDate();
  return sameDay
    ? at.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false })
    : formatDateTime(seconds);
}

/** Whether the promised time has passed. */
export const pastPromise = (seconds: number | undefined, now: number = Date.now()) =>
  Boolean(seconds) && (seconds as number) * 1000 < now;

/** What the seller is told while a promise is late (the rule the api pays by). */
export const ACCRUING_NOTE =
  'We are late: delay compensation is now accruing and is added to your wallet automatically when we finish.';
