// SPEC §2 "OTP form", §4 "Sign-up flow", §5 OTP, §8 "OTP resend".
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from '@giftlane/shared-sdk/router';
import {
  CODE_SENT_MESSAGE,
  useStores,
  NetworkError,
  OTP_RESEND_ERROR_MESSAGE,
  OTP_RESEND_FAILED_MESSAGE,
  OTP_SEND_ISSUE_MESSAGE,
  REGISTER_TYPE,
  RESEND_COUNTDOWN_S,
  validateOtp,
  ApiError,
} from '@giftlane/shared-sdk';
import { FieldError, FormAlert } from '../../components/fields';
import { BackButton, ViewHeading } from '../../components/heading';
import { emptyOtp, OtpBoxes } from '../../components/otp-boxes';
import { useCountdown } from '../../lib/use-countdown';
import { rememberCodeSent, secondsUntilResend } from '../../lib/code-sent';
import type { ViewProps } from '../../lib/view-props';
import { HOME_PATH } from '../../app/views';
import { afterSignUp } from './after-sign-up';
import { register, sendSignUpCode } from './register';
import type { Failure } from '../../lib/failure';

function resendFailure(error: unknown): string {
  if (error instanceof ApiError) return error.msg || OTP_SEND_ISSUE_MESSAGE;
  if (error instanceof NetworkError) return OTP_RESEND_FAILED_MESSAGE;
  return OTP_RESEND_ERROR_MESSAGE;
}

export function OTPForm({ go }: ViewProps) {
  const navigate = useNavigate();
  const { onboarding } = useStores();
  const [draft] = useState(() => onboarding.readDraft());
  const [target] = useState(() => onboarding.readCodeTarget());
  const [boxes, setBoxes] = useState(emptyOtp);
  const [error, setError] = useState<string>();
  const [failure, setFailure] = useState<string | Failure>();
  const [busy, setBusy] = useState(false);
  const firstBox = useRef<HTMLInputElement>(null);
  const address = draft?.register_type === REGISTER_TYPE.whatsapp ? target.phone : target.email;
  // Back from here and Signup again: the wait goes on from where it was, not from 60 again.
  const countdown = useCountdown(address ? secondsUntilResend(address) : RESEND_COUNTDOWN_S);

  if (!draft || !address) {
    // Nothing to verify (the tab lost its draft): start the sign-up again.
    return (
      <>
        <ViewHeading>OTP Verification</ViewHeading>
        <p>Your sign-up details were not found. Please fill in the form again.</p>
        <button type="button" className="ob-btn ob-btn--primary ob-btn--block" onClick={() => go('SignUpForm')}>
          Back to sign-up
        </button>
      </>
    );
  }
  // The target phone already carries its dial code.
  const forRequest = target.phone ? { ...draft, phone: target.phone } : draft;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(undefined);
    const problem = validateOtp(boxes);
    setError(problem);
    if (problem || !draft) return;
    setBusy(true);
    const outcome = await register(forRequest, '', boxes.join(''));
    if (outcome.ok) {
      navigate(afterSignUp(`${HOME_PATH}?showProfileOverlay=true`), { replace: true });
      return;
    }
    setBusy(false);
    setFailure(outcome.message);
    if (outcome.refused) {
      // A wrong code (the api's words say how many tries are left): empty boxes to type it again.
      setBoxes(emptyOtp());
      firstBox.current?.focus();
    }
  }

  async function resend() {
    setFailure(undefined);
    const sent = await sendSignUpCode(forRequest, '');
    if (sent.ok) {
      rememberCodeSent(address!);
      countdown.restart();
      setBoxes(emptyOtp());
    } else setFailure(resendFailure(sent.error));
  }

  return (
    <>
      <BackButton onClick={() => go('SignUpForm')} label="Back to sign-up" />
      <ViewHeading
        sub={
          <>
            Enter the 4-digit code we sent to <strong>{address}</strong>.
          </>
        }
      >
        OTP Verification
      </ViewHeading>
      {/* In the page under the heading, not a toast over the back arrow: the code went less than 60 s ago. */}
      <p className="ob-sent" role="status">
        {countdown.left > 0 ? CODE_SENT_MESSAGE : ''}
      </p>
      <form className="ob-form" method="post" onSubmit={submit} noValidate>
        <OtpBoxes
          value={boxes}
          onValue={(b) => {
            setBoxes(b);
            if (error && !validateOtp(b)) setError(undefined);
          }}
          error={error}
          errorId="ob-otp-error"
          firstRef={firstBox}
        />
        <FieldError id="ob-otp-error" error={error} />
        <p className="ob-resend">
          {countdown.left > 0 ? (
            <span aria-live="off">Resend code in {countdown.left}s</span>
          ) : (
            <>
              Didn&apos;t get it?{' '}
              <button type="button" className="ob-link" onClick={() => void resend()}>
                Resend code
              </button>
            </>
          )}
        </p>
        <FormAlert message={failure} />
        <button type="submit" className="ob-btn ob-btn--primary ob-btn--block" disabled={busy} aria-busy={busy}>
          Verify Account
        </button>
      </form>
    </>
  );
}
