// The seller's orders, newest first, with All / In progress / Done tabs (ord/list, pages from 0).
// A page that comes back full means there may be more: "Load more" fetches the next one.
import { useCallback, useEffect, useState } from 'react';
import { Link } from '@giftlane/shared-sdk/router';
import { formatDateTime, formatMoney, getSdk, type OrderListFilter, type OrderListItem, Loading, LoadError, CONNECTION_HINT } from '@giftlane/shared-sdk';
import { localCurrency } from '../../lib/session';
import { orderLabel, orderTone, shortOrderNo } from './order-status';

export const ORDER_PAGE_SIZE = 10;

export const ORDER_TABS: ReadonlyArray<{ filter: OrderListFilter; label: string }> = [
  { filter: 'all', label: 'All' },
  { filter: 'inprocess', label: 'In progress' },
  { filter: 'done', label: 'Done' },
];

export async function fetchOrders(filter: OrderListFilter, page: number, pageSize = ORDER_PAGE_SIZE): Promise<OrderListItem[]> {
  await localCurrency();
  return getSdk().api.ord.list({ status: filter, page, page_size: pageSize });
}

type ListState = { items: OrderListItem[]; page: number; more: boolean; status: 'loading' | 'ready' | 'error'; error?: unknown };

export function OrderRow({ order }: { order: OrderListItem }) {
  const tone = orderTone(order.status);
  const title = order.card_name || 'Gift card order';
  return (
    <Link className="acc-item" to={`/order/${encodeURIComponent(order.order_no)}`}>
      {order.images ? <img className="acc-thumb" src={order.images} alt="" loading="lazy" width={56} height={56} /> : <span className="acc-thumb" aria-hidden="true">GC</span>}
      <span className="acc-item__main">
        <span className="acc-row">
          <span className="acc-item__title">{title}</span>
          <span className="acc-amount">{formatMoney(order.amount)}</span>
        </span>
        <span className="acc-row">
          <span className="acc-muted">
            <span className="acc-sr">Order </span>
            {shortOrderNo(order.order_no)} · {formatDateTime(order.show_time)}
          </span>
          <span className={`acc-badge acc-badge--${tone}`}>{orderLabel(order.status, order.status_desc)}</span>
        </span>
        {order.status === 1 && <span className="acc-muted">Quoted amount, locked at submission</span>}
        {order.refused_reason && <span className="acc-error-text">{order.refused_reason}</span>}
      </span>
    </Link>
  );
}

export function OrderList({ filter }: { filter: OrderListFilter }) {
  const [state, setState] = useState<ListState>({ items: [], page: 0, more: false, status: 'loading' });

  const load = useCallback(
    async (page: number, live: () => boolean = () => true) => {
      setState((s) => ({ ...s, status: 'loading', error: undefined, ...(page === 0 ? { items: [] } : {}) }));
      try {
        const items = await fetchOrders(filter, page);
        if (!live()) return;
        setState((s) => ({ items: page === 0 ? items : [...s.items, ...items], page, more: items.length >= ORDER_PAGE_SIZE, status: 'ready' }));
      } catch (error) {
        if (live()) setState((s) => ({ ...s, status: 'error', error }));
      }
    },
    [filter],
  );

  useEffect(() => {
    let alive = true;
    void load(0, () => alive);
    return () => {
      alive = false;
    };
  }, [load]);

  const { items, status } = state;
  return (
    <div className="acc-page" style={{ gap: 12 }}>
      {items.length > 0 && (
        <ul className="acc-list" aria-label="Orders">
          {items.map((o) => (
            <li key={o.order_no}>
              <OrderRow order={o} />
            </li>
          ))}
        </ul>
      )}
      {status === 'loading' && <Loading label="Loading your orders…" lines={items.length ? 1 : 3} />}
      {status === 'error' && (
        <LoadError error={state.error ?? CONNECTION_HINT} retry={() => void load(items.length ? state.page + 1 : 0)} what={items.length ? 'more orders' : 'your orders'} />
      )}
      {status === 'ready' && items.length === 0 && (
        <div className="acc-empty">
          <p>{filter === 'inprocess' ? 'No orders are in progress.' : filter === 'done' ? 'No finished orders yet.' : 'You have not sold a card yet.'}</p>
          <Link className="gl-btn gl-btn--primary" to="/homes/sell-gift-card">
            Sell a gift card
          </Link>
        </div>
      )}
      {status === 'ready' && state.more && (
        <button type="button" className="gl-btn" onClick={() => void load(state.page + 1)}>
          Load more
        </button>
      )}
    </div>
  );
}
