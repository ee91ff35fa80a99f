// Where a public page sends a seller, depending on whether they are signed in.
import { getSdk } from '@giftlane/shared-sdk';

export const sellPath = () => (getSdk().store.session.isSignedIn ? '/homes/sell-gift-card' : '/sign-up');

/** In-app route codes (CONTRACT §6.10) that banners use, as public paths. */
const ROUTE_CODES: Record<string, string> = {
  app_home: '/home',
  app_register: '/sign-up',
  app_sellcard: '/sellcard',
  app_calculator: '/home#calculator',
  app_ratelist: '/ratesheet',
  app_vip: '/vip',
  app_share: '/referral-rewards',
  app_discountlist: '/coupon',
  app_rank: '/activity',
};

export function routeCodePath(code: string | undefined): string | undefined {
  return code ? ROUTE_CODES[code] : undefined;
}
