// The seller's cases in Help: open ones first, each with the status they understand.
import { Link } from '@giftlane/shared-sdk/router';
import { Async, formatDateTime, useData } from '@giftlane/shared-sdk';
import { loadCases } from './api';
import { aboutLine, statusTone } from './case-model';

export function CaseList() {
  const cases = useData(loadCases, []);
  return (
    <Async state={cases} what="your cases" lines={2}>
      {(items) =>
        items.length ? (
          <ul className="acc-list" aria-label="Your cases">
            {items.map((c) => (
              <li key={c.case_no}>
                <Link className="acc-item acc-item--plain" to={`/homes/help/cases/${encodeURIComponent(c.case_no)}`}>
                  <span className="acc-item__main">
                    <span className="acc-row">
                      <span className="acc-item__title acc-item__title--wrap">{aboutLine(c)}</span>
                      <span className={`acc-badge acc-badge--${statusTone(c.status)}`}>{c.status_text}</span>
                    </span>
                    <span className="acc-muted">
                      {c.case_no} · {formatDateTime(c.update_time)}
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="acc-empty">No cases yet. Ask about an order from its page, or use Get help.</p>
        )
      }
    </Async>
  );
}
