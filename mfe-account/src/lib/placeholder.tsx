// A page of the account area whose content is not built yet: its heading and an honest line,
// inside the signed-in layout (the top bar already carries the page's h1).
import type { ReactNode } from 'react';
import { Link } from '@giftlane/shared-sdk/router';

export function Placeholder({ heading, children }: { heading: string; children?: ReactNode }) {
  return (
    <section className="acc-page" aria-labelledby="acc-placeholder">
      <div className="acc-card">
        <h2 id="acc-placeholder">{heading}</h2>
        <p>{children ?? 'This page is coming soon. Everything else in your account works.'}</p>
        <p>
          <Link className="acc-link" to="/homes">
            Back to your dashboard
          </Link>
        </p>
      </div>
    </section>
  );
}
