// Turns the amount fields of replies into Money, with `parseMoney` — the one parse used for every
// amount. Each decoder knows which currency each field is in (CONTRACT §1.4, §3).
import { parseMoney, toCurrencyCode, type AmountWire, type CurrencyCode, type Money } from '../money';
import type {
  BonusTierWire,
  InvitedUser,
  InvitedUserWire,
  InviteInfo,
  InviteInfoWire,
  MoneyLog,
  MoneyLogDetail,
  MoneyLogDetailWire,
  MoneyLogWire,
  MoneyHold,
  MoneyHoldWire,
  OrderDetail,
  OrderDetailWire,
  OrderListItem,
  OrderListItemWire,
  OrderSell,
  OrderSellWire,
  RebateInfo,
  RebateInfoWire,
  User,
  UserWire,
  VipDataWire,
  WalletBalance,
  WalletBalanceWire,
  WalletStanding,
  WalletStandingWire,
  WalletType,
  WithdrawInformation,
  WithdrawInformationWire,
  WithdrawResult,
  WithdrawResultWire,
} from './types';

/** Wallet 2 is USDT; wallet 1 is the user's local currency (CONTRACT §0). */
export function walletCurrency(
  walletType: WalletType | number | string | undefined,
  local: CurrencyCode,
): CurrencyCode {
  return String(walletType) === '2' ? 'USDT' : local;
}

/** A present amount as Money; absent (undefined, null or '') stays undefined. */
function opt(value: AmountWire | null | undefined, currency: CurrencyCode): Money | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  return parseMoney(value, currency);
}

/** A required amount; an absent one reads as zero rather than breaking the screen. */
function req(value: AmountWire | null | undefined, currency: CurrencyCode): Money {
  return opt(value, currency) ?? parseMoney(0, currency);
}

const currencyOr = (name: unknown, fallback: CurrencyCode): CurrencyCode => toCurrencyCode(name) ?? fallback;

export function decodeUser(wire: UserWire, local: CurrencyCode): User {
  const currency = currencyOr(wire.currency_name, local);
  return {
    ...wire,
    money: opt(wire.money, currency),
    rebate_money: opt(wire.rebate_money, currency),
    usd_rebate_money: opt(wire.usd_rebate_money, 'USDT'),
  };
}

const decodeHold =
  (currency: CurrencyCode) =>
  (h: MoneyHoldWire): MoneyHold => ({ ...h, amount: req(h.amount, currency) });

function decodeWalletStanding(wire: WalletStandingWire, local: CurrencyCode): WalletStanding {
  const currency = currencyOr(wire.currency_name, walletCurrency(wire.wallet_type, local));
  return {
    ...wire,
    available_now: req(wire.available_now, currency),
    balance: req(wire.balance, currency),
    held: req(wire.held, currency),
    holds: wire.holds.map(decodeHold(currency)),
  };
}

export function decodeWalletBalance(wire: WalletBalanceWire, local: CurrencyCode): WalletBalance {
  const currency = currencyOr(wire.currency_name, local);
  return {
    ...wire,
    total_amount: req(wire.total_amount, currency),
    usd_amount: req(wire.usd_amount, 'USDT'),
    frozen_amount: opt(wire.frozen_amount, currency),
    withdraw_amount: opt(wire.withdraw_amount, currency),
    transfer_rebate: opt(wire.transfer_rebate, currency),
    rebate_amount: opt(wire.rebate_amount, currency),
    usd_rebate_money: opt(wire.usd_rebate_money, 'USDT'),
    standing: wire.standing?.map((w) => decodeWalletStanding(w, currency)),
  };
}

type LogMoneyFields = 'amount' | 'balance_amount' | 'order_amount' | 'platform_fee';
type DecodedLog<W extends MoneyLogWire> = Omit<W, LogMoneyFields> & {
  amount: Money;
  balance_amount?: Money;
  order_amount?: Money;
  platform_fee?: Money;
};

function decodeLog<W extends MoneyLogWire>(wire: W, local: CurrencyCode): DecodedLog<W> {
  const currency = currencyOr(wire.currency_name, walletCurrency(wire.wallet_type, local));
  return {
    ...wire,
    amount: req(wire.amount, currency),
    balance_amount: opt(wire.balance_amount, currency),
    order_amount: opt(wire.order_amount, currency),
    platform_fee: opt(wire.platform_fee, currency),
  };
}

export const decodeMoneyLog = (wire: MoneyLogWire, local: CurrencyCode): MoneyLog => decodeLog(wire, local);
export const decodeMoneyLogDetail = (wire: MoneyLogDetailWire, local: CurrencyCode): MoneyLogDetail =>
  decodeLog(wire, local);

export function decodeOrderListItem(wire: OrderListItemWire, local: CurrencyCode): OrderListItem {
  const currency = walletCurrency(wire.wallet_type, local);
  return {
    ...wire,
    amount: req(wire.amount, currency),
    order_rebate: opt(wire.order_rebate, currency),
    all_money: opt(wire.all_money, currency),
    delay_compensation: opt(wire.delay_compensation, currency),
  };
}

export function decodeOrderDetail(wire: OrderDetailWire, local: CurrencyCode): OrderDetail {
  const currency = walletCurrency(wire.wallet_type, local);
  return {
    ...wire,
    amount: req(wire.amount, currency),
    coupon_amount: opt(wire.coupon_amount, currency),
    first_order_bonus: opt(wire.first_order_bonus, currency),
    reach_amount_bonus: opt(wire.reach_amount_bonus, currency),
    full_amount_bonus: opt(wire.full_amount_bonus, currency),
    vip_bonus: opt(wire.vip_bonus, currency),
    // Card lines pay out in local currency (CONTRACT §3.7).
    keyList: (wire.keyList ?? []).map((line) => ({ ...line, amount: req(line.amount, local) })),
    delay_compensation: wire.delay_compensation
      ? { ...wire.delay_compensation, amount: req(wire.delay_compensation.amount, currency) }
      : wire.delay_compensation,
    appeal_credit: opt(wire.appeal_credit, currency),
  };
}

export function decodeOrderSell(wire: OrderSellWire, local: CurrencyCode): OrderSell {
  return { ...wire, left_transfer_rebate: opt(wire.left_transfer_rebate, local) };
}

export function decodeWithdrawInformation(wire: WithdrawInformationWire, local: CurrencyCode): WithdrawInformation {
  // `currency_name` is the wallet asked for: USDT when wallet_type 2 was asked for, yet the unsuffixed
  // amounts are still the local wallet's, so they take the user's local currency then.
  const named = toCurrencyCode(wire.currency_name);
  const localWallet = named && named !== 'USDT' ? named : local;
  return {
    ...wire,
    cashable_amount: req(wire.cashable_amount, localWallet),
    cashable_usd_amount: req(wire.cashable_usd_amount, 'USDT'),
    minimum_amount: opt(wire.minimum_amount, localWallet),
    minimum_amount_usd: opt(wire.minimum_amount_usd, 'USDT'),
    maximum_amount: opt(wire.maximum_amount, localWallet),
    maximum_amount_usd: opt(wire.maximum_amount_usd, 'USDT'),
    fee: opt(wire.fee, localWallet),
    usdt_fee: opt(wire.usdt_fee, 'USDT'),
    available_now: opt(wire.available_now, named ?? localWallet),
    holds: wire.holds?.map(decodeHold(named ?? localWallet)),
    kyc: wire.kyc
      ? {
          level: wire.kyc.level,
          single_limit: req(wire.kyc.single_limit, named ?? localWallet),
          daily_limit: req(wire.kyc.daily_limit, named ?? localWallet),
          remaining_today: req(wire.kyc.remaining_today, named ?? localWallet),
          next_level: wire.kyc.next_level && {
            level: wire.kyc.next_level.level,
            single_limit: req(wire.kyc.next_level.single_limit, named ?? localWallet),
            daily_limit: req(wire.kyc.next_level.daily_limit, named ?? localWallet),
          },
        }
      : null,
  };
}

export function decodeWithdrawResult(wire: WithdrawResultWire, local: CurrencyCode): WithdrawResult {
  const currency = walletCurrency(wire.wallet_type, local);
  return {
    ...wire,
    withdraw_amount: req(wire.withdraw_amount, currency),
    total_amount: req(wire.total_amount, currency),
  };
}

export function decodeInvitedUser(wire: InvitedUserWire, local: CurrencyCode): InvitedUser {
  return { ...wire, amount: req(wire.amount, currencyOr(wire.currency_name, local)) };
}

export function decodeInviteInfo(wire: InviteInfoWire, local: CurrencyCode): InviteInfo {
  const cur = currencyOr(wire.currency_name, local);
  return {
    ...wire,
    register_amount: opt(wire.register_amount, cur),
    first_amount: opt(wire.first_amount, cur),
    friend_amount: opt(wire.friend_amount, cur),
    self_amount: opt(wire.self_amount, cur),
    recommend_enough_amount: opt(wire.recommend_enough_amount, cur),
    referred_total_bonus: opt(wire.referred_total_bonus, cur),
    recommend_amount: opt(wire.recommend_amount, cur),
    transfer_rebate: opt(wire.transfer_rebate, cur),
  };
}

/** The reward wallet's summary and entries; `short_name` names its currency (USDT for wallet 2). */
export function decodeRebateInfo(wire: RebateInfoWire, local: CurrencyCode): RebateInfo {
  const cur = currencyOr(wire.short_name, local);
  return {
    ...wire,
    transfer_rebate: opt(wire.transfer_rebate, cur),
    rebate_amount: opt(wire.rebate_amount, cur),
    rebate_total_amount: opt(wire.rebate_total_amount, cur),
    first_order_bonus: opt(wire.first_order_bonus, cur),
    referred_bonus: opt(wire.referred_bonus, cur),
    transfer_rebate_usd: opt(wire.transfer_rebate_usd, 'USDT'),
    rebate_amount_usd: opt(wire.rebate_amount_usd, 'USDT'),
    rebate_total_amount_usd: opt(wire.rebate_total_amount_usd, 'USDT'),
    user_rebate_list: (wire.user_rebate_list ?? []).map((i) => {
      const c = walletCurrency(i.wallet_type, cur);
      return {
        ...i,
        money: req(i.money, c),
        after_balance: opt(i.after_balance, c),
        purchase_amount: opt(i.purchase_amount, c),
      };
    }),
  };
}

/**
 * `vip/info` with `amount_order_bonus` always a list of Money tiers and the totals as Money (local currency; `_usdt` in
 * USDT).
 */
export type VipData = Omit<
  VipDataWire,
  'amount_order_bonus' | 'total_bonus' | 'total_bonus_usdt' | 'referred_total_bonus' | 'first_order_bonus'
> & {
  amount_order_bonus: BonusTier[];
  total_bonus?: Money;
  total_bonus_usdt?: Money;
  referred_total_bonus?: Money;
  first_order_bonus?: Money;
};

export function decodeVipData(wire: VipDataWire, local: CurrencyCode): VipData {
  return {
    ...wire,
    amount_order_bonus: decodeBonusTiers(wire.amount_order_bonus, local),
    total_bonus: opt(wire.total_bonus, local),
    total_bonus_usdt: opt(wire.total_bonus_usdt, 'USDT'),
    referred_total_bonus: opt(wire.referred_total_bonus, local),
    first_order_bonus: opt(wire.first_order_bonus, local),
  };
}

export interface BonusTier {
  bonus_amount: Money;
  order_amount: Money;
}

/** `amount_order_bonus` arrives as one object or as a list; answers a list either way. */
export function decodeBonusTiers(
  wire: BonusTierWire | BonusTierWire[] | null | undefined,
  currency: CurrencyCode,
): BonusTier[] {
  if (!wire) return [];
  const list = Array.isArray(wire) ? wire : [wire];
  return list.map((tier) => ({
    bonus_amount: req(tier.bonus_amount, currency),
    order_amount: req(tier.order_amount, currency),
  }));
}
