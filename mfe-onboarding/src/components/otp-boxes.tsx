// Four single-digit boxes (SPEC §2, §5): digits only, typing moves forward, Backspace or Delete
// clears a box and moves back, a pasted 4-digit code fills them all.
import { useRef, type ClipboardEvent, type KeyboardEvent, type RefObject } from 'react';
import { digitsOnly, OTP_LENGTH, otpBoxValue } from '@giftlane/shared-sdk';

interface OtpBoxesProps {
  value: string[];
  onValue: (boxes: string[]) => void;
  error?: string;
  errorId: string;
  label?: string;
  /** Holds the first box, for the form to focus it (after a wrong code, to type it again). */
  firstRef?: RefObject<HTMLInputElement | null>;
}

export function OtpBoxes({ value, onValue, error, errorId, label = 'Verification code', firstRef }: OtpBoxesProps) {
  const refs = useRef<(HTMLInputElement | null)[]>([]);
  const focus = (i: number) => refs.current[Math.max(0, Math.min(OTP_LENGTH - 1, i))]?.focus();

  function set(i: number, typed: string) {
    const digits = digitsOnly(typed);
    if (digits.length > 1) {
      // Autofill or paste into one box: spread the digits from here on.
      const next = [...value];
      for (let k = 0; k < digits.length && i + k < OTP_LENGTH; k++) next[i + k] = digits[k]!;
      onValue(next);
      focus(Math.min(i + digits.length, OTP_LENGTH - 1));
      return;
    }
    const next = [...value];
    next[i] = otpBoxValue(typed);
    onValue(next);
    if (next[i]) focus(i + 1);
  }

  function key(i: number, event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Backspace' || event.key === 'Delete') {
      event.preventDefault();
      const next = [...value];
      if (next[i]) {
        next[i] = '';
        onValue(next);
      } else if (i > 0) {
        next[i - 1] = '';
        onValue(next);
      }
      focus(i - 1);
    } else if (event.key === 'ArrowLeft') focus(i - 1);
    else if (event.key === 'ArrowRight') focus(i + 1);
  }

  function paste(event: ClipboardEvent<HTMLInputElement>) {
    const digits = digitsOnly(event.clipboardData.getData('text')).slice(0, OTP_LENGTH);
    if (!digits) return;
    event.preventDefault();
    onValue(Array.from({ length: OTP_LENGTH }, (_, k) => digits[k] ?? ''));
    focus(digits.length - 1);
  }

  return (
    <fieldset className="ob-otp" aria-describedby={error ? errorId : undefined}>
      <legend className="ob-label">{label}</legend>
      <div className="ob-otp__row">
        {Array.from({ length: OTP_LENGTH }, (_, i) => (
          <input
            key={i}
            ref={(el) => {
              refs.current[i] = el;
              if (i === 0 && firstRef) firstRef.current = el;
            }}
            className={`ob-otp__box${error ? ' ob-otp__box--error' : ''}`}
            inputMode="numeric"
            autoComplete={i === 0 ? 'one-time-code' : 'off'}
            pattern="[0-9]*"
            aria-label={`Digit ${i + 1} of ${OTP_LENGTH}`}
            aria-invalid={error ? true : undefined}
            value={value[i] ?? ''}
            onChange={(e) => set(i, e.target.value)}
            onKeyDown={(e) => key(i, e)}
            onPaste={paste}
            onFocus={(e) => e.target.select()}
          />
        ))}
      </div>
    </fieldset>
  );
}

export const emptyOtp = (): string[] => Array.from({ length: OTP_LENGTH }, () => '');
