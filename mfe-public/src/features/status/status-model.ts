// What the status page says, worked out from the board (public/status): the payout rails grouped
// by kind in the order sellers think of them, each one's state in words (never colour alone).
import type { StatusBoard, StatusRail } from '@giftlane/shared-sdk';

export const RAIL_GROUPS: ReadonlyArray<{ method: StatusRail['method']; title: string }> = [
  { method: 'BANK', title: 'Bank transfer' },
  { method: 'MOMO', title: 'Mobile money (Ghana)' },
  { method: 'USDT', title: 'USDT' },
];

export function railGroups(board: StatusBoard) {
  return RAIL_GROUPS.map((g) => ({ ...g, rails: board.rails.filter((r) => r.method === g.method) })).filter(
    (g) => g.rails.length > 0,
  );
}

/** "Paying normally" or "Delayed". */
export const railStateText = (r: StatusRail) => (r.state === 'delayed' ? 'Delayed' : 'Paying normally');

/** "12 min", "1 h 30 min". */
export function minutesText(minutes: number): string {
  const m = Math.max(1, Math.round(minutes));
  if (m < 60) return `${m} min`;
  const rest = m % 60;
  return rest ? `${Math.floor(m / 60)} h ${rest} min` : `${Math.floor(m / 60)} h`;
}

/** A rail's payout time in words: from its recent payments, or its promised time when it had none lately. */
export const payTimeText = (r: Pick<StatusRail, 'basis' | 'pay_minutes'>) =>
  r.basis === 'recent'
    ? `Paid in about ${minutesText(r.pay_minutes)} lately`
    : `Usually paid within ${minutesText(r.pay_minutes)}`;

export const delayedCount = (board: StatusBoard) => board.rails.filter((r) => r.state === 'delayed').length;

/** The page's one-line summary. */
export function summary(board: StatusBoard): string {
  const n = delayedCount(board);
  if (n === 0) return 'All payout networks are paying normally.';
  return n === 1
    ? 'One payout network is delayed. The others are paying normally.'
    : `${n} payout networks are delayed.`;
}
