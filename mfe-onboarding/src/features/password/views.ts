// The forgotten-password flow's views, one chunk: loaded when the flow is opened.
export { ForgetPassword } from './forget-password';
export { ForgetOtp } from './forget-otp';
export { ResetPassword } from './reset-password';
export { PasswordStatus } from './password-status';
