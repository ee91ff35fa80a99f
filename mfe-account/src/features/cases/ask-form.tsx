// Ask about an order, a withdrawal or anything else: opens a case (about an order or withdrawal
// that has an open case, the message joins it) and goes to it.
import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from '@giftlane/shared-sdk/router';
import { useData, type CaseAbout } from '@giftlane/shared-sdk';
import { failure, FormActions, FormMessage, type Feedback } from '../../lib/form-message';
import { loadCases, openCase } from './api';
import { MAX_MESSAGE, messageProblem } from './case-model';
import { PhotoPicker } from './photo-picker';

export function AskForm({ orderNo, withdrawNo }: { orderNo?: string; withdrawNo?: string }) {
  const id = useId();
  const navigate = useNavigate();
  const about: CaseAbout = orderNo ? 'order' : withdrawNo ? 'withdrawal' : 'other';
  const cases = useData(loadCases, []);
  const open = cases.data?.find(
    (c) =>
      c.status !== 'solved' && ((orderNo && c.order_no === orderNo) || (withdrawNo && c.withdraw_no === withdrawNo)),
  );
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  const [feedback, setFeedback] = useState<Feedback>();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = messageProblem(message, photos.length);
    if (problem) return setFeedback({ kind: 'error', text: problem });
    setBusy(true);
    setFeedback(undefined);
    try {
      const r = await openCase({
        about,
        order_no: orderNo,
        withdraw_no: withdrawNo,
        subject: subject.trim() || undefined,
        message: message.trim(),
        photos,
      });
      navigate(`/homes/help/cases/${encodeURIComponent(r.case_no)}`);
    } catch (err) {
      setFeedback(failure(err, 'Your message was not sent. Please try again.'));
      setBusy(false);
    }
  };

  const heading =
    about === 'order'
      ? `Ask about order ${orderNo}`
      : about === 'withdrawal'
        ? `Ask about withdrawal ${withdrawNo}`
        : 'Get help';
  return (
    <section className="acc-card" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} style={{ overflowWrap: 'anywhere' }}>
        {heading}
      </h2>
      {open ? (
        <p className="acc-note">
          You already have an open case about this:{' '}
          <Link className="acc-link" to={`/homes/help/cases/${encodeURIComponent(open.case_no)}`}>
            {open.case_no}
          </Link>
          . What you send here is added to it.
        </p>
      ) : (
        <p className="acc-muted">A member of our team answers here, and we tell you in the app when we do.</p>
      )}
      <form className="acc-form" onSubmit={submit} noValidate aria-label="Ask us">
        {about === 'other' && (
          <div className="acc-field">
            <label htmlFor={`${id}-subject`}>Subject (optional)</label>
            <input
              id={`${id}-subject`}
              value={subject}
              maxLength={200}
              disabled={busy}
              onChange={(e) => setSubject(e.target.value)}
            />
          </div>
        )}
        <div className="acc-field">
          <label htmlFor={`${id}-message`}>Your message</label>
          <textarea
            id={`${id}-message`}
            rows={5}
            value={message}
            maxLength={MAX_MESSAGE}
            disabled={busy}
            aria-describedby={`${id}-hint`}
            onChange={(e) => setMessage(e.target.value)}
          />
          <span id={`${id}-hint`} className="acc-field__hint">
            Never send your password, transaction password or a verification code: our staff will never ask for them.
          </span>
        </div>
        <PhotoPicker files={photos} onChange={setPhotos} disabled={busy} />
        <FormMessage feedback={feedback} />
        <FormActions submit="Send" busyLabel="Sending…" busy={busy} />
      </form>
    </section>
  );
}
