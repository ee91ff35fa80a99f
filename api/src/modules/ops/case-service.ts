// The case queue's staff actions: each opens its own transaction, acts through the cases module's
// service and writes its audit row inside it; messages to the seller are dispatched after the commit.
import type { Db } from '../../db/db.js';
import {
  assignCase,
  caseForStaff,
  casePhotoLinks,
  caseQueue,
  casesAbout,
  solveCase,
  staffCaseDetail,
  staffReply,
  type CaseDeps,
} from '../cases/service.js';
import type { Actor } from './route.js';
import { audit } from './staff.js';

export const cases = (db: Db, deps: CaseDeps, input: { staff: Actor; solved: boolean; mine: boolean }) =>
  caseQueue(db, deps, { solved: input.solved, ownerId: input.mine ? input.staff.id : undefined });

export const casesOf = (db: Db, deps: CaseDeps, input: { orderNo?: string; withdrawNo?: string }) =>
  casesAbout(db, deps, input);

/** A case with its messages: a look at a seller's words and photos, audited. */
export async function caseView(db: Db, deps: CaseDeps, input: { staff: Actor; caseNo: string }) {
  return db.tx(async (q) => {
    const view = await staffCaseDetail(q, deps, input.caseNo);
    await audit(q, {
      staffId: input.staff.id,
      action: 'case.view',
      targetType: 'case',
      targetId: view.case_no,
      ip: input.staff.ip,
    });
    return view;
  });
}

export async function assign(db: Db, deps: CaseDeps, input: { staff: Actor; caseNo: string; ownerId?: number }) {
  await db.tx(async (q) => {
    const c = await caseForStaff(q, input.caseNo);
    const ownerId = input.ownerId ?? input.staff.id;
    const { ownerName } = await assignCase(q, { staffId: input.staff.id, caseRow: c, ownerId });
    await audit(q, {
      staffId: input.staff.id,
      action: 'case.assign',
      targetType: 'case',
      targetId: c.case_no,
      details: { owner_id: ownerId, owner: ownerName, previous_owner_id: c.owner_staff_id },
      ip: input.staff.ip,
    });
  });
  return caseView(db, deps, input);
}

export async function reply(
  db: Db,
  deps: CaseDeps,
  input: { staff: Actor; caseNo: string; message: string; photos: string[] },
) {
  const ids = await db.tx(async (q) => {
    const c = await caseForStaff(q, input.caseNo);
    const out = await staffReply(q, deps, {
      staffId: input.staff.id,
      caseRow: c,
      message: input.message,
      photos: input.photos,
    });
    await audit(q, {
      staffId: input.staff.id,
      action: 'case.reply',
      targetType: 'case',
      targetId: c.case_no,
      details: { chars: input.message.trim().length, photos: input.photos.length },
      ip: input.staff.ip,
    });
    return out;
  });
  await deps.messenger.dispatch(ids);
  return caseView(db, deps, input);
}

export async function solve(db: Db, deps: CaseDeps, input: { staff: Actor; caseNo: string; resolution: string }) {
  const ids = await db.tx(async (q) => {
    const c = await caseForStaff(q, input.caseNo);
    const out = await solveCase(q, deps, { staffId: input.staff.id, caseRow: c, resolution: input.resolution });
    await audit(q, {
      staffId: input.staff.id,
      action: 'case.solve',
      targetType: 'case',
      targetId: c.case_no,
      reason: input.resolution.trim(),
      ip: input.staff.ip,
    });
    return out;
  });
  await deps.messenger.dispatch(ids);
  return caseView(db, deps, input);
}

/** Upload links for photos staff attach to a reply (kept in the case's seller's photo space). */
export async function photoLinks(db: Db, deps: CaseDeps, input: { staff: Actor; caseNo: string; count: number }) {
  return db.tx(async (q) => {
    const c = await caseForStaff(q, input.caseNo);
    const links = await casePhotoLinks(q, deps, { caseRow: c, count: input.count });
    await audit(q, {
      staffId: input.staff.id,
      action: 'case.photo_links',
      targetType: 'case',
      targetId: c.case_no,
      details: { count: input.count },
      ip: input.staff.ip,
    });
    return links;
  });
}
