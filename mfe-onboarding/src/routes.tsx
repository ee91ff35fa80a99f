// /login, /sign-up and /social-signup: the onboarding container (SPEC §2). The page's code loads
// only when one of these paths is opened.
import { lazyPage, type RemoteRoute, type RemoteRoutesModule } from '@giftlane/shared-sdk';
import { ThemeRoot } from './app/theme-root';
import { loadSignUpViews, warm } from './lib/view-chunks';

const page = () => import('./app/onboarding-page').then((m) => ({ default: m.OnboardingPage }));

/** The route of one entry view; `also` starts loading that view's chunk beside the page's. */
const view = (path: string, name?: string, also?: Parameters<typeof warm>[0]): RemoteRoute => ({
  path,
  handle: { layout: 'bare', protected: false, name },
  lazy: lazyPage(() => {
    if (also) void warm(also);
    return page();
  }, ThemeRoot),
});

export const routes: RemoteRoute[] = [
  view('/login'),
  view('/sign-up', undefined, loadSignUpViews),
  view('/social-signup', 'SocialSignup', loadSignUpViews),
];

const mod: RemoteRoutesModule = { routes };
export default mod;
