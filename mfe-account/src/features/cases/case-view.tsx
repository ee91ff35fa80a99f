// One case: its status and clock, the messages both ways with their photos, a reply, the timeline.
import { useId, useState, type FormEvent } from 'react';
import { Async, formatDateTime, useData, type CaseDetail } from '@giftlane/shared-sdk';
import { Link } from '@giftlane/shared-sdk/router';
import { failure, FormActions, FormMessage, type Feedback } from '../../lib/form-message';
import { loadCase, replyToCase } from './api';
import { aboutLine, clockLine, MAX_MESSAGE, messageProblem, statusTone } from './case-model';
import { PhotoPicker } from './photo-picker';

export function CaseView({ caseNo }: { caseNo: string }) {
  const [fresh, setFresh] = useState<CaseDetail>();
  const state = useData(() => loadCase(caseNo), [caseNo]);
  return (
    <Async state={state} what="your case" lines={4}>
      {(loaded) => <CaseBody c={fresh?.case_no === caseNo ? fresh : loaded} onReply={setFresh} />}
    </Async>
  );
}

function CaseBody({ c, onReply }: { c: CaseDetail; onReply: (c: CaseDetail) => void }) {
  const id = useId();
  return (
    <>
      <section className="acc-card" aria-labelledby={`${id}-h`}>
        <div className="acc-row">
          <h2 id={`${id}-h`} className="acc-item__title acc-item__title--wrap">
            {aboutLine(c)}
          </h2>
          <span className={`acc-badge acc-badge--${statusTone(c.status)}`} data-testid="case-status">
            {c.status_text}
          </span>
        </div>
        <p className="acc-muted">
          Case <span className="acc-code">{c.case_no}</span> · opened {formatDateTime(c.create_time)}
          {c.owner_name ? ` · ${c.owner_name} is looking after it` : ''}
        </p>
        <p className={c.first_response_late || c.resolution_late ? 'acc-note acc-note--warn' : 'acc-note'}>
          {clockLine(c)}
        </p>
        {c.status === 'solved' && c.resolution && (
          <p className="acc-success">
            <strong>Resolution:</strong> {c.resolution}
          </p>
        )}
        {c.order_no && (
          <p>
            <Link className="acc-link" to={`/order/${encodeURIComponent(c.order_no)}`}>
              See the order
            </Link>
          </p>
        )}
      </section>
      <section className="acc-card" aria-labelledby={`${id}-m`}>
        <h2 id={`${id}-m`}>Messages</h2>
        <ol className="acc-list" aria-label="Messages">
          {c.messages.map((m) => (
            <li key={m.id} className={m.from === 'staff' ? 'acc-msg acc-msg--us' : 'acc-msg'}>
              <p className="acc-muted">
                <strong>{m.name}</strong> · {formatDateTime(m.create_time)}
              </p>
              {m.body && <p className="acc-msg__body">{m.body}</p>}
              {m.images.length > 0 && (
                <ul className="acc-photos">
                  {m.images.map((src, i) => (
                    <li key={src} className="acc-photo">
                      <a href={src} target="_blank" rel="noreferrer">
                        <img src={src} alt={`Photo ${i + 1} from ${m.name}`} loading="lazy" />
                      </a>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      </section>
      <ReplyForm caseNo={c.case_no} solved={c.status === 'solved'} onReply={onReply} />
      <section className="acc-card" aria-labelledby={`${id}-t`}>
        <details>
          <summary id={`${id}-t`}>Timeline</summary>
          <ol className="acc-bullets">
            {c.timeline.map((e, i) => (
              <li key={i}>
                {formatDateTime(e.create_time)} — {e.text}
              </li>
            ))}
          </ol>
        </details>
      </section>
    </>
  );
}

function ReplyForm({ caseNo, solved, onReply }: { caseNo: string; solved: boolean; onReply: (c: CaseDetail) => void }) {
  const id = useId();
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
      onReply(await replyToCase({ case_no: caseNo, message: message.trim(), photos }));
      setMessage('');
      setPhotos([]);
    } catch (err) {
      setFeedback(failure(err, 'Your message was not sent. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="acc-card" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{solved ? 'Not solved? Write to us' : 'Reply'}</h2>
      <form className="acc-form" onSubmit={submit} noValidate aria-label="Reply on the case">
        <div className="acc-field">
          <label htmlFor={`${id}-message`}>Your message</label>
          <textarea
            id={`${id}-message`}
            rows={4}
            value={message}
            maxLength={MAX_MESSAGE}
            disabled={busy}
            onChange={(e) => setMessage(e.target.value)}
          />
        </div>
        <PhotoPicker files={photos} onChange={setPhotos} disabled={busy} />
        <FormMessage feedback={feedback} />
        <FormActions submit="Send" busyLabel="Sending…" busy={busy} />
      </form>
    </section>
  );
}
