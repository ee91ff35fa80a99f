// The SQL of coupons as staff manage them: the list with how many hold and used each, creation,
// and look-ups. The seller's side (holding, using, giving a use back) is in service.ts.
import type { Queryable } from '../../db/db.js';
import type { CouponRow } from './service.js';

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
      `select c.code, c.name, c.discount_type, c.type, c.percent_bp, c.amount_minor, c.currency_code, c.wallet_type, c.enough_minor, c.valid_start, c.valid_end, c.max_use, c.grant_on, c.active,
              count(u.user_id)::int as holders, coalesce(sum(u.used_times), 0)::int as uses
         from coupons c left join user_coupons u on u.coupon_id = c.id group by c.id order by c.valid_end desc, c.id desc limit 500`,
    );
    return r.rows;
  },

  async exists(q: Queryable, code: string): Promise<boolean> {
    return (await q.query('select 1 from coupons where code = $1', [code])).rows.length > 0;
  },

  async create(q: Queryable, c: NewCoupon): Promise<number> {
    const r = await q.query<{ id: number }>(
      `insert into coupons (code, name, discount_type, type, percent_bp, amount_minor, currency_code, wallet_type, enough_minor, valid_start, valid_end, max_use, grant_on)
       values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13) returning id`,
      [c.code, c.name, c.discountType, c.type, c.percentBp, c.amountMinor, c.currency, c.walletType, c.enoughMinor, c.validFrom, c.validUntil, c.maxUse, c.grantOn],
    );
    return r.rows[0]!.id;
  },

  async byCode(q: Queryable, code: string) {
    return (await q.query<{ id: number; name: string; active: boolean; valid_end: Date }>('select id, name, active, valid_end from coupons where code = $1', [code])).rows[0];
  },

  /** Of these users, the active ones. */
  async activeUsers(q: Queryable, userIds: number[]): Promise<number[]> {
    return (await q.query<{ id: number }>("select id from users where id = any($1::int[]) and status = 'active'", [userIds])).rows.map((u) => u.id);
  },
};
