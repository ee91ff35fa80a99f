// The SQL of failed requests' references (migration 0022).
import type { Queryable } from '../../db/db.js';

export interface FailedRequest {
  ref: string;
  requestId: string;
  userId: number | null;
  method: string;
  path: string;
  status: number;
  code: string;
  msg: string;
}

export interface RequestRefRow {
  ref: string;
  request_id: string;
  user_id: number | null;
  username: string | null;
  method: string;
  path: string;
  status: number;
  code: string;
  msg: string;
  created_at: Date;
}

export const requestRefsRepo = {
  async insert(q: Queryable, f: FailedRequest): Promise<void> {
    await q.query(
      `insert into request_refs (ref, request_id, user_id, method, path, status, code, msg)
       values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [f.ref, f.requestId, f.userId, f.method, f.path, f.status, f.code, f.msg],
    );
  },

  /** The failed requests with this reference, newest first, with the account's username. */
  async find(q: Queryable, ref: string, limit: number): Promise<RequestRefRow[]> {
    const r = await q.query<RequestRefRow>(
      `select r.ref, r.request_id, r.user_id, u.username, r.method, r.path, r.status, r.code, r.msg, r.created_at
         from request_refs r left join users u on u.id = r.user_id
        where r.ref = $1 order by r.created_at desc, r.id desc limit $2`,
      [ref, limit],
    );
    return r.rows;
  },

  async prune(q: Queryable, days: number): Promise<number> {
    const r = await q.query('delete from request_refs where created_at < now() - make_interval(days => $1)', [days]);
    return r.rowCount;
  },
};
