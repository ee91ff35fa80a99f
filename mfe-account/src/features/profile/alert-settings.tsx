// Updates about the seller's money in Settings: an order decided or late, a payout, an offer, an
// appeal or a reply from us also goes to the verified e-mail address and WhatsApp number, each on
// unless turned off here (the app's own notices and push always come).
import { useId, useState } from 'react';
import { Loading, LoadError, useData, type AlertChannels } from '@giftlane/shared-sdk';
import { failure, FormMessage, type Feedback } from '../../lib/form-message';
import { myAlertChannels, saveAlertChannels } from './api';

export function AlertSettings() {
  const id = useId();
  const channels = useData(myAlertChannels, []);
  const [saved, setSaved] = useState<AlertChannels | null>(null);
  const [busy, setBusy] = useState(false);
  const [feedback, setFeedback] = useState<Feedback>(undefined);
  const now = saved ?? (channels.status === 'ready' ? channels.data : null);

  const toggle = async (which: 'email' | 'whatsapp', on: boolean) => {
    if (!now) return;
    setBusy(true);
    setFeedback(undefined);
    try {
      const next = await saveAlertChannels({
        email_on: which === 'email' ? on : now.email_on,
        whatsapp_on: which === 'whatsapp' ? on : now.whatsapp_on,
      });
      setSaved(next);
      const name = which === 'email' ? 'E-mail' : 'WhatsApp';
      setFeedback({ kind: 'ok', text: `${name} updates are ${on ? 'on' : 'off'}.` });
    } catch (error) {
      setFeedback(failure(error, 'We could not save that. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  const row = (which: 'email' | 'whatsapp', label: string, address: string, verified: boolean, on: boolean) => (
    <li className="acc-session">
      <label className="acc-session__text" style={{ flexDirection: 'row', gap: 10, alignItems: 'flex-start' }}>
        <input
          type="checkbox"
          checked={verified && on}
          disabled={busy || !verified}
          onChange={(e) => void toggle(which, e.target.checked)}
        />
        <span>
          <strong>{label}</strong>
          <br />
          <span className="acc-muted" style={{ overflowWrap: 'anywhere' }}>
            {verified ? address : address ? `${address} — verify it above to get updates there` : 'Not added yet'}
          </span>
        </span>
      </label>
    </li>
  );

  return (
    <section className="acc-fieldset" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Updates about your money</h2>
      <p className="acc-muted" style={{ margin: 0 }}>
        When an order is decided or running late, a payout is sent, we make you an offer or answer your question, we
        tell you here in the app, and also:
      </p>
      {channels.status === 'loading' && <Loading label="Loading your update settings…" lines={2} />}
      {channels.status === 'error' && (
        <LoadError error={channels.error} retry={channels.retry} what="your update settings" />
      )}
      {now && (
        <ul className="acc-list" aria-label="Where we send updates">
          {row('email', 'By e-mail', now.email, now.email_verified, now.email_on)}
          {row('whatsapp', 'By WhatsApp', now.whatsapp, now.whatsapp_verified, now.whatsapp_on)}
        </ul>
      )}
      <FormMessage feedback={feedback} />
    </section>
  );
}
