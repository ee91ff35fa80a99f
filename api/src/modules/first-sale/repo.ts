import type { Queryable } from '../../db/db.js';

/** Where a seller stands on the way to a first payout, read in one query. */
export interface FirstStepsRow {
  pin_set: boolean;
  payout_accounts: number;
  has_order: boolean;
  paid_out: boolean;
}

export const firstSaleRepo = {
  async steps(q: Queryable, userId: number, paidStatus: string): Promise<FirstStepsRow | undefined> {
    const r = await q.query<FirstStepsRow>(
      `select u.tpassword_hash is not null as pin_set,
              (select count(*)::int from payout_accounts p where p.user_id = u.id and p.deleted_at is null)
                as payout_accounts,
              exists (select 1 from orders o where o.user_id = u.id) as has_order,
              exists (select 1 from withdrawals w where w.user_id = u.id and w.status = $2) as paid_out
         from users u where u.id = $1`,
      [userId, paidStatus],
    );
    return r.rows[0];
  },
};
