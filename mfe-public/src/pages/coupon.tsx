import { Link } from '@giftlane/shared-sdk/router';
import { formatMoney, Async } from '@giftlane/shared-sdk';
import { Page } from '../lib/page';
import { MARKETS } from '../lib/country';
import { useLadders } from '../lib/api';

export default function CouponPage() {
  const ladders = useLadders(MARKETS.map((m) => m.countryId));
  return (
    <Page
      title="Coupons and bonuses"
      heading="Coupons and big-trade bonuses"
      description={
        'Use GiftLane coupons for a higher rate or extra cash on a trade, and earn an automatic bonus on ' +
        'big trades. See the live bonus ladder.'
      }
      lead={
        'Two ways to get more for the same card: a coupon you apply to an order, and a bonus we add ' +
        'automatically when a trade is big.'
      }
    >
      <section className="pub-section" aria-labelledby="coupon-ladder">
        <h2 id="coupon-ladder">Big-trade bonus</h2>
        <p>When the payout of one order reaches a step below, we add the bonus on top. No code needed.</p>
        <Async state={ladders} what="the bonus ladder">
          {(all) => (
            <div className="pub-tiles-2">
              {MARKETS.map((m, i) => (
                <div key={m.countryId} className="pub-scroll">
                  <table className="pub-table">
                    <caption className="pub-caption">{m.name}</caption>
                    <thead>
                      <tr>
                        <th scope="col">Order payout of at least</th>
                        <th scope="col" className="pub-num">
                          Bonus
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {(all[i] ?? []).map((t) => (
                        <tr key={String(t.order_amount.amount_minor)}>
                          <td>{formatMoney(t.order_amount)}</td>
                          <td className="pub-num">+{formatMoney(t.bonus_amount)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              ))}
            </div>
          )}
        </Async>
      </section>
      <section className="pub-section pub-prose" aria-labelledby="coupon-kinds">
        <h2 id="coupon-kinds">Coupons</h2>
        <p>We give coupons for special days, activities and loyal sellers. There are three kinds:</p>
        <ul>
          <li>
            <strong>Rate boost:</strong> adds a percentage to your rate, for example +2%.
          </li>
          <li>
            <strong>Rate increase:</strong> adds a fixed amount to the rate for each unit of the card.
          </li>
          <li>
            <strong>Cash bonus:</strong> adds a fixed amount to the order’s payout.
          </li>
        </ul>
        <p>
          Each coupon shows its validity and any minimum order. A coupon can be used once, on one order, and is applied
          when you submit the order. It is cancelled if the card on the order turns out to be a different card.
        </p>
        <div className="pub-actions">
          <Link className="gl-btn gl-btn--primary" to="/homes/coupon">
            See my coupons
          </Link>
          <Link className="gl-btn" to="/activity">
            Current activities
          </Link>
        </div>
      </section>
    </Page>
  );
}
