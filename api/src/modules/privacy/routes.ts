import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { formatMinor } from '../../lib/money.js';
import { gcRoute } from '../../lib/route.js';
import { maskId } from '../kyc/vault.js';

/** Bumped when the export's shape changes, so a reader knows what it holds. */
export const EXPORT_VERSION = 1;

/**
 * "Download my data" (issue 15; NDPA 2023, the data subject's right of access): everything we
 * keep about the seller, as JSON. Secrets stay out (password and PIN hashes, session tokens) and
 * identity numbers stay masked: the file may end up anywhere on a phone.
 */
export async function privacyRoutes(app: FastifyInstance): Promise<void> {
  const { db, ref } = app;

  gcRoute(app, {
    path: '/user/exportData',
    summary: 'Everything GiftLane keeps about the signed-in seller, as JSON (secrets left out, ID numbers masked)',
    auth: 'required',
    limit: 'auth',
    body: z.object({}),
    handler: async (req) => {
      const id = req.auth!.userId;
      const amount = async (minor: bigint | null, code: string) => (minor === null ? null : formatMinor(BigInt(minor), (await ref.currency(code)).decimals));
      const [profile, checks, payouts, orders, withdrawals, entries, sessions, notices] = await Promise.all([
        db.query(
          `select u.id, u.username, u.email, u.email_verified, u.whatsapp, u.whatsapp_verified, u.phone, u.nickname, c.name as country, u.register_type, u.invite_code,
                  u.vip_level, u.vip_exp::text, u.status, u.created_at, u.last_login_at, u.kyc_level, u.kyc_name as verified_name, u.kyc_verified_at,
                  u.withdrawals_frozen_at, u.withdrawals_frozen_reason
             from users u join countries c on c.id = u.country_id where u.id = $1`,
          [id],
        ),
        db.query<{ level: number; id_type: string; id_last4: string; date_of_birth: Date | null; name_on_record: string; status: string; reason: string; created_at: Date; decided_at: Date | null; address: boolean }>(
          `select level, id_type, id_last4, date_of_birth, name_on_record, status, reason, created_at, decided_at, address_sealed <> '' as address from kyc_checks where user_id = $1 order by id`,
          [id],
        ),
        db.query(`select p.method, b.name as institution, p.account_no, p.account_name, p.is_default, p.created_at, p.deleted_at from payout_accounts p join banks b on b.id = p.bank_id where p.user_id = $1 order by p.id`, [id]),
        db.query<{ order_no: string; status: number; currency_code: string; amount_minor: bigint; user_memo: string; coupon_code: string; refused_reason: string; created_at: Date; finished_at: Date | null }>(
          'select order_no, status, currency_code, amount_minor, user_memo, coupon_code, refused_reason, created_at, finished_at from orders where user_id = $1 order by id',
          [id],
        ),
        db.query<{ withdraw_no: string; status: string; currency_code: string; amount_minor: bigint; fee_minor: bigint; bank_name: string; account_no: string; account_name: string; fail_reason: string; created_at: Date; settled_at: Date | null }>(
          'select withdraw_no, status, currency_code, amount_minor, fee_minor, bank_name, account_no, account_name, fail_reason, created_at, settled_at from withdrawals where user_id = $1 order by id',
          [id],
        ),
        db.query<{ currency_code: string; kind: string; memo: string; amount_minor: bigint; balance_after_minor: bigint; created_at: Date }>(
          `select a.currency_code, j.kind, j.memo, p.amount_minor, p.balance_after_minor, j.created_at
             from ledger_postings p join ledger_accounts a on a.id = p.account_id join ledger_journals j on j.id = p.journal_id
            where a.user_id = $1 order by p.id`,
          [id],
        ),
        db.query('select created_at, last_seen_at, expires_at, revoked_at, ip, user_agent from sessions where user_id = $1 order by id', [id]),
        db.query('select title, content, created_at from notices where user_id = $1 order by id', [id]),
      ]);
      // Amounts as decimal text in their currency ("amount": "2000.00"), as the app shows them.
      const money = <T extends { currency_code: string }>(rows: T[], fields: (keyof T & string)[]) =>
        Promise.all(
          rows.map(async (r) => {
            const out: Record<string, unknown> = { ...r };
            for (const f of fields) {
              out[f.replace(/_minor$/, '')] = await amount(r[f] as bigint, r.currency_code);
              delete out[f];
            }
            return out;
          }),
        );
      return {
        format: `giftlane-export-v${EXPORT_VERSION}`,
        exported_at: new Date().toISOString(),
        profile: profile.rows[0] ?? null,
        verification: checks.rows.map((c) => ({
          level: c.level,
          id_type: c.id_type,
          id_number: c.id_last4 ? maskId(`0000000${c.id_last4}`) : '',
          date_of_birth: c.date_of_birth ? c.date_of_birth.toISOString().slice(0, 10) : null,
          name_on_record: c.name_on_record,
          address_given: c.address,
          status: c.status,
          reason: c.reason,
          created_at: c.created_at,
          decided_at: c.decided_at,
        })),
        payout_accounts: payouts.rows,
        orders: await money(orders.rows, ['amount_minor']),
        withdrawals: await money(withdrawals.rows, ['amount_minor', 'fee_minor']),
        wallet_entries: await money(entries.rows, ['amount_minor', 'balance_after_minor']),
        sessions: sessions.rows,
        notices: notices.rows,
        kept_and_why: 'docs/data-retention.md: what we keep, for how long, and why',
      };
    },
  });

}
