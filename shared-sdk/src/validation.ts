// Every validation rule and message of SPEC §5, word for word. Pure functions: a rule answers the
// message of the first broken condition, or undefined when the value passes. The forms and the api
// both use them, so a rule and its wording exist once.

export const VALIDATION_MESSAGES = Object.freeze({
  emailInvalid: 'Please enter a valid email address.',
  passwordRequired: 'Password is required.',
  passwordTooShort: 'Password must be at least 8 characters.',
  passwordsDoNotMatch: 'Passwords do not match.',
  countryRequired: 'Country is required.',
  countryRequiredSocial: 'Please select your country',
  termsRequired: 'You must accept the Terms of Service.',
  phoneRequired: 'Phone number is required.',
  phoneTooShort: 'Phone number too short (minimum 8 digits)',
  phoneTooLong: 'Phone number too long (maximum 15 digits)',
  // Social sign-up words its messages without the final period (SPEC §5).
  socialPasswordRequired: 'Password is required',
  socialPasswordTooShort: 'Password must be at least 8 characters',
  socialPasswordsDoNotMatch: 'Passwords do not match',
  socialMissingAccount: 'Missing required account information',
  otpIncomplete: 'Please enter the complete 4-digit OTP.',
  setupTooShort: 'Password must be at least 8 characters long.',
  setupUppercase: 'Password must include at least one uppercase letter.',
  setupNumber: 'Password must include at least one number.',
  forgotEmailRequired: 'Email is required',
  forgotWhatsappRequired: 'WhatsApp number is required',
  forgotFillAll: 'Please fill all required fields',
  resetFixErrors: 'Please fix the errors before submitting.',
  forgetOtpInvalid: 'OTP must be 4 digits.',
  // SPEC §5 says only that both login fields are required; this wording is ours.
  loginUsernameRequired: 'Please enter your Email Address/WhatsApp Number.',
  // The transaction password (`pin` in code; DESIGN §5, not in SPEC): our wording, the same in the web app and the api.
  pinFormat: 'Transaction password must be exactly 6 digits.',
  pinsDoNotMatch: 'The two transaction passwords do not match.',
  pinTrivial:
    'This transaction password is too easy to guess: do not use one digit repeated or a run such as 123456 or 654321.',
  // The nickname (Settings; not in SPEC): our wording, the same in the web app and the api.
  nicknameRequired: 'Please enter a nickname.',
  nicknameTooLong: 'Nickname is too long (maximum 40 characters)',
} as const);

const M = VALIDATION_MESSAGES;

export const PASSWORD_MIN_LENGTH = 8;
export const PHONE_MIN_DIGITS = 8;
export const PHONE_MAX_DIGITS = 15;
export const OTP_DIGITS = 4;
export const PIN_DIGITS = 6;
export const NICKNAME_MAX_LENGTH = 40;
/** PasswordSetup's Continue needs at least this strength (SPEC §9). */
export const SETUP_MIN_STRENGTH = 40;

/** A form's errors by field name; a field without an error is absent. */
export type FormErrors<F extends string> = Partial<Record<F, string>>;

export const hasErrors = (errors: Readonly<Record<string, string | undefined>>): boolean =>
  Object.values(errors).some((message) => message !== undefined);

/** Keeps only the digits of what was typed (phone numbers, codes). */
export const digitsOnly = (text: string): string => text.replace(/\D/g, '');

// ---- Email, password, confirm, country, terms -------------------------------------------------

/** The simple {something}@{something}.{something} pattern, no spaces. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateEmail(email: string): string | undefined {
  return EMAIL_PATTERN.test(email.trim()) ? undefined : M.emailInvalid;
}

export function validatePassword(password: string): string | undefined {
  if (password === '') return M.passwordRequired;
  if (password.length < PASSWORD_MIN_LENGTH) return M.passwordTooShort;
  return undefined;
}

export function validateConfirmPassword(password: string, confirmPassword: string): string | undefined {
  return password === confirmPassword ? undefined : M.passwordsDoNotMatch;
}

/** A country id; 0, '' or '0' mean none chosen (the sign-up draft defaults to 0). */
export type CountryId = number | string | null | undefined;
const hasCountry = (country: CountryId): boolean =>
  country !== null && country !== undefined && String(country).trim() !== '' && String(country) !== '0';

export function validateCountry(country: CountryId, form: 'signup' | 'social' = 'signup'): string | undefined {
  if (hasCountry(country)) return undefined;
  return form === 'social' ? M.countryRequiredSocial : M.countryRequired;
}

export function validateTerms(accepted: boolean): string | undefined {
  return accepted ? undefined : M.termsRequired;
}

// ---- Phone ------------------------------------------------------------------------------------

export function validatePhone(phone: string): string | undefined {
  const digits = digitsOnly(phone);
  if (digits === '') return M.phoneRequired;
  if (digits.length < PHONE_MIN_DIGITS) return M.phoneTooShort;
  if (digits.length > PHONE_MAX_DIGITS) return M.phoneTooLong;
  return undefined;
}

/**
 * The full number with the dial code in front: ('8012345678', '+234') → '+2348012345678'. The
 * trunk '0' people type in Nigeria and Ghana (08012345678) is dropped, as in international format.
 * Kept for remotes built against it; forms and the api read numbers with `toE164` of
 * `@giftlane/shared-sdk/phone` (libphonenumber-js), which also understands `234…` typed without +.
 */
export function withDialCode(phone: string, dialCode: string): string {
  const code = digitsOnly(dialCode);
  const number = digitsOnly(phone).replace(/^0+/, '');
  return `+${code}${number}`;
}

export type PhoneCheck = { ok: true; value: string } | { ok: false; error: string };

/** Validates a phone number and, when valid, answers it with the dial code prefixed. */
export function checkPhone(phone: string, dialCode: string): PhoneCheck {
  const error = validatePhone(phone);
  return error ? { ok: false, error } : { ok: true, value: withDialCode(phone, dialCode) };
}

// ---- Strength ---------------------------------------------------------------------------------

export type StrengthLabel = 'Very Weak' | 'Weak' | 'Medium' | 'Strong' | 'Very Strong';

/** 20 points each for: length ≥ 8, an uppercase letter, a lowercase letter, a digit, a special character. */
export function passwordStrength(password: string): number {
  let score = 0;
  if (password.length >= PASSWORD_MIN_LENGTH) score += 20;
  if (/[A-Z]/.test(password)) score += 20;
  if (/[a-z]/.test(password)) score += 20;
  if (/\d/.test(password)) score += 20;
  if (/[^A-Za-z0-9]/.test(password)) score += 20;
  return score;
}

export function strengthLabel(score: number): StrengthLabel {
  if (score < 20) return 'Very Weak';
  if (score < 40) return 'Weak';
  if (score < 60) return 'Medium';
  if (score < 80) return 'Strong';
  return 'Very Strong';
}

// ---- Whole forms ------------------------------------------------------------------------------

export type RegisterMethod = 'email' | 'whatsapp';

export interface SignUpInput {
  method: RegisterMethod;
  email: string;
  phone: string;
  dialCode: string;
  country: CountryId;
  password: string;
  confirmPassword: string;
  termsAccepted: boolean;
}

export type SignUpField = 'email' | 'phone' | 'country' | 'password' | 'confirmPassword' | 'terms';

/** The sign-up form: only the chosen method's field is checked (toggling clears the other's error). */
export function validateSignUp(input: SignUpInput): FormErrors<SignUpField> {
  const errors: Record<SignUpField, string | undefined> = {
    email: input.method === 'email' ? validateEmail(input.email) : undefined,
    phone: input.method === 'whatsapp' ? validatePhone(input.phone) : undefined,
    country: validateCountry(input.country),
    password: validatePassword(input.password),
    confirmPassword: validateConfirmPassword(input.password, input.confirmPassword),
    terms: validateTerms(input.termsAccepted),
  };
  return pruned(errors);
}

/** The username the server expects: the email, or the dial code plus the WhatsApp number. */
export function signUpUsername(input: Pick<SignUpInput, 'method' | 'email' | 'phone' | 'dialCode'>): string {
  return input.method === 'email' ? input.email.trim() : withDialCode(input.phone, input.dialCode);
}

export interface SocialSignUpInput {
  password: string;
  confirmPassword: string;
  country: CountryId;
  social_id?: string | null;
  social_type?: string | null;
  social_email?: string | null;
}

export type SocialSignUpField = 'password' | 'confirmPassword' | 'country' | 'account';

export function validateSocialSignUp(input: SocialSignUpInput): FormErrors<SocialSignUpField> {
  let password: string | undefined;
  if (input.password === '') password = M.socialPasswordRequired;
  else if (input.password.length < PASSWORD_MIN_LENGTH) password = M.socialPasswordTooShort;
  return pruned({
    password,
    confirmPassword: input.password === input.confirmPassword ? undefined : M.socialPasswordsDoNotMatch,
    country: validateCountry(input.country, 'social'),
    account: input.social_id && input.social_type ? undefined : M.socialMissingAccount,
  });
}

/** Keeps the last digit typed into one OTP box ('' when it was not a digit). */
export function otpBoxValue(typed: string): string {
  const digits = digitsOnly(typed);
  return digits.slice(-1);
}

/** The four OTP boxes (or their joined text). */
export function validateOtp(boxes: readonly string[] | string): string | undefined {
  const code = typeof boxes === 'string' ? boxes : boxes.join('');
  return new RegExp(`^\\d{${OTP_DIGITS}}$`).test(code) ? undefined : M.otpIncomplete;
}

export type PasswordSetupField = 'password' | 'confirmPassword';

/** PasswordSetup: each condition in order; the first broken one is the password's message. */
export function validatePasswordSetup(password: string, confirmPassword: string): FormErrors<PasswordSetupField> {
  let first: string | undefined;
  if (password.length < PASSWORD_MIN_LENGTH) first = M.setupTooShort;
  else if (!/[A-Z]/.test(password)) first = M.setupUppercase;
  else if (!/\d/.test(password)) first = M.setupNumber;
  return pruned({ password: first, confirmPassword: validateConfirmPassword(password, confirmPassword) });
}

/** PasswordSetup's Continue: the two match and the strength is at least 40. */
export function canContinuePasswordSetup(password: string, confirmPassword: string): boolean {
  return password !== '' && password === confirmPassword && passwordStrength(password) >= SETUP_MIN_STRENGTH;
}

export interface ForgotPasswordInput {
  method: RegisterMethod;
  email: string;
  whatsapp: string;
  code: string;
  password: string;
}

/** Before the Send button sends a recovery code. */
export function validateForgotPasswordSend(
  input: Pick<ForgotPasswordInput, 'method' | 'email' | 'whatsapp'>,
): string | undefined {
  if (input.method === 'email') return input.email.trim() === '' ? M.forgotEmailRequired : undefined;
  return digitsOnly(input.whatsapp) === '' ? M.forgotWhatsappRequired : undefined;
}

/** Before Continue: every field of the chosen method filled. */
export function validateForgotPassword(input: ForgotPasswordInput): string | undefined {
  const address = input.method === 'email' ? input.email.trim() : digitsOnly(input.whatsapp);
  if (address === '' || input.code === '' || input.password === '') return M.forgotFillAll;
  return undefined;
}

/** The recovery-code input keeps digits only, at most 4. */
export const recoveryCodeInput = (typed: string): string => digitsOnly(typed).slice(0, OTP_DIGITS);
/** The WhatsApp number input keeps digits only. */
export const phoneInput = (typed: string): string => digitsOnly(typed);

export type ResetPasswordField = 'newPassword' | 'confirmPassword' | 'form';

/** Reset password: field errors plus the form message when any field is wrong. */
export function validateResetPassword(newPassword: string, confirmPassword: string): FormErrors<ResetPasswordField> {
  const fields = pruned({
    newPassword: validatePassword(newPassword),
    confirmPassword: validateConfirmPassword(newPassword, confirmPassword),
  });
  return hasErrors(fields) ? { ...fields, form: M.resetFixErrors } : fields;
}

export function validateForgetOtp(code: string): string | undefined {
  return new RegExp(`^\\d{${OTP_DIGITS}}$`).test(code) ? undefined : M.forgetOtpInvalid;
}

export type LoginField = 'username' | 'password';

export function validateLogin(input: { username: string; password: string }): FormErrors<LoginField> {
  return pruned({
    username: input.username.trim() === '' ? M.loginUsernameRequired : undefined,
    password: input.password === '' ? M.passwordRequired : undefined,
  });
}

function pruned<F extends string>(errors: Record<F, string | undefined>): FormErrors<F> {
  const out: FormErrors<F> = {};
  for (const key of Object.keys(errors) as F[]) {
    if (errors[key] !== undefined) out[key] = errors[key];
  }
  return out;
}

/** The transaction password (`pin` in code): exactly six digits. */
export const isPin = (value: string): boolean => new RegExp(`^\\d{${PIN_DIGITS}}$`).test(value);
export function validatePin(pin: string): string | undefined {
  return isPin(pin) ? undefined : M.pinFormat;
}
/** One digit repeated (000000, 111111) or a run up or down (123456, 654321, 890123): guessed first. */
function isTrivialPin(pin: string): boolean {
  const d = [...pin].map(Number);
  const steps = new Set(d.slice(1).map((x, i) => (x - d[i]! + 10) % 10));
  return steps.size === 1 && [0, 1, 9].includes([...steps][0]!);
}
/**
 * A new PIN and its confirmation: the format first, then not trivial, then the match. The api
 * checks every PIN it sets with the same function (the confirmation being the PIN itself).
 */
export function validateNewPin(pin: string, confirm: string): string | undefined {
  return (
    validatePin(pin) ??
    (isTrivialPin(pin) ? M.pinTrivial : undefined) ??
    (pin === confirm ? undefined : M.pinsDoNotMatch)
  );
}
/** The PIN input keeps at most six digits. */
export const pinInput = (typed: string): string => digitsOnly(typed).slice(0, PIN_DIGITS);

/** The name shown in the greeting: trimmed, 1 to NICKNAME_MAX_LENGTH characters. */
export function validateNickname(name: string): string | undefined {
  const trimmed = name.trim();
  if (trimmed === '') return M.nicknameRequired;
  if (trimmed.length > NICKNAME_MAX_LENGTH) return M.nicknameTooLong;
  return undefined;
}
