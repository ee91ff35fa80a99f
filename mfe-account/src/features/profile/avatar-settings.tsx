// The profile photo in Settings: picked from the phone, checked at once (JPG or PNG, at most 5 MB:
// the same rule card photos follow), uploaded through the presigned upload (order/obsUrl, one PUT)
// and set with account/avatar. The navbar shows it at once (the one session store is reloaded).
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { type User } from '@giftlane/shared-sdk';
import { failure, FormMessage, type Feedback } from '../../lib/form-message';
import { checkPhotos, PHOTO_RULES } from '../../lib/photos';
import { uploadPhoto, UploadError } from '../../lib/upload';
import { makeAvatar } from './api';

export const AVATAR_MESSAGES = {
  changed: 'Your photo is changed.',
  failed: 'We could not change your photo. Please try again.',
} as const;

/** Uploads the picture and makes it the avatar; answers its public URL. */
export async function setAvatar(file: File): Promise<string> {
  const url = await uploadPhoto(file);
  await makeAvatar(url);
  return url;
}

export function AvatarSettings({ user }: { user: User }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [avatar, setShown] = useState(user.avatar || '');
  const [busy, setBusy] = useState(false);
  const [feedback, setFeedback] = useState<Feedback>(undefined);

  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    // Checked when picked, before anything is sent.
    const { errors } = await checkPhotos([file], 0);
    if (errors.length) return setFeedback({ kind: 'error', text: errors[0]! });
    setBusy(true);
    setFeedback(undefined);
    try {
      setShown(await setAvatar(file));
      setFeedback({ kind: 'ok', text: AVATAR_MESSAGES.changed });
    } catch (error) {
      setFeedback(
        error instanceof UploadError ? { kind: 'error', text: error.message } : failure(error, AVATAR_MESSAGES.failed),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="acc-fieldset" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Photo</h2>
      <div className="acc-avatar">
        {avatar ? (
          <img className="acc-avatar__img" src={avatar} alt="Your photo" width="64" height="64" />
        ) : (
          <span className="acc-avatar__img acc-avatar__img--none" role="img" aria-label="No photo yet" />
        )}
        <div className="acc-avatar__pick">
          {/* The button below opens it: out of the tab order and of the accessibility tree, so focus
              never lands on an invisible control. */}
          <input
            ref={input}
            id={`${id}-file`}
            className="acc-sr"
            type="file"
            tabIndex={-1}
            aria-hidden="true"
            accept={PHOTO_RULES.accept}
            disabled={busy}
            onChange={(e) => void pick(e)}
          />
          <button
            type="button"
            className="gl-btn"
            disabled={busy}
            aria-busy={busy}
            onClick={() => input.current?.click()}
          >
            {busy ? 'Uploading…' : avatar ? 'Change photo' : 'Add a photo'}
          </button>
          <span className="acc-field__hint">
            {PHOTO_RULES.kinds}, up to {PHOTO_RULES.sizeText}.
          </span>
        </div>
      </div>
      <FormMessage feedback={feedback} />
    </section>
  );
}
