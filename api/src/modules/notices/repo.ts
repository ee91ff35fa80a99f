// The SQL of notifications: a user's own and the broadcast ones, and who has read which.
import type { Queryable } from '../../db/db.js';

export interface NoticeRow {
  id: bigint;
  title: string;
  content: string;
  kind: string;
  action: string;
  params: Record<string, string>;
  order_no: string | null;
  created_at: Date;
  read: boolean;
  order_status: number | null;
  order_image: string | null;
}

export interface NoticeFilter {
  kind?: string;
  unreadOnly?: boolean;
  /** Epoch seconds. */
  from?: number;
  to?: number;
  page: number;
  size: number;
}

export interface NewNotice {
  userId: number;
  kind: string;
  title: string;
  content: string;
  action: string;
  params: Record<string, string>;
  orderNo: string | null;
  security: boolean;
  alert: boolean;
}

/** Where a seller is told of updates about their money beside the app (Settings, "Updates about your money"). */
export interface AlertChannels {
  email: string | null;
  email_verified: boolean;
  alert_email: boolean;
  whatsapp: string | null;
  whatsapp_verified: boolean;
  alert_whatsapp: boolean;
}

export const noticeRepo = {
  async insert(q: Queryable, n: NewNotice): Promise<void> {
    await q.query(
      'insert into notices (user_id, kind, title, content, action, params, order_no, security, alert) values ' +
        '($1,$2,$3,$4,$5,$6,$7,$8,$9)',
      [n.userId, n.kind, n.title, n.content, n.action, JSON.stringify(n.params), n.orderNo, n.security, n.alert],
    );
  },

  async alertChannels(q: Queryable, userId: number): Promise<AlertChannels | null> {
    const r = await q.query<AlertChannels>(
      'select email, email_verified, alert_email, whatsapp, whatsapp_verified, alert_whatsapp from users where id = $1',
      [userId],
    );
    return r.rows[0] ?? null;
  },

  async setAlertChannels(q: Queryable, userId: number, c: { email: boolean; whatsapp: boolean }): Promise<void> {
    await q.query('update users set alert_email = $2, alert_whatsapp = $3 where id = $1', [
      userId,
      c.email,
      c.whatsapp,
    ]);
  },

  /** Newest first, with the order each one is about. */
  async list(q: Queryable, userId: number, f: NoticeFilter): Promise<NoticeRow[]> {
    const r = await q.query<NoticeRow>(
      `select n.id, n.title, n.content, n.kind, n.action, n.params, n.order_no, n.created_at,
              exists (select 1 from notice_reads r where r.user_id = $1 and r.notice_id = n.id) as read,
              o.status as order_status, o.images->>0 as order_image
         from notices n left join orders o on o.order_no = n.order_no and o.user_id = $1
        where (n.user_id = $1 or n.user_id is null)
          and ($2::text is null or n.kind = $2)
          and (not $3 or not exists (select 1 from notice_reads r where r.user_id = $1 and r.notice_id = n.id))
          and n.created_at >= to_timestamp($4) and n.created_at <= to_timestamp($5)
        order by n.id desc offset $6 limit $7`,
      [userId, f.kind ?? null, f.unreadOnly ?? false, f.from ?? 0, f.to ?? 9_999_999_999, f.page * f.size, f.size],
    );
    return r.rows;
  },

  /** Marks every notice read but the security ones, which are read only one by one. */
  async readAll(q: Queryable, userId: number): Promise<void> {
    await q.query(
      `insert into notice_reads (notice_id, user_id) select n.id, $1 from notices n where (n.user_id = $1 or ` +
        `n.user_id is null) and not n.security on conflict do nothing`,
      [userId],
    );
  },

  /** Marks one notice read; false when the user has no such notice. */
  async read(q: Queryable, userId: number, noticeId: number): Promise<boolean> {
    const r = await q.query(
      `insert into notice_reads (notice_id, user_id) select n.id, $1 from notices n where n.id = $2 and (n.user_id ` +
        `= $1 or n.user_id is null) on conflict do nothing`,
      [userId, noticeId],
    );
    if (r.rowCount > 0) return true;
    const exists = await q.query('select 1 from notices where id = $1 and (user_id = $2 or user_id is null)', [
      noticeId,
      userId,
    ]);
    return exists.rows.length > 0;
  },
};
