// Live waits: how long an open order or a pending withdrawal should still take, worked out from the
// real queue (what is ahead of it in its card family or on its payout rail) and from how long the
// same family or rail took lately; and the public status board built from the same figures.
import type { Queryable } from '../../db/db.js';
import { AppError } from '../../lib/envelope.js';
import type { Reference } from '../../shared/reference.js';
import { withdrawalDelayRules } from '../compensation/service.js';
import { ORDER_STATUS } from '@giftlane/shared-sdk/statuses';
import { etaRepo as repo, type DoneTimeRow, type RailRow } from './repo.js';

export const ETA_MESSAGES = {
  orderNotFound: 'Order not found',
  withdrawalNotFound: 'Withdrawal not found',
  railNotFound: 'Payout rail not found',
  railSlow: 'Some payouts on this rail are taking longer than we promise. We are on it.',
} as const;

/** The estimate's settings (`eta` in settings); the seed values are the fallbacks. */
export interface EtaSettings {
  /** How many recent decisions (or payments) a typical time is the median of. */
  history_count: number;
  /** How far back they are read. */
  history_hours: number;
  /** A reviewer's time per order when no recent decision says it. */
  order_handling_minutes: number;
  /** The usual review time of an order sent without a card (a card's family has its own). */
  order_usual_minutes: number;
  /** Finance's time per payout when no recent payment says it. */
  payout_handling_minutes: number;
  /** How often a screen may ask again while it shows an estimate. */
  poll_seconds: number;
}

const ETA_DEFAULTS: EtaSettings = {
  history_count: 20,
  history_hours: 24,
  order_handling_minutes: 3,
  order_usual_minutes: 15,
  payout_handling_minutes: 2,
  poll_seconds: 30,
};

export async function etaSettings(ref: Reference): Promise<EtaSettings> {
  const s = await ref.setting<Partial<EtaSettings>>('eta', {});
  const pick = (k: keyof EtaSettings, min: number, max: number) => {
    const v = Number(s[k]);
    return Number.isFinite(v) && v >= min && v <= max ? v : ETA_DEFAULTS[k];
  };
  return {
    history_count: pick('history_count', 1, 500),
    history_hours: pick('history_hours', 1, 24 * 14),
    order_handling_minutes: pick('order_handling_minutes', 0, 24 * 60),
    order_usual_minutes: pick('order_usual_minutes', 1, 24 * 60),
    payout_handling_minutes: pick('payout_handling_minutes', 0, 24 * 60),
    poll_seconds: pick('poll_seconds', 10, 600),
  };
}

/** The promised payout time in minutes: the one rule every withdrawal is promised by (compensation's). */
const promisedPayoutMinutes = async (ref: Reference): Promise<number> => (await withdrawalDelayRules(ref)).minutes;

/** An open order's or withdrawal's wait as a screen is told it: minutes left, when, and how many are ahead. */
function waiting(a: { now: Date; since: Date; typical: Typical; ahead: number }) {
  const minutes = minutesLeft({
    elapsedMinutes: (a.now.getTime() - a.since.getTime()) / 60_000,
    typical: a.typical,
    ahead: a.ahead,
  });
  return {
    finished: false,
    eta_minutes: minutes,
    eta_time: unix(new Date(a.now.getTime() + minutes * 60_000)),
    ahead: a.ahead,
  };
}

export function median(values: number[]): number | null {
  const v = values.filter((x) => Number.isFinite(x) && x >= 0).sort((a, b) => a - b);
  if (v.length === 0) return null;
  const mid = Math.floor(v.length / 2);
  return v.length % 2 ? v[mid]! : (v[mid - 1]! + v[mid]!) / 2;
}

/** A typical time (minutes) from recent history, or the usual time when there is none. */
export interface Typical {
  totalMinutes: number;
  handlingMinutes: number;
  basis: 'recent' | 'usual';
  sample: number;
}

export function typicalFrom(rows: DoneTimeRow[], fallback: { totalMinutes: number; handlingMinutes: number }): Typical {
  const total = median(rows.map((r) => r.total_s));
  const handling = median(rows.flatMap((r) => (r.handling_s === null ? [] : [r.handling_s])));
  if (total === null) return { ...fallback, basis: 'usual', sample: 0 };
  return {
    totalMinutes: total / 60,
    // A claim's handling time is never longer than the whole wait it is part of.
    handlingMinutes: handling === null ? Math.min(fallback.handlingMinutes, total / 60) : handling / 60,
    basis: 'recent',
    sample: rows.length,
  };
}

/**
 * Minutes still to wait (at least 1): what is left of the typical time, or the time to work through
 * what is ahead plus this one, whichever is longer.
 */
export function minutesLeft(a: { elapsedMinutes: number; typical: Typical; ahead: number }): number {
  const left = Math.max(a.typical.totalMinutes - a.elapsedMinutes, (a.ahead + 1) * a.typical.handlingMinutes);
  return Math.max(1, Math.ceil(left));
}

const unix = (d: Date) => Math.floor(d.getTime() / 1000);

/** What a screen is told about one order's wait. */
export interface OrderEta {
  order_no: string;
  status: number;
  /** Decided: nothing to wait for, stop asking. */
  finished: boolean;
  eta_minutes: number;
  /** When it should be decided (Unix seconds); 0 once decided. */
  eta_time: number;
  /** Open orders of the same card family submitted before this one. */
  ahead: number;
  family: string;
  typical_minutes: number;
  basis: 'recent' | 'usual';
  /** How many recent decisions the typical time is the median of (0: the usual time). */
  sample: number;
  poll_seconds: number;
}

/** The live estimates of some of a seller's orders; any number not theirs is refused as not found. */
export async function orderEtas(
  q: Queryable,
  deps: { ref: Reference; now?: () => Date },
  input: { userId: number; orderNos: string[] },
): Promise<OrderEta[]> {
  const wanted = [...new Set(input.orderNos)];
  const rows = await repo.ordersOf(q, input.userId, wanted);
  if (rows.length !== wanted.length) throw new AppError(ETA_MESSAGES.orderNotFound);
  const s = await etaSettings(deps.ref);
  const now = deps.now?.() ?? new Date();
  const since = new Date(now.getTime() - s.history_hours * 3600_000);
  // One history per family, however many of the seller's orders are in it.
  const typicals = new Map<number | null, Promise<Typical>>();
  const typicalOf = (categoryId: number | null, usual: number) => {
    let t = typicals.get(categoryId);
    if (!t) {
      t = repo
        .decisionTimes(q, { categoryId, since, limit: s.history_count })
        .then((d) => typicalFrom(d, { totalMinutes: usual, handlingMinutes: s.order_handling_minutes }));
      typicals.set(categoryId, t);
    }
    return t;
  };
  const byNo = new Map(rows.map((r) => [r.order_no, r]));
  const out: OrderEta[] = [];
  for (const no of wanted) {
    const o = byNo.get(no)!;
    const usual = o.timeout_minutes ?? s.order_usual_minutes;
    const typical = await typicalOf(o.category_id, usual);
    const base = {
      order_no: o.order_no,
      status: o.status,
      family: o.family ?? '',
      typical_minutes: Math.max(1, Math.round(typical.totalMinutes)),
      basis: typical.basis,
      sample: typical.sample,
      poll_seconds: s.poll_seconds,
    };
    if (o.status !== ORDER_STATUS.pending) {
      out.push({ ...base, finished: true, eta_minutes: 0, eta_time: 0, ahead: 0 });
      continue;
    }
    const ahead = await repo.ordersAhead(q, {
      pending: ORDER_STATUS.pending,
      categoryId: o.category_id,
      before: o.created_at,
    });
    out.push({ ...base, ...waiting({ now, since: o.created_at, typical, ahead }) });
  }
  return out;
}

/** What a screen is told about one withdrawal's wait. */
export interface WithdrawalEta {
  withdraw_no: string;
  status: 'pending' | 'processing' | 'paid' | 'failed';
  finished: boolean;
  eta_minutes: number;
  eta_time: number;
  /** Withdrawals on the same rail made before this one and not paid yet. */
  ahead: number;
  rail: string;
  rail_name: string;
  /** What staff say about the rail now ('' when it is paying normally). */
  rail_notice: string;
  typical_minutes: number;
  basis: 'recent' | 'usual';
  sample: number;
  poll_seconds: number;
}

export async function withdrawalEtas(
  q: Queryable,
  deps: { ref: Reference; now?: () => Date },
  input: { userId: number; withdrawNos: string[] },
): Promise<WithdrawalEta[]> {
  const wanted = [...new Set(input.withdrawNos)];
  const rows = await repo.withdrawalsOf(q, input.userId, wanted);
  if (rows.length !== wanted.length) throw new AppError(ETA_MESSAGES.withdrawalNotFound);
  const s = await etaSettings(deps.ref);
  const promised = await promisedPayoutMinutes(deps.ref);
  const now = deps.now?.() ?? new Date();
  const since = new Date(now.getTime() - s.history_hours * 3600_000);
  const byNo = new Map(rows.map((r) => [r.withdraw_no, r]));
  const out: WithdrawalEta[] = [];
  for (const no of wanted) {
    const w = byNo.get(no)!;
    const typical = typicalFrom(await repo.payoutTimes(q, { rail: w.rail, since, limit: s.history_count }), {
      totalMinutes: promised,
      handlingMinutes: s.payout_handling_minutes,
    });
    const base = {
      withdraw_no: w.withdraw_no,
      status: w.status,
      rail: w.rail,
      rail_name: w.rail_name ?? '',
      rail_notice: w.delay_message ?? '',
      typical_minutes: Math.max(1, Math.round(typical.totalMinutes)),
      basis: typical.basis,
      sample: typical.sample,
      poll_seconds: s.poll_seconds,
    };
    if (w.status === 'paid' || w.status === 'failed') {
      out.push({ ...base, finished: true, eta_minutes: 0, eta_time: 0, ahead: 0 });
      continue;
    }
    const ahead = await repo.payoutsAhead(q, { rail: w.rail, before: w.created_at });
    out.push({ ...base, ...waiting({ now, since: w.created_at, typical, ahead }) });
  }
  return out;
}

/** The public status board: review time per card family, and each payout rail's state. */
export interface StatusBoard {
  updated_at: number;
  promised_payout_minutes: number;
  families: Array<{
    category_id: number;
    name: string;
    review_minutes: number;
    basis: 'recent' | 'usual';
    waiting: number;
  }>;
  rails: Array<{
    code: string;
    method: 'BANK' | 'MOMO' | 'USDT';
    name: string;
    state: 'normal' | 'delayed';
    /** Staff's message, or a plain one when the data alone says it is late; '' when normal. */
    message: string;
    /** Since when (Unix seconds) staff marked it or the oldest late payout became late; 0 when normal. */
    since: number;
    pay_minutes: number;
    basis: 'recent' | 'usual';
    waiting: number;
  }>;
}

export async function statusBoard(q: Queryable, deps: { ref: Reference; now?: () => Date }): Promise<StatusBoard> {
  const s = await etaSettings(deps.ref);
  const promised = await promisedPayoutMinutes(deps.ref);
  const now = deps.now?.() ?? new Date();
  const since = new Date(now.getTime() - s.history_hours * 3600_000);
  const [families, queues, decisions, rails, railQueues, payments] = await Promise.all([
    repo.families(q),
    repo.familyQueues(q, ORDER_STATUS.pending),
    repo.familyDecisionTimes(q, { since, limit: s.history_count }),
    repo.rails(q),
    repo.railQueues(q, { now, promiseMinutes: promised }),
    repo.railPayoutTimes(q, { since, limit: s.history_count }),
  ]);
  const group = <K, T>(rows: T[], key: (r: T) => K, val: (r: T) => number) => {
    const m = new Map<K, number[]>();
    for (const r of rows) m.set(key(r), [...(m.get(key(r)) ?? []), val(r)]);
    return m;
  };
  const familyTimes = group(
    decisions,
    (d) => d.category_id,
    (d) => d.total_s,
  );
  const railTimes = group(
    payments,
    (p) => p.rail,
    (p) => p.total_s,
  );
  const railQueue = new Map(railQueues.map((r) => [r.rail, r]));
  const minutes = (secs: number[] | undefined, usual: number) => {
    const m = median(secs ?? []);
    return m === null
      ? { minutes: usual, basis: 'usual' as const }
      : { minutes: Math.max(1, Math.round(m / 60)), basis: 'recent' as const };
  };
  return {
    updated_at: unix(now),
    promised_payout_minutes: promised,
    families: families.map((f) => {
      const t = minutes(familyTimes.get(f.id), f.timeout_minutes);
      return {
        category_id: f.id,
        name: f.name,
        review_minutes: t.minutes,
        basis: t.basis,
        waiting: queues.get(f.id) ?? 0,
      };
    }),
    rails: rails.map((r) => {
      const t = minutes(railTimes.get(r.code), promised);
      const queue = railQueue.get(r.code);
      const late = (queue?.overdue ?? 0) > 0;
      const marked = r.delay_message !== '';
      const lateSince = late && queue?.late_since ? unix(queue.late_since) : 0;
      return {
        code: r.code,
        method: r.method,
        name: r.name,
        state: marked || late ? ('delayed' as const) : ('normal' as const),
        message: marked ? r.delay_message : late ? ETA_MESSAGES.railSlow : '',
        since: marked && r.marked_at ? unix(r.marked_at) : lateSince,
        pay_minutes: t.minutes,
        basis: t.basis,
        waiting: queue?.waiting ?? 0,
      };
    }),
  };
}

/** What staff say about each rail now, by rail code (for the withdraw form's payout accounts). */
export const railNotices = (q: Queryable): Promise<Map<string, string>> => repo.railMessages(q);

/**
 * Marks a rail delayed with a message, or clears it (an empty message), inside the caller's
 * transaction (the operator service writes its audit row in the same one). Returns the rail before
 * and after.
 */
export async function setRailNotice(
  q: Queryable,
  input: { code: string; message: string; staffId: number },
): Promise<{ before: RailRow; after: RailRow }> {
  const before = await repo.railForUpdate(q, input.code);
  if (!before) throw new AppError(ETA_MESSAGES.railNotFound);
  const after = await repo.setRailMessage(q, input);
  return { before, after };
}

/** Every rail with what staff say about it (the console's list). */
export const railList = (q: Queryable): Promise<RailRow[]> => repo.rails(q);
