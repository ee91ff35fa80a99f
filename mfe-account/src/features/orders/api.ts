// The seller's orders: a page of the list and one order, decoded in the seller's
// currency. Screens call these, never the SDK itself (lint).
import {
  getSdk,
  type OrderDetail,
  type OrderEta,
  type OrderListFilter,
  type OrderListItem,
} from '@giftlane/shared-sdk';
import { localCurrency } from '../../lib/session';

export const ORDER_PAGE_SIZE = 10;

export async function fetchOrders(
  filter: OrderListFilter,
  page: number,
  pageSize = ORDER_PAGE_SIZE,
): Promise<OrderListItem[]> {
  await localCurrency();
  return getSdk().api.ord.list({ status: filter, page, page_size: pageSize });
}

export async function fetchOrder(orderNo: string): Promise<OrderDetail> {
  await localCurrency();
  return getSdk().api.ord.detail({ order_no: orderNo });
}

/** The live estimates of some open orders (a page of the list at most): minutes left, orders ahead. */
export const fetchOrderEtas = (orderNos: string[]): Promise<OrderEta[]> =>
  getSdk().api.ord.eta({ order_no: orderNos.join(',') });
/** Answers the order's counter-offer: accept (credited at once) or decline (closed unpaid). */
export async function answerOffer(orderNo: string, answer: 'accept' | 'decline') {
  await localCurrency();
  return getSdk().api.ord.answerOffer({ order_no: orderNo, answer });
}
