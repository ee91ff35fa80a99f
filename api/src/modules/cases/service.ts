// Support cases: one open case per order and per withdrawal, or about anything else; messages both
// ways with photos; an owner on the staff side; a first-response and a resolution clock.
import { randomBytes } from 'node:crypto';
import type { Config } from '../../config/env.js';
import type { Db, Queryable } from '../../db/db.js';
import { AppError, Codes } from '../../lib/envelope.js';
import type { Jobs } from '../jobs/jobs.js';
import type { Messenger } from '../messaging/messenger.js';
import { notify } from '../notices/service.js';
import type { UploadStore } from '../uploads/store.js';
import { IMAGE_LIMITS } from '../uploads/store.js';
import type { Reference } from '../../shared/reference.js';
import {
  CASE_DEFAULTS,
  CASE_MESSAGES,
  CASE_STATUS_TEXT,
  clocksOf,
  hours,
  newCaseNo,
  type CaseAbout,
  type CaseSettings,
} from './names.js';
import { caseRepo, type CaseEventRow, type CaseMessageRow, type CaseRow } from './repo.js';

/** The job that notes a clock's breach and tells staff, once, at the clock's due time. */
export const CASE_CLOCK_JOB = 'case_clock';

export interface CaseDeps {
  ref: Reference;
  messenger: Messenger;
  jobs: Jobs;
  store: UploadStore;
  config: Pick<Config, 'supportEmail' | 'productName'> & { security: Pick<Config['security'], 'siteUrl'> };
  now?: () => number;
}

export const caseSettings = async (ref: Reference): Promise<CaseSettings> => ({
  ...CASE_DEFAULTS,
  ...(await ref.setting<Partial<CaseSettings>>('cases', {})),
});

const unix = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : 0);
const nowOf = (deps: Pick<CaseDeps, 'now'>) => (deps.now ?? Date.now)();

// ---- Checks shared by both sides ------------------------------------------------------------------

/** A message's text and photos within the settings; photos are object names of the photo store. */
async function checkMessage(
  q: Queryable,
  deps: Pick<CaseDeps, 'store'>,
  s: CaseSettings,
  input: { message: string; photos: string[]; photoOwner: number | null },
): Promise<{ body: string; photos: string[] }> {
  const body = input.message.trim();
  if (!body && !input.photos.length) throw new AppError(CASE_MESSAGES.empty, Codes.validation);
  if (body.length > s.max_message_chars)
    throw new AppError(CASE_MESSAGES.tooLong(s.max_message_chars), Codes.validation);
  const photos = [...new Set(input.photos)];
  if (photos.length > s.max_photos) throw new AppError(CASE_MESSAGES.tooManyPhotos(s.max_photos), Codes.validation);
  if (!photos.length) return { body, photos };
  if (input.photoOwner === null) throw new AppError(CASE_MESSAGES.guestPhotos, Codes.validation);
  const names = photos.map((p) => deps.store.objectNameOf(p.split('?')[0] ?? ''));
  if (names.some((n) => !n)) throw new AppError(CASE_MESSAGES.photoNotYours, Codes.validation);
  const mine = await caseRepo.storedPhotosOf(q, input.photoOwner, names as string[]);
  if (mine !== names.length) throw new AppError(CASE_MESSAGES.photoNotYours, Codes.validation);
  return { body, photos: names as string[] };
}

async function scheduleClock(
  q: Queryable,
  deps: Pick<CaseDeps, 'jobs'>,
  c: { id: string; clock: 'first_response' | 'resolution'; due: Date },
): Promise<void> {
  // Once across api processes: one waiting job per case, clock and due time.
  await deps.jobs.send(
    CASE_CLOCK_JOB,
    { case_id: c.id, clock: c.clock },
    { q, startAfter: c.due, singletonKey: `case:${c.id}:${c.clock}:${c.due.getTime()}` },
  );
}

// ---- The seller's side ----------------------------------------------------------------------------

export interface OpenInput {
  /** The signed-in seller, or null for a visitor of the contact form. */
  userId: number | null;
  guest?: { email: string; name: string };
  about: CaseAbout;
  orderNo?: string;
  withdrawNo?: string;
  subject?: string;
  message: string;
  photos?: string[];
  /** E-mail the visitor (the contact form) that the case is open, with its reference. */
  acknowledge?: boolean;
}

/**
 * Opens a case, or — about an order or a withdrawal that already has an open case — adds the
 * message to that one (`existing`). An order or withdrawal must be the seller's own.
 */
export async function openCase(
  db: Db,
  deps: CaseDeps,
  input: OpenInput,
): Promise<{ caseNo: string; existing: boolean }> {
  const s = await caseSettings(deps.ref);
  const orderNo = input.about === 'order' ? (input.orderNo ?? '').trim() : null;
  const withdrawNo = input.about === 'withdrawal' ? (input.withdrawNo ?? '').trim() : null;
  const opened = await db.tx(async (q) => {
    if (orderNo !== null) {
      const owner = orderNo ? await caseRepo.orderOwner(q, orderNo) : undefined;
      if (owner === undefined || owner !== input.userId) throw new AppError(CASE_MESSAGES.orderNotFound);
    }
    if (withdrawNo !== null) {
      const owner = withdrawNo ? await caseRepo.withdrawalOwner(q, withdrawNo) : undefined;
      if (owner === undefined || owner !== input.userId) throw new AppError(CASE_MESSAGES.withdrawalNotFound);
    }
    const msg = await checkMessage(q, deps, s, {
      message: input.message,
      photos: input.photos ?? [],
      photoOwner: input.userId,
    });
    if (orderNo !== null || withdrawNo !== null) {
      const open = await caseRepo.openAbout(q, { orderNo, withdrawNo });
      if (open) {
        await sellerMessage(q, { caseRow: open, ...msg });
        return { caseNo: open.case_no, existing: true, outbox: [] as bigint[] };
      }
    }
    const now = nowOf(deps);
    const firstResponseDue = new Date(now + hours(s.first_response_hours));
    const resolutionDue = new Date(now + hours(s.resolution_hours));
    const caseNo = newCaseNo(randomBytes(8));
    const id = await caseRepo.insert(q, {
      caseNo,
      userId: input.userId,
      guestEmail: input.guest?.email ?? null,
      guestName: input.guest?.name ?? '',
      about: input.about,
      orderNo,
      withdrawNo,
      subject: (input.subject ?? '').trim().slice(0, 200),
      firstResponseDue,
      resolutionDue,
    });
    if (!id) {
      // Opened in parallel by another request a moment ago: this message joins that case.
      const open = await caseRepo.openAbout(q, { orderNo, withdrawNo });
      if (!open) throw new AppError('Please try again', Codes.busy, 503);
      await sellerMessage(q, { caseRow: open, ...msg });
      return { caseNo: open.case_no, existing: true, outbox: [] as bigint[] };
    }
    await caseRepo.addEvent(q, { caseId: id, kind: 'opened' });
    await caseRepo.addMessage(q, { caseId: id, author: 'seller', staffId: null, ...msg });
    await scheduleClock(q, deps, { id, clock: 'first_response', due: firstResponseDue });
    await scheduleClock(q, deps, { id, clock: 'resolution', due: resolutionDue });
    const outbox: bigint[] = [];
    if (input.acknowledge && input.guest)
      outbox.push(
        await deps.messenger.queue(q, {
          channel: 'email',
          to: input.guest.email,
          subject: `${deps.config.productName}: we received your message (${caseNo})`,
          text:
            `Hello ${input.guest.name},\n\nWe received your message and opened case ${caseNo}. We reply to this ` +
            `address; quote ${caseNo} if you write to us again.\n\nYour message:\n${msg.body}`,
          ref: `case:${caseNo}:received`,
        }),
      );
    return { caseNo, existing: false, outbox };
  });
  await deps.messenger.dispatch(opened.outbox);
  return { caseNo: opened.caseNo, existing: opened.existing };
}

async function sellerMessage(q: Queryable, m: { caseRow: CaseRow; body: string; photos: string[] }): Promise<void> {
  await caseRepo.addMessage(q, {
    caseId: m.caseRow.id,
    author: 'seller',
    staffId: null,
    body: m.body,
    photos: m.photos,
  });
  await caseRepo.addEvent(q, { caseId: m.caseRow.id, kind: 'seller_message' });
  await caseRepo.setStatus(q, m.caseRow.id, 'waiting_us');
}

/**
 * The seller writes on their case. A reply to a solved case reopens it (its resolution clock starts
 * again), unless another case about the same order or withdrawal is open: then it is refused.
 */
export async function replyToCase(
  db: Db,
  deps: CaseDeps,
  input: { userId: number; caseNo: string; message: string; photos?: string[] },
): Promise<void> {
  const s = await caseSettings(deps.ref);
  await db.tx(async (q) => {
    const c = await caseRepo.byNo(q, input.caseNo, { lock: true });
    if (!c || c.user_id !== input.userId) throw new AppError(CASE_MESSAGES.notFound);
    const msg = await checkMessage(q, deps, s, {
      message: input.message,
      photos: input.photos ?? [],
      photoOwner: input.userId,
    });
    if (c.status === 'solved') {
      if (c.order_no || c.withdraw_no) {
        const other = await caseRepo.openAbout(q, { orderNo: c.order_no, withdrawNo: c.withdraw_no });
        if (other) throw new AppError(CASE_MESSAGES.solvedElsewhere(other.case_no));
      }
      const due = new Date(nowOf(deps) + hours(s.resolution_hours));
      await caseRepo.reopen(q, c.id, due);
      await caseRepo.addEvent(q, { caseId: c.id, kind: 'reopened' });
      await scheduleClock(q, deps, { id: c.id, clock: 'resolution', due });
    }
    await sellerMessage(q, { caseRow: c, ...msg });
  });
}

export async function listCases(q: Queryable, input: { userId: number; page: number; pageSize: number }) {
  const rows = await caseRepo.ofUser(q, input.userId, input.page, input.pageSize);
  return rows.map((c) => ({
    case_no: c.case_no,
    about: c.about,
    order_no: c.order_no ?? '',
    withdraw_no: c.withdraw_no ?? '',
    subject: c.subject,
    status: c.status,
    status_text: CASE_STATUS_TEXT[c.status],
    create_time: unix(c.created_at),
    update_time: unix(c.updated_at),
  }));
}

const SELLER_TIMELINE: Record<string, (e: CaseEventRow) => string> = {
  opened: () => 'You opened this case',
  seller_message: () => 'You wrote to us',
  staff_reply: () => 'We replied',
  assigned: (e) => `${e.note || 'A member of our team'} is looking after your case`,
  solved: () => 'Solved',
  reopened: () => 'Reopened by your message',
  first_response_breached: () => 'Our first reply is late: we are sorry',
  resolution_breached: () => 'Solving your case is taking longer than we promised',
};

/** A seller's case with its messages (photos as short-lived links) and timeline; another's is not found. */
export async function caseDetail(
  q: Queryable,
  deps: Pick<CaseDeps, 'store' | 'now'>,
  input: {
    userId: number;
    caseNo: string;
  },
) {
  const c = await caseRepo.byNo(q, input.caseNo);
  if (!c || c.user_id !== input.userId) throw new AppError(CASE_MESSAGES.notFound);
  const [messages, events] = await Promise.all([caseRepo.messages(q, c.id), caseRepo.events(q, c.id)]);
  const clocks = clocksOf(c, nowOf(deps));
  return {
    case_no: c.case_no,
    about: c.about,
    order_no: c.order_no ?? '',
    withdraw_no: c.withdraw_no ?? '',
    subject: c.subject,
    status: c.status,
    status_text: CASE_STATUS_TEXT[c.status],
    owner_name: c.owner_name ?? '',
    create_time: unix(c.created_at),
    first_response_due: unix(c.first_response_due),
    first_response_time: unix(c.first_response_at),
    resolution_due: unix(c.resolution_due),
    solved_time: unix(c.solved_at),
    first_response_late: clocks.first_response.breached,
    resolution_late: clocks.resolution.breached,
    resolution: c.resolution,
    messages: messages.map((m) => messageView(deps.store, m, 'seller')),
    timeline: events.map((e) => ({
      kind: e.kind,
      text: (SELLER_TIMELINE[e.kind] ?? (() => e.kind))(e),
      create_time: unix(e.created_at),
    })),
  };
}

function messageView(store: UploadStore, m: CaseMessageRow, side: 'seller' | 'staff') {
  const base = {
    id: Number(m.id),
    from: m.author,
    body: m.body,
    images: m.photos.map((p) => store.viewUrl(store.publicUrl(p))),
  };
  return side === 'seller'
    ? {
        ...base,
        name: m.author === 'staff' ? (m.staff_name ?? 'GiftLane support') : 'You',
        create_time: unix(m.created_at),
      }
    : { ...base, name: m.author === 'staff' ? (m.staff_name ?? '') : 'Seller', created_at: m.created_at.toISOString() };
}

// ---- The staff side (each called inside the operator service's transaction, which audits it) -------

/** A case for a staff action, locked; a missing one is refused. */
export async function caseForStaff(q: Queryable, caseNo: string): Promise<CaseRow> {
  const c = await caseRepo.byNo(q, caseNo, { lock: true });
  if (!c) throw new AppError(CASE_MESSAGES.notFound, Codes.notFound, 404);
  return c;
}

/**
 * A staff reply: stops the first-response clock, takes the case if nobody owns it, and tells the
 * seller — in-app (and by push, through the notice) and on their verified e-mail and WhatsApp; a
 * visitor's case by e-mail with its reference. Answers the outbox ids to dispatch after the commit.
 */
export async function staffReply(
  q: Queryable,
  deps: CaseDeps,
  input: { staffId: number; caseRow: CaseRow; message: string; photos?: string[] },
): Promise<bigint[]> {
  const c = input.caseRow;
  if (c.status === 'solved') throw new AppError(CASE_MESSAGES.alreadySolved);
  const s = await caseSettings(deps.ref);
  const msg = await checkMessage(q, deps, s, {
    message: input.message,
    photos: input.photos ?? [],
    photoOwner: c.user_id,
  });
  await caseRepo.addMessage(q, { caseId: c.id, author: 'staff', staffId: input.staffId, ...msg });
  await caseRepo.firstResponse(q, c.id);
  await caseRepo.setStatus(q, c.id, 'waiting_you');
  if (c.owner_staff_id === null) await caseRepo.assign(q, c.id, input.staffId);
  await caseRepo.addEvent(q, { caseId: c.id, kind: 'staff_reply', staffId: input.staffId });
  const extra = msg.photos.length ? ` (${msg.photos.length} photo${msg.photos.length > 1 ? 's' : ''})` : '';
  return tellSeller(q, deps, c, {
    title: `Reply on your case ${c.case_no}`,
    text: `${msg.body}${extra}`,
  });
}

export async function assignCase(
  q: Queryable,
  input: { staffId: number; caseRow: CaseRow; ownerId: number },
): Promise<{ ownerName: string }> {
  const owner = (await caseRepo.staffNames(q)).find((x) => x.id === input.ownerId);
  if (!owner) throw new AppError(CASE_MESSAGES.ownerUnknown);
  await caseRepo.assign(q, input.caseRow.id, owner.id);
  await caseRepo.addEvent(q, { caseId: input.caseRow.id, kind: 'assigned', staffId: input.staffId, note: owner.name });
  return { ownerName: owner.name };
}

export async function solveCase(
  q: Queryable,
  deps: CaseDeps,
  input: { staffId: number; caseRow: CaseRow; resolution: string },
): Promise<bigint[]> {
  const c = input.caseRow;
  if (c.status === 'solved') throw new AppError(CASE_MESSAGES.alreadySolved);
  const resolution = input.resolution.trim();
  if (!resolution) throw new AppError(CASE_MESSAGES.resolutionRequired, Codes.validation);
  await caseRepo.solve(q, c.id, { staffId: input.staffId, resolution });
  await caseRepo.addEvent(q, { caseId: c.id, kind: 'solved', staffId: input.staffId, note: resolution });
  return tellSeller(q, deps, c, {
    title: `Your case ${c.case_no} is solved`,
    text: `${resolution}\n\nIf this does not solve it, reply on the case and it opens again.`,
  });
}

async function tellSeller(
  q: Queryable,
  deps: CaseDeps,
  c: CaseRow,
  m: { title: string; text: string },
): Promise<bigint[]> {
  const product = deps.config.productName;
  const ids: bigint[] = [];
  if (c.user_id === null) {
    if (c.guest_email)
      ids.push(
        await deps.messenger.queue(q, {
          channel: 'email',
          to: c.guest_email,
          subject: `${product}: ${m.title}`,
          text: `${m.text}\n\nReference: ${c.case_no} (quote it when you write to us again).`,
        }),
      );
    return ids;
  }
  // An alert: the notice scan sends it on to the seller's verified e-mail and WhatsApp as they chose.
  await notify(q, {
    userId: c.user_id,
    alert: true,
    title: m.title,
    content: m.text.length > 300 ? `${m.text.slice(0, 297)}…` : m.text,
    kind: 'system',
    // The web opens a path it is given (Notifications); the apps' route codes have no case screen.
    action: `/homes/help/cases/${encodeURIComponent(c.case_no)}`,
    orderNo: c.order_no ?? undefined,
    params: { case_no: c.case_no },
  });
  return ids;
}

/** Upload links for staff photos on a case, in the photo space of the case's seller. */
export async function casePhotoLinks(
  q: Queryable,
  deps: Pick<CaseDeps, 'store' | 'ref'>,
  input: { caseRow: CaseRow; count: number },
) {
  const c = input.caseRow;
  if (c.user_id === null) throw new AppError(CASE_MESSAGES.guestPhotos);
  const s = await caseSettings(deps.ref);
  if (input.count > s.max_photos) throw new AppError(CASE_MESSAGES.tooManyPhotos(s.max_photos), Codes.validation);
  const expires = Date.now() + IMAGE_LIMITS.urlTtlMs;
  const names = Array.from({ length: input.count }, () => deps.store.newObjectName(c.user_id!));
  await caseRepo.createUploads(q, c.user_id, names, new Date(expires));
  return names.map((objectName) => ({
    object_name: objectName,
    url: deps.store.presignPut(objectName, expires),
    public_url: deps.store.publicUrl(objectName),
  }));
}

const STAFF_TIMELINE: Record<string, string> = {
  opened: 'Opened',
  seller_message: 'Seller wrote',
  staff_reply: 'Staff replied',
  assigned: 'Assigned',
  solved: 'Solved',
  reopened: 'Reopened by the seller',
  first_response_breached: 'First-response time passed',
  resolution_breached: 'Resolution time passed',
};

function staffCaseView(c: CaseRow, now: number) {
  const clocks = clocksOf(c, now);
  const clock = (k: keyof typeof clocks) => ({
    due: clocks[k].due.toISOString(),
    met_at: clocks[k].met_at ? clocks[k].met_at!.toISOString() : null,
    breached: clocks[k].breached,
  });
  return {
    case_no: c.case_no,
    about: c.about,
    order_no: c.order_no,
    withdraw_no: c.withdraw_no,
    subject: c.subject,
    status: c.status,
    status_text: CASE_STATUS_TEXT[c.status],
    user_id: c.user_id,
    seller: c.seller ?? c.guest_email ?? '',
    guest_email: c.guest_email,
    owner_id: c.owner_staff_id,
    owner_name: c.owner_name,
    created_at: c.created_at.toISOString(),
    updated_at: c.updated_at.toISOString(),
    first_response: clock('first_response'),
    resolution: clock('resolution'),
    resolution_text: c.resolution,
  };
}

/** The console's queue: the clock due first leads (breached cases first, the oldest breach first). */
export async function caseQueue(
  q: Queryable,
  deps: Pick<CaseDeps, 'now'>,
  input: { solved: boolean; ownerId?: number },
) {
  const rows = await caseRepo.queue(q, { solved: input.solved, ownerId: input.ownerId, limit: 200 });
  const now = nowOf(deps);
  return rows.map((r) => ({
    ...staffCaseView(r, now),
    messages: r.messages,
    last_message_at: r.last_message_at ? r.last_message_at.toISOString() : null,
  }));
}

/** A case for staff: its messages (photos as short-lived links), timeline and who may own it. */
export async function staffCaseDetail(q: Queryable, deps: Pick<CaseDeps, 'store' | 'now'>, caseNo: string) {
  const c = await caseRepo.byNo(q, caseNo);
  if (!c) throw new AppError(CASE_MESSAGES.notFound, Codes.notFound, 404);
  const [messages, events, staff] = await Promise.all([
    caseRepo.messages(q, c.id),
    caseRepo.events(q, c.id),
    caseRepo.staffNames(q),
  ]);
  return {
    ...staffCaseView(c, nowOf(deps)),
    messages: messages.map((m) => messageView(deps.store, m, 'staff')),
    timeline: events.map((e) => ({
      kind: e.kind,
      text: STAFF_TIMELINE[e.kind] ?? e.kind,
      staff: e.staff_name,
      note: e.note,
      created_at: e.created_at.toISOString(),
    })),
    staff: staff.map((x) => ({ id: x.id, name: x.name })),
  };
}

/** Cases about one order or withdrawal (the console's order page links them). */
export async function casesAbout(
  q: Queryable,
  deps: Pick<CaseDeps, 'now'>,
  f: { orderNo?: string; withdrawNo?: string },
) {
  const now = nowOf(deps);
  return (await caseRepo.about(q, f)).map((c) => staffCaseView(c, now));
}

/**
 * A clock's due time has come (the job sent when the case opened or reopened): if the clock is still
 * running, the breach is noted on the timeline and staff are told, once per case and clock.
 */
export async function noteBreach(
  db: Db,
  deps: CaseDeps,
  input: { caseId: string; clock: 'first_response' | 'resolution' },
): Promise<void> {
  const ids = await db.tx(async (q) => {
    const c = await caseRepo.byId(q, input.caseId, { lock: true });
    if (!c || c.status === 'solved') return [];
    const running = input.clock === 'first_response' ? c.first_response_at === null : c.solved_at === null;
    const due = input.clock === 'first_response' ? c.first_response_due : c.resolution_due;
    if (!running || due.getTime() > nowOf(deps)) return [];
    if (!(await caseRepo.addEvent(q, { caseId: c.id, kind: `${input.clock}_breached` }))) return [];
    const what = input.clock === 'first_response' ? 'first-response' : 'resolution';
    return [
      await deps.messenger.queue(q, {
        channel: 'email',
        to: deps.config.supportEmail,
        subject: `[Case ${c.case_no}] ${what} time passed`,
        text:
          `Case ${c.case_no} (${c.subject || c.about}) has passed its ${what} time (${due.toISOString()}).` +
          `${c.owner_name ? ` Owner: ${c.owner_name}.` : ' Nobody owns it yet.'}`,
        ref: `case-breach:${c.id}:${input.clock}`,
      }),
    ];
  });
  await deps.messenger.dispatch(ids);
}

/** Registers the clocks' job (while the app is built). */
export function registerCaseClocks(jobs: Jobs, db: Db, deps: CaseDeps): void {
  jobs.register<{ case_id: string; clock: 'first_response' | 'resolution' }>(
    CASE_CLOCK_JOB,
    async (data) => noteBreach(db, deps, { caseId: data.case_id, clock: data.clock }),
    { retryLimit: 5, retryDelaySeconds: 10 },
  );
}
