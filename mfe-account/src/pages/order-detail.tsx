// /order/:orderNo — one order (ord/detail). Arriving from the sell form, it says the order went in.
import { Link, useLocation, useParams } from '@giftlane/shared-sdk/router';
import { Async, useData } from '@giftlane/shared-sdk';
import { OrderDetailView } from '../features/orders/order-detail';
import { fetchOrder } from '../features/orders/api';
import { EvidenceAndAppeal } from '../features/orders/appeal';
import { early } from '../lib/early';

export default function OrderDetailPage() {
  const { orderNo = '' } = useParams();
  const location = useLocation();
  const submitted = (location.state as { submitted?: string } | null)?.submitted === orderNo;
  const detail = useData(() => early(`order:${orderNo}`, () => fetchOrder(orderNo)), [orderNo]);
  return (
    <section className="acc-page" aria-label={`Order ${orderNo}`}>
      <p style={{ margin: 0 }}>
        <Link className="acc-link" to="/order">
          ← All orders
        </Link>
      </p>
      <Async state={detail} what="this order" lines={6}>
        {(d) => (
          <OrderDetailView
            detail={d}
            justSubmitted={submitted}
            onChanged={detail.retry}
            evidence={
              d.keyList.some((l) => l.status === 'failed') ? (
                <EvidenceAndAppeal orderNo={d.order_no} currency={d.amount.currency} onChanged={detail.retry} />
              ) : undefined
            }
          />
        )}
      </Async>
    </section>
  );
}
