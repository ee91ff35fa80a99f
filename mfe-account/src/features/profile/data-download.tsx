// "Download my data" (NDPA 2023): everything GiftLane keeps about the seller, as a JSON
// file saved on the phone. Secrets are never in it and ID numbers are masked.
import { useId, useState } from 'react';
import { failure, FormMessage, type Feedback } from '../../lib/form-message';
import { myData } from './api';

export function DataDownload() {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [feedback, setFeedback] = useState<Feedback>(undefined);
  const download = async () => {
    setBusy(true);
    setFeedback(undefined);
    try {
      const data = await myData();
      const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = `giftlane-my-data-${new Date().toISOString().slice(0, 10)}.json`;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      setFeedback({ kind: 'ok', text: 'Your data is downloaded.' });
    } catch (error) {
      setFeedback(failure(error, 'We could not prepare your data. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="acc-fieldset" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Your data</h2>
      <p className="acc-muted">
        A copy of everything we keep about you: profile, verification (ID numbers masked), payout accounts, orders,
        withdrawals, wallet entries, sign-ins and messages.
      </p>
      <div className="acc-actions">
        <button type="button" className="gl-btn" disabled={busy} aria-busy={busy} onClick={() => void download()}>
          {busy ? 'Preparing…' : 'Download my data'}
        </button>
      </div>
      <FormMessage feedback={feedback} />
    </section>
  );
}
