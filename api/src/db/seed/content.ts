/** Home banners, announcements, FAQ, blog posts and app settings for a fresh database. */

export const banners = [
  {
    image: '/assets/banners/sell-in-minutes.webp',
    title: 'Sell your gift cards in minutes',
    action: 'app_sellcard',
    params: {},
  },
  {
    image: '/assets/banners/vip-bonus.webp',
    title: 'VIP members earn up to 3% extra on every trade',
    action: 'app_vip',
    params: {},
  },
  {
    image: '/assets/banners/refer-a-friend.webp',
    title: 'Invite friends, earn on their trades',
    action: 'app_share',
    params: {},
  },
  {
    image: '/assets/banners/rate-sheet.webp',
    title: "Today's rates: check before you sell",
    action: 'app_ratelist',
    params: {},
  },
];

export const announcements = [
  'Steam and Apple cards are paid in about 10 minutes on average today.',
  'Never share your card code with anyone claiming to be GiftLane staff. We only ask for it inside the app.',
  'Withdrawals to all Nigerian banks and Ghana mobile money are running normally.',
];

export const faqs: { category: string; question: string; answer: string }[] = [
  {
    category: 'Getting started',
    question: 'What is GiftLane?',
    answer:
      'GiftLane buys unused gift cards from you and pays naira or cedis into your GiftLane wallet, which you can ' +
      'withdraw to your bank account or mobile money wallet.',
  },
  {
    category: 'Getting started',
    question: 'Which countries can use GiftLane?',
    answer:
      'Sellers in Nigeria are paid in naira and sellers in Ghana in cedis. Sellers from other countries can trade ' +
      'and are paid in USDT.',
  },
  {
    category: 'Getting started',
    question: 'Do I need to verify my account?',
    answer:
      'You confirm your e-mail address or WhatsApp number with a 4-digit code when you sign up. That is enough to ' +
      'start selling.',
  },
  {
    category: 'Selling cards',
    question: 'Which gift cards do you buy?',
    answer:
      'Apple/iTunes, Steam, Amazon, Google Play, Razer Gold, Xbox, PlayStation, Sephora, Vanilla, eBay, Nordstrom, ' +
      'Walmart, Nike and American Express, in several currencies. The rate sheet lists every card and form we accept.',
  },
  {
    category: 'Selling cards',
    question: 'How long does a trade take?',
    answer:
      'Gaming cards such as Steam and Razer Gold are usually paid within 5 to 15 minutes; store cards such as ' +
      'Amazon or Nordstrom can take 1 to 2 hours. Your order shows the time we promise for its card; if we decide ' +
      'it later, delay compensation is added to your wallet automatically. The clock stops when we give our answer ' +
      '(a decision or an offer), and a failed card earns nothing.',
  },
  {
    category: 'Selling cards',
    question: 'Why was my card refused?',
    answer:
      'The usual reasons are an unclear photo, a code that is invalid or already used, a card that was never ' +
      'activated, the wrong country, or a missing receipt. Each refused card shows its reason in the order detail.',
  },
  {
    category: 'Rates',
    question: 'Is the rate I see the rate I get?',
    answer:
      'Yes. When you submit an order with a card and amount, the quote is locked on the order. If an operator pays ' +
      'a different amount, the order shows why.',
  },
  {
    category: 'Rates',
    question: 'Why do receipt cards pay more?',
    answer:
      'A card with its purchase receipt is easier to verify, so it carries less risk and a better rate. E-codes pay ' +
      'slightly less than physical cards.',
  },
  {
    category: 'Wallet & withdrawals',
    question: 'How do I withdraw?',
    answer:
      'Add a bank account (Nigeria, Ghana) or a mobile money wallet (Ghana), set a 6-digit transaction password, ' +
      'and request a withdrawal from your wallet.',
  },
  {
    category: 'Wallet & withdrawals',
    question: 'Are there fees?',
    answer: 'There are no fees on trades. Withdrawal fees, if any, are shown before you confirm.',
  },
  {
    category: 'Account & security',
    question: 'I forgot my password. What do I do?',
    answer:
      'Use "Forgot password" on the login page. We send a 4-digit recovery code to your e-mail or WhatsApp, valid ' +
      'for 10 minutes.',
  },
  {
    category: 'Account & security',
    question: 'Will GiftLane ever ask for my password or code?',
    answer: 'Never. Our staff never ask for your password, your transaction password or a verification code.',
  },
  {
    category: 'Rewards',
    question: 'How does VIP work?',
    answer:
      'Every completed trade adds to your VIP experience. Higher levels add a bonus percentage to your rate, from ' +
      '0.5% at Bronze to 3% at Diamond.',
  },
  {
    category: 'Rewards',
    question: 'How do referral rewards work?',
    answer:
      'Share your invite link. When someone signs up with it and completes trades, a share of their trade volume is ' +
      'credited to your reward wallet.',
  },
];

const p = (...paras: string[]) => paras.map((x) => `<p>${x}</p>`).join('\n');

export const blogPosts = [
  {
    slug: 'spot-a-used-gift-card',
    title: 'How to tell if a gift card has already been used',
    excerpt: 'Five quick checks before you buy or accept a gift card, so you never sell a card that will be refused.',
    cover: '/assets/blog/used-card.webp',
    author: 'GiftLane Team',
    publishedAt: '2025-09-02T09:00:00Z',
    html: [
      p(
        'Most refused trades have one thing in common: the card was already redeemed before it reached the seller. ' +
          'A few checks take less than a minute and save you a wasted trip.',
      ),
      '<h2>1. Look at the scratch panel</h2>',
      p(
        'A panel that is scratched, re-covered with a sticker, or shows glue marks has probably been read already. ' +
          'Genuine panels come off cleanly the first time.',
      ),
      '<h2>2. Ask for the receipt</h2>',
      p(
        'A receipt proves where and when the card was bought and that it was activated at the till. Receipt cards ' +
          'also pay a better rate.',
      ),
      "<h2>3. Check the balance on the brand's own site</h2>",
      p('Most brands offer a balance check. Use it before you pay for a card, never a link someone sends you.'),
      '<h2>4. Match the country</h2>',
      p(
        'A UK Steam card cannot be redeemed on a US account. Choose the card currency that matches the card in your ' +
          'hand.',
      ),
      '<h2>5. Send clear photos</h2>',
      p('Every character of the code must be readable. A blurred photo is the most common reason for delay.'),
    ].join('\n'),
  },
  {
    slug: 'card-forms-and-rates',
    title: 'Physical, e-code or receipt: why the form of a card changes its rate',
    excerpt: 'The same $100 card can pay differently depending on how you hold it. Here is why.',
    cover: '/assets/blog/card-forms.webp',
    author: 'Adaeze Okafor',
    publishedAt: '2025-10-14T10:30:00Z',
    html: [
      p(
        'On the rate sheet every card has a form: physical card, e-code, cash receipt, debit receipt or no receipt. ' +
          'The form tells us how much proof comes with the card.',
      ),
      '<h2>Receipts</h2>',
      p(
        'A cash receipt shows the card was paid for in cash at a store, which makes it the easiest to verify and ' +
          'the best paid. A debit receipt is close behind.',
      ),
      '<h2>E-codes</h2>',
      p(
        'An e-code has no physical card to inspect, so it pays slightly less. Send the code exactly as you ' +
          'received it.',
      ),
      '<h2>Denominations</h2>',
      p(
        'Small cards cost as much to process as big ones, so cards under $50 carry a slightly lower rate. Use the ' +
          'calculator to see the exact payout for your amount.',
      ),
    ].join('\n'),
  },
  {
    slug: 'withdraw-to-nigerian-bank',
    title: 'Withdrawing to a Nigerian bank account: what the 10 digits mean',
    excerpt:
      'Your NUBAN account number has a built-in check digit. Here is how we catch typos before your money leaves.',
    cover: '/assets/blog/nuban.webp',
    author: 'Tunde Bakare',
    publishedAt: '2025-11-20T08:15:00Z',
    html: [
      p(
        'Every Nigerian bank account number is a NUBAN: ten digits, the last of which is a check digit computed ' +
          "from your bank's code and the other nine digits.",
      ),
      p(
        'When you add a payout account, we recompute that check digit. A single mistyped digit almost always fails ' +
          'the check, so we can tell you before a withdrawal goes to the wrong place.',
      ),
      p(
        'We also look up the account name with your bank and show it to you. Make sure it is your name before you ' +
          'save the account.',
      ),
    ].join('\n'),
  },
  {
    slug: 'selling-from-ghana',
    title: 'Selling gift cards from Ghana: cedis, mobile money and timing',
    excerpt: 'Ghanaian sellers are paid in cedis to a bank account or to MTN MoMo, Telecel Cash or AT Money.',
    cover: '/assets/blog/ghana.webp',
    author: 'Kwame Mensah',
    publishedAt: '2026-01-08T12:00:00Z',
    html: [
      p(
        'If you signed up with Ghana as your country, your wallet is in cedis and every rate on the rate sheet is ' +
          'shown in GH₵.',
      ),
      p(
        'You can withdraw to a Ghanaian bank account or to a mobile money wallet on MTN MoMo, Telecel Cash ' +
          '(formerly Vodafone Cash) or AT Money (formerly AirtelTigo Money).',
      ),
      p(
        'Withdrawals to mobile money usually arrive within minutes. Each withdrawal shows the time we promise; if ' +
          'we pay it later, delay compensation on its amount is added to your wallet automatically.',
      ),
    ].join('\n'),
  },
];

/**
 * The static part of public/appinit (InitData, CONTRACT §3.1). Per-user fields (notice counts,
 * coupons) are filled in by the route.
 */
export const appinit = {
  fqa_url: '/faq',
  vip_url: '/vip',
  share_link: '/sign-up?code=',
  sell_link: '/homes/sell-gift-card',
  support_link: '/contact',
  widget_url: '',
  service_phone: '+2349000000000',
  whatsapp_phone: '+2349000000000',
  vip_phone: '+2349000000001',
  email: 'support@giftlane.ng',
  social_media_links: [
    { code: 'instagram', platform: 'Instagram', url: 'https://instagram.com/giftlane' },
    { code: 'x', platform: 'X', url: 'https://x.com/giftlane' },
    { code: 'facebook', platform: 'Facebook', url: 'https://facebook.com/giftlane' },
  ],
  hidden_flag: '0',
  comment_flag: '0',
  rating_flag: '0',
  register_type: 'email,whatsapp',
  is_need_verify: '1',
  init_version: '2.3.1',
  is_update: false,
  force_update: false,
  up_text: '',
  apk_url: '',
  ios_url: '',
  apk_size: '',
  whatsapp_enable: true,
  facebook_disable: false,
  whatsapp_register: true,
  whatsapp_chuanying: false,
  auto_identify_card: false,
  platform_fee: '0',
  recommend_fee: '1',
  google_login_enable: true,
  facebook_login_enable: true,
  apple_login_enable: true,
  biometric_enable: false,
  checkin_enable: false,
  lottery_enable: false,
  utility_enable: false,
};

/** The sell-page configuration (OrderSellDetail, CONTRACT §3.6): delay compensation tiers and tips. */
export const sellPage = {
  overdue_max_percent: '3',
  overdue_data: [
    { name: '15–30 min late', value: '0.5', start: 15 },
    { name: '30–60 min late', value: '1', start: 30 },
    { name: '1–2 h late', value: '2', start: 60 },
    { name: 'over 2 h late', value: '3', start: 120 },
  ],
  sell_card_tips:
    '<p>Upload clear photos: every character of the code must be readable. Include the receipt when your card has ' +
    'one. Never sell the same card elsewhere at the same time.</p>',
  activity: [] as unknown[],
};

/** First-order bonus per payout currency, in minor units. */
export const firstOrderBonus: Record<string, string> = { NGN: '200000', GHS: '2000', USDT: '15000' };
