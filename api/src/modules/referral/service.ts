import type { Queryable } from '../../db/db.js';
import { AppError } from '../../lib/envelope.js';
import { moneyText } from '../../lib/money.js';
import type { Ledger } from '../ledger/ledger.js';
import { notify } from '../notices/service.js';
import type { RefTables, Reference } from '../../shared/reference.js';
import { accountLinks } from './links.js';
import { referralRepo } from './repo.js';

/** Per currency, in minor units (the `referral` setting, seeded by migration 0007). */
export type ReferralSettings = Record<string, { min_trade_minor: string; transfer_threshold_minor: string }>;

export async function referralSettings(
  ref: Reference,
  currency: string,
): Promise<{ minTrade: bigint; threshold: bigint }> {
  return referralSettingsIn(await ref.tables(), currency);
}

/** referralSettings with the reference tables in hand. */
export function referralSettingsIn(tables: RefTables, currency: string): { minTrade: bigint; threshold: bigint } {
  const s = tables.setting<ReferralSettings>('referral', {})[currency];
  return { minTrade: BigInt(s?.min_trade_minor ?? '0'), threshold: BigInt(s?.transfer_threshold_minor ?? '0') };
}

/** What an inviter earns per referral, in the inviter's wallet currency: their country's amounts. */
export async function referralAmounts(ref: Reference, countryId: number) {
  const country = await ref.country(countryId);
  const currency = await ref.currency(country.wallet_currency);
  return { currency, perTrade: country.rebate_money_minor, signup: country.rebate_money_register_minor };
}

/**
 * How a friend is named to the inviter: the first word of a nickname they chose. A nickname still
 * the default made from their e-mail address (its local part) is masked — `ad•••` — so the inviter
 * never reads a friend's address.
 */
export const friendName = (nickname: string | null, status = 'active', email?: string | null) => {
  if (status !== 'active') return 'Closed account';
  const nick = (nickname ?? '').trim();
  const local = (email ?? '').split('@')[0]?.trim().toLowerCase() ?? '';
  if (nick && local && nick.toLowerCase() === local) return `${[...nick].slice(0, 2).join('')}•••`;
  if (nick.includes('@')) return `${[...nick].slice(0, 2).join('')}•••`;
  return nick.split(/\s+/)[0]?.slice(0, 20) || 'A friend';
};

/** What a user has earned from referrals in one currency. */
export async function referredTotal(q: Queryable, input: { userId: number; currency: string }): Promise<bigint> {
  return referralRepo.earnedTotal(q, input.userId, input.currency);
}

/**
 * Pays the inviter of the seller of a just-completed order, inside the order's own transaction (so
 * a referral reward exists exactly when the order's credit does). The sale counts when its payout
 * reaches the minimum for its currency; the friend's first counted sale also pays the sign-up
 * reward. Idempotent twice over: the journal's key and referral_rewards' UNIQUE order_id. A reward
 * balance that reaches the threshold then moves to the inviter's cash wallet (its own journal).
 */
export async function creditReferral(
  q: Queryable,
  deps: { ledger: Ledger; ref: Reference },
  sale: { orderId: bigint; sellerId: number; payoutMinor: bigint; payoutCurrency: string },
): Promise<void> {
  const inviter = await referralRepo.activeInviterOf(q, sale.sellerId);
  if (!inviter) return;
  // Inviting yourself earns nothing: accounts that share a verified identity, a payout
  // account or a device are one person's. Once refused, the friend stays not eligible (removing
  // the shared account later changes nothing); the friend's own account and sales are untouched.
  if (await referralRepo.refusal(q, sale.sellerId)) return;
  const link = await accountLinks.between(q, inviter.referrer_id, sale.sellerId);
  if (link) {
    await referralRepo.refuse(q, sale.sellerId, inviter.referrer_id, link);
    return;
  }
  const { minTrade } = await referralSettings(deps.ref, sale.payoutCurrency);
  if (sale.payoutMinor < minTrade) return;

  const { currency, perTrade, signup } = await referralAmounts(deps.ref, inviter.country_id);
  const first = !(await referralRepo.hasFirstReward(q, sale.sellerId));
  const amount = perTrade + (first ? signup : 0n);
  if (amount <= 0n) return;

  const friend = friendName(inviter.nickname, 'active', inviter.email);
  const reward = await deps.ledger.userAccount(q, {
    userId: inviter.referrer_id,
    kind: 'reward',
    currency: currency.code,
  });
  const t = await deps.ledger.transfer(q, {
    key: `referral:order:${sale.orderId}`,
    kind: 'reward',
    legs: [
      { account: reward, amountMinor: amount },
      { account: await deps.ledger.platformAccount(q, 'promotions', currency.code), amountMinor: -amount },
    ],
    refType: 'referral',
    refId: String(sale.orderId),
    memo: first ? `${friend}'s first sale (sign-up reward included)` : `${friend}'s sale`,
  });
  if (t.replayed) return;
  await referralRepo.insertReward(q, {
    referrerId: inviter.referrer_id,
    refereeId: sale.sellerId,
    orderId: sale.orderId,
    kind: first ? 'first' : 'trade',
    currency: currency.code,
    amountMinor: amount,
    tradeMinor: sale.payoutMinor,
    tradeCurrency: sale.payoutCurrency,
    journalId: t.journalId,
  });
  const swept = await sweepRewards(q, deps, {
    userId: inviter.referrer_id,
    currency: currency.code,
    key: `referral:order:${sale.orderId}:sweep`,
  });
  await notify(q, {
    userId: inviter.referrer_id,
    title: 'Referral reward',
    content:
      `You earned ${moneyText(amount, currency)}: ${friend}, who joined with your invite, sold a gift card.` +
      (swept > 0n ? ` Your rewards of ${moneyText(swept, currency)} moved to your cash wallet.` : ''),
    action: 'app_reward',
  });
}

/** Moves a user's whole reward balance to their cash wallet once it reaches the threshold. */
async function sweepRewards(
  q: Queryable,
  deps: { ledger: Ledger; ref: Reference },
  input: { userId: number; currency: string; key: string },
): Promise<bigint> {
  const { userId, currency, key } = input;
  const { threshold } = await referralSettings(deps.ref, currency);
  const reward = await deps.ledger.userAccount(q, { userId, kind: 'reward', currency });
  const cash = await deps.ledger.userAccount(q, { userId, kind: 'cash', currency });
  // The balance as of now: the reward account is already locked by this transaction's credit.
  const balance = await referralRepo.accountBalance(q, reward.id);
  if (threshold <= 0n || balance < threshold) return 0n;
  const t = await deps.ledger.transfer(q, {
    key,
    kind: 'reward_transfer',
    legs: [
      { account: reward, amountMinor: -balance },
      { account: cash, amountMinor: balance },
    ],
    refType: 'reward_transfer',
    memo: 'Rewards moved to your cash wallet',
  });
  // Every reward in that balance has now left the reward wallet: none is left to claim.
  await referralRepo.markAllMoved(q, userId, currency, t.journalId);
  return balance;
}

/** What a user can claim now, in one currency: the rewards still in the reward wallet. */
export async function claimableTotal(q: Queryable, input: { userId: number; currency: string }): Promise<bigint> {
  return referralRepo.unmovedTotal(q, input.userId, input.currency);
}

export const CLAIM_MESSAGES = {
  nothing: 'There is no reward to claim for this friend',
  notYours: 'This user did not join with your invite code',
} as const;

/**
 * A claim (rebate/receiveInviteRebate): the rewards a friend's sales earned, still in the reward
 * wallet, move to the cash wallet now instead of waiting for the threshold sweep. The reward account
 * is locked first (the order the sweep locks in), then the friend's unmoved rewards; the journal's
 * key names the last reward it covers, so a retried or parallel claim pays once.
 */
export async function claimRewards(
  q: Queryable,
  deps: { ledger: Ledger },
  input: { userId: number; friendId: number },
): Promise<{ amountMinor: bigint; currency: string }> {
  const { userId, friendId } = input;
  if ((await referralRepo.inviterOf(q, friendId)) !== userId) throw new AppError(CLAIM_MESSAGES.notYours);
  const code = await referralRepo.unmovedCurrencyOf(q, userId, friendId);
  if (!code) throw new AppError(CLAIM_MESSAGES.nothing);
  const reward = await deps.ledger.userAccount(q, { userId, kind: 'reward', currency: code });
  const cash = await deps.ledger.userAccount(q, { userId, kind: 'cash', currency: code });
  await referralRepo.lockAccount(q, reward.id);
  const rows = await referralRepo.lockUnmoved(q, userId, friendId, code);
  if (!rows.length) throw new AppError(CLAIM_MESSAGES.nothing);
  const amount = rows.reduce((a, r) => a + BigInt(r.amount_minor), 0n);
  const last = rows[rows.length - 1]!.id;
  const t = await deps.ledger.transfer(q, {
    key: `referral:claim:${userId}:${friendId}:${last}`,
    kind: 'reward_transfer',
    legs: [
      { account: reward, amountMinor: -amount },
      { account: cash, amountMinor: amount },
    ],
    refType: 'reward_transfer',
    memo: 'Rewards claimed to your cash wallet',
  });
  await referralRepo.markMoved(
    q,
    rows.map((r) => r.id),
    t.journalId,
  );
  return { amountMinor: amount, currency: code };
}
