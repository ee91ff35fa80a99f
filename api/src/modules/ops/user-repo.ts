// The SQL of support's view of a seller: the search, the profile with its money, orders,
// withdrawals, sessions and security events, and the freezes and holds staff lift or set.
import type { Queryable } from '../../db/db.js';
import { ORDER_STATUS } from '@giftlane/shared-sdk/statuses';

export const supportRepo = {
  /**
   * Users matching a term: an e-mail or username, a phone or WhatsApp number (its last digits, as
   * written locally or internationally), a user id, or an order or withdrawal number. 20 at most.
   */
  /** Users matching the term; `ref`, when the term reads as one, also finds whose failed request it was. */
  async find(q: Queryable, term: string, ref?: string) {
    const digits = term.replace(/[^\d]/g, '');
    const national = digits.replace(/^0+/, '');
    const r = await q.query(
      `select u.id, u.username, u.email, u.whatsapp, u.phone, u.nickname, u.country_id, u.status, u.vip_level, ` +
        `u.created_at, u.last_login_at,
              u.withdrawals_frozen_at is not null as withdrawals_frozen
         from users u
        where lower(u.email) = lower($1) or lower(u.username) = lower($1)
           or (length($3) >= 7 and (regexp_replace(coalesce(u.whatsapp, ''), '\\D', '', 'g') like '%' || $3 or ` +
        `regexp_replace(coalesce(u.phone, ''), '\\D', '', 'g') like '%' || $3))
           or ($2 <> '' and length($2) <= 9 and $2 = $1 and u.id = $2::int)
           or u.id = (select user_id from orders where order_no = upper($1))
           or u.id = (select user_id from withdrawals where withdraw_no = upper($1))
           or u.id in (select user_id from request_refs where ref = $4 and user_id is not null)
        order by u.id limit 20`,
      [term, digits, national, ref ?? ''],
    );
    return r.rows;
  },

  async profile(q: Queryable, id: number) {
    const r = await q.query(
      `select id, username, email, email_verified, whatsapp, whatsapp_verified, phone, nickname, country_id, ` +
        `status, vip_level, vip_exp::text, register_type,
              referrer_id, created_at, last_login_at, closed_at, withdraw_hold_until, withdraw_hold_reason, ` +
        `withdrawals_frozen_at, withdrawals_frozen_reason,
              tpassword_hash is not null as has_pin, kyc_level, kyc_name
         from users where id = $1`,
      [id],
    );
    return r.rows[0];
  },

  /**
   * The seller's accounts, latest 100 ledger entries, 50 orders and withdrawals, 30 sessions and 50 security notices.
   */
  async activity(q: Queryable, id: number) {
    const [accounts, entries, orders, withdrawals, sessions, security] = await Promise.all([
      q.query<{ kind: string; currency_code: string; balance_minor: bigint }>(
        'select kind, currency_code, balance_minor from ledger_accounts where user_id = $1 order by kind, ' +
          'currency_code',
        [id],
      ),
      q.query<{
        id: bigint;
        kind: string;
        memo: string;
        actor: string;
        account: string;
        currency_code: string;
        amount_minor: bigint;
        balance_after_minor: bigint;
        created_at: Date;
      }>(
        `select p.id, j.kind, j.memo, j.actor, a.kind as account, a.currency_code, p.amount_minor, ` +
          `p.balance_after_minor, p.created_at
           from ledger_postings p join ledger_accounts a on a.id = p.account_id join ledger_journals j on j.id = ` +
          `p.journal_id
          where a.user_id = $1 order by p.id desc limit 100`,
        [id],
      ),
      q.query<{
        order_no: string;
        status: number;
        currency_code: string;
        amount_minor: bigint;
        quote_total_minor: bigint | null;
        created_at: Date;
        finished_at: Date | null;
      }>(
        'select order_no, status, currency_code, amount_minor, quote_total_minor, created_at, finished_at from ' +
          'orders where user_id = $1 order by id desc limit 50',
        [id],
      ),
      q.query<{
        withdraw_no: string;
        status: string;
        currency_code: string;
        amount_minor: bigint;
        method: string;
        account_no: string;
        created_at: Date;
        settled_at: Date | null;
        fail_reason: string;
      }>(
        'select withdraw_no, status, currency_code, amount_minor, method, account_no, created_at, settled_at, ' +
          'fail_reason from withdrawals where user_id = $1 order by id desc limit 50',
        [id],
      ),
      q.query(
        'select id::text as id, created_at, last_seen_at, expires_at, revoked_at, ip, device_no, user_agent from ' +
          'sessions where user_id = $1 order by id desc limit 30',
        [id],
      ),
      q.query(
        'select id::text as id, title, content, created_at from notices where user_id = $1 and security order by id ' +
          'desc limit 50',
        [id],
      ),
    ]);
    return {
      accounts: accounts.rows,
      entries: entries.rows,
      orders: orders.rows,
      withdrawals: withdrawals.rows,
      sessions: sessions.rows,
      security: security.rows,
    };
  },

  /** The seller's row locked: undefined for no such user, else whether withdrawals are frozen. */
  async lockFreeze(q: Queryable, id: number): Promise<{ frozen: boolean } | undefined> {
    const r = await q.query<{ withdrawals_frozen_at: Date | null }>(
      'select withdrawals_frozen_at from users where id = $1 for update',
      [id],
    );
    return r.rows[0] ? { frozen: r.rows[0].withdrawals_frozen_at !== null } : undefined;
  },

  async freeze(q: Queryable, id: number, reason: string): Promise<void> {
    await q.query('update users set withdrawals_frozen_at = now(), withdrawals_frozen_reason = $2 where id = $1', [
      id,
      reason,
    ]);
  },

  /** Lifts a freeze; false when there was none. */
  async unfreeze(q: Queryable, id: number): Promise<boolean> {
    return (
      (
        await q.query(
          "update users set withdrawals_frozen_at = null, withdrawals_frozen_reason = '' where id = $1 and " +
            'withdrawals_frozen_at is not null',
          [id],
        )
      ).rowCount === 1
    );
  },

  /** Ends the cooling-off of the account and of its new payout accounts; false for no such user. */
  async endCoolingOff(q: Queryable, id: number): Promise<boolean> {
    if (
      (await q.query("update users set withdraw_hold_until = null, withdraw_hold_reason = '' where id = $1", [id]))
        .rowCount !== 1
    )
      return false;
    await q.query('update payout_accounts set usable_from = null where user_id = $1 and usable_from is not null', [id]);
    return true;
  },

  /** The seller's payout accounts in use, each with the time a new one can first be paid to. */
  async payoutAccounts(q: Queryable, userId: number) {
    const r = await q.query<{
      id: string;
      method: string;
      bank_name: string;
      account_no: string;
      account_name: string;
      is_default: boolean;
      created_at: Date;
      usable_from: Date | null;
    }>(
      `select p.id::text as id, p.method, b.name as bank_name, p.account_no, p.account_name, p.is_default, p.created_at,
              case when p.usable_from > now() then p.usable_from end as usable_from
         from payout_accounts p join banks b on b.id = p.bank_id
        where p.user_id = $1 and p.deleted_at is null order by p.id`,
      [userId],
    );
    return r.rows;
  },

  /**
   * What a reviewer needs to judge a seller: their account, freeze, and past orders by outcome (other than `except`).
   */
  async sellerHistory(q: Queryable, userId: number, currency: string, except: string) {
    const [user, orders] = await Promise.all([
      q.query<{
        kyc_level: number;
        created_at: Date;
        withdrawals_frozen_at: Date | null;
        withdrawals_frozen_reason: string;
      }>('select kyc_level, created_at, withdrawals_frozen_at, withdrawals_frozen_reason from users where id = $1', [
        userId,
      ]),
      q.query<{ status: number; n: number; paid_minor: string }>(
        `select status, count(*)::int as n, coalesce(sum(amount_minor) filter (where currency_code = $2), 0)::text ` +
          `as paid_minor
           from orders where user_id = $1 and order_no <> $3 group by status`,
        [userId, currency, except],
      ),
    ]);
    const by = (status: number) => orders.rows.find((x) => x.status === status);
    const outcome = (status: number) => ({ count: by(status)?.n ?? 0, minor: BigInt(by(status)?.paid_minor ?? '0') });
    return {
      user: user.rows[0],
      paid: outcome(ORDER_STATUS.succeeded),
      partly: outcome(ORDER_STATUS.partlySucceeded),
      refused: outcome(ORDER_STATUS.refused),
      pending: by(ORDER_STATUS.pending)?.n ?? 0,
    };
  },
};
