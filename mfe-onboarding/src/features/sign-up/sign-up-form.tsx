// SPEC §2 "Sign-up form", §4 "Sign-up flow", §5 rules. The draft (`formData`) is saved on every
// change, so a reload (or a trip to the terms) keeps what was typed.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from '@giftlane/shared-sdk/router';
import {
  CODE_SEND_ERROR_MESSAGE,
  CODE_SEND_FAILED_MESSAGE,
  EMPTY_SIGN_UP_DRAFT,
  getDeviceNo,
  passwordStrength,
  REGISTER_TYPE,
  strengthLabel,
  validateConfirmPassword,
  validateCountry,
  validateEmail,
  validatePassword,
  validatePhone,
  validateSignUp,
  validateTerms,
  withProduct,
  type FormErrors,
  type SignUpDraft,
  type SignUpField,
  StoreBadges as StoreLinks,
  useStores,
} from '@giftlane/shared-sdk';
import { FieldError, FormAlert, PasswordField, SelectField, TextField } from '../../components/fields';
import { ViewHeading } from '../../components/heading';
import { StrengthBar } from '../../components/strength-bar';
import { DialCodePicker, defaultDialCode } from '../../components/dial-code-picker';
import { loadInit, useCountries } from '../../lib/public-data';
import { failureOf, type Failure } from '../../lib/failure';
import type { ViewProps } from '../../lib/view-props';
import { HOME_PATH } from '../../app/views';
import { SocialButtons } from '../../components/social-buttons';
import { methodOf, register, sendSignUpCode, whatsappOf } from './register';
import { rememberCodeSent, secondsUntilResend } from '../../lib/code-sent';
import { readSellChoice, rememberSellChoice } from '@giftlane/shared-sdk/sell-choice';
import { countryOfDial, countryOfPayout, splitDialCode } from '../../lib/phone';
import { afterSignUp } from './after-sign-up';

function startingDraft(saved: SignUpDraft | null | undefined, linkCode: string | null): SignUpDraft {
  const draft = { ...(saved ?? EMPTY_SIGN_UP_DRAFT) };
  if (!draft.deviceNo) draft.deviceNo = getDeviceNo();
  if (linkCode) draft.referral = linkCode;
  return draft;
}

function fieldError(field: SignUpField, d: SignUpDraft): string | undefined {
  switch (field) {
    case 'email':
      return validateEmail(d.email);
    case 'phone':
      return validatePhone(d.phone);
    case 'country':
      return validateCountry(d.country);
    case 'password':
      return validatePassword(d.password);
    case 'confirmPassword':
      return validateConfirmPassword(d.password, d.confirmPassword);
    case 'terms':
      return validateTerms(d.termsAccepted);
  }
}

export function SignUpForm({ go }: ViewProps) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const linkCode = params.get('code')?.trim() || null;
  const countries = useCountries();
  const { onboarding } = useStores();
  const [draft, setDraft] = useState<SignUpDraft>(() => startingDraft(onboarding.readDraft(), linkCode));
  const [dialCode, setDialCode] = useState<string>();
  const [errors, setErrors] = useState<FormErrors<SignUpField>>({});
  const [touched, setTouched] = useState<Partial<Record<SignUpField, boolean>>>({});
  const [failure, setFailure] = useState<string | Failure>();
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const method = methodOf(draft);

  // From the rate calculator: its card goes on to the sell form after sign-up, and the country is
  // the one whose currency the visitor was quoted in (unless one is chosen already).
  const [choice] = useState(() => readSellChoice(params));
  useEffect(() => {
    if (choice) rememberSellChoice(choice);
  }, [choice]);
  useEffect(() => {
    const country = countryOfPayout(countries, choice?.payout);
    if (country && !draft.country) setDraft((d) => (d.country ? d : { ...d, country: Number(country.id) }));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [countries, choice]);

  /** A dial code picked or typed: the country follows it when it names one country (+233 Ghana). */
  function dialChosen(code: string, patch: Partial<SignUpDraft> = {}) {
    setDialCode(code);
    const country = countryOfDial(countries, code);
    update(country ? { ...patch, country: Number(country.id) } : patch, country ? ['phone', 'country'] : ['phone']);
  }

  function phoneTyped(value: string) {
    // A number typed or pasted with its country code (+233…, 00233…) sets the dial code and the country.
    const split = splitDialCode(countries, value);
    if (split) return dialChosen(split.dial, { phone: split.rest });
    // A "+" stays while the code is typed ("+23"), until it names a country.
    const digits = value.replace(/\D/g, '');
    update({ phone: value.trim().startsWith('+') ? `+${digits}` : digits }, ['phone']);
  }

  // The dial code follows the chosen country until the visitor picks one; else +234 (SPEC §2).
  const countryDial = countries.find((c) => String(c.id) === String(draft.country))?.area_number;
  const dial = dialCode ?? countryDial ?? defaultDialCode(countries);

  useEffect(() => {
    onboarding.saveDraft(draft);
  }, [onboarding, draft]);

  function update(patch: Partial<SignUpDraft>, check: SignUpField[] = []) {
    const next = { ...draft, ...patch };
    if (patch.password !== undefined) {
      next.strength = passwordStrength(next.password);
      next.passwordStrength = next.password ? strengthLabel(next.strength) : '';
    }
    setDraft(next);
    if (check.length === 0) return;
    setErrors((e) => {
      const out = { ...e };
      // Country and terms are checked on change; typed fields once they were left or showed an error.
      for (const f of check) if (touched[f] || f === 'country' || f === 'terms' || e[f]) out[f] = fieldError(f, next);
      return out;
    });
  }

  function blur(field: SignUpField) {
    setTouched((t) => ({ ...t, [field]: true }));
    setErrors((e) => ({ ...e, [field]: fieldError(field, draft) }));
  }

  function toggle(type: '1' | '2') {
    // SPEC §4: toggling clears the other field's error and sets register_type.
    setErrors((e) => ({ ...e, email: undefined, phone: undefined }));
    update({ register_type: type });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(undefined);
    const found = validateSignUp({
      method,
      email: draft.email,
      phone: draft.phone,
      dialCode: dial,
      country: draft.country,
      password: draft.password,
      confirmPassword: draft.confirmPassword,
      termsAccepted: draft.termsAccepted,
    });
    setErrors(found);
    if (Object.keys(found).length > 0) {
      // Keyboard and screen-reader users land on the first field to fix.
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setBusy(true);
    const init = await loadInit();
    if (init.is_need_verify === '1') {
      const address = method === 'email' ? draft.email.trim() : await whatsappOf(draft, dial);
      // A code sent to this address less than 60 s ago is still good: no second send (the api
      // would refuse it), straight back to the code boxes.
      if (secondsUntilResend(address) === 0) {
        const sent = await sendSignUpCode(draft, dial);
        if (!sent.ok) {
          setBusy(false);
          setFailure(failureOf(sent.error, CODE_SEND_FAILED_MESSAGE, CODE_SEND_ERROR_MESSAGE));
          return;
        }
        // The code screen says it was sent, in its page (a toast would cover its back arrow).
        rememberCodeSent(address);
      }
      onboarding.saveDraft(draft);
      onboarding.setCodeTarget(method === 'email' ? { email: address } : { phone: address });
      go('OTPForm');
      return;
    }
    const outcome = await register(draft, dial);
    if (outcome.ok) {
      navigate(afterSignUp(`${HOME_PATH}?startTour=true`), { replace: true });
      return;
    }
    setBusy(false);
    setFailure(outcome.message);
  }

  const countryOptions = countries.map((c) => ({ value: String(c.id), label: c.name }));
  return (
    <>
      <ViewHeading sub="Create your account and get an instant reward on your first trade.">Create Account</ViewHeading>
      <form ref={formRef} className="ob-form" method="post" onSubmit={submit} noValidate>
        <div className="ob-toggle" role="radiogroup" aria-label="Sign up with">
          {(
            [
              [REGISTER_TYPE.email, 'Email'],
              [REGISTER_TYPE.whatsapp, 'WhatsApp'],
            ] as const
          ).map(([type, label]) => (
            <button
              key={type}
              type="button"
              role="radio"
              aria-checked={draft.register_type === type}
              className={`ob-toggle__btn${draft.register_type === type ? ' ob-toggle__btn--on' : ''}`}
              onClick={() => toggle(type)}
            >
              {label}
            </button>
          ))}
        </div>
        {method === 'email' ? (
          <TextField
            label="Email Address"
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            autoCapitalize="off"
            spellCheck={false}
            placeholder="you@example.com"
            value={draft.email}
            onValue={(v) => update({ email: v }, ['email'])}
            onBlur={() => blur('email')}
            error={errors.email}
          />
        ) : (
          <TextField
            label="WhatsApp Number"
            type="tel"
            name="whatsapp"
            autoComplete="tel-national"
            inputMode="tel"
            placeholder="8012345678"
            value={draft.phone}
            onValue={phoneTyped}
            onBlur={() => blur('phone')}
            error={errors.phone}
            prefix={<DialCodePicker countries={countries} value={dial} onValue={(code) => dialChosen(code)} />}
          />
        )}
        <SelectField
          label="Country"
          placeholder="Select your country"
          value={draft.country ? String(draft.country) : ''}
          options={countryOptions}
          onValue={(v) => update({ country: Number(v) || 0 }, ['country'])}
          onBlur={() => blur('country')}
          error={errors.country}
        />
        <PasswordField
          label="Enter Password"
          name="new-password"
          autoComplete="new-password"
          value={draft.password}
          onValue={(v) =>
            update({ password: v }, ['password', ...(touched.confirmPassword ? (['confirmPassword'] as const) : [])])
          }
          onBlur={() => blur('password')}
          error={errors.password}
        />
        <StrengthBar password={draft.password} />
        <PasswordField
          label="Confirm Password"
          name="confirm-password"
          autoComplete="new-password"
          value={draft.confirmPassword}
          onValue={(v) => update({ confirmPassword: v }, ['confirmPassword'])}
          onBlur={() => blur('confirmPassword')}
          error={errors.confirmPassword}
        />
        <TextField
          label="Referral Code (Optional)"
          name="referral"
          autoCapitalize="characters"
          spellCheck={false}
          value={draft.referral}
          readOnly={!!linkCode}
          hint={linkCode ? 'Added from your invite link.' : undefined}
          onValue={(v) => update({ referral: v })}
        />
        <div className="ob-check">
          <input
            id="ob-terms"
            type="checkbox"
            checked={draft.termsAccepted}
            onChange={(e) => update({ termsAccepted: e.target.checked }, ['terms'])}
            onBlur={() => blur('terms')}
            aria-invalid={errors.terms ? true : undefined}
            aria-describedby={errors.terms ? 'ob-terms-error' : undefined}
          />
          <label htmlFor="ob-terms">
            I agree to the{' '}
            <button type="button" className="ob-link" onClick={() => go('TermsConditions')}>
              Terms of Service
            </button>
          </label>
        </div>
        <FieldError id="ob-terms-error" error={errors.terms} />
        <FormAlert message={failure} />
        <button type="submit" className="ob-btn ob-btn--primary ob-btn--block" disabled={busy} aria-busy={busy}>
          {withProduct('Signup to {product}')}
        </button>
      </form>
      <p className="ob-switch">
        Already have an account?{' '}
        <button type="button" className="ob-link" onClick={() => navigate('/login')}>
          Login
        </button>
      </p>
      <SocialButtons mode="signup" />
      <StoreLinks />
    </>
  );
}
