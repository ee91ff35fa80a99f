import { Link } from '@giftlane/shared-sdk/router';
import { formatDate, Async } from '@giftlane/shared-sdk';
import { Page } from '../lib/page';
import { showMoney } from '../lib/amounts';
import { useBanners, useSellSettings } from '../lib/api';

export default function ActivityPage() {
  const sell = useSellSettings();
  const news = useBanners();
  return (
    <Page
      title="Activities"
      heading="Activities and promotions"
      description={
        'Current GiftLane promotions, the first-trade bonus, big-trade bonuses and delay compensation, ' +
        'with live figures.'
      }
      lead="What’s running now, and the rewards that are always on."
    >
      <section className="pub-section" aria-labelledby="act-now">
        <h2 id="act-now">Running now</h2>
        <Async state={sell} what="current activities">
          {(d) =>
            d.activity && d.activity.length > 0 ? (
              <ul className="pub-tiles">
                {d.activity.map((a) => (
                  <li key={a.id}>
                    <h3>{a.name}</h3>
                    {a.memo && <p>{a.memo}</p>}
                    {(a.start_time || a.end_time) && (
                      <p className="pub-muted">
                        {formatDate(a.start_time)} – {formatDate(a.end_time)}
                      </p>
                    )}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="pub-empty">
                No special promotion is running right now. The rewards below are always on; follow us on social media to
                hear about the next one first.
              </p>
            )
          }
        </Async>
        {news.status === 'ready' && news.data.announcement_content.length > 0 && (
          <ul className="home-notes">
            {news.data.announcement_content.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
        )}
      </section>
      <section className="pub-section" aria-labelledby="act-always">
        <h2 id="act-always">Always on</h2>
        <Async state={sell} what="the standing rewards">
          {(d) => {
            const biggest = d.amount_order_bonus?.[d.amount_order_bonus.length - 1];
            return (
              <ul className="pub-tiles">
                <li>
                  <h3>First-trade bonus</h3>
                  <p>
                    Your very first completed trade earns {showMoney(d.first_order_bonus, 'NGN')} extra (or the same in
                    your currency).
                  </p>
                </li>
                <li>
                  <h3>Big-trade bonus</h3>
                  <p>
                    Bigger orders earn more, up to {showMoney(biggest?.bonus_amount, 'NGN')} on one order.{' '}
                    <Link to="/coupon">See the ladder</Link>.
                  </p>
                </li>
                <li>
                  <h3>Delay compensation</h3>
                  <p>
                    If we decide your order after the time promised for its card, we add up to{' '}
                    {d.overdue_max_percent ?? '0'}% of what it paid to your wallet automatically. Time waiting for your
                    reply does not count, and a failed card earns nothing.
                  </p>
                </li>
              </ul>
            );
          }}
        </Async>
      </section>
      <p className="pub-section">
        Also see <Link to="/vip">VIP</Link> and <Link to="/referral-rewards">referral rewards</Link>.
      </p>
    </Page>
  );
}
