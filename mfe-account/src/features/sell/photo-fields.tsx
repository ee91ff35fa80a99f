// Step 2 of the sell form: the card's photos (previews, each refusal named, remove) and its codes.
import type { ChangeEvent } from 'react';
import { PHOTO_RULES } from '../../lib/photos';
import type { Photo } from './submit';

export interface PhotoFieldsProps {
  id: string;
  photos: Photo[];
  photoErrors: string[];
  memo: string;
  busy: boolean;
  onPick: (e: ChangeEvent<HTMLInputElement>) => void;
  onRemove: (photo: Photo) => void;
  onMemo: (memo: string) => void;
}

export function PhotoFields({ id, photos, photoErrors, memo, busy, onPick, onRemove, onMemo }: PhotoFieldsProps) {
  return (
    <>
      <p className="acc-muted" id={`${id}-photo-hint`}>
        Clear photos of the front and back (and the receipt if your card form needs one). {PHOTO_RULES.kinds}, up to{' '}
        {PHOTO_RULES.sizeText} each, {PHOTO_RULES.maxCount} photos at most.
      </p>
      {photos.length > 0 && (
        <ul className="acc-photos" aria-label="Photos to send">
          {photos.map((p, i) => (
            <li key={p.id} className="acc-photo">
              <img src={p.preview} alt={`Photo ${i + 1}: ${p.file.name}`} />
              <button
                type="button"
                onClick={() => onRemove(p)}
                disabled={busy}
                aria-label={`Remove photo ${i + 1} (${p.file.name})`}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="acc-actions">
        <label className="acc-file">
          <input
            type="file"
            accept={PHOTO_RULES.accept}
            multiple
            onChange={onPick}
            disabled={busy || photos.length >= PHOTO_RULES.maxCount}
            aria-describedby={`${id}-photo-hint`}
          />
          <span className="gl-btn">{photos.length ? 'Add more photos' : 'Add photos'}</span>
        </label>
        <span className="acc-muted" aria-live="polite">
          {photos.length} of {PHOTO_RULES.maxCount} photos
        </span>
      </div>
      {photoErrors.length > 0 && (
        <ul className="acc-error-text" role="alert">
          {photoErrors.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
      <label className="acc-field">
        <span>Card codes (optional if the photo shows the code)</span>
        <textarea
          value={memo}
          maxLength={2000}
          placeholder="One code per line, e.g. X4RT-9KLM-22QP"
          onChange={(e) => onMemo(e.target.value)}
        />
      </label>
    </>
  );
}
