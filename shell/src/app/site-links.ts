// The public site's navigation and footer (SPEC §2), in one place for the header, the mobile menu
// and the footer.
export interface NavLinkItem {
  label: string;
  to: string;
}
export interface NavGroup {
  label: string;
  items: NavLinkItem[];
}

export const TOP_NAV: Array<NavLinkItem | NavGroup> = [
  { label: 'Home', to: '/home' },
  {
    label: 'Gift Cards',
    items: [
      { label: 'Sell Gift Cards', to: '/sellcard' },
      { label: 'Rate Sheet', to: '/ratesheet' },
    ],
  },
  {
    label: 'More Rewards',
    items: [
      { label: 'Referral Rewards', to: '/referral-rewards' },
      { label: 'Vip', to: '/vip' },
      { label: 'Coupon', to: '/coupon' },
      { label: 'Activity', to: '/activity' },
    ],
  },
  { label: 'Blog', to: '/blog' },
  {
    label: 'Information',
    items: [
      { label: 'About Us', to: '/about' },
      { label: 'Contact Us', to: '/contact' },
      { label: 'Job Opportunities', to: '/job' },
      { label: 'FAQ', to: '/faq' },
    ],
  },
];

export const FOOTER_COLUMNS: NavGroup[] = [
  {
    label: 'About',
    items: [
      { label: 'About Us', to: '/about' },
      { label: 'Contact Us', to: '/contact' },
      { label: 'Job Opportunities', to: '/job' },
      { label: 'Blog', to: '/blog' },
    ],
  },
  {
    label: 'Rewards',
    items: [
      { label: 'Referral Rewards', to: '/referral-rewards' },
      { label: 'VIP', to: '/vip' },
      { label: 'Coupon', to: '/coupon' },
      { label: 'Activity', to: '/activity' },
    ],
  },
  {
    label: 'Help Center',
    items: [
      { label: 'FAQ', to: '/faq' },
      { label: 'Get the app', to: '/app' },
      { label: 'Rate Sheet', to: '/ratesheet' },
      { label: 'How to sell', to: '/sellcard' },
      { label: 'Service status', to: '/status' },
      { label: 'Official channels', to: '/verified-channels' },
    ],
  },
  {
    label: 'Legal',
    items: [
      { label: 'Terms of Service', to: '/terms' },
      { label: 'Privacy Policy', to: '/privacy-policy' },
      { label: 'Disclaimer', to: '/disclaimer' },
      { label: 'Accessibility', to: '/accessibility' },
    ],
  },
];

export function isGroup(item: NavLinkItem | NavGroup): item is NavGroup {
  return 'items' in item;
}
