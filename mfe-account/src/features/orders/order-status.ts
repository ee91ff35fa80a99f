// How an order's state reads to the seller (CONTRACT §6.4, DESIGN §5): the server's own label, a
// tone, and what happens next in plain words.
import type { OrderStatus } from '@giftlane/shared-sdk';

export type Tone = 'pending' | 'success' | 'failed' | 'partial';

export function orderTone(status: OrderStatus | number): Tone {
  if (status === 2) return 'success';
  if (status === 3) return 'failed';
  if (status === 4) return 'partial';
  return 'pending';
}

const FALLBACK_LABEL: Record<Tone, string> = { pending: 'Pending', success: 'Succeeded', failed: 'Refused', partial: 'Partly completed' };

/** The server's `status_desc` ('Pending', 'Processing', 'Succeed', …) read as a seller would say it. */
export function orderLabel(status: OrderStatus | number, desc?: string): string {
  const d = (desc ?? '').trim();
  if (!d) return FALLBACK_LABEL[orderTone(status)];
  if (/^succeed$/i.test(d)) return 'Succeeded';
  if (/^completed$/i.test(d) && status === 4) return 'Partly completed';
  return d;
}

export function nextStep(status: OrderStatus | number, desc?: string): string {
  switch (orderTone(status)) {
    case 'success':
      return 'Every card was approved and the payout is in your wallet.';
    case 'partial':
      return 'Some cards were approved and paid into your wallet; the others failed — see the reason on each card.';
    case 'failed':
      return 'No card could be approved, so nothing was credited. The reason is shown below; contact support if you disagree.';
    default:
      return /processing/i.test(desc ?? '')
        ? 'An operator is checking your cards now. You will be paid as soon as they are approved.'
        : 'Your order is waiting for an operator. Gaming cards usually take 5–10 minutes, store cards 1–2 hours.';
  }
}

const EVENT_LABELS: Record<string, string> = {
  submitted: 'Submitted',
  processing: 'Being reviewed',
  completed: 'Completed',
  partly_completed: 'Partly completed',
  refused: 'Refused',
  cancelled: 'Cancelled',
};

export const eventLabel = (status: string): string =>
  EVENT_LABELS[status] ?? status.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

export const isFailedEvent = (status: string) => status === 'refused' || status === 'cancelled';

/** The last 14 characters, as the orders list shows them (CONTRACT §3.7). */
export const shortOrderNo = (orderNo: string) => (orderNo.length > 14 ? `…${orderNo.slice(-14)}` : orderNo);
