// The seller's orders, newest first, with All / In progress / Done tabs (ord/list, pages from 0).
// A page that comes back full means there may be more: "Load more" fetches the next one.
import { Link } from '@giftlane/shared-sdk/router';
import {
  formatDateTime,
  formatMoney,
  type OrderEta,
  type OrderListFilter,
  type OrderListItem,
} from '@giftlane/shared-sdk';
import { fetchOrderEtas, fetchOrders, ORDER_PAGE_SIZE } from './api';
import { useLiveWait } from '../../lib/live-wait';
import { orderWaitText } from './order-wait';
import { PagedFooter, usePaged } from '../../lib/paged';
import { orderLabel, orderTone, shortOrderNo } from './order-status';
import { pastPromise, promisedTime } from '../../lib/promised';
import { ORDER_STATUS } from '@giftlane/shared-sdk/statuses';

export const ORDER_TABS: ReadonlyArray<{ filter: OrderListFilter; label: string }> = [
  { filter: 'all', label: 'All' },
  { filter: 'inprocess', label: 'In progress' },
  { filter: 'done', label: 'Done' },
];

export function OrderRow({ order, eta }: { order: OrderListItem; eta?: OrderEta }) {
  const tone = orderTone(order.status);
  const title = order.card_name || 'Gift card order';
  return (
    <Link className="acc-item" to={`/order/${encodeURIComponent(order.order_no)}`}>
      {order.images ? (
        <img className="acc-thumb" src={order.images} alt="" loading="lazy" width={56} height={56} />
      ) : (
        <span className="acc-thumb" aria-hidden="true">
          GC
        </span>
      )}
      <span className="acc-item__main">
        <span className="acc-row">
          <span className="acc-item__title acc-item__title--wrap">{title}</span>
          <span className="acc-amount">{formatMoney(order.amount)}</span>
        </span>
        <span className="acc-row">
          <span className="acc-muted">
            <span className="acc-sr">Order </span>
            <span className="acc-nowrap">{shortOrderNo(order.order_no)}</span> · {formatDateTime(order.show_time)}
          </span>
          <span className={`acc-badge acc-badge--${tone}`}>{orderLabel(order.status, order.status_desc)}</span>
        </span>
        {order.status === ORDER_STATUS.pending && (
          <span className="acc-muted">Quoted amount, locked at submission</span>
        )}
        {order.status === ORDER_STATUS.pending && order.promised_time ? (
          <span className={pastPromise(order.promised_time) ? 'acc-error-text' : 'acc-muted'}>
            Promised by {promisedTime(order.promised_time)}
            {pastPromise(order.promised_time) ? ' — late: compensation is accruing' : ''}
          </span>
        ) : null}
        {order.delay_compensation && order.delay_compensation.amount_minor > 0n && (
          <span className="acc-muted">Includes delay compensation of {formatMoney(order.delay_compensation)}</span>
        )}
        {order.status === ORDER_STATUS.pending && eta && !eta.finished && (
          <span className="acc-wait" data-testid="order-eta">
            {orderWaitText(eta)}
          </span>
        )}
        {order.refused_reason && <span className="acc-error-text">{order.refused_reason}</span>}
      </span>
    </Link>
  );
}

export function OrderList({ filter }: { filter: OrderListFilter }) {
  const list = usePaged<OrderListItem>((page, pageSize) => fetchOrders(filter, page, pageSize), ORDER_PAGE_SIZE, [
    filter,
  ]);
  const { items } = list;
  // One call for every open order shown, kept fresh while the list is on screen.
  const open = items.filter((o) => o.status === ORDER_STATUS.pending).map((o) => o.order_no);
  const etas = useLiveWait(open.join(','), () => fetchOrderEtas(open));
  const etaOf = new Map((etas ?? []).map((e) => [e.order_no, e]));
  return (
    <div className="acc-page" style={{ gap: 12 }}>
      {items.length > 0 && (
        <ul className="acc-list" aria-label="Orders">
          {items.map((o) => (
            <li key={o.order_no}>
              <OrderRow order={o} eta={etaOf.get(o.order_no)} />
            </li>
          ))}
        </ul>
      )}
      <PagedFooter
        list={list}
        what="your orders"
        empty={
          <>
            <p>
              {filter === 'inprocess'
                ? 'No orders are in progress.'
                : filter === 'done'
                  ? 'No finished orders yet.'
                  : 'You have not sold a card yet.'}
            </p>
            <Link className="gl-btn gl-btn--primary" to="/homes/sell-gift-card">
              Sell a gift card
            </Link>
          </>
        }
      />
    </div>
  );
}
