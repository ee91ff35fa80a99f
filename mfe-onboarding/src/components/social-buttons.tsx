// Google, Facebook and Apple sign-in (SPEC §2, §4 "Social login", §8 "Social").
import { useState, type ReactNode } from 'react';
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

/** Apple's logo (the Ant Design icon's outline, MIT), drawn inline: no request, no font. */
const APPLE_LOGO = (
  <svg viewBox="64 64 896 896" focusable="false" aria-hidden="true" data-testid="apple-logo">
    <path
      d={
        'M747.4 535.7c-.4-68.2 30.5-119.6 92.9-157.5-34.9-50-87.7-77.5-157.3-82.8-65.9-5.2-138 38.4-164.4 38.4-27.9 ' +
        '0-91.7-36.6-141.9-36.6C273.1 298.8 163 379.8 163 544.6c0 48.7 8.9 99 26.7 150.8 23.8 68.2 109.6 235.3 ' +
        '199.1 232.6 46.8-1.1 79.9-33.2 140.8-33.2 59.1 0 89.7 33.2 141.9 33.2 90.3-1.3 167.9-153.2 190.5-221.6-' +
        '121.1-57.1-114.6-167.2-114.6-170.7zm-105.1-305c50.7-60.2 46.1-115 44.6-134.7-44.8 2.6-96.6 30.5-126.1 ' +
        '64.8-32.5 36.8-51.6 82.3-47.5 133.6 48.4 3.7 92.6-21.2 129-63.7z'
      }
    />
  </svg>
);

const ICONS: Record<SocialProvider, ReactNode> = { google: 'G', facebook: 'f', apple: APPLE_LOGO };

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
            <span className="ob-social__icon" aria-hidden="true">
              {ICONS[provider]}
            </span>
            <span>{PROVIDER_LABELS[provider]}</span>
          </button>
        ))}
      </div>
    </div>
  );
}
