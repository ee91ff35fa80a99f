// The sign-up flow's views, one chunk: loaded when the flow is opened, never with the login form.
export { SignUpForm } from './sign-up-form';
export { OTPForm } from './otp-form';
export { PasswordSetup } from './password-setup';
export { TermsConditions } from './terms-conditions';
export { SocialSignupForm } from './social-signup-form';
