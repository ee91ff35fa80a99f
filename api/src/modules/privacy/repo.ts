// The SQL of the seller's data download: everything kept about one user, secrets left out (no
// password or PIN hashes, no session tokens, ID numbers only sealed or as their last four).
import type { Queryable } from '../../db/db.js';

export const privacyRepo = {
  async everythingAbout(q: Queryable, userId: number) {
    const [profile, checks, payouts, orders, withdrawals, entries, sessions, notices] = await Promise.all([
      q.query(
        `select u.id, u.username, u.email, u.email_verified, u.whatsapp, u.whatsapp_verified, u.phone, u.nickname, ` +
          `c.name as country, u.register_type, u.invite_code,
                u.vip_level, u.vip_exp::text, u.status, u.created_at, u.last_login_at, u.kyc_level, u.kyc_name as ` +
          `verified_name, u.kyc_verified_at,
                u.withdrawals_frozen_at, u.withdrawals_frozen_reason
           from users u join countries c on c.id = u.country_id where u.id = $1`,
        [userId],
      ),
      q.query<{
        user_id: number;
        level: number;
        id_type: string;
        id_last4: string;
        date_of_birth_sealed: string;
        name_on_record: string;
        status: string;
        reason: string;
        created_at: Date;
        decided_at: Date | null;
        address: boolean;
      }>(
        `select user_id, level, id_type, id_last4, date_of_birth_sealed, name_on_record, status, reason, ` +
          `created_at, decided_at, address_sealed <> '' as address from kyc_checks where user_id = $1 order by id`,
        [userId],
      ),
      q.query(
        `select p.method, b.name as institution, p.account_no, p.account_name, p.is_default, p.created_at, ` +
          `p.deleted_at from payout_accounts p join banks b on b.id = p.bank_id where p.user_id = $1 order by p.id`,
        [userId],
      ),
      q.query<{
        order_no: string;
        status: number;
        currency_code: string;
        amount_minor: bigint;
        user_memo: string;
        coupon_code: string;
        refused_reason: string;
        created_at: Date;
        finished_at: Date | null;
      }>(
        'select order_no, status, currency_code, amount_minor, user_memo, coupon_code, refused_reason, created_at, ' +
          'finished_at from orders where user_id = $1 order by id',
        [userId],
      ),
      q.query<{
        withdraw_no: string;
        status: string;
        currency_code: string;
        amount_minor: bigint;
        fee_minor: bigint;
        bank_name: string;
        account_no: string;
        account_name: string;
        fail_reason: string;
        created_at: Date;
        settled_at: Date | null;
      }>(
        'select withdraw_no, status, currency_code, amount_minor, fee_minor, bank_name, account_no, account_name, ' +
          'fail_reason, created_at, settled_at from withdrawals where user_id = $1 order by id',
        [userId],
      ),
      q.query<{
        currency_code: string;
        kind: string;
        memo: string;
        amount_minor: bigint;
        balance_after_minor: bigint;
        created_at: Date;
      }>(
        `select a.currency_code, j.kind, j.memo, p.amount_minor, p.balance_after_minor, j.created_at
           from ledger_postings p join ledger_accounts a on a.id = p.account_id join ledger_journals j on j.id = ` +
          `p.journal_id
          where a.user_id = $1 order by p.id`,
        [userId],
      ),
      q.query(
        'select created_at, last_seen_at, expires_at, revoked_at, ip, user_agent from sessions where user_id = $1 ' +
          'order by id',
        [userId],
      ),
      q.query('select title, content, created_at from notices where user_id = $1 order by id', [userId]),
    ]);
    return { profile, checks, payouts, orders, withdrawals, entries, sessions, notices };
  },
};
