// /homes/coupon — the coupons the seller holds (order/getAvailableCoupon): ready ones first, each
// with what it gives, its minimum, its wallet and its end date, and a link that opens the sell form
// with the code filled in. Expired and used ones stay listed below, so nothing silently vanishes.
import { Link } from '@giftlane/shared-sdk/router';
import { formatDate, Loading, LoadError, useData, type Coupon } from '@giftlane/shared-sdk';
import { couponEffect, couponMinimum, couponState, STATE_LABEL, walletLabel } from '../features/coupons/coupon-text';
import { myCoupons } from '../features/coupons/api';

const PAGE_SIZE = 100;

export function CouponCard({ coupon }: { coupon: Coupon }) {
  const state = couponState(coupon);
  const minimum = couponMinimum(coupon);
  const badge = state === 'usable' ? 'acc-badge--success' : state === 'soon' ? 'acc-badge--pending' : '';
  return (
    <li className="acc-item acc-item--plain" aria-label={`Coupon ${coupon.code}`}>
      <div className="acc-item__main">
        <div className="acc-row">
          <span className="acc-item__title acc-item__title--wrap">{couponEffect(coupon)}</span>
          <span className={`acc-badge ${badge}`}>{STATE_LABEL[state]}</span>
        </div>
        {coupon.name && <span>{coupon.name}</span>}
        <span className="acc-muted">
          Code <span className="acc-code">{coupon.code}</span> · {walletLabel(coupon)}
          {minimum ? ` · ${minimum}` : ''}
        </span>
        <span className="acc-muted">
          {state === 'soon'
            ? `From ${formatDate(coupon.valid_start_time)} to ${formatDate(coupon.valid_end_time)}`
            : `Until ${formatDate(coupon.valid_end_time)}`}
          {Number(coupon.max_use) > 1 ? ` · used ${coupon.used_times} of ${coupon.max_use} times` : ''}
        </span>
        {state === 'usable' && (
          <div className="acc-actions" style={{ marginTop: 6 }}>
            <Link
              className="gl-btn gl-btn--primary"
              to={`/homes/sell-gift-card?coupon=${encodeURIComponent(coupon.code)}`}
            >
              Use on a sale
            </Link>
          </div>
        )}
      </div>
    </li>
  );
}

export default function CouponsPage() {
  const coupons = useData(() => myCoupons(PAGE_SIZE), []);
  return (
    <section className="acc-page" aria-labelledby="coupons-heading">
      <div>
        <h2 id="coupons-heading">Your coupons</h2>
        <p className="acc-muted" style={{ margin: 0 }}>
          A coupon adds to what you are paid for a card. Pick one on the sell form; each order takes one use, and you
          get it back if the order is refused.
        </p>
      </div>
      {coupons.status === 'loading' && <Loading label="Loading your coupons…" />}
      {coupons.status === 'error' && <LoadError error={coupons.error} retry={coupons.retry} what="your coupons" />}
      {coupons.status === 'ready' &&
        (coupons.data.list.length === 0 ? (
          <p className="acc-empty">
            You have no coupons yet. They come with promotions and campaigns; we will notify you when one arrives.{' '}
            <Link to="/coupon">How coupons work</Link>
          </p>
        ) : (
          <ul className="acc-list">
            {coupons.data.list.map((c) => (
              <CouponCard key={c.code} coupon={c} />
            ))}
          </ul>
        ))}
    </section>
  );
}
