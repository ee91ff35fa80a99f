// Rates: every card with its rate in each payout currency, changed by an admin now or at a set
// time, each change kept with who, why and old → new. A change is announced to every api process
// (NOTIFY), whose catalog reloads.
import { AppError } from '../../lib/envelope.js';
import { formatMinor, moneyText, parseAmount } from '../../lib/money.js';
import { queueRateAlerts, RATE_ALERT_JOB } from '../catalog/alerts.js';
import { scheduleRateApply } from '../catalog/rate-jobs.js';
import { rateRepo } from '../catalog/rate-repo.js';
import { cardName } from '../catalog/service.js';
import type { Db } from '../../db/db.js';
import type { OpsDeps } from './context.js';
import type { Actor } from './route.js';
import { audit } from './staff.js';

/** The payout currencies a card has a rate in. */
export const PAYOUT_CURRENCIES = ['NGN', 'GHS', 'USDT'] as const;
type PayoutCurrency = (typeof PAYOUT_CURRENCIES)[number];

export const RATE_MESSAGES = {
  card: 'Card not found',
  rate: (code: string) => `Enter a rate above zero in ${code}, with at most its decimals`,
  past: 'A rate change takes effect now or later, never in the past',
  far: 'Schedule a rate change at most 90 days ahead',
  cancel: 'Only a scheduled change that has not taken effect yet can be cancelled',
} as const;

export async function rateTable(db: Db, deps: OpsDeps) {
  const { ref } = deps;
  const [cards, rates, scheduled] = await Promise.all([
    rateRepo.activeCards(db),
    rateRepo.inForce(db),
    rateRepo.scheduled(db),
  ]);
  const decimals = Object.fromEntries(
    await Promise.all(PAYOUT_CURRENCIES.map(async (c) => [c, (await ref.currency(c)).decimals] as const)),
  );
  const byCard = new Map<number, Record<string, string>>();
  for (const x of rates) {
    if (!(x.currency_code in decimals)) continue;
    byCard.set(x.card_id, {
      ...(byCard.get(x.card_id) ?? {}),
      [x.currency_code]: formatMinor(x.rate_minor, decimals[x.currency_code]!),
    });
  }
  return {
    currencies: PAYOUT_CURRENCIES,
    cards: cards.map((c) => ({
      card_id: c.id,
      name: cardName(c, c.symbol),
      brand: c.category_name,
      card_currency: c.currency_code,
      form: c.form_name,
      min_face: c.min_face,
      max_face: c.max_face,
      rates: byCard.get(c.id) ?? {},
    })),
    scheduled: scheduled.map((s) => ({
      id: Number(s.id),
      card_id: s.card_id,
      currency: s.currency_code,
      rate: formatMinor(s.new_rate_minor, decimals[s.currency_code] ?? 2),
      effective_at: s.effective_at,
    })),
  };
}

export interface RateChanges {
  changes: { card_id: number; currency: PayoutCurrency; rate: string }[];
  effective_at?: string;
  reason: string;
}

/** Changes rates of one or more cards and payout currencies, now or at `effective_at`. */
export async function changeRates(db: Db, deps: OpsDeps, input: RateChanges & { staff: Actor }) {
  const { staff, ...b } = input;
  const { ref } = deps;
  const now = Date.now();
  const at = b.effective_at ? new Date(b.effective_at) : new Date(now);
  if (at.getTime() < now - 60_000) throw new AppError(RATE_MESSAGES.past);
  if (at.getTime() > now + 90 * 86_400_000) throw new AppError(RATE_MESSAGES.far);
  const out = await db.tx(async (q) => {
    const made: { id: number; card_id: number; currency: string; old: string; new: string }[] = [];
    for (const c of b.changes) {
      const cur = await ref.currency(c.currency);
      const rate = parseAmount(c.rate, cur.decimals);
      if (!rate.ok || rate.minor <= 0n) throw new AppError(RATE_MESSAGES.rate(cur.code));
      // The rate in force at the moment this one takes effect: the "old" of its history line.
      const old = await rateRepo.inForceAt(q, c.card_id, cur.code, at);
      if (old === undefined) throw new AppError(RATE_MESSAGES.card);
      const id = await rateRepo.addChange(q, {
        cardId: c.card_id,
        currency: cur.code,
        oldMinor: old,
        newMinor: rate.minor,
        effectiveAt: at,
        staffId: staff.id,
        reason: b.reason,
      });
      made.push({
        id,
        card_id: c.card_id,
        currency: cur.code,
        old: moneyText(old, cur),
        new: moneyText(rate.minor, cur),
      });
    }
    await audit(q, {
      staffId: staff.id,
      action: 'rate.change',
      targetType: 'rates',
      targetId: made
        .map((m) => `${m.card_id}:${m.currency}`)
        .join(',')
        .slice(0, 200),
      reason: b.reason,
      details: { effective_at: at.toISOString(), changes: made },
      ip: staff.ip,
    });
    // Delivered to every process listening when this transaction commits.
    await rateRepo.announce(q);
    // A change for later is announced again when it takes effect (a job of the queue).
    if (at.getTime() > Date.now() + 1000) await scheduleRateApply(q, deps, { changes: made.map((m) => m.id), at });
    // A change in effect now may reach sellers' rate alerts: a job checks them, this request does not wait.
    else await queueRateAlerts(q, deps, made);
    return made;
  });
  deps.catalog.invalidate();
  deps.jobs.kick(RATE_ALERT_JOB);
  return { effective_at: at, changes: out };
}

export async function rateHistory(db: Db, deps: OpsDeps, f: { card_id?: number; currency?: PayoutCurrency }) {
  const rows = await rateRepo.history(db, f.card_id ?? null, f.currency ?? null);
  return Promise.all(
    rows.map(async (x) => {
      const cur = await deps.ref.currency(x.currency_code);
      return {
        id: Number(x.id),
        card_id: x.card_id,
        currency: cur.code,
        old: formatMinor(x.old_rate_minor, cur.decimals),
        new: formatMinor(x.new_rate_minor, cur.decimals),
        effective_at: x.effective_at,
        created_at: x.created_at,
        by: x.staff_name,
        reason: x.reason,
        cancelled_at: x.cancelled_at,
      };
    }),
  );
}

/** Cancels a scheduled change before it takes effect. */
export async function cancelRateChange(db: Db, deps: OpsDeps, input: { staff: Actor; id: number; reason: string }) {
  const { staff, id, reason } = input;
  await db.tx(async (q) => {
    if (!(await rateRepo.cancel(q, id, staff.id))) throw new AppError(RATE_MESSAGES.cancel);
    await audit(q, {
      staffId: staff.id,
      action: 'rate.cancel',
      targetType: 'rate_change',
      targetId: String(id),
      reason,
      ip: staff.ip,
    });
    await rateRepo.announce(q);
  });
  deps.catalog.invalidate();
  return {};
}
