// The auth guard of SPEC §2: a visitor without a session token who opens a protected route goes to
// the login form, with the original full path (a leading /page prefix removed) kept in `redirect`.
import { redirect } from '@giftlane/shared-sdk/router';
import { loginRedirectPath } from '@giftlane/shared-sdk/login-redirect';

export function loginRedirectUrl(url: URL): string {
  return loginRedirectPath(url);
}

export function guardLoader(isSignedIn: () => boolean) {
  return ({ request }: { request: Request }) => {
    if (isSignedIn()) return null;
    const url = new URL(request.url);
    // A request carries no hash; on a page load the address bar still has it.
    if (typeof window !== 'undefined' && window.location.pathname === url.pathname && !url.hash)
      url.hash = window.location.hash;
    throw redirect(loginRedirectUrl(url));
  };
}
