// Signed-in devices in Settings: each with its device, a rough place (the address with its host
// part hidden) and when it was last used; sign one out, or sign out everywhere (this device too).
import { useId, useState } from 'react';
import { formatDateTime, Loading, LoadError, useData, type SessionInfo } from '@giftlane/shared-sdk';
import { useNavigate } from '@giftlane/shared-sdk/router';
import { failure, FormMessage, type Feedback } from '../../lib/form-message';
import { mySessions, signOutDevice, signOutEverywhere } from './api';

export function SessionsSettings() {
  const id = useId();
  const navigate = useNavigate();
  const sessions = useData(mySessions, []);
  const [busy, setBusy] = useState<string | null>(null);
  const [feedback, setFeedback] = useState<Feedback>(undefined);
  const [confirming, setConfirming] = useState(false);
  // Devices signed out here leave the list at once (no reload, no flicker).
  const [gone, setGone] = useState<ReadonlySet<string>>(new Set());

  const revoke = async (s: SessionInfo) => {
    setBusy(s.session_id);
    setFeedback(undefined);
    try {
      await signOutDevice(s.session_id);
      setFeedback({ kind: 'ok', text: `${s.device} is signed out.` });
      setGone((g) => new Set(g).add(s.session_id));
    } catch (error) {
      setFeedback(failure(error, 'We could not sign that device out. Please try again.'));
    } finally {
      setBusy(null);
    }
  };

  const everywhere = async () => {
    setBusy('all');
    setFeedback(undefined);
    try {
      // This device's token ends too: it is forgotten, and the sign-in page follows.
      await signOutEverywhere();
      navigate('/login', { replace: true });
    } catch (error) {
      setFeedback(failure(error, 'We could not sign you out everywhere. Please try again.'));
      setBusy(null);
    }
  };

  return (
    <section className="acc-fieldset" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Signed-in devices</h2>
      <p className="acc-muted" style={{ margin: 0 }}>
        If you see a device you do not know, sign it out and change your password.
      </p>
      {sessions.status === 'loading' && <Loading label="Loading your devices…" lines={2} />}
      {sessions.status === 'error' && <LoadError error={sessions.error} retry={sessions.retry} what="your devices" />}
      {sessions.status === 'ready' && (
        <ul className="acc-list" aria-label="Signed-in devices">
          {sessions.data
            .filter((s) => !gone.has(s.session_id))
            .map((s) => (
              <li key={s.session_id} className="acc-session">
                <div className="acc-session__text">
                  <strong>
                    {s.device}
                    {s.current && <span className="acc-session__this"> · this device</span>}
                  </strong>
                  <span className="acc-muted">
                    {s.place} · last used {formatDateTime(s.last_seen_time)}
                  </span>
                </div>
                {!s.current && (
                  <button
                    type="button"
                    className="gl-btn"
                    disabled={busy !== null}
                    aria-label={`Sign out ${s.device}, last used ${formatDateTime(s.last_seen_time)}`}
                    onClick={() => void revoke(s)}
                  >
                    {busy === s.session_id ? 'Signing out…' : 'Sign out'}
                  </button>
                )}
              </li>
            ))}
        </ul>
      )}
      <FormMessage feedback={feedback} />
      {confirming ? (
        <div className="acc-note" role="group" aria-label="Sign out everywhere">
          <p style={{ marginTop: 0 }}>
            Every device will be signed out, this one too. You will need your password to sign in again.
          </p>
          <div className="acc-actions">
            <button
              type="button"
              className="gl-btn gl-btn--primary"
              disabled={busy !== null}
              onClick={() => void everywhere()}
            >
              {busy === 'all' ? 'Signing out…' : 'Yes, sign out everywhere'}
            </button>
            <button type="button" className="gl-btn" disabled={busy !== null} onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </div>
        </div>
      ) : (
        <div className="acc-actions">
          <button type="button" className="gl-btn" onClick={() => setConfirming(true)}>
            Sign out everywhere
          </button>
        </div>
      )}
    </section>
  );
}
