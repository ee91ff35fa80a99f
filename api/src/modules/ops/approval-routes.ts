import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Queryable } from '../../db/db.js';
import { AppError, ok } from '../../lib/envelope.js';
import { decideOrder, type LineInput } from '../order/service.js';
import { opsContext, type OpsOptions } from './context.js';
import { applyCorrection, type CorrectionInput } from './corrections.js';
import { approvalView, closeApproval, FOUR_EYES_MESSAGES, type ApprovalRow } from './four-eyes.js';
import { audit, resolveStaff, type Role, type StaffAuth } from './staff.js';
import { opsRepo } from './repo.js';

/** Who may approve or reject each kind of request (an admin may do everything). */
const APPROVERS: Record<ApprovalRow['kind'], Role[]> = { order_decision: ['reviewer'], correction: [] };

/** Four-eyes: the requests waiting for a second operator, and their approval or rejection. */
export async function approvalRoutes(app: FastifyInstance, opts: OpsOptions): Promise<void> {
  const { db, ref, ledger, decisions, r, tags, warm, who } = opsContext(app, opts);
  const view = (row: ApprovalRow) => approvalView(row, (c) => ref.currency(c));
  const idParams = z.object({ id: z.coerce.number().int().positive() });

  r.get('/ops/api/approvals', { schema: { tags, summary: 'Requests for a second operator, oldest first', querystring: z.object({ status: z.enum(['pending', 'approved', 'rejected']).default('pending') }) } }, async (req) => {
    await who(req, ['reviewer', 'finance']);
    const rows = await opsRepo.approvals(db, req.query.status);
    return ok(await Promise.all(rows.map(async (a) => ({ ...(await view(a)), requested_by_name: a.requested_by_name }))));
  });

  /** The request, locked; refused unless this operator's role may act on it (or, `mine`, they asked for it). */
  const lockFor = async (q: Queryable, id: number, s: StaffAuth, opts: { mine?: boolean } = {}): Promise<ApprovalRow> => {
    const row = await opsRepo.approval(q, id, true);
    if (!row) throw new AppError(FOUR_EYES_MESSAGES.notFound);
    if (opts.mine && row.requested_by === s.id) return row;
    if (s.role !== 'admin' && !APPROVERS[row.kind].includes(s.role)) throw new AppError('Your role cannot do this', 'common.403', 403);
    return row;
  };

  r.post('/ops/api/approvals/:id/approve', { schema: { tags, summary: 'Approve another operator’s request: the decision or correction is carried out now', params: idParams, body: z.object({ note: z.string().max(500).default('') }) } }, async (req) => {
    const s = await resolveStaff(db, req.headers.authorization);
    await warm();
    const out = await db.tx(async (q) => {
      const a = await lockFor(q, req.params.id, s);
      if (a.status !== 'pending') {
        // The approver's retry of the same approval answers as the first time.
        if (a.status === 'approved' && a.decided_by === s.id) return { row: a, replayed: true };
        throw new AppError(FOUR_EYES_MESSAGES.done);
      }
      if (a.requested_by === s.id) throw new AppError(FOUR_EYES_MESSAGES.own);
      let result: Record<string, unknown>;
      if (a.kind === 'order_decision') {
        const requester = (await opsRepo.staffById(q, a.requested_by))!;
        const p = a.payload as { lines: LineInput[]; payout_note?: string; note?: string };
        const d = await decideOrder(q, decisions, { orderNo: a.target_id, staff: requester, lines: p.lines, payoutNote: p.payout_note, note: p.note, approvedBy: s.id });
        await audit(q, { staffId: a.requested_by, action: 'order.decide', targetType: 'order', targetId: a.target_id, reason: p.payout_note ?? p.note ?? '', details: { status: d.order.status, amount_minor: d.order.amount_minor, lines: p.lines, approved_by: s.id, approval_id: a.id }, ip: req.ip });
        result = { order_no: a.target_id, status: d.order.status };
      } else {
        const t = await applyCorrection(q, { ledger, ref }, { key: a.target_id, input: a.payload as unknown as CorrectionInput, requestedBy: a.requested_by, approvedBy: s.id, ip: req.ip });
        result = { journal_id: Number(t.journalId) };
      }
      await closeApproval(q, a.id, 'approved', s.id, req.body.note, result);
      await audit(q, { staffId: s.id, action: 'approval.approve', targetType: 'approval', targetId: String(a.id), reason: req.body.note, details: { kind: a.kind, target: a.target_id, requested_by: a.requested_by, ...result }, ip: req.ip });
      return { row: (await opsRepo.approval(q, a.id))!, replayed: false };
    });
    return ok({ ...(await view(out.row)), replayed: out.replayed });
  });

  r.post('/ops/api/approvals/:id/reject', { schema: { tags, summary: 'Reject a request (or withdraw your own): nothing is carried out', params: idParams, body: z.object({ reason: z.string().min(3).max(500) }) } }, async (req) => {
    const s = await resolveStaff(db, req.headers.authorization);
    const row = await db.tx(async (q) => {
      // The requester may always withdraw their own request; otherwise the approvers' roles apply.
      const x = await lockFor(q, req.params.id, s, { mine: true });
      const mine = x.requested_by === s.id;
      if (x.status !== 'pending') throw new AppError(FOUR_EYES_MESSAGES.done);
      await closeApproval(q, x.id, 'rejected', s.id, req.body.reason, null);
      await audit(q, { staffId: s.id, action: mine ? 'approval.withdraw' : 'approval.reject', targetType: 'approval', targetId: String(x.id), reason: req.body.reason, details: { kind: x.kind, target: x.target_id, requested_by: x.requested_by }, ip: req.ip });
      return (await opsRepo.approval(q, x.id))!;
    });
    return ok(await view(row));
  });
}
