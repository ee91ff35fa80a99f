// The SQL of paying withdrawals out (finance's screens): the queue, a send claimed under its row
// lock, a bank-upload export, and the checks that keep money from a frozen or unverified seller.
// `gated` is the countries where withdrawing needs a verified identity.
import type { Queryable } from '../../db/db.js';
import type { WithdrawRow } from './repo.js';

/** SQL: the seller (u, country c) must verify to be paid and has not; `param` holds the gated countries. */
const unverified = (param: string) => `(u.kyc_level = 0 and c.short_name = any(${param}::text[]))`;

export type PayoutRow = WithdrawRow & { bank_code: string };

export const payoutRepo = {
  /** Pending and processing withdrawals, oldest first, with what stops paying their seller. */
  async open(q: Queryable, gated: string[]) {
    const r = await q.query<WithdrawRow & { user_frozen: boolean; user_unverified: boolean }>(
      `select w.*, u.withdrawals_frozen_at is not null as user_frozen, ${unverified('$1')} as user_unverified
         from withdrawals w join users u on u.id = w.user_id join countries c on c.id = u.country_id
        where w.status in ('pending', 'processing') order by w.created_at, w.id limit 100`,
      [gated],
    );
    return r.rows;
  },

  /** A withdrawal locked for sending, with its bank's code and its seller's state. */
  async lockForSend(q: Queryable, withdrawNo: string, gated: string[]) {
    const r = await q.query<PayoutRow & { frozen: boolean; unverified: boolean }>(
      `select w.*, b.code as bank_code, u.withdrawals_frozen_at is not null as frozen, ${unverified('$2')} as unverified
         from withdrawals w join payout_accounts p on p.id = w.payout_account_id join banks b on b.id = p.bank_id ` +
        `join users u on u.id = w.user_id join countries c on c.id = u.country_id
        where w.withdraw_no = $1 for update of w`,
      [withdrawNo, gated],
    );
    return r.rows[0];
  },

  async markSending(q: Queryable, id: bigint, channel: string, by: string): Promise<void> {
    await q.query(
      "update withdrawals set status = 'processing', payout_channel = $2, sent_at = now(), sent_by = $3 where id = $1",
      [id, channel, by],
    );
  },

  async setProviderRef(q: Queryable, id: bigint, providerRef: string): Promise<void> {
    await q.query('update withdrawals set provider_ref = $2 where id = $1', [id, providerRef]);
  },

  /** A send the provider refused: nothing went out, the withdrawal waits for another way. */
  async sendRefused(q: Queryable, id: bigint): Promise<void> {
    await q.query(
      "update withdrawals set status = 'pending', payout_channel = '', sent_at = null, sent_by = '' where id = $1 " +
        "and status = 'processing'",
      [id],
    );
  },

  /** A withdrawal by its number, locked (a provider's webhook settles it). */
  async lockByNo(q: Queryable, withdrawNo: string): Promise<WithdrawRow | undefined> {
    return (await q.query<WithdrawRow>('select * from withdrawals where withdraw_no = $1 for update', [withdrawNo]))
      .rows[0];
  },

  async byId(q: Queryable, id: bigint): Promise<WithdrawRow> {
    return (await q.query<WithdrawRow>('select * from withdrawals where id = $1', [id])).rows[0]!;
  },

  /**
   * Takes every pending withdrawal of a currency and method whose seller may be paid, oldest first,
   * for a bank upload: they are processing from now on (rows another export has locked are skipped).
   */
  async takeForExport(
    q: Queryable,
    currency: string,
    method: string,
    gated: string[],
    by: string,
  ): Promise<PayoutRow[]> {
    const r = await q.query<PayoutRow>(
      `select w.*, b.code as bank_code from withdrawals w join payout_accounts p on p.id = w.payout_account_id join ` +
        `banks b on b.id = p.bank_id
         join users u on u.id = w.user_id join countries c on c.id = u.country_id
        where w.status = 'pending' and w.currency_code = $1 and w.method = $2 and u.withdrawals_frozen_at is null ` +
        `and not ${unverified('$3')}
        order by w.created_at, w.id for update of w skip locked`,
      [currency, method, gated],
    );
    if (r.rows.length)
      await q.query(
        "update withdrawals set status = 'processing', payout_channel = 'bank_upload', sent_at = now(), sent_by = " +
          '$2 where id = any($1::bigint[])',
        [r.rows.map((w) => w.id), by],
      );
    return r.rows;
  },

  /** The seller's state, their row shared-locked (a freeze waits on it) while a withdrawal is settled as paid. */
  async sellerForSettle(q: Queryable, withdrawNo: string, gated: string[]) {
    const r = await q.query<{ frozen: boolean; unverified: boolean }>(
      `select u.withdrawals_frozen_at is not null as frozen, ${unverified('$2')} as unverified
         from withdrawals w join users u on u.id = w.user_id join countries c on c.id = u.country_id where ` +
        `w.withdraw_no = $1 for share of u`,
      [withdrawNo, gated],
    );
    return r.rows[0];
  },
};
