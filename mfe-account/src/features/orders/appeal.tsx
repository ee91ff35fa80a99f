// The evidence pack of an order and its appeal: for every failed card the reason, the proof photos,
// the reviewer's note and the time; one tap opens an appeal (within the window the api sets) with a
// note and a few photos, answered by a different staff member; its outcome when there is one.
import { useState, type FormEvent } from 'react';
import {
  errorMessage,
  formatDateTime,
  formatMoney,
  tryParseMoney,
  useData,
  type CurrencyCode,
  type EvidencePack,
} from '@giftlane/shared-sdk';
import { fetchEvidence, submitAppeal } from './api';

const STATUS_TEXT: Record<string, string> = {
  open: 'Waiting for a different staff member',
  upheld: 'Decision upheld',
  overturned: 'Appeal accepted',
};

function AppealOutcome({ pack, currency }: { pack: EvidencePack; currency: CurrencyCode }) {
  const a = pack.appeal;
  if (!a) return null;
  const credit = tryParseMoney(a.credit_amount, currency);
  return (
    <div className={a.status === 'upheld' ? 'acc-warn' : 'acc-note'} data-testid="appeal-status">
      <p style={{ margin: 0 }}>
        <strong>Your appeal: {STATUS_TEXT[a.status] ?? a.status}</strong>
      </p>
      <p style={{ margin: '6px 0 0' }}>
        {a.status === 'open'
          ? `Opened ${formatDateTime(a.create_time)}. Answer due by ${formatDateTime(a.due_time)}.`
          : `Answered ${formatDateTime(a.resolve_time)}.`}
      </p>
      {a.status === 'overturned' && credit && (
        <p style={{ margin: '6px 0 0' }} data-testid="appeal-credit">
          <strong>{formatMoney(credit)}</strong> was credited to your wallet.
        </p>
      )}
      {a.resolution && <p style={{ margin: '6px 0 0' }}>Reason: {a.resolution}</p>}
      <p className="acc-muted" style={{ margin: '6px 0 0' }}>
        You wrote: {a.note}
      </p>
    </div>
  );
}

function AppealForm({ orderNo, maxPhotos, onDone }: { orderNo: string; maxPhotos: number; onDone: () => void }) {
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  if (!open)
    return (
      <div className="acc-actions">
        <button type="button" className="gl-btn gl-btn--primary" onClick={() => setOpen(true)}>
          Appeal this decision
        </button>
      </div>
    );
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!note.trim()) return setError('Tell us why the decision is wrong.');
    if (files.length > maxPhotos) return setError(`Add at most ${maxPhotos} photos.`);
    setBusy(true);
    setError('');
    try {
      await submitAppeal(orderNo, note, files);
      onDone();
    } catch (err) {
      setError(errorMessage(err, 'We could not send your appeal. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="acc-form" onSubmit={(e) => void submit(e)} noValidate aria-label="Appeal">
      <label className="acc-field">
        Why is the decision wrong?
        <textarea
          value={note}
          maxLength={1000}
          rows={4}
          disabled={busy}
          onChange={(e) => setNote(e.target.value)}
          placeholder="For example: the card was unused — the receipt is attached"
        />
      </label>
      <label className="acc-field">
        Photos (up to {maxPhotos}, optional)
        <input
          type="file"
          accept="image/jpeg,image/png,image/webp"
          multiple
          disabled={busy}
          onChange={(e) => setFiles(Array.from(e.target.files ?? []))}
        />
        <span className="acc-field__hint">
          {files.length
            ? `${files.length} photo${files.length === 1 ? '' : 's'} chosen`
            : 'A receipt or a clearer photo helps.'}
        </span>
      </label>
      {error && (
        <p className="acc-field__error" role="alert">
          {error}
        </p>
      )}
      <div className="acc-actions">
        <button type="submit" className="gl-btn gl-btn--primary" disabled={busy}>
          {busy ? 'Sending…' : 'Send appeal'}
        </button>
        <button type="button" className="gl-btn" disabled={busy} onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** The evidence and appeal card of an order with a failed card. */
export function EvidenceAndAppeal({
  orderNo,
  currency,
  onChanged,
}: {
  orderNo: string;
  currency: CurrencyCode;
  onChanged?: () => void;
}) {
  const [round, setRound] = useState(0);
  const pack = useData(() => fetchEvidence(orderNo), [orderNo, round]);
  if (pack.status !== 'ready') return null;
  const p = pack.data;
  if (!p.failed_cards.length && !p.appeal) return null;
  return (
    <section className="acc-card" aria-labelledby="order-evidence-h" data-testid="evidence-pack">
      <h2 id="order-evidence-h">Why cards failed</h2>
      <ul className="acc-list" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {p.failed_cards.map((c) => (
          <li key={c.seq} style={{ marginBottom: 12 }} data-testid="evidence-card">
            <p style={{ margin: 0 }}>
              <strong>Card {c.seq}:</strong> {c.reason}
            </p>
            {c.code && <div className="acc-code acc-muted">{c.code}</div>}
            {c.reviewer_note && <p style={{ margin: '4px 0 0' }}>Reviewer’s note: {c.reviewer_note}</p>}
            <p className="acc-muted" style={{ margin: '4px 0 0' }}>
              Decided {formatDateTime(c.decided_time)}
            </p>
            {c.proof_images.length > 0 && (
              <ul className="acc-photos" aria-label={`Proof for card ${c.seq}`}>
                {c.proof_images.map((url, i) => (
                  <li key={url} className="acc-photo">
                    <a href={url} target="_blank" rel="noreferrer">
                      <img src={url} alt={`Proof photo ${i + 1} for card ${c.seq}`} loading="lazy" />
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
      <AppealOutcome pack={p} currency={currency} />
      {p.can_appeal ? (
        <>
          <p className="acc-muted">
            Think we got it wrong? You can appeal until {formatDateTime(p.appeal_deadline)}. A different staff member
            than the one who decided will answer.
          </p>
          <AppealForm
            orderNo={orderNo}
            maxPhotos={p.max_photos}
            onDone={() => {
              setRound((r) => r + 1);
              onChanged?.();
            }}
          />
        </>
      ) : (
        !p.appeal && p.appeal_refused_reason && <p className="acc-muted">{p.appeal_refused_reason}</p>
      )}
    </section>
  );
}
