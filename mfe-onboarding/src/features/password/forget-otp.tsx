// SPEC §2 "Recovery code screen", §4 (ForgetOtp → ResetPassword, back → ForgetPassword), §5.
import { useState, type FormEvent } from 'react';
import { validateForgetOtp } from '@giftlane/shared-sdk';
import { FieldError } from '../../components/fields';
import { BackButton, ViewHeading } from '../../components/heading';
import { emptyOtp, OtpBoxes } from '../../components/otp-boxes';
import type { ViewProps } from '../../lib/view-props';

export function ForgetOtp({ go, flow }: ViewProps) {
  const [boxes, setBoxes] = useState(emptyOtp);
  const [error, setError] = useState<string>();
  const recovery = flow.recovery;

  function submit(event: FormEvent) {
    event.preventDefault();
    const code = boxes.join('');
    const problem = validateForgetOtp(code);
    setError(problem);
    if (problem || !recovery) return;
    // The api checks the code together with the new password, in one call (it is single use).
    go('ResetPassword', { recovery: { ...recovery, code } });
  }

  return (
    <>
      <BackButton onClick={() => go('ForgetPassword')} label="Back to forgot password" />
      <ViewHeading
        sub={
          recovery ? (
            <>
              Sent to <strong>{recovery.address}</strong>.
            </>
          ) : undefined
        }
      >
        Enter 4-digit recovery code
      </ViewHeading>
      {recovery ? (
        <form className="ob-form" method="post" onSubmit={submit} noValidate>
          <OtpBoxes
            value={boxes}
            onValue={setBoxes}
            error={error}
            errorId="ob-forget-otp-error"
            label="Recovery code"
          />
          <FieldError id="ob-forget-otp-error" error={error} />
          <button type="submit" className="ob-btn ob-btn--primary ob-btn--block">
            Verify OTP
          </button>
        </form>
      ) : (
        <button type="button" className="ob-btn ob-btn--primary ob-btn--block" onClick={() => go('ForgetPassword')}>
          Request a recovery code
        </button>
      )}
    </>
  );
}
