import type { Queryable } from '../../db/db.js';
import { AppError } from '../../lib/envelope.js';
import { formatMinor } from '../../lib/money.js';
import type { Coupon as PricingCoupon } from '../catalog/pricing.js';
import type { Currency } from '../public/reference.js';
import { COUPON_USE_STATUS, type CouponUseStatus } from '@giftlane/shared-sdk/statuses';

/** One coupon definition (table `coupons`). */
export interface CouponRow {
  id: number;
  code: string;
  name: string;
  discount_type: 1 | 2;
  type: 1 | 2;
  percent_bp: number | null;
  amount_minor: bigint | null;
  currency_code: string | null;
  wallet_type: 1 | 2;
  enough_minor: bigint;
  valid_start: Date;
  valid_end: Date;
  max_use: number;
  grant_on: string | null;
  active: boolean;
}

/** A coupon as one user holds it. */
export interface HeldCoupon extends CouponRow {
  used_times: number;
  granted_at: Date;
}

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
  return c.type === 1 ? { kind: 'fixed', amountMinor: c.amount_minor ?? 0n } : { kind: 'rate_add', rateMinor: c.amount_minor ?? 0n };
}

const unix = (d: Date) => Math.floor(d.getTime() / 1000);

/** The wire form of CONTRACT §3.8, plus `coupon_id`, `name`, `wallet_type` and `currency` for the screens. */
export function couponView(c: HeldCoupon, currency: Currency | null, now = new Date()) {
  const status = couponUseStatus(c, now);
  const decimals = currency?.decimals ?? 2;
  const value = c.discount_type === 1 ? ((c.percent_bp ?? 0) / 10_000).toString() : formatMinor(c.amount_minor ?? 0n, decimals);
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

const HELD = `select c.*, uc.used_times, uc.granted_at from user_coupons uc join coupons c on c.id = uc.coupon_id`;

/** Normalises what a user typed: coupon codes are upper case, without spaces. */
export const normaliseCode = (code: string) => code.trim().toUpperCase().replace(/\s+/g, '');

export async function heldCoupons(q: Queryable, userId: number, walletType: 0 | 1 | 2): Promise<HeldCoupon[]> {
  const r = await q.query<HeldCoupon>(`${HELD} where uc.user_id = $1 and ($2::int = 0 or c.wallet_type = $2) order by c.valid_end, c.id`, [userId, walletType]);
  return r.rows;
}

/** The coupon the user holds under this code, whatever its state. */
export async function heldCoupon(q: Queryable, userId: number, code: string, forUpdate = false): Promise<HeldCoupon | undefined> {
  const r = await q.query<HeldCoupon>(`${HELD} where uc.user_id = $1 and c.code = $2${forUpdate ? ' for update of uc' : ''}`, [userId, normaliseCode(code)]);
  return r.rows[0];
}

/**
 * Checks that a user can use a coupon on an order paid in `currency` to wallet `walletType`; with
 * `forUpdate` the holding row is locked, so two orders cannot both take the last use.
 */
export async function usableCoupon(q: Queryable, userId: number, code: string, walletType: number, currency: string, forUpdate = false): Promise<HeldCoupon> {
  const c = await heldCoupon(q, userId, code, forUpdate);
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
export async function takeCouponUse(q: Queryable, userId: number, code: string, walletType: number, currency: string): Promise<HeldCoupon> {
  const c = await usableCoupon(q, userId, code, walletType, currency, true);
  await q.query('update user_coupons set used_times = used_times + 1 where user_id = $1 and coupon_id = $2', [userId, c.id]);
  return c;
}

/** Gives back the use an order took: the order was refused or the coupon did not apply. */
export async function returnCouponUse(q: Queryable, userId: number, couponId: number): Promise<void> {
  await q.query('update user_coupons set used_times = used_times - 1 where user_id = $1 and coupon_id = $2 and used_times > 0', [userId, couponId]);
}

export async function couponById(q: Queryable, id: number): Promise<CouponRow | undefined> {
  return (await q.query<CouponRow>('select * from coupons where id = $1', [id])).rows[0];
}

/** Grants a coupon to a user; granting one the user already holds changes nothing. */
export async function grantCoupon(q: Queryable, userId: number, couponId: number, by: string): Promise<boolean> {
  const r = await q.query('insert into user_coupons (user_id, coupon_id, granted_by) values ($1,$2,$3) on conflict do nothing', [userId, couponId, by]);
  return r.rowCount > 0;
}

/** The welcome coupons every new account receives (a server rule): the active `grant_on = 'signup'` ones of its wallet currency or of any. */
export async function grantSignupCoupons(q: Queryable, userId: number, walletCurrency: string): Promise<number> {
  const r = await q.query(
    `insert into user_coupons (user_id, coupon_id, granted_by)
     select $1, id, 'signup' from coupons
      where grant_on = 'signup' and active and valid_end > now() and (currency_code is null or currency_code = $2)
     on conflict do nothing`,
    [userId, walletCurrency],
  );
  return r.rowCount;
}

/** How many coupons the user can use now (`coupon_num` of userInfo and appinit). */
export async function usableCount(q: Queryable, userId: number): Promise<number> {
  const r = await q.query<{ n: number }>(
    `select count(*)::int as n from user_coupons uc join coupons c on c.id = uc.coupon_id
      where uc.user_id = $1 and c.active and now() >= c.valid_start and now() < c.valid_end and (c.max_use = 0 or uc.used_times < c.max_use)`,
    [userId],
  );
  return r.rows[0]?.n ?? 0;
}
