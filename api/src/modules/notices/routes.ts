import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/envelope.js';
import { int, oneOf, optInt, page, pageSize } from '../../lib/fields.js';
import { gcRoute } from '../../lib/route.js';
import { SECURITY_NOTICE_KIND } from './service.js';

interface NoticeRow {
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

const view = (n: NoticeRow) => ({
  id: Number(n.id),
  notice_title: n.title,
  notice_content: n.content,
  notice_time: Math.floor(n.created_at.getTime() / 1000),
  notice_new: !n.read,
  notice_jump: Boolean(n.action),
  notice_action: n.action,
  notice_params: JSON.stringify(n.params ?? {}),
  notice_type: n.kind,
  ...(n.order_no ? { notice_order: { image: n.order_image ?? '', order_id: n.order_no, status: n.order_status ?? 1 } } : {}),
});

/** Notifications (CONTRACT §2.7): the user's own and broadcast ones, newest first, read per user. */
export async function noticeRoutes(app: FastifyInstance): Promise<void> {
  const list = async (userId: number, opts: { kind?: string; unreadOnly?: boolean; from?: number; to?: number; page: number; size: number }) => {
    const r = await app.db.query<NoticeRow>(
      `select n.id, n.title, n.content, n.kind, n.action, n.params, n.order_no, n.created_at,
              exists (select 1 from notice_reads r where r.user_id = $1 and r.notice_id = n.id) as read,
              o.status as order_status, o.images->>0 as order_image
         from notices n left join orders o on o.order_no = n.order_no and o.user_id = $1
        where (n.user_id = $1 or n.user_id is null)
          and ($2::text is null or n.kind = $2)
          and (not $3 or not exists (select 1 from notice_reads r where r.user_id = $1 and r.notice_id = n.id))
          and n.created_at >= to_timestamp($4) and n.created_at <= to_timestamp($5)
        order by n.id desc offset $6 limit $7`,
      [userId, opts.kind ?? null, opts.unreadOnly ?? false, opts.from ?? 0, opts.to ?? 9_999_999_999, opts.page * opts.size, opts.size],
    );
    return r.rows.map(view);
  };

  gcRoute(app, {
    path: '/finder/allNoticeWithoutRead',
    summary: 'Unread notifications (the navbar badge), newest first',
    auth: 'required',
    body: z.object({
      start_time: optInt('start_time', 0, { min: 0, max: 9_999_999_999 }),
      end_time: optInt('end_time', 9_999_999_999, { min: 0, max: 9_999_999_999 }),
      page: page(),
      page_size: pageSize(100, 200),
    }),
    handler: async (req) => list(req.auth!.userId, { unreadOnly: true, from: req.body.start_time, to: req.body.end_time, page: req.body.page, size: req.body.page_size }),
  });

  gcRoute(app, {
    path: '/finder/allNotice',
    summary: 'All notifications, newest first; type all / notice / system',
    auth: 'required',
    body: z.object({ type: oneOf('type', ['all', 'notice', 'system'], 'all'), page: page(), page_size: pageSize(20, 200) }),
    handler: async (req) =>
      list(req.auth!.userId, { kind: req.body.type === 'all' ? undefined : req.body.type, page: req.body.page, size: req.body.page_size }),
  });

  gcRoute(app, {
    path: '/finder/readNotice',
    summary: 'Mark a notification read (notice_id 0 marks all read except security notices, which stay unread until opened); answers the unread list',
    auth: 'required',
    body: z.object({ notice_id: int('notice_id', { required: 'notice_id is required', max: 2_147_483_647 }) }),
    handler: async (req) => {
      const userId = req.auth!.userId;
      if (req.body.notice_id === 0) {
        await app.db.query(
          `insert into notice_reads (notice_id, user_id) select n.id, $1 from notices n where (n.user_id = $1 or n.user_id is null) and n.kind <> $2 on conflict do nothing`,
          [userId, SECURITY_NOTICE_KIND],
        );
      } else {
        const r = await app.db.query(
          `insert into notice_reads (notice_id, user_id) select n.id, $1 from notices n where n.id = $2 and (n.user_id = $1 or n.user_id is null) on conflict do nothing`,
          [userId, req.body.notice_id],
        );
        if (r.rowCount === 0) {
          const exists = await app.db.query('select 1 from notices where id = $1 and (user_id = $2 or user_id is null)', [req.body.notice_id, userId]);
          if (!exists.rows.length) throw new AppError('Notification not found');
        }
      }
      return list(userId, { unreadOnly: true, page: 0, size: 100 });
    },
  });
}
