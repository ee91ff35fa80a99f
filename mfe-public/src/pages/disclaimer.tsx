import { Link } from '@giftlane/shared-sdk/router';
import { Page } from '../lib/page';

export default function DisclaimerPage() {
  return (
    <Page
      title="Disclaimer"
      description="Important notes about GiftLane rates, calculator estimates, brand names and third-party links."
      lead="A few important notes about the information on our website and app."
    >
      <div className="pub-prose">
        <h2>Rates and estimates</h2>
        <p>
          Rates on the rate sheet and in the calculator change during the day with the market. An estimate is not an
          offer: the rate that counts is the one locked on your order when you submit it. The calculator does not
          include the first-order bonus, coupons you may apply later, or delay compensation.
        </p>
        <h2>Brand names</h2>
        <p>
          Amazon, Apple, iTunes, Steam, Google Play, Razer Gold, Xbox, PlayStation, Sephora, Vanilla, eBay, Nordstrom,
          Walmart, Nike and American Express are trademarks of their owners. GiftLane is not affiliated with, endorsed
          by or sponsored by any of them. We buy gift cards from their holders; we do not sell the brands’ products.
        </p>
        <h2>Not financial advice</h2>
        <p>Nothing on GiftLane is financial or investment advice. USDT and other digital assets can change in value.</p>
        <h2>Links to other sites</h2>
        <p>Links to other websites are given for convenience. We are not responsible for their content.</p>
        <h2>Scams</h2>
        <p>
          Never buy a gift card to pay a stranger, a “customs fee”, a loan fee or a prize release fee: these are scams.
          If in doubt, ask us first on the <Link to="/contact">contact page</Link>.
        </p>
      </div>
    </Page>
  );
}
