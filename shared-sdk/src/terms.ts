// The one Terms of Service text, shown by the public /terms page and by the sign-up's Terms view
// (SPEC §2: twelve sections plus Contact Us; the spec fixes the substance: settlement in NGN, GHS,
// USD or other currencies, no extra transaction fees, parental supervision under 13, Nigerian law).
// Import it as `@giftlane/shared-sdk/terms`: plain data, bundled by the apps that show it.
import { PRODUCT_NAME } from './config';

const P = PRODUCT_NAME;

/** The twelve sections, in order. */
export const TERMS_SECTIONS: ReadonlyArray<{ title: string; body: string }> = [
  {
    title: 'Who we are and these terms',
    body:
      `${P} lets you sell gift cards you own and receive the value in your ${P} wallet. By creating an account ` +
      `or using ${P} you agree to these terms. If you do not agree, please do not use the service.`,
  },
  {
    title: 'Your account',
    body:
      'You must give true details when you sign up and keep them up to date. Keep your password and ' +
      'verification codes to yourself: anything done with your account is treated as done by you. Tell us at once ' +
      'if you think someone else has used it.',
  },
  {
    title: 'Age and parental supervision',
    body:
      `Users under 13 may use ${P} only with the supervision of a parent or guardian, who accepts these terms ` +
      `on their behalf and is responsible for their use of the service.`,
  },
  {
    title: 'Gift cards you sell',
    body:
      'You may only sell gift cards that you own, that were obtained lawfully and that have not been used. We ' +
      'check every card before we pay. A card that is invalid, already redeemed, from the wrong country or missing ' +
      'a required receipt may be rejected, and we will tell you why.',
  },
  {
    title: 'Rates and quotes',
    body:
      'The rate shown when you submit a card is the rate your order is valued at. If a card turns out to differ ' +
      'from what was submitted (for example a different value or type), the payout follows what the card really is, ' +
      'and the difference and its reason are shown on your order.',
  },
  {
    title: 'Settlement and currencies',
    body:
      'Payouts are settled in Nigerian naira (NGN), Ghanaian cedis (GHS), US dollars (USD) or other currencies ' +
      'we offer in your country. The currency of your wallet is shown in your account before you trade.',
  },
  {
    title: 'Fees',
    body:
      `${P} charges no extra transaction fees on top of the rate you are shown. Your bank, mobile-money ` +
      `provider or network may charge their own fees, which are outside our control. Any withdrawal fee is shown to ` +
      `you before you confirm.`,
  },
  {
    title: 'Withdrawals',
    body:
      'You can withdraw your wallet balance to a bank account, mobile money or another supported method in your ' +
      'name. We may ask you to confirm your identity before large or unusual withdrawals, as the law requires.',
  },
  {
    title: 'Rewards, coupons and referrals',
    body:
      'Sign-up rewards, VIP bonuses, coupons and referral rewards follow the rules shown with each offer. ' +
      'Rewards obtained through fake accounts, self-referral or abuse may be withdrawn.',
  },
  {
    title: 'Prohibited use',
    body:
      `You must not use ${P} for fraud, money laundering, stolen or unlawfully obtained cards, or to break any ` +
      `law. We may suspend an account and report activity to the authorities when we have good reason to suspect ` +
      `such use.`,
  },
  {
    title: 'Liability',
    body:
      `We take care to run ${P} safely and to pay every approved order. We are not liable for losses caused by ` +
      `events outside our reasonable control, or by you sharing your password or codes. Nothing in these terms ` +
      `limits rights you have under consumer protection law.`,
  },
  {
    title: 'Governing law and changes',
    body:
      'These terms are governed by the laws of the Federal Republic of Nigeria. Disputes are settled by the ' +
      'courts of Nigeria, unless the law of your country gives you rights that cannot be taken away. We may update ' +
      'these terms; when we make an important change we will tell you in the app or by email before it takes effect.',
  },
];
