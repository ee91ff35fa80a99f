// Every public page of SPEC §2 but the onboarding ones. Each page is its own chunk, loaded when a
// visitor opens it, so the first page carries only what it shows.
import { lazyPage, type RemoteRoute, type RemoteRoutesModule } from '@giftlane/shared-sdk';
// One stylesheet for every public page, loaded with the routes: cached once, no flash per page.
import './styles/public.css';

type PageLoader = Parameters<typeof lazyPage>[0];

const pub = (path: string, load: PageLoader): RemoteRoute => ({
  path,
  handle: { layout: 'public', protected: false },
  lazy: lazyPage(load),
});

/** A blog post: its loader answers 404 for an unknown slug, so the shell shows its not-found page. */
const post = (path: string): RemoteRoute => ({
  path,
  handle: { layout: 'public', protected: false },
  lazy: async () => {
    const m = await import('./pages/blog-post');
    return { loader: m.loader, Component: m.default };
  },
});

export const routes: RemoteRoute[] = [
  pub('/home', () => import('./pages/home')),
  pub('/sellcard', () => import('./pages/sellcard')),
  pub('/ratesheet', () => import('./pages/ratesheet')),
  pub('/referral-rewards', () => import('./pages/referral')),
  pub('/vip', () => import('./pages/vip')),
  pub('/coupon', () => import('./pages/coupon')),
  pub('/activity', () => import('./pages/activity')),
  pub('/about', () => import('./pages/about')),
  pub('/contact', () => import('./pages/contact')),
  pub('/job', () => import('./pages/job')),
  pub('/faq', () => import('./pages/faq')),
  pub('/status', () => import('./pages/status')),
  pub('/verified-channels', () => import('./pages/verified-channels')),
  pub('/blog', () => import('./pages/blog')),
  pub('/blogs', () => import('./pages/blog')),
  pub('/blog/post', () => import('./pages/blog')),
  post('/blog/post/:slug'),
  post('/blogs/post/:slug'),
  pub('/privacy-policy', () => import('./pages/privacy')),
  pub('/accessibility', () => import('./pages/accessibility')),
  pub('/terms', () => import('./pages/terms')),
  pub('/disclaimer', () => import('./pages/disclaimer')),
  pub('/app', () => import('./pages/app')),
  // The "this wasn't me" link of security alerts (api: security/wasNotMe).
  pub('/secure-account', () => import('./pages/secure-account')),
];

const mod: RemoteRoutesModule = { routes };
export default mod;
