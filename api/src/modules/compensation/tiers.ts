// The rules of delay compensation, as pure functions: which tier a lateness falls in, what it pays,
// and the words a seller reads. The figures are settings (sell_page for orders, withdraw for
// withdrawals): tiers of { name, value (percent), start (minutes late) } and a cap in percent.

export interface DelayTier {
  name: string;
  value: string;
  start: number;
}

export interface DelayRules {
  tiers: DelayTier[];
  /** No tier pays more than this percent (the setting's overdue_max_percent). */
  maxPercent: string;
}

export interface DelayAward {
  minutesLate: number;
  /** The percent paid, as the setting writes it ("0.5", "1"). */
  percent: string;
  amountMinor: bigint;
}

/** A percent as basis points ("0.5" → 50); anything unreadable is 0 (pays nothing). */
export function basisPoints(percent: string): number {
  const n = Number(percent);
  return Number.isFinite(n) && n > 0 ? Math.round(n * 100) : 0;
}

/** Whole minutes from the promised time to the answer (0 when answered on time). */
export function minutesLate(promisedAt: Date, answeredAt: Date): number {
  const ms = answeredAt.getTime() - promisedAt.getTime();
  return ms > 0 ? Math.floor(ms / 60_000) : 0;
}

/**
 * What a lateness pays on `baseMinor`: the highest tier whose start it reached, capped at the
 * maximum, rounded down to the minor unit. Null when nothing is owed (on time, before the first tier,
 * nothing credited, or an amount that rounds to zero).
 */
export function delayAward(
  rules: DelayRules,
  input: { promisedAt: Date; answeredAt: Date; baseMinor: bigint },
): DelayAward | null {
  if (input.baseMinor <= 0n) return null;
  const late = minutesLate(input.promisedAt, input.answeredAt);
  if (late <= 0) return null;
  const tier = [...rules.tiers].sort((a, b) => b.start - a.start).find((t) => late >= t.start);
  if (!tier) return null;
  const cap = basisPoints(rules.maxPercent);
  const bp = Math.min(basisPoints(tier.value), cap || Number.MAX_SAFE_INTEGER);
  if (bp <= 0) return null;
  const amountMinor = (input.baseMinor * BigInt(bp)) / 10_000n;
  if (amountMinor <= 0n) return null;
  return { minutesLate: late, percent: String(bp / 100), amountMinor };
}

/** "42 min late", "2 h 5 min late". */
export function lateText(minutes: number): string {
  if (minutes < 60) return `${minutes} min late`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m ? `${h} h ${m} min late` : `${h} h late`;
}

/** The line the seller reads on the order, the withdrawal and the wallet: "Delay compensation 1 % — 42 min late". */
export const delayLine = (a: Pick<DelayAward, 'percent' | 'minutesLate'>): string =>
  `Delay compensation ${a.percent} % — ${lateText(a.minutesLate)}`;

/** What does not count as our delay: said on the public pages and enforced here and in the services. */
export const DELAY_RULES_TEXT =
  'The clock stops when we give our answer (a decision or an offer): time waiting for your reply does not count. A ' +
  'failed card earns nothing; in a partly failed order, compensation is paid on the paid part only.';

/** The breach notice's words. */
export const BREACH_MESSAGES = {
  orderTitle: 'Your order is late: compensation is now accruing',
  order: (orderNo: string, promised: string) =>
    `Order ${orderNo} was promised by ${promised} and is not decided yet. We are sorry: delay compensation is ` +
    'now accruing and is added to your wallet automatically when we decide it.',
  withdrawalTitle: 'Your withdrawal is late: compensation is now accruing',
  withdrawal: (withdrawNo: string, promised: string) =>
    `Withdrawal ${withdrawNo} was promised by ${promised} and is not paid yet. We are sorry: delay compensation ` +
    'is now accruing and is added to your wallet automatically when it is paid.',
} as const;
