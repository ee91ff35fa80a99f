// The account's actions, one function each: sign up, reset or change the password, bind WhatsApp,
// set the e-mail address, set the avatar, close the account. Routes parse and answer; the rules and
// the transactions are here, the SQL in repo.ts.
import type { Db } from '../../db/db.js';
import { AppError, Codes } from '../../lib/envelope.js';
import { AccountLimited } from '../../lib/limits.js';
import { VALIDATION_MESSAGES as M } from '../../lib/rules.js';
import { grantSignupCoupons } from '../coupon/service.js';
import type { Reference } from '../../shared/reference.js';
import {
  accountOwner,
  confirmPassword,
  SECURITY_MESSAGES,
  securityChanged,
  type SecurityDeps,
} from '../security/service.js';
import { socialRepo } from '../social/repo.js';
import { endPending, type PendingIdentity } from '../social/pending.js';
import type { Provider } from '../social/verify.js';
import { uploadRepo } from '../uploads/repo.js';
import type { AccountHooks } from './hooks.js';
import { OTP_MESSAGES, type Otp } from './otp.js';
import { hashPassword, verifyPassword } from '../../shared/passwords.js';
import {
  accountRepo,
  findUserByLogin,
  isUniqueViolation,
  markSignedIn,
  newInviteCode,
  signInFailures,
  type UserRow,
} from './repo.js';
import type { AuthContext, SessionMeta, Sessions } from '../../shared/sessions.js';

export const USER_MESSAGES = {
  avatarNotYours: 'Upload the photo first: this image is not one of yours',
  loginFailed: 'Incorrect account or password',
  emailTaken: 'This email is already registered',
  whatsappTaken: 'This WhatsApp number is already registered',
  usernameTaken: 'This username is already taken',
  accountTaken: 'This account is already registered',
  referralUnknown: 'Referral code not found',
  samePassword: 'The new password must be different from the current one',
  socialExpired: 'Your social sign-in has expired, please sign in with the provider again',
  codeSent: 'Verification code sent successfully',
} as const;

/** The app's pieces the account's actions use (each action runs on the `db` it is given first). */
export interface AccountDeps {
  ref: Reference;
  otp: Otp;
  sessions: Sessions;
  security: SecurityDeps;
  accounts: AccountHooks;
}

/** A sign-up as the route read it: the address it is made with, and the social sign-in it completes. */
export interface Registration {
  countryId: number;
  byWhatsapp: boolean;
  registerType: number;
  /** Lower-case e-mail address, and WhatsApp digits with the dial code. */
  email: string | null;
  whatsapp: string | null;
  password: string;
  code: string;
  recommendCode: string;
  channelType: number;
  deviceNo: string;
  /**
   * A social sign-up: the provider's identity, and what the provider said of it (checked by the route against this
   * browser or device).
   */
  social: { provider: Provider; uid: string; pending: PendingIdentity } | null;
  meta: SessionMeta;
}

/**
 * Sign-up. The code proves the address (a social sign-up is proven by the provider); it is checked
 * before "already registered", which only the address's owner may learn: an address with an
 * account was sent no sign-up code, so a stranger gets "Invalid verification code". Then, in one
 * transaction: the code spent, the account, its social identity, the welcome coupons, a session.
 */
export async function register(db: Db, deps: AccountDeps, r: Registration): Promise<{ id: number; token: string }> {
  const { ref, otp } = deps;
  const country = await ref.country(r.countryId);
  const pending = r.social?.pending ?? null;
  const needCode = !r.social && (await ref.setting<Record<string, unknown>>('appinit', {})).is_need_verify === '1';
  let codeId: bigint | null = null;
  if (needCode) {
    if (!/^\d{4}$/.test(r.code)) throw new AppError(M.otpIncomplete, Codes.validation);
    codeId = await otp.check({ purpose: 'register', address: r.byWhatsapp ? r.whatsapp! : r.email!, code: r.code });
  }
  if (r.email && (await accountRepo.inUse(db, 'email', r.email))) throw new AppError(USER_MESSAGES.emailTaken);
  if (r.whatsapp && (await accountRepo.inUse(db, 'whatsapp', r.whatsapp)))
    throw new AppError(USER_MESSAGES.whatsappTaken);
  const emailVerified =
    Boolean(r.email) &&
    ((!r.byWhatsapp && needCode) || (pending?.email_verified === true && pending.email === r.email));
  const passwordHash = await hashPassword(r.password);
  let referrer: number | null = null;
  if (r.recommendCode) {
    referrer = await accountRepo.byInviteCode(db, r.recommendCode);
    if (!referrer) throw new AppError(USER_MESSAGES.referralUnknown);
  }
  try {
    return await db.tx(async (q) => {
      if (codeId !== null) await otp.spend(q, codeId);
      const id = await accountRepo.create(q, {
        username: r.byWhatsapp ? `+${r.whatsapp}` : r.email!,
        email: r.email,
        emailVerified,
        whatsapp: r.whatsapp,
        whatsappVerified: r.byWhatsapp && needCode,
        countryId: country.id,
        // No name given (a WhatsApp sign-up): none is made up, the screens greet without one.
        nickname: (pending?.name || (r.email ? r.email.split('@')[0]! : '')).slice(0, 40),
        passwordHash,
        registerType: r.social ? 3 : r.registerType,
        channelType: r.channelType || 3,
        deviceNo: r.deviceNo,
        inviteCode: newInviteCode(),
        referrerId: referrer,
      });
      if (r.social) {
        await socialRepo.bind(q, {
          provider: r.social.provider,
          uid: r.social.uid,
          userId: id,
          email: pending?.email ?? null,
          name: pending?.name ?? '',
        });
        await endPending(q, r.social.provider, r.social.uid);
      }
      // Coupons follow server rules only: every new account gets the active welcome coupons of its
      // currency (api/README.md). The client's sign_to_coupon is accepted for the contract and ignored.
      await grantSignupCoupons(q, { userId: id, walletCurrency: country.wallet_currency });
      return { id, token: await deps.sessions.create(q, { userId: id, meta: r.meta }) };
    });
  } catch (err) {
    if (isUniqueViolation(err)) {
      const m = String((err as Error).message);
      throw new AppError(
        m.includes('whatsapp')
          ? USER_MESSAGES.whatsappTaken
          : m.includes('social')
            ? USER_MESSAGES.accountTaken
            : USER_MESSAGES.emailTaken,
      );
    }
    throw err;
  }
}

/** Failed sign-ins per sign-in name in PostgreSQL: at most `max` wrong passwords in a window of `windowMs`. */
export interface SignInGuard {
  max: number;
  windowMs: number;
}

let signInsSincePurge = 0;

/**
 * Sign-in with an address (or username) and the password: one answer for a wrong either. Each try
 * first reserves a failure for the sign-in name in PostgreSQL: once the window's budget
 * is spent every try is refused with "Too many attempts for this account…" before any comparison,
 * from every api process, with or without Redis, and a name nobody uses is treated alike. A right
 * password gives its reservation back.
 */
export async function signIn(
  db: Db,
  deps: Pick<AccountDeps, 'sessions'>,
  input: { login: string; whatsappDigits: string | null; password: string; meta: SessionMeta; guard: SignInGuard },
): Promise<{ user: UserRow; token: string }> {
  const { login, whatsappDigits, password, meta, guard } = input;
  const name = whatsappDigits || login.trim().toLowerCase();
  const now = new Date();
  if (++signInsSincePurge >= 500) {
    signInsSincePurge = 0;
    await signInFailures.purge(db, guard.windowMs, now);
  }
  if (!(await signInFailures.reserve(db, name, guard.max, guard.windowMs, now))) {
    const end = await signInFailures.windowEnd(db, name, guard.windowMs);
    throw new AccountLimited(end ? (end.getTime() - Date.now()) / 1000 : guard.windowMs / 1000);
  }
  const u = await findUserByLogin(db, login, whatsappDigits);
  const okPassword = await verifyPassword(u?.password_hash, password);
  if (!u || !okPassword) throw new AppError(USER_MESSAGES.loginFailed);
  await signInFailures.release(db, name);
  const token = await db.tx(async (q) => {
    await markSignedIn(q, u.id);
    return deps.sessions.create(q, { userId: u.id, meta });
  });
  return { user: { ...u, last_login_at: new Date() }, token };
}

/**
 * A forgotten password, reset with the code sent to the address. The code is checked first: an
 * address without an account was sent none, so it answers as a wrong code does. A reset clears the
 * re-authentication lock and signs whoever knew the old password out everywhere.
 */
export async function resetPassword(
  db: Db,
  deps: Pick<AccountDeps, 'otp' | 'security' | 'sessions'>,
  input: { by: 'email' | 'whatsapp'; address: string; code: string; newPassword: string },
): Promise<void> {
  const { otp, security } = deps;
  const { by, address, code, newPassword } = input;
  const id = await accountRepo.activeIdBy(db, by, address);
  const codeId = await otp.check({ purpose: 'reset_password', address, code, userId: id });
  if (!id) throw new AppError(OTP_MESSAGES.wrong);
  const hash = await hashPassword(newPassword);
  const alert = await db.tx(async (q) => {
    await otp.spend(q, codeId);
    const before = await accountOwner(q, id);
    await accountRepo.setPassword(q, id, hash, true);
    await deps.sessions.revokeAll(q, { userId: id });
    return securityChanged(q, security, { before, change: 'password_reset' });
  });
  await alert();
}

/**
 * A password change: the current one confirmed (wrong ones count towards a lock); the other sessions end; the owner is
 * told.
 */
export async function changePassword(
  db: Db,
  deps: Pick<AccountDeps, 'security' | 'sessions'>,
  input: { auth: AuthContext; user: UserRow; current: string; next: string },
): Promise<void> {
  const { auth, user: u, current, next } = input;
  await confirmPassword(db, deps.security, { auth, password: current });
  if (current === next) throw new AppError(USER_MESSAGES.samePassword);
  const hash = await hashPassword(next);
  const alert = await db.tx(async (q) => {
    await accountRepo.setPassword(q, u.id, hash, false);
    await deps.sessions.revokeAll(q, { userId: u.id, exceptSessionId: auth.sessionId });
    return securityChanged(q, deps.security, { before: u, change: 'password' });
  });
  await alert();
}

/**
 * What a change of a sign-in address carries: the login password, the new address's code, and the bound one's when
 * replacing it.
 */
export interface AddressChange {
  address: string;
  code: string;
  oldCode: string;
  password: string | undefined;
}

/**
 * Binds or replaces the WhatsApp number. The apps ask for the code without their token, so it was
 * issued for sign-up: for a number no account uses, that code proves the number just as well. The
 * newest live code decides which.
 */
export async function bindWhatsapp(
  db: Db,
  deps: Pick<AccountDeps, 'otp' | 'security'>,
  input: { auth: AuthContext; user: UserRow; change: AddressChange },
): Promise<void> {
  const { otp, security } = deps;
  const { auth, user: u, change: c } = input;
  await confirmPassword(db, security, { auth, password: c.password });
  const digits = c.address;
  if (await accountRepo.inUse(db, 'whatsapp', digits, u.id)) throw new AppError(USER_MESSAGES.whatsappTaken);
  const replacing = Boolean(u.whatsapp && u.whatsapp_verified && u.whatsapp !== digits);
  if (replacing && !c.oldCode) throw new AppError(SECURITY_MESSAGES.oldCodeRequired);
  const codeId = await otp.check({
    purpose: (await otp.newestPurpose(digits, ['bind_whatsapp', 'register'])) ?? 'bind_whatsapp',
    address: digits,
    code: c.code,
    userId: u.id,
  });
  const oldCodeId = replacing
    ? await otp.check({ purpose: 'confirm_change', address: u.whatsapp!, code: c.oldCode })
    : null;
  let alert: () => Promise<void>;
  try {
    alert = await db.tx(async (q) => {
      await otp.spend(q, codeId);
      if (oldCodeId !== null) await otp.spend(q, oldCodeId);
      await accountRepo.setWhatsapp(q, u.id, digits);
      return securityChanged(q, security, {
        before: u,
        change: 'whatsapp',
        detail: `The new number ends in ${digits.slice(-4)}.`,
      });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(USER_MESSAGES.whatsappTaken);
    throw err;
  }
  await alert();
}

/**
 * Binds or replaces the e-mail address; replacing a bound one needs the code sent to it as well as
 * the new one's. The addresses the account had before are told, with a "this wasn't me" link.
 */
export async function setEmail(
  db: Db,
  deps: Pick<AccountDeps, 'otp' | 'security'>,
  input: { auth: AuthContext; user: UserRow; change: AddressChange },
): Promise<void> {
  const { otp, security } = deps;
  const { auth, user: u, change: c } = input;
  await confirmPassword(db, security, { auth, password: c.password });
  if (await accountRepo.inUse(db, 'email', c.address, u.id)) throw new AppError(USER_MESSAGES.emailTaken);
  const old = u.email_verified && u.email ? u.email.toLowerCase() : null;
  const replacing = Boolean(old && old !== c.address);
  if (replacing && !c.oldCode) throw new AppError(SECURITY_MESSAGES.oldCodeRequired);
  const codeId = await otp.check({ purpose: 'bind_email', address: c.address, code: c.code, userId: u.id });
  const oldCodeId = replacing ? await otp.check({ purpose: 'confirm_change', address: old!, code: c.oldCode }) : null;
  let alert: () => Promise<void>;
  try {
    alert = await db.tx(async (q) => {
      await otp.spend(q, codeId);
      if (oldCodeId !== null) await otp.spend(q, oldCodeId);
      await accountRepo.setEmail(q, u.id, c.address);
      return securityChanged(q, security, {
        before: u,
        change: 'email',
        detail: `The new address is ${c.address.replace(/^(.).*(@.*)$/, '$1***$2')}.`,
      });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(USER_MESSAGES.emailTaken);
    throw err;
  }
  await alert();
}

/**
 * The avatar: an image URL, or one of our uploads, which must be the caller's own. It becomes public
 * as an avatar (card photos are private), so nobody can publish another person's card photo by naming it.
 */
export async function setAvatar(
  db: Db,
  input: { userId: number; url: string; upload: { objectName: string; url: string } | null },
): Promise<void> {
  const { userId, url, upload } = input;
  await db.tx(async (q) => {
    if (upload && !(await uploadRepo.makeAvatar(q, upload.objectName, userId)))
      throw new AppError(USER_MESSAGES.avatarNotYours);
    await accountRepo.setAvatar(q, userId, upload ? upload.url : url);
  });
}

/**
 * Closes the account: refused while money or open orders remain; personal data erased, sessions
 * revoked. The login password goes through the one re-authentication (its failure count and lock,
 * else this call would tell a right password from a wrong one during the lock); the field
 * is always sent here, so no sign-in grace applies. An account without a password (social sign-in
 * only) has none to prove.
 */
export async function closeAccount(
  db: Db,
  deps: Pick<AccountDeps, 'security' | 'sessions' | 'accounts'>,
  input: { auth: AuthContext; user: UserRow; password: string },
): Promise<void> {
  const { auth, user: u, password } = input;
  if (u.password_hash) await confirmPassword(db, deps.security, { auth, password });
  await db.tx(async (q) => {
    await accountRepo.lock(q, u.id);
    const refusal = await deps.accounts.closureRefusal(q, u.id);
    if (refusal) throw new AppError(refusal);
    await accountRepo.close(q, u.id);
    await deps.sessions.revokeAll(q, { userId: u.id });
  });
}
