import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, Codes } from '../../lib/envelope.js';
import { oneOf, optText, page, pageSize, text } from '../../lib/fields.js';
import { gcRoute } from '../../lib/route.js';
import { CASE_MESSAGES } from './names.js';
import { caseDetail, caseSettings, listCases, openCase, replyToCase, type CaseDeps } from './service.js';

type Limiter = (req: FastifyRequest) => Promise<{ isAllowed: boolean; isExceeded?: boolean; ttlInSeconds?: number }>;

/** Photos: the public URLs of the seller's uploads (order/obsUrl), comma-joined as the contract sends arrays. */
const images = z
  .string({ error: 'images must be text' })
  .max(10_000, { error: 'images is too long' })
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
/** The settings cap a message (CASE_MESSAGES.tooLong); this bound only keeps a huge field out. */
const message = optText('Message', 20_000);
const caseNo = text('case_no', 20, 'Choose a case');

/** Help → cases: a seller opens a case (about an order, a withdrawal or anything else), reads and answers it. */
export async function caseRoutes(app: FastifyInstance, opts: { deps: CaseDeps }): Promise<void> {
  const { db } = app;
  const { deps } = opts;
  // Per seller per hour, counted by the app's limiter (Redis when set); the figures are settings.
  const limiter = (name: string, key: 'opens_per_hour' | 'messages_per_hour'): Limiter =>
    app.createRateLimit({
      timeWindow: 3_600_000,
      max: async () => (await caseSettings(app.ref))[key],
      keyGenerator: (req: FastifyRequest) => `${name}:${req.auth?.userId ?? req.ip}`,
    }) as Limiter;
  const opens = limiter('case-open', 'opens_per_hour');
  const messages = limiter('case-message', 'messages_per_hour');
  const within = async (req: FastifyRequest, reply: FastifyReply, l: Limiter, msg: string) => {
    const r = await l(req);
    if (!r.isAllowed && r.isExceeded) {
      const wait = Math.max(1, Math.ceil(r.ttlInSeconds ?? 60));
      reply.header('retry-after', String(wait));
      throw new AppError(`${msg} (in ${Math.ceil(wait / 60)} minutes)`, Codes.tooMany, 429);
    }
  };

  gcRoute(app, {
    path: '/case/open',
    summary:
      'Opens a case about an order, a withdrawal or anything else; about an order or withdrawal with an open case, ' +
      'the message joins that case',
    auth: 'required',
    body: z.object({
      about: oneOf('about', ['order', 'withdrawal', 'other'], 'other'),
      order_no: optText('order_no', 64),
      withdraw_no: optText('withdraw_no', 64),
      subject: optText('subject', 200),
      message,
      images,
    }),
    handler: async (req, reply) => {
      await within(req, reply, opens, CASE_MESSAGES.tooManyOpens);
      const b = req.body;
      const r = await openCase(db, deps, {
        userId: req.auth!.userId,
        about: b.about,
        orderNo: b.order_no,
        withdrawNo: b.withdraw_no,
        subject: b.subject,
        message: b.message,
        photos: b.images,
      });
      return { case_no: r.caseNo, existing: r.existing };
    },
  });

  gcRoute(app, {
    path: '/case/list',
    summary: 'The seller’s cases, open ones first, the latest change first',
    auth: 'required',
    body: z.object({ page: page(), page_size: pageSize(20, 100) }),
    handler: async (req) =>
      listCases(db, { userId: req.auth!.userId, page: req.body.page, pageSize: req.body.page_size }),
  });

  gcRoute(app, {
    path: '/case/detail',
    summary: 'One of the seller’s cases: its messages (photos as short-lived links), timeline and clocks',
    auth: 'required',
    body: z.object({ case_no: caseNo }),
    handler: async (req) => caseDetail(db, deps, { userId: req.auth!.userId, caseNo: req.body.case_no }),
  });

  gcRoute(app, {
    path: '/case/reply',
    summary: 'The seller writes on their case (text and photos); a solved case opens again',
    auth: 'required',
    body: z.object({ case_no: caseNo, message, images }),
    handler: async (req, reply) => {
      await within(req, reply, messages, CASE_MESSAGES.tooManyMessages);
      await replyToCase(db, deps, {
        userId: req.auth!.userId,
        caseNo: req.body.case_no,
        message: req.body.message,
        photos: req.body.images,
      });
      return caseDetail(db, deps, { userId: req.auth!.userId, caseNo: req.body.case_no });
    },
  });
}
