// The dashboard's checklist before a first payout: verify identity → set the transaction password → add a
// payout account (its wait said before it is added) → sell. Each step is done or not from the api's state
// and links to where it is done; the list is gone once a first withdrawal has been paid.
import { useId } from 'react';
import { Link } from '@giftlane/shared-sdk/router';
import { LoadError, useData } from '@giftlane/shared-sdk';
import { loadFirstSteps } from './api';
import { firstSaleSteps } from './first-steps-model';
import { useSettled } from '../../lib/reveal';
import { early } from '../../lib/early';

export function FirstSaleChecklist({ onSettled }: { onSettled?: () => void }) {
  const id = useId();
  const data = useData(() => early('first-steps', loadFirstSteps), []);
  useSettled(data.status === 'loading', onSettled);
  // Nothing while loading: most sellers have been paid already, and the dashboard must not flash a list they never see.
  if (data.status === 'loading' || (data.status === 'ready' && !data.data.show)) return null;
  const steps = data.status === 'ready' ? firstSaleSteps(data.data) : [];
  const left = steps.filter((s) => !s.done).length;
  return (
    <section className="acc-fieldset acc-checklist" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Your first sale, step by step</h2>
      {data.status === 'error' && <LoadError error={data.error} retry={data.retry} what="your first steps" />}
      {data.status === 'ready' && (
        <>
          <p className="acc-muted" style={{ margin: 0 }}>
            {left === 0
              ? 'All set. This list goes once your first withdrawal is paid.'
              : `${left} of ${steps.length} steps left before you can be paid.`}
          </p>
          <ol className="acc-checklist__steps">
            {steps.map((s) => (
              <li key={s.key} className={s.done ? 'is-done' : undefined} data-step={s.key}>
                <span className="acc-checklist__mark" aria-hidden="true">
                  {s.done ? '✓' : ''}
                </span>
                <div>
                  <div>
                    <span className="acc-checklist__title">{s.title}</span>{' '}
                    <span className={`acc-badge ${s.done ? 'acc-badge--success' : 'acc-badge--pending'}`}>
                      {s.done ? 'Done' : 'To do'}
                    </span>
                  </div>
                  {!s.done && s.note && <p className="acc-muted">{s.note}</p>}
                  {!s.done && (
                    <p>
                      <Link className="acc-link" to={s.to}>
                        {s.action}
                      </Link>
                    </p>
                  )}
                </div>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
