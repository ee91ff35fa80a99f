// Which view the onboarding container shows (SPEC §2): `/login?view=` picks it, a path change to
// /login, /sign-up or /social-signup switches it, and otherwise the view remembered for the session
// (`currentComponent`) comes back after a reload — but only under a path where it belongs.
import type { OnboardingView } from '@giftlane/shared-sdk';

export const VIEWS: readonly OnboardingView[] = [
  'LoginForm',
  'SignUpForm',
  'SocialSignupForm',
  'OTPForm',
  'PasswordSetup',
  'TermsConditions',
  'PasswordStatus',
  'ForgetPassword',
  'ForgetOtp',
  'ResetPassword',
];

export type OnboardingPath = '/login' | '/sign-up' | '/social-signup';

const DEFAULT_VIEW: Record<OnboardingPath, OnboardingView> = {
  '/login': 'LoginForm',
  '/sign-up': 'SignUpForm',
  '/social-signup': 'SocialSignupForm',
};

const SIGN_UP_VIEWS: OnboardingView[] = ['SignUpForm', 'OTPForm', 'PasswordSetup', 'TermsConditions'];

/** The views that may show under each path (the rest belong to another path). */
const VIEWS_UNDER: Record<OnboardingPath, readonly OnboardingView[]> = {
  '/login': VIEWS.filter((v) => v !== 'SocialSignupForm'),
  '/sign-up': SIGN_UP_VIEWS,
  '/social-signup': ['SocialSignupForm', 'TermsConditions'],
};

/** SPEC §2: the `view` query names LoginForm or SignUpForm. */
const QUERY_VIEWS: readonly OnboardingView[] = ['LoginForm', 'SignUpForm'];

export const isView = (value: unknown): value is OnboardingView => VIEWS.includes(value as OnboardingView);

export function onboardingPath(pathname: string): OnboardingPath {
  const path = pathname.replace(/\/+$/, '');
  return path === '/sign-up' || path === '/social-signup' ? path : '/login';
}

export interface InitialViewInput {
  pathname: string;
  search: string;
  remembered: OnboardingView | undefined;
  /** True when the page was reached by navigating (a path change), false on a fresh load. */
  navigated: boolean;
}

export function initialView({ pathname, search, remembered, navigated }: InitialViewInput): OnboardingView {
  const path = onboardingPath(pathname);
  const asked = new URLSearchParams(search).get('view');
  if (path === '/login' && QUERY_VIEWS.includes(asked as OnboardingView)) return asked as OnboardingView;
  if (!navigated && remembered && VIEWS_UNDER[path].includes(remembered)) return remembered;
  return DEFAULT_VIEW[path];
}

/**
 * The `redirect` query is honoured only when it is a path on this site: one leading slash, not
 * `//host` or `/\host` (both leave the site), no scheme, no control characters.
 */
export function safeRedirect(value: string | null | undefined): string | undefined {
  if (!value || !/^\/(?![/\\])/.test(value) || value.includes('\\') || [...value].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127)) {
    return undefined;
  }
  try {
    const url = new URL(value, 'http://giftlane.invalid');
    if (url.origin !== 'http://giftlane.invalid') return undefined;
    // Back to the login page itself would loop.
    if (/^\/(login|sign-up|social-signup)(\/|$)/.test(url.pathname)) return undefined;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return undefined;
  }
}

/** Home after sign-in, and the named route for it (SPEC §2). */
export const HOME_PATH = '/homes';
