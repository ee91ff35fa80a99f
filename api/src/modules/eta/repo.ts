import type { Queryable } from '../../db/db.js';

/** A seller's order as the estimate needs it: its card family (null for an order sent without a card). */
export interface OrderWaitRow {
  order_no: string;
  status: number;
  created_at: Date;
  finished_at: Date | null;
  category_id: number | null;
  family: string | null;
  /** The family's usual time, as the catalog shows it. */
  timeout_minutes: number | null;
}

/** A seller's withdrawal as the estimate needs it, with the rail its money travels on. */
export interface WithdrawalWaitRow {
  withdraw_no: string;
  status: 'pending' | 'processing' | 'paid' | 'failed';
  created_at: Date;
  settled_at: Date | null;
  rail: string;
  rail_name: string | null;
  delay_message: string | null;
}

/**
 * One recent decision or payment: from submission to the end, and the time staff held it (null: never claimed or sent).
 */
export interface DoneTimeRow {
  total_s: number;
  handling_s: number | null;
}

export interface FamilyRow {
  id: number;
  name: string;
  timeout_minutes: number;
}

export interface RailRow {
  code: string;
  method: 'BANK' | 'MOMO' | 'USDT';
  name: string;
  delay_message: string;
  marked_by: number | null;
  marked_at: Date | null;
}

export interface RailQueueRow {
  rail: string;
  waiting: number;
  overdue: number;
  /** When the first of its late payouts passed its promise (null when none is late). */
  late_since: Date | null;
}

/** The withdrawals still to be paid, on their rails. */
const OPEN_WITHDRAWALS =
  `withdrawals w join payout_accounts pa on pa.id = w.payout_account_id join banks b on b.id ` + `= pa.bank_id`;
const OPEN = `w.status in ('pending', 'processing')`;
const PAID = `w.status = 'paid'`;
const seconds = (to: string, from: string) => `extract(epoch from (${to} - ${from}))::float8`;

export const etaRepo = {
  async ordersOf(q: Queryable, userId: number, orderNos: string[]): Promise<OrderWaitRow[]> {
    const r = await q.query<OrderWaitRow>(
      `select o.order_no, o.status, o.created_at, o.finished_at, c.category_id, k.name as family, k.timeout_minutes
         from orders o left join cards c on c.id = o.card_id left join card_categories k on k.id = c.category_id
        where o.user_id = $1 and o.order_no = any($2::text[])`,
      [userId, orderNos],
    );
    return r.rows;
  },

  /** Open orders submitted before `before`: of one family, or every open order for an order without a card. */
  async ordersAhead(q: Queryable, a: { pending: number; categoryId: number | null; before: Date }): Promise<number> {
    const r =
      a.categoryId === null
        ? await q.query<{ n: number }>('select count(*)::int as n from orders where status = $1 and created_at < $2', [
            a.pending,
            a.before,
          ])
        : await q.query<{ n: number }>(
            `select count(*)::int as n from orders
              where status = $1 and created_at < $2 and card_id in (select id from cards where category_id = $3)`,
            [a.pending, a.before, a.categoryId],
          );
    return r.rows[0]?.n ?? 0;
  },

  /**
   * The newest decisions since `since` (of a family, or of every order), newest first. A family's are
   * read card by card through (card_id, finished_at), at most `limit` each, so the work stays bounded
   * by the family's cards however many orders the table holds.
   */
  async decisionTimes(
    q: Queryable,
    a: { categoryId: number | null; since: Date; limit: number },
  ): Promise<DoneTimeRow[]> {
    const cols = (o: string) =>
      `${seconds(`${o}.finished_at`, `${o}.created_at`)} as total_s, ` +
      `${seconds(`${o}.finished_at`, `${o}.claimed_at`)} as handling_s`;
    const r =
      a.categoryId === null
        ? await q.query<DoneTimeRow>(
            `select ${cols('o')} from orders o where o.finished_at is not null and o.finished_at > $1
              order by o.finished_at desc limit $2`,
            [a.since, a.limit],
          )
        : await q.query<DoneTimeRow>(
            `select d.total_s, d.handling_s from cards c cross join lateral (
               select o.finished_at, ${cols('o')} from orders o
                where o.card_id = c.id and o.finished_at is not null and o.finished_at > $1
                order by o.finished_at desc limit $2) d
              where c.category_id = $3
              order by d.finished_at desc limit $2`,
            [a.since, a.limit, a.categoryId],
          );
    return r.rows;
  },

  /** The active card families, in the catalog's order. */
  async families(q: Queryable): Promise<FamilyRow[]> {
    const r = await q.query<FamilyRow>(
      'select id, name, timeout_minutes from card_categories where active order by sort, id',
    );
    return r.rows;
  },

  /** Open orders per family. */
  async familyQueues(q: Queryable, pending: number): Promise<Map<number, number>> {
    const r = await q.query<{ category_id: number; n: number }>(
      `select c.category_id, count(*)::int as n from orders o join cards c on c.id = o.card_id
        where o.status = $1 group by c.category_id`,
      [pending],
    );
    return new Map(r.rows.map((x) => [x.category_id, x.n]));
  },

  /** Up to `limit` newest decisions since `since` per family (read card by card, as above). */
  async familyDecisionTimes(
    q: Queryable,
    a: { since: Date; limit: number },
  ): Promise<Array<{ category_id: number; total_s: number }>> {
    const r = await q.query<{ category_id: number; total_s: number }>(
      `select category_id, total_s from (
         select c.category_id, d.total_s, row_number() over (partition by c.category_id order by d.finished_at ` +
        `desc) as n
           from cards c cross join lateral (
             select o.finished_at, ${seconds('o.finished_at', 'o.created_at')} as total_s from orders o
              where o.card_id = c.id and o.finished_at is not null and o.finished_at > $1
              order by o.finished_at desc limit $2) d) x
        where n <= $2`,
      [a.since, a.limit],
    );
    return r.rows;
  },

  async withdrawalsOf(q: Queryable, userId: number, withdrawNos: string[]): Promise<WithdrawalWaitRow[]> {
    const r = await q.query<WithdrawalWaitRow>(
      `select w.withdraw_no, w.status, w.created_at, w.settled_at, b.rail, r.name as rail_name, r.delay_message
         from ${OPEN_WITHDRAWALS} left join payout_rails r on r.code = b.rail
        where w.user_id = $1 and w.withdraw_no = any($2::text[])`,
      [userId, withdrawNos],
    );
    return r.rows;
  },

  /** Withdrawals still to be paid on a rail, made before `before`. */
  async payoutsAhead(q: Queryable, a: { rail: string; before: Date }): Promise<number> {
    const r = await q.query<{ n: number }>(
      `select count(*)::int as n from ${OPEN_WITHDRAWALS} where ${OPEN} and w.created_at < $2 and b.rail = $1`,
      [a.rail, a.before],
    );
    return r.rows[0]?.n ?? 0;
  },

  /** The newest payments on a rail since `since`, newest first. */
  async payoutTimes(q: Queryable, a: { rail: string; since: Date; limit: number }): Promise<DoneTimeRow[]> {
    const r = await q.query<DoneTimeRow>(
      `select ${seconds('w.settled_at', 'w.created_at')} as total_s, ${seconds('w.settled_at', 'w.sent_at')} as ` +
        `handling_s
         from ${OPEN_WITHDRAWALS}
        where ${PAID} and w.settled_at > $2 and b.rail = $1 order by w.settled_at desc limit $3`,
      [a.rail, a.since, a.limit],
    );
    return r.rows;
  },

  async rails(q: Queryable): Promise<RailRow[]> {
    const r = await q.query<RailRow>(
      'select code, method, name, delay_message, marked_by, marked_at from payout_rails order by sort, code',
    );
    return r.rows;
  },

  /**
   * Open withdrawals per rail: how many, how many are past the time promised to their seller (a
   * withdrawal made before promises were stored: `promiseMinutes` after it was made), and since when.
   */
  async railQueues(q: Queryable, a: { now: Date; promiseMinutes: number }): Promise<RailQueueRow[]> {
    const promise = 'coalesce(w.promised_at, w.created_at + make_interval(mins => $2))';
    const r = await q.query<RailQueueRow>(
      `select b.rail, count(*)::int as waiting, (count(*) filter (where ${promise} < $1))::int as overdue,
              min(${promise}) filter (where ${promise} < $1) as late_since
         from ${OPEN_WITHDRAWALS} where ${OPEN} group by b.rail`,
      [a.now, a.promiseMinutes],
    );
    return r.rows;
  },

  /** Up to `limit` newest payments since `since` per rail. */
  async railPayoutTimes(
    q: Queryable,
    a: { since: Date; limit: number },
  ): Promise<Array<{ rail: string; total_s: number }>> {
    const r = await q.query<{ rail: string; total_s: number }>(
      `select rail, total_s from (
         select b.rail, ${seconds('w.settled_at', 'w.created_at')} as total_s,
                row_number() over (partition by b.rail order by w.settled_at desc) as n
           from ${OPEN_WITHDRAWALS} where ${PAID} and w.settled_at > $1) d
        where n <= $2`,
      [a.since, a.limit],
    );
    return r.rows;
  },

  /** One rail, locked until the transaction ends (a mark and its audit row are one change). */
  async railForUpdate(q: Queryable, code: string): Promise<RailRow | undefined> {
    const r = await q.query<RailRow>(
      'select code, method, name, delay_message, marked_by, marked_at from payout_rails where code = $1 for update',
      [code],
    );
    return r.rows[0];
  },

  /** Sets or clears (an empty message) what staff say about a rail. */
  async setRailMessage(q: Queryable, a: { code: string; message: string; staffId: number }): Promise<RailRow> {
    const r = await q.query<RailRow>(
      `update payout_rails set delay_message = $2, marked_by = $3, marked_at = case when $2 = '' then null else ` +
        `now() end
        where code = $1 returning code, method, name, delay_message, marked_by, marked_at`,
      [a.code, a.message, a.staffId],
    );
    return r.rows[0]!;
  },

  /** What staff say about each rail now (rails with a message only). */
  async railMessages(q: Queryable): Promise<Map<string, string>> {
    const r = await q.query<{ code: string; delay_message: string }>(
      `select code, delay_message from payout_rails where delay_message <> ''`,
    );
    return new Map(r.rows.map((x) => [x.code, x.delay_message]));
  },
};
