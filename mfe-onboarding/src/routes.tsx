// /login, /sign-up and /social-signup: the onboarding container (SPEC §2). The page's code loads
// only when one of these paths is opened.
import { lazyPage, type RemoteRoute, type RemoteRoutesModule } from '@giftlane/shared-sdk';
import { ThemeRoot } from './app/theme-root';
import { loadChunk, loadSignUpViews } from './lib/view-chunks';

const page = () => import('./app/onboarding-page').then((m) => ({ default: m.OnboardingPage }));

/**
 * The route of one entry view; `also` is that view's chunk, loaded beside the page's and awaited
 * with it: the entry view then renders with the page, so a prerendered form is hydrated in the
 * page's own commit (one behind a Suspense boundary would be hydrated later, and a tap or a
 * keystroke meanwhile would reach a form that has not taken what was typed before).
 */
const view = (path: string, name?: string, also?: Parameters<typeof loadChunk>[0]): RemoteRoute => ({
  path,
  handle: { layout: 'bare', protected: false, name },
  lazy: lazyPage(async () => (await Promise.all([page(), also ? loadChunk(also) : undefined]))[0], ThemeRoot),
});

export const routes: RemoteRoute[] = [
  view('/login'),
  view('/sign-up', undefined, loadSignUpViews),
  view('/social-signup', 'SocialSignup', loadSignUpViews),
];

const mod: RemoteRoutesModule = { routes };
export default mod;
