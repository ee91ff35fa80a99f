import { Link } from '@giftlane/shared-sdk/router';
import { Page } from '../lib/page';

export default function PrivacyPage() {
  return (
    <Page
      title="Privacy Policy"
      description="What personal data GiftLane collects, why, how long we keep it, and the choices you have."
      lead={
        'Your trust matters more to us than any trade. This policy explains what we collect, why, and what you ' +
        'can do about it.'
      }
    >
      <div className="pub-prose">
        <h2>What we collect</h2>
        <ul>
          <li>
            Account details: your email address or WhatsApp number, country, nickname and, if you choose, a profile
            photo.
          </li>
          <li>Trades: the cards, photos and codes you submit, the rates and payouts, and each step of an order.</li>
          <li>Payout details: the bank, mobile money or USDT accounts you add for withdrawals.</li>
          <li>
            Device and usage data: a device identifier, app version and the pages you use, to keep the service secure
            and working well.
          </li>
        </ul>
        <h2>Why we use it</h2>
        <ul>
          <li>To verify cards, pay you and keep a true record of every trade and withdrawal.</li>
          <li>To protect you and us from fraud and stolen cards, and to meet our legal duties.</li>
          <li>To answer you when you contact us, and to tell you about your orders and rewards.</li>
        </ul>
        <h2>Who we share it with</h2>
        <p>
          Only with the banks, mobile money operators and service providers that help us pay you and run GiftLane, and
          with authorities when the law requires it. We never sell your personal data.
        </p>
        <h2>How long we keep it</h2>
        <p>
          We keep trade and payment records for as long as the law requires, and other data only as long as we need it
          to serve you.
        </p>
        <h2>Your choices</h2>
        <p>
          You can see and correct your details in your account, ask for a copy of your data, or ask us to close your
          account and delete what we are not required to keep. Write to us through the{' '}
          <Link to="/contact">contact page</Link>. You may also complain to the data protection authority in your
          country (in Nigeria, the Nigeria Data Protection Commission; in Ghana, the Data Protection Commission).
        </p>
        <h2>Security</h2>
        <p>
          Connections to GiftLane are encrypted, passwords are stored only in hashed form, and withdrawals need your
          separate transaction password. Our staff will never ask for your password, PIN or verification codes.
        </p>
      </div>
    </Page>
  );
}
