// The error and status messages of SPEC §4 and §8, word for word, in one place. Pure.

/** CONTRACT §0: the reply code and messages that mean the session token is gone. */
export const TOKEN_INVALID_CODE = 'common.004';
export const TOKEN_INVALID_MESSAGE = 'Token is no longer valid, please log in again';
export const TOKEN_MISSING_MESSAGE = 'Necessary parameter error:token';

// Login
export const LOGIN_FAILED_MESSAGE = 'Login failed, check credential and please try again.';
/** Shown for every NetworkError (no reply, timeout, a non-2xx status without the envelope). */
export const NETWORK_ERROR_MESSAGE = 'An error occurred. Please check your network and try again.';

// Social sign-in
export type SocialProvider = 'google' | 'facebook' | 'apple';
export const PROVIDER_LABELS: Readonly<Record<SocialProvider, string>> = Object.freeze({
  google: 'Google',
  facebook: 'Facebook',
  apple: 'Apple',
});
export const GOOGLE_LOGIN_FAILED_MESSAGE = 'Google login failed. Please try again.';
export const APPLE_LOGIN_FAILED_MESSAGE = 'Apple login failed. Please try again.';
export const FACEBOOK_LOGIN_CANCELLED_MESSAGE = 'Facebook login was cancelled.';
export const FACEBOOK_ALLOW_POPUPS_MESSAGE = 'Please allow popups for Facebook login.';
export const FACEBOOK_LOGIN_FAILED_MESSAGE = 'Facebook login failed. Please try again.';
export const FACEBOOK_LOGIN_REDIRECTED_MESSAGE = 'Facebook login redirected. Please try again.';
/** 'Failed to login with Google' */
export const failedToLoginWithMessage = (provider: SocialProvider): string =>
  `Failed to login with ${PROVIDER_LABELS[provider]}`;
/** 'Google login failed' (when the server sends no msg) */
export const providerLoginFailedMessage = (provider: SocialProvider): string =>
  `${PROVIDER_LABELS[provider]} login failed`;
/** 'Google login successful!' */
export const providerLoginSuccessfulMessage = (provider: SocialProvider): string =>
  `${PROVIDER_LABELS[provider]} login successful!`;

// Binding a social account from settings
/** 'Google account bound successfully!' */
export const providerBoundMessage = (provider: SocialProvider): string =>
  `${PROVIDER_LABELS[provider]} account bound successfully!`;
/** 'Failed to bind Google account' (when the server sends no msg) */
export const bindFailedMessage = (provider: SocialProvider): string =>
  `Failed to bind ${PROVIDER_LABELS[provider]} account`;

// Registration
export const REGISTRATION_SUCCESSFUL_MESSAGE = 'Registration successful!';
export const REGISTRATION_FAILED_MESSAGE = 'Registration failed';
export const REGISTRATION_FAILED_RETRY_MESSAGE = 'Registration failed. Please try again.';
export const REGISTRATION_ERROR_MESSAGE = 'An error occurred during registration';
export const REGISTRATION_ERROR_RETRY_MESSAGE = 'An error occurred during registration. Please try again.';

// Sending a verification code
export const CODE_SENT_MESSAGE = 'Verification code sent successfully';
export const CODE_SEND_FAILED_MESSAGE = 'Failed to send verification code';
export const CODE_SEND_ERROR_MESSAGE = 'An error occurred while sending the code';

// Password reset
export const RESET_FAILED_MESSAGE = 'Failed to reset password';
export const RESET_ERROR_MESSAGE = 'An error occurred while resetting password';
export const RESET_FAILED_PERIOD_MESSAGE = 'Failed to reset password.';
export const GENERIC_RETRY_MESSAGE = 'An error occurred. Please try again.';
export const PASSWORD_SET_SUCCESS_MESSAGE = 'Password was set successfully!';
export const PASSWORD_SET_FAILED_MESSAGE = 'Password was not set successfully!';

// OTP resend
export const OTP_SEND_ISSUE_MESSAGE = 'There was an issue sending the OTP. Please try again.';
export const OTP_RESEND_FAILED_MESSAGE = 'Failed to resend OTP. Please try again.';
export const OTP_RESEND_ERROR_MESSAGE = 'An error occurred while resending OTP. Please try again.';

// Logout
export const LOGOUT_CONFIRM_MESSAGE = 'Do you wish to logout from this account?';
export const LOGOUT_FAILED_MESSAGE = 'Failed to log out. Please try again.';

// Third-party SDKs
export const APPLE_SDK_NOT_LOADED_MESSAGE = 'Apple SDK not loaded';
export const FACEBOOK_SDK_TIMEOUT_MESSAGE = 'Facebook SDK loading timeout';
export const FACEBOOK_SDK_LOAD_FAILED_MESSAGE = 'Failed to load Facebook SDK';

// Data loads that are only logged
export const VIP_FETCH_FAILED_MESSAGE = 'Failed to fetch VIP data';

/** The fixed messages above in one object, for screens that prefer `MESSAGES.logoutFailed`. */
export const MESSAGES = Object.freeze({
  tokenInvalid: TOKEN_INVALID_MESSAGE,
  tokenMissing: TOKEN_MISSING_MESSAGE,
  loginFailed: LOGIN_FAILED_MESSAGE,
  network: NETWORK_ERROR_MESSAGE,
  googleLoginFailed: GOOGLE_LOGIN_FAILED_MESSAGE,
  appleLoginFailed: APPLE_LOGIN_FAILED_MESSAGE,
  facebookLoginCancelled: FACEBOOK_LOGIN_CANCELLED_MESSAGE,
  facebookAllowPopups: FACEBOOK_ALLOW_POPUPS_MESSAGE,
  facebookLoginFailed: FACEBOOK_LOGIN_FAILED_MESSAGE,
  facebookLoginRedirected: FACEBOOK_LOGIN_REDIRECTED_MESSAGE,
  registrationSuccessful: REGISTRATION_SUCCESSFUL_MESSAGE,
  registrationFailed: REGISTRATION_FAILED_MESSAGE,
  registrationFailedRetry: REGISTRATION_FAILED_RETRY_MESSAGE,
  registrationError: REGISTRATION_ERROR_MESSAGE,
  registrationErrorRetry: REGISTRATION_ERROR_RETRY_MESSAGE,
  codeSent: CODE_SENT_MESSAGE,
  codeSendFailed: CODE_SEND_FAILED_MESSAGE,
  codeSendError: CODE_SEND_ERROR_MESSAGE,
  resetFailed: RESET_FAILED_MESSAGE,
  resetError: RESET_ERROR_MESSAGE,
  resetFailedPeriod: RESET_FAILED_PERIOD_MESSAGE,
  genericRetry: GENERIC_RETRY_MESSAGE,
  passwordSetSuccess: PASSWORD_SET_SUCCESS_MESSAGE,
  passwordSetFailed: PASSWORD_SET_FAILED_MESSAGE,
  otpSendIssue: OTP_SEND_ISSUE_MESSAGE,
  otpResendFailed: OTP_RESEND_FAILED_MESSAGE,
  otpResendError: OTP_RESEND_ERROR_MESSAGE,
  logoutConfirm: LOGOUT_CONFIRM_MESSAGE,
  logoutFailed: LOGOUT_FAILED_MESSAGE,
  appleSdkNotLoaded: APPLE_SDK_NOT_LOADED_MESSAGE,
  facebookSdkTimeout: FACEBOOK_SDK_TIMEOUT_MESSAGE,
  facebookSdkLoadFailed: FACEBOOK_SDK_LOAD_FAILED_MESSAGE,
  vipFetchFailed: VIP_FETCH_FAILED_MESSAGE,
} as const);
