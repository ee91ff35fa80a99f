import type { Queryable } from '../db/db.js';

/**
 * One row of the audit log: who (a staff member, or null for the system or a provider) did what to
 * which target, and why. Written in the transaction of the action it records.
 */
export async function audit(
  q: Queryable,
  a: {
    staffId: number | null;
    action: string;
    targetType: string;
    targetId: string;
    reason?: string;
    details?: unknown;
    ip?: string;
  },
): Promise<void> {
  await q.query(
    'insert into audit_log (staff_id, action, target_type, target_id, reason, details, ip) values ' +
      '($1,$2,$3,$4,$5,$6,$7)',
    [
      a.staffId,
      a.action,
      a.targetType,
      a.targetId,
      a.reason ?? '',
      JSON.stringify(a.details ?? {}, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)),
      a.ip ?? '',
    ],
  );
}
