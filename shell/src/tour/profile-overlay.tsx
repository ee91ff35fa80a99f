// After an OTP sign-up (SPEC §4: Home with showProfileOverlay=true) the new seller is asked for the
// name the greeting uses; "Skip for now" keeps the default. The photo is for Settings, later.
// Either way the product tour follows.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { errorMessage, NICKNAME_MAX_LENGTH, PRODUCT_NAME, useStores, validateNickname } from '@giftlane/shared-sdk';
import { ErrorReference, errorRef } from '@giftlane/shared-sdk/error-reference';

export default function ProfileOverlay({ onDone }: { onDone: () => void }) {
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const [reference, setReference] = useState<string>();
  const [busy, setBusy] = useState(false);
  const { user } = useStores();

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal?.();
  }, []);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const problem = validateNickname(name);
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    setError(undefined);
    setReference(undefined);
    try {
      // The greeting reads the session's user: the store reloads it with the new name.
      await user.rename(name.trim());
      onDone();
    } catch (err) {
      setError(errorMessage(err, 'We could not save your nickname. Please try again.'));
      setReference(errorRef(err));
      setBusy(false);
    }
  };

  return (
    <dialog
      ref={ref}
      className="gl-dialog gl-profile"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onCancel={(e) => {
        // Escape is the same as "Skip for now".
        e.preventDefault();
        if (!busy) onDone();
      }}
    >
      <form onSubmit={save} noValidate>
        <h2 id={`${id}-title`} className="gl-profile__title">
          Welcome to {PRODUCT_NAME}!
        </h2>
        <p id={`${id}-text`} className="gl-dialog__text">
          What should we call you? Your nickname is how we greet you in the app. You can add a photo later in Settings.
        </p>
        <label className="gl-profile__field" htmlFor={`${id}-nickname`}>
          Nickname
        </label>
        <input
          id={`${id}-nickname`}
          className="gl-profile__input"
          value={name}
          maxLength={NICKNAME_MAX_LENGTH}
          autoComplete="nickname"
          autoFocus
          disabled={busy}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => {
            setName(e.target.value);
            setError(undefined);
          }}
        />
        {error && (
          <p id={`${id}-error`} className="gl-dialog__error" role="alert">
            {error}
          </p>
        )}
        {error && <ErrorReference reference={reference} />}
        <div className="gl-dialog__actions">
          <button type="button" className="gl-btn" onClick={onDone} disabled={busy}>
            Skip for now
          </button>
          <button type="submit" className="gl-btn gl-btn--primary" disabled={busy}>
            {busy ? 'Saving…' : 'Save'}
          </button>
        </div>
      </form>
    </dialog>
  );
}
