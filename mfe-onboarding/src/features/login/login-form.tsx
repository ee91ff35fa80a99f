// SPEC §2 "Login form", §4 "Login", §8 "Login".
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from '@giftlane/shared-sdk/router';
import {
  LOGIN_FAILED_MESSAGE,
  NetworkError,
  NETWORK_ERROR_MESSAGE,
  validateLogin,
  withProduct,
  type FormErrors,
  type LoginField,
  StoreBadges as StoreLinks,
} from '@giftlane/shared-sdk';
import { FormAlert, PasswordField, TextField } from '../../components/fields';
import { ViewHeading } from '../../components/heading';
import { HOME_PATH, safeRedirect } from '../../app/views';
import type { ViewProps } from '../../lib/view-props';
import { failureOf, type Failure } from '../../lib/failure';
import { SocialButtons } from '../../components/social-buttons';
import { loadDialCodes } from '../../lib/public-data';
import { e164, isPhone } from '../../lib/phone';
import { loadPasswordViews, loadSignUpViews, warmOn } from '../../lib/view-chunks';
import { signInWithPassword } from '../../lib/api';

export function LoginForm({ go }: ViewProps) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FormErrors<LoginField>>({});
  const [failure, setFailure] = useState<string | Failure>();
  const [loading, setLoading] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateLogin({ username, password });
    setErrors(found);
    setFailure(undefined);
    if (Object.keys(found).length > 0) return;
    setLoading(true);
    try {
      // A WhatsApp number goes in its one form (+234…), however it was typed (08…, 8…, 234…).
      const login =
        !username.includes('@') && (await isPhone(username))
          ? ((await e164(username, await loadDialCodes())) ?? username.trim())
          : username.trim();
      await signInWithPassword(login, password);
      navigate(safeRedirect(params.get('redirect')) ?? HOME_PATH, { replace: true });
    } catch (error) {
      setLoading(false);
      setFailure(
        error instanceof NetworkError
          ? NETWORK_ERROR_MESSAGE
          : failureOf(error, LOGIN_FAILED_MESSAGE, LOGIN_FAILED_MESSAGE),
      );
    }
  }

  return (
    <>
      <ViewHeading sub="Sign in to sell your gift cards and check your wallet.">Welcome Back</ViewHeading>
      <form className="ob-form" method="post" onSubmit={submit} noValidate>
        <TextField
          label="Email Address/WhatsApp Number"
          name="username"
          autoComplete="username"
          inputMode="email"
          autoCapitalize="off"
          spellCheck={false}
          placeholder="you@example.com or +234…"
          value={username}
          onValue={(v) => {
            setUsername(v);
            if (errors.username) setErrors((e) => ({ ...e, username: undefined }));
          }}
          error={errors.username}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          value={password}
          onValue={(v) => {
            setPassword(v);
            if (errors.password) setErrors((e) => ({ ...e, password: undefined }));
          }}
          error={errors.password}
        />
        <div className="ob-row ob-row--end">
          <button type="button" className="ob-link" onClick={() => go('ForgetPassword')} {...warmOn(loadPasswordViews)}>
            Forgot Password?
          </button>
        </div>
        <FormAlert message={failure} />
        <button type="submit" className="ob-btn ob-btn--primary ob-btn--block" disabled={loading} aria-busy={loading}>
          {loading ? 'Logging in...' : withProduct('Login to {product}')}
        </button>
      </form>
      <p className="ob-switch">
        New here?{' '}
        <Link to="/sign-up" {...warmOn(loadSignUpViews)}>
          Register Now
        </Link>
      </p>
      <SocialButtons mode="login" />
      <StoreLinks />
    </>
  );
}
