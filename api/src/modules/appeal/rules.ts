// The rules of an appeal: which outcomes of an order can be appealed, for how long, with how many
// photos, and the words sellers and staff are shown.
import type { OrderLineRow, OrderRow } from '../order/repo.js';
import { ORDER_STATUS } from '@giftlane/shared-sdk/statuses';

/** The appeal settings (`settings.appeal`), with the seed values as the fallback. */
export interface AppealSettings {
  /** How long after the decision a seller may appeal. */
  window_hours: number;
  /** The appeal queue's clock: how long staff have to resolve an appeal. */
  review_hours: number;
  /** How many photos a seller may add to an appeal. */
  max_photos: number;
}
export const APPEAL_DEFAULTS: AppealSettings = { window_hours: 72, review_hours: 24, max_photos: 5 };

export const APPEAL_MESSAGES = {
  notFound: 'Order not found',
  nothing: 'Only an order with a failed card can be appealed',
  open: 'This order already has an appeal',
  late: (hours: number) => `An appeal must be opened within ${hours} hours of the decision`,
  noQuote: 'This order has no locked quote to appeal against: use "Ask about this order" instead',
  note: 'Tell us why the decision is wrong (note)',
  photos: (max: number) => `At most ${max} photos can be added to an appeal`,
  photo: 'A photo was not found: please upload it again',
  appealNotFound: 'Appeal not found',
  ownDecision: 'You decided this order: another staff member must take its appeal',
  takenByOther: 'Another staff member is working on this appeal',
  takeFirst: 'Take the appeal before resolving it',
  resolved: 'This appeal was already resolved',
  reason: 'Give the reason for upholding the decision',
} as const;

/**
 * The outcomes a seller can appeal. Each has its decider (the database's appeal_decider() reads it
 * from the order: who claimed and decided it, or sent the declined offer) and its overturn amount
 * (overturnMinor).
 */
export type AppealOutcome = 'failed_cards' | 'declined_offer';

export const OUTCOME_LABEL: Record<AppealOutcome, string> = {
  failed_cards: 'Failed cards',
  declined_offer: 'Declined counter-offer',
};

/** What eligibility reads: the decided order and its card lines. */
export interface AppealSubject {
  order: Pick<OrderRow, 'status' | 'finished_at' | 'quote_total_minor' | 'amount_minor' | 'first_order_bonus_minor'>;
  lines: Pick<OrderLineRow, 'status'>[];
  /** The order was closed unpaid because the seller declined (or let expire) a lower counter-offer. */
  declinedOffer?: boolean;
}

/**
 * Which appealable outcome an order has, or why it has none. The one place that lists them: an order
 * closed unpaid after a declined counter-offer (the seller says the card was what they chose), and
 * failed card lines on a decided order (refused or partly paid).
 */
export function appealableOutcome(s: AppealSubject): { outcome: AppealOutcome } | { refused: string } {
  const decided = s.order.status === ORDER_STATUS.refused || s.order.status === ORDER_STATUS.partlySucceeded;
  if (decided && s.order.finished_at && s.lines.some((l) => l.status === 'failed')) {
    if (s.order.quote_total_minor === null) return { refused: APPEAL_MESSAGES.noQuote };
    return { outcome: s.declinedOffer ? 'declined_offer' : 'failed_cards' };
  }
  return { refused: APPEAL_MESSAGES.nothing };
}

/**
 * What an overturn credits: the failed lines' value at the locked quote, i.e. what the quote
 * promised for the order less what its cards were paid (bonuses of the platform such as the
 * first-order bonus are not the trade's). For a declined offer this is the locked quote itself
 * (nothing was paid).
 */
export function overturnMinor(outcome: AppealOutcome, o: AppealSubject['order']): bigint {
  switch (outcome) {
    case 'failed_cards':
    case 'declined_offer': {
      const paid = o.amount_minor - o.first_order_bonus_minor;
      const d = (o.quote_total_minor ?? 0n) - paid;
      return d > 0n ? d : 0n;
    }
  }
}

/** When the seller's window to appeal closes. */
export const appealDeadline = (decidedAt: Date, s: AppealSettings) =>
  new Date(decidedAt.getTime() + s.window_hours * 3600_000);
