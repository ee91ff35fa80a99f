// A counter-offer on the order page: the card was worth less than the seller chose, so nothing is
// paid below the quote without their consent. It shows why (the reason, the reviewer's note, the
// proof photos), the offer against the quote, the deadline, and asks to accept or decline, each
// confirmed first. No answer by the deadline counts as declined (the api closes it).
import { useState } from 'react';
import {
  errorMessage,
  formatDateTime,
  formatMoney,
  toCurrencyCode,
  tryParseMoney,
  type CounterOffer,
} from '@giftlane/shared-sdk';
import { answerOffer } from './api';

type Answer = 'accept' | 'decline';

const CLOSED: Record<Exclude<CounterOffer['status'], 'open'>, string> = {
  accepted: 'You accepted the counter-offer',
  declined: 'You declined the counter-offer',
  expired: 'The counter-offer expired without an answer (counted as declined)',
};

export function CounterOfferCard(props: { orderNo: string; offer: CounterOffer; onAnswered: () => void }) {
  const { orderNo, offer, onAnswered } = props;
  const [confirming, setConfirming] = useState<Answer | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const money = (v: string | number) => {
    const code = toCurrencyCode(offer.currency);
    const m = code ? tryParseMoney(v, code) : undefined;
    return m ? formatMoney(m) : `${v} ${offer.currency}`;
  };
  const open = offer.status === 'open';
  const send = async (answer: Answer) => {
    setBusy(true);
    setError('');
    try {
      await answerOffer(orderNo, answer);
      setConfirming(null);
      onAnswered();
    } catch (e) {
      setError(errorMessage(e, 'Your answer was not sent. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section
      className={open ? 'acc-card acc-offer acc-offer--open' : 'acc-card acc-offer'}
      aria-labelledby="order-offer-h"
      data-testid="counter-offer"
    >
      <h2 id="order-offer-h">
        {offer.status === 'open' ? 'Counter-offer: waiting for your answer' : CLOSED[offer.status]}
      </h2>
      <p style={{ marginTop: 0 }}>
        <strong>Why:</strong> {offer.reason_text}
        {offer.note ? ` — ${offer.note}` : ''}
      </p>
      <dl className="acc-dl">
        <dt>Quote you locked</dt>
        <dd data-testid="offer-quote">{money(offer.quote_amount)}</dd>
        <dt>{open ? 'We offer' : 'Offered'}</dt>
        <dd data-testid="offer-amount">
          <strong>{money(offer.amount)}</strong>
        </dd>
        {offer.cards.map((c, i) => (
          <div key={`${c.card_name}-${i}`} style={{ display: 'contents' }}>
            <dt>Card found</dt>
            <dd>
              {c.card_name || 'Card'} · face value {c.face_value}
            </dd>
          </div>
        ))}
        <dt>Sent</dt>
        <dd>{formatDateTime(offer.sent_time)}</dd>
        {open ? (
          <>
            <dt>Answer by</dt>
            <dd data-testid="offer-deadline">{formatDateTime(offer.expire_time)}</dd>
          </>
        ) : (
          offer.answer_time > 0 && (
            <>
              <dt>Answered</dt>
              <dd>{formatDateTime(offer.answer_time)}</dd>
            </>
          )
        )}
      </dl>
      {offer.images.length > 0 && (
        <>
          <h3 style={{ marginTop: 12 }}>Proof</h3>
          <ul className="acc-photos" aria-label="Proof photos from the reviewer">
            {offer.images.map((url, i) => (
              <li key={`${url}-${i}`} className="acc-photo">
                <a href={url} target="_blank" rel="noreferrer">
                  <img src={url} alt={`Proof photo ${i + 1}`} loading="lazy" />
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
      {open && (
        <>
          <p className="acc-note">
            Accept and {money(offer.amount)} is credited to your wallet at once. Decline and the order is closed unpaid:
            your card is not redeemed and you can appeal. No answer by the deadline counts as declined.
          </p>
          {confirming === null ? (
            <div className="acc-actions">
              <button type="button" className="gl-btn gl-btn--primary" onClick={() => setConfirming('accept')}>
                Accept {money(offer.amount)}
              </button>
              <button type="button" className="gl-btn" onClick={() => setConfirming('decline')}>
                Decline
              </button>
            </div>
          ) : (
            <div className="acc-warn" role="alertdialog" aria-labelledby="offer-confirm-h">
              <p id="offer-confirm-h" style={{ marginTop: 0 }}>
                {confirming === 'accept'
                  ? `Accept ${money(offer.amount)} instead of ${money(offer.quote_amount)}? This cannot be undone.`
                  : 'Decline the offer? The order is closed unpaid and your card is not redeemed.'}
              </p>
              <div className="acc-actions">
                <button
                  type="button"
                  className="gl-btn gl-btn--primary"
                  disabled={busy}
                  onClick={() => void send(confirming)}
                >
                  {confirming === 'accept' ? 'Yes, accept' : 'Yes, decline'}
                </button>
                <button type="button" className="gl-btn" disabled={busy} onClick={() => setConfirming(null)}>
                  Go back
                </button>
              </div>
            </div>
          )}
          {error && (
            <p className="acc-warn" role="alert">
              {error}
            </p>
          )}
        </>
      )}
    </section>
  );
}
