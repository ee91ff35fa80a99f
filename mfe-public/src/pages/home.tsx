// /home: what GiftLane does, the sign-up reward, the rate calculator, banners, how selling works,
// today's best rates, payout methods, the app and a few answers. No antd: plain elements keep the
// first page inside the byte budget.
import { Link } from '@giftlane/shared-sdk/router';
import { observer } from 'mobx-react-lite';
import { formatMoney, StoreBadges, toCurrencyCode, type CalculatorData, Async } from '@giftlane/shared-sdk';
import { Page } from '../lib/page';
import { useMarket } from '../lib/country';
import { MarketSwitch } from '../lib/market-switch';
import { showMoney, wireMoney } from '../lib/amounts';
import { routeCodePath, sellPath } from '../lib/links';
import { RateCalculator } from '../features/calculator/rate-calculator';
import { brandsOf } from '../features/calculator/calculator-model';
import { PayoutMethods } from './shared-blocks';
import { useBanners, useCalculator, useFaqPreview, useSignedIn } from '../lib/api';

function bestRates(data: CalculatorData, limit = 6) {
  return brandsOf(data)
    .map((b) => {
      const usd = b.cards.filter((c) => c.currency === 'USD');
      const pool = usd.length ? usd : b.cards;
      const best = pool.reduce((a, c) => (Number(c.rate) > Number(a.rate) ? c : a), pool[0]!);
      return { brand: b.name, card: best };
    })
    .sort((a, b) => Number(b.card.rate) - Number(a.card.rate))
    .slice(0, limit);
}

const HomePage = observer(function HomePage() {
  const market = useMarket();
  const signedIn = useSignedIn();
  const calc = useCalculator(market.countryId, signedIn);
  const banners = useBanners();
  const faqs = useFaqPreview(4);
  const payout = (calc.data && toCurrencyCode(calc.data[0].payout_currency)) || market.currency;
  const bonus = calc.data ? wireMoney(calc.data[0].first_order_bonus, payout) : undefined;

  return (
    <Page
      wide
      title="Sell gift cards for naira and cedis"
      heading="Sell your gift cards for naira and cedis"
      description={
        'Sell Amazon, Apple, Steam, Google Play and other gift cards at a locked rate. See your payout ' +
        'before you trade and get paid to your bank, mobile money or USDT.'
      }
      lead={
        'Check your rate, send a clear photo of your card, and watch your payout land in your wallet. The rate ' +
        'you see is the rate we lock when you submit.'
      }
    >
      <section className="home-hero" aria-label="Get started">
        <div className="home-hero__text">
          <p className="home-reward" data-testid="signup-reward">
            {bonus && bonus.amount_minor > 0n ? (
              <>
                New here? Sign up and your first trade earns <strong>{formatMoney(bonus)}</strong> extra.
              </>
            ) : (
              <>New here? Sign up free and your first trade earns an extra bonus.</>
            )}
          </p>
          <div className="pub-actions">
            <Link className="gl-btn gl-btn--primary" to={sellPath()}>
              {signedIn ? 'Sell a gift card' : 'Sign up free'}
            </Link>
            <Link className="gl-btn" to="/ratesheet">
              See today’s rates
            </Link>
          </div>
          <ul className="home-points">
            <li>Rate locked at submission</li>
            <li>No extra transaction fees</li>
            <li>Paid in minutes for most cards</li>
          </ul>
        </div>
        <div className="home-hero__calc pub-card" id="calculator">
          <MarketSwitch />
          <Async state={calc} what="today’s rates" lines={5}>
            {([data, tiers]) => <RateCalculator data={data} tiers={tiers} payout={payout} signedIn={signedIn} />}
          </Async>
        </div>
      </section>

      {/* Held in place while it loads (the heading and a row's height), so the sections under it
          do not jump when the banners arrive. */}
      {banners.status === 'loading' && (
        <section className="pub-section" aria-labelledby="home-news" aria-busy="true">
          <h2 id="home-news">What’s on</h2>
          <div className="home-banners-reserve" />
        </section>
      )}
      {banners.status === 'ready' && banners.data.banner.length > 0 && (
        <section className="pub-section" aria-labelledby="home-news">
          <h2 id="home-news">What’s on</h2>
          <ul className="home-banners">
            {banners.data.banner.map((b) => {
              const to = routeCodePath(b.action);
              const title = b.title ?? 'Learn more';
              return (
                <li key={b.id} className="home-banner">
                  {to ? <Link to={to}>{title}</Link> : <span>{title}</span>}
                </li>
              );
            })}
          </ul>
          {banners.data.announcement_content.length > 0 && (
            <ul className="home-notes">
              {banners.data.announcement_content.map((n) => (
                <li key={n}>{n}</li>
              ))}
            </ul>
          )}
        </section>
      )}

      <section className="pub-section" aria-labelledby="home-how">
        <h2 id="home-how">How selling works</h2>
        <ol className="home-steps">
          <li>
            <h3>Check your rate</h3>
            <p>
              Pick your card, its currency and form, and type the amount. You see exactly what you will get before you
              trade.
            </p>
          </li>
          <li>
            <h3>Upload your card</h3>
            <p>
              Send a clear photo of the card (and its receipt if it has one), or paste the e-code. Your rate is locked
              when you submit.
            </p>
          </li>
          <li>
            <h3>Get paid</h3>
            <p>
              We check the card and credit your wallet. Withdraw to your bank account, mobile money or USDT whenever you
              like.
            </p>
          </li>
        </ol>
      </section>

      <section className="pub-section" aria-labelledby="home-best">
        <h2 id="home-best">Best rates today</h2>
        <Async state={calc} what="today’s best rates">
          {([data]) => (
            <>
              <ul className="home-best">
                {bestRates(data).map(({ brand, card }) => (
                  <li key={card.card_id}>
                    <span className="home-best__brand">{brand}</span>
                    <span className="home-best__rate">
                      up to <strong>{showMoney(card.rate, payout)}</strong> per 1 {card.currency}
                    </span>
                  </li>
                ))}
              </ul>
              <p>
                <Link to="/ratesheet">See every card on the rate sheet</Link>
              </p>
            </>
          )}
        </Async>
      </section>

      <section className="pub-section" aria-labelledby="home-payouts">
        <h2 id="home-payouts">How you get paid</h2>
        <PayoutMethods />
      </section>

      <section className="pub-section pub-band" aria-labelledby="home-app">
        <h2 id="home-app">Trade on the go with the GiftLane app</h2>
        <p>Get notified the moment your card is paid, and sell a card in a few taps. Free on Android and iPhone.</p>
        <StoreBadges />
      </section>

      <section className="pub-section" aria-labelledby="home-faq">
        <h2 id="home-faq">Questions sellers ask</h2>
        <Async state={faqs} what="answers">
          {(list) => (
            <div className="pub-faq">
              {list.map((f) => (
                <details key={f.id}>
                  <summary>{f.question}</summary>
                  <p>{f.answer}</p>
                </details>
              ))}
            </div>
          )}
        </Async>
        <p>
          <Link to="/faq">More answers in the FAQ</Link>
        </p>
      </section>
    </Page>
  );
});

export default HomePage;
