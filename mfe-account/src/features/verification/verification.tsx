// Settings → Verification: the seller's level and what it allows today, what the next
// level needs, and its form — the ID number (level 1), a selfie (level 2), a photo of the ID
// document and the home address (level 3, checked by our team). A check that failed shows why and
// the form stays to try again. Payout accounts not in the verified name are listed: the api refuses
// withdrawals to them.
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useLocation } from '@giftlane/shared-sdk/router';
import {
  formatDateTime,
  formatMoney,
  Loading,
  LoadError,
  toCurrencyCode,
  tryParseMoney,
  useData,
  type KycIdType,
  type KycStatus,
} from '@giftlane/shared-sdk';
import { failure, FormActions, FormMessage, type Feedback } from '../../lib/form-message';
import { checkPhotos, PHOTO_RULES } from '../../lib/photos';
import { uploadPhoto, UploadError } from '../../lib/upload';
import { loadKyc, sendDocuments, sendSelfie, verifyId } from './api';

export const VERIFICATION_MESSAGES = {
  level1: 'Your identity is verified: you are at level 1.',
  level2: 'Your selfie matched your ID: you are at level 2.',
  sent: 'Your documents are sent. Our team checks them, usually within a day; we will tell you when it is done.',
  failed: 'We could not verify this. Please try again.',
} as const;

const ID_HINTS: Record<KycIdType, { placeholder: string; hint: string }> = {
  bvn: { placeholder: '11 digits', hint: 'Dial *565*0# from the phone number linked to your bank to see your BVN.' },
  nin: { placeholder: '11 digits', hint: 'Your NIN is on your NIN slip or card, or dial *346#.' },
  ghana_card: { placeholder: 'GHA-123456789-0', hint: 'The Personal ID Number on the front of your Ghana Card.' },
};

function LevelSummary({ s }: { s: KycStatus }) {
  return (
    <>
      <p className="acc-kyc__level" data-testid="kyc-level">
        <strong>Level {s.level} of 3</strong>
        {s.level > 0 ? (
          <>
            {' '}
            — verified as <strong>{s.verified_name}</strong>
            {s.id_masked && (
              <>
                , {s.id_types.find((t) => t.type === s.id_type)?.label ?? 'ID'}{' '}
                <span className="acc-code">{s.id_masked}</span>
              </>
            )}
          </>
        ) : (
          ' — not verified yet. Verify to withdraw.'
        )}
      </p>
      {s.wallets.length > 0 && s.level > 0 && (
        <ul className="acc-kyc__wallets" aria-label={`What you can withdraw at level ${s.level}`}>
          {s.wallets.map((w) => (
            <li key={w.currency}>
              <strong>{w.currency}</strong>{' '}
              <span>
                <span data-testid={`kyc-remaining-${w.currency}`}>{w.remaining_today}</span> left today
              </span>
              <span className="acc-muted">
                {w.daily_limit} a day · {w.single_limit} at once
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function IdForm({ s, onDone }: { s: KycStatus; onDone: (text: string) => void }) {
  const id = useId();
  const [type, setType] = useState<KycIdType>(s.id_types[0]?.type ?? 'bvn');
  const [number, setNumber] = useState('');
  const [first, setFirst] = useState('');
  const [last, setLast] = useState('');
  const [dob, setDob] = useState('');
  const [busy, setBusy] = useState(false);
  const [feedback, setFeedback] = useState<Feedback>(undefined);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const missing = !number.trim()
      ? 'Enter your ID number'
      : !first.trim() || !last.trim()
        ? 'Enter your first and last name as on your ID'
        : !dob
          ? 'Enter your date of birth'
          : undefined;
    if (missing) return setFeedback({ kind: 'error', text: missing });
    setBusy(true);
    setFeedback(undefined);
    try {
      await verifyId({
        id_type: type,
        id_number: number,
        first_name: first.trim(),
        last_name: last.trim(),
        date_of_birth: dob,
      });
      onDone(VERIFICATION_MESSAGES.level1);
    } catch (error) {
      setFeedback(failure(error, VERIFICATION_MESSAGES.failed));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="acc-form" onSubmit={submit} noValidate aria-labelledby={`${id}-t`}>
      <h3 id={`${id}-t`}>Level 1: {s.levels[0]?.needs}</h3>
      {s.id_types.length > 1 && (
        <fieldset className="acc-choices">
          <legend>Your ID</legend>
          {s.id_types.map((t) => (
            <label key={t.type} className="acc-choice">
              <input
                type="radio"
                name={`${id}-type`}
                checked={type === t.type}
                disabled={busy}
                onChange={() => setType(t.type)}
              />
              <span>{t.label}</span>
            </label>
          ))}
        </fieldset>
      )}
      <label className="acc-field">
        Your {s.id_types.find((t) => t.type === type)?.label ?? 'ID number'}
        <input
          inputMode={type === 'ghana_card' ? 'text' : 'numeric'}
          autoComplete="off"
          value={number}
          disabled={busy}
          placeholder={ID_HINTS[type].placeholder}
          onChange={(e) => setNumber(e.target.value)}
        />
        <span className="acc-field__hint">{ID_HINTS[type].hint}</span>
      </label>
      <div className="acc-kyc__names">
        <label className="acc-field">
          First name
          <input autoComplete="given-name" value={first} disabled={busy} onChange={(e) => setFirst(e.target.value)} />
        </label>
        <label className="acc-field">
          Last name
          <input autoComplete="family-name" value={last} disabled={busy} onChange={(e) => setLast(e.target.value)} />
        </label>
      </div>
      <label className="acc-field">
        Date of birth
        <input
          type="date"
          autoComplete="bday"
          value={dob}
          disabled={busy}
          max={new Date().toISOString().slice(0, 10)}
          onChange={(e) => setDob(e.target.value)}
        />
      </label>
      <p className="acc-field__hint">
        As on your ID. Your number is encrypted and shown only as its last 4 digits. Attempts left today:{' '}
        {s.attempts_left}.
      </p>
      <FormMessage feedback={feedback} />
      <FormActions submit="Verify" busyLabel="Checking…" busy={busy} />
    </form>
  );
}

/**
 * One photo picked (checked at once, the card photos' rule), uploaded, then sent with `send`. The picker is a labelled
 * button (`pick`: "Take a selfie"; the phone opens its front camera for `capture="user"`), with a preview of the
 * photo and a way to take it again.
 */
function PhotoStep({
  title,
  label,
  pick,
  capture,
  extra,
  submit,
  send,
  onDone,
}: {
  title: string;
  label: string;
  pick: string;
  capture?: 'user' | 'environment';
  extra?: (busy: boolean) => ReactNode;
  submit: string;
  send: (url: string) => Promise<string>;
  onDone: (text: string) => void;
}) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  // The preview's object URL lives as long as the picked file.
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') return setPreview(undefined);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  const [feedback, setFeedback] = useState<Feedback>(undefined);
  const run = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!file) return setFeedback({ kind: 'error', text: 'Choose a photo first' });
    setBusy(true);
    setFeedback(undefined);
    try {
      onDone(await send(await uploadPhoto(file)));
    } catch (error) {
      setFeedback(
        error instanceof UploadError
          ? { kind: 'error', text: error.message }
          : failure(error, VERIFICATION_MESSAGES.failed),
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="acc-form" onSubmit={run} noValidate aria-labelledby={`${id}-t`}>
      <h3 id={`${id}-t`}>{title}</h3>
      <div className="acc-field">
        <span id={`${id}-label`}>{label}</span>
        <label className="acc-file">
          <input
            type="file"
            accept={PHOTO_RULES.accept}
            capture={capture}
            disabled={busy}
            aria-describedby={`${id}-label ${id}-hint`}
            onChange={async (e) => {
              const picked = e.target.files?.[0] ?? null;
              setFeedback(undefined);
              if (!picked) return setFile(null);
              const { errors } = await checkPhotos([picked], 0);
              if (errors.length) {
                e.target.value = '';
                setFile(null);
                return setFeedback({ kind: 'error', text: errors[0]! });
              }
              setFile(picked);
            }}
          />
          <span className={file ? 'gl-btn' : 'gl-btn gl-btn--primary'}>{file ? `${pick} again` : pick}</span>
        </label>
        {file && preview && (
          <img className="acc-photo-preview" src={preview} alt={`The photo you chose: ${file.name}`} />
        )}
        {file && !preview && <span className="acc-muted">{file.name}</span>}
        <span id={`${id}-hint`} className="acc-field__hint">
          {PHOTO_RULES.kinds}, up to {PHOTO_RULES.sizeText}. Kept private: only you and our verification team can see
          it.
        </span>
      </div>
      {extra?.(busy)}
      <FormMessage feedback={feedback} />
      <FormActions submit={submit} busyLabel="Sending…" busy={busy} />
    </form>
  );
}

function DocumentsStep({ s, onDone }: { s: KycStatus; onDone: (text: string) => void }) {
  const [address, setAddress] = useState('');
  return (
    <PhotoStep
      title={`Level 3: ${s.levels[2]?.needs}`}
      label="Document photo: your ID card, passport or licence, all four corners in the picture"
      pick="Take a photo of your document"
      capture="environment"
      submit="Send for checking"
      extra={(busy) => (
        <label className="acc-field">
          Home address
          <textarea
            rows={2}
            autoComplete="street-address"
            value={address}
            disabled={busy}
            onChange={(e) => setAddress(e.target.value)}
          />
        </label>
      )}
      send={async (url) => {
        await sendDocuments(url, address);
        return VERIFICATION_MESSAGES.sent;
      }}
      onDone={onDone}
    />
  );
}

export function Verification() {
  const id = useId();
  const ref = useRef<HTMLElement>(null);
  const { hash } = useLocation();
  const data = useData(loadKyc, []);
  const [done, setDone] = useState<string | undefined>(undefined);
  // "Settings → Verification" links land here.
  useEffect(() => {
    if (hash === '#verification' && data.status === 'ready') ref.current?.scrollIntoView({ block: 'start' });
  }, [hash, data.status]);
  const finished = (text: string) => {
    setDone(text);
    data.retry();
  };
  const s = data.status === 'ready' ? data.data : undefined;
  const latest = (level: number) => s?.checks.find((c) => c.level === level);
  const next = s ? s.level + 1 : 0;
  const failed = s && next <= 3 ? latest(next) : undefined;
  return (
    <section ref={ref} id="verification" className="acc-fieldset acc-kyc" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Verification</h2>
      {data.status === 'loading' && <Loading label="Loading your verification…" lines={2} />}
      {data.status === 'error' && <LoadError error={data.error} retry={data.retry} what="your verification" />}
      {s && !s.offered && <p className="acc-muted">Identity verification is not offered in your country yet.</p>}
      {s && s.offered && (
        <>
          <LevelSummary s={s} />
          {done && (
            <p role="status" className="acc-success">
              {done}
            </p>
          )}
          {s.payout_mismatches.length > 0 && (
            <div className="acc-note acc-note--warn" data-testid="kyc-mismatch">
              Withdrawals go only to accounts in your verified name. Not in your name:
              <ul>
                {s.payout_mismatches.map((p) => (
                  <li key={p.bank_id}>
                    {p.bank_name} {p.account_no} ({p.account_name})
                  </li>
                ))}
              </ul>
            </div>
          )}
          {failed?.status === 'failed' && (
            <p className="acc-note acc-note--warn" role="alert" data-testid="kyc-failed">
              Level {failed.level} was not verified ({formatDateTime(failed.created_time)}): {failed.reason}. You can
              try again below.
            </p>
          )}
          {failed?.status === 'pending' && failed.level === 3 && (
            <p className="acc-note" data-testid="kyc-pending">
              Level 3: your documents are being checked. We will tell you when it is done.
            </p>
          )}
          {s.level === 0 && <IdForm s={s} onDone={finished} />}
          {s.level === 1 && (
            <PhotoStep
              title={`Level 2: ${s.levels[1]?.needs}`}
              label="A selfie: your face, in good light, no glasses or cap"
              pick="Take a selfie"
              capture="user"
              submit="Check my selfie"
              send={async (url) => {
                await sendSelfie(url);
                return VERIFICATION_MESSAGES.level2;
              }}
              onDone={finished}
            />
          )}
          {s.level === 2 && failed?.status !== 'pending' && <DocumentsStep s={s} onDone={finished} />}
          {s.level === 3 && <p className="acc-muted">You are fully verified.</p>}
          {next <= 3 && s.levels[next - 1] && (
            <p className="acc-field__hint">
              Level {next} lets you withdraw up to{' '}
              {Object.entries(s.levels[next - 1]!.limits)
                .map(([c, l]) => {
                  // The one money format of the account area ("₦200,000.00", "140.0000 USDT").
                  const code = toCurrencyCode(c);
                  const m = code && tryParseMoney(l.daily, code);
                  return m ? formatMoney(m) : `${l.daily} ${c}`;
                })
                .join(' or ')}{' '}
              a day.
            </p>
          )}
        </>
      )}
    </section>
  );
}
