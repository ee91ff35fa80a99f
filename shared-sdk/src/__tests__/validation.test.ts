import {
  canContinuePasswordSetup,
  checkPhone,
  otpBoxValue,
  passwordStrength,
  phoneInput,
  recoveryCodeInput,
  signUpUsername,
  strengthLabel,
  validateConfirmPassword,
  validateCountry,
  validateEmail,
  validateForgetOtp,
  validateForgotPassword,
  validateForgotPasswordSend,
  validateLogin,
  validateOtp,
  validatePassword,
  validatePasswordSetup,
  validatePhone,
  validateResetPassword,
  validateSignUp,
  validateSocialSignUp,
  validateTerms,
  VALIDATION_MESSAGES,
  withDialCode,
} from '../validation';
import { greetingName, showUnreadCount, vipBadgeLevel } from '../display';
import { pinInput, validateNewPin, validateNickname, validatePin } from '../validation';

// Every message is written out here word for word, as SPEC §5 has it, not read from the module:
// a changed wording in validation.ts fails these tests.
describe('SPEC §5 validation', () => {
  it('email', () => {
    expect(validateEmail('ada@example.com')).toBeUndefined();
    expect(validateEmail('ada@example')).toBe('Please enter a valid email address.');
    expect(validateEmail('ada example.com')).toBe('Please enter a valid email address.');
    expect(validateEmail('')).toBe('Please enter a valid email address.');
  });

  it('password and confirm', () => {
    expect(validatePassword('')).toBe('Password is required.');
    expect(validatePassword('1234567')).toBe('Password must be at least 8 characters.');
    expect(validatePassword('12345678')).toBeUndefined();
    expect(validateConfirmPassword('abcdefgh', 'abcdefgX')).toBe('Passwords do not match.');
    expect(validateConfirmPassword('abcdefgh', 'abcdefgh')).toBeUndefined();
  });

  it('country, in both wordings', () => {
    expect(validateCountry(0)).toBe('Country is required.');
    expect(validateCountry('')).toBe('Country is required.');
    expect(validateCountry(undefined)).toBe('Country is required.');
    expect(validateCountry(0, 'social')).toBe('Please select your country');
    expect(validateCountry(14)).toBeUndefined();
    expect(validateCountry('14', 'social')).toBeUndefined();
  });

  it('terms', () => {
    expect(validateTerms(false)).toBe('You must accept the Terms of Service.');
    expect(validateTerms(true)).toBeUndefined();
  });

  it('phone: digits only, 8 to 15, dial code prefixed', () => {
    expect(validatePhone('')).toBe('Phone number is required.');
    expect(validatePhone('abc')).toBe('Phone number is required.');
    expect(validatePhone('1234567')).toBe('Phone number too short (minimum 8 digits)');
    expect(validatePhone('1234567890123456')).toBe('Phone number too long (maximum 15 digits)');
    expect(validatePhone('12345678')).toBeUndefined();
    expect(validatePhone('123456789012345')).toBeUndefined();
    expect(checkPhone('8012345678', '+234')).toEqual({ ok: true, value: '+2348012345678' });
    expect(checkPhone('0244 123 456', '233')).toEqual({ ok: true, value: '+233244123456' });
    expect(checkPhone('123', '+234')).toEqual({ ok: false, error: 'Phone number too short (minimum 8 digits)' });
    expect(withDialCode('08012345678', '+234')).toBe('+2348012345678');
    expect(phoneInput('+234 801-234')).toBe('234801234');
  });

  it('strength score and labels', () => {
    expect(passwordStrength('')).toBe(0);
    expect(passwordStrength('abc')).toBe(20);
    expect(passwordStrength('abcdefgh')).toBe(40);
    expect(passwordStrength('Abcdefgh')).toBe(60);
    expect(passwordStrength('Abcdefg1')).toBe(80);
    expect(passwordStrength('Abcdef1!')).toBe(100);
    expect(strengthLabel(0)).toBe('Very Weak');
    expect(strengthLabel(19)).toBe('Very Weak');
    expect(strengthLabel(20)).toBe('Weak');
    expect(strengthLabel(40)).toBe('Medium');
    expect(strengthLabel(60)).toBe('Strong');
    expect(strengthLabel(80)).toBe('Very Strong');
    expect(strengthLabel(100)).toBe('Very Strong');
  });

  it('sign-up form: checks the chosen method only', () => {
    const base = {
      method: 'email' as const,
      email: 'x',
      phone: '',
      dialCode: '+234',
      country: 0,
      password: 'short',
      confirmPassword: 'other',
      termsAccepted: false,
    };
    expect(validateSignUp(base)).toEqual({
      email: 'Please enter a valid email address.',
      country: 'Country is required.',
      password: 'Password must be at least 8 characters.',
      confirmPassword: 'Passwords do not match.',
      terms: 'You must accept the Terms of Service.',
    });
    expect(validateSignUp({ ...base, method: 'whatsapp' })).toMatchObject({ phone: 'Phone number is required.' });
    expect(validateSignUp({ ...base, method: 'whatsapp' })).not.toHaveProperty('email');
    const ok = {
      ...base,
      email: 'a@b.co',
      country: 14,
      password: 'Secret123',
      confirmPassword: 'Secret123',
      termsAccepted: true,
    };
    expect(validateSignUp(ok)).toEqual({});
    expect(signUpUsername(ok)).toBe('a@b.co');
    expect(signUpUsername({ method: 'whatsapp', email: '', phone: '8012345678', dialCode: '+234' })).toBe(
      '+2348012345678',
    );
  });

  it('social sign-up: messages without the final period', () => {
    const account = { social_id: 'g-1', social_type: 'google' };
    expect(validateSocialSignUp({ password: '', confirmPassword: '', country: 14, ...account })).toEqual({
      password: 'Password is required',
    });
    expect(validateSocialSignUp({ password: 'short', confirmPassword: 'shorter', country: 0, ...account })).toEqual({
      password: 'Password must be at least 8 characters',
      confirmPassword: 'Passwords do not match',
      country: 'Please select your country',
    });
    expect(validateSocialSignUp({ password: 'Secret123', confirmPassword: 'Secret123', country: 14 })).toEqual({
      account: 'Missing required account information',
    });
    expect(
      validateSocialSignUp({ password: 'Secret123', confirmPassword: 'Secret123', country: 14, ...account }),
    ).toEqual({});
  });

  it('OTP', () => {
    expect(validateOtp(['1', '2', '3', ''])).toBe('Please enter the complete 4-digit OTP.');
    expect(validateOtp('12a4')).toBe('Please enter the complete 4-digit OTP.');
    expect(validateOtp(['1', '2', '3', '4'])).toBeUndefined();
    expect(otpBoxValue('a')).toBe('');
    expect(otpBoxValue('57')).toBe('7');
  });

  it('PasswordSetup: length, uppercase, number, match; Continue needs match and strength ≥ 40', () => {
    expect(validatePasswordSetup('Ab1', 'Ab1')).toEqual({ password: 'Password must be at least 8 characters long.' });
    expect(validatePasswordSetup('abcdefg1', 'abcdefg1')).toEqual({
      password: 'Password must include at least one uppercase letter.',
    });
    expect(validatePasswordSetup('Abcdefgh', 'Abcdefgh')).toEqual({
      password: 'Password must include at least one number.',
    });
    expect(validatePasswordSetup('Abcdefg1', 'Abcdefg2')).toEqual({ confirmPassword: 'Passwords do not match.' });
    expect(validatePasswordSetup('Abcdefg1', 'Abcdefg1')).toEqual({});
    expect(canContinuePasswordSetup('Abcdefg1', 'Abcdefg2')).toBe(false);
    expect(canContinuePasswordSetup('abc', 'abc')).toBe(false); // 20
    expect(canContinuePasswordSetup('abcdefgh', 'abcdefgh')).toBe(true); // 40
    expect(canContinuePasswordSetup('', '')).toBe(false);
  });

  it('forgot password', () => {
    const empty = { method: 'email' as const, email: '', whatsapp: '', code: '', password: '' };
    expect(validateForgotPasswordSend(empty)).toBe('Email is required');
    expect(validateForgotPasswordSend({ ...empty, method: 'whatsapp' })).toBe('WhatsApp number is required');
    expect(validateForgotPasswordSend({ ...empty, email: 'a@b.co' })).toBeUndefined();
    expect(validateForgotPassword({ ...empty, email: 'a@b.co', code: '1234' })).toBe('Please fill all required fields');
    expect(validateForgotPassword({ ...empty, email: 'a@b.co', code: '1234', password: 'Secret123' })).toBeUndefined();
    expect(recoveryCodeInput('12a345')).toBe('1234');
  });

  it('reset password', () => {
    expect(validateResetPassword('short', 'short')).toEqual({
      newPassword: 'Password must be at least 8 characters.',
      form: 'Please fix the errors before submitting.',
    });
    expect(validateResetPassword('Secret123', 'Secret124')).toEqual({
      confirmPassword: 'Passwords do not match.',
      form: 'Please fix the errors before submitting.',
    });
    expect(validateResetPassword('Secret123', 'Secret123')).toEqual({});
  });

  it('ForgetOtp', () => {
    expect(validateForgetOtp('123')).toBe('OTP must be 4 digits.');
    expect(validateForgetOtp('12345')).toBe('OTP must be 4 digits.');
    expect(validateForgetOtp('12a4')).toBe('OTP must be 4 digits.');
    expect(validateForgetOtp('1234')).toBeUndefined();
  });

  it('login: both fields required', () => {
    expect(validateLogin({ username: ' ', password: '' })).toEqual({
      username: VALIDATION_MESSAGES.loginUsernameRequired,
      password: 'Password is required.',
    });
    expect(validateLogin({ username: 'ada@example.com', password: 'x' })).toEqual({});
  });
});

describe('SPEC §4/§9 display rules', () => {
  it('greeting: first word, 10 characters plus ..., else Guest', () => {
    expect(greetingName('Ada Lovelace')).toBe('Ada');
    expect(greetingName('  Chukwuemeka Obi')).toBe('Chukwuemek...');
    expect(greetingName('Abcdefghij')).toBe('Abcdefghij');
    expect(greetingName('')).toBe('Guest');
    expect(greetingName(undefined)).toBe('Guest');
  });

  it('VIP badge: 1 to 5 their own, anything else default', () => {
    expect([1, 2, 3, 4, 5].map(vipBadgeLevel)).toEqual([1, 2, 3, 4, 5]);
    expect(vipBadgeLevel(0)).toBe('default');
    expect(vipBadgeLevel(6)).toBe('default');
    expect(vipBadgeLevel('3')).toBe(3);
    expect(vipBadgeLevel(undefined)).toBe('default');
    expect(showUnreadCount(0)).toBe(false);
    expect(showUnreadCount(2)).toBe(true);
  });
});

describe('withdrawal PIN (our wording, shared with the api)', () => {
  it('is exactly six digits, confirmed', () => {
    expect(validatePin('123456')).toBeUndefined();
    for (const bad of ['', '12345', '1234567', '12345a', ' 123456'])
      expect(validatePin(bad)).toBe('Transaction password must be exactly 6 digits.');
    expect(validateNewPin('246810', '246810')).toBeUndefined();
    expect(validateNewPin('246810', '246811')).toBe('The two transaction passwords do not match.');
    expect(validateNewPin('12', '12')).toBe('Transaction password must be exactly 6 digits.');
    expect(pinInput('12-34 5678')).toBe('123456');
  });

  it('refuses a new PIN of one digit repeated or a run up or down', () => {
    const trivial =
      'This transaction password is too easy to guess: do not use one digit repeated or a run such as 123456 or ' +
      '654321.';
    for (const pin of [
      '000000',
      '111111',
      '999999',
      '012345',
      '123456',
      '456789',
      '567890',
      '901234',
      '654321',
      '543210',
      '210987',
      '098765',
    ]) {
      expect(validateNewPin(pin, pin)).toBe(trivial);
    }
    for (const pin of ['246810', '135790', '112233', '123465', '121212', '100000', '909090', '274915'])
      expect(validateNewPin(pin, pin)).toBeUndefined();
    // Entering an existing PIN (to withdraw, or the current one) is only checked for its format.
    expect(validatePin('123456')).toBeUndefined();
  });
});

describe('nickname (our wording, shared with the api)', () => {
  it('is 1 to 40 characters once trimmed', () => {
    expect(validateNickname('Ada')).toBeUndefined();
    expect(validateNickname('  Ada Obi  ')).toBeUndefined();
    expect(validateNickname('x'.repeat(40))).toBeUndefined();
    expect(validateNickname('')).toBe('Please enter a nickname.');
    expect(validateNickname('   ')).toBe('Please enter a nickname.');
    expect(validateNickname('x'.repeat(41))).toBe('Nickname is too long (maximum 40 characters)');
  });
});
