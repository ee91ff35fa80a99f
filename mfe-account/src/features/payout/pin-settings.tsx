// The withdrawal PIN (transaction password): set the first one, change it, or reset a forgotten one
// with a code e-mailed to the bound address (which also lifts a lock from wrong tries). The rule and
// its words come from the SDK's validation module, the same the api checks with. Once a PIN is set the
// section says so (and how it was just set or changed) and offers the change and the reset, rather than an
// empty change form.
import { errorRef } from '@giftlane/shared-sdk/error-reference';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { errorMessage, pinInput, validateNewPin, validatePin, VALIDATION_MESSAGES } from '@giftlane/shared-sdk';
import { FormMessage } from '../../lib/form-message';
import { LoginPasswordField } from '../../lib/login-password';
import { savePin, sendPinResetCode } from './api';

type Mode = 'set' | 'done' | 'change' | 'reset';

export function PinSettings({
  hasPin,
  emailBound,
  onSet,
}: {
  hasPin: boolean;
  emailBound: boolean;
  /** Told when the first PIN is set here (the payout-account form then asks for it). */
  onSet?: () => void;
}) {
  const id = useId();
  const [mode, setMode] = useState<Mode>(hasPin ? 'done' : 'set');
  // Set elsewhere on the page (with the first payout account): nothing left to set here.
  useEffect(() => {
    if (hasPin) setMode((m) => (m === 'set' ? 'done' : m));
  }, [hasPin]);
  const [current, setCurrent] = useState('');
  const [pin, setPin] = useState('');
  const [confirm, setConfirm] = useState('');
  const [code, setCode] = useState('');
  const [loginPassword, setLoginPassword] = useState('');
  const [codeSent, setCodeSent] = useState(false);
  const [state, setState] = useState<
    { status: 'idle' | 'busy' } | { status: 'error' | 'ok'; text: string; reference?: string }
  >({ status: 'idle' });
  const busy = state.status === 'busy';

  const clear = () => {
    setCurrent('');
    setPin('');
    setConfirm('');
    setCode('');
    setLoginPassword('');
  };

  const openForm = (next: Mode) => {
    clear();
    setCodeSent(false);
    setMode(next);
    setState({ status: 'idle' });
  };

  const sendCode = async () => {
    setState({ status: 'busy' });
    try {
      await sendPinResetCode(loginPassword);
      setCodeSent(true);
      setState({ status: 'ok', text: 'We e-mailed you a 4-digit code. It is valid for 10 minutes.' });
    } catch (error) {
      setState({
        status: 'error',
        text: errorMessage(error, 'We could not send the code. Please try again.'),
        reference: errorRef(error),
      });
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (mode === 'done') return;
    const problem =
      (mode === 'change' ? validatePin(current) && `Current: ${VALIDATION_MESSAGES.pinFormat}` : undefined) ||
      (mode === 'reset' && !/^\d{4}$/.test(code) ? 'Enter the 4-digit code from the e-mail.' : undefined) ||
      validateNewPin(pin, confirm);
    if (problem) return setState({ status: 'error', text: problem });
    setState({ status: 'busy' });
    try {
      await savePin(mode, { pin, current, code, loginPassword });
      clear();
      setCodeSent(false);
      setMode('done');
      if (mode === 'set') onSet?.();
      setState({
        status: 'ok',
        text: mode === 'set' ? 'Your transaction password is set.' : 'Your transaction password is changed.',
      });
    } catch (error) {
      setState({
        status: 'error',
        text: errorMessage(error, 'That did not work. Please try again.'),
        reference: errorRef(error),
      });
    }
  };

  const pinField = (label: string, value: string, set: (v: string) => void, auto: string) => (
    <label className="acc-field">
      {label}
      <input
        type="password"
        inputMode="numeric"
        autoComplete={auto}
        maxLength={6}
        value={value}
        disabled={busy}
        onChange={(e) => set(pinInput(e.target.value))}
      />
    </label>
  );

  return (
    <section className="acc-fieldset" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Transaction password</h2>
      <p className="acc-muted" style={{ margin: 0 }}>
        Six digits you enter for every withdrawal. After 5 wrong tries withdrawals lock for 24 hours; a reset by e-mail
        unlocks them. For your safety, withdrawals wait for a while after the transaction password is changed or reset.
      </p>
      {mode === 'done' ? (
        <>
          {state.status === 'ok' ? (
            <FormMessage feedback={{ kind: 'ok', text: state.text }} />
          ) : (
            <p className="acc-muted" style={{ margin: 0 }}>
              Your transaction password is set.
            </p>
          )}
          <div className="acc-actions">
            <button type="button" className="gl-btn" onClick={() => openForm('change')}>
              Change transaction password
            </button>
            {emailBound && (
              <button type="button" className="gl-btn" onClick={() => openForm('reset')}>
                Forgot it?
              </button>
            )}
          </div>
          {!emailBound && (
            <p className="acc-muted">
              To reset a forgotten transaction password, bind an e-mail address to your account.
            </p>
          )}
        </>
      ) : (
        <form className="acc-form" onSubmit={submit} noValidate>
          <LoginPasswordField value={loginPassword} onChange={setLoginPassword} disabled={busy} />
          {mode === 'change' && pinField('Current transaction password', current, setCurrent, 'current-password')}
          {mode === 'reset' && (
            <>
              <div className="acc-actions">
                <button type="button" className="gl-btn" onClick={sendCode} disabled={busy}>
                  {codeSent ? 'Send the code again' : 'E-mail me a code'}
                </button>
              </div>
              <label className="acc-field">
                Code from the e-mail
                <input
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={4}
                  value={code}
                  disabled={busy}
                  onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 4))}
                />
              </label>
            </>
          )}
          <div className="acc-grid acc-grid--2">
            {pinField(
              mode === 'set' ? 'Choose a transaction password' : 'New transaction password',
              pin,
              setPin,
              'new-password',
            )}
            {pinField('Repeat it', confirm, setConfirm, 'new-password')}
          </div>
          <FormMessage
            feedback={
              state.status === 'error'
                ? { kind: 'error', text: state.text, reference: state.reference }
                : state.status === 'ok'
                  ? { kind: 'ok', text: state.text }
                  : undefined
            }
          />
          <div className="acc-actions">
            <button type="submit" className="gl-btn gl-btn--primary" disabled={busy}>
              {mode === 'set'
                ? 'Set transaction password'
                : mode === 'change'
                  ? 'Change transaction password'
                  : 'Reset transaction password'}
            </button>
            {mode === 'change' && emailBound && (
              <button type="button" className="gl-btn" onClick={() => openForm('reset')}>
                Forgot it?
              </button>
            )}
            {mode !== 'set' && (
              <button type="button" className="gl-btn" onClick={() => openForm('done')}>
                Cancel
              </button>
            )}
          </div>
        </form>
      )}
    </section>
  );
}
