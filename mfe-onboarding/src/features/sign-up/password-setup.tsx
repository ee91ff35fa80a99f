// SPEC §2 "PasswordSetup", §4 (→ TermsConditions; back → OTPForm), §5 PasswordSetup rules.
import { useState, type FormEvent } from 'react';
import {
  canContinuePasswordSetup,
  EMPTY_SIGN_UP_DRAFT,
  useStores,
  passwordStrength,
  strengthLabel,
  validatePasswordSetup,
  type FormErrors,
  type PasswordSetupField,
} from '@giftlane/shared-sdk';
import { PasswordField } from '../../components/fields';
import { BackButton, ViewHeading } from '../../components/heading';
import { StrengthBar } from '../../components/strength-bar';
import type { ViewProps } from '../../lib/view-props';

export function PasswordSetup({ go }: ViewProps) {
  const { onboarding } = useStores();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FormErrors<PasswordSetupField>>({});
  const [touched, setTouched] = useState(false);
  const ready = canContinuePasswordSetup(password, confirm);

  function check(p: string, c: string, force = touched) {
    if (!force) return;
    const found = validatePasswordSetup(p, c);
    // The confirmation is judged once something was typed into it.
    setErrors(c === '' && !touched ? { password: found.password } : found);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    const found = validatePasswordSetup(password, confirm);
    setErrors(found);
    if (Object.keys(found).length > 0 || !ready) return;
    const strength = passwordStrength(password);
    onboarding.saveDraft({
      ...(onboarding.readDraft() ?? EMPTY_SIGN_UP_DRAFT),
      password,
      confirmPassword: confirm,
      strength,
      passwordStrength: strengthLabel(strength),
    });
    go('TermsConditions');
  }

  return (
    <>
      <BackButton onClick={() => go('OTPForm')} label="Back to OTP verification" />
      <ViewHeading sub="At least 8 characters, with an uppercase letter and a number.">Create Password</ViewHeading>
      <form className="ob-form" method="post" onSubmit={submit} noValidate>
        <PasswordField
          label="Password"
          autoComplete="new-password"
          value={password}
          onValue={(v) => {
            setPassword(v);
            check(v, confirm);
          }}
          onBlur={() => {
            setTouched(true);
            check(password, confirm, true);
          }}
          error={errors.password}
        />
        <StrengthBar password={password} />
        <PasswordField
          label="Confirm Password"
          autoComplete="new-password"
          value={confirm}
          onValue={(v) => {
            setConfirm(v);
            check(password, v, true);
          }}
          error={errors.confirmPassword}
        />
        <button type="submit" className="ob-btn ob-btn--primary ob-btn--block" disabled={!ready}>
          Continue
        </button>
      </form>
    </>
  );
}
