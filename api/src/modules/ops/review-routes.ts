import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { opsContext, type OpsOptions } from './context.js';
import { AppError, ok } from '../../lib/envelope.js';
import { formatMinor, parseAmount } from '../../lib/money.js';
import { claimOrder, decideOrder, FAIL_REASONS, NeedsApproval, ORDER_MESSAGES, refuseOrder, releaseOrder, statusDesc, type OrderRow } from '../order/service.js';
import { approvalHash, approvalView, FOUR_EYES_MESSAGES, lockOrderForReview, requestApproval, type ApprovalRow } from './four-eyes.js';
import { audit } from './staff.js';
import { orderRepo } from '../order/repo.js';
import { ORDER_STATUS } from '@giftlane/shared-sdk/statuses';

const line = z.object({
  card_id: z.number().int().positive().optional(),
  code: z.string().max(500).optional(),
  face_value: z.string().max(20).optional(),
  rate: z.string().max(20).optional(),
  status: z.enum(['success', 'failed']),
  fail_reason: z.string().max(40).optional(),
  fail_note: z.string().max(500).optional(),
  proof_image: z.string().max(1000).optional(),
  image_index: z.number().int().min(0).max(20).optional(),
});

const amountQuery = (name: string) => z.string().regex(/^\d{1,12}(\.\d{1,8})?$/, `${name}: an amount such as 50000 or 1250.50`);

/** The review queue: claim an order, decide it card by card, or refuse it. */
export async function reviewRoutes(app: FastifyInstance, opts: OpsOptions): Promise<void> {
  const { db, ref, catalog, decisions, r, tags, view, warm, who } = opsContext(app, opts);
  const orderView = async (o: OrderRow) => {
    const cur = await ref.currency(o.currency_code);
    return {
      order_no: o.order_no, user_id: o.user_id, status: o.status, status_desc: statusDesc(o), currency: cur.code, wallet_type: o.wallet_type,
      images: o.images.map(view), user_memo: o.user_memo, card_id: o.card_id, card_form: o.card_form, quote: o.quote?.view ?? null,
      amount: formatMinor(o.amount_minor, cur.decimals), claimed_by: o.claimed_by, created_at: o.created_at, finished_at: o.finished_at,
      refused_reason: o.refused_reason, payout_note: o.payout_note,
    };
  };

  r.get(
    '/ops/api/orders/queue',
    {
      schema: {
        tags,
        summary: 'Pending orders, oldest first (unclaimed or claimed by me; an admin sees every claim), with filters',
        querystring: z.object({
          brand: z.coerce.number().int().positive().optional(),
          currency: z.enum(['NGN', 'GHS', 'USDT']).optional(),
          min_amount: amountQuery('min_amount').optional(),
          max_amount: amountQuery('max_amount').optional(),
          waiting_over_minutes: z.coerce.number().int().min(0).max(100_000).optional(),
        }),
      },
    },
    async (req) => {
      const s = await who(req, ['reviewer']);
      const f = req.query;
      // The amount filters are on the locked quote, in the payout currency given (or each order's own).
      const minor = async (v: string | undefined) => {
        if (v === undefined) return null;
        const d = f.currency ? (await ref.currency(f.currency)).decimals : 2;
        const p = parseAmount(v, d);
        return p.ok ? p.minor : null;
      };
      const [queue, brands] = await Promise.all([
        orderRepo.queue(db, { staffId: s.id, everyClaim: s.role === 'admin', brand: f.brand ?? null, currency: f.currency ?? null, minMinor: await minor(f.min_amount), maxMinor: await minor(f.max_amount), waitingOverMinutes: f.waiting_over_minutes ?? null }),
        catalog.categories(),
      ]);
      return ok({
        fail_reasons: FAIL_REASONS,
        brands,
        orders: await Promise.all(queue.map(async (o) => ({ ...(await orderView(o)), waiting_minutes: o.waiting_minutes, claimed_by_name: o.claimed_by_name, brand: o.brand }))),
      });
    },
  );

  r.post('/ops/api/orders/:order_no/release', { schema: { tags, summary: 'Give a claimed order back to the queue (its reviewer, or an admin)', params: z.object({ order_no: z.string().max(64) }) } }, async (req) => {
    const s = await who(req, ['reviewer']);
    const o = await db.tx(async (q) => {
      if ((await lockOrderForReview(q, req.params.order_no)).waiting) throw new AppError(FOUR_EYES_MESSAGES.waiting);
      const order = await releaseOrder(q, req.params.order_no, s, { anyone: s.role === 'admin' });
      await audit(q, { staffId: s.id, action: 'order.release', targetType: 'order', targetId: order.order_no, ip: req.ip });
      return order;
    });
    return ok(await orderView(o));
  });

  r.get('/ops/api/orders/:order_no', { schema: { tags, params: z.object({ order_no: z.string().max(64) }) } }, async (req) => {
    await who(req, ['reviewer', 'finance']);
    const o = await orderRepo.byNo(db, req.params.order_no);
    if (!o) throw new AppError('Order not found');
    const [lines, events] = await Promise.all([orderRepo.lines(db, o.id), orderRepo.events(db, o.id)]);
    return ok({
      ...(await orderView(o)),
      lines: lines.map((l) => ({ seq: l.seq, card_id: l.card_id, card_name: l.card_name, code: l.code, face_minor: String(l.face_minor), rate_minor: String(l.rate_minor), amount_minor: String(l.amount_minor), status: l.status, fail_reason: l.fail_reason, proof_image: view(l.proof_image ?? '') })),
      timeline: events,
      fail_reasons: FAIL_REASONS,
    });
  });

  r.post('/ops/api/orders/:order_no/claim', { schema: { tags, params: z.object({ order_no: z.string().max(64) }) } }, async (req) => {
    const s = await who(req, ['reviewer']);
    const o = await db.tx(async (q) => {
      const order = await claimOrder(q, req.params.order_no, s);
      await audit(q, { staffId: s.id, action: 'order.claim', targetType: 'order', targetId: order.order_no, ip: req.ip });
      return order;
    });
    return ok(await orderView(o));
  });

  r.post(
    '/ops/api/orders/:order_no/decide',
    { schema: { tags, summary: 'Per-card decisions: complete (2, or 4 when some lines failed) or refuse (3 when all failed)', params: z.object({ order_no: z.string().max(64) }), body: z.object({ lines: z.array(line).min(1).max(50), payout_note: z.string().max(500).optional(), note: z.string().max(500).optional() }) } },
    async (req) => {
      const s = await who(req, ['reviewer']);
      await warm();
      const orderNo = req.params.order_no;
      const payload = { lines: req.body.lines, payout_note: req.body.payout_note, note: req.body.note };
      /** The order as it stands, with the request that waits for a second operator. */
      const awaiting = async (row: ApprovalRow, replayed: boolean) => {
        const o = (await orderRepo.byNo(db, orderNo)) as OrderRow;
        return ok({ ...(await orderView(o)), awaiting_approval: await approvalView(row, (c) => ref.currency(c)), replayed });
      };
      // While a decision waits for a second operator, the order takes no other one; the same one
      // sent again is answered with the waiting request. Read under the order's lock.
      const waitingFor = (waiting: ApprovalRow) => {
        if (waiting.params_hash !== approvalHash('order_decision', orderNo, s.id, payload)) throw new AppError(FOUR_EYES_MESSAGES.waiting);
        return awaiting(waiting, true);
      };
      try {
        const res = await db.tx(async (q) => {
          const { waiting } = await lockOrderForReview(q, orderNo);
          if (waiting) return { waiting };
          const out = await decideOrder(q, decisions, { orderNo, staff: s, lines: req.body.lines, payoutNote: req.body.payout_note, note: req.body.note });
          if (!out.replay) await audit(q, { staffId: s.id, action: 'order.decide', targetType: 'order', targetId: out.order.order_no, reason: req.body.payout_note ?? req.body.note ?? '', details: { status: out.order.status, amount_minor: out.order.amount_minor, lines: req.body.lines }, ip: req.ip });
          return out;
        });
        if ('waiting' in res) return waitingFor(res.waiting);
        return ok({ ...(await orderView(res.order)), replayed: res.replay });
      } catch (err) {
        if (!(err instanceof NeedsApproval)) throw err;
        // Nothing was credited: the decision waits for a second operator, if the order still can
        // (under its lock: it may have been refused or released since).
        const out = await db.tx(async (q) => {
          const { order, waiting } = await lockOrderForReview(q, orderNo);
          if (!order) throw new AppError(ORDER_MESSAGES.notFound);
          if (!waiting && order.status !== ORDER_STATUS.pending) throw new AppError(ORDER_MESSAGES.finished);
          if (!waiting && order.claimed_by !== s.id) throw new AppError(order.claimed_by === null ? ORDER_MESSAGES.claimFirst : ORDER_MESSAGES.claimedByOther);
          const a = await requestApproval(q, { kind: 'order_decision', targetId: orderNo, staffId: s.id, payload, amountMinor: err.amountMinor, currency: err.currency, reason: err.reason });
          if (!a.replay) await audit(q, { staffId: s.id, action: 'order.decide.requested', targetType: 'order', targetId: orderNo, reason: err.reason, details: { approval_id: a.row.id, amount_minor: err.amountMinor, lines: req.body.lines }, ip: req.ip });
          return a;
        });
        return awaiting(out.row, out.replay);
      }
    },
  );

  r.post(
    '/ops/api/orders/:order_no/preview',
    { schema: { tags, summary: 'What a decision would pay (and whether it needs a second operator), without making it', params: z.object({ order_no: z.string().max(64) }), body: z.object({ lines: z.array(line).min(1).max(50), payout_note: z.string().max(500).optional(), note: z.string().max(500).optional() }) } },
    async (req) => {
      const s = await who(req, ['reviewer']);
      await warm();
      // The decision is made in a transaction that is always rolled back: the same rules, no effect.
      class Preview extends Error {
        constructor(readonly order: OrderRow) {
          super('preview');
        }
      }
      try {
        await db.tx(async (q) => {
          const out = await decideOrder(q, decisions, { orderNo: req.params.order_no, staff: s, lines: req.body.lines, payoutNote: req.body.payout_note, note: req.body.note });
          throw new Preview(out.order);
        });
      } catch (err) {
        if (err instanceof Preview) {
          const cur = await ref.currency(err.order.currency_code);
          return ok({ status: err.order.status, amount: formatMinor(err.order.amount_minor, cur.decimals), currency: cur.code, needs_approval: null, first_order_bonus: formatMinor(err.order.first_order_bonus_minor, cur.decimals) });
        }
        if (err instanceof NeedsApproval) {
          const cur = await ref.currency(err.currency);
          return ok({ status: ORDER_STATUS.pending, amount: formatMinor(err.amountMinor, cur.decimals), currency: cur.code, needs_approval: err.reason, first_order_bonus: formatMinor(err.firstOrderBonusMinor, cur.decimals) });
        }
        throw err;
      }
      throw new AppError('Nothing to preview');
    },
  );

  r.post('/ops/api/orders/:order_no/refuse', { schema: { tags, params: z.object({ order_no: z.string().max(64) }), body: z.object({ reason: z.string().min(1).max(500) }) } }, async (req) => {
    const s = await who(req, ['reviewer']);
    await warm();
    const res = await db.tx(async (q) => {
      // Refusing pays nothing, but not over a decision another operator is asked to approve: the
      // reviewer withdraws their request first (or it is rejected), so nothing is left pending.
      if ((await lockOrderForReview(q, req.params.order_no)).waiting) throw new AppError(FOUR_EYES_MESSAGES.refuseWaiting);
      const out = await refuseOrder(q, { orderNo: req.params.order_no, staff: s, reason: req.body.reason });
      if (!out.replay) await audit(q, { staffId: s.id, action: 'order.refuse', targetType: 'order', targetId: out.order.order_no, reason: req.body.reason, ip: req.ip });
      return out;
    });
    return ok({ ...(await orderView(res.order)), replayed: res.replay });
  });
}
