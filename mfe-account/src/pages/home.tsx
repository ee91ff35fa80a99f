// /homes — the dashboard: greeting, balances at a glance, the big "Sell a gift card" action,
// recent orders, the rate sheet and VIP progress.
import { observer } from 'mobx-react-lite';
import { Link } from '@giftlane/shared-sdk/router';
import { getSdk, Async, useData } from '@giftlane/shared-sdk';
import { Balances, fetchBalance } from '../features/wallet/balances';
import { fetchOrders, OrderRow } from '../features/orders/order-list';

const Greeting = observer(function Greeting() {
  const { user } = getSdk().store;
  return <h2 id="hero-h">Hello, {user.greetingName}</h2>;
});

const VipProgress = observer(function VipProgress() {
  const { user, vip } = getSdk().store;
  const level = user.vipLevel ?? 0;
  const exp = vip.vipExp ?? 0;
  const next = vip.nextExp ?? 0;
  const pct = Math.round((vip.progress ?? (next > 0 ? 0 : 1)) * 100);
  return (
    <section className="acc-card" aria-labelledby="vip-h">
      <div className="acc-row">
        <h2 id="vip-h">VIP level {level}</h2>
        <Link className="acc-link" to="/homes/vip">
          VIP benefits
        </Link>
      </div>
      <div className="acc-progress" role="progressbar" aria-label="Progress to the next VIP level" aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct}>
        <span style={{ width: `${pct}%` }} />
      </div>
      <p className="acc-muted" style={{ marginBottom: 0 }}>
        {next > 0 ? `${exp.toLocaleString('en-GB')} of ${next.toLocaleString('en-GB')} points to the next level. Higher levels add a bonus to every rate.` : 'You are at the top level.'}
      </p>
    </section>
  );
});

export default function HomePage() {
  const balance = useData(fetchBalance, []);
  const recent = useData(() => fetchOrders('all', 0, 3), []);
  return (
    <div className="acc-page">
      <section className="acc-hero" aria-labelledby="hero-h">
        <Greeting />
        <p>Turn your gift cards into naira or cedis. Your rate is locked when you submit.</p>
        <div className="acc-actions">
          <Link className="gl-btn" to="/homes/sell-gift-card">
            Sell a gift card
          </Link>
          <Link to="/ratesheet" style={{ color: '#fff', fontWeight: 600 }}>
            Today’s rates
          </Link>
        </div>
      </section>

      <section aria-labelledby="home-balance-h">
        <div className="acc-row">
          <h2 id="home-balance-h">Your wallet</h2>
          <Link className="acc-link" to="/wallet">
            Open wallet
          </Link>
        </div>
        <Async state={balance} what="your balances" lines={2}>
          {(b) => <Balances balance={b} compact />}
        </Async>
      </section>

      <section aria-labelledby="home-orders-h">
        <div className="acc-row">
          <h2 id="home-orders-h">Recent orders</h2>
          <Link className="acc-link" to="/order">
            All orders
          </Link>
        </div>
        <Async state={recent} what="your recent orders">
          {(orders) =>
            orders.length ? (
              <ul className="acc-list">
                {orders.map((o) => (
                  <li key={o.order_no}>
                    <OrderRow order={o} />
                  </li>
                ))}
              </ul>
            ) : (
              <p className="acc-empty">No orders yet. Your first sale shows here, with every step until you are paid.</p>
            )
          }
        </Async>
      </section>

      <VipProgress />
    </div>
  );
}
