// The SQL of the wallet: the money log is the user's ledger postings, with the order or withdrawal
// each one belongs to.
import type { Queryable } from '../../db/db.js';
import type { WithdrawRow } from '../withdraw/repo.js';
import { ORDER_STATUS } from '@giftlane/shared-sdk/statuses';

export interface LogRow {
  id: bigint;
  account_id: bigint;
  amount_minor: bigint;
  balance_after_minor: bigint;
  created_at: Date;
  kind: string;
  memo: string;
  currency_code: string;
  order_no: string | null;
  order_image: string | null;
  order_amount_minor: bigint | null;
  vip_bp: number | null;
  w_no: string | null;
  w_status: WithdrawRow['status'] | null;
  w_fee: bigint | null;
  w_amount: bigint | null;
  w_bank: string | null;
  w_account_no: string | null;
  w_account_name: string | null;
  w_created: Date | null;
  w_settled: Date | null;
  w_reason: string | null;
  w_reference: string | null;
  w_wallet_type: number | null;
  bank_logo: string | null;
  w_promised: Date | null;
}

const LOG_SELECT =
  `
  select p.id, p.account_id, p.amount_minor, p.balance_after_minor, p.created_at, j.kind, j.memo, a.currency_code,
         o.order_no, o.images->>0 as order_image, o.amount_minor as order_amount_minor, o.vip_bp,
         w.withdraw_no as w_no, w.status as w_status, w.fee_minor as w_fee, w.amount_minor as w_amount, w.bank_name ` +
  `as w_bank,
         w.account_no as w_account_no, w.account_name as w_account_name, w.created_at as w_created, w.settled_at as ` +
  `w_settled,
         w.fail_reason as w_reason, w.reference as w_reference, w.wallet_type as w_wallet_type, b.logo as bank_logo,
         w.promised_at as w_promised
    from ledger_postings p
    join ledger_accounts a on a.id = p.account_id
    join ledger_journals j on j.id = p.journal_id
    left join ledger_holds h on h.hold_journal_id = j.id or h.settle_journal_id = j.id
    left join withdrawals w on w.hold_id = h.id
    left join payout_accounts pa on pa.id = w.payout_account_id
    left join banks b on b.id = pa.bank_id
    left join orders o on j.ref_type = 'order' and o.id::text = j.ref_id`;

export const walletRepo = {
  /** A page of one cash wallet's log, newest first; kinds: the journal kinds to keep (null: all). */
  async cashLog(
    q: Queryable,
    userId: number,
    currency: string,
    kinds: string[] | null,
    page: number,
    size: number,
  ): Promise<LogRow[]> {
    const r = await q.query<LogRow>(
      `${LOG_SELECT} where a.user_id = $1 and a.kind = 'cash' and a.currency_code = $2 and ($3::text[] is null or ` +
        `j.kind = any($3::text[]))
        order by p.id desc offset $4 limit $5`,
      [userId, currency, kinds, page * size, size],
    );
    return r.rows;
  },

  async logEntry(q: Queryable, userId: number, postingId: number): Promise<LogRow | undefined> {
    return (await q.query<LogRow>(`${LOG_SELECT} where p.id = $1 and a.user_id = $2`, [postingId, userId])).rows[0];
  },

  /** What keeps an account from closing: money in it, a withdrawal held, an order being checked. */
  async openMoney(q: Queryable, userId: number): Promise<{ balance: boolean; held: boolean; orders: boolean }> {
    // One after another: q may be a transaction's single connection.
    const balance = await q.query('select 1 from ledger_accounts where user_id = $1 and balance_minor > 0 limit 1', [
      userId,
    ]);
    const held = await q.query(
      'select 1 from ledger_holds h join ledger_accounts a on a.id = h.account_id where a.user_id = $1 and h.status ' +
        "= 'held' limit 1",
      [userId],
    );
    const orders = await q.query('select 1 from orders where user_id = $1 and status = $2 limit 1', [
      userId,
      ORDER_STATUS.pending,
    ]);
    return { balance: balance.rows.length > 0, held: held.rows.length > 0, orders: orders.rows.length > 0 };
  },
};
