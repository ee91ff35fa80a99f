import { Link } from '@giftlane/shared-sdk/router';
import { Page } from '../lib/page';

export default function TermsPage() {
  return (
    <Page
      title="Terms of Service"
      description="The terms for using GiftLane: settlement currencies, no extra transaction fees, parental supervision for under-13s, and Nigerian law."
      lead="These terms are the agreement between you and GiftLane when you use our website or app. Please read them; we have kept them as plain as we can."
    >
      <div className="pub-prose">
        <h2>1. Who can use GiftLane</h2>
        <p>
          You may use GiftLane if you can form a binding agreement where you live. Users under 13 may use GiftLane only with the supervision of a parent
          or guardian, who is responsible for their use of the service. You agree to give true information when you sign up and to keep it up to date.
        </p>
        <h2>2. Your account</h2>
        <p>
          Keep your password and transaction PIN to yourself. You are responsible for what happens in your account. Tell us at once through the{' '}
          <Link to="/contact">contact page</Link> if you think someone else has used it.
        </p>
        <h2>3. Selling a gift card</h2>
        <p>
          You may only sell cards that you own, that were obtained lawfully and that have not been used or sold elsewhere. When you submit an order, the
          rate shown is locked for that order. We check each card; a card that is invalid, already used, not activated, from a different country than
          stated, or missing a required receipt may be refused, and we tell you the reason.
        </p>
        <h2>4. Settlement and fees</h2>
        <p>
          Payouts are settled in Nigerian naira (NGN), Ghanaian cedis (GHS), US dollars (USD) or other currencies we offer for your country, such as
          USDT. We charge no extra transaction fees on trades. Any withdrawal fee is shown to you before you confirm.
        </p>
        <h2>5. Rewards</h2>
        <p>
          VIP bonuses, coupons, referral rewards and activities follow the rules shown for each at the time. We may end a reward or change its rules for
          the future, but not for orders you have already submitted.
        </p>
        <h2>6. Fraud and misuse</h2>
        <p>
          We may hold a payout, suspend an account or refuse a card where we reasonably suspect fraud, stolen cards or misuse, and we may report it to the
          authorities. Where the law allows, we will tell you why.
        </p>
        <h2>7. Our responsibility</h2>
        <p>
          We work to keep GiftLane available and accurate, but we cannot promise it will never be interrupted. We are responsible for the payouts we
          confirm; we are not responsible for losses caused by your sharing of your password, PIN or card codes with others.
        </p>
        <h2>8. Changes to these terms</h2>
        <p>We may update these terms. When the change matters, we will tell you in the app or by email before it applies.</p>
        <h2>9. Governing law</h2>
        <p>
          These terms are governed by the laws of the Federal Republic of Nigeria, and disputes will be settled by the courts of Nigeria, unless the law
          of your country gives you rights that cannot be taken away.
        </p>
        <h2>Contact us</h2>
        <p>
          Questions about these terms? Write to us through the <Link to="/contact">contact page</Link>. See also our{' '}
          <Link to="/privacy-policy">privacy policy</Link> and <Link to="/disclaimer">disclaimer</Link>.
        </p>
      </div>
    </Page>
  );
}
