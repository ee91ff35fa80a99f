// Closing the account from Settings (user/cancellation). The api refuses while money or open work
// remains (a balance to withdraw, a withdrawal paying out, an order in review) and says which, in
// words shown here as they come; it asks for the sign-in password when the account has one. Once
// closed, every session is gone: this tab forgets its own and goes to the public home.
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from '@giftlane/shared-sdk/router';
import { VALIDATION_MESSAGES, type User } from '@giftlane/shared-sdk';
import { failure, FormActions, FormMessage, type Feedback } from '../../lib/form-message';
import { closeAccount } from './api';

export const CLOSE_MESSAGES = {
  confirm: 'Tick the box to confirm you want to close your account.',
  failed: 'We could not close your account. Please try again.',
} as const;

export function CloseAccount({ user }: { user: User }) {
  const id = useId();
  const navigate = useNavigate();
  const hasPassword = !user.password_null;
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [sure, setSure] = useState(false);
  const [busy, setBusy] = useState(false);
  const [feedback, setFeedback] = useState<Feedback>(undefined);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (hasPassword && password === '')
      return setFeedback({ kind: 'error', text: VALIDATION_MESSAGES.passwordRequired });
    if (!sure) return setFeedback({ kind: 'error', text: CLOSE_MESSAGES.confirm });
    setBusy(true);
    setFeedback(undefined);
    try {
      // The api revokes every session: this one is forgotten, and the signed-in area left.
      await closeAccount(password);
      navigate('/home', { replace: true });
    } catch (error) {
      setFeedback(failure(error, CLOSE_MESSAGES.failed));
      setBusy(false);
    }
  };

  return (
    <section className="acc-fieldset" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Close account</h2>
      <p className="acc-muted">
        Closing your account signs you out everywhere and erases your profile. Withdraw your balance and wait for open
        orders and withdrawals to finish first. This cannot be undone.
      </p>
      {!open ? (
        <div className="acc-actions">
          <button type="button" className="gl-btn gl-btn--danger" onClick={() => setOpen(true)}>
            Close my account
          </button>
        </div>
      ) : (
        <form className="acc-form" onSubmit={submit} noValidate aria-label="Close my account">
          {hasPassword && (
            <label className="acc-field">
              Your password
              <input
                type="password"
                autoComplete="current-password"
                value={password}
                disabled={busy}
                aria-invalid={feedback?.kind === 'error' && password === ''}
                onChange={(e) => setPassword(e.target.value)}
              />
            </label>
          )}
          <label className="acc-check">
            <input type="checkbox" checked={sure} disabled={busy} onChange={(e) => setSure(e.target.checked)} />
            <span>I understand my account is closed for good.</span>
          </label>
          <FormMessage feedback={feedback} />
          <FormActions
            submit="Close my account for good"
            busyLabel="Closing…"
            busy={busy}
            onCancel={() => {
              setOpen(false);
              setPassword('');
              setSure(false);
              setFeedback(undefined);
            }}
          />
        </form>
      )}
    </section>
  );
}
