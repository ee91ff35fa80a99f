// Which view the onboarding container shows (SPEC §2): `/login?view=` picks it, a path change to
// /login, /sign-up or /social-signup switches it, and otherwise the view remembered for the session
// (`currentComponent`) comes back after a reload — but only as a step of the flow the address opens.
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

const DEFAULT_VIEW: Record<OnboardingPath, 'LoginForm' | 'SignUpForm' | 'SocialSignupForm'> = {
  '/login': 'LoginForm',
  '/sign-up': 'SignUpForm',
  '/social-signup': 'SocialSignupForm',
};

/**
 * The steps of each flow, after its entry form. A remembered view comes back after a reload only
 * when it is one of these steps of the flow the address opens (an OTP or a password reset half
 * done); an entry form is never remembered over the address, so `/login` is the login form even
 * when the tab showed the sign-up form before.
 */
const STEPS_OF: Record<'LoginForm' | 'SignUpForm' | 'SocialSignupForm', readonly OnboardingView[]> = {
  LoginForm: ['ForgetPassword', 'ForgetOtp', 'ResetPassword', 'PasswordStatus'],
  SignUpForm: ['OTPForm', 'PasswordSetup', 'TermsConditions'],
  SocialSignupForm: ['TermsConditions'],
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
  // An explicit `view` wins outright (a refused session lands on the login form, whatever was open).
  if (path === '/login' && QUERY_VIEWS.includes(asked as OnboardingView)) return asked as OnboardingView;
  const entry = DEFAULT_VIEW[path];
  if (!navigated && remembered && STEPS_OF[entry].includes(remembered)) return remembered;
  return entry;
}

/** A stand-in origin to resolve a `redirect` against: only its paths count as this site. */
const SITE = 'http://giftlane.invalid';
/** Control characters and backslashes (browsers drop tabs and newlines, and read `\` as `/`). */
const hasUnsafeChar = (value: string) =>
  [...value].some((c) => c === '\\' || c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127);

/**
 * The `redirect` query is honoured only when it is a path on this site. It is checked after
 * normalising it the way the browser will (`/.//evil.example`, `/..//`, `/%2e//` resolve
 * to `//evil.example`, another site): resolved against the site's origin it must stay on that
 * origin with a path that starts with a single `/`. Refused outright: anything not starting with
 * `/`, backslashes and control characters (`/\t/host`), encoded slashes and backslashes (`/%2f`,
 * `%5c`: a server or router that decodes them would see `//host`), and the login pages (a loop).
 */
export function safeRedirect(value: string | null | undefined): string | undefined {
  if (!value || value.length > 2000 || !value.startsWith('/') || hasUnsafeChar(value) || /%(2f|5c)/i.test(value))
    return undefined;
  try {
    const url = new URL(value, SITE);
    if (url.origin !== SITE || !/^\/(?![/\\])/.test(url.pathname)) return undefined;
    // Back to the login page itself would loop.
    if (/^\/(login|sign-up|social-signup)(\/|$)/.test(url.pathname)) return undefined;
    const path = `${url.pathname}${url.search}${url.hash}`;
    // What is handed to navigation must read the same way again: a path of this site.
    return new URL(path, SITE).origin === SITE && !path.startsWith('//') ? path : undefined;
  } catch {
    return undefined;
  }
}

/** Home after sign-in, and the named route for it (SPEC §2). */
export const HOME_PATH = '/homes';
