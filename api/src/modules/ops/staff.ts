import { randomBytes } from 'node:crypto';
import type { Db, Queryable } from '../../db/db.js';
import { AppError, Codes } from '../../lib/envelope.js';
import { hashToken } from '../../shared/sessions.js';
import { hashPassword } from '../../shared/passwords.js';
import { staffRepo, type Role, type StaffAuth } from './staff-repo.js';

export type { Role, StaffAuth };

export const ROLES: Role[] = ['admin', 'reviewer', 'finance', 'release_manager'];

/** A session lasts a working day at most, and ends sooner after half an hour without a request. */
const SESSION_MS = 12 * 3600_000;
export const STAFF_SIGN_IN = {
  maxFailures: 5,
  lockMinutes: 15,
  idleMinutes: 30,
  challengeMinutes: 5,
  challengeAttempts: 5,
} as const;

export const STAFF_MESSAGES = {
  wrong: 'Incorrect e-mail or password',
  locked:
    `Too many wrong codes: this operator account is locked for ${STAFF_SIGN_IN.lockMinutes} minutes and the ` +
    `admins have been told`,
  slowDown: (seconds: number) =>
    `Too many failed sign-ins from this address: try again in ${
      seconds < 120 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} ` + `minutes`
    }`,
  code: 'Incorrect code: enter the 6 digits your authenticator app shows now, or an unused recovery code',
  challenge: 'This sign-in has expired: enter your e-mail and password again',
  signIn: 'Operator sign-in required',
  expired: 'Operator session expired, please sign in again',
} as const;

export { adminEmails } from '../../shared/staff.js';

/** Ends a session (sign-out). Returns the operator it belonged to, if it was live. */
export async function endStaffSession(q: Queryable, token: string): Promise<number | null> {
  return staffRepo.endSession(q, hashToken(token));
}

/** The token of an `Authorization: Bearer …` header, if it has the shape of one. */
export const staffBearer = (header: string | undefined) => /^Bearer ([A-Za-z0-9_-]{20,100})$/.exec(header ?? '')?.[1];

/** Staff accounts are separate from customers: their own table, their own sessions, their own header. */
export async function createStaff(
  q: Queryable,
  input: { email: string; name: string; role: Role; password: string },
): Promise<number> {
  if (!ROLES.includes(input.role)) throw new AppError(`role must be one of ${ROLES.join(', ')}`);
  if (input.password.length < 12) throw new AppError('Operator passwords need at least 12 characters');
  return staffRepo.insert(q, {
    email: input.email.toLowerCase(),
    name: input.name,
    role: input.role,
    passwordHash: await hashPassword(input.password),
  });
}

export async function staffSession(q: Queryable, staffId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await staffRepo.insertSession(q, staffId, hashToken(token), new Date(Date.now() + SESSION_MS));
  return token;
}

/** The operator a bearer token belongs to (its session live and not idle), or a 401. */
export async function resolveStaff(db: Db, header: string | undefined): Promise<StaffAuth> {
  const token = staffBearer(header);
  if (!token) throw new AppError(STAFF_MESSAGES.signIn, Codes.token, 401);
  // Each request keeps the session alive; one idle for longer than the limit is over.
  const s = await staffRepo.liveSession(db, hashToken(token), STAFF_SIGN_IN.idleMinutes);
  if (!s) throw new AppError(STAFF_MESSAGES.expired, Codes.token, 401);
  return s;
}

// The audit writer is shared (payments write to it too).
export { audit } from '../../shared/audit.js';
