/** @jest-environment node */
import { guardLoader, loginRedirectUrl } from '../guard';

describe('auth guard', () => {
  it('keeps the full original path, query and hash in redirect, with the login form as view', () => {
    const to = loginRedirectUrl(new URL('http://site/wallet/history?type=withdraw#latest'));
    const url = new URL(to, 'http://site');
    expect(url.pathname).toBe('/login');
    expect(url.searchParams.get('redirect')).toBe('/wallet/history?type=withdraw#latest');
    expect(url.searchParams.get('view')).toBe('LoginForm');
  });

  it('removes a leading /page prefix, and only a whole leading segment', () => {
    expect(
      new URL(loginRedirectUrl(new URL('http://site/page/homes/vip')), 'http://x').searchParams.get('redirect'),
    ).toBe('/homes/vip');
    // Nothing to come back to: the plain login form.
    expect(loginRedirectUrl(new URL('http://site/page'))).toBe('/login?view=LoginForm');
    expect(new URL(loginRedirectUrl(new URL('http://site/pages/x')), 'http://x').searchParams.get('redirect')).toBe(
      '/pages/x',
    );
  });

  it('keeps the page to come back to when the visitor is already on the way to the login form', () => {
    const first = loginRedirectUrl(new URL('http://site/wallet/history?type=withdraw#latest'));
    expect(loginRedirectUrl(new URL(first, 'http://site'))).toBe(first);
    expect(loginRedirectUrl(new URL('http://site/login?view=LoginForm'))).toBe('/login?view=LoginForm');
  });

  it('lets a signed-in user through and redirects an anonymous one', () => {
    const request = new Request('http://site/order');
    expect(guardLoader(() => true)({ request })).toBeNull();
    let thrown: unknown;
    try {
      guardLoader(() => false)({ request });
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get('Location')).toBe('/login?redirect=%2Forder&view=LoginForm');
  });
});
