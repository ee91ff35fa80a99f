// Facebook's login opens a popup; a browser that cannot (an in-app browser, a popup setting) is sent
// to Facebook and back instead. It returns to our page with Facebook's `#_=_` fragment, or with
// `error_reason` when the person refused. The web sign-in needs the popup's token, so it cannot be
// finished from there: the page says so (SPEC §8's toast) and the person tries again.

/** True when the address is Facebook's way back from a redirected login. */
export function cameBackFromFacebook(hash: string, search: string): boolean {
  const q = new URLSearchParams(search);
  return hash === '#_=_' || q.has('error_reason') || (q.has('error') && q.has('error_description'));
}

/** The same address without what Facebook added, so a reload does not say it again. */
export function withoutFacebookReturn(pathname: string, search: string): string {
  const q = new URLSearchParams(search);
  for (const key of ['error', 'error_code', 'error_description', 'error_reason', 'state', 'code']) q.delete(key);
  const rest = q.toString();
  return `${pathname}${rest ? `?${rest}` : ''}`;
}
