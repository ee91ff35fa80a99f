import { useEffect, useRef, useState } from 'react';
import { MESSAGES, useStores } from '@giftlane/shared-sdk';

/** SPEC §2/§4: confirm, call logout, then /login with session storage cleared — or say it failed. */
export function LogoutDialog({ onCancel, onLoggedOut }: { onCancel: () => void; onLoggedOut: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal?.();
  }, []);
  const { session } = useStores();
  const logout = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await session.logout();
      onLoggedOut();
    } catch {
      setError(MESSAGES.logoutFailed);
      setBusy(false);
    }
  };
  return (
    <dialog ref={ref} className="gl-dialog" aria-labelledby="logout-title" onCancel={onCancel}>
      <p id="logout-title" className="gl-dialog__text">
        Do you wish to logout from this account?
      </p>
      {error && (
        <p className="gl-dialog__error" role="alert">
          {error}
        </p>
      )}
      <div className="gl-dialog__actions">
        <button type="button" className="gl-btn" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        <button type="button" className="gl-btn gl-btn--danger" onClick={logout} disabled={busy}>
          {busy ? 'Logging out…' : 'Logout'}
        </button>
      </div>
    </dialog>
  );
}
