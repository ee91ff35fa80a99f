import * as m from '../messages';

// SPEC §4 and §8, word for word. Written out here so a changed wording in messages.ts fails.
describe('SPEC §8 message catalogue', () => {
  it('has every fixed message exactly', () => {
    expect(m.MESSAGES).toEqual({
      tokenInvalid: 'Token is no longer valid, please log in again',
      tokenMissing: 'Necessary parameter error:token',
      loginFailed: 'Login failed, check credential and please try again.',
      network: 'An error occurred. Please check your network and try again.',
      googleLoginFailed: 'Google login failed. Please try again.',
      appleLoginFailed: 'Apple login failed. Please try again.',
      facebookLoginCancelled: 'Facebook login was cancelled.',
      facebookAllowPopups: 'Please allow popups for Facebook login.',
      facebookLoginFailed: 'Facebook login failed. Please try again.',
      facebookLoginRedirected: 'Facebook login redirected. Please try again.',
      registrationSuccessful: 'Registration successful!',
      registrationFailed: 'Registration failed',
      registrationFailedRetry: 'Registration failed. Please try again.',
      registrationError: 'An error occurred during registration',
      registrationErrorRetry: 'An error occurred during registration. Please try again.',
      codeSent: 'Verification code sent successfully',
      codeSendFailed: 'Failed to send verification code',
      codeSendError: 'An error occurred while sending the code',
      resetFailed: 'Failed to reset password',
      resetError: 'An error occurred while resetting password',
      resetFailedPeriod: 'Failed to reset password.',
      genericRetry: 'An error occurred. Please try again.',
      passwordSetSuccess: 'Password was set successfully!',
      passwordSetFailed: 'Password was not set successfully!',
      otpSendIssue: 'There was an issue sending the OTP. Please try again.',
      otpResendFailed: 'Failed to resend OTP. Please try again.',
      otpResendError: 'An error occurred while resending OTP. Please try again.',
      logoutConfirm: 'Do you wish to logout from this account?',
      logoutFailed: 'Failed to log out. Please try again.',
      appleSdkNotLoaded: 'Apple SDK not loaded',
      facebookSdkTimeout: 'Facebook SDK loading timeout',
      facebookSdkLoadFailed: 'Failed to load Facebook SDK',
      vipFetchFailed: 'Failed to fetch VIP data',
    });
    expect(m.TOKEN_INVALID_CODE).toBe('common.004');
    expect(m.LOGOUT_FAILED_MESSAGE).toBe('Failed to log out. Please try again.');
    expect(m.NETWORK_ERROR_MESSAGE).toBe('An error occurred. Please check your network and try again.');
  });

  it('fills the provider into the templated messages', () => {
    expect(m.failedToLoginWithMessage('google')).toBe('Failed to login with Google');
    expect(m.providerLoginFailedMessage('facebook')).toBe('Facebook login failed');
    expect(m.providerLoginSuccessfulMessage('apple')).toBe('Apple login successful!');
    expect(m.providerBoundMessage('google')).toBe('Google account bound successfully!');
    expect(m.bindFailedMessage('apple')).toBe('Failed to bind Apple account');
  });
});
