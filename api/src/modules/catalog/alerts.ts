// Rate history and rate alerts. The history is the series of a card's rate in a payout currency
// over 30 or 90 days: the rate in force when the window opens, then each change as it took effect
// (never one still scheduled or cancelled). An alert tells a seller once when a change in effect
// brings the rate to their target or above, and is armed again once the rate falls below it.
// Alerts are checked by a job of the queue, never by the staff's request that changed the rate.
import type { Db, Queryable } from '../../db/db.js';
import { AppError } from '../../lib/envelope.js';
import { formatMinor, moneyText, parseAmount } from '../../lib/money.js';
import type { Jobs } from '../jobs/jobs.js';
import { notify } from '../notices/service.js';
import type { Reference } from '../../shared/reference.js';
import { alertRepo, type RateAlertRow } from './alert-repo.js';
import { rateRepo } from './rate-repo.js';
import { cardName } from './service.js';

/** The job that checks a card's alerts in a payout currency against the rate in force. */
export const RATE_ALERT_JOB = 'rate_alert';
/** The payout currencies a card has a rate in (as staff set them). */
export const ALERT_CURRENCIES = ['NGN', 'GHS', 'USDT'] as const;
/** How many alerts a seller may keep. */
export const RATE_ALERT_LIMIT = 10;
/** The windows of the history. */
export const HISTORY_DAYS = ['30', '90'] as const;
/** A target may be at most this many times the rate in force. */
const TARGET_CEILING = 10n;
/** Alerts fired per transaction. */
const BATCH = 200;

export const ALERT_MESSAGES = {
  card: 'Card not found',
  currency: 'Choose the payout currency: NGN, GHS or USDT',
  days: 'Choose 30 or 90 days of history',
  target: (code: string, decimals: number) =>
    `Enter a target rate above zero in ${code}, with at most ${decimals} decimals`,
  reached: (rate: string) => `The rate is already ${rate}: set a target above it`,
  huge: (max: string) => `Set a target of at most ${max} (ten times today’s rate)`,
  limit: `You can keep at most ${RATE_ALERT_LIMIT} rate alerts: delete one to set another`,
  duplicate: 'You already have an alert for this card at this target',
  notFound: 'Rate alert not found',
} as const;

type Deps = { ref: Reference };

/** A card that is bought, with its rate in force now in the payout currency; refused with a message otherwise. */
async function cardRate(q: Queryable, deps: Deps, input: { cardId: number; currency: string }) {
  const cur = await deps.ref.currency(input.currency);
  const [rate, cards] = await Promise.all([
    rateRepo.inForceAt(q, input.cardId, cur.code, new Date()),
    rateRepo.activeCards(q),
  ]);
  const card = cards.find((c) => c.id === input.cardId);
  if (rate === undefined || !card) throw new AppError(ALERT_MESSAGES.card);
  return { rate, cur, name: cardName(card, card.symbol) };
}

/** The rate series of a card in a payout currency over the last `days` days, with its high and low. */
export async function rateSeries(
  q: Queryable,
  deps: Deps,
  input: { cardId: number; currency: string; days: number; now?: Date },
) {
  const to = input.now ?? new Date();
  const from = new Date(to.getTime() - input.days * 86_400_000);
  const { cur, name } = await cardRate(q, deps, input);
  const opening = (await rateRepo.inForceAt(q, input.cardId, cur.code, from))!;
  const changes = await alertRepo.changesSince(q, { cardId: input.cardId, currency: cur.code, from });
  const points = [
    { at: from, minor: opening },
    ...changes.map((c) => ({ at: c.effective_at, minor: c.new_rate_minor })),
  ];
  const minors = points.map((p) => p.minor);
  const max = minors.reduce((a, b) => (b > a ? b : a));
  const min = minors.reduce((a, b) => (b < a ? b : a));
  const rate = (m: bigint) => formatMinor(m, cur.decimals);
  return {
    card_id: input.cardId,
    card_name: name,
    currency: cur.code,
    currency_symbol: cur.symbol,
    days: input.days,
    from: from.toISOString(),
    to: to.toISOString(),
    points: points.map((p) => ({ at: p.at.toISOString(), rate: rate(p.minor) })),
    current: rate(points[points.length - 1]!.minor),
    high: rate(max),
    low: rate(min),
  };
}

function alertView(a: RateAlertRow, x: { name: string; symbol: string; decimals: number; rate: bigint }) {
  return {
    alert_id: Number(a.id),
    card_id: a.card_id,
    card_name: x.name,
    currency: a.currency_code,
    currency_symbol: x.symbol,
    target_rate: formatMinor(a.target_minor, x.decimals),
    current_rate: formatMinor(x.rate, x.decimals),
    armed: a.armed,
    fired_at: a.fired_at ? a.fired_at.toISOString() : null,
  };
}

/** The seller's alerts, each with its card's rate now, and how many they may keep. */
export async function rateAlerts(q: Queryable, deps: Deps, input: { userId: number }) {
  const rows = await alertRepo.list(q, input.userId);
  const [cards, rates] = await Promise.all([rateRepo.activeCards(q), rateRepo.inForce(q)]);
  const list = [];
  for (const a of rows) {
    const card = cards.find((c) => c.id === a.card_id);
    const rate = rates.find((r) => r.card_id === a.card_id && r.currency_code === a.currency_code);
    if (!card || !rate) continue; // a card no longer bought: its alert waits, unseen, until it is again
    const cur = await deps.ref.currency(a.currency_code);
    list.push(
      alertView(a, {
        name: cardName(card, card.symbol),
        symbol: cur.symbol,
        decimals: cur.decimals,
        rate: rate.rate_minor,
      }),
    );
  }
  return { limit: RATE_ALERT_LIMIT, list };
}

/** Sets an alert: a bought card, its payout currency, a target above the rate now and at most ten times it. */
export async function addRateAlert(
  db: Db,
  deps: Deps,
  input: { userId: number; cardId: number; currency: string; target: string },
) {
  const { rate, cur } = await cardRate(db, deps, input);
  const target = parseAmount(input.target, cur.decimals);
  if (!target.ok || target.minor <= 0n) throw new AppError(ALERT_MESSAGES.target(cur.code, cur.decimals));
  if (target.minor <= rate) throw new AppError(ALERT_MESSAGES.reached(moneyText(rate, cur)));
  if (target.minor > rate * TARGET_CEILING)
    throw new AppError(ALERT_MESSAGES.huge(moneyText(rate * TARGET_CEILING, cur)));
  await db.tx(async (q) => {
    await alertRepo.lockUser(q, input.userId);
    if ((await alertRepo.count(q, input.userId)) >= RATE_ALERT_LIMIT) throw new AppError(ALERT_MESSAGES.limit);
    const id = await alertRepo.add(q, {
      userId: input.userId,
      cardId: input.cardId,
      currency: cur.code,
      targetMinor: target.minor,
    });
    if (id === undefined) throw new AppError(ALERT_MESSAGES.duplicate);
  });
  return rateAlerts(db, deps, { userId: input.userId });
}

/** Deletes one of the seller's own alerts. */
export async function deleteRateAlert(db: Db, deps: Deps, input: { userId: number; alertId: number }) {
  if (!(await alertRepo.remove(db, { userId: input.userId, id: input.alertId }))) {
    throw new AppError(ALERT_MESSAGES.notFound);
  }
  return rateAlerts(db, deps, { userId: input.userId });
}

/**
 * Checks a card's alerts in a payout currency against the rate in force now: arms again those
 * the rate has fallen below, then fires, in batches, those it has reached — each batch's notices
 * and its alerts marked fired in one transaction, so a run repeated or run beside another sends
 * each notice once.
 */
export async function runRateAlerts(db: Db, deps: Deps, input: { cardId: number; currency: string }) {
  const cur = await deps.ref.currency(input.currency);
  const rate = await rateRepo.inForceAt(db, input.cardId, cur.code, new Date());
  if (rate === undefined) return { fired: 0 };
  await alertRepo.rearm(db, { cardId: input.cardId, currency: cur.code, rateMinor: rate });
  const card = (await rateRepo.activeCards(db)).find((c) => c.id === input.cardId);
  if (!card) return { fired: 0 };
  const name = cardName(card, card.symbol);
  let fired = 0;
  for (;;) {
    const n = await db.tx(async (q) => {
      const batch = await alertRepo.claimReached(q, {
        cardId: input.cardId,
        currency: cur.code,
        rateMinor: rate,
        limit: BATCH,
      });
      for (const a of batch) {
        await notify(q, {
          userId: a.user_id,
          title: `Rate alert: ${moneyText(rate, cur)}`,
          content:
            `${name} now pays ${moneyText(rate, cur)} per ${card.symbol}1 in ${cur.code}, at or above your target of ` +
            `${moneyText(a.target_minor, cur)}. The rate is locked when you submit an order. We tell you again ` +
            'if the rate falls below your target and comes back.',
          action: 'app_sellcard',
          params: { card_id: String(a.card_id), currency: cur.code },
          alert: true,
        });
      }
      return batch.length;
    });
    fired += n;
    if (n < BATCH) return { fired };
  }
}

/** Queues the check of each card and payout currency whose rate changed, in the change's transaction. */
export async function queueRateAlerts(
  q: Queryable,
  deps: { jobs: Pick<Jobs, 'send'> },
  pairs: { card_id: number; currency: string }[],
): Promise<void> {
  for (const p of pairs) {
    // One waiting per card and currency: a waiting check reads the rate when it runs, so a second adds nothing.
    await deps.jobs.send(
      RATE_ALERT_JOB,
      { card_id: p.card_id, currency: p.currency },
      { q, singletonKey: `${p.card_id}:${p.currency}` },
    );
  }
}

export function registerRateAlertJobs(jobs: Jobs, db: Db, ref: Reference): void {
  jobs.register<{ card_id: number; currency: string }>(
    RATE_ALERT_JOB,
    async (data) => {
      await runRateAlerts(db, { ref }, { cardId: data.card_id, currency: data.currency });
    },
    { retryLimit: 5, retryDelaySeconds: 5, expireInSeconds: 600, policy: 'stately' },
  );
}
