// The five steps of the product tour (SPEC §2), each anchored to an element by `data-tour`, on the
// page where it lives. The tour starts and ends on Home (SPEC §4); the last step says where to
// find it again (SPEC §2: the Help section).
export interface TourStep {
  id: 'sell-card' | 'my-wallet' | 'rate-calculator' | 'notification' | 'reward-center';
  /** The page the target is on. */
  path: string;
  title: string;
  content: string;
  /** In the sticky top bar: no scrolling to it. */
  inTopBar?: boolean;
}

export const TOUR_STEPS: readonly TourStep[] = [
  {
    id: 'sell-card',
    path: '/homes',
    title: 'Sell Card',
    content:
      'Start here to sell a gift card: choose the card, enter its value and add clear photos. Your rate is locked ' +
      'when you submit.',
  },
  {
    id: 'my-wallet',
    path: '/homes',
    title: 'My Wallet',
    content:
      'Money from your completed orders lands in your wallet. Withdraw it to your bank account or mobile money ' +
      'whenever you like.',
  },
  {
    id: 'rate-calculator',
    path: '/homes/sell-gift-card',
    title: 'Rate Calculator',
    content:
      'See what your card is worth before you sell: the quote follows the card, its country and value, with your ' +
      'VIP and coupon bonuses.',
  },
  {
    id: 'notification',
    path: '/homes',
    title: 'Notification',
    inTopBar: true,
    content: 'Every order, withdrawal and reward update arrives here. The number shows what you have not read yet.',
  },
  {
    id: 'reward-center',
    path: '/homes',
    title: 'Reward Center',
    inTopBar: true,
    content:
      'Your VIP level and rewards: the more you trade, the higher your level and the bigger the bonus on every ' +
      'rate. You can revisit this tour any time from the Help section.',
  },
];

export const tourTarget = (id: TourStep['id']) => `[data-tour="${id}"]`;

/** The tooltip's buttons (SPEC §2). */
export const TOUR_LOCALE = { back: 'Back', next: 'Next', last: 'Got It', skip: 'Skip', close: 'Close' } as const;
