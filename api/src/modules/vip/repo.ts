// The SQL of VIP: a user's experience and level, the log of what raised it, and the bonuses paid.
import type { Queryable } from '../../db/db.js';
import { ORDER_CREDITED } from '@giftlane/shared-sdk/statuses';

export interface VipLogRow {
  id: bigint;
  user_id: number;
  exp: bigint;
  after_exp: bigint;
  type: number;
  memo: string;
  source: string;
  order_no: string | null;
  created_at: Date;
}

export const vipRepo = {
  async standing(q: Queryable, userId: number) {
    return (
      await q.query<{ vip_level: number; vip_exp: bigint; country_id: number }>(
        'select vip_level, vip_exp, country_id from users where id = $1',
        [userId],
      )
    ).rows[0];
  },

  /** VIP, amount-ladder and first-order bonuses of the user's credited orders, per currency. */
  async bonusTotals(q: Queryable, userId: number): Promise<Map<string, bigint>> {
    const r = await q.query<{ currency_code: string; total: bigint }>(
      `select currency_code, coalesce(sum(vip_bonus_minor + reach_amount_bonus_minor + first_order_bonus_minor), ` +
        `0)::bigint as total
         from orders where user_id = $1 and status = any($2::smallint[]) group by currency_code`,
      [userId, ORDER_CREDITED],
    );
    return new Map(r.rows.map((t) => [t.currency_code, t.total]));
  },

  async log(q: Queryable, userId: number, page: number, size: number): Promise<VipLogRow[]> {
    return (
      await q.query<VipLogRow>('select * from vip_log where user_id = $1 order by id desc offset $2 limit $3', [
        userId,
        page * size,
        size,
      ])
    ).rows;
  },

  /** Adds experience; answers the new total and the level before. */
  async addExp(q: Queryable, userId: number, exp: bigint, orderNo: string) {
    const row = (
      await q.query<{ vip_exp: bigint; vip_level: number }>(
        'update users set vip_exp = vip_exp + $2 where id = $1 returning vip_exp, vip_level',
        [userId, exp],
      )
    ).rows[0];
    if (row) {
      await q.query(
        'insert into vip_log (user_id, exp, after_exp, type, memo, source, order_no) values ($1,$2,$3,1,$4,$5,$6)',
        [userId, exp, row.vip_exp, `Order ${orderNo}`, 'Completed order', orderNo],
      );
    }
    return row;
  },

  async setLevel(q: Queryable, userId: number, level: number): Promise<void> {
    await q.query('update users set vip_level = $2 where id = $1', [userId, level]);
  },
};
