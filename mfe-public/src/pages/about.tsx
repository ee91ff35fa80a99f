import { Link } from '@giftlane/shared-sdk/router';
import { Page } from '../lib/page';

export default function AboutPage() {
  return (
    <Page
      title="About us"
      heading="About GiftLane"
      description={
        'GiftLane helps people in Nigeria and Ghana turn unused gift cards into naira and cedis, with ' +
        'locked rates, clear payouts and real support.'
      }
      lead="We started GiftLane because selling a gift card should not feel like a gamble."
    >
      <div className="pub-prose">
        <p>
          Many of us have received a gift card from a friend or relative abroad, or earned one online, and found there
          was nowhere nearby to spend it. Turning that card into money you can use at home often meant chasing strangers
          on social media, arguing about rates and waiting with no idea what was happening. GiftLane exists to make it
          simple and honest.
        </p>
        <h2>What we promise</h2>
        <ul>
          <li>
            <strong>The rate you see is the rate you get.</strong> Your rate is locked the moment you submit an order.
            If anything changes the payout, the order shows you why.
          </li>
          <li>
            <strong>You always know where your card is.</strong> Every order has a timeline, from “submitted” to “paid”,
            with the time of each step.
          </li>
          <li>
            <strong>We pay when we are late.</strong> Every order and withdrawal shows the time we promise. If we decide
            the order or pay the withdrawal after it, compensation is added to your wallet automatically, as its own
            line. The clock stops when we give our answer (a decision or an offer): time waiting for your reply does not
            count, and a failed card earns nothing.
          </li>
          <li>
            <strong>No extra transaction fees.</strong> What the calculator shows is what lands in your wallet.
          </li>
        </ul>
        <h2>Who we serve</h2>
        <p>
          Sellers in Nigeria are paid in naira to any Nigerian bank account. Sellers in Ghana are paid in cedis to a
          bank account or to MTN MoMo, Telecel Cash or AT Money. Sellers elsewhere can be paid in USDT.
        </p>
        <h2>Built for your phone and your data</h2>
        <p>
          Most of our sellers use a mid-range Android phone on mobile data, so our pages are light and fast, and our app
          works well even on a slow connection.
        </p>
        <h2>Talk to us</h2>
        <p>
          Questions, ideas or complaints are all welcome on our <Link to="/contact">contact page</Link>. If you would
          like to work with us, see our <Link to="/job">job openings</Link>.
        </p>
      </div>
    </Page>
  );
}
