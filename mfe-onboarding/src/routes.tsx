// /login, /sign-up and /social-signup: the onboarding container (SPEC §2). The page's code loads
// only when one of these paths is opened.
import { lazyPage, type RemoteRoute, type RemoteRoutesModule } from '@giftlane/shared-sdk';
import { ThemeRoot } from './app/theme-root';

const page = () => import('./app/onboarding-page').then((m) => ({ default: m.OnboardingPage }));

const view = (path: string, name?: string): RemoteRoute => ({
  path,
  handle: { layout: 'bare', protected: false, name },
  lazy: lazyPage(page, ThemeRoot),
});

export const routes: RemoteRoute[] = [view('/login'), view('/sign-up'), view('/social-signup', 'SocialSignup')];

const mod: RemoteRoutesModule = { routes };
export default mod;
