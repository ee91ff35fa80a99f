// SPEC §2 "Reset password screen", §4 (success → PasswordStatus, failure → ForgetPassword), §5, §8.
import { useState, type FormEvent } from 'react';
import {
  GENERIC_RETRY_MESSAGE,
  RESET_FAILED_PERIOD_MESSAGE,
  validateResetPassword,
  type FormErrors,
  type ResetPasswordField,
} from '@giftlane/shared-sdk';
import { FormAlert, PasswordField } from '../../components/fields';
import { BackButton, ViewHeading } from '../../components/heading';
import { StrengthBar } from '../../components/strength-bar';
import { toast } from '../../components/toast';
import { failureText } from '../../lib/failure';
import type { ViewProps } from '../../lib/view-props';
import { resetPassword } from './recovery';

export function ResetPassword({ go, flow }: ViewProps) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FormErrors<ResetPasswordField>>({});
  const [busy, setBusy] = useState(false);
  const recovery = flow.recovery;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateResetPassword(password, confirm);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (!recovery?.code) {
      go('ForgetPassword');
      return;
    }
    setBusy(true);
    const result = await resetPassword(recovery.method, recovery.address, recovery.code, password);
    if (result.ok) {
      go('PasswordStatus', { status: 'success', recovery: undefined });
      return;
    }
    setBusy(false);
    toast(failureText(result.error, RESET_FAILED_PERIOD_MESSAGE, GENERIC_RETRY_MESSAGE), 'error');
    go('ForgetPassword', { recovery: { method: recovery.method, address: recovery.address } });
  }

  return (
    <>
      <BackButton onClick={() => go('ForgetOtp')} label="Back to recovery code" />
      <ViewHeading sub="Choose a new password of at least 8 characters.">Reset Password</ViewHeading>
      <form className="ob-form" method="post" onSubmit={submit} noValidate>
        <PasswordField
          label="New Password"
          autoComplete="new-password"
          value={password}
          onValue={setPassword}
          error={errors.newPassword}
        />
        <StrengthBar password={password} />
        <PasswordField
          label="Confirm Password"
          autoComplete="new-password"
          value={confirm}
          onValue={setConfirm}
          error={errors.confirmPassword}
        />
        <FormAlert message={errors.form} />
        <button type="submit" className="ob-btn ob-btn--primary ob-btn--block" disabled={busy} aria-busy={busy}>
          Continue
        </button>
      </form>
    </>
  );
}
