// Where a visitor without a valid session goes (SPEC §2, §4, §8): the login form, with the page
// they were on kept in `redirect` (a leading /page prefix removed) so signing in brings them back.
// Pure and without imports, so both the shell's guard (by path) and the SDK's token-invalid path
// use this one rule without a second copy of anything stateful.

/** Where a refused token sends the browser (SPEC §4, §8) when there is no page to come back to. */
export const LOGIN_PATH = '/login?view=LoginForm';

const ONBOARDING = /^\/(login|sign-up|social-signup)(\/|$)/;

export function loginRedirectPath(where: { pathname: string; search?: string; hash?: string }): string {
  const pathname = where.pathname.replace(/^\/page(?=\/|$)/, '') || '/';
  // Already on the way to the login form with a page to come back to (a second call refused while
  // the first refusal's navigation is under way): that page stays.
  const back = pathname === '/login' ? new URLSearchParams(where.search ?? '').get('redirect') : null;
  if (back) return loginRedirectPath({ pathname: back.startsWith('/') ? back : '/' });
  // Back to the login page itself (or nowhere in particular) needs no redirect.
  if (pathname === '/' || ONBOARDING.test(pathname)) return LOGIN_PATH;
  const query = new URLSearchParams({
    redirect: `${pathname}${where.search ?? ''}${where.hash ?? ''}`,
    view: 'LoginForm',
  });
  return `/login?${query.toString()}`;
}
