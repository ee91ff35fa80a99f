// /homes/help — Help inside the signed-in area (SPEC §2: the tour's last step points here): take the
// tour again, quick answers (the live FAQ), a message to support about one of the seller's orders
// (public/contact, signed in so support sees who wrote), and the WhatsApp and e-mail support use
// (appinit settings, never hard-coded).
import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from '@giftlane/shared-sdk/router';
import { Async, useData, validateEmail, type OrderListItem } from '@giftlane/shared-sdk';
import { fetchOrders } from '../features/orders/api';
import { failure, FormActions, FormMessage, type Feedback } from '../lib/form-message';
import { readMe } from '../features/profile/api';
import { helpAnswers, messageSupport, supportContacts } from '../features/help/api';

/** The shell starts the tour again on Home when the address says so (the same way sign-up does). */
const TOUR_REPLAY_PATH = '/homes?startTour=replay';
const OTHER = '';
const MESSAGE_MIN = 10;

export default function HelpPage() {
  const navigate = useNavigate();
  return (
    <div className="acc-page">
      <section className="acc-card" aria-labelledby="help-tour-h">
        <h2 id="help-tour-h">Take the tour again</h2>
        <p className="acc-muted">
          A one-minute walk through selling a card, your wallet, the rate calculator, notifications and rewards.
        </p>
        <div className="acc-actions">
          <button type="button" className="gl-btn gl-btn--primary" onClick={() => navigate(TOUR_REPLAY_PATH)}>
            Start the tour
          </button>
        </div>
      </section>
      <section className="acc-card" aria-labelledby="help-status-h">
        <h2 id="help-status-h">Is something slow?</h2>
        <p className="acc-muted" style={{ marginBottom: 0 }}>
          See today’s review time for each card and whether each payout network is paying normally on the{' '}
          <Link className="acc-link" to="/status">
            service status page
          </Link>
          .
        </p>
      </section>
      <OrderSupport />
      <ContactDetails />
      <Faq />
    </div>
  );
}

function OrderSupport() {
  const id = useId();
  const [params] = useSearchParams();
  const orders = useData(() => fetchOrders('all', 0, 20), []);
  const me = useData(readMe, []);
  const [orderNo, setOrderNo] = useState<string>(() => params.get('order') ?? OTHER);
  const [email, setEmail] = useState<string>();
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [feedback, setFeedback] = useState<Feedback>();
  const [sent, setSent] = useState<string>();
  const replyTo = email ?? me.data?.email ?? '';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem =
      validateEmail(replyTo) ??
      (message.trim().length < MESSAGE_MIN
        ? `Please tell us a little more (at least ${MESSAGE_MIN} characters).`
        : undefined);
    if (problem) return setFeedback({ kind: 'error', text: problem });
    setBusy(true);
    setFeedback(undefined);
    try {
      const subject = orderNo ? `Order ${orderNo}` : 'Help with my account';
      await messageSupport({
        name: me.data?.nickname || me.data?.username || 'GiftLane seller',
        email: replyTo.trim(),
        subject,
        message: message.trim(),
      });
      setSent(subject);
      setMessage('');
    } catch (err) {
      setFeedback(failure(err, 'Your message was not sent. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="acc-card" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Get help with an order</h2>
      {sent ? (
        <div className="acc-success" role="status">
          <p>
            <strong>Your message about “{sent}” has been sent.</strong> We reply by e-mail to {replyTo}, usually within
            a few hours.
          </p>
          <button type="button" className="gl-btn" onClick={() => setSent(undefined)}>
            Write another message
          </button>
        </div>
      ) : (
        <form className="acc-form" onSubmit={submit} noValidate aria-label="Message support">
          <div className="acc-field">
            <label htmlFor={`${id}-order`}>Which order?</label>
            <select id={`${id}-order`} value={orderNo} onChange={(e) => setOrderNo(e.target.value)} disabled={busy}>
              <option value={OTHER}>Not about an order</option>
              {orderNo && !orders.data?.some((o) => o.order_no === orderNo) && (
                <option value={orderNo}>{orderNo}</option>
              )}
              {orders.data?.map((o: OrderListItem) => (
                <option key={o.order_no} value={o.order_no}>
                  {orderLabel(o)}
                </option>
              ))}
            </select>
            {orders.status === 'loading' && <span className="acc-field__hint">Loading your orders…</span>}
            {orders.status === 'error' && (
              <span className="acc-field__hint">
                Your orders could not load.{' '}
                <button type="button" className="acc-link-btn" onClick={orders.retry}>
                  Retry
                </button>
              </span>
            )}
          </div>
          <div className="acc-field">
            <label htmlFor={`${id}-email`}>Your e-mail for our reply</label>
            <input
              id={`${id}-email`}
              type="email"
              inputMode="email"
              autoComplete="email"
              value={replyTo}
              disabled={busy}
              onChange={(e) => setEmail(e.target.value)}
            />
          </div>
          <div className="acc-field">
            <label htmlFor={`${id}-message`}>Message</label>
            <textarea
              id={`${id}-message`}
              rows={5}
              value={message}
              disabled={busy}
              maxLength={5000}
              aria-describedby={`${id}-message-hint`}
              onChange={(e) => setMessage(e.target.value)}
            />
            <span id={`${id}-message-hint`} className="acc-field__hint">
              Never send your password, transaction password or a verification code: our staff will never ask for them.
            </span>
          </div>
          <FormMessage feedback={feedback} />
          <FormActions submit="Send to support" busyLabel="Sending…" busy={busy} />
        </form>
      )}
    </section>
  );
}

function orderLabel(o: OrderListItem): string {
  return o.card_name ? `${o.card_name} · ${o.order_no}` : o.order_no;
}

function ContactDetails() {
  const init = useData(supportContacts, []);
  return (
    <section className="acc-card" aria-labelledby="help-contact-h">
      <h2 id="help-contact-h">Contact us</h2>
      <Async state={init} what="our contact details" lines={2}>
        {(data) => {
          const whatsapp = data.whatsapp_phone;
          const email = data.email;
          if (!whatsapp && !email) return <p className="acc-muted">Write to us with the form above.</p>;
          return (
            <ul className="acc-bullets">
              {whatsapp && (
                <li>
                  WhatsApp: <a href={`https://wa.me/${whatsapp.replace(/\D/g, '')}`}>{whatsapp}</a>
                </li>
              )}
              {email && (
                <li>
                  E-mail: <a href={`mailto:${email}`}>{email}</a>
                </li>
              )}
            </ul>
          );
        }}
      </Async>
    </section>
  );
}

function Faq() {
  const faq = useData(helpAnswers, []);
  return (
    <section className="acc-card" aria-labelledby="help-faq-h">
      <h2 id="help-faq-h">Questions and answers</h2>
      <Async state={faq} what="the questions and answers" lines={4}>
        {(items) =>
          items.length ? (
            <div className="acc-faq">
              {items.map((item) => (
                <details key={item.id}>
                  <summary>{item.question}</summary>
                  <p>{item.answer}</p>
                </details>
              ))}
            </div>
          ) : (
            <p className="acc-empty">No questions yet. Write to us with the form above.</p>
          )
        }
      </Async>
    </section>
  );
}
