import { useEffect } from 'react';
import { Link } from '@giftlane/shared-sdk/router';

export function NotFound() {
  useEffect(() => {
    document.title = 'Page not found — GiftLane';
  }, []);
  return (
    <section className="gl-notfound" aria-labelledby="notfound-title">
      <p className="gl-notfound__code" aria-hidden="true">
        404
      </p>
      <h1 id="notfound-title">We can’t find that page</h1>
      <p>The link may be old or mistyped. Your wallet and orders are safe.</p>
      <div className="gl-notfound__actions">
        <Link className="gl-btn gl-btn--primary" to="/home">
          Go to the home page
        </Link>
        <Link className="gl-btn" to="/ratesheet">
          See today’s rates
        </Link>
      </div>
    </section>
  );
}
