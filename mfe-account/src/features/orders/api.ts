// The seller's orders: a page of the list and one order, decoded in the seller's
// currency. Screens call these, never the SDK itself (lint).
import {
  getSdk,
  type AppealWire,
  type EvidencePack,
  type OrderDetail,
  type OrderEta,
  type OrderListFilter,
  type OrderListItem,
} from '@giftlane/shared-sdk';
import { publicUrlOf, putPhoto, UploadError } from '../../lib/upload';
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

/**
 * An order's page: the order and its first wait estimate, asked for together, so the page shows once
 * with the estimate in place instead of pushing what is below it down when it arrives. The estimate is
 * a help: its failure leaves it out (the live estimate asks again), never fails the page.
 */
export async function fetchOrderPage(orderNo: string): Promise<{ detail: OrderDetail; etas?: OrderEta[] }> {
  const etas = fetchOrderEtas([orderNo]).catch(() => undefined);
  const detail = await fetchOrder(orderNo);
  return { detail, etas: await etas };
}
/** Answers the order's counter-offer: accept (credited at once) or decline (closed unpaid). */
export async function answerOffer(orderNo: string, answer: 'accept' | 'decline') {
  await localCurrency();
  return getSdk().api.ord.answerOffer({ order_no: orderNo, answer });
}

/** The evidence pack of an order (every failed card's reason, proof, reviewer's note, time) and its appeal. */
export function fetchEvidence(orderNo: string): Promise<EvidencePack> {
  return getSdk().api.appeal.detail({ order_no: orderNo });
}

/** Opens an appeal: the photos go up first through the presigned flow (order/obsUrls), then the appeal. */
export async function submitAppeal(orderNo: string, note: string, files: File[]): Promise<AppealWire> {
  const images: string[] = [];
  if (files.length) {
    const slots = await getSdk().api.order.obsUrls({ image_count: files.length });
    if (slots.length < files.length) throw new UploadError('We could not prepare the upload. Please try again.');
    for (const [i, file] of files.entries()) {
      const slot = slots[i]!;
      await putPhoto(slot.url, file);
      images.push(publicUrlOf(slot.url));
    }
  }
  return getSdk().api.appeal.apply({ order_no: orderNo, note: note.trim(), images });
}
