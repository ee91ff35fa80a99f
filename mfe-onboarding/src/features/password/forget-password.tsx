// SPEC §2 "Forgot password", §4, §5 "Forgot password", §8 "Send code" and "Reset".
import { useState, type FormEvent } from 'react';
import {
  CODE_SEND_ERROR_MESSAGE,
  CODE_SEND_FAILED_MESSAGE,
  CODE_SENT_MESSAGE,
  phoneInput,
  recoveryCodeInput,
  RESET_ERROR_MESSAGE,
  RESET_FAILED_MESSAGE,
  validateForgotPassword,
  validateForgotPasswordSend,
} from '@giftlane/shared-sdk';
import { FormAlert, PasswordField, TextField } from '../../components/fields';
import { BackButton, ViewHeading } from '../../components/heading';
import { DialCodePicker, defaultDialCode } from '../../components/dial-code-picker';
import { useCountries } from '../../lib/public-data';
import { useCountdown } from '../../lib/use-countdown';
import { failureOf, failureText, type Failure } from '../../lib/failure';
import type { RecoveryMethod, ViewProps } from '../../lib/view-props';
import { resetPassword, sendRecoveryCode } from './recovery';
import { e164 } from '../../lib/phone';

export function ForgetPassword({ go, flow }: ViewProps) {
  const countries = useCountries();
  const [method, setMethod] = useState<RecoveryMethod>(flow.recovery?.method ?? 'email');
  const [email, setEmail] = useState(flow.recovery?.method === 'email' ? flow.recovery.address : '');
  const [whatsapp, setWhatsapp] = useState('');
  const [dialCode, setDialCode] = useState<string>();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [sendError, setSendError] = useState<string>();
  const [failure, setFailure] = useState<string | Failure>();
  const [sending, setSending] = useState(false);
  // Where the last code went (kept when coming back from the code screen).
  const [sentTo, setSentTo] = useState(flow.recovery);
  const [busy, setBusy] = useState(false);
  const countdown = useCountdown();
  const dial = dialCode ?? defaultDialCode(countries);
  /** The address the code goes to: the e-mail, or the number in E.164 read with the picker's dial code. */
  const addressOf = async () => (method === 'email' ? email.trim() : ((await e164(whatsapp, [dial])) ?? ''));

  async function send() {
    setFailure(undefined);
    const problem = validateForgotPasswordSend({ method, email, whatsapp });
    setSendError(problem);
    if (problem) return;
    setSending(true);
    const address = await addressOf();
    const result = await sendRecoveryCode(method, address);
    setSending(false);
    if (result.ok) {
      setSentTo({ method, address });
      countdown.restart();
    } else setSendError(failureText(result.error, CODE_SEND_FAILED_MESSAGE, CODE_SEND_ERROR_MESSAGE));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = validateForgotPassword({ method, email, whatsapp, code, password });
    setFailure(problem);
    if (problem) return;
    setBusy(true);
    const result = await resetPassword(method, await addressOf(), code, password);
    setBusy(false);
    if (result.ok) go('PasswordStatus', { status: 'success', recovery: undefined });
    else setFailure(failureOf(result.error, RESET_FAILED_MESSAGE, RESET_ERROR_MESSAGE));
  }

  function switchTo(next: RecoveryMethod) {
    setMethod(next);
    setSendError(undefined);
    setFailure(undefined);
  }

  return (
    <>
      <BackButton onClick={() => go('LoginForm')} label="Back to login" />
      <ViewHeading sub="We will send a 4-digit recovery code to your e-mail or WhatsApp.">Forgot Password</ViewHeading>
      <div className="ob-toggle" role="tablist" aria-label="Recover with">
        {(
          [
            ['email', 'Email'],
            ['whatsapp', 'WhatsApp'],
          ] as const
        ).map(([value, label]) => (
          <button
            key={value}
            type="button"
            role="tab"
            aria-selected={method === value}
            className={`ob-toggle__btn${method === value ? ' ob-toggle__btn--on' : ''}`}
            onClick={() => switchTo(value)}
          >
            {label}
          </button>
        ))}
      </div>
      <form className="ob-form" method="post" onSubmit={submit} noValidate>
        {method === 'email' ? (
          <TextField
            label="Email Address"
            type="email"
            autoComplete="email"
            inputMode="email"
            autoCapitalize="off"
            spellCheck={false}
            placeholder="you@example.com"
            value={email}
            onValue={setEmail}
            error={sendError}
          />
        ) : (
          <TextField
            label="WhatsApp Number"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            placeholder="8012345678"
            value={whatsapp}
            onValue={(v) => setWhatsapp(phoneInput(v))}
            error={sendError}
            prefix={<DialCodePicker countries={countries} value={dial} onValue={setDialCode} />}
          />
        )}
        <TextField
          label="Recovery Code"
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder="4-digit code"
          maxLength={4}
          value={code}
          onValue={(v) => setCode(recoveryCodeInput(v))}
          addon={
            <button
              type="button"
              className="ob-addon-btn ob-addon-btn--send"
              onClick={() => void send()}
              disabled={sending || countdown.left > 0}
            >
              {countdown.left > 0 ? `${countdown.left}s` : 'Send'}
            </button>
          }
        />
        {/* Said here, by the code field, not in a toast over the back arrow. */}
        <p className="ob-sent" role="status">
          {sentTo && countdown.left > 0 ? CODE_SENT_MESSAGE : ''}
        </p>
        {sentTo ? (
          <p className="ob-hint">
            Prefer one step at a time?{' '}
            <button type="button" className="ob-link" onClick={() => go('ForgetOtp', { recovery: sentTo })}>
              Enter the code on its own screen
            </button>
          </p>
        ) : null}
        <PasswordField label="New Password" autoComplete="new-password" value={password} onValue={setPassword} />
        <FormAlert message={failure} />
        <button type="submit" className="ob-btn ob-btn--primary ob-btn--block" disabled={busy} aria-busy={busy}>
          Continue
        </button>
      </form>
    </>
  );
}
