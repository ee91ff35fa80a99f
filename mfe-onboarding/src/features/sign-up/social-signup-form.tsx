// SPEC §2 "Social sign-up form", §4 "Social sign-up success", §5 social rules.
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from '@giftlane/shared-sdk/router';
import {
  createDeviceNo,
  REGISTRATION_ERROR_MESSAGE,
  REGISTRATION_FAILED_MESSAGE,
  REGISTRATION_SUCCESSFUL_MESSAGE,
  validateSocialSignUp,
  type FormErrors,
  type SocialSignUpField,
  useStores,
} from '@giftlane/shared-sdk';
import { registerAccount, trackRegistration } from '../../lib/api';
import { FormAlert, PasswordField, SelectField, TextField } from '../../components/fields';
import { ViewHeading } from '../../components/heading';
import { StrengthBar } from '../../components/strength-bar';
import { toast } from '../../components/toast';
import { useCountries } from '../../lib/public-data';
import { failureOf, type Failure } from '../../lib/failure';
import type { ViewProps } from '../../lib/view-props';
import { HOME_PATH } from '../../app/views';
import { afterSignUp } from './after-sign-up';

export function SocialSignupForm({ go }: ViewProps) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const countries = useCountries();
  const linkCode = params.get('code')?.trim() || '';
  const [country, setCountry] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const store = useStores();
  const [referral, setReferral] = useState(linkCode || (store.onboarding.readDraft()?.referral ?? ''));
  const [errors, setErrors] = useState<FormErrors<SocialSignUpField>>({});
  const [failure, setFailure] = useState<string | Failure>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(undefined);
    const pending = store.onboarding.readSocialPending();
    const found = validateSocialSignUp({ password, confirmPassword: confirm, country, ...pending });
    setErrors(found);
    if (Object.keys(found).length > 0 || !pending) return;
    const email = pending.social_email || params.get('email') || '';
    setBusy(true);
    try {
      await registerAccount({
        register_type: '1',
        social_id: pending.social_id,
        social_type: pending.social_type,
        username: email,
        email: email || undefined,
        recommend_code: referral.trim() || undefined,
        country_id: country,
        password,
        device_no: createDeviceNo(),
      });
      store.onboarding.clearSocialPending();
      trackRegistration({ email, method: 'social', type: pending.social_type, provider: pending.social_type, country });
      toast(REGISTRATION_SUCCESSFUL_MESSAGE, 'success', { carry: true });
      navigate(afterSignUp(`${HOME_PATH}?startTour=true`), { replace: true });
    } catch (error) {
      setBusy(false);
      setFailure(failureOf(error, REGISTRATION_FAILED_MESSAGE, REGISTRATION_ERROR_MESSAGE));
    }
  }

  const email = params.get('email');
  return (
    <>
      <ViewHeading
        sub={
          email ? (
            <>
              Signing up as <strong>{email}</strong>.
            </>
          ) : undefined
        }
      >
        Authentication Successful please provide the following information to proceed
      </ViewHeading>
      <form className="ob-form" method="post" onSubmit={submit} noValidate>
        <SelectField
          label="Country"
          placeholder="Select your country"
          value={country}
          options={countries.map((c) => ({ value: String(c.id), label: c.name }))}
          onValue={(v) => {
            setCountry(v);
            setErrors((e) => ({
              ...e,
              country: validateSocialSignUp({
                password,
                confirmPassword: confirm,
                country: v,
                social_id: 'x',
                social_type: 'x',
              }).country,
            }));
          }}
          error={errors.country}
        />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          value={password}
          onValue={setPassword}
          error={errors.password}
        />
        <StrengthBar password={password} />
        <PasswordField
          label="Confirm Password"
          autoComplete="new-password"
          value={confirm}
          onValue={setConfirm}
          error={errors.confirmPassword}
        />
        <TextField
          label="Referral Code (Optional)"
          autoCapitalize="characters"
          spellCheck={false}
          value={referral}
          disabled={!!linkCode}
          onValue={setReferral}
        />
        <p className="ob-hint">
          By continuing you accept the{' '}
          <button type="button" className="ob-link" onClick={() => go('TermsConditions')}>
            Terms of Service
          </button>
          .
        </p>
        <FormAlert message={errors.account ?? failure} />
        <button type="submit" className="ob-btn ob-btn--primary ob-btn--block" disabled={busy} aria-busy={busy}>
          Continue
        </button>
      </form>
    </>
  );
}
