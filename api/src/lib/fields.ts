import { z } from 'zod';
import {
  digitsOnly,
  validateCountry,
  validateEmail,
  validateForgetOtp,
  validatePassword,
  validatePhone,
  VALIDATION_MESSAGES as M,
} from './rules.js';

/**
 * Field schemas for form bodies: every value arrives as a string (a repeated key arrives as an
 * array), so each field says in plain words what was wrong. SPEC §5 messages come from rules.ts.
 */

const kindOf = (v: unknown) => (v === undefined ? 'missing' : Array.isArray(v) ? 'array' : typeof v);

const textError = (label: string, requiredMsg?: string) => (iss: { input?: unknown }) => {
  const kind = kindOf(iss.input);
  if (kind === 'missing') return requiredMsg ?? `${label} is required`;
  if (kind === 'array') return `${label} must be a single value`;
  return `${label} must be text`;
};

/** A required text field, trimmed, 1..max characters. */
export function text(label: string, max = 200, requiredMsg?: string) {
  return z
    .string({ error: textError(label, requiredMsg) })
    .trim()
    .min(1, { error: requiredMsg ?? `${label} is required` })
    .max(max, { error: `${label} is too long (maximum ${max} characters)` });
}

/** An optional text field: absent or empty gives ''. */
/**
 * A password that re-authenticates a change: absent (undefined) is told apart from sent empty.
 * The native apps send no such field at all (see SecurityService.confirmPassword); the web sends
 * what the person typed, empty included.
 */
export function reauthText(label: string, max = 128) {
  return z
    .string({ error: textError(label) })
    .max(max, { error: `${label} is too long (maximum ${max} characters)` })
    .optional();
}

export function optText(label: string, max = 200) {
  return z
    .string({ error: textError(label) })
    .trim()
    .max(max, { error: `${label} is too long (maximum ${max} characters)` })
    .optional()
    .transform((v) => v ?? '');
}

/** A whole number sent as a string (or a number in a JSON body). */
export function int(label: string, opts: { min?: number; max?: number; required?: string } = {}) {
  const { min = 0, max = 2_147_483_647 } = opts;
  return z.union([z.string(), z.number()], { error: textError(label, opts.required) }).transform((v, ctx) => {
    const s = typeof v === 'number' ? String(v) : v.trim();
    if (s === '') {
      ctx.addIssue({ code: 'custom', message: opts.required ?? `${label} is required` });
      return z.NEVER;
    }
    if (!/^-?\d{1,10}$/.test(s)) {
      ctx.addIssue({ code: 'custom', message: `${label} must be a whole number` });
      return z.NEVER;
    }
    const n = Number(s);
    if (n < min || n > max) {
      ctx.addIssue({ code: 'custom', message: `${label} must be between ${min} and ${max}` });
      return z.NEVER;
    }
    return n;
  });
}

export const optInt = (label: string, fallback: number, opts: { min?: number; max?: number } = {}) =>
  z
    .union([z.string(), z.number()], { error: textError(label) })
    .optional()
    .transform((v) => (v === undefined || v === '' ? String(fallback) : v))
    .pipe(int(label, opts));

export const page = () => optInt('page', 0, { min: 0, max: 100_000 });
export const pageSize = (fallback = 20, max = 1000) => optInt('page_size', fallback, { min: 1, max });

/** SPEC §5 rule as a refinement: the rule returns a message or undefined. */
const rule = (check: (v: string) => string | undefined) => (v: string, ctx: z.RefinementCtx) => {
  const msg = check(v);
  if (msg) ctx.addIssue({ code: 'custom', message: msg });
};

export const email = (requiredMsg: string = M.emailInvalid) =>
  z
    .string({ error: textError('Email', requiredMsg) })
    .trim()
    .max(254, { error: M.emailInvalid })
    .superRefine((v, ctx) => {
      if (v === '') ctx.addIssue({ code: 'custom', message: requiredMsg });
      else rule(validateEmail)(v, ctx);
    })
    .transform((v) => v.toLowerCase());

export const password = (label = 'Password') =>
  z
    .string({ error: textError(label, M.passwordRequired) })
    .max(128, { error: `${label} is too long (maximum 128 characters)` })
    .superRefine(rule(validatePassword));

/** Any existing password (login, current password): only required, since old rules may differ. */
export const currentPassword = () =>
  z
    .string({ error: textError('Password', M.passwordRequired) })
    .min(1, { error: M.passwordRequired })
    .max(128, { error: 'Password is too long (maximum 128 characters)' });

/** A WhatsApp or phone number: digits 8–15 after stripping spaces, dashes and a leading +. */
export const phone = (requiredMsg: string = M.phoneRequired) =>
  z
    .string({ error: textError('Phone number', requiredMsg) })
    .trim()
    .max(32, { error: M.phoneTooLong })
    .superRefine((v, ctx) => {
      if (v === '') return void ctx.addIssue({ code: 'custom', message: requiredMsg });
      if (!/^\+?[\d\s\-()]+$/.test(v))
        return void ctx.addIssue({ code: 'custom', message: 'Phone number must contain digits only' });
      rule(validatePhone)(digitsOnly(v), ctx);
    })
    .transform((v) => digitsOnly(v));

export const otp = (label = 'verify_code') =>
  z
    .union([z.string(), z.number()], { error: textError(label, validateForgetOtp('') ?? 'OTP must be 4 digits.') })
    .transform((v) => String(v).trim())
    .superRefine(rule(validateForgetOtp));

export const countryId = () =>
  z
    .union([z.string(), z.number()], { error: textError('Country', M.countryRequired) })
    .optional()
    .superRefine((v, ctx) => {
      const msg = validateCountry(v as string | number | undefined);
      if (msg) ctx.addIssue({ code: 'custom', message: msg });
      else if (!/^\d{1,6}$/.test(String(v).trim())) ctx.addIssue({ code: 'custom', message: M.countryRequired });
    })
    .transform((v) => Number(String(v).trim()));

/** A closed set of string values. */
export const oneOf = <T extends string>(label: string, values: readonly [T, ...T[]], fallback?: T) => {
  const base = z.enum(values, {
    error: (iss) =>
      iss.input === undefined ? `${label} is required` : `${label} must be one of: ${values.join(', ')}`,
  });
  return fallback === undefined ? base : base.optional().transform((v) => v ?? fallback);
};

export const emptyBody = z.object({});

/** The message for a malformed idempotency key (orders and withdrawals). */
export const IDEMPOTENCY_KEY_FORMAT =
  'idempotency_key must be 8–100 letters, digits, dashes, underscores, dots or colons';

/** An optional idempotency key: a retry with the same key and fields answers the first result. */
export const idempotencyKeyField = () =>
  optText('idempotency_key', 100).refine((v) => v === '' || /^[A-Za-z0-9_.:-]{8,100}$/.test(v), {
    message: IDEMPOTENCY_KEY_FORMAT,
  });
