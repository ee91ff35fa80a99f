// Delay compensation (a promise kept in money): the time promised for an order or a withdrawal,
// the compensation credited once when it is answered late, and the notice that it has started to
// accrue. The clock stops when we give our answer (a decision, an offer or a payment); a failed card
// earns nothing because only what is credited is the base.
import type { Db, Queryable } from '../../db/db.js';
import { moneyText } from '../../lib/money.js';
import type { Jobs } from '../jobs/jobs.js';
import type { Ledger } from '../ledger/ledger.js';
import { notify } from '../notices/service.js';
import type { Reference } from '../../shared/reference.js';
import { delayRepo, type DelayCompensationRow, type DelaySubject, type DelayTarget } from './repo.js';
import { BREACH_MESSAGES, delayAward, delayLine, type DelayRules, type DelayTier } from './tiers.js';
import { accountZone, sellerTime } from '../../shared/seller-time.js';

/** The job that tells a seller their order or withdrawal passed its promised time. */
export const DELAY_BREACH_JOB = 'delay_breach';

export interface DelayDeps {
  ledger: Ledger;
  ref: Reference;
}

interface TierSetting {
  overdue_data?: DelayTier[];
  overdue_max_percent?: string;
}

/** The tiers of orders (the sell page's, the ones /activity and /sellcard show). */
export async function orderDelayRules(ref: Reference): Promise<DelayRules> {
  const s = await ref.setting<TierSetting>('sell_page', {});
  return { tiers: s.overdue_data ?? [], maxPercent: s.overdue_max_percent ?? '0' };
}

/** The tiers of withdrawals (the `withdraw` setting's own, sent to the apps by withdraw/information). */
export async function withdrawalDelayRules(ref: Reference): Promise<DelayRules & { minutes: number }> {
  const s = await ref.setting<TierSetting & { overdue_time?: string }>('withdraw', {});
  return {
    tiers: s.overdue_data ?? [],
    maxPercent: s.overdue_max_percent ?? '0',
    minutes: Math.max(1, Number(s.overdue_time ?? '30') || 30),
  };
}

/**
 * The minutes an order is promised in: its card's category's (the figure the catalog shows as
 * "15min"), or the sell page's `promise_minutes_without_card` for photos or codes without a card.
 */
export async function orderPromiseMinutes(q: Queryable, deps: { ref: Reference }, cardId: number | null) {
  const minutes = cardId ? await delayRepo.cardMinutes(q, cardId) : undefined;
  if (minutes !== undefined) return minutes;
  const s = await deps.ref.setting<{ promise_minutes_without_card?: number }>('sell_page', {});
  return s.promise_minutes_without_card ?? 30;
}

/**
 * Queues the breach notice at the promised time, in the creation's transaction (it exists exactly
 * when the order or withdrawal does; one per subject by its singletonKey).
 */
export async function scheduleBreachNotice(
  q: Queryable,
  deps: { jobs: Pick<Jobs, 'send'> },
  input: { subject: DelaySubject; id: bigint; at: Date },
): Promise<void> {
  await deps.jobs.send(
    DELAY_BREACH_JOB,
    { subject: input.subject, id: String(input.id) },
    { q, startAfter: input.at, singletonKey: `delay:${input.subject}:${input.id}` },
  );
}

export interface DelayCredit {
  compensation: DelayCompensationRow;
  /** The line the seller reads: "Delay compensation 1 % — 42 min late". */
  line: string;
  replayed: boolean;
}

async function credit(
  q: Queryable,
  deps: DelayDeps,
  input: { subject: DelaySubject; target: DelayTarget; rules: DelayRules; answeredAt?: Date; baseMinor: bigint },
): Promise<DelayCredit | null> {
  const { subject, target } = input;
  const prior = await delayRepo.of(q, subject, target.id);
  if (prior)
    return { compensation: prior, line: delayLine({ ...prior, minutesLate: prior.minutes_late }), replayed: true };
  if (!target.promised_at) return null;
  const answeredAt = input.answeredAt ?? (await delayRepo.now(q));
  const award = delayAward(input.rules, { promisedAt: target.promised_at, answeredAt, baseMinor: input.baseMinor });
  if (!award) return null;
  const cur = target.currency_code;
  const line = delayLine(award);
  const t = await deps.ledger.transfer(q, {
    key: `delay:${subject}:${target.id}`,
    kind: 'delay_compensation',
    legs: [
      {
        account: await deps.ledger.userAccount(q, { userId: target.user_id, kind: 'cash', currency: cur }),
        amountMinor: award.amountMinor,
      },
      { account: await deps.ledger.platformAccount(q, 'compensation', cur), amountMinor: -award.amountMinor },
    ],
    params: { percent: award.percent, minutes: award.minutesLate, base: input.baseMinor },
    refType: subject,
    refId: String(target.id),
    memo: `${line} (${subject === 'order' ? 'order' : 'withdrawal'} ${target.no})`,
    actor: 'system',
  });
  const compensation = await delayRepo.insert(q, {
    subject,
    subject_id: target.id,
    user_id: target.user_id,
    currency_code: cur,
    promised_at: target.promised_at,
    answered_at: answeredAt,
    minutes_late: award.minutesLate,
    percent: award.percent,
    base_minor: input.baseMinor,
    amount_minor: award.amountMinor,
    journal_id: t.journalId,
  });
  const amount = moneyText(award.amountMinor, await deps.ref.currency(cur));
  if (subject === 'order') await delayRepo.addOrderEvent(q, target.id, `${line}: ${amount} credited`);
  await notify(q, {
    userId: target.user_id,
    title: 'Delay compensation added',
    content: `${amount} is in your wallet: ${line} on ${subject} ${target.no}.`,
    action: subject === 'order' ? 'app_orderdetail' : 'app_withdrawdetail',
    params: subject === 'order' ? { order_no: target.no } : { withdraw_no: target.no },
    ...(subject === 'order' ? { orderNo: target.no } : {}),
  });
  return { compensation, line, replayed: false };
}

/**
 * Credits an order's delay compensation, exactly once (journal key delay:order:<id>), in the
 * caller's transaction: the one that credits the order (a decision, or a counter-offer's acceptance).
 * `answeredAt` is when we gave our answer — the decision, or the offer the seller later accepted:
 * the time the seller took to reply does not count. Default: now (the transaction's time).
 * `creditedMinor` is what the order credited the seller (a failed card adds nothing to it, so a
 * partly failed order is compensated on its paid part only; 0 pays nothing). Null when nothing is
 * owed; called again, it answers the first credit.
 */
export async function creditOrderDelay(
  q: Queryable,
  deps: DelayDeps,
  input: { orderNo: string; answeredAt?: Date; creditedMinor: bigint },
): Promise<DelayCredit | null> {
  const target = await delayRepo.order(q, input.orderNo);
  if (!target) return null;
  return credit(q, deps, {
    subject: 'order',
    target,
    rules: await orderDelayRules(deps.ref),
    answeredAt: input.answeredAt,
    baseMinor: input.creditedMinor,
  });
}

/**
 * Credits a withdrawal's delay compensation when it is paid after its promised time, on its amount,
 * once (journal key delay:withdrawal:<id>), in the payment's transaction.
 */
export async function creditWithdrawalDelay(
  q: Queryable,
  deps: DelayDeps,
  input: { withdrawNo: string; amountMinor: bigint; answeredAt?: Date },
): Promise<DelayCredit | null> {
  const target = await delayRepo.withdrawal(q, input.withdrawNo);
  if (!target) return null;
  return credit(q, deps, {
    subject: 'withdrawal',
    target,
    rules: await withdrawalDelayRules(deps.ref),
    answeredAt: input.answeredAt,
    baseMinor: input.amountMinor,
  });
}

/**
 * The breach notice, run by its job at the promised time: when the order is still undecided (or
 * the withdrawal unpaid) and the seller was not told yet, an alert — a notice in the app, which the
 * notice scan sends to their devices and, as they chose in Settings, to their verified e-mail and
 * WhatsApp. Does nothing otherwise, so a job run twice, or after a restart, tells the seller once.
 */
export async function sendBreachNotice(db: Db, input: { subject: DelaySubject; id: bigint }): Promise<boolean> {
  return db.tx(async (q) => {
    const t =
      input.subject === 'order'
        ? await delayRepo.markOrderBreach(q, input.id)
        : await delayRepo.markWithdrawalBreach(q, input.id);
    if (!t || !t.promised_at) return false;
    const when = sellerTime(t.promised_at, await accountZone(q, t.user_id));
    await notify(q, {
      userId: t.user_id,
      alert: true,
      title: input.subject === 'order' ? BREACH_MESSAGES.orderTitle : BREACH_MESSAGES.withdrawalTitle,
      content: input.subject === 'order' ? BREACH_MESSAGES.order(t.no, when) : BREACH_MESSAGES.withdrawal(t.no, when),
      action: input.subject === 'order' ? 'app_orderdetail' : 'app_withdrawdetail',
      params: input.subject === 'order' ? { order_no: t.no } : { withdraw_no: t.no },
      ...(input.subject === 'order' ? { orderNo: t.no } : {}),
    });
    return true;
  });
}

/**
 * Outside production only: makes an order or withdrawal late by moving its promised time back, so
 * the e2e suite, whose embedded database only the api opens, can take a late order through the real
 * decision. Never a clock: the decision still compares real times.
 */
export async function movePromise(db: Db, input: { subject: DelaySubject; no: string; minutes: number }) {
  return delayRepo.movePromise(db, input.subject, input.no, input.minutes);
}
