// The end of the sell form: why it cannot be sent yet or why sending failed, how far sending has
// got, and the button with the amount the order locks.
import { ErrorReference } from '@giftlane/shared-sdk/error-reference';
import { stepText, type SubmitState } from './sell-form-model';

export function SubmitBar({ formError, submit, label }: { formError: string; submit: SubmitState; label: string }) {
  const busy = submit.status === 'busy';
  return (
    <div className="acc-fieldset" style={{ gap: 10 }}>
      {formError && (
        <p className="acc-error" role="alert">
          {formError}
        </p>
      )}
      {submit.status === 'error' && (
        <div className="acc-error" role="alert">
          <p>
            {submit.message}
            <ErrorReference reference={submit.reference} />
          </p>
        </div>
      )}
      {submit.status === 'busy' && (
        <p className="acc-note" role="status">
          {stepText(submit.step)} Please keep this page open.
        </p>
      )}
      <button type="submit" className="gl-btn gl-btn--primary acc-submit" disabled={busy} aria-busy={busy}>
        {label}
      </button>
      <p className="acc-muted">
        Your choices are kept on this device if the page reloads; photos need to be added again.
      </p>
    </div>
  );
}
