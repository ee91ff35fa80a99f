// The SQL of coupons as staff manage them: the list with how many hold and used each, creation,
// and look-ups; and as sellers hold them: granting, taking a use and giving it back.
import type { Queryable } from '../../db/db.js';

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

/**
 * The count of coupons a user can use now (active, started, not ended, uses left), as a scalar subquery over `user`
 * (a parameter or a column): usableCount's read, and the same count inside another module's one read of a user.
 */
export const usableCountOf = (user: string) =>
  `select count(*)::int from user_coupons uc join coupons c on c.id = uc.coupon_id
    where uc.user_id = ${user} and c.active and now() >= c.valid_start and now() < c.valid_end and (c.max_use = 0 or ` +
  `uc.used_times < c.max_use)`;

const HELD = `select c.*, uc.used_times, uc.granted_at from user_coupons uc join coupons c on c.id = uc.coupon_id`;

/** A coupon with how many sellers hold it and how many times it was used. */
export interface CouponSummaryRow extends Omit<CouponRow, 'id'> {
  holders: number;
  uses: number;
}

export interface NewCoupon {
  code: string;
  name: string;
  /** 1 percent, 2 an amount. */
  discountType: 1 | 2;
  /** 1 added to the payout, 2 added to the rate. */
  type: 1 | 2;
  percentBp: number | null;
  amountMinor: bigint | null;
  currency: string | null;
  walletType: number;
  enoughMinor: bigint;
  validFrom: Date;
  validUntil: Date;
  maxUse: number;
  grantOn: 'signup' | null;
}

export const couponRepo = {
  /** Every coupon, latest ending first (500 at most). */
  async summaries(q: Queryable): Promise<CouponSummaryRow[]> {
    const r = await q.query<CouponSummaryRow>(
      `select c.code, c.name, c.discount_type, c.type, c.percent_bp, c.amount_minor, c.currency_code, ` +
        `c.wallet_type, c.enough_minor, c.valid_start, c.valid_end, c.max_use, c.grant_on, c.active,
              count(u.user_id)::int as holders, coalesce(sum(u.used_times), 0)::int as uses
         from coupons c left join user_coupons u on u.coupon_id = c.id group by c.id order by c.valid_end desc, ` +
        `c.id desc limit 500`,
    );
    return r.rows;
  },

  async exists(q: Queryable, code: string): Promise<boolean> {
    return (await q.query('select 1 from coupons where code = $1', [code])).rows.length > 0;
  },

  async create(q: Queryable, c: NewCoupon): Promise<number> {
    const r = await q.query<{ id: number }>(
      `insert into coupons (code, name, discount_type, type, percent_bp, amount_minor, currency_code, wallet_type, ` +
        `enough_minor, valid_start, valid_end, max_use, grant_on)
       values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13) returning id`,
      [
        c.code,
        c.name,
        c.discountType,
        c.type,
        c.percentBp,
        c.amountMinor,
        c.currency,
        c.walletType,
        c.enoughMinor,
        c.validFrom,
        c.validUntil,
        c.maxUse,
        c.grantOn,
      ],
    );
    return r.rows[0]!.id;
  },

  async byCode(q: Queryable, code: string) {
    return (
      await q.query<{ id: number; name: string; active: boolean; valid_end: Date }>(
        'select id, name, active, valid_end from coupons where code = $1',
        [code],
      )
    ).rows[0];
  },

  /** Of these users, the active ones. */
  async activeUsers(q: Queryable, userIds: number[]): Promise<number[]> {
    return (
      await q.query<{ id: number }>("select id from users where id = any($1::int[]) and status = 'active'", [userIds])
    ).rows.map((u) => u.id);
  },

  // A seller's coupons.

  async held(q: Queryable, userId: number, walletType: 0 | 1 | 2): Promise<HeldCoupon[]> {
    const r = await q.query<HeldCoupon>(
      `${HELD} where uc.user_id = $1 and ($2::int = 0 or c.wallet_type = $2) order by c.valid_end, c.id`,
      [userId, walletType],
    );
    return r.rows;
  },

  /** The coupon held under this (normalised) code; forUpdate locks the holding row. */
  async heldByCode(q: Queryable, userId: number, code: string, forUpdate: boolean): Promise<HeldCoupon | undefined> {
    const r = await q.query<HeldCoupon>(
      `${HELD} where uc.user_id = $1 and c.code = $2${forUpdate ? ' for update of uc' : ''}`,
      [userId, code],
    );
    return r.rows[0];
  },

  async takeUse(q: Queryable, userId: number, couponId: number): Promise<void> {
    await q.query('update user_coupons set used_times = used_times + 1 where user_id = $1 and coupon_id = $2', [
      userId,
      couponId,
    ]);
  },

  async returnUse(q: Queryable, userId: number, couponId: number): Promise<void> {
    await q.query(
      'update user_coupons set used_times = used_times - 1 where user_id = $1 and coupon_id = $2 and used_times > 0',
      [userId, couponId],
    );
  },

  async byId(q: Queryable, id: number): Promise<CouponRow | undefined> {
    return (await q.query<CouponRow>('select * from coupons where id = $1', [id])).rows[0];
  },

  /** False when the user already holds it. */
  async grant(q: Queryable, userId: number, couponId: number, by: string): Promise<boolean> {
    const r = await q.query(
      'insert into user_coupons (user_id, coupon_id, granted_by) values ($1,$2,$3) on conflict do nothing',
      [userId, couponId, by],
    );
    return r.rowCount > 0;
  },

  /** The active signup coupons of this wallet currency or of any; answers how many were new. */
  async grantSignup(q: Queryable, userId: number, walletCurrency: string): Promise<number> {
    const r = await q.query(
      `insert into user_coupons (user_id, coupon_id, granted_by)
       select $1, id, 'signup' from coupons
        where grant_on = 'signup' and active and valid_end > now() and (currency_code is null or currency_code = $2)
       on conflict do nothing`,
      [userId, walletCurrency],
    );
    return r.rowCount;
  },

  /** Coupons the user can use now: active, started, not ended, uses left. */
  async usableCount(q: Queryable, userId: number): Promise<number> {
    const r = await q.query<{ n: number }>(`select (${usableCountOf('$1')}) as n`, [userId]);
    return r.rows[0]?.n ?? 0;
  },
};
