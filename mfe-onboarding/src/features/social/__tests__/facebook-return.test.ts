import { cameBackFromFacebook, withoutFacebookReturn } from '../facebook-return';

describe('the way back from a redirected Facebook login', () => {
  it('is recognised by Facebook’s fragment or its error parameters', () => {
    expect(cameBackFromFacebook('#_=_', '')).toBe(true);
    expect(
      cameBackFromFacebook(
        '',
        '?error=access_denied&error_code=200&error_description=Permissions+error&error_reason=user_denied',
      ),
    ).toBe(true);
    expect(cameBackFromFacebook('', '?view=LoginForm')).toBe(false);
    expect(cameBackFromFacebook('#top', '?redirect=%2Fwallet')).toBe(false);
  });

  it('leaves the address without what Facebook added, keeping our own parameters', () => {
    expect(
      withoutFacebookReturn('/login', '?redirect=%2Fwallet&error=access_denied&error_reason=user_denied&state=x'),
    ).toBe('/login?redirect=%2Fwallet');
    expect(withoutFacebookReturn('/login', '')).toBe('/login');
  });
});
