// The onboarding container (SPEC §2): one page for /login, /sign-up and /social-signup that shows
// one of ten views, remembers it for the session through the SDK's onboarding store, and carries
// its own top bar (the shell renders these routes in the bare layout).
import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from '@giftlane/shared-sdk/router';
import {
  FACEBOOK_LOGIN_REDIRECTED_MESSAGE,
  PRODUCT_NAME,
  isHydrating,
  usePrerenderHead,
  useStores,
  type OnboardingView,
} from '@giftlane/shared-sdk';
import { Logo } from '@giftlane/shared-sdk/ui/logo';
import type { Flow, ViewProps } from '../lib/view-props';
import { initialView } from './views';
import { LoginForm } from '../features/login/login-form';
import { lazyView, loadPasswordViews, loadSignUpViews, warmOn, type ViewComponent } from '../lib/view-chunks';
import { cameBackFromFacebook, withoutFacebookReturn } from '../features/social/facebook-return';
import { toast } from '../components/toast';
import './onboarding.css';

// The login form comes with the page; the other flows' views load when they are first opened
// (or when a link to them is touched: see view-chunks.ts), so /login carries only what it shows.
const VIEW_COMPONENTS: Record<OnboardingView, ViewComponent> = {
  LoginForm,
  SignUpForm: lazyView(loadSignUpViews, 'SignUpForm'),
  SocialSignupForm: lazyView(loadSignUpViews, 'SocialSignupForm'),
  OTPForm: lazyView(loadSignUpViews, 'OTPForm'),
  PasswordSetup: lazyView(loadSignUpViews, 'PasswordSetup'),
  TermsConditions: lazyView(loadSignUpViews, 'TermsConditions'),
  PasswordStatus: lazyView(loadPasswordViews, 'PasswordStatus'),
  ForgetPassword: lazyView(loadPasswordViews, 'ForgetPassword'),
  ForgetOtp: lazyView(loadPasswordViews, 'ForgetOtp'),
  ResetPassword: lazyView(loadPasswordViews, 'ResetPassword'),
};

const TITLES: Record<OnboardingView, string> = {
  LoginForm: 'Login',
  SignUpForm: 'Sign Up',
  SocialSignupForm: 'Complete your sign-up',
  OTPForm: 'OTP Verification',
  PasswordSetup: 'Create Password',
  TermsConditions: 'Terms of Service',
  PasswordStatus: 'Password',
  ForgetPassword: 'Forgot Password',
  ForgetOtp: 'Recovery code',
  ResetPassword: 'Reset Password',
};

/**
 * One view. Its code in (the login form, or the entry view of /sign-up and /social-signup, loaded
 * with the page), it is rendered as part of the page, with no Suspense boundary: React hydrates a
 * boundary after the rest of the page, and a tap on the form meanwhile would find it without what
 * was typed into it before. Else it waits in Suspense while its chunk loads. Decided once per view:
 * changing it later would remount the view and lose what was typed.
 */
function ViewSlot({ View, ...props }: ViewProps & { View: ViewComponent }) {
  const [inNow] = useState(() => View.ready?.() ?? true);
  if (inNow) return <View {...props} />;
  return (
    <Suspense fallback={<div className="ob-view-loading" role="status" aria-label="Loading" />}>
      <View {...props} />
    </Suspense>
  );
}

export function OnboardingPage() {
  const location = useLocation();
  const { onboarding } = useStores();
  const startView = (remembered: OnboardingView | undefined) =>
    initialView({
      pathname: location.pathname,
      search: location.search,
      remembered,
      // React Router gives the first entry of a fresh page load the key 'default'.
      navigated: location.key !== 'default',
    });
  // The edge prerenders the address's own view; hydrating, the page starts from that one and goes
  // back to the view this tab remembers (a half-done OTP or reset) right after.
  const [rememberedAfterHydration] = useState(() => (isHydrating() ? onboarding.currentView : undefined));
  const [view, setView] = useState<OnboardingView>(() => startView(isHydrating() ? undefined : onboarding.currentView));
  const [flow, setFlow] = useState<Flow>({});
  const firstKey = useRef(location.key);

  useEffect(() => {
    if (rememberedAfterHydration) setView(startView(rememberedAfterHydration));
    // Once, after the hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Any later navigation to this page (a path change, the top bar's link) switches the view.
  useEffect(() => {
    if (location.key === firstKey.current) return;
    firstKey.current = location.key;
    setView(
      initialView({ pathname: location.pathname, search: location.search, remembered: undefined, navigated: true }),
    );
  }, [location.key, location.pathname, location.search]);

  // Back from a Facebook login that could not use its popup: say so once, and tidy the address.
  useEffect(() => {
    if (!cameBackFromFacebook(window.location.hash, window.location.search)) return;
    window.history.replaceState(
      window.history.state,
      '',
      withoutFacebookReturn(window.location.pathname, window.location.search),
    );
    toast(FACEBOOK_LOGIN_REDIRECTED_MESSAGE, 'error');
  }, []);

  usePrerenderHead(`${TITLES[view]} — ${PRODUCT_NAME}`);
  useEffect(() => {
    onboarding.setView(view);
    document.title = `${TITLES[view]} — ${PRODUCT_NAME}`;
  }, [onboarding, view]);

  const go = useCallback((next: OnboardingView, patch?: Partial<Flow>) => {
    if (patch) setFlow((f) => ({ ...f, ...patch }));
    setView(next);
    window.scrollTo(0, 0);
  }, []);

  return (
    <div className="ob" data-view={view}>
      <nav className="ob-top" aria-label="Top bar">
        <Link to="/home" className="ob-logo" aria-label={`${PRODUCT_NAME} home`}>
          <Logo name={PRODUCT_NAME} />
        </Link>
        {view === 'LoginForm' ? (
          <Link to="/sign-up" className="ob-btn ob-btn--ghost" {...warmOn(loadSignUpViews)}>
            Register
          </Link>
        ) : (
          <Link to="/login" className="ob-btn ob-btn--ghost">
            Login
          </Link>
        )}
      </nav>
      <div className="ob-main">
        <div className="ob-brand">
          <p className="ob-brand__kicker">Nigeria · Ghana</p>
          <p className="ob-brand__title">Sell your gift cards for naira and cedis.</p>
          <ul className="ob-brand__list">
            <li>Rate locked when you submit</li>
            <li>No extra transaction fees</li>
            <li>Withdraw to bank or mobile money</li>
          </ul>
        </div>
        <section className="ob-card" aria-live="off">
          <ViewSlot key={view} View={VIEW_COMPONENTS[view]} go={go} flow={flow} />
        </section>
      </div>
    </div>
  );
}
