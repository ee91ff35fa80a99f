// Every call the sign-in and sign-up screens make to the api: components call these and
// read the stores through useStores, never through the SDK itself (lint).
import {
  getSdk,
  type RegisterRequest,
  type RegistrationEvent,
  type SocialLoginResult,
  type User,
} from '@giftlane/shared-sdk';
import type { SocialCredential } from '@giftlane/shared-sdk/social-sign-in';

/** Signs in with an address (or username) and a password; the session holds the new token. */
export async function signInWithPassword(username: string, password: string): Promise<void> {
  const { api, store } = getSdk();
  const user = await api.user.applogin({ username, password });
  if (!user.token) throw new Error('no token in the login reply');
  store.session.signIn({ token: user.token, user_id: user.user_id });
}

/** Asks the api about an identity a provider vouched for: signed in, or not an account yet. */
export function socialSignIn(credential: SocialCredential, mode: 'login' | 'signup'): Promise<SocialLoginResult> {
  const { api } = getSdk();
  const base = {
    social_id: credential.socialId,
    social_email: credential.email,
    social_name: credential.name,
    is_validate_email: mode === 'signup' ? ('1' as const) : ('0' as const),
  };
  if (credential.provider === 'google') return api.social.googleLogin({ ...base, idToken: credential.token });
  if (credential.provider === 'facebook')
    return api.social.facebookLogin({ ...base, facebook_token: credential.token });
  return api.social.appleLogin({ ...base, social_code: credential.token });
}

/** The signed-in user (after a social sign-in whose reply had no user id); undefined when it cannot be read. */
export const currentUser = (): Promise<User | undefined> =>
  getSdk()
    .api.user.userInfo()
    .catch(() => undefined);

/** Creates an account; the session holds its token. */
export async function registerAccount(req: RegisterRequest): Promise<User> {
  const { api, store } = getSdk();
  const user = await api.user.appregister(req);
  if (!user.token) throw new Error('no token in the registration reply');
  store.session.signIn({ token: user.token, user_id: user.user_id, isNewUser: true });
  return user;
}

/** The tracker's registration event (SPEC §4). */
export const trackRegistration = (event: RegistrationEvent): void => getSdk().tracker.trackRegistration(event);
