import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/envelope.js';
import { emptyBody, int, oneOf, optInt, page, pageSize } from '../../lib/fields.js';
import { gcRoute } from '../../lib/route.js';
import { noticeRepo, type NoticeFilter, type NoticeRow } from './repo.js';
import { alertChannels, setAlertChannels } from './service.js';

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
  ...(n.order_no
    ? { notice_order: { image: n.order_image ?? '', order_id: n.order_no, status: n.order_status ?? 1 } }
    : {}),
});

/** Notifications (CONTRACT §2.7): the user's own and broadcast ones, newest first, read per user. */
export async function noticeRoutes(app: FastifyInstance): Promise<void> {
  const list = async (userId: number, opts: NoticeFilter) => (await noticeRepo.list(app.db, userId, opts)).map(view);

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
    handler: async (req) =>
      list(req.auth!.userId, {
        unreadOnly: true,
        from: req.body.start_time,
        to: req.body.end_time,
        page: req.body.page,
        size: req.body.page_size,
      }),
  });

  gcRoute(app, {
    path: '/finder/allNotice',
    summary: 'All notifications, newest first; type all / notice / system',
    auth: 'required',
    body: z.object({
      type: oneOf('type', ['all', 'notice', 'system'], 'all'),
      page: page(),
      page_size: pageSize(20, 200),
    }),
    handler: async (req) =>
      list(req.auth!.userId, {
        kind: req.body.type === 'all' ? undefined : req.body.type,
        page: req.body.page,
        size: req.body.page_size,
      }),
  });

  gcRoute(app, {
    path: '/finder/readNotice',
    summary:
      'Mark a notification read (notice_id 0 marks all read except security notices, which are read only one by ' +
      'one); answers the unread list',
    auth: 'required',
    body: z.object({ notice_id: int('notice_id', { required: 'notice_id is required', max: 2_147_483_647 }) }),
    handler: async (req) => {
      const userId = req.auth!.userId;
      if (req.body.notice_id === 0) await noticeRepo.readAll(app.db, userId);
      else if (!(await noticeRepo.read(app.db, userId, req.body.notice_id)))
        throw new AppError('Notification not found');
      return list(userId, { unreadOnly: true, page: 0, size: 100 });
    },
  });

  gcRoute(app, {
    path: '/user/alertChannels',
    summary: "Where updates about the seller's money go beside the app: verified e-mail and WhatsApp, each on or off",
    auth: 'required',
    body: emptyBody,
    handler: async (req) => alertChannels(app.db, { userId: req.auth!.userId }),
  });

  gcRoute(app, {
    path: '/user/setAlertChannels',
    summary: 'Turn e-mail and WhatsApp updates about orders, payouts and cases on or off',
    auth: 'required',
    body: z.object({ email_on: oneOf('email_on', ['0', '1']), whatsapp_on: oneOf('whatsapp_on', ['0', '1']) }),
    handler: async (req) =>
      setAlertChannels(app.db, {
        userId: req.auth!.userId,
        email: req.body.email_on === '1',
        whatsapp: req.body.whatsapp_on === '1',
      }),
  });
}
