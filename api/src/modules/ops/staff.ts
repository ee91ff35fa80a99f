import { randomBytes } from 'node:crypto';
import type { Db, Queryable } from '../../db/db.js';
import { AppError, Codes } from '../../lib/envelope.js';
import { hashToken } from '../user/sessions.js';
import { hashPassword } from '../user/passwords.js';

export type Role = 'admin' | 'reviewer' | 'finance';
export const ROLES: Role[] = ['admin', 'reviewer', 'finance'];

export interface StaffAuth {
  id: number;
  name: string;
  email: string;
  role: Role;
}

const SESSION_MS = 12 * 3600_000;

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

export async function resolveStaff(db: Db, header: string | undefined): Promise<StaffAuth> {
  const token = /^Bearer ([A-Za-z0-9_-]{20,100})$/.exec(header ?? '')?.[1];
  if (!token) throw new AppError('Operator sign-in required', Codes.token, 401);
  const r = await db.query<StaffAuth>(
    `select s.id, s.name, s.email, s.role from staff_sessions x join staff s on s.id = x.staff_id
      where x.token_hash = $1 and x.revoked_at is null and x.expires_at > now() and s.status = 'active'`,
    [hashToken(token)],
  );
  if (!r.rows[0]) throw new AppError('Operator session expired, please sign in again', Codes.token, 401);
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
