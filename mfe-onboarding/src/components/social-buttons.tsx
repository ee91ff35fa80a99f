// Google, Facebook and Apple sign-in (SPEC §2, §4 "Social login", §8 "Social").
import { useState } from 'react';
import { useNavigate, useSearchParams } from '@giftlane/shared-sdk/router';
import {
  ApiError,
  NAMED_ROUTES,
  PROVIDER_LABELS,
  providerLoginFailedMessage,
  providerLoginSuccessfulMessage,
  failedToLoginWithMessage,
  type SocialLoginResult,
  type SocialProvider,
} from '@giftlane/shared-sdk';
import { toast } from './toast';
import { HOME_PATH, safeRedirect } from '../app/views';
import { PROVIDERS, SocialError } from '@giftlane/shared-sdk/social-sign-in';
import { socialSettings, useStores } from '@giftlane/shared-sdk';
import { currentUser, socialSignIn } from '../lib/api';

const ICONS: Record<SocialProvider, string> = { google: 'G', facebook: 'f', apple: '' };

export function SocialButtons({ mode }: { mode: 'login' | 'signup' }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [busy, setBusy] = useState<SocialProvider>();
  const store = useStores();

  async function signIn(provider: SocialProvider) {
    setBusy(provider);
    try {
      const credential = await PROVIDERS[provider](socialSettings());
      let result: SocialLoginResult;
      try {
        result = await socialSignIn(credential, mode);
      } catch (error) {
        throw new SocialError(
          error instanceof ApiError
            ? error.msg || providerLoginFailedMessage(provider)
            : failedToLoginWithMessage(provider),
        );
      }
      if (!result.is_social_bind) {
        // SPEC §4: not yet an account — finish the sign-up with country and password.
        store.onboarding.setSocialPending({
          social_id: result.social_id || credential.socialId,
          social_type: result.social_type || provider,
          social_email: result.social_email || credential.email,
        });
        const target = new URL(NAMED_ROUTES.SocialSignup(result.social_email || credential.email), location.origin);
        const code = params.get('code');
        if (code) target.searchParams.set('code', code);
        navigate(`${target.pathname}${target.search}`);
        return;
      }
      if (!result.token) throw new SocialError(providerLoginFailedMessage(provider));
      store.session.signIn({ token: result.token, user_id: result.user_id ?? '' });
      if (result.user_id === undefined) {
        // The social reply carries no user id: ask for it with the new session.
        const me = await currentUser();
        if (me) store.session.signIn({ token: result.token, user_id: me.user_id });
      }
      toast(providerLoginSuccessfulMessage(provider), 'success', { carry: true });
      navigate(safeRedirect(params.get('redirect')) ?? HOME_PATH, { replace: true });
    } catch (error) {
      toast(error instanceof SocialError ? error.message : failedToLoginWithMessage(provider), 'error');
      setBusy(undefined);
    }
  }

  const verb = mode === 'signup' ? 'Sign up' : 'Continue';
  return (
    <div className="ob-social">
      <p className="ob-divider">
        <span>or {mode === 'signup' ? 'sign up' : 'continue'} with</span>
      </p>
      <div className="ob-social__row">
        {(Object.keys(PROVIDERS) as SocialProvider[]).map((provider) => (
          <button
            key={provider}
            type="button"
            className={`ob-social__btn ob-social__btn--${provider}`}
            aria-label={`${verb} with ${PROVIDER_LABELS[provider]}`}
            disabled={busy !== undefined}
            aria-busy={busy === provider}
            onClick={() => void signIn(provider)}
          >
            {/* The letter is drawn by CSS: as text it would be read into the button's visible words
                ("G Google"), which its name ("Continue with Google") must contain. */}
            <span className="ob-social__icon" aria-hidden="true" data-icon={ICONS[provider]} />
            <span>{PROVIDER_LABELS[provider]}</span>
          </button>
        ))}
      </div>
    </div>
  );
}
