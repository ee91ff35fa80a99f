import { initialView, safeRedirect } from '../views';

describe('initialView', () => {
  const at = (
    pathname: string,
    search = '',
    remembered?: Parameters<typeof initialView>[0]['remembered'],
    navigated = false,
  ) => initialView({ pathname, search, remembered, navigated });

  it('takes LoginForm or SignUpForm from /login?view=', () => {
    expect(at('/login', '?view=SignUpForm')).toBe('SignUpForm');
    expect(at('/login', '?view=LoginForm', 'ForgetPassword')).toBe('LoginForm');
    expect(at('/login', '?view=ResetPassword')).toBe('LoginForm');
  });

  it('brings a remembered step back after a reload, only in the flow the address opens', () => {
    expect(at('/login', '', 'ForgetPassword')).toBe('ForgetPassword');
    expect(at('/login', '', 'ResetPassword')).toBe('ResetPassword');
    expect(at('/sign-up', '', 'OTPForm')).toBe('OTPForm');
    expect(at('/social-signup', '', 'TermsConditions')).toBe('TermsConditions');
    expect(at('/sign-up', '', 'ForgetPassword')).toBe('SignUpForm');
    expect(at('/social-signup', '', 'LoginForm')).toBe('SocialSignupForm');
    expect(at('/social-signup', '', 'OTPForm')).toBe('SocialSignupForm');
  });

  it('never lets a remembered entry form or another flow’s step beat the address', () => {
    // The tab visited /sign-up before: /login is still the login form.
    expect(at('/login', '', 'SignUpForm')).toBe('LoginForm');
    expect(at('/login', '', 'OTPForm')).toBe('LoginForm');
    expect(at('/login', '', 'SocialSignupForm')).toBe('LoginForm');
    expect(at('/login', '?view=LoginForm', 'OTPForm')).toBe('LoginForm');
    expect(at('/sign-up', '', 'LoginForm')).toBe('SignUpForm');
    expect(at('/login', '?view=SignUpForm', 'OTPForm')).toBe('SignUpForm');
  });

  it('switches to the path’s own view on a path change', () => {
    expect(at('/login', '', 'ForgetPassword', true)).toBe('LoginForm');
    expect(at('/sign-up', '', 'OTPForm', true)).toBe('SignUpForm');
    expect(at('/social-signup', '', undefined, true)).toBe('SocialSignupForm');
  });
});

describe('safeRedirect', () => {
  it('keeps same-site paths with their query and hash', () => {
    expect(safeRedirect('/wallet/history?type=withdraw#x')).toBe('/wallet/history?type=withdraw#x');
    expect(safeRedirect('/homes')).toBe('/homes');
  });

  it('refuses other sites, schemes, odd slashes and the login page itself', () => {
    for (const bad of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example/x',
      'javascript:alert(1)',
      'homes',
      '',
      null,
      '/login?x=1',
      '/sign-up',
      '/a\nb',
    ]) {
      expect(safeRedirect(bad)).toBeUndefined();
    }
  });

  // Each of these resolves (in a browser, or in a router or server that decodes once) to
  // //evil.example or /\evil.example, another site.
  it.each([
    '/.//evil.example',
    '/..//evil.example',
    '/%2e//evil.example',
    '/%2E%2E//evil.example',
    '/./..//evil.example/x?y=1',
    '/a/../..//evil.example',
    '/\\evil.example',
    '/.\\evil.example',
    '/%5cevil.example',
    '/%5Cevil.example',
    '/%2fevil.example',
    '/%2F%2Fevil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r//evil.example',
    '/ \t//evil.example',
    '\t//evil.example',
    ' //evil.example',
  ])('refuses %j, which would leave the site', (bad) => {
    expect(safeRedirect(bad)).toBeUndefined();
  });

  it('keeps a same-site path that only looks odd, normalised', () => {
    expect(safeRedirect('/./wallet/../homes?x=1')).toBe('/homes?x=1');
    expect(safeRedirect('/wallet/.//history')).toBe('/wallet//history');
  });
});
