// /homes — the dashboard: greeting, balances at a glance, the big "Sell a gift card" action,
// recent orders, the rate sheet and VIP progress.
import { observer } from 'mobx-react-lite';
import { Link } from '@giftlane/shared-sdk/router';
import { Async, Loading, useData, useStores } from '@giftlane/shared-sdk';
import { Balances } from '../features/wallet/balances';
import { fetchBalance } from '../features/wallet/api';
import { KycNotice } from '../features/verification/kyc-notice';
import { FirstSaleChecklist } from '../features/first-sale/first-steps';
import { OrderRow } from '../features/orders/order-list';
import { fetchOrders } from '../features/orders/api';
import { VipProgress } from '../features/vip/vip-progress';
import { RevealAfter, useAllSettled } from '../lib/reveal';
import { early } from '../lib/early';

const PARTS = ['checklist', 'kyc'] as const;

/** "Hello, Ada" with the seller's own name; a seller who gave none (a WhatsApp sign-up) is greeted without one. */
export const Greeting = observer(function Greeting() {
  const { user } = useStores();
  return <h2 id="hero-h">{user.nickname?.trim() ? `Hello, ${user.greetingName}` : 'Hello'}</h2>;
});

export default function HomePage() {
  const balance = useData(() => early('balance', fetchBalance), []);
  const recent = useData(() => early('recent-orders', () => fetchOrders('all', 0, 3)), []);
  // The dashboard below the greeting appears at once, when each of its parts knows its size: a
  // checklist or a note arriving late would push the balances down under the seller's thumb.
  const parts = useAllSettled(PARTS);
  const ready = parts.all && balance.status !== 'loading' && recent.status !== 'loading';
  return (
    <div className="acc-page">
      <section className="acc-hero" aria-labelledby="hero-h">
        <Greeting />
        <p>Turn your gift cards into naira or cedis. Your rate is locked when you submit.</p>
        <div className="acc-actions">
          <Link className="gl-btn" to="/homes/sell-gift-card" data-tour="sell-card">
            Sell a gift card
          </Link>
          <Link to="/homes/cards" style={{ color: '#fff', fontWeight: 600 }}>
            Today’s rates
          </Link>
        </div>
      </section>

      {!ready && <Loading label="Loading your dashboard…" lines={4} />}
      <RevealAfter ready={ready}>
        <FirstSaleChecklist onSettled={parts.settle('checklist')} />
        <KycNotice onSettled={parts.settle('kyc')} />

        <section aria-labelledby="home-balance-h">
          {/* The tour points at the wallet's heading: the section with its holds can be taller than a phone's
           * screen. */}
          <div className="acc-row" data-tour="my-wallet">
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
                <p className="acc-empty">
                  No orders yet. Your first sale shows here, with every step until you are paid.
                </p>
              )
            }
          </Async>
        </section>

        <VipProgress />
      </RevealAfter>
    </div>
  );
}
