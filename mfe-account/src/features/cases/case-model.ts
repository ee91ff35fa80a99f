// What the case screens say, worked out from the api's case: the badge's tone and the clock's line.
import type { CaseDetail, CaseListItem, CaseStatus } from '@giftlane/shared-sdk';

/** The most photos a message carries (the api's `cases` setting says the same). */
export const MAX_PHOTOS = 5;
export const MAX_MESSAGE = 2000;

export function statusTone(status: CaseStatus): 'pending' | 'success' | 'partial' {
  if (status === 'solved') return 'success';
  return status === 'waiting_you' ? 'partial' : 'pending';
}

const time = (s: number) =>
  new Date(s * 1000).toLocaleString('en-GB', { hour: '2-digit', minute: '2-digit', day: 'numeric', month: 'short' });

/** The promise the case is under now, from its own times (the api enforces the same clocks). */
export function clockLine(c: CaseDetail): string {
  if (c.status === 'solved') return 'Solved. If it is not, write below and the case opens again.';
  if (c.status === 'waiting_you') return 'We answered: it is your turn. Reply below if you need more help.';
  if (!c.first_response_time) {
    return c.first_response_late
      ? 'Our first reply is late. We are sorry: your case is at the top of our queue.'
      : `We will reply by ${time(c.first_response_due)}.`;
  }
  return c.resolution_late
    ? 'Solving this is taking longer than we promised. We are sorry: it is at the top of our queue.'
    : `We aim to solve it by ${time(c.resolution_due)}.`;
}

export function aboutLine(c: Pick<CaseListItem, 'about' | 'order_no' | 'withdraw_no' | 'subject'>): string {
  if (c.about === 'order') return `Order ${c.order_no}`;
  if (c.about === 'withdrawal') return `Withdrawal ${c.withdraw_no}`;
  return c.subject || 'Help';
}

/** A message's problem before it is sent, or undefined. */
export function messageProblem(text: string, photos: number): string | undefined {
  if (!text.trim() && !photos) return 'Please write your message.';
  if (text.length > MAX_MESSAGE) return `Your message is too long: at most ${MAX_MESSAGE} characters.`;
  if (photos > MAX_PHOTOS) return `At most ${MAX_PHOTOS} photos per message.`;
  return undefined;
}
