// What a form says after an action: a failure as an alert (read out at once), a success as a status in a
// green box (never grey helper text); and the row of buttons a form ends with.
import type { ReactNode } from 'react';
import { errorMessage } from '@giftlane/shared-sdk';
import { ErrorReference, errorRef } from '@giftlane/shared-sdk/error-reference';

/** An error carries the failed call's reference, shown small under its text. */
export type Feedback = { kind: 'error'; text: string; reference?: string } | { kind: 'ok'; text: string } | undefined;

/** What a form says when a call failed: the api's words (or the fallback) and the call's reference. */
export const failure = (error: unknown, fallback: string): Feedback => ({
  kind: 'error',
  text: errorMessage(error, fallback),
  reference: errorRef(error),
});

export function FormMessage({ feedback }: { feedback: Feedback }) {
  if (!feedback) return null;
  return feedback.kind === 'error' ? (
    <p role="alert" className="acc-field__error">
      {feedback.text}
      <ErrorReference reference={feedback.reference} />
    </p>
  ) : (
    <p role="status" className="acc-success acc-success--inline">
      {feedback.text}
    </p>
  );
}

/** A form's buttons: the submit (with its label while busy), any others, then Cancel when there is one. */
export function FormActions({
  submit,
  busyLabel,
  busy,
  onCancel,
  children,
}: {
  submit: string;
  busyLabel?: string;
  busy: boolean;
  onCancel?: () => void;
  children?: ReactNode;
}) {
  return (
    <div className="acc-actions">
      <button type="submit" className="gl-btn gl-btn--primary" disabled={busy}>
        {busy && busyLabel ? busyLabel : submit}
      </button>
      {children}
      {onCancel && (
        <button type="button" className="gl-btn" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
      )}
    </div>
  );
}
