/**
 * The validation rules and messages of SPEC §5, from the one place they are written: shared-sdk.
 * The api checks the same fields again with the same words; every route schema takes its messages
 * from here, never from string literals of its own.
 */
export {
  VALIDATION_MESSAGES,
  validateEmail,
  validatePassword,
  validatePhone,
  validateCountry,
  validateForgetOtp,
  digitsOnly,
  PASSWORD_MIN_LENGTH,
  PHONE_MIN_DIGITS,
  PHONE_MAX_DIGITS,
  OTP_DIGITS,
  isPin,
  validateNewPin,
  NICKNAME_MAX_LENGTH,
} from '@giftlane/shared-sdk/validation';
