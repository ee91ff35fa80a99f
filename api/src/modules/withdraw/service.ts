import { randomInt } from 'node:crypto';
import type { Db, Queryable } from '../../db/db.js';
import { AppError } from '../../lib/envelope.js';
import { IDEMPOTENCY_KEY_FORMAT } from '../../lib/fields.js';
import { formatMinor, moneyText, parseAmount } from '../../lib/money.js';
import { LEDGER_MESSAGES, paramsHash, type Ledger } from '../ledger/ledger.js';
import { checkWithdrawal, type KycDeps } from '../kyc/service.js';
import { waitText, withdrawalBlock, type SecurityDeps } from '../security/service.js';
import { moneyUser, walletCurrency, walletTypeOfMethod } from '../../shared/money-user.js';
import type { PinGuard } from './pin.js';
import { payoutRepo } from './payout-repo.js';
import { withdrawRepo, type WithdrawRow } from './repo.js';
import { notify } from '../notices/service.js';
import { creditWithdrawalDelay, scheduleBreachNotice, withdrawalDelayRules } from '../compensation/service.js';
import type { Jobs } from '../jobs/jobs.js';
import type { Reference } from '../../shared/reference.js';
import { limitsFor } from './limits.js';
import { blockHold, type StandingDeps } from './standing.js';
import { sellerZone } from '../../shared/seller-time.js';

export { limitsFor, type Limits } from './limits.js';

export const WITHDRAW_MESSAGES = {
  amountFormat: 'Enter a valid amount',
  decimals: (d: number) => `Amount can have at most ${d} decimals`,
  belowMin: (m: string) => `The minimum withdrawal is ${m}`,
  aboveMax: (m: string) => `The maximum withdrawal is ${m}`,
  dailyAmount: 'This withdrawal would pass your daily withdrawal limit',
  dailyCount: 'You have reached the number of withdrawals allowed today',
  feeTooHigh: 'The amount must be more than the fee',
  insufficient: 'Insufficient balance',
  account: 'Payout account not found',
  duplicate:
    'An identical withdrawal (the same amount to the same account) was made in the last few minutes; check your ' +
    'withdrawal history before trying again',
  keyFormat: IDEMPOTENCY_KEY_FORMAT,
} as const;

export interface ApplyDeps {
  ref: Reference;
  ledger: Ledger;
  pins: PinGuard;
  security: SecurityDeps;
  kyc: KycDeps;
  /**
   * Without an idempotency key (the apps send none), a withdrawal of the same amount to the same
   * account younger than this many minutes, not failed, makes this one a duplicate (WITHDRAW_DUPLICATE_MINUTES).
   */
  duplicateWindowMinutes: number;
  /** The breach notice is queued on it at the promised time, in the withdrawal's transaction. */
  jobs: Pick<Jobs, 'send'>;
  /** Where a frozen seller reaches us: a refusal for a freeze says it. */
  contact: StandingDeps['contact'];
}

/** A seller's withdrawal request: a saved payout account, the amount as typed, the PIN. */
export interface ApplyInput {
  userId: number;
  accountId: number;
  amount: string | number;
  pin: string;
  idempotencyKey: string;
}

/**
 * A seller withdraws (withdraw/apply). A retry with the same key answers the first withdrawal.
 * Cooling-off and freezes come before the PIN (a blocked withdrawal is not a wrong try). Then, with the wallet
 * row locked, so that every check sees every earlier withdrawal: the platform's limits, duplicates,
 * today's count and total, the balance, the identity level's limits and the payout name; the funds
 * are held and the withdrawal written with its notice.
 */
export async function applyWithdrawal(db: Db, deps: ApplyDeps, input: ApplyInput) {
  const { ref, ledger, security } = deps;
  const { userId } = input;
  const u = await moneyUser(db, { ref }, userId);
  const key = input.idempotencyKey || null;
  const hash = paramsHash({ bank_id: input.accountId, amount: String(input.amount).trim() });
  const view = async (w: WithdrawRow) => {
    const cur = await ref.currency(w.currency_code);
    const after = await withdrawRepo.afterApply(db, u.id, w);
    return {
      wallet_type: w.wallet_type,
      withdraw_amount: formatMinor(w.amount_minor, cur.decimals),
      fee: formatMinor(w.fee_minor, cur.decimals),
      total_amount: Number(formatMinor(after.balanceMinor, cur.decimals)),
      payment: w.method,
      bank_name: w.bank_name,
      account_no: w.account_no,
      withdraw_no: w.withdraw_no,
      is_firstwithdraw: after.first,
      whatsapp_bind: after.whatsapp,
      log_id: after.logId,
      promised_time: w.promised_at ? Math.floor(w.promised_at.getTime() / 1000) : 0,
    };
  };
  if (key) {
    const prior = await withdrawRepo.byKey(db, u.id, key);
    if (prior) {
      if (prior.params_hash !== hash) throw new AppError(LEDGER_MESSAGES.keyReused);
      return view(prior);
    }
  }

  // Refused in the words the seller's money standing uses for the same hold, its time in their zone.
  const block = await withdrawalBlock(db, security, { userId: u.id, payoutAccountId: input.accountId });
  if (block) {
    const target = (await withdrawRepo.accounts(db, u.id)).find((a) => String(a.id) === String(input.accountId));
    const zone = sellerZone(u.country.short_name);
    const account = target ? `${target.bank_name} ${target.account_no}` : undefined;
    const wait = waitText(security.config.security.coolingOffMs);
    throw new AppError(blockHold(block, { zone, contact: deps.contact, account, amountMinor: 0n, wait }).message);
  }
  await deps.pins.check(u.id, input.pin);
  await ref.warm();

  const created = await db.tx(async (q) => {
    const payout = await withdrawRepo.lockTarget(q, u.id, input.accountId);
    if (!payout) throw new AppError(WITHDRAW_MESSAGES.account);
    const walletType = walletTypeOfMethod(u, payout.method);
    const cur = walletCurrency(u, walletType);
    const parsed = parseAmount(input.amount, cur.decimals);
    if (!parsed.ok)
      throw new AppError(
        parsed.reason === 'decimals' ? WITHDRAW_MESSAGES.decimals(cur.decimals) : WITHDRAW_MESSAGES.amountFormat,
      );
    const amount = parsed.minor;
    const limits = await limitsFor(ref, cur.code);
    const money = (m: bigint) => moneyText(m, cur);
    if (amount < limits.min) throw new AppError(WITHDRAW_MESSAGES.belowMin(money(limits.min)));
    if (amount > limits.max) throw new AppError(WITHDRAW_MESSAGES.aboveMax(money(limits.max)));
    if (amount <= limits.fee) throw new AppError(WITHDRAW_MESSAGES.feeTooHigh);

    // One withdrawal at a time per wallet: the account lock orders them, so the limit, duplicate
    // and balance checks below see every earlier withdrawal.
    const account = await ledger.userAccount(q, { userId: u.id, kind: 'cash', currency: cur.code });
    const balance = await ledger.lockBalance(q, account);
    if (key) {
      const again = await withdrawRepo.byKey(q, u.id, key);
      if (again) {
        if (again.params_hash !== hash) throw new AppError(LEDGER_MESSAGES.keyReused);
        return again;
      }
    } else if (await withdrawRepo.recentTwin(q, u.id, payout.id, amount, deps.duplicateWindowMinutes * 60)) {
      // Decided under the wallet's lock against committed rows: a retry after a lost answer, a
      // crash or a restart of the api finds the first withdrawal all the same.
      throw new AppError(WITHDRAW_MESSAGES.duplicate);
    }
    const today = await withdrawRepo.today(q, u.id, cur.code);
    if (today.n >= limits.dailyCount) throw new AppError(WITHDRAW_MESSAGES.dailyCount);
    if (today.total + amount > limits.dailyMax) throw new AppError(WITHDRAW_MESSAGES.dailyAmount);
    if (balance < amount) throw new AppError(WITHDRAW_MESSAGES.insufficient);
    // The identity level's limits and the payout name, under the same wallet lock.
    await checkWithdrawal(q, deps.kyc, { userId: u.id, currency: cur, amountMinor: amount, payout });

    const withdrawNo = newWithdrawNo();
    const held = await ledger.hold(q, {
      key: key ? `withdraw:${u.id}:${key}` : `withdraw:${withdrawNo}`,
      account,
      amountMinor: amount,
      params: { payout: String(payout.id) },
      refType: 'withdrawal',
      refId: withdrawNo,
      memo: `Withdrawal to ${payout.bank_name} ${payout.account_no}`,
      actor: `user:${u.id}`,
    });
    const w = await withdrawRepo.insert(q, {
      withdrawNo,
      userId: u.id,
      target: payout,
      walletType,
      currency: cur.code,
      amountMinor: amount,
      feeMinor: limits.fee,
      holdId: held.holdId,
      key,
      hash,
      promiseMinutes: (await withdrawalDelayRules(ref)).minutes,
    });
    await scheduleBreachNotice(q, deps, { subject: 'withdrawal', id: w.id, at: w.promised_at as Date });
    await notify(q, {
      userId: u.id,
      title: 'Withdrawal submitted',
      content: `Your withdrawal of ${money(amount)} to ${payout.bank_name} ${payout.account_no} is being processed.`,
      action: 'app_withdrawdetail',
      params: { withdraw_no: withdrawNo },
    });
    return w;
  });
  return view(created);
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
  deps: { ledger: Ledger; ref: Reference },
  input: { withdrawNo: string; outcome: 'paid' | 'failed'; reason?: string; reference?: string; actor: string },
): Promise<{ withdrawal: WithdrawRow; replayed: boolean }> {
  const { ledger, ref } = deps;
  const { withdrawNo, outcome } = input;
  const w = await payoutRepo.lockByNo(q, withdrawNo);
  if (!w) throw new AppError(SETTLE_MESSAGES.notFound);
  if (w.status === 'paid' || w.status === 'failed') {
    if (w.status === outcome) return { withdrawal: w, replayed: true };
    throw new AppError(SETTLE_MESSAGES.alreadySettled);
  }
  if (outcome === 'failed' && !input.reason) throw new AppError(SETTLE_MESSAGES.reasonRequired);
  await ledger.settleHold(q, {
    holdId: w.hold_id,
    outcome: outcome === 'paid' ? 'post' : 'release',
    feeMinor: w.fee_minor,
    reason: input.reason ?? '',
    actor: input.actor,
    refType: 'withdrawal',
    refId: String(w.id),
  });
  const settled = await withdrawRepo.settle(q, w.id, {
    status: outcome,
    failReason: outcome === 'failed' ? (input.reason ?? '') : '',
    reference: input.reference ?? '',
    by: input.actor,
  });
  // Paid after its promised time: the delay compensation on the withdrawal's amount, once.
  if (outcome === 'paid')
    await creditWithdrawalDelay(q, deps, { withdrawNo: w.withdraw_no, amountMinor: w.amount_minor });
  const cur = await ref.currency(w.currency_code);
  const amount = moneyText(w.amount_minor - (outcome === 'paid' ? w.fee_minor : 0n), cur);
  await notify(q, {
    userId: w.user_id,
    alert: true,
    title: outcome === 'paid' ? 'Withdrawal successful' : 'Withdrawal failed',
    content:
      outcome === 'paid'
        ? `${amount} has been sent to ${w.bank_name} ${w.account_no}.`
        : `Your withdrawal ${w.withdraw_no} could not be paid: ${input.reason}. ${amount} is back in your wallet.`,
    action: 'app_withdrawdetail',
    params: { withdraw_no: w.withdraw_no },
  });
  return { withdrawal: settled, replayed: false };
}
