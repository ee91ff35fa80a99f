// What the first-sale checklist shows, worked out from the api's user/firstSteps: each step done or not from the
// account's real state, where it is done, and the wait of a new payout account in the api's own figure.
import type { FirstSteps } from '@giftlane/shared-sdk';

export interface Step {
  key: 'identity' | 'pin' | 'payout' | 'sell';
  title: string;
  done: boolean;
  /** Where the step is done. */
  to: string;
  /** The link's words while it is to do. */
  action: string;
  /** What to know before doing it. */
  note?: string;
}

/** The steps in order; identity only where verification is offered. */
export function firstSaleSteps(s: FirstSteps): Step[] {
  const steps: Step[] = [];
  if (s.identity_offered)
    steps.push({
      key: 'identity',
      title: 'Verify your identity',
      done: s.identity_verified,
      to: '/settings#verification',
      action: 'Verify now',
      note: 'Your ID number and name: it takes a minute, and withdrawals need it.',
    });
  steps.push({
    key: 'pin',
    title: 'Set your transaction password',
    done: s.pin_set,
    // Set with the first payout account in one step, or on its own.
    to: s.payout_accounts > 0 ? '/settings#pin' : '/settings#payout',
    action: 'Set it',
    note: 'Six digits you enter for every withdrawal. You can set it while adding your payout account.',
  });
  steps.push({
    key: 'payout',
    title: 'Add a payout account',
    done: s.payout_accounts > 0,
    to: '/settings#payout',
    action: 'Add one',
    note: s.payout_wait
      ? `Money can be sent to a new payout account ${s.payout_wait} after you add it, so add it before your first sale.`
      : 'Your bank account or mobile money wallet, in your own name.',
  });
  steps.push({
    key: 'sell',
    title: 'Sell your first gift card',
    done: s.has_order,
    to: '/homes/sell-gift-card',
    action: 'Sell a gift card',
  });
  return steps;
}
