// The profile in Settings: the nickname (the navbar greets by it), the sign-in password, and the
// e-mail address (changed, or bound for the first time, with a code sent to the new address). Rules
// and words come from the SDK's validation module, the same the api checks with.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import {
  recoveryCodeInput,
  useData,
  validateEmail,
  validateNickname,
  validateOtp,
  validatePassword,
  validatePhone,
  validateResetPassword,
  type User,
} from '@giftlane/shared-sdk';
import { failure, FormActions, FormMessage, type Feedback } from '../../lib/form-message';
import { LoginPasswordField } from '../../lib/login-password';
import {
  bindWhatsapp,
  changePassword,
  listCountries,
  saveNickname,
  sendEmailCode,
  sendWhatsAppCode,
  setEmail,
} from './api';

type Editing = 'none' | 'nickname' | 'email' | 'whatsapp';

/** Busy flag and the message a form shows after an action; `run` turns a failure into its message. */
function useAction() {
  const [busy, setBusy] = useState(false);
  const [feedback, setFeedback] = useState<Feedback>(undefined);
  const run = async (action: () => Promise<string>, fallback: string) => {
    setBusy(true);
    setFeedback(undefined);
    try {
      setFeedback({ kind: 'ok', text: await action() });
      return true;
    } catch (error) {
      setFeedback(failure(error, fallback));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, feedback, setFeedback, run };
}

function Row({ label, value, action }: { label: string; value: ReactNode; action?: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>
        {value}
        {action && <> {action}</>}
      </dd>
    </>
  );
}

export function ProfileSettings({ user }: { user: User }) {
  const id = useId();
  // The page's copy of the profile, updated in place after a change the api has accepted.
  const [me, setMe] = useState(user);
  const [editing, setEditing] = useState<Editing>('none');
  const [done, setDone] = useState<Feedback>(undefined);
  const finish = (text: string, change: Partial<User>) => {
    setEditing('none');
    setDone({ kind: 'ok', text });
    setMe((m) => ({ ...m, ...change }));
  };
  const edit = (what: Editing, label: string, name: string) => (
    <button
      type="button"
      className="acc-link-btn"
      aria-label={name}
      aria-expanded={editing === what}
      onClick={() => {
        setDone(undefined);
        setEditing(editing === what ? 'none' : what);
      }}
    >
      {label}
    </button>
  );
  const hasEmail = Boolean(me.email);
  return (
    <section className="acc-fieldset" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Profile</h2>
      <dl className="acc-dl">
        <Row label="Nickname" value={me.nickname || '–'} action={edit('nickname', 'Change', 'Change nickname')} />
        <Row
          label="E-mail"
          value={me.email ? `${me.email}${me.is_email_bind ? '' : ' (not verified)'}` : '–'}
          action={edit('email', hasEmail ? 'Change' : 'Add', hasEmail ? 'Change e-mail' : 'Add an e-mail')}
        />
        <Row
          label="WhatsApp"
          value={me.whatsapp ? `${me.whatsapp}${me.whatsapp_bind ? '' : ' (not verified)'}` : '–'}
          action={edit('whatsapp', me.whatsapp ? 'Change' : 'Add', me.whatsapp ? 'Change WhatsApp' : 'Add WhatsApp')}
        />
        <Row label="Country" value={me.country_name ?? '–'} />
      </dl>
      {editing === 'nickname' && (
        <NicknameForm current={me.nickname ?? ''} onDone={finish} onCancel={() => setEditing('none')} />
      )}
      {editing === 'email' && (
        <EmailForm
          replacing={hasEmail}
          current={me.is_email_bind ? (me.email ?? '') : ''}
          onDone={finish}
          onCancel={() => setEditing('none')}
        />
      )}
      {editing === 'whatsapp' && (
        <WhatsAppForm
          current={me.whatsapp_bind ? (me.whatsapp ?? '') : ''}
          countryId={me.country_id}
          onDone={finish}
          onCancel={() => setEditing('none')}
        />
      )}
      <FormMessage feedback={done} />
    </section>
  );
}

function NicknameForm({
  current,
  onDone,
  onCancel,
}: {
  current: string;
  onDone: (text: string, change: Partial<User>) => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState(current);
  const { busy, feedback, setFeedback, run } = useAction();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = validateNickname(name);
    if (problem) return setFeedback({ kind: 'error', text: problem });
    const ok = await run(async () => {
      // The navbar greets from the one session store: it is refreshed so the new name shows there too.
      await saveNickname(name.trim());
      return 'Your nickname is changed.';
    }, 'We could not change your nickname. Please try again.');
    if (ok) onDone('Your nickname is changed.', { nickname: name.trim() });
  };
  return (
    <form className="acc-form" onSubmit={submit} noValidate aria-label="Change nickname">
      <label className="acc-field">
        New nickname
        <input
          value={name}
          maxLength={60}
          autoComplete="nickname"
          disabled={busy}
          aria-invalid={feedback?.kind === 'error'}
          onChange={(e) => setName(e.target.value)}
        />
      </label>
      <FormMessage feedback={feedback} />
      <FormActions submit="Save nickname" busyLabel="Saving…" busy={busy} onCancel={onCancel} />
    </form>
  );
}

function EmailForm({
  replacing,
  current,
  onDone,
  onCancel,
}: {
  replacing: boolean;
  current: string;
  onDone: (text: string, change: Partial<User>) => void;
  onCancel: () => void;
}) {
  const [address, setAddress] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [oldCode, setOldCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { busy, feedback, setFeedback, run } = useAction();
  const trimmed = address.trim().toLowerCase();

  const send = async () => {
    const problem = validateEmail(trimmed);
    if (problem) return setFeedback({ kind: 'error', text: problem });
    const ok = await run(async () => {
      await sendEmailCode(trimmed, password);
      return current
        ? `We sent a 4-digit code to ${trimmed} and another to ${current}. They are valid for 10 minutes.`
        : `We sent a 4-digit code to ${trimmed}. It is valid for 10 minutes.`;
    }, 'We could not send the code. Please try again.');
    if (ok) setSentTo(trimmed);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!sentTo || sentTo !== trimmed) return send();
    const problem = validateOtp(code) || (current ? validateOtp(oldCode) : undefined);
    if (problem) return setFeedback({ kind: 'error', text: problem });
    const text = replacing
      ? `Your e-mail address is now ${sentTo}. We told your old address.`
      : `${sentTo} is now your e-mail address.`;
    const ok = await run(async () => {
      await setEmail(replacing, {
        email: sentTo,
        verify_code: code,
        password,
        ...(current ? { old_code: oldCode } : {}),
      });
      return text;
    }, 'We could not change your e-mail address. Please try again.');
    if (ok) onDone(text, { email: sentTo, is_email_bind: true });
  };

  return (
    <form
      className="acc-form"
      onSubmit={submit}
      noValidate
      aria-label={replacing ? 'Change e-mail address' : 'Add an e-mail address'}
    >
      <label className="acc-field">
        New e-mail address
        <input
          type="email"
          inputMode="email"
          autoComplete="email"
          value={address}
          disabled={busy}
          onChange={(e) => setAddress(e.target.value)}
        />
      </label>
      <LoginPasswordField value={password} onChange={setPassword} disabled={busy} />
      {sentTo === trimmed && (
        <label className="acc-field">
          Code sent to {sentTo}
          <input
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={4}
            value={code}
            disabled={busy}
            onChange={(e) => setCode(recoveryCodeInput(e.target.value))}
          />
        </label>
      )}
      {sentTo === trimmed && current && (
        <label className="acc-field">
          Code sent to {current}
          <input
            inputMode="numeric"
            autoComplete="off"
            maxLength={4}
            value={oldCode}
            disabled={busy}
            onChange={(e) => setOldCode(recoveryCodeInput(e.target.value))}
          />
        </label>
      )}
      <FormMessage feedback={feedback} />
      {sentTo === trimmed ? (
        <FormActions
          submit={replacing ? 'Change e-mail address' : 'Add e-mail address'}
          busy={busy}
          onCancel={onCancel}
        >
          <button type="button" className="gl-btn" onClick={send} disabled={busy}>
            Send the code again
          </button>
        </FormActions>
      ) : (
        <FormActions submit="Send a code" busyLabel="Sending…" busy={busy} onCancel={onCancel} />
      )}
    </form>
  );
}

/**
 * Add or change the WhatsApp number: the country's dial code (public/countrylist) and the number as
 * people write it at home (08121325873 in Nigeria: the trunk 0 is dropped), the login password, the
 * code sent to the new number and, when one is bound, the code sent to the current number.
 */
function WhatsAppForm({
  current,
  countryId,
  onDone,
  onCancel,
}: {
  current: string;
  countryId?: number;
  onDone: (text: string, change: Partial<User>) => void;
  onCancel: () => void;
}) {
  const countries = useData(listCountries, []);
  const [dial, setDial] = useState('');
  const [number, setNumber] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [oldCode, setOldCode] = useState('');
  // The number the code went to, and what was typed for it (a new typing asks for a new code).
  const [sent, setSent] = useState<{ typed: string; to: string } | null>(null);
  const { busy, feedback, setFeedback, run } = useAction();
  const list = countries.status === 'ready' ? countries.data.filter((c) => c.area_number) : [];
  const dialCode = dial || list.find((c) => c.id === countryId)?.area_number || list[0]?.area_number || '';
  const typed = `${dialCode} ${number.trim()}`;
  const sentTo = sent?.typed === typed ? sent.to : null;

  const send = async () => {
    const problem = validatePhone(number);
    if (problem) return setFeedback({ kind: 'error', text: problem });
    let to = '';
    const ok = await run(async () => {
      // The one reading of a number as people write it (shared-sdk/phone), loaded when first needed.
      const { toE164 } = await import('@giftlane/shared-sdk/phone');
      to = toE164(number, [dialCode]) ?? '';
      await sendWhatsAppCode(to, password);
      return current
        ? `We sent a 4-digit code to ${to} on WhatsApp and another to ${current}. They are valid for 10 minutes.`
        : `We sent a 4-digit code to ${to} on WhatsApp. It is valid for 10 minutes.`;
    }, 'We could not send the code. Please try again.');
    if (ok) setSent({ typed, to });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!sentTo) return send();
    const problem = validateOtp(code) || (current ? validateOtp(oldCode) : undefined);
    if (problem) return setFeedback({ kind: 'error', text: problem });
    const text = current
      ? `Your WhatsApp number is now ${sentTo}. We told your old number.`
      : `${sentTo} is now your WhatsApp number.`;
    const ok = await run(async () => {
      await bindWhatsapp({ whatsapp: sentTo, code, password, ...(current ? { old_code: oldCode } : {}) });
      return text;
    }, 'We could not change your WhatsApp number. Please try again.');
    if (ok) onDone(text, { whatsapp: sentTo, whatsapp_bind: true });
  };

  const waiting = sentTo !== null;
  return (
    <form
      className="acc-form"
      onSubmit={submit}
      noValidate
      aria-label={current ? 'Change WhatsApp number' : 'Add a WhatsApp number'}
    >
      <div className="acc-phone">
        <label className="acc-field">
          Country code
          <select
            value={dialCode}
            disabled={busy || countries.status !== 'ready'}
            onChange={(e) => setDial(e.target.value)}
          >
            {countries.status !== 'ready' && (
              <option value="">{countries.status === 'loading' ? 'Loading…' : '–'}</option>
            )}
            {list.map((c) => (
              <option key={c.id} value={c.area_number}>
                {c.name} ({c.area_number.startsWith('+') ? c.area_number : `+${c.area_number}`})
              </option>
            ))}
          </select>
        </label>
        <label className="acc-field">
          New WhatsApp number
          <input
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            placeholder="08012345678"
            value={number}
            disabled={busy}
            onChange={(e) => setNumber(e.target.value)}
          />
        </label>
      </div>
      {countries.status === 'error' && <LoadErrorText />}
      <LoginPasswordField value={password} onChange={setPassword} disabled={busy} />
      {waiting && (
        <label className="acc-field">
          Code sent to {sentTo}
          <input
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={4}
            value={code}
            disabled={busy}
            onChange={(e) => setCode(recoveryCodeInput(e.target.value))}
          />
        </label>
      )}
      {waiting && current && (
        <label className="acc-field">
          Code sent to {current}
          <input
            inputMode="numeric"
            autoComplete="off"
            maxLength={4}
            value={oldCode}
            disabled={busy}
            onChange={(e) => setOldCode(recoveryCodeInput(e.target.value))}
          />
        </label>
      )}
      <FormMessage feedback={feedback} />
      {waiting ? (
        <FormActions
          submit={current ? 'Change WhatsApp number' : 'Add WhatsApp number'}
          busy={busy}
          onCancel={onCancel}
        >
          <button type="button" className="gl-btn" onClick={send} disabled={busy}>
            Send the code again
          </button>
        </FormActions>
      ) : (
        <FormActions submit="Send a code" busyLabel="Sending…" busy={busy} onCancel={onCancel} />
      )}
    </form>
  );
}

function LoadErrorText() {
  return <p className="acc-field__error">We could not load the country codes. Close this form and open it again.</p>;
}

/** The sign-in password: the current one, then the new one twice. Other devices are signed out. */
export function PasswordSettings({ hasPassword }: { hasPassword: boolean }) {
  const id = useId();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ current?: string; next?: string; confirm?: string }>({});
  const { busy, feedback, setFeedback, run } = useAction();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const rules = validateResetPassword(next, confirm);
    const found = {
      current: current === '' ? validatePassword('') : undefined,
      next: rules.newPassword,
      confirm: rules.confirmPassword,
    };
    setErrors(found);
    if (found.current || found.next || found.confirm)
      return setFeedback({ kind: 'error', text: rules.form ?? found.current! });
    const ok = await run(async () => {
      await changePassword(current, next);
      return 'Your password is changed. Any other device signed in to your account has been signed out.';
    }, 'We could not change your password. Please try again.');
    if (ok) {
      setCurrent('');
      setNext('');
      setConfirm('');
    }
  };

  // The error sits beside the label, not inside it, so it is announced as a description, not the name.
  const field = (
    key: 'current' | 'next' | 'confirm',
    label: string,
    value: string,
    set: (v: string) => void,
    auto: string,
  ) => (
    <div className="acc-field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <input
        id={`${id}-${key}`}
        type="password"
        autoComplete={auto}
        value={value}
        disabled={busy}
        aria-invalid={Boolean(errors[key])}
        aria-describedby={errors[key] ? `${id}-${key}-error` : undefined}
        onChange={(e) => set(e.target.value)}
      />
      {errors[key] && (
        <span id={`${id}-${key}-error`} className="acc-field__error">
          {errors[key]}
        </span>
      )}
    </div>
  );

  return (
    <section className="acc-fieldset" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Password</h2>
      {hasPassword ? (
        <form className="acc-form" onSubmit={submit} noValidate>
          {field('current', 'Current password', current, setCurrent, 'current-password')}
          <div className="acc-grid acc-grid--2">
            {field('next', 'New password', next, setNext, 'new-password')}
            {field('confirm', 'Repeat the new password', confirm, setConfirm, 'new-password')}
          </div>
          <FormMessage feedback={feedback} />
          <FormActions submit="Change password" busyLabel="Changing…" busy={busy} />
        </form>
      ) : (
        <p className="acc-muted" style={{ margin: 0 }}>
          You sign in with Google, Facebook or Apple, so your account has no password. To add one, sign out and use
          “Forgot Password?” on the login page with your e-mail address or WhatsApp number. Changes to your e-mail,
          WhatsApp, transaction password and payout accounts ask for it.
        </p>
      )}
    </section>
  );
}
