// Sign-in with Google, Facebook or Apple bound to the account from Settings (SPEC §4 "Social binding
// from settings", §8 "Bind"). The proof of identity comes from the same browser sign-in the login
// page uses (shared-sdk/social-sign-in); the api verifies it and binds it. After a bind the view is
// read again from user/userInfo, so what it shows is what the api holds.
import { useId, useState } from 'react';
import {
  ApiError,
  bindFailedMessage,
  NetworkError,
  NETWORK_ERROR_MESSAGE,
  PROVIDER_LABELS,
  providerBoundMessage,
  socialSettings,
  type SocialProvider,
  type User,
} from '@giftlane/shared-sdk';
import { PROVIDERS, SocialError, type SocialCredential } from '@giftlane/shared-sdk/social-sign-in';
import { FormMessage, type Feedback } from '../../lib/form-message';
import { errorRef } from '@giftlane/shared-sdk/error-reference';
import { bindSocial, readMe } from './api';

export const SOCIAL_PROVIDERS: readonly SocialProvider[] = ['google', 'facebook', 'apple'];

type Bound = Record<SocialProvider, boolean>;

export const boundOf = (user: Pick<User, 'google_bind' | 'facebook_bind' | 'apple_bind'>): Bound => ({
  google: !!user.google_bind,
  facebook: !!user.facebook_bind,
  apple: !!user.apple_bind,
});

/** socialBind with the provider's proof in the field the api reads for it. */
export function bindRequest(c: SocialCredential) {
  const base = { social_type: c.provider, social_id: c.socialId, social_email: c.email, social_name: c.name };
  if (c.provider === 'google') return { ...base, idToken: c.token };
  if (c.provider === 'facebook') return { ...base, facebook_token: c.token };
  return { ...base, apple_code: c.token };
}

/** SPEC §8: the server's msg, or 'Failed to bind {provider} account'; a provider's own failure in its words. */
export function bindErrorMessage(error: unknown, provider: SocialProvider): string {
  if (error instanceof SocialError) return error.message;
  if (error instanceof NetworkError) return NETWORK_ERROR_MESSAGE;
  if (error instanceof ApiError && error.msg) return error.msg;
  return bindFailedMessage(provider);
}

export function SocialBindings({ user }: { user: User }) {
  const id = useId();
  const [bound, setBound] = useState<Bound>(() => boundOf(user));
  const [busy, setBusy] = useState<SocialProvider>();
  const [feedback, setFeedback] = useState<Feedback>(undefined);

  const bind = async (provider: SocialProvider) => {
    setBusy(provider);
    setFeedback(undefined);
    try {
      const credential = await PROVIDERS[provider](socialSettings());
      await bindSocial(bindRequest(credential));
      setFeedback({ kind: 'ok', text: providerBoundMessage(provider) });
      // SPEC §4: refresh the binding view.
      const me = await readMe().catch(() => undefined);
      setBound(me ? boundOf(me) : (b) => ({ ...b, [provider]: true }));
    } catch (error) {
      setFeedback({ kind: 'error', text: bindErrorMessage(error, provider), reference: errorRef(error) });
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <section className="acc-fieldset" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Linked accounts</h2>
      <p className="acc-muted">Link Google, Facebook or Apple to sign in with one tap.</p>
      <ul className="acc-bindings">
        {SOCIAL_PROVIDERS.map((provider) => {
          const label = PROVIDER_LABELS[provider];
          return (
            <li key={provider} className="acc-bindings__row" data-testid={`binding-${provider}`}>
              <span className="acc-bindings__name">{label}</span>
              {bound[provider] ? (
                <span className="acc-badge acc-badge--success">Bound</span>
              ) : (
                <button
                  type="button"
                  className="gl-btn"
                  aria-label={`Bind ${label}`}
                  disabled={busy !== undefined}
                  aria-busy={busy === provider}
                  onClick={() => void bind(provider)}
                >
                  {busy === provider ? 'Binding…' : 'Bind'}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      <FormMessage feedback={feedback} />
    </section>
  );
}
