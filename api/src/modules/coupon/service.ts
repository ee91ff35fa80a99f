import type { Queryable } from '../../db/db.js';
import { AppError } from '../../lib/envelope.js';
import { formatMinor } from '../../lib/money.js';
import type { Coupon as PricingCoupon } from '../catalog/pricing.js';
import type { Currency } from '../../shared/reference.js';
import { couponRepo, type CouponRow, type HeldCoupon } from './repo.js';
import { COUPON_USE_STATUS, type CouponUseStatus } from '@giftlane/shared-sdk/statuses';

export const COUPON_MESSAGES = {
  notFound: 'Coupon not found or expired',
  notStarted: 'This coupon cannot be used yet',
  expired: 'Coupon not found or expired',
  used: 'This coupon has already been used',
  wallet: 'This coupon is for the other wallet',
  currency: 'This coupon is for another currency',
} as const;

/** CONTRACT §6.5 `new_use_status` (shared-sdk/statuses): not started, usable, expired, usage limit reached. */
export type UseStatus = CouponUseStatus;

export function couponUseStatus(c: HeldCoupon, now = new Date()): UseStatus {
  if (c.max_use > 0 && c.used_times >= c.max_use) return COUPON_USE_STATUS.usedUp;
  if (!c.active || now >= c.valid_end) return COUPON_USE_STATUS.expired;
  if (now < c.valid_start) return COUPON_USE_STATUS.notStarted;
  return COUPON_USE_STATUS.usable;
}

/** The coupon in the terms of the one pricing function. */
export function pricingCoupon(c: CouponRow): PricingCoupon {
  if (c.discount_type === 1) return { kind: 'percent', bp: c.percent_bp ?? 0 };
  return c.type === 1
    ? { kind: 'fixed', amountMinor: c.amount_minor ?? 0n }
    : { kind: 'rate_add', rateMinor: c.amount_minor ?? 0n };
}

const unix = (d: Date) => Math.floor(d.getTime() / 1000);

/** The wire form of CONTRACT §3.8, plus `coupon_id`, `name`, `wallet_type` and `currency` for the screens. */
export function couponView(c: HeldCoupon, currency: Currency | null, now = new Date()) {
  const status = couponUseStatus(c, now);
  const decimals = currency?.decimals ?? 2;
  const value =
    c.discount_type === 1 ? ((c.percent_bp ?? 0) / 10_000).toString() : formatMinor(c.amount_minor ?? 0n, decimals);
  return {
    coupon_id: c.id,
    code: c.code,
    name: c.name,
    valid_start_time: unix(c.valid_start),
    valid_end_time: unix(c.valid_end),
    use_status: status,
    new_use_status: status,
    max_use: c.max_use,
    used_times: c.used_times,
    type: c.type,
    discount_type: c.discount_type,
    discount_value: value,
    asc_sort: status === COUPON_USE_STATUS.usable ? 0 : status,
    coupon_amount: c.discount_type === 2 ? Number(value) : 0,
    coupon_type: c.discount_type === 1 ? 'percent' : c.type === 1 ? 'fixed' : 'rate_add',
    wallet_type: c.wallet_type,
    currency: c.currency_code ?? 'ALL',
    symbol: currency?.symbol ?? 'ALL',
    enough_money: formatMinor(c.enough_minor, decimals),
    // Only a USDT coupon has its minimum in dollars; we keep no exchange rate to convert the others.
    ...(c.currency_code === 'USDT' ? { enough_money_usd: formatMinor(c.enough_minor, decimals) } : {}),
  };
}

/** Normalises what a user typed: coupon codes are upper case, without spaces. */
/** A use of a coupon a seller asks for: their code, on an order to this wallet in this currency. */
export interface CouponUse {
  userId: number;
  code: string;
  walletType: number;
  currency: string;
}

export const normaliseCode = (code: string) => code.trim().toUpperCase().replace(/\s+/g, '');

export async function heldCoupons(
  q: Queryable,
  input: { userId: number; walletType: 0 | 1 | 2 },
): Promise<HeldCoupon[]> {
  return couponRepo.held(q, input.userId, input.walletType);
}

/** The coupon the user holds under this code, whatever its state. */
export async function heldCoupon(
  q: Queryable,
  input: { userId: number; code: string; forUpdate?: boolean },
): Promise<HeldCoupon | undefined> {
  return couponRepo.heldByCode(q, input.userId, normaliseCode(input.code), input.forUpdate ?? false);
}

/**
 * Checks that a user can use a coupon on an order paid in `currency` to wallet `walletType`; with
 * `forUpdate` the holding row is locked, so two orders cannot both take the last use.
 */
export async function usableCoupon(q: Queryable, use: CouponUse & { forUpdate?: boolean }): Promise<HeldCoupon> {
  const { userId, code, walletType, currency, forUpdate = false } = use;
  const c = await heldCoupon(q, { userId, code, forUpdate });
  if (!c) throw new AppError(COUPON_MESSAGES.notFound);
  const status = couponUseStatus(c);
  if (status === COUPON_USE_STATUS.usedUp) throw new AppError(COUPON_MESSAGES.used);
  if (status === COUPON_USE_STATUS.expired) throw new AppError(COUPON_MESSAGES.expired);
  if (status === COUPON_USE_STATUS.notStarted) throw new AppError(COUPON_MESSAGES.notStarted);
  return couponFits(c, walletType, currency);
}

/** Refuses a coupon made for the other wallet or another currency. */
export function couponFits<T extends CouponRow>(c: T, walletType: number, currency: string): T {
  if (c.wallet_type !== walletType) throw new AppError(COUPON_MESSAGES.wallet);
  if (c.currency_code !== null && c.currency_code !== currency) throw new AppError(COUPON_MESSAGES.currency);
  return c;
}

/** Takes one use of a coupon for an order (inside the order's transaction). */
export async function takeCouponUse(q: Queryable, use: CouponUse): Promise<HeldCoupon> {
  const c = await usableCoupon(q, { ...use, forUpdate: true });
  await couponRepo.takeUse(q, use.userId, c.id);
  return c;
}

/** Gives back the use an order took: the order was refused or the coupon did not apply. */
export async function returnCouponUse(q: Queryable, input: { userId: number; couponId: number }): Promise<void> {
  await couponRepo.returnUse(q, input.userId, input.couponId);
}

export async function couponById(q: Queryable, id: number): Promise<CouponRow | undefined> {
  return couponRepo.byId(q, id);
}

/** Grants a coupon to a user; granting one the user already holds changes nothing. */
export async function grantCoupon(
  q: Queryable,
  input: { userId: number; couponId: number; by: string },
): Promise<boolean> {
  return couponRepo.grant(q, input.userId, input.couponId, input.by);
}

/**
 * The welcome coupons every new account receives (a server rule): the active `grant_on = 'signup'` ones of its wallet
 * currency or of any.
 */
export async function grantSignupCoupons(
  q: Queryable,
  input: { userId: number; walletCurrency: string },
): Promise<number> {
  return couponRepo.grantSignup(q, input.userId, input.walletCurrency);
}

/** How many coupons the user can use now (`coupon_num` of userInfo and appinit). */
export async function usableCount(q: Queryable, userId: number): Promise<number> {
  return couponRepo.usableCount(q, userId);
}
