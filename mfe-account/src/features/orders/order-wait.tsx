// An open order's live estimate on its page: "About 12 min — 3 orders ahead of yours", from the
// queue of its card family and the family's recent decisions, kept fresh while the page is open.
import type { OrderEta } from '@giftlane/shared-sdk';
import { useEffect } from 'react';
import { useLiveWait, waitText } from '../../lib/live-wait';
import { fetchOrderEtas } from './api';

export const orderWaitText = (e: OrderEta) => waitText(e, { one: 'order', many: 'orders' });

/** Where the estimate comes from, in a line. */
export const orderWaitBasis = (e: OrderEta) =>
  e.basis === 'recent'
    ? `${e.family || 'These cards'} took about ${e.typical_minutes} min lately (the last ${e.sample} decided).`
    : `${e.family || 'These cards'} usually take about ${e.typical_minutes} min.`;

export function OrderWait(props: { orderNo: string; first?: OrderEta[]; onFinished?: () => void }) {
  const { orderNo, first, onFinished } = props;
  const etas = useLiveWait(orderNo, () => fetchOrderEtas([orderNo]), first);
  const eta = etas?.[0];
  const finished = eta?.finished ?? false;
  useEffect(() => {
    if (finished) onFinished?.();
  }, [finished, onFinished]);
  if (!eta || eta.finished) return null;
  return (
    <div className="acc-wait-box" data-testid="order-eta">
      {/* Announced when it changes, politely: the seller may be reading something else. */}
      <p className="acc-wait" aria-live="polite" style={{ margin: 0 }}>
        <strong>{orderWaitText(eta)}</strong>
      </p>
      <p className="acc-muted" style={{ margin: '4px 0 0' }}>
        {orderWaitBasis(eta)} Updated while this page is open.
      </p>
    </div>
  );
}
