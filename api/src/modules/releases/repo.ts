// The SQL of releases from the console: the canaries marked "promote when healthy" and the recent
// automatic halts (read from the audit log, where the canary check writes them).
import type { Queryable } from '../../db/db.js';

export interface AutoPromoteRow {
  env: string;
  app: string;
  version: string;
  requested_by: number;
  requested_by_name: string;
  requested_at: Date;
}

export interface HaltRow {
  id: string;
  target_id: string;
  reason: string;
  details: { env?: string; app?: string; version?: string; stable?: string };
  created_at: Date;
}

export const HALT_ACTION = 'release.canary_halt';

export const releaseRepo = {
  async autoPromotes(q: Queryable): Promise<AutoPromoteRow[]> {
    const r = await q.query<AutoPromoteRow>(
      `select a.env, a.app, a.version, a.requested_by, s.name as requested_by_name, a.requested_at
         from canary_auto_promote a join staff s on s.id = a.requested_by order by a.env, a.app`,
    );
    return r.rows;
  },

  async markAutoPromote(q: Queryable, m: { env: string; app: string; version: string; staffId: number }) {
    await q.query(
      `insert into canary_auto_promote (env, app, version, requested_by) values ($1, $2, $3, $4)
       on conflict (env, app) do update
          set version = excluded.version, requested_by = excluded.requested_by, requested_at = now()`,
      [m.env, m.app, m.version, m.staffId],
    );
  },

  /** Removes the mark; answers whether there was one (for that version, when given). */
  async clearAutoPromote(q: Queryable, env: string, app: string, version?: string): Promise<boolean> {
    const r = await q.query(
      `delete from canary_auto_promote
        where env = $1 and app = $2 and ($3::text is null or version = $3) returning app`,
      [env, app, version ?? null],
    );
    return (r.rowCount ?? r.rows.length) > 0;
  },

  async recentHalts(q: Queryable, hours: number): Promise<HaltRow[]> {
    const r = await q.query<HaltRow>(
      `select id::text, target_id, reason, details, created_at from audit_log
        where action = $1 and created_at > now() - make_interval(hours => $2) order by id desc limit 50`,
      [HALT_ACTION, hours],
    );
    return r.rows;
  },
};
