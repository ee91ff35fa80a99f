import { Link } from '@giftlane/shared-sdk/router';
import { StoreBadges } from '@giftlane/shared-sdk';
import { Page } from '../lib/page';

export default function AppPage() {
  return (
    <Page
      title="Get the GiftLane app"
      description={
        'Download the GiftLane app for Android or iPhone: sell gift cards in a few taps and get notified ' +
        'the moment you are paid. Help Center included.'
      }
      lead="Sell a card in a few taps, follow every order live, and get a notification the moment you are paid."
    >
      <section className="pub-section pub-band" aria-labelledby="app-get">
        <h2 id="app-get">Download free</h2>
        <p>
          Available for Android phones on Google Play and for iPhone on the App Store. The same account works on the app
          and this website.
        </p>
        <StoreBadges />
      </section>
      <section className="pub-section" aria-labelledby="app-help">
        <h2 id="app-help">Help Center</h2>
        <ul className="pub-tiles">
          <li>
            <h3>Answers</h3>
            <p>
              Rates, payout times, refused cards, withdrawals and security: see the <Link to="/faq">FAQ</Link>.
            </p>
          </li>
          <li>
            <h3>How to sell</h3>
            <p>
              Photos, codes and receipts explained step by step in <Link to="/sellcard">how to sell a gift card</Link>.
            </p>
          </li>
          <li>
            <h3>Talk to us</h3>
            <p>
              Still stuck? Write to our team on the <Link to="/contact">contact page</Link>. We reply within a few
              hours.
            </p>
          </li>
        </ul>
        <p className="pub-muted">Once signed in, you can replay the product tour at any time from Help in the app.</p>
      </section>
    </Page>
  );
}
