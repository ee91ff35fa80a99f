// The SQL of delay compensation: the promised minutes of an order's card, the compensation rows,
// and the breach mark that lets a seller be told once that an order or withdrawal passed its promise.
import type { Queryable } from '../../db/db.js';
import { ORDER_STATUS } from '@giftlane/shared-sdk/statuses';

export type DelaySubject = 'order' | 'withdrawal';

export interface DelayCompensationRow {
  id: bigint;
  subject: DelaySubject;
  subject_id: bigint;
  user_id: number;
  currency_code: string;
  promised_at: Date;
  answered_at: Date;
  minutes_late: number;
  percent: string;
  base_minor: bigint;
  amount_minor: bigint;
  journal_id: bigint;
  created_at: Date;
}

/** What a compensation or a breach notice needs of its order or withdrawal. */
export interface DelayTarget {
  id: bigint;
  no: string;
  user_id: number;
  currency_code: string;
  promised_at: Date | null;
}

export const delayRepo = {
  /** The minutes the catalog promises for a card (its category's), or undefined for an unknown card. */
  async cardMinutes(q: Queryable, cardId: number): Promise<number | undefined> {
    const r = await q.query<{ m: number }>(
      'select k.timeout_minutes as m from cards c join card_categories k on k.id = c.category_id where c.id = $1',
      [cardId],
    );
    return r.rows[0]?.m;
  },

  /** The transaction's time: the moment a decision or payment made in it is answered. */
  async now(q: Queryable): Promise<Date> {
    return (await q.query<{ now: Date }>('select now() as now')).rows[0]!.now;
  },

  async order(q: Queryable, orderNo: string): Promise<DelayTarget | undefined> {
    return (
      await q.query<DelayTarget>(
        'select id, order_no as no, user_id, currency_code, promised_at from orders where order_no = $1',
        [orderNo],
      )
    ).rows[0];
  },

  async withdrawal(q: Queryable, withdrawNo: string): Promise<DelayTarget | undefined> {
    return (
      await q.query<DelayTarget>(
        'select id, withdraw_no as no, user_id, currency_code, promised_at from withdrawals where withdraw_no = $1',
        [withdrawNo],
      )
    ).rows[0];
  },

  async of(q: Queryable, subject: DelaySubject, id: bigint): Promise<DelayCompensationRow | undefined> {
    return (
      await q.query<DelayCompensationRow>('select * from delay_compensations where subject = $1 and subject_id = $2', [
        subject,
        id,
      ])
    ).rows[0];
  },

  async insert(q: Queryable, c: Omit<DelayCompensationRow, 'id' | 'created_at'>): Promise<DelayCompensationRow> {
    const r = await q.query<DelayCompensationRow>(
      `insert into delay_compensations (subject, subject_id, user_id, currency_code, promised_at, answered_at,
         minutes_late, percent, base_minor, amount_minor, journal_id)
       values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11) returning *`,
      [
        c.subject,
        c.subject_id,
        c.user_id,
        c.currency_code,
        c.promised_at,
        c.answered_at,
        c.minutes_late,
        c.percent,
        c.base_minor,
        c.amount_minor,
        c.journal_id,
      ],
    );
    return r.rows[0] as DelayCompensationRow;
  },

  /** The compensation as a step of the order's timeline. */
  async addOrderEvent(q: Queryable, orderId: bigint, note: string): Promise<void> {
    await q.query("insert into order_events (order_id, status, note, actor) values ($1, 'compensated', $2, 'system')", [
      orderId,
      note,
    ]);
  },

  /**
   * Marks that the seller was told an order passed its promise, once, and only while it is still
   * undecided: answers the order, or undefined (decided, or told already).
   */
  async markOrderBreach(q: Queryable, id: bigint): Promise<DelayTarget | undefined> {
    return (
      await q.query<DelayTarget>(
        `update orders set breach_noticed_at = now()
          where id = $1 and breach_noticed_at is null and status = $2 and promised_at is not null
            -- An offer sent is our answer: the wait since is the seller's, not ours.
            and not exists (select 1 from order_offers f where f.order_id = orders.id)
          returning id, order_no as no, user_id, currency_code, promised_at`,
        [id, ORDER_STATUS.pending],
      )
    ).rows[0];
  },

  /** The same for a withdrawal still pending or with the bank. */
  async markWithdrawalBreach(q: Queryable, id: bigint): Promise<DelayTarget | undefined> {
    return (
      await q.query<DelayTarget>(
        `update withdrawals set breach_noticed_at = now()
          where id = $1 and breach_noticed_at is null and status in ('pending', 'processing')
            and promised_at is not null
          returning id, withdraw_no as no, user_id, currency_code, promised_at`,
        [id],
      )
    ).rows[0];
  },

  /** Outside production only (the e2e suite): moves a promise `minutes` into the past. */
  async movePromise(q: Queryable, subject: DelaySubject, no: string, minutes: number): Promise<boolean> {
    const r = await q.query(
      subject === 'order'
        ? 'update orders set promised_at = now() - make_interval(mins => $2) where order_no = $1 returning id'
        : 'update withdrawals set promised_at = now() - make_interval(mins => $2) where withdraw_no = $1 returning id',
      [no, minutes],
    );
    return r.rows.length > 0;
  },
};
