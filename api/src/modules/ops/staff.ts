import { randomBytes } from 'node:crypto';
import type { Db, Queryable } from '../../db/db.js';
import { AppError, Codes } from '../../lib/envelope.js';
import { hashToken } from '../user/sessions.js';
import { hashPassword } from '../user/passwords.js';

export type Role = 'admin' | 'reviewer' | 'finance' | 'release_manager';
export const ROLES: Role[] = ['admin', 'reviewer', 'finance', 'release_manager'];

export interface StaffAuth {
  id: number;
  name: string;
  email: string;
  role: Role;
}

/** A session lasts a working day at most, and ends sooner after half an hour without a request. */
const SESSION_MS = 12 * 3600_000;
export const STAFF_SIGN_IN = { maxFailures: 5, lockMinutes: 15, idleMinutes: 30, challengeMinutes: 5, challengeAttempts: 5 } as const;

export const STAFF_MESSAGES = {
  wrong: 'Incorrect e-mail or password',
  locked: `Too many wrong codes: this operator account is locked for ${STAFF_SIGN_IN.lockMinutes} minutes and the admins have been told`,
  slowDown: (seconds: number) => `Too many failed sign-ins from this address: try again in ${seconds < 120 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`}`,
  code: 'Incorrect code: enter the 6 digits your authenticator app shows now, or an unused recovery code',
  challenge: 'This sign-in has expired: enter your e-mail and password again',
  signIn: 'Operator sign-in required',
  expired: 'Operator session expired, please sign in again',
} as const;

/** The active admins' addresses, to tell them of a locked operator account. */
export async function adminEmails(q: Queryable): Promise<string[]> {
  const r = await q.query<{ email: string }>("select email from staff where role = 'admin' and status = 'active' order by id");
  return r.rows.map((x) => x.email);
}

/** Ends a session (sign-out). Returns the operator it belonged to, if it was live. */
export async function endStaffSession(q: Queryable, token: string): Promise<number | null> {
  const r = await q.query<{ staff_id: number }>('update staff_sessions set revoked_at = now() where token_hash = $1 and revoked_at is null returning staff_id', [hashToken(token)]);
  return r.rows[0]?.staff_id ?? null;
}

/** The token of an `Authorization: Bearer …` header, if it has the shape of one. */
export const staffBearer = (header: string | undefined) => /^Bearer ([A-Za-z0-9_-]{20,100})$/.exec(header ?? '')?.[1];

/** Staff accounts are separate from customers: their own table, their own sessions, their own header. */
export async function createStaff(q: Queryable, input: { email: string; name: string; role: Role; password: string }): Promise<number> {
  if (!ROLES.includes(input.role)) throw new AppError(`role must be one of ${ROLES.join(', ')}`);
  if (input.password.length < 12) throw new AppError('Operator passwords need at least 12 characters');
  const r = await q.query<{ id: number }>('insert into staff (email, name, role, password_hash) values ($1,$2,$3,$4) returning id', [
    input.email.toLowerCase(), input.name, input.role, await hashPassword(input.password),
  ]);
  return (r.rows[0] as { id: number }).id;
}

export async function staffSession(q: Queryable, staffId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await q.query('insert into staff_sessions (staff_id, token_hash, expires_at) values ($1,$2,$3)', [staffId, hashToken(token), new Date(Date.now() + SESSION_MS)]);
  return token;
}

/** The operator a bearer token belongs to (its session live and not idle), or a 401. */
export async function resolveStaff(db: Db, header: string | undefined): Promise<StaffAuth> {
  const token = staffBearer(header);
  if (!token) throw new AppError(STAFF_MESSAGES.signIn, Codes.token, 401);
  // Each request keeps the session alive; one idle for longer than the limit is over.
  const r = await db.query<StaffAuth>(
    `update staff_sessions x set last_seen_at = now() from staff s
      where s.id = x.staff_id and x.token_hash = $1 and x.revoked_at is null and x.expires_at > now()
        and x.last_seen_at > now() - make_interval(mins => $2) and s.status = 'active'
      returning s.id, s.name, s.email, s.role`,
    [hashToken(token), STAFF_SIGN_IN.idleMinutes],
  );
  if (!r.rows[0]) throw new AppError(STAFF_MESSAGES.expired, Codes.token, 401);
  return r.rows[0];
}

/** The signed-in staff member, if their role is one of `roles` (an admin may do everything). */
export async function requireStaff(db: Db, header: string | undefined, roles: readonly Role[] = []): Promise<StaffAuth> {
  const s = await resolveStaff(db, header);
  if (s.role !== 'admin' && !roles.includes(s.role)) throw new AppError('Your role cannot do this', 'common.403', 403);
  return s;
}

export async function audit(q: Queryable, a: { staffId: number | null; action: string; targetType: string; targetId: string; reason?: string; details?: unknown; ip?: string }): Promise<void> {
  await q.query('insert into audit_log (staff_id, action, target_type, target_id, reason, details, ip) values ($1,$2,$3,$4,$5,$6,$7)', [
    a.staffId, a.action, a.targetType, a.targetId, a.reason ?? '', JSON.stringify(a.details ?? {}, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)), a.ip ?? '',
  ]);
}
