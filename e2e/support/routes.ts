// The route table of SPEC §2, as the e2e suite walks it.
export const PUBLIC_ROUTES = [
  '/home',
  '/sellcard',
  '/ratesheet',
  '/referral-rewards',
  '/vip',
  '/coupon',
  '/activity',
  '/about',
  '/contact',
  '/job',
  '/faq',
  '/verified-channels',
  '/blog',
  '/blogs',
  '/blog/post',
  '/blog/post/spot-a-used-gift-card',
  '/blogs/post/spot-a-used-gift-card',
  '/privacy-policy',
  '/accessibility',
  '/terms',
  '/disclaimer',
  '/app',
];

export const ONBOARDING_ROUTES = ['/login', '/sign-up', '/social-signup?email=ada%40example.com'];

/** Protected paths and the top-bar title SPEC §2 gives each (/wallet/reward → Wallet, else Home). */
export const PROTECTED_ROUTES: Array<[string, string]> = [
  ['/homes', 'Home'],
  ['/order', 'Order'],
  ['/wallet', 'Wallet'],
  ['/settings', 'Settings'],
  ['/notification', 'Notification'],
  ['/wallet/history', 'Home'],
  ['/wallet/reward', 'Wallet'],
  ['/homes/sell-gift-card', 'Sell Gift Card'],
  ['/homes/vip', 'VIP'],
  ['/homes/coupon', 'Discount Code'],
  ['/homes/cards', 'Home'],
];

export const PROTECTED_ALIASES: Array<[string, string]> = [
  ['/home/sell-gift-card', '/homes/sell-gift-card'],
  ['/home/vip', '/homes/vip'],
  ['/home/coupon', '/homes/coupon'],
];
