// Four-eyes: the requests waiting for a second operator, and their approval (which carries the
// decision or correction out) or rejection, each in one transaction with its audit rows.
import type { Queryable } from '../../db/db.js';
import { AppError } from '../../lib/envelope.js';
import { decideOrder, type LineInput } from '../order/service.js';
import type { Db } from '../../db/db.js';
import type { OpsDeps } from './context.js';
import { applyCorrection, type CorrectionInput } from './corrections.js';
import { approvalView, closeApproval, FOUR_EYES_MESSAGES, type ApprovalRow } from './four-eyes.js';
import { opsRepo } from './repo.js';
import { ROLE_REFUSED, roleMay, type Actor } from './route.js';
import { audit, type Role, type StaffAuth } from './staff.js';

/** Who may approve or reject each kind of request (an admin may do everything). */
const APPROVERS: Record<ApprovalRow['kind'], Role[]> = { order_decision: ['reviewer'], correction: [] };

const view = (deps: OpsDeps, row: ApprovalRow) => approvalView(row, (c) => deps.ref.currency(c));

export async function approvals(db: Db, deps: OpsDeps, status: 'pending' | 'approved' | 'rejected') {
  const rows = await opsRepo.approvals(db, status);
  return Promise.all(rows.map(async (a) => ({ ...(await view(deps, a)), requested_by_name: a.requested_by_name })));
}

/** The request, locked; refused unless this operator's role may act on it (or, `mine`, they asked for it). */
async function lockFor(q: Queryable, input: { id: number; staff: StaffAuth; mine?: boolean }): Promise<ApprovalRow> {
  const { id, staff: s, ...opts } = input;
  const row = await opsRepo.approval(q, id, true);
  if (!row) throw new AppError(FOUR_EYES_MESSAGES.notFound);
  if (opts.mine && row.requested_by === s.id) return row;
  if (!roleMay(s.role, APPROVERS[row.kind])) throw new AppError(ROLE_REFUSED, 'common.403', 403);
  return row;
}

/** Approves another operator's request: the decision or correction is carried out now. */
export async function approve(db: Db, deps: OpsDeps, input: { staff: Actor; id: number; note: string }) {
  const { staff, id, note } = input;
  const { ref, ledger, decisions } = deps;
  await deps.warm();
  const out = await db.tx(async (q) => {
    const a = await lockFor(q, { id, staff });
    if (a.status !== 'pending') {
      // The approver's retry of the same approval answers as the first time.
      if (a.status === 'approved' && a.decided_by === staff.id) return { row: a, replayed: true };
      throw new AppError(FOUR_EYES_MESSAGES.done);
    }
    if (a.requested_by === staff.id) throw new AppError(FOUR_EYES_MESSAGES.own);
    let result: Record<string, unknown>;
    if (a.kind === 'order_decision') {
      const requester = (await opsRepo.staffById(q, a.requested_by))!;
      const p = a.payload as { lines: LineInput[]; payout_note?: string; note?: string };
      const d = await decideOrder(q, decisions, {
        orderNo: a.target_id,
        staff: requester,
        lines: p.lines,
        payoutNote: p.payout_note,
        note: p.note,
        approvedBy: staff.id,
      });
      await audit(q, {
        staffId: a.requested_by,
        action: 'order.decide',
        targetType: 'order',
        targetId: a.target_id,
        reason: p.payout_note ?? p.note ?? '',
        details: {
          status: d.order.status,
          amount_minor: d.order.amount_minor,
          lines: p.lines,
          approved_by: staff.id,
          approval_id: a.id,
        },
        ip: staff.ip,
      });
      result = { order_no: a.target_id, status: d.order.status };
    } else {
      const t = await applyCorrection(
        q,
        { ledger, ref },
        {
          key: a.target_id,
          input: a.payload as unknown as CorrectionInput,
          requestedBy: a.requested_by,
          approvedBy: staff.id,
          ip: staff.ip,
        },
      );
      result = { journal_id: Number(t.journalId) };
    }
    await closeApproval(q, { id: a.id, status: 'approved', by: staff.id, note, result });
    await audit(q, {
      staffId: staff.id,
      action: 'approval.approve',
      targetType: 'approval',
      targetId: String(a.id),
      reason: note,
      details: { kind: a.kind, target: a.target_id, requested_by: a.requested_by, ...result },
      ip: staff.ip,
    });
    return { row: (await opsRepo.approval(q, a.id))!, replayed: false };
  });
  return { ...(await view(deps, out.row)), replayed: out.replayed };
}

/** Rejects a request, or withdraws one's own: nothing is carried out. */
export async function reject(db: Db, deps: OpsDeps, input: { staff: Actor; id: number; reason: string }) {
  const { staff, id, reason } = input;
  const row = await db.tx(async (q) => {
    // The requester may always withdraw their own request; otherwise the approvers' roles apply.
    const x = await lockFor(q, { id, staff, mine: true });
    const mine = x.requested_by === staff.id;
    if (x.status !== 'pending') throw new AppError(FOUR_EYES_MESSAGES.done);
    await closeApproval(q, { id: x.id, status: 'rejected', by: staff.id, note: reason, result: null });
    await audit(q, {
      staffId: staff.id,
      action: mine ? 'approval.withdraw' : 'approval.reject',
      targetType: 'approval',
      targetId: String(x.id),
      reason,
      details: { kind: x.kind, target: x.target_id, requested_by: x.requested_by },
      ip: staff.ip,
    });
    return (await opsRepo.approval(q, x.id))!;
  });
  return view(deps, row);
}
