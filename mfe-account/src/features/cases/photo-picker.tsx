// Photos for a case message: picked from the phone, listed by name, each removable.
import { useId } from 'react';
import { MAX_PHOTOS } from './case-model';

export function PhotoPicker({
  files,
  onChange,
  disabled,
}: {
  files: File[];
  onChange: (files: File[]) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="acc-field">
      <span id={`${id}-label`}>Photos (optional, up to {MAX_PHOTOS})</span>
      <label className="acc-file">
        <input
          type="file"
          accept="image/jpeg,image/png"
          multiple
          aria-labelledby={`${id}-label`}
          disabled={disabled || files.length >= MAX_PHOTOS}
          onChange={(e) => {
            onChange([...files, ...Array.from(e.target.files ?? [])]);
            e.target.value = '';
          }}
        />
        <span className="gl-btn">Add photos</span>
      </label>
      {files.length > 0 && (
        <ul className="acc-bullets">
          {files.map((f, i) => (
            <li key={`${f.name}-${i}`}>
              {f.name}{' '}
              <button
                type="button"
                className="acc-link-btn"
                onClick={() => onChange(files.filter((_, j) => j !== i))}
                disabled={disabled}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
