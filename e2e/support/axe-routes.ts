// Every page the accessibility check opens, per app, and the route tables it must cover: each
// remote's `routes.tsx` is read as text (its paths), so a route added there without a page here
// fails `uncoveredRoutes` (the check's first test) instead of going unchecked.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { VIEWS } from '../../mfe-onboarding/src/app/views';

export type App = 'public' | 'onboarding' | 'account' | 'ops';

/** Values for the route parameters, made by the check before it opens the pages. */
export interface RouteParams {
  orderNo: string;
  caseNo: string;
  userId: string;
  appealNo: string;
  kycId: string;
}

export interface AxeRoute {
  app: App;
  /** The route table's path this page stands for. */
  pattern: string;
  url: (p: RouteParams) => string;
}

const at = (app: App, pattern: string, url?: string | ((p: RouteParams) => string)): AxeRoute => ({
  app,
  pattern,
  url: typeof url === 'function' ? url : () => url ?? pattern,
});

export const PUBLIC_AXE_ROUTES: AxeRoute[] = [
  ...[
    '/home',
    '/sellcard',
    '/ratesheet',
    '/referral-rewards',
    '/vip',
    '/coupon',
    '/activity',
    '/about',
    '/contact',
    '/job',
    '/faq',
    '/status',
    '/verified-channels',
    '/blog',
    '/blogs',
    '/blog/post',
    '/privacy-policy',
    '/accessibility',
    '/terms',
    '/disclaimer',
    '/app',
    '/secure-account',
  ].map((p) => at('public', p)),
  at('public', '/blog/post/:slug', '/blog/post/spot-a-used-gift-card'),
  at('public', '/blogs/post/:slug', '/blogs/post/spot-a-used-gift-card'),
];

/** The shell's own page for an unknown address (no route table: the shell's catch-all). */
export const NOT_FOUND_URL = '/no-such-page';

/** Onboarding's entry path for each of its ten views (the view itself is put in the tab's session). */
export const ONBOARDING_VIEW_PATHS: Record<(typeof VIEWS)[number], string> = {
  LoginForm: '/login',
  SignUpForm: '/sign-up',
  SocialSignupForm: '/social-signup?email=ada%40example.com',
  OTPForm: '/sign-up',
  PasswordSetup: '/sign-up',
  TermsConditions: '/sign-up',
  PasswordStatus: '/login',
  ForgetPassword: '/login',
  ForgetOtp: '/login',
  ResetPassword: '/login',
};
export const ONBOARDING_VIEWS = VIEWS;
export const ONBOARDING_PATTERNS = ['/login', '/sign-up', '/social-signup'];

export const ACCOUNT_AXE_ROUTES: AxeRoute[] = [
  at('account', '/homes'),
  at('account', '/homes/sell-gift-card'),
  at('account', '/homes/vip'),
  at('account', '/homes/coupon'),
  at('account', '/homes/cards'),
  at('account', '/homes/help'),
  at('account', '/homes/help/ask'),
  at('account', '/homes/help/cases/:caseNo', (p) => `/homes/help/cases/${p.caseNo}`),
  at('account', '/order'),
  at('account', '/order/:orderNo', (p) => `/order/${p.orderNo}`),
  at('account', '/wallet'),
  at('account', '/wallet/history'),
  at('account', '/wallet/reward'),
  at('account', '/settings'),
  at('account', '/notification'),
];
/** Old spellings that redirect to a page above (opened by the route check, not here). */
export const ACCOUNT_ALIASES = ['/home/sell-gift-card', '/home/vip', '/home/coupon'];

export const OPS_AXE_ROUTES: AxeRoute[] = [
  at('ops', '/ops'),
  at('ops', '/ops/orders/:orderNo', (p) => `/ops/orders/${p.orderNo}`),
  at('ops', '/ops/approvals'),
  at('ops', '/ops/appeals'),
  at('ops', '/ops/appeals/:appealNo', (p) => `/ops/appeals/${p.appealNo}`),
  at('ops', '/ops/kyc'),
  at('ops', '/ops/kyc/:id', (p) => `/ops/kyc/${p.kycId}`),
  at('ops', '/ops/cases'),
  at('ops', '/ops/cases/:caseNo', (p) => `/ops/cases/${p.caseNo}`),
  at('ops', '/ops/payouts'),
  at('ops', '/ops/rails'),
  at('ops', '/ops/rates'),
  at('ops', '/ops/users'),
  at('ops', '/ops/users/:id', (p) => `/ops/users/${p.userId}`),
  at('ops', '/ops/coupons'),
  at('ops', '/ops/channels'),
  at('ops', '/ops/audit'),
  at('ops', '/ops/dead-letters'),
  at('ops', '/ops/releases'),
  at('ops', '/ops/admin'),
];

const ROOT = path.resolve(import.meta.dirname, '../..');
const REMOTES: Record<App, string> = {
  public: 'mfe-public',
  onboarding: 'mfe-onboarding',
  account: 'mfe-account',
  ops: 'mfe-ops',
};

/**
 * The paths of one remote's route table, as written in its `routes.tsx` (the first argument of its
 * route helpers, or a `path:`); a child's relative path is read under its parent's.
 */
export function routeTablePaths(app: App): string[] {
  const source = readFileSync(path.join(ROOT, REMOTES[app], 'src', 'routes.tsx'), 'utf8');
  const body = source.slice(source.indexOf('export const routes'));
  const paths: string[] = [];
  let parent = '';
  for (const m of body.matchAll(/(?:\b[a-z]+\(|path: )'([^']+)'|index: true/g)) {
    if (m[0] === 'index: true') continue; // the parent's own path
    const p = m[1]!;
    if (p.startsWith('.')) continue; // a module: import('./pages/…')
    if (p.startsWith('/')) {
      if (m[0].startsWith('path:')) parent = p;
      paths.push(p);
    } else paths.push(`${parent}/${p}`);
  }
  return paths;
}

/** The mounts a remote declares to the shell (`mounts.json`). */
export function mountPaths(app: App): string[] {
  const file = path.join(ROOT, REMOTES[app], 'src', 'mounts.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as Array<{ path: string }>).map((m) => m.path);
}

/** Paths of the route tables and mounts that no page of the check stands for. */
export function uncoveredRoutes(): string[] {
  const covered = new Set([
    ...PUBLIC_AXE_ROUTES.map((r) => r.pattern),
    ...ONBOARDING_PATTERNS,
    ...ACCOUNT_AXE_ROUTES.map((r) => r.pattern),
    ...ACCOUNT_ALIASES,
    ...OPS_AXE_ROUTES.map((r) => r.pattern),
  ]);
  const apps: App[] = ['public', 'onboarding', 'account', 'ops'];
  return apps.flatMap((app) => [...routeTablePaths(app), ...mountPaths(app)]).filter((p) => !covered.has(p));
}
