// Evidence and appeal: the evidence pack of a decided order, a seller's appeal on it, and the staff
// side of one (take, uphold or overturn), each money movement a ledger journal in the transaction
// that resolves the appeal.
import { randomInt } from 'node:crypto';
import type { Db, Queryable } from '../../db/db.js';
import { AppError } from '../../lib/envelope.js';
import { formatMinor, moneyText } from '../../lib/money.js';
import type { Jobs } from '../jobs/jobs.js';
import type { Ledger } from '../ledger/ledger.js';
import { notify, sentenceEnd } from '../notices/service.js';
import { declinedCounterOffer, NOT_REDEEMED, OFFER_REASONS, type OfferReason } from '../order/offer-service.js';
import type { OfferRow } from '../order/offer-repo.js';
import { FAIL_REASONS } from '../order/service.js';
import { orderRepo, type OrderLineRow, type OrderRow } from '../order/repo.js';
import { uploadRepo } from '../uploads/repo.js';
import type { UploadStore } from '../uploads/store.js';
import type { Reference } from '../../shared/reference.js';
import { scheduleAppealClock } from './clock.js';
import { appealRepo, type AppealRow } from './repo.js';
import {
  APPEAL_DEFAULTS,
  APPEAL_MESSAGES,
  appealableOutcome,
  appealDeadline,
  OUTCOME_LABEL,
  overturnMinor,
  type AppealSettings,
} from './rules.js';

export { APPEAL_MESSAGES } from './rules.js';
export type { AppealRow };

export interface AppealDeps {
  ref: Reference;
  /** A stored photo as a signed link for whoever is looking (the seller, or staff). */
  view: (reference: string) => string;
}

export const appealSettings = async (ref: Reference): Promise<AppealSettings> => ({
  ...APPEAL_DEFAULTS,
  ...(await ref.setting<Partial<AppealSettings>>('appeal', {})),
});

const unix = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : 0);

/** A failed line's stored reason split back into the reason and the reviewer's own note. */
export function reasonAndNote(text: string): { reason: string; note: string } {
  for (const [key, label] of Object.entries(FAIL_REASONS)) {
    if (key === 'other') continue;
    if (text === label) return { reason: label, note: '' };
    if (text.startsWith(`${label}: `)) return { reason: label, note: text.slice(label.length + 2) };
  }
  return { reason: FAIL_REASONS.other, note: text };
}

/**
 * Per failed card: the reason, the reviewer's note, the proof photos and the time of the decision. A
 * card not redeemed because its counter-offer was declined shows the offer's reason, note and proof.
 */
function failedCards(deps: AppealDeps, o: OrderRow, lines: OrderLineRow[], offer?: OfferRow) {
  return lines
    .filter((l) => l.status === 'failed')
    .map((l) => {
      const fromOffer = offer && l.fail_reason === NOT_REDEEMED;
      const { reason, note } = fromOffer
        ? {
            reason: `Counter-offer declined: ${OFFER_REASONS[offer.reason as OfferReason] ?? offer.reason}`,
            note: offer.note,
          }
        : reasonAndNote(l.fail_reason);
      const photos = fromOffer
        ? offer.proof_images
        : [l.proof_image, l.image_index !== null ? (o.images[l.image_index] ?? '') : ''].filter(Boolean);
      return {
        seq: l.seq,
        code: l.code,
        reason,
        reviewer_note: note,
        proof_images: [...new Set(photos)].map((p) => deps.view(p)),
        decided_time: unix(o.finished_at),
      };
    });
}

/** An appeal as its seller sees it. */
async function appealView(deps: AppealDeps, a: AppealRow, currency: string) {
  const cur = await deps.ref.currency(currency);
  return {
    appeal_no: a.appeal_no,
    outcome: a.outcome,
    status: a.status,
    note: a.note,
    images: a.images.map((p) => deps.view(p)),
    create_time: unix(a.created_at),
    due_time: unix(a.due_at),
    resolve_time: unix(a.resolved_at),
    resolution: a.resolution,
    credit_amount: formatMinor(a.credit_minor, cur.decimals),
  };
}

/**
 * The evidence pack of a seller's order: every failed card with its reason, proof photos, the
 * reviewer's note and time; the appeal on it, if any; whether an appeal can be opened now and until when.
 */
export async function evidencePack(db: Db, deps: AppealDeps, input: { userId: number; orderNo: string }) {
  const o = await orderRepo.byNoOf(db, input.userId, input.orderNo);
  if (!o) throw new AppError(APPEAL_MESSAGES.notFound);
  const [lines, appeal, settings, offer] = await Promise.all([
    orderRepo.lines(db, o.id),
    appealRepo.ofOrder(db, o.id),
    appealSettings(deps.ref),
    declinedCounterOffer(db, o.id),
  ]);
  const eligible = appealableOutcome({ order: o, lines, declinedOffer: !!offer });
  const deadline = o.finished_at ? appealDeadline(o.finished_at, settings) : null;
  let why = '';
  if ('refused' in eligible) why = eligible.refused;
  else if (appeal) why = APPEAL_MESSAGES.open;
  else if (deadline && deadline.getTime() <= Date.now()) why = APPEAL_MESSAGES.late(settings.window_hours);
  return {
    order_no: o.order_no,
    decided_time: unix(o.finished_at),
    failed_cards: failedCards(deps, o, lines, offer),
    can_appeal: why === '',
    appeal_refused_reason: why,
    appeal_deadline: 'outcome' in eligible ? unix(deadline) : 0,
    window_hours: settings.window_hours,
    max_photos: settings.max_photos,
    appeal: appeal ? await appealView(deps, appeal, o.currency_code) : null,
  };
}

export function newAppealNo(now = new Date()): string {
  const d = now.toISOString().slice(2, 10).replace(/-/g, '');
  return `AP${d}${Array.from({ length: 14 }, () => randomInt(10)).join('')}`;
}

/**
 * Opens the appeal of a decided order: its seller's, with an appealable outcome, within the window,
 * one per order (the database's unique index decides between parallel requests), with a note and
 * the seller's own uploaded photos. The order's timeline records it.
 */
export async function openAppeal(
  db: Db,
  deps: AppealDeps & { store: Pick<UploadStore, 'objectNameOf'>; jobs?: Jobs },
  input: { userId: number; orderNo: string; note: string; images: string[] },
) {
  const settings = await appealSettings(deps.ref);
  const note = input.note.trim();
  if (!note) throw new AppError(APPEAL_MESSAGES.note);
  const images = [...new Set(input.images.map((s) => s.trim()).filter(Boolean))];
  if (images.length > settings.max_photos) throw new AppError(APPEAL_MESSAGES.photos(settings.max_photos));
  const names = images.map((url) => deps.store.objectNameOf(url));
  if (names.some((n) => !n || !n.startsWith(`orders/${input.userId}/`))) throw new AppError(APPEAL_MESSAGES.photo);
  if (names.length && (await uploadRepo.storedOf(db, input.userId, names as string[])) !== names.length)
    throw new AppError(APPEAL_MESSAGES.photo);
  const made = await db.tx(async (q) => {
    const o = await orderRepo.byNoOf(q, input.userId, input.orderNo);
    if (!o) throw new AppError(APPEAL_MESSAGES.notFound);
    const eligible = appealableOutcome({
      order: o,
      lines: await orderRepo.lines(q, o.id),
      declinedOffer: !!(await declinedCounterOffer(q, o.id)),
    });
    if ('refused' in eligible) throw new AppError(eligible.refused);
    if (appealDeadline(o.finished_at as Date, settings).getTime() <= Date.now())
      throw new AppError(APPEAL_MESSAGES.late(settings.window_hours));
    if (await appealRepo.ofOrder(q, o.id)) throw new AppError(APPEAL_MESSAGES.open);
    const a = await appealRepo.insert(q, {
      appealNo: newAppealNo(),
      orderId: o.id,
      userId: input.userId,
      outcome: eligible.outcome,
      note,
      images,
      reviewHours: settings.review_hours,
    });
    if (!a) throw new AppError(APPEAL_MESSAGES.open);
    if (deps.jobs) await scheduleAppealClock(q, deps.jobs, { appealNo: a.appeal_no, at: a.due_at });
    await appealRepo.addOrderEvent(q, o.id, {
      status: 'appeal_opened',
      note:
        `You appealed: ${sentenceEnd(note)} A different staff member will answer within ` +
        `${settings.review_hours} hours.`,
      actor: 'user',
    });
    return { a, o };
  });
  return appealView(deps, made.a, made.o.currency_code);
}

/** The acting staff member, as the console's services pass them. */
export interface AppealStaff {
  id: number;
  name: string;
}

/**
 * Takes an open appeal for review. The staff member who decided the order is refused here, and by
 * the database's check if this is bypassed.
 */
export async function takeAppeal(q: Queryable, input: { appealNo: string; staff: AppealStaff }): Promise<AppealRow> {
  const a = await appealRepo.lockByNo(q, input.appealNo);
  if (!a) throw new AppError(APPEAL_MESSAGES.appealNotFound);
  if (a.decided_by === input.staff.id) throw new AppError(APPEAL_MESSAGES.ownDecision);
  if (a.status !== 'open') throw new AppError(APPEAL_MESSAGES.resolved);
  if (a.assigned_to === input.staff.id) return a;
  if (a.assigned_to !== null) throw new AppError(APPEAL_MESSAGES.takenByOther);
  return appealRepo.assign(q, a.id, input.staff.id);
}

export interface ResolveDeps {
  ref: Reference;
  ledger: Ledger;
}

/**
 * Resolves an appeal: upheld with a reason, or overturned with the difference (overturnMinor)
 * credited to the seller's cash wallet by one journal keyed by the appeal, in this transaction. The
 * order's timeline and the seller's notice are written with it. An unassigned appeal is taken by
 * the one resolving it. The same resolution sent again answers the first (replayed).
 */
export async function resolveAppeal(
  q: Queryable,
  deps: ResolveDeps,
  input: { appealNo: string; staff: AppealStaff; outcome: 'upheld' | 'overturned'; reason: string },
): Promise<{ appeal: AppealRow; order: OrderRow; replay: boolean }> {
  const reason = input.reason.trim();
  if (input.outcome === 'upheld' && !reason) throw new AppError(APPEAL_MESSAGES.reason);
  let a = await appealRepo.lockByNo(q, input.appealNo);
  if (!a) throw new AppError(APPEAL_MESSAGES.appealNotFound);
  if (a.decided_by === input.staff.id) throw new AppError(APPEAL_MESSAGES.ownDecision);
  const o = (await appealRepo.lockOrder(q, a.order_id)) as OrderRow;
  if (a.status !== 'open') {
    if (a.resolved_by === input.staff.id && a.status === input.outcome) return { appeal: a, order: o, replay: true };
    throw new AppError(APPEAL_MESSAGES.resolved);
  }
  if (a.assigned_to !== null && a.assigned_to !== input.staff.id) throw new AppError(APPEAL_MESSAGES.takenByOther);
  if (a.assigned_to === null) a = await appealRepo.assign(q, a.id, input.staff.id);
  const cur = await deps.ref.currency(o.currency_code);
  const actor = `staff:${input.staff.id}`;
  if (input.outcome === 'upheld') {
    const done = await appealRepo.resolve(q, a.id, {
      status: 'upheld',
      staffId: input.staff.id,
      resolution: reason,
      creditMinor: 0n,
      journalId: null,
    });
    await appealRepo.addOrderEvent(q, o.id, {
      status: 'appeal_upheld',
      note: `Appeal reviewed by a different staff member: the decision stands. ${sentenceEnd(reason)}`,
      actor,
    });
    await notify(q, {
      alert: true,
      userId: o.user_id,
      title: 'Appeal answered: decision upheld',
      content:
        `Your appeal on order ${o.order_no} was reviewed by a different staff member. The decision stands: ` +
        `${sentenceEnd(reason)}`,
      action: 'app_orderdetail',
      params: { order_no: o.order_no },
      orderNo: o.order_no,
    });
    return { appeal: done, order: o, replay: false };
  }
  const credit = overturnMinor(a.outcome, o);
  let journalId: bigint | null = null;
  if (credit > 0n) {
    const t = await deps.ledger.transfer(q, {
      key: `appeal:${a.id}:credit`,
      kind: 'order_credit',
      legs: [
        {
          account: await deps.ledger.userAccount(q, { userId: o.user_id, kind: 'cash', currency: cur.code }),
          amountMinor: credit,
        },
        { account: await deps.ledger.platformAccount(q, 'trade_payouts', cur.code), amountMinor: -credit },
      ],
      refType: 'appeal',
      refId: String(a.id),
      memo: `Appeal overturned: order ${o.order_no}`,
      actor,
    });
    journalId = t.journalId;
  }
  const done = await appealRepo.resolve(q, a.id, {
    status: 'overturned',
    staffId: input.staff.id,
    resolution: reason,
    creditMinor: credit,
    journalId,
  });
  const amount = moneyText(credit, cur);
  await appealRepo.addOrderEvent(q, o.id, {
    status: 'appeal_overturned',
    note:
      `Appeal accepted by a different staff member: ${amount} credited for the ` +
      `${OUTCOME_LABEL[a.outcome].toLowerCase()}.${reason ? ` ${sentenceEnd(reason)}` : ''}`,
    actor,
  });
  await notify(q, {
    alert: true,
    userId: o.user_id,
    title: 'Appeal accepted',
    content: `Your appeal on order ${o.order_no} was accepted: ${amount} is in your wallet.`,
    action: 'app_orderdetail',
    params: { order_no: o.order_no },
    orderNo: o.order_no,
  });
  return { appeal: done, order: o, replay: false };
}

/** The console's view of an appeal: the evidence, the seller's note and photos, the original decision. */
export async function staffAppealView(deps: AppealDeps & { db: Queryable }, appealNo: string) {
  const a = await appealRepo.byNo(deps.db, appealNo);
  if (!a) throw new AppError(APPEAL_MESSAGES.appealNotFound);
  const o = (await orderRepo.byNo(deps.db, a.order_no)) as OrderRow;
  const [lines, events, offer] = await Promise.all([
    orderRepo.lines(deps.db, o.id),
    orderRepo.events(deps.db, o.id),
    declinedCounterOffer(deps.db, o.id),
  ]);
  const cur = await deps.ref.currency(o.currency_code);
  const f = (m: bigint | null) => formatMinor(m ?? 0n, cur.decimals);
  return {
    ...queueItem(a, cur.decimals),
    note: a.note,
    images: a.images.map((p) => deps.view(p)),
    resolution: a.resolution,
    credit_amount: f(a.credit_minor),
    overturn_amount: f(a.status === 'open' ? overturnMinor(a.outcome, o) : a.credit_minor),
    failed_cards: failedCards(deps, o, lines, offer),
    order: {
      order_no: o.order_no,
      status: o.status,
      amount: f(o.amount_minor),
      quote_total: o.quote_total_minor === null ? null : f(o.quote_total_minor),
      currency: cur.code,
      refused_reason: o.refused_reason,
      payout_note: o.payout_note,
      images: o.images.map((p) => deps.view(p)),
      lines: lines.map((l) => ({
        seq: l.seq,
        status: l.status,
        card_name: l.card_name,
        amount: f(l.amount_minor),
        fail_reason: l.fail_reason,
      })),
      timeline: events.map((e) => ({ status: e.status, note: e.note, actor: e.actor, created_at: e.created_at })),
    },
  };
}

/** One row of the appeal queue. */
export function queueItem(a: Awaited<ReturnType<typeof appealRepo.byNo>> & object, decimals: number) {
  void decimals;
  return {
    appeal_no: a.appeal_no,
    order_no: a.order_no,
    outcome: a.outcome,
    status: a.status,
    currency: a.currency_code,
    decided_by: a.decided_by,
    decided_by_name: a.decided_by_name,
    decided_at: a.decided_at,
    assigned_to: a.assigned_to,
    assigned_to_name: a.assigned_to_name,
    created_at: a.created_at,
    due_at: a.due_at,
    breached: a.breached,
  };
}

/** Open appeals, breached first, then oldest, with the queue's clock. */
export async function appealQueueRows(q: Queryable, ref: Reference) {
  const [rows, settings] = await Promise.all([appealRepo.queue(q), appealSettings(ref)]);
  return { review_hours: settings.review_hours, appeals: rows.map((a) => queueItem(a, 0)) };
}

/** Per reviewer: orders decided with a failed card, appealed, open, upheld, overturned, and the overturn rate. */
export async function appealStats(q: Queryable) {
  return (await appealRepo.stats(q)).map((s) => ({
    ...s,
    appeal_rate: s.decided ? Math.round((s.appealed / s.decided) * 1000) / 10 : 0,
    overturn_rate: s.upheld + s.overturned ? Math.round((s.overturned / (s.upheld + s.overturned)) * 1000) / 10 : 0,
  }));
}
