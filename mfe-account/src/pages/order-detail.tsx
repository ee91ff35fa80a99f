// /order/:orderNo — one order (ord/detail). Arriving from the sell form, it says the order went in.
import { Link, useLocation, useParams } from '@giftlane/shared-sdk/router';
import { Async, useData } from '@giftlane/shared-sdk';
import { OrderDetailView } from '../features/orders/order-detail';
import { fetchOrderPage } from '../features/orders/api';
import { EvidenceAndAppeal } from '../features/orders/appeal';
import { early } from '../lib/early';

export default function OrderDetailPage() {
  const { orderNo = '' } = useParams();
  const location = useLocation();
  const submitted = (location.state as { submitted?: string } | null)?.submitted === orderNo;
  const page = useData(() => early(`order:${orderNo}`, () => fetchOrderPage(orderNo)), [orderNo]);
  return (
    <section className="acc-page" aria-label={`Order ${orderNo}`}>
      <p style={{ margin: 0 }}>
        <Link className="acc-link" to="/order">
          ← All orders
        </Link>
      </p>
      <Async state={page} what="this order" lines={6}>
        {({ detail: d, etas }) => (
          <OrderDetailView
            detail={d}
            firstEta={etas}
            justSubmitted={submitted}
            onChanged={page.retry}
            evidence={
              d.keyList.some((l) => l.status === 'failed') ? (
                <EvidenceAndAppeal orderNo={d.order_no} currency={d.amount.currency} onChanged={page.retry} />
              ) : undefined
            }
          />
        )}
      </Async>
    </section>
  );
}
