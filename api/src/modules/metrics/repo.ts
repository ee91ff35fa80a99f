// The SQL the metrics read at scrape time: each a small aggregate over a partial index
// or a small table, bounded by the caller.
import { ORDER_STATUS } from '@giftlane/shared-sdk/statuses';
import type { Queryable } from '../../db/db.js';
import { JOBS_SCHEMA } from '../jobs/jobs.js';

export const metricsRepo = {
  /** Jobs ready to run (not scheduled for later) per queue, and how long the oldest has waited. */
  async jobQueues(q: Queryable) {
    const r = await q.query<{ name: string; ready: number; oldest_s: number }>(
      `select name, count(*)::int as ready,
              coalesce(extract(epoch from now() - min(start_after)), 0)::float8 as oldest_s
         from ${JOBS_SCHEMA}.job where state in ('created', 'retry') and start_after <= now() group by name`,
    );
    return r.rows;
  },

  /** Dead letters not retried yet, per job. */
  async deadLetters(q: Queryable) {
    const r = await q.query<{ job_name: string; n: number }>(
      'select job_name, count(*)::int as n from dead_jobs where retried_at is null group by job_name',
    );
    return r.rows;
  },

  /** Messages not sent yet (pending, being sent, failed and waiting for a retry) per channel. */
  async outboxBacklog(q: Queryable) {
    const r = await q.query<{ channel: string; n: number; oldest_s: number }>(
      `select channel, count(*)::int as n, coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as oldest_s
         from outbox where status in ('pending', 'sending', 'failed') group by channel`,
    );
    return r.rows;
  },

  /** Orders waiting for a reviewer and the oldest wait. */
  async reviewQueue(q: Queryable) {
    const r = await q.query<{ n: number; oldest_s: number }>(
      `select count(*)::int as n, coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as oldest_s
         from orders where status = $1`,
      [ORDER_STATUS.pending],
    );
    return r.rows[0] ?? { n: 0, oldest_s: 0 };
  },

  /** Withdrawals not settled yet, per rail (bank, mobile money, USDT), status and currency. */
  async openWithdrawals(q: Queryable) {
    const r = await q.query<{ method: string; status: string; currency_code: string; n: number; amount_minor: bigint }>(
      `select method, status, currency_code, count(*)::int as n, sum(amount_minor) as amount_minor
         from withdrawals where status in ('pending', 'processing') group by method, status, currency_code`,
    );
    return r.rows;
  },

  /** Sellers' balances per currency and wallet (the running balances), and the money held for withdrawals. */
  async ledgerTotals(q: Queryable) {
    const balances = await q.query<{ currency_code: string; kind: string; total: bigint }>(
      `select currency_code, kind, sum(balance_minor) as total from ledger_accounts
        where user_id is not null group by currency_code, kind`,
    );
    const held = await q.query<{ currency_code: string; total: bigint }>(
      `select a.currency_code, sum(h.amount_minor) as total
         from ledger_holds h join ledger_accounts a on a.id = h.account_id
        where h.status = 'held' group by a.currency_code`,
    );
    return { balances: balances.rows, held: held.rows };
  },

  /** The sum of every posting per currency: 0 when the books balance (the ledger check's first rule). */
  async ledgerImbalance(q: Queryable) {
    const r = await q.query<{ currency_code: string; total: bigint }>(
      `select a.currency_code, coalesce(sum(p.amount_minor), 0) as total
         from ledger_accounts a left join ledger_postings p on p.account_id = a.id group by a.currency_code`,
    );
    return r.rows;
  },
};
