// The SQL of operator accounts, their sessions and the audit log's rows.
import type { Queryable } from '../../db/db.js';

export type Role = 'admin' | 'reviewer' | 'finance';

export interface StaffAuth {
  id: number;
  name: string;
  email: string;
  role: Role;
}

export const staffRepo = {
  async adminEmails(q: Queryable): Promise<string[]> {
    const r = await q.query<{ email: string }>(
      "select email from staff where role = 'admin' and status = 'active' order by id",
    );
    return r.rows.map((x) => x.email);
  },

  /** Ends the session with this token hash; the operator it belonged to, if it was live. */
  async endSession(q: Queryable, tokenHash: string): Promise<number | null> {
    const r = await q.query<{ staff_id: number }>(
      'update staff_sessions set revoked_at = now() where token_hash = $1 and revoked_at is null returning staff_id',
      [tokenHash],
    );
    return r.rows[0]?.staff_id ?? null;
  },

  async insert(q: Queryable, s: { email: string; name: string; role: Role; passwordHash: string }): Promise<number> {
    const r = await q.query<{ id: number }>(
      'insert into staff (email, name, role, password_hash) values ($1,$2,$3,$4) returning id',
      [s.email, s.name, s.role, s.passwordHash],
    );
    return r.rows[0]!.id;
  },

  async insertSession(q: Queryable, staffId: number, tokenHash: string, expiresAt: Date): Promise<void> {
    await q.query('insert into staff_sessions (staff_id, token_hash, expires_at) values ($1,$2,$3)', [
      staffId,
      tokenHash,
      expiresAt,
    ]);
  },

  /** The operator of a live session (not revoked, expired or idle, the account active), kept alive by this read. */
  async liveSession(q: Queryable, tokenHash: string, idleMinutes: number): Promise<StaffAuth | undefined> {
    const r = await q.query<StaffAuth>(
      `update staff_sessions x set last_seen_at = now() from staff s
        where s.id = x.staff_id and x.token_hash = $1 and x.revoked_at is null and x.expires_at > now()
          and x.last_seen_at > now() - make_interval(mins => $2) and s.status = 'active'
        returning s.id, s.name, s.email, s.role`,
      [tokenHash, idleMinutes],
    );
    return r.rows[0];
  },

  /** `details` as JSON text. */
  async insertAudit(
    q: Queryable,
    a: {
      staffId: number | null;
      action: string;
      targetType: string;
      targetId: string;
      reason?: string;
      details: string;
      ip?: string;
    },
  ): Promise<void> {
    await q.query(
      'insert into audit_log (staff_id, action, target_type, target_id, reason, details, ip) values ($1,$2,$3,$4,$5,$6,$7)',
      [a.staffId, a.action, a.targetType, a.targetId, a.reason ?? '', a.details, a.ip ?? ''],
    );
  },
};
