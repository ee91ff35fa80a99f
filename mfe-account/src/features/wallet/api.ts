// Every call the wallet's screens make to the api: balances, the history, withdrawing.
// The components call these, never the SDK itself (lint).
import { getSdk, type MoneyLog, type MoneyLogFilter, type WalletBalance, type WithdrawEta } from '@giftlane/shared-sdk';
import { localCurrency } from '../../lib/session';

const api = () => getSdk().api;

/** The wallet's balances, decoded in the seller's currency. */
export async function fetchBalance(): Promise<WalletBalance> {
  await localCurrency();
  return api().wallet.balance();
}

export type Wallet = 1 | 2;

/**
 * What the withdraw form needs for a wallet: available now and the holds on the rest, the limits, the payout accounts,
 * whether a PIN is set.
 */
export async function loadWithdraw(wallet: Wallet) {
  // Whether a PIN is set: the profile call already on its way (the navbar's, or the currency's) serves.
  const profile = getSdk().store.user.info();
  profile.catch(() => undefined); // awaited below
  await localCurrency();
  const [info, groups, me] = await Promise.all([
    api().withdraw.information({ wallet_type: wallet }),
    api().payment.list({ type: wallet }),
    profile,
  ]);
  const usdt = wallet === 2;
  return {
    currency: usdt ? 'USDT' : info.cashable_amount.currency,
    // What one withdrawal could take now (the api's figure, by the rules that refuse a withdrawal), and
    // every hold on the rest, in the wallet asked for.
    available: info.available_now,
    holds: info.holds ?? [],
    minimum: usdt ? info.minimum_amount_usd : info.minimum_amount,
    maximum: usdt ? info.maximum_amount_usd : info.maximum_amount,
    fee: usdt ? info.usdt_fee : info.fee,
    timeout: info.timeout_desc,
    // The withdrawal's promise and its delay compensation (the api pays by the same settings).
    promiseMinutes: info.overdue_time ?? '',
    lateMaxPercent: info.overdue_max_percent ?? '',
    accounts: groups.flatMap((g) => g.data_list),
    hasPin: !me.t_password_null,
    // The identity level's limits for this wallet, shown before an amount is typed.
    kyc: info.kyc ?? null,
  };
}

/** A withdrawal; one idempotency key per withdrawal the seller means, so a retry never withdraws twice. */
export const withdraw = (req: Parameters<ReturnType<typeof api>['withdraw']['apply']>[0]) => api().withdraw.apply(req);

/** A page of the money log, decoded in the seller's currency. */
export async function moneyLog(req: {
  type: MoneyLogFilter;
  wallet_type: 1 | 2;
  page: number;
  page_size: number;
}): Promise<MoneyLog[]> {
  await localCurrency();
  return api().wallet.moneyLogList(req);
}

export const moneyLogEntry = (logId: MoneyLog['log_id']) => api().wallet.moneyLogDetail({ log_id: logId });

/** A withdrawal's live estimate: minutes left, payouts ahead on its rail, what staff say about the rail. */
export const fetchWithdrawEtas = (withdrawNos: string[]): Promise<WithdrawEta[]> =>
  api().withdraw.eta({ withdraw_no: withdrawNos.join(',') });
