// Getting a proof of identity from Google, Facebook or Apple in the browser. Each answers the
// provider's user id, e-mail, name and the token the api verifies, or throws a SocialError whose
// message is SPEC §8's words for what went wrong. Used by sign-in (onboarding) and by binding from
// Settings (account): import it as `@giftlane/shared-sdk/social-sign-in` (a pure module each remote
// bundles; it holds no session and calls no api).
// Its words and settings come from the shared singleton (the package's main entry), so the remotes
// that bundle this module do not carry a second copy of the messages.
import {
  APPLE_LOGIN_FAILED_MESSAGE,
  APPLE_SDK_NOT_LOADED_MESSAGE,
  FACEBOOK_ALLOW_POPUPS_MESSAGE,
  FACEBOOK_LOGIN_CANCELLED_MESSAGE,
  FACEBOOK_LOGIN_FAILED_MESSAGE,
  FACEBOOK_SDK_LOAD_FAILED_MESSAGE,
  FACEBOOK_SDK_TIMEOUT_MESSAGE,
  FACEBOOK_SDK_TIMEOUT_MS,
  failedToLoginWithMessage,
  GOOGLE_LOGIN_FAILED_MESSAGE,
  type SocialProvider,
  type SocialSettings,
} from '@giftlane/shared-sdk';
import { jwtClaims, loadScript, ScriptTimeoutError } from './load-script';

export class SocialError extends Error {}

export interface SocialCredential {
  provider: SocialProvider;
  socialId: string;
  email: string;
  name: string;
  /** Google and Apple: the id token; Facebook: the access token. */
  token: string;
}

interface GoogleIdApi {
  initialize(options: {
    client_id: string;
    callback: (reply: { credential?: string }) => void;
    cancel_on_tap_outside?: boolean;
    use_fedcm_for_prompt?: boolean;
  }): void;
  prompt(
    listener?: (n: {
      isNotDisplayed?: () => boolean;
      isSkippedMoment?: () => boolean;
      isDismissedMoment?: () => boolean;
    }) => void,
  ): void;
}

interface FacebookSdk {
  init(options: { appId: string; version: string; cookie?: boolean; xfbml?: boolean }): void;
  login(
    cb: (reply: { status?: string; authResponse?: { accessToken: string; userID: string } | null }) => void,
    options?: { scope: string },
  ): void;
  api(
    path: string,
    params: Record<string, string>,
    cb: (reply: { id?: string; name?: string; email?: string; error?: unknown }) => void,
  ): void;
}

interface AppleSdk {
  auth: {
    init(options: { clientId: string; scope: string; redirectURI: string; usePopup: boolean }): void;
    signIn(): Promise<{
      authorization?: { id_token?: string; code?: string };
      user?: { email?: string; name?: { firstName?: string; lastName?: string } };
    }>;
  };
}

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleIdApi } };
    FB?: FacebookSdk;
    AppleID?: AppleSdk;
  }
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

async function google(settings: SocialSettings): Promise<SocialCredential> {
  if (!settings.googleClientId) throw new SocialError(failedToLoginWithMessage('google'));
  try {
    await loadScript(settings.googleScriptUrl);
  } catch {
    throw new SocialError(GOOGLE_LOGIN_FAILED_MESSAGE);
  }
  const id = window.google?.accounts?.id;
  if (!id) throw new SocialError(GOOGLE_LOGIN_FAILED_MESSAGE);
  const credential = await new Promise<string>((resolve, reject) => {
    id.initialize({
      client_id: settings.googleClientId!,
      callback: (reply) =>
        reply.credential ? resolve(reply.credential) : reject(new SocialError(GOOGLE_LOGIN_FAILED_MESSAGE)),
      cancel_on_tap_outside: true,
      use_fedcm_for_prompt: true,
    });
    id.prompt((n) => {
      if (n.isNotDisplayed?.() || n.isSkippedMoment?.()) reject(new SocialError(GOOGLE_LOGIN_FAILED_MESSAGE));
    });
  });
  const claims = jwtClaims(credential);
  return {
    provider: 'google',
    socialId: text(claims.sub),
    email: text(claims.email),
    name: text(claims.name),
    token: credential,
  };
}

async function facebook(settings: SocialSettings): Promise<SocialCredential> {
  if (!settings.facebookAppId) throw new SocialError(failedToLoginWithMessage('facebook'));
  try {
    await loadScript(settings.facebookScriptUrl, FACEBOOK_SDK_TIMEOUT_MS);
  } catch (error) {
    throw new SocialError(
      error instanceof ScriptTimeoutError ? FACEBOOK_SDK_TIMEOUT_MESSAGE : FACEBOOK_SDK_LOAD_FAILED_MESSAGE,
    );
  }
  const FB = window.FB;
  if (!FB) throw new SocialError(FACEBOOK_SDK_LOAD_FAILED_MESSAGE);
  FB.init({ appId: settings.facebookAppId, version: settings.facebookApiVersion, cookie: false, xfbml: false });
  // FB.login opens a popup; a browser that blocks it answers window.open with null.
  let blocked = false;
  const open = window.open;
  window.open = ((...args: Parameters<typeof window.open>) => {
    const opened = open.apply(window, args);
    if (!opened) blocked = true;
    return opened;
  }) as typeof window.open;
  const auth = await new Promise<{ accessToken: string; userID: string }>((resolve, reject) => {
    try {
      FB.login(
        (reply) => {
          if (reply.authResponse?.accessToken) resolve(reply.authResponse);
          else reject(new SocialError(blocked ? FACEBOOK_ALLOW_POPUPS_MESSAGE : FACEBOOK_LOGIN_CANCELLED_MESSAGE));
        },
        { scope: 'public_profile,email' },
      );
    } catch {
      reject(new SocialError(FACEBOOK_LOGIN_FAILED_MESSAGE));
    }
  }).finally(() => {
    window.open = open;
  });
  const me = await new Promise<{ name?: string; email?: string }>((resolve) =>
    FB.api('/me', { fields: 'id,name,email,picture' }, (reply) => resolve(reply && !reply.error ? reply : {})),
  );
  return {
    provider: 'facebook',
    socialId: auth.userID,
    email: text(me.email),
    name: text(me.name),
    token: auth.accessToken,
  };
}

async function apple(settings: SocialSettings): Promise<SocialCredential> {
  if (!settings.appleClientId) throw new SocialError(failedToLoginWithMessage('apple'));
  try {
    await loadScript(settings.appleScriptUrl);
  } catch {
    throw new SocialError(APPLE_SDK_NOT_LOADED_MESSAGE);
  }
  const AppleID = window.AppleID;
  if (!AppleID) throw new SocialError(APPLE_SDK_NOT_LOADED_MESSAGE);
  try {
    AppleID.auth.init({
      clientId: settings.appleClientId,
      scope: 'name email',
      redirectURI: settings.appleRedirectUri ?? `${location.origin}/login`,
      usePopup: true,
    });
    const reply = await AppleID.auth.signIn();
    const idToken = reply.authorization?.id_token;
    if (!idToken) throw new Error('no id token');
    // The Apple id token payload is decoded locally (sub, email).
    const claims = jwtClaims(idToken);
    const name = [reply.user?.name?.firstName, reply.user?.name?.lastName].filter(Boolean).join(' ');
    return {
      provider: 'apple',
      socialId: text(claims.sub),
      email: text(claims.email) || text(reply.user?.email),
      name,
      token: idToken,
    };
  } catch {
    throw new SocialError(APPLE_LOGIN_FAILED_MESSAGE);
  }
}

export const PROVIDERS: Record<SocialProvider, (settings: SocialSettings) => Promise<SocialCredential>> = {
  google,
  facebook,
  apple,
};
