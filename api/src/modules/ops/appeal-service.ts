// The appeal queue's actions: look at the queue and an appeal, take one, uphold or overturn it, and
// the per-reviewer figures. Each action that changes something is one transaction with its audit row.
import type { Db } from '../../db/db.js';
import { appealQueueRows, appealStats, resolveAppeal, staffAppealView, takeAppeal } from '../appeal/service.js';
import type { OpsDeps } from './context.js';
import type { Actor } from './route.js';
import { audit } from './staff.js';

const viewDeps = (deps: OpsDeps) => ({ db: deps.db, ref: deps.ref, view: deps.view });

/** Open appeals, breached first, then oldest, with their clock. */
export const appealQueue = (db: Db, deps: OpsDeps) => appealQueueRows(db, deps.ref);

/** An appeal with the evidence, the seller's note and photos, and the original decision. */
export async function appealDetail(db: Db, deps: OpsDeps, input: { staff: Actor; appealNo: string }) {
  const out = await staffAppealView({ ...viewDeps(deps), db }, input.appealNo);
  await audit(db, {
    staffId: input.staff.id,
    action: 'appeal.view',
    targetType: 'appeal',
    targetId: input.appealNo,
    ip: input.staff.ip,
  });
  return out;
}

/** Takes an appeal: never by the staff member who decided the order (the database refuses it too). */
export async function takeAppealAction(db: Db, deps: OpsDeps, input: { staff: Actor; appealNo: string }) {
  const { staff, appealNo } = input;
  await db.tx(async (q) => {
    const a = await takeAppeal(q, { appealNo, staff });
    await audit(q, {
      staffId: staff.id,
      action: 'appeal.take',
      targetType: 'appeal',
      targetId: a.appeal_no,
      ip: staff.ip,
    });
  });
  return staffAppealView(viewDeps(deps), appealNo);
}

/** Upholds (with a reason) or overturns (crediting the difference once) an appeal. */
export async function resolveAppealAction(
  db: Db,
  deps: OpsDeps,
  input: { staff: Actor; appealNo: string; outcome: 'upheld' | 'overturned'; reason: string },
) {
  const { staff, appealNo } = input;
  await deps.warm();
  const res = await db.tx(async (q) => {
    const out = await resolveAppeal(q, { ref: deps.ref, ledger: deps.ledger }, { ...input, staff });
    if (!out.replay)
      await audit(q, {
        staffId: staff.id,
        action: `appeal.${input.outcome === 'upheld' ? 'uphold' : 'overturn'}`,
        targetType: 'appeal',
        targetId: appealNo,
        reason: input.reason,
        details: {
          order_no: out.order.order_no,
          credit_minor: out.appeal.credit_minor,
          journal_id: out.appeal.credit_journal_id,
          decided_by: out.appeal.decided_by,
        },
        ip: staff.ip,
      });
    return out;
  });
  return { ...(await staffAppealView(viewDeps(deps), appealNo)), replayed: res.replay };
}

/** Per reviewer: their decisions with a failed card, how many were appealed, upheld, overturned, and the rates. */
export const appealStatsView = (db: Db) => appealStats(db);
