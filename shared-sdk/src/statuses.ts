// The status codes of the /gc contract, named once for the api (its SQL parameters and replies) and
// the screens (their labels). A number means one thing per kind: order 3 is refused, coupon 3 is
// expired. Bundled by each app that imports it (a subpath, not part of the shared singleton).

/** CONTRACT §6.4: an order's `status`. */
export const ORDER_STATUS = { pending: 1, succeeded: 2, refused: 3, partlySucceeded: 4 } as const;
export type OrderStatusCode = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];

/** Orders with money credited (every card, or some). */
export const ORDER_CREDITED: readonly OrderStatusCode[] = [ORDER_STATUS.succeeded, ORDER_STATUS.partlySucceeded];
/** Orders that are over: credited or refused. */
export const ORDER_FINISHED: readonly OrderStatusCode[] = [
  ORDER_STATUS.succeeded,
  ORDER_STATUS.refused,
  ORDER_STATUS.partlySucceeded,
];
/** Orders with nothing credited: waiting, or refused. */
export const ORDER_UNCREDITED: readonly OrderStatusCode[] = [ORDER_STATUS.pending, ORDER_STATUS.refused];

/**
 * The server's `status_desc` of a finished order (a pending one is Pending, or Processing once an
 * operator has claimed it). 4 says what it is: partly completed.
 */
export const ORDER_STATUS_DESC = {
  pending: 'Pending',
  processing: 'Processing',
  [ORDER_STATUS.succeeded]: 'Succeed',
  [ORDER_STATUS.refused]: 'Refused',
  [ORDER_STATUS.partlySucceeded]: 'Partly completed',
} as const;

/** A `status_desc` as people read it: the contract's 'Succeed' is 'Succeeded' on every screen. */
export const orderStatusWords = (desc: string): string =>
  desc === ORDER_STATUS_DESC[ORDER_STATUS.succeeded] ? 'Succeeded' : desc;

/** CONTRACT §6.5: a coupon's `new_use_status`. */
export const COUPON_USE_STATUS = { notStarted: 1, usable: 2, expired: 3, usedUp: 4 } as const;
export type CouponUseStatus = (typeof COUPON_USE_STATUS)[keyof typeof COUPON_USE_STATUS];
