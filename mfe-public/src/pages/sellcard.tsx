import { useMemo } from 'react';
import { Link } from '@giftlane/shared-sdk/router';
import { observer } from 'mobx-react-lite';
import { Async } from '@giftlane/shared-sdk';
import { PHOTO_RULES } from '@giftlane/shared-sdk/photos';
import { Page } from '../lib/page';
import { useMarket } from '../lib/country';
import { sellPath } from '../lib/links';
import { sanitizeHtml } from '../features/blog/sanitize';
import { useRateSheet, useSellSettings, useSignedIn } from '../lib/api';

/** "90min" → "about 1 h 30 min" */
function payoutTime(text: string | undefined): string {
  const minutes = Number.parseInt(text ?? '', 10);
  if (!Number.isFinite(minutes) || minutes <= 0) return '–';
  if (minutes < 60) return `about ${minutes} min`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `about ${h} h${m ? ` ${m} min` : ''}`;
}

const SellCardPage = observer(function SellCardPage() {
  const market = useMarket();
  const signedIn = useSignedIn();
  const sell = useSellSettings(signedIn);
  const rates = useRateSheet(market.countryId, signedIn);
  const tips = useMemo(() => (sell.data?.sell_card_tips ? sanitizeHtml(sell.data.sell_card_tips) : ''), [sell.data]);
  return (
    <Page
      title="Sell gift cards"
      heading="How to sell a gift card on GiftLane"
      description={
        'How to sell Apple, Steam, Amazon, Google Play and other gift cards for naira or cedis: photos ' +
        'and codes needed, payout times and why cards get refused.'
      }
      lead={
        'Four simple steps, a rate locked when you submit, and a timeline you can follow until the money is in ' +
        'your wallet.'
      }
    >
      <div className="pub-actions">
        <Link className="gl-btn gl-btn--primary" to={sellPath()}>
          {signedIn ? 'Start selling now' : 'Sign up and start selling'}
        </Link>
        <Link className="gl-btn" to="/ratesheet">
          Check today’s rates
        </Link>
      </div>
      <section className="pub-section pub-prose" aria-labelledby="sell-steps">
        <h2 id="sell-steps">Step by step</h2>
        <ol>
          <li>
            <strong>Choose your card.</strong> Pick the brand, the country or currency printed on the card, and its form
            (physical card, e-code or a card with its receipt).
          </li>
          <li>
            <strong>Enter the amount.</strong> You see the exact payout before you continue.
          </li>
          <li>
            <strong>Add photos or the code.</strong> Upload up to {PHOTO_RULES.maxCount} clear photos (
            {PHOTO_RULES.kinds}, up to {PHOTO_RULES.sizeText} each), or paste your e-code exactly as you received it.
          </li>
          <li>
            <strong>Submit and follow.</strong> Your rate is locked. The order timeline shows each step until your
            wallet is credited.
          </li>
        </ol>
      </section>
      <section className="pub-section pub-prose" aria-labelledby="sell-photos">
        <h2 id="sell-photos">What we need from you</h2>
        <ul>
          <li>
            <strong>Physical cards:</strong> the back of the card with the scratch panel fully removed, so every
            character of the code can be read.
          </li>
          <li>
            <strong>Receipt cards:</strong> the card and its receipt together in one photo. Receipt cards pay more.
          </li>
          <li>
            <strong>E-codes:</strong> the full code (and PIN if there is one). A screenshot of the email helps.
          </li>
        </ul>
        {tips && <div className="pub-card" dangerouslySetInnerHTML={{ __html: tips }} />}
      </section>
      <section className="pub-section" aria-labelledby="sell-times">
        <h2 id="sell-times">Typical payout times</h2>
        <p>
          The time below is the time we promise for each card, and your order shows it when you submit. Gaming cards are
          usually paid within minutes; store cards can take an hour or two.
        </p>
        <Async state={rates} what="payout times">
          {(data) => (
            <div className="pub-scroll">
              <table className="pub-table">
                <thead>
                  <tr>
                    <th scope="col">Card</th>
                    <th scope="col" className="pub-num">
                      Usual payout time
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.card_list.map((c) => (
                    <tr key={c.category_id}>
                      <td>{c.category_name}</td>
                      <td className="pub-num">{payoutTime(c.timeout_seconds)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </Async>
      </section>
      <section className="pub-section" aria-labelledby="sell-late">
        <h2 id="sell-late">If we are late, we pay you for it</h2>
        <Async state={sell} what="delay compensation">
          {(d) =>
            d.overdue_data && d.overdue_data.length > 0 ? (
              <>
                <p>
                  When we decide an order after the time promised for its card, we add a percentage of what it paid to
                  your wallet automatically, up to {d.overdue_max_percent}%:
                </p>
                <div className="pub-scroll">
                  <table className="pub-table">
                    <thead>
                      <tr>
                        <th scope="col">Delay</th>
                        <th scope="col" className="pub-num">
                          Extra on your payout
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {d.overdue_data.map((t) => (
                        <tr key={t.name}>
                          <td>{t.name}</td>
                          <td className="pub-num">+{t.value}%</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
                <p>
                  What does not count as our delay: the clock stops when we give our answer (a decision or an offer), so
                  time waiting for your reply does not count. A failed card earns nothing; when only some cards fail,
                  compensation is paid on the part we paid.
                </p>
              </>
            ) : (
              <p>Delay compensation is not running at the moment.</p>
            )
          }
        </Async>
      </section>
      <section className="pub-section pub-prose" aria-labelledby="sell-refused">
        <h2 id="sell-refused">Why a card can be refused</h2>
        <ul>
          <li>The photo is blurred or part of the code is hidden.</li>
          <li>The code is invalid, or has already been used.</li>
          <li>The card was never activated at the till.</li>
          <li>The card is from a different country than the one you chose.</li>
          <li>The receipt is missing for a receipt card.</li>
          <li>The same card was already submitted by someone else.</li>
        </ul>
        <p>Every refused card shows its reason and proof in your order, so you always know what happened.</p>
      </section>
    </Page>
  );
});

export default SellCardPage;
