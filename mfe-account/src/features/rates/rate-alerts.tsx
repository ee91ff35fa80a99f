// Rate alerts: the seller names a card and a rate in their payout currency, and is told once when a
// rate change brings the card to it (in the app, and by push, e-mail and WhatsApp as chosen in
// Settings); told again only after the rate falls below the target and comes back. The limit, the
// checks and every refusal are the api's; this form shows its words.
import { useId, useState, type FormEvent } from 'react';
import { Link } from '@giftlane/shared-sdk/router';
import { rateText } from '@giftlane/shared-sdk/ui/rate-text';
import { formatDateTime, Loading, LoadError, useData, type RateAlerts as AlertsData } from '@giftlane/shared-sdk';
import { failure, FormMessage, type Feedback } from '../../lib/form-message';
import { addRateAlert, deleteRateAlert, loadRateAlerts } from './api';

export interface AlertCard {
  id: number;
  name: string;
  /** Its base rate now, before any VIP bonus (what an alert is compared with), as shown: "₦1,250.00". */
  base?: string;
}

const firedOn = (iso: string) => formatDateTime(Math.floor(Date.parse(iso) / 1000));

export function RateAlerts({
  cards,
  currency,
  cardId,
}: {
  cards: readonly AlertCard[];
  currency: string;
  cardId?: number;
}) {
  const id = useId();
  const loaded = useData(loadRateAlerts, []);
  const [answer, setAnswer] = useState<AlertsData>();
  const [card, setCard] = useState(cardId && cards.some((c) => c.id === cardId) ? cardId : (cards[0]?.id ?? 0));
  const [target, setTarget] = useState('');
  const [busy, setBusy] = useState(false);
  const [feedback, setFeedback] = useState<Feedback>();
  const data = answer ?? (loaded.status === 'ready' ? loaded.data : undefined);
  const chosen = cards.find((c) => c.id === card);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setFeedback(undefined);
    try {
      const next = await addRateAlert({ card_id: card, currency, target_rate: target.trim() });
      setAnswer(next);
      const made = next.list.find((a) => a.card_id === card && Number(a.target_rate) === Number(target));
      setFeedback({
        kind: 'ok',
        text: made
          ? `Alert set: we will tell you when ${made.card_name} pays ` +
            `${rateText(made.target_rate, made.currency_symbol)} or more.`
          : 'Alert set.',
      });
      setTarget('');
    } catch (err) {
      setFeedback(failure(err, 'The alert was not set. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (alertId: number) => {
    setBusy(true);
    setFeedback(undefined);
    try {
      setAnswer(await deleteRateAlert(alertId));
      setFeedback({ kind: 'ok', text: 'Alert deleted.' });
    } catch (err) {
      setFeedback(failure(err, 'The alert was not deleted. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section id="rate-alerts" className="acc-card" style={{ display: 'grid', gap: 12 }} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} style={{ margin: 0 }}>
        Rate alerts
      </h3>
      <p className="acc-muted" style={{ margin: 0 }}>
        Tell me once when a card pays my target rate in {currency} or more — in the app, and by push, e-mail or WhatsApp
        as set in <Link to="/settings">Settings</Link>. After the rate falls below your target, the alert is set again.
      </p>
      <form className="acc-form" onSubmit={(e) => void submit(e)} noValidate>
        <label className="acc-field">
          <span>Card</span>
          <select value={card} onChange={(e) => setCard(Number(e.target.value))}>
            {cards.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <label className="acc-field">
          <span>Target rate ({currency} per 1 unit of the card’s currency)</span>
          <input
            inputMode="decimal"
            autoComplete="off"
            placeholder="e.g. 1500"
            value={target}
            onChange={(e) => setTarget(e.target.value)}
            aria-describedby={`${id}-base`}
          />
          <span id={`${id}-base`} className="acc-field__hint">
            {chosen?.base ? `Base rate now ${chosen.base}. ` : ''}
            Alerts follow the base rate, before any VIP bonus.
          </span>
        </label>
        <FormMessage feedback={feedback} />
        <div className="acc-actions">
          <button type="submit" className="gl-btn gl-btn--primary" disabled={busy}>
            {busy ? 'Saving…' : 'Set alert'}
          </button>
        </div>
      </form>
      {loaded.status === 'loading' && !answer && <Loading label="Loading your alerts…" lines={2} />}
      {loaded.status === 'error' && !answer && (
        <LoadError error={loaded.error} retry={loaded.retry} what="your rate alerts" />
      )}
      {data && (
        <>
          <p className="acc-muted" style={{ margin: 0 }}>
            {data.list.length} of {data.limit} alerts
          </p>
          {data.list.length > 0 && (
            <ul className="acc-list" aria-label="Your rate alerts">
              {data.list.map((a) => {
                const at = rateText(a.target_rate, a.currency_symbol);
                return (
                  <li key={a.alert_id} className="acc-item acc-item--plain">
                    <span className="acc-item__title acc-item__title--wrap">{a.card_name}</span>
                    <span>
                      At {at} or more · now {rateText(a.current_rate, a.currency_symbol)}
                    </span>
                    <span className="acc-muted">
                      {a.armed
                        ? 'Waiting for the rate to reach your target.'
                        : `Reached${a.fired_at ? ` on ${firedOn(a.fired_at)}` : ''}: set again once the rate falls ` +
                          'below your target.'}
                    </span>
                    <button
                      type="button"
                      className="gl-btn"
                      disabled={busy}
                      aria-label={`Delete the alert for ${a.card_name} at ${at}`}
                      onClick={() => void remove(a.alert_id)}
                    >
                      Delete
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
