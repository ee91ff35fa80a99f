// Plain inputs styled with the theme's CSS variables: antd's Form and Input would cost the visitor
// tens of kilobytes on the first page. Each field has a visible label, and its error is tied to it
// (aria-describedby, aria-invalid) and announced (role="alert").
import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { ErrorReference } from '@giftlane/shared-sdk/error-reference';
import type { Failure } from '../lib/failure';

export function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={id} className="ob-error" role="alert">
      {error}
    </p>
  ) : null;
}

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'prefix'> {
  label: string;
  value: string;
  onValue: (value: string) => void;
  error?: string;
  /** Shown after the input inside the same box (e.g. a show/hide or Send button). */
  addon?: ReactNode;
  /** Shown before the input inside the same box (e.g. the dial-code picker). */
  prefix?: ReactNode;
  hint?: string;
}

export function TextField({
  label,
  value,
  onValue,
  error,
  addon,
  prefix,
  hint,
  id,
  className,
  ...input
}: TextFieldProps) {
  const auto = useId();
  const inputId = id ?? auto;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [error ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`ob-field ${className ?? ''}`}>
      <label className="ob-label" htmlFor={inputId}>
        {label}
      </label>
      <div className={`ob-control${error ? ' ob-control--error' : ''}`}>
        {prefix}
        <input
          id={inputId}
          className="ob-input"
          value={value}
          onChange={(e) => onValue(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...input}
        />
        {addon}
      </div>
      {hint ? (
        <p id={hintId} className="ob-hint">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} error={error} />
    </div>
  );
}

type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'addon'>;

/** A password with a show/hide toggle (SPEC §2). */
export function PasswordField(props: PasswordFieldProps) {
  const [shown, setShown] = useState(false);
  return (
    <TextField
      {...props}
      type={shown ? 'text' : 'password'}
      autoCapitalize="off"
      spellCheck={false}
      addon={
        <button
          type="button"
          className="ob-addon-btn"
          aria-label={shown ? 'Hide password' : 'Show password'}
          aria-pressed={shown}
          onClick={() => setShown((s) => !s)}
        >
          {shown ? 'Hide' : 'Show'}
        </button>
      }
    />
  );
}

interface SelectFieldProps {
  label: string;
  value: string;
  onValue: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  options: { value: string; label: string }[];
  placeholder: string;
  disabled?: boolean;
}

/** A native select: the phone's own picker, no library. */
export function SelectField({
  label,
  value,
  onValue,
  onBlur,
  error,
  options,
  placeholder,
  disabled,
}: SelectFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="ob-field">
      <label className="ob-label" htmlFor={id}>
        {label}
      </label>
      <div className={`ob-control${error ? ' ob-control--error' : ''}`}>
        <select
          id={id}
          className="ob-input ob-select"
          value={value}
          disabled={disabled}
          onChange={(e) => onValue(e.target.value)}
          onBlur={onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        >
          <option value="">{placeholder}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      <FieldError id={errorId} error={error} />
    </div>
  );
}

/** A form-level message (server reply, network failure), announced when it appears. */
export function FormAlert({ message }: { message?: string | Failure }) {
  if (!message) return null;
  const { text, ref } = typeof message === 'string' ? { text: message, ref: undefined } : message;
  // The reference sits under the alert, not in it: the alert's words stay the api's message.
  return (
    <>
      <p className="ob-alert" role="alert">
        {text}
      </p>
      <ErrorReference reference={ref} />
    </>
  );
}
