// /order: the seller's orders with All / In progress / Done tabs; the tab lives in the address
// (?status=inprocess) so a link or the back button returns to it.
import { Link, useSearchParams } from '@giftlane/shared-sdk/router';
import type { OrderListFilter } from '@giftlane/shared-sdk';
import { OrderList, ORDER_TABS } from '../features/orders/order-list';

export default function OrdersPage() {
  const [params] = useSearchParams();
  const wanted = params.get('status');
  const filter: OrderListFilter = ORDER_TABS.some((t) => t.filter === wanted) ? (wanted as OrderListFilter) : 'all';
  return (
    <section className="acc-page" aria-labelledby="orders-heading">
      <div className="acc-row" style={{ alignItems: 'center' }}>
        <h2 id="orders-heading" style={{ margin: 0 }}>
          Your orders
        </h2>
        <Link className="gl-btn gl-btn--primary" to="/homes/sell-gift-card">
          Sell a card
        </Link>
      </div>
      <nav aria-label="Filter orders" className="acc-tabs">
        {ORDER_TABS.map((t) => (
          <Link
            key={t.filter}
            className="acc-tab"
            to={t.filter === 'all' ? '/order' : `/order?status=${t.filter}`}
            aria-current={t.filter === filter ? 'page' : undefined}
            replace
          >
            {t.label}
          </Link>
        ))}
      </nav>
      <OrderList key={filter} filter={filter} />
    </section>
  );
}
