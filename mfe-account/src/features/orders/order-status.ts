// How an order's state reads to the seller (CONTRACT §6.4, DESIGN §5): the server's own label, a
// tone, and what happens next in plain words.
import type { OrderStatus } from '@giftlane/shared-sdk';
import { ORDER_STATUS, orderStatusWords } from '@giftlane/shared-sdk/statuses';

export type Tone = 'pending' | 'success' | 'failed' | 'partial';

export function orderTone(status: OrderStatus | number): Tone {
  if (status === ORDER_STATUS.succeeded) return 'success';
  if (status === ORDER_STATUS.refused) return 'failed';
  if (status === ORDER_STATUS.partlySucceeded) return 'partial';
  return 'pending';
}

const FALLBACK_LABEL: Record<Tone, string> = {
  pending: 'Pending',
  success: 'Succeeded',
  failed: 'Refused',
  partial: 'Partly completed',
};

/**
 * The server's `status_desc` (shared-sdk/statuses: 'Pending', 'Processing', 'Succeed', 'Refused', 'Partly completed'),
 * with the contract's 'Succeed' read as a seller would say it.
 */
export function orderLabel(status: OrderStatus | number, desc?: string): string {
  const d = (desc ?? '').trim();
  if (!d) return FALLBACK_LABEL[orderTone(status)];
  return orderStatusWords(d);
}

export function nextStep(status: OrderStatus | number, desc?: string): string {
  switch (orderTone(status)) {
    case 'success':
      return 'Every card was approved and the payout is in your wallet.';
    case 'partial':
      return 'Some cards were approved and paid into your wallet; the others failed — see the reason on each card.';
    case 'failed':
      return 'No card could be approved, so nothing was credited. The reason and the proof are shown below.';
    default:
      if (/waiting for your answer/i.test(desc ?? ''))
        return (
          'Your card is worth less than quoted. Nothing is paid below the quote without your consent: answer the ' +
          'counter-offer below.'
        );
      return /processing/i.test(desc ?? '')
        ? 'An operator is checking your cards now. You will be paid as soon as they are approved.'
        : 'Your order is waiting for an operator.';
  }
}

const EVENT_LABELS: Record<string, string> = {
  submitted: 'Submitted',
  processing: 'Being reviewed',
  completed: 'Completed',
  partly_completed: 'Partly completed',
  refused: 'Refused',
  cancelled: 'Cancelled',
  compensated: 'Delay compensation',
  offer_sent: 'Counter-offer sent',
  offer_accepted: 'Counter-offer accepted',
  offer_declined: 'Counter-offer declined',
  offer_expired: 'Counter-offer expired',
  appeal_opened: 'Appeal opened',
  appeal_upheld: 'Appeal answered: decision upheld',
  appeal_overturned: 'Appeal accepted',
};

export const eventLabel = (status: string): string =>
  EVENT_LABELS[status] ?? status.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

export const isFailedEvent = (status: string) =>
  status === 'refused' || status === 'cancelled' || status === 'offer_declined' || status === 'offer_expired';

/** The last 14 characters, as the orders list shows them (CONTRACT §3.7). */
export const shortOrderNo = (orderNo: string) => (orderNo.length > 14 ? `…${orderNo.slice(-14)}` : orderNo);
