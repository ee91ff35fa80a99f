// The SQL of the catalog as sellers read it: the active cards with the rate in force in a payout
// currency, the categories, and when the next scheduled rate change takes effect.
import type { Queryable } from '../../db/db.js';
import { ORDER_CREDITED, ORDER_STATUS } from '@giftlane/shared-sdk/statuses';

export interface CardRow {
  id: number;
  category_id: number;
  category_name: string;
  category_slug: string;
  category_logo: string;
  category_icon: string;
  category_intro: string;
  timeout_minutes: number;
  category_sort: number;
  sticky: boolean;
  currency_code: string;
  form_code: string;
  form_name: string;
  min_face: number;
  max_face: number;
  sort: number;
  rate_minor: bigint;
  usdt_rate_minor: bigint;
}

/** The latest change in effect for a card and payout currency at `at` (SQL, for a lateral join). */
export const RATE_IN_FORCE = (card: string, currency: string, at = 'now()') =>
  `select new_rate_minor from card_rate_changes x where x.card_id = ${card} and x.currency_code = ${currency} and ` +
  `x.cancelled_at is null and x.effective_at <= ${at} order by x.effective_at desc, x.id desc limit 1`;

/** The NOTIFY channel a rate change is announced on, to every api process. */
export const CATALOG_CHANNEL = 'catalog_changed';

export const catalogRepo = {
  /** The active card categories, pinned ones first. */
  async categories(q: Queryable): Promise<{ id: number; name: string }[]> {
    return (
      await q.query<{ id: number; name: string }>(
        'select id, name from card_categories where active order by sticky desc, sort',
      )
    ).rows;
  },

  /** When the next scheduled rate change takes effect (epoch ms), if one is scheduled. */
  async nextChange(q: Queryable): Promise<number | null> {
    const r = await q.query<{ at: Date | null }>(
      'select min(effective_at) as at from card_rate_changes where cancelled_at is null and effective_at > now()',
    );
    return r.rows[0]?.at ? r.rows[0].at.getTime() : null;
  },

  /** Every active card with its base rate (in force now) in the payout currency and in USDT. */
  async cards(q: Queryable, payoutCurrency: string): Promise<CardRow[]> {
    const r = await q.query<CardRow>(
      `select c.id, c.category_id, k.name as category_name, k.slug as category_slug, k.logo as category_logo, ` +
        `k.icon as category_icon,
              k.introduction as category_intro, k.timeout_minutes, k.sort as category_sort, k.sticky,
              c.currency_code, c.form_code, f.name as form_name, c.min_face, c.max_face, c.sort,
              coalesce(rc.new_rate_minor, r.rate_minor) as rate_minor, coalesce(uc.new_rate_minor, u.rate_minor) as ` +
        `usdt_rate_minor
         from cards c
         join card_categories k on k.id = c.category_id and k.active
         join card_forms f on f.code = c.form_code
         join card_rates r on r.card_id = c.id and r.currency_code = $1
         join card_rates u on u.card_id = c.id and u.currency_code = 'USDT'
         left join lateral (${RATE_IN_FORCE('c.id', '$1')}) rc on true
         left join lateral (${RATE_IN_FORCE('c.id', "'USDT'")}) uc on true
        where c.active
        order by k.sticky desc, k.sort, c.currency_code <> 'USD', c.currency_code, c.sort`,
      [payoutCurrency],
    );
    return r.rows;
  },

  /** Whether the seller has an order that credited their wallet. */
  async hasCreditedOrder(q: Queryable, userId: number): Promise<boolean> {
    const r = await q.query('select 1 from orders where user_id = $1 and status = any($2::smallint[]) limit 1', [
      userId,
      ORDER_CREDITED,
    ]);
    return r.rows.length > 0;
  },

  /** Whether the seller has an order still in review (it would be the first paid one before a new order). */
  async hasOrderInReview(q: Queryable, userId: number): Promise<boolean> {
    const r = await q.query('select 1 from orders where user_id = $1 and status = $2 limit 1', [
      userId,
      ORDER_STATUS.pending,
    ]);
    return r.rows.length > 0;
  },
};
