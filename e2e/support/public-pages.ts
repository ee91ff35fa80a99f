// What each public page must show once its data has arrived: a heading of its own and a
// piece of live data from the api, so a page that silently fell back to its frame fails.
export interface PublicPageCheck {
  path: string;
  h1: RegExp;
  /** Text that only appears once the page's api data has loaded. */
  live?: RegExp;
}

export const BLOG_SLUG = 'spot-a-used-gift-card';

export const PUBLIC_PAGE_CHECKS: PublicPageCheck[] = [
  { path: '/home', h1: /Sell your gift cards/, live: /Sign up and your first trade earns ₦2,000\.00 extra/ },
  { path: '/sellcard', h1: /How to sell a gift card/, live: /30–60 min late/ },
  { path: '/ratesheet', h1: /Today’s gift card rates/, live: /Last updated/ },
  { path: '/referral-rewards', h1: /Invite friends/, live: /₦1,000\.00/ },
  { path: '/vip', h1: /GiftLane VIP/, live: /\+3%/ },
  { path: '/coupon', h1: /Coupons and big-trade bonuses/, live: /GH₵2,000\.00/ },
  { path: '/activity', h1: /Activities and promotions/, live: /Withdrawals to all Nigerian banks/ },
  { path: '/about', h1: /About GiftLane/ },
  { path: '/contact', h1: /Contact us/, live: /support@/ },
  { path: '/job', h1: /Work with us/ },
  { path: '/verified-channels', h1: /Official channels/, live: /support@/ },
  { path: '/faq', h1: /Frequently asked questions/, live: /What is GiftLane\?/ },
  { path: '/blog', h1: /The GiftLane blog/, live: /Selling gift cards from Ghana/ },
  { path: '/blogs', h1: /The GiftLane blog/, live: /Selling gift cards from Ghana/ },
  { path: '/blog/post', h1: /The GiftLane blog/, live: /Selling gift cards from Ghana/ },
  {
    path: `/blog/post/${BLOG_SLUG}`,
    h1: /How to tell if a gift card has already been used/,
    live: /Look at the scratch panel/,
  },
  {
    path: `/blogs/post/${BLOG_SLUG}`,
    h1: /How to tell if a gift card has already been used/,
    live: /Look at the scratch panel/,
  },
  { path: '/privacy-policy', h1: /Privacy Policy/ },
  { path: '/accessibility', h1: /Accessibility/ },
  { path: '/terms', h1: /Terms of Service/, live: /governed by the laws of the Federal Republic of Nigeria/ },
  { path: '/disclaimer', h1: /Disclaimer/ },
  { path: '/app', h1: /Get the GiftLane app/, live: /Google Play/ },
];
