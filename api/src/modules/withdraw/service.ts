import { randomInt } from 'node:crypto';
import type { Queryable } from '../../db/db.js';
import { AppError } from '../../lib/envelope.js';
import { moneyText } from '../../lib/money.js';
import type { Ledger } from '../ledger/ledger.js';
import { notify } from '../notices/service.js';
import type { Reference } from '../public/reference.js';

export interface WithdrawRow {
  id: bigint;
  withdraw_no: string;
  user_id: number;
  payout_account_id: bigint;
  wallet_type: number;
  currency_code: string;
  amount_minor: bigint;
  fee_minor: bigint;
  status: 'pending' | 'processing' | 'paid' | 'failed';
  hold_id: bigint;
  bank_name: string;
  account_no: string;
  account_name: string;
  method: string;
  idempotency_key: string | null;
  params_hash: string;
  fail_reason: string;
  reference: string;
  settled_by: string;
  created_at: Date;
  settled_at: Date | null;
  payout_channel: '' | 'bank_upload' | 'dev' | 'paystack';
  provider_ref: string;
  sent_at: Date | null;
  sent_by: string;
}

export interface Limits {
  min: string;
  max: string;
  daily_max: string;
  daily_count: number;
  fee: string;
}

export async function limitsFor(ref: Reference, currency: string): Promise<{ min: bigint; max: bigint; dailyMax: bigint; dailyCount: number; fee: bigint }> {
  const all = await ref.setting<Record<string, Limits>>('withdraw_limits', {});
  const l = all[currency] ?? { min: '1', max: '0', daily_max: '0', daily_count: 0, fee: '0' };
  return { min: BigInt(l.min), max: BigInt(l.max), dailyMax: BigInt(l.daily_max), dailyCount: l.daily_count, fee: BigInt(l.fee) };
}

/** CONTRACT §6.11 display strings. */
export const withdrawStatusText: Record<WithdrawRow['status'], string> = {
  pending: 'Pending',
  processing: 'Bank Processing',
  paid: 'Successful',
  failed: 'Failed',
};

/** Withdrawal numbers: a date for people, then 12 random digits so they cannot be guessed. */
export function newWithdrawNo(now = new Date()): string {
  const d = now.toISOString().slice(0, 10).replace(/-/g, '');
  return `W${d}${Array.from({ length: 12 }, () => randomInt(10)).join('')}`;
}

export const SETTLE_MESSAGES = {
  notFound: 'Withdrawal not found',
  alreadySettled: 'This withdrawal has already been settled differently',
  reasonRequired: 'A reason is required when a withdrawal fails',
} as const;

/**
 * Settles a withdrawal once: paid → the hold is posted (fee to the fees account); failed → the
 * hold is released to the user's wallet with the reason. Repeating the same outcome is a no-op;
 * the opposite outcome is refused. Runs in the caller's transaction.
 */
export async function settleWithdrawal(
  q: Queryable,
  ledger: Ledger,
  ref: Reference,
  withdrawNo: string,
  outcome: 'paid' | 'failed',
  opts: { reason?: string; reference?: string; actor: string },
): Promise<{ withdrawal: WithdrawRow; replayed: boolean }> {
  const r = await q.query<WithdrawRow>('select * from withdrawals where withdraw_no = $1 for update', [withdrawNo]);
  const w = r.rows[0];
  if (!w) throw new AppError(SETTLE_MESSAGES.notFound);
  if (w.status === 'paid' || w.status === 'failed') {
    if (w.status === outcome) return { withdrawal: w, replayed: true };
    throw new AppError(SETTLE_MESSAGES.alreadySettled);
  }
  if (outcome === 'failed' && !opts.reason) throw new AppError(SETTLE_MESSAGES.reasonRequired);
  await ledger.settleHold(q, w.hold_id, outcome === 'paid' ? 'post' : 'release', {
    feeMinor: w.fee_minor,
    reason: opts.reason ?? '',
    actor: opts.actor,
    refType: 'withdrawal',
    refId: String(w.id),
  });
  const u = await q.query<WithdrawRow>(
    `update withdrawals set status = $2, settled_at = now(), fail_reason = $3, reference = $4, settled_by = $5 where id = $1 returning *`,
    [w.id, outcome, outcome === 'failed' ? (opts.reason ?? '') : '', opts.reference ?? '', opts.actor],
  );
  const cur = await ref.currency(w.currency_code);
  const amount = moneyText(w.amount_minor - (outcome === 'paid' ? w.fee_minor : 0n), cur);
  await notify(q, w.user_id, {
    title: outcome === 'paid' ? 'Withdrawal successful' : 'Withdrawal failed',
    content:
      outcome === 'paid'
        ? `${amount} has been sent to ${w.bank_name} ${w.account_no}.`
        : `Your withdrawal ${w.withdraw_no} could not be paid: ${opts.reason}. ${amount} is back in your wallet.`,
    action: 'app_withdrawdetail',
    params: { withdraw_no: w.withdraw_no },
  });
  return { withdrawal: u.rows[0] as WithdrawRow, replayed: false };
}
