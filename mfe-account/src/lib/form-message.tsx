// What a form says after an action: a failure as an alert (read out at once), a success as a status.
export type Feedback = { kind: 'error' | 'ok'; text: string } | undefined;

export function FormMessage({ feedback }: { feedback: Feedback }) {
  if (!feedback) return null;
  return feedback.kind === 'error' ? (
    <p role="alert" className="acc-field__error">
      {feedback.text}
    </p>
  ) : (
    <p role="status" className="acc-muted">
      {feedback.text}
    </p>
  );
}
