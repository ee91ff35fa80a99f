// /homes/help — Help inside the signed-in area (SPEC §2: the tour's last step points here): take the
// tour again, the seller's cases and "Get help" (a case about anything else), quick answers (the
// live FAQ), and support's WhatsApp line (with its hours) and e-mail from the official channels staff
// keep (public/channels, never hard-coded), with the page that lists them all.
import { Link, Navigate, useNavigate, useSearchParams } from '@giftlane/shared-sdk/router';
import { Async, useData } from '@giftlane/shared-sdk';
import { CaseList } from '../features/cases/case-list';
import { helpAnswers, officialChannels } from '../features/help/api';

/** The shell starts the tour again on Home when the address says so (the same way sign-up does). */
const TOUR_REPLAY_PATH = '/homes?startTour=replay';

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
      <Cases />
      <ContactDetails />
      <Faq />
    </div>
  );
}

/** Help → cases: the seller's cases, and "Get help" for anything not about one order or withdrawal. */
function Cases() {
  const [params] = useSearchParams();
  const order = params.get('order');
  // The older link from an order ("/homes/help?order=…") asks about that order.
  if (order) return <Navigate to={`/homes/help/ask?order=${encodeURIComponent(order)}`} replace />;
  return (
    <section className="acc-card" aria-labelledby="help-cases-h">
      <h2 id="help-cases-h">Your cases</h2>
      <p className="acc-muted">
        Each order and withdrawal has “Ask about this” on its page. For anything else, get help here: we answer in the
        app and tell you when we do.
      </p>
      <div className="acc-actions">
        <Link className="gl-btn gl-btn--primary" to="/homes/help/ask">
          Get help
        </Link>
      </div>
      <CaseList />
    </section>
  );
}

/** Support's WhatsApp line (with its hours) next to its e-mail, from the official channels staff keep. */
function ContactDetails() {
  const channels = useData(officialChannels, []);
  return (
    <section className="acc-card" aria-labelledby="help-contact-h">
      <h2 id="help-contact-h">Contact us</h2>
      <Async state={channels} what="our contact details" lines={2}>
        {(data) => {
          const whatsapp = data.whatsapp.find((w) => /support/i.test(w.purpose)) ?? data.whatsapp[0];
          const email = (data.emails.find((e) => /support/i.test(e.purpose)) ?? data.emails[0])?.address;
          if (!whatsapp && !email) return <p className="acc-muted">Use Get help above.</p>;
          return (
            <ul className="acc-bullets">
              {whatsapp && (
                <li>
                  WhatsApp: <a href={whatsapp.link}>{whatsapp.number}</a>
                  {whatsapp.hours && <span className="acc-muted"> · answered {whatsapp.hours}</span>}
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
      <p className="acc-muted" style={{ marginBottom: 0 }}>
        Only trust channels listed on{' '}
        <Link className="acc-link" to="/verified-channels">
          our official channels page
        </Link>
        . We never ask for your PIN or codes.
      </p>
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
            <p className="acc-empty">No questions yet. Use Get help above.</p>
          )
        }
      </Async>
    </section>
  );
}
