import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/env.js';
import type { Db, Queryable } from '../../db/db.js';
import { AppError, Codes, TOKEN_INVALID } from '../../lib/envelope.js';
import type { AuthContext, Sessions } from '../../shared/sessions.js';
import type { Messenger } from '../messaging/messenger.js';
import { notify } from '../notices/service.js';
import { verifyPassword } from '../../shared/passwords.js';
import { hashToken } from '../../shared/sessions.js';
import { accountZone, sellerTime } from '../../shared/seller-time.js';
import { securityRepo, type Owner, type WithdrawStateRow } from './repo.js';

/** Wrong login passwords on re-authenticated changes: this many in a row lock those changes for a while. */
export const REAUTH_LIMITS = { maxFailures: 5, lockMs: 3600_000 } as const;
/** A "this wasn't me" link works once, for this long. */
const REPORT_TTL_MS = 7 * 24 * 3600_000;

/** How a freeze set by staff is marked in users.withdrawals_frozen_reason (the rest is their reason). */
export const STAFF_FREEZE = 'staff: ';

export const SECURITY_MESSAGES = {
  passwordRequired: 'Enter your login password to confirm this change',
  signInAgain: 'For your safety, please sign in again to confirm this change',
  wrongPassword: (left: number) => `The login password is incorrect, ${left} attempt${left === 1 ? '' : 's'} left`,
  locked: 'Too many wrong passwords: changes to your account are locked for 1 hour',
  noPassword:
    'Your account has no login password yet. Set one first: sign out, choose “Forgot Password?” on the login page ' +
    'and use the code we send to your e-mail address or WhatsApp number',
  oldCodeRequired: 'Enter the code we sent to your current address',
  reportInvalid:
    'This link is not valid or has expired. If you think someone else is using your account, contact support now',
} as const;

/** What changed, as the notices and messages name it. */
export type SecurityChange =
  | 'email'
  | 'whatsapp'
  | 'password'
  | 'password_reset'
  | 'pin'
  | 'pin_set'
  | 'payout_account'
  | 'new_device';

const CHANGE_TEXT: Record<SecurityChange, { title: string; what: string; reason: string }> = {
  email: {
    title: 'E-mail address changed',
    what: 'The e-mail address of your account was changed',
    reason: 'your e-mail address was changed',
  },
  whatsapp: {
    title: 'WhatsApp number changed',
    what: 'The WhatsApp number of your account was changed',
    reason: 'your WhatsApp number was changed',
  },
  password: {
    title: 'Login password changed',
    what: 'Your login password was changed',
    reason: 'your login password was changed',
  },
  password_reset: {
    title: 'Login password reset',
    what: 'Your login password was reset with a code',
    reason: 'your login password was reset',
  },
  pin: {
    title: 'Transaction password changed',
    what: 'Your withdrawal transaction password was changed or reset',
    reason: 'your transaction password was changed',
  },
  // The first PIN: nothing was changed, so it is announced as set (and starts no cooling-off).
  pin_set: {
    title: 'Transaction password set',
    what: 'Your withdrawal transaction password was set',
    reason: 'your transaction password was set',
  },
  payout_account: {
    title: 'Payout account added',
    what: 'A payout account was added to your account',
    reason: 'a payout account was added',
  },
  new_device: {
    title: 'New sign-in to your account',
    what: 'Your account was signed in to from a new device',
    reason: '',
  },
};

/** "23 hours 5 minutes", "45 minutes": how long is left, rounded up to the minute. */
export function waitText(ms: number): string {
  // Said on every read of a wallet, of the same setting: worded once.
  if (lastWait.ms !== ms) lastWait = { ms, text: waitWords(ms) };
  return lastWait.text;
}

let lastWait = { ms: -1, text: '' };

function waitWords(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const part = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  return [h ? part(h, 'hour') : '', m ? part(m, 'minute') : ''].filter(Boolean).join(' ');
}

/** The wait before withdrawing after a security change, or to a new payout account. */
export interface CoolingOff {
  until: Date;
  /** What started it: a security change (its reason in words), or the payout account being new. */
  cause: { kind: 'security'; reason: string } | { kind: 'payout_account' };
}

/** Withdrawals frozen on the account (by staff, or by "this wasn't me") until staff lift it. */
export interface WithdrawalFreeze {
  frozen: true;
  /** The reason staff gave ('' for a freeze the seller's "this wasn't me" set). */
  staffReason: string;
}

/** What stops a withdrawal now: a freeze or a cooling-off (its words: the money standing's `blockHold`). */
export type WithdrawalBlock = CoolingOff | WithdrawalFreeze;

/**
 * What account security keeps for the life of the process, built once in `src/app.ts` and
 * decorated onto the app as `app.security`: the messenger (alerts), the settings, the log, and the
 * clock every wait is measured with.
 */
export interface SecurityDeps {
  messenger: Messenger;
  config: Pick<Config, 'security' | 'productName'>;
  log: FastifyBaseLogger;
  now: () => number;
}

// Account changes and sessions: the login password asked again for every change that could hand
// the account or its money to someone holding only a session token; the alert to the addresses the
// account had before the change, with a one-use "this wasn't me" link; the withdrawal cooling-off
// after such a change and for a new payout account; and the freeze.

/**
 * The login password, proved again for a change that could hand over the account or its money.
 * Wrong passwords are counted under the user's row lock (so parallel guesses count one by one);
 * 5 in a row lock re-authenticated changes for an hour.
 * A call that sends no password at all (the native apps' calls have no such field) is accepted
 * only from a session that a native app opened (the appid that signed the sign-in, recorded on
 * the session: a web token cannot claim it) within the last `REAUTH_GRACE_MINUTES`: the person
 * just proved the password (or a code, or the provider) on this device. Otherwise it answers
 * common.004, which the apps and the web treat as "sign in again" — after which the change goes
 * through. A wrong password is never accepted, fresh session or not.
 * Says how the change was confirmed: by the password, or by the native app's fresh sign-in.
 */
export async function confirmPassword(
  db: Db,
  deps: Pick<SecurityDeps, 'config' | 'now'>,
  input: { auth: AuthContext; password: string | undefined },
): Promise<'password' | 'grace'> {
  const { auth, password } = input;
  const { now } = deps;
  const userId = auth.userId;
  const outcome = await db.tx(async (q): Promise<AppError | string | 'grace' | 'password'> => {
    const u = await securityRepo.lockPassword(q, userId);
    if (!u) return TOKEN_INVALID;
    if (u.password_locked_until && u.password_locked_until.getTime() > now()) return SECURITY_MESSAGES.locked;
    if (password === undefined) {
      const session = await securityRepo.liveSession(q, userId, auth.sessionId);
      const native = session?.client === 'android' || session?.client === 'ios';
      if (session && native && now() - session.created_at.getTime() < deps.config.security.reauthGraceMs)
        return 'grace';
      return new AppError(SECURITY_MESSAGES.signInAgain, Codes.token);
    }
    if (!u.password_hash) return SECURITY_MESSAGES.noPassword;
    if (!password) return SECURITY_MESSAGES.passwordRequired;
    if (await verifyPassword(u.password_hash, password)) {
      if (u.password_failures > 0) await securityRepo.setPasswordFailures(q, userId, 0, null);
      return 'password';
    }
    const failures = u.password_failures + 1;
    if (failures >= REAUTH_LIMITS.maxFailures) {
      await securityRepo.setPasswordFailures(q, userId, 0, new Date(now() + REAUTH_LIMITS.lockMs));
      await notify(q, {
        userId,
        title: 'Account changes locked',
        content:
          'A wrong login password was entered 5 times while changing your account, so changes are locked for 1 ' +
          'hour. If this was not you, sign out everywhere in Settings and change your password.',
        kind: 'system',
        action: 'app_mine',
        security: true,
      });
      return SECURITY_MESSAGES.locked;
    }
    await securityRepo.setPasswordFailures(q, userId, failures);
    return SECURITY_MESSAGES.wrongPassword(REAUTH_LIMITS.maxFailures - failures);
  });
  if (outcome === 'grace' || outcome === 'password') return outcome;
  throw typeof outcome === 'string' ? new AppError(outcome) : outcome;
}

/** Reads the owner's addresses as they are now (before a change), for the alert. */
export async function accountOwner(q: Queryable, userId: number): Promise<Owner> {
  const owner = await securityRepo.owner(q, userId);
  if (!owner) throw new AppError(SECURITY_MESSAGES.reportInvalid);
  return owner;
}

/**
 * Records a security change inside its transaction: the account's withdrawal cooling-off (unless
 * `coolingOff` is false: a new payout account waits on its own, a new device not at all), a
 * security notice, a "this wasn't me" link, and the alert to the addresses `before` had, in the
 * outbox (written in this transaction, so it is sent if and only if the change commits).
 * Returns the dispatch of the alert, to run after the transaction commits (it never waits for a provider).
 */
export async function securityChanged(
  q: Queryable,
  deps: SecurityDeps,
  input: { before: Owner; change: SecurityChange; coolingOff?: boolean; detail?: string },
): Promise<() => Promise<void>> {
  const { before, change } = input;
  const { config, messenger, now } = deps;
  const text = CHANGE_TEXT[change];
  const coolingOff = input.coolingOff ?? true;
  if (coolingOff && config.security.coolingOffMs > 0) {
    const until = new Date(now() + config.security.coolingOffMs);
    await securityRepo.holdWithdrawals(q, before.id, until, text.reason);
  }
  const token = randomBytes(32).toString('base64url');
  await securityRepo.insertReport(q, {
    userId: before.id,
    tokenHash: hashToken(token),
    change,
    expiresAt: new Date(now() + REPORT_TTL_MS),
  });
  // Every time the seller reads here is in their own zone, in the one format (sellerTime).
  const when = sellerTime(new Date(now()), await accountZone(q, before.id));
  const detail = input.detail ? ` ${input.detail}` : '';
  const waitNote =
    coolingOff && config.security.coolingOffMs > 0
      ? ` For your safety, withdrawals wait ${waitText(config.security.coolingOffMs)}.`
      : '';
  await notify(q, {
    userId: before.id,
    title: text.title,
    content:
      `${text.what} on ${when}.${detail}${waitNote} If this was not you, sign out everywhere in Settings ` +
      `and change your password now.`,
    kind: 'system',
    action: 'app_mine',
    security: true,
  });
  const link = `${config.security.siteUrl}/secure-account?token=${token}`;
  const product = config.productName;
  const body =
    `${text.what} on ${when}.${detail}${waitNote}\n\nIf this was you, there is nothing to do.\n\nIf ` +
    `this was NOT you, open this link now: it signs your account out on every device and freezes withdrawals until ` +
    `our support team has checked with you.\n${link}`;
  const to: { channel: 'email' | 'whatsapp'; address: string }[] = [];
  if (before.email && before.email_verified) to.push({ channel: 'email', address: before.email });
  if (before.whatsapp && before.whatsapp_verified) to.push({ channel: 'whatsapp', address: `+${before.whatsapp}` });
  const ids: bigint[] = [];
  for (const t of to)
    ids.push(
      await messenger.queue(q, {
        channel: t.channel,
        to: t.address,
        subject: `${product}: ${text.title.toLowerCase()}`,
        text: body,
      }),
    );
  return async () => {
    await messenger
      .dispatch(ids)
      .catch((err: unknown) => deps.log.warn({ err, change }, 'security alert not dispatched'));
  };
}

/** Why withdrawals (to this payout account, when given) are stopped now, or null. */
export async function withdrawalBlock(
  q: Queryable,
  deps: Pick<SecurityDeps, 'now'>,
  input: { userId: number; payoutAccountId?: bigint | number | null },
): Promise<WithdrawalBlock | null> {
  return withdrawalBlockOf(deps, await securityRepo.withdrawState(q, input.userId, input.payoutAccountId ?? null));
}

/** withdrawalBlock over the account's withdrawal state read already (the money standing's one read). */
export function withdrawalBlockOf(
  deps: Pick<SecurityDeps, 'now'>,
  u: WithdrawStateRow | undefined,
): WithdrawalBlock | null {
  if (!u) return null;
  if (u.withdrawals_frozen_at) {
    // Frozen by staff (STAFF_FREEZE prefix): the seller is told the reason staff gave.
    const staff = u.withdrawals_frozen_reason.startsWith(STAFF_FREEZE)
      ? u.withdrawals_frozen_reason.slice(STAFF_FREEZE.length)
      : null;
    return {
      frozen: true,
      staffReason: staff ?? '',
    };
  }
  const now = deps.now();
  const userUntil = u.withdraw_hold_until && u.withdraw_hold_until.getTime() > now ? u.withdraw_hold_until : null;
  const accountUntil = u.usable_from && u.usable_from.getTime() > now ? u.usable_from : null;
  if (userUntil && (!accountUntil || userUntil >= accountUntil)) {
    return {
      until: userUntil,
      cause: { kind: 'security', reason: u.withdraw_hold_reason },
    };
  }
  if (accountUntil)
    return {
      until: accountUntil,
      cause: { kind: 'payout_account' },
    };
  return null;
}

/** When a newly added payout account may first be paid to. */
export function payoutUsableFrom(deps: Pick<SecurityDeps, 'config' | 'now'>): Date | null {
  const wait = deps.config.security.coolingOffMs;
  return wait > 0 ? new Date(deps.now() + wait) : null;
}

/**
 * "This wasn't me": the link's token (once, within 7 days) revokes every session of the account
 * and freezes withdrawals until staff unfreeze them. Using a used link again answers the same.
 */
export async function reportNotMe(
  db: Db,
  deps: Pick<SecurityDeps, 'now'> & { sessions: Pick<Sessions, 'revokeAll'> },
  input: { token: string; ip: string },
): Promise<void> {
  const { token, ip } = input;
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw new AppError(SECURITY_MESSAGES.reportInvalid);
  await db.tx(async (q) => {
    const rep = await securityRepo.lockReport(q, hashToken(token));
    if (!rep) throw new AppError(SECURITY_MESSAGES.reportInvalid);
    if (rep.used_at) return;
    if (rep.expires_at.getTime() <= deps.now()) throw new AppError(SECURITY_MESSAGES.reportInvalid);
    await securityRepo.useReport(q, rep.id, ip);
    await deps.sessions.revokeAll(q, { userId: rep.user_id });
    await securityRepo.freezeWithdrawals(q, rep.user_id, `reported: ${rep.change}`);
    await notify(q, {
      userId: rep.user_id,
      title: 'Account secured',
      content:
        'You reported a change you did not make. Every device was signed out and withdrawals are frozen until our ' +
        'support team has checked with you. Sign in again and change your password.',
      kind: 'system',
      action: 'app_mine',
      security: true,
    });
  });
}
