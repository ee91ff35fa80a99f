import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError, ok } from '../../lib/envelope.js';
import { formatMinor } from '../../lib/money.js';
import { notify } from '../notices/service.js';
import { STAFF_FREEZE } from '../security/service.js';
import { opsContext, type OpsOptions } from './context.js';
import { audit } from './staff.js';

export const USER_MESSAGES = {
  notFound: 'User not found',
  query: 'Search by e-mail, WhatsApp or phone number, user id, order number (GC…) or withdrawal number',
  frozen: 'Withdrawals are already frozen for this user',
} as const;

/**
 * Support's view of a seller (issue 14): find them by e-mail, number, id, order or withdrawal
 * number; their profile, balances, ledger entries, orders, withdrawals, sessions and security
 * events; freeze their withdrawals with a reason they are shown in the app, lift a freeze, end the
 * cooling-off.
 */
export async function userRoutes(app: FastifyInstance, opts: OpsOptions): Promise<void> {
  const { db, ref, r, tags, who } = opsContext(app, opts);
  const money = async (minor: bigint, code: string) => formatMinor(minor, (await ref.currency(code)).decimals);

  r.get('/ops/api/users', { schema: { tags, summary: 'Find users by e-mail, WhatsApp/phone, id, order number or withdrawal number', querystring: z.object({ q: z.string().trim().min(1, USER_MESSAGES.query).max(254) }) } }, async (req) => {
    await who(req, ['reviewer', 'finance']);
    const term = req.query.q;
    const digits = term.replace(/[^\d]/g, '');
    // A number as written locally (0801…) or internationally (+234 801…): matched on its last digits.
    const national = digits.replace(/^0+/, '');
    const rows = await db.query(
      `select u.id, u.username, u.email, u.whatsapp, u.phone, u.nickname, u.country_id, u.status, u.vip_level, u.created_at, u.last_login_at,
              u.withdrawals_frozen_at is not null as withdrawals_frozen
         from users u
        where lower(u.email) = lower($1) or lower(u.username) = lower($1)
           or (length($3) >= 7 and (regexp_replace(coalesce(u.whatsapp, ''), '\\D', '', 'g') like '%' || $3 or regexp_replace(coalesce(u.phone, ''), '\\D', '', 'g') like '%' || $3))
           or ($2 <> '' and length($2) <= 9 and $2 = $1 and u.id = $2::int)
           or u.id = (select user_id from orders where order_no = upper($1))
           or u.id = (select user_id from withdrawals where withdraw_no = upper($1))
        order by u.id limit 20`,
      [term, digits, national],
    );
    return ok(rows.rows);
  });

  r.get('/ops/api/users/:id', { schema: { tags, summary: 'A user: profile, balances, ledger entries, orders, withdrawals, sessions, security events', params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }) } }, async (req) => {
    const s = await who(req, ['reviewer', 'finance']);
    const id = req.params.id;
    const u = await db.query(
      `select id, username, email, email_verified, whatsapp, whatsapp_verified, phone, nickname, country_id, status, vip_level, vip_exp::text, register_type,
              referrer_id, created_at, last_login_at, closed_at, withdraw_hold_until, withdraw_hold_reason, withdrawals_frozen_at, withdrawals_frozen_reason,
              tpassword_hash is not null as has_pin, kyc_level, kyc_name
         from users where id = $1`,
      [id],
    );
    if (!u.rows[0]) throw new AppError(USER_MESSAGES.notFound);
    // A seller's profile (contacts, verified name, sessions) is personal data: every look is on record.
    await audit(db, { staffId: s.id, action: 'user.view', targetType: 'user', targetId: String(id), ip: req.ip });
    const [accounts, entries, orders, withdrawals, sessions, security] = await Promise.all([
      db.query<{ kind: string; currency_code: string; balance_minor: bigint }>('select kind, currency_code, balance_minor from ledger_accounts where user_id = $1 order by kind, currency_code', [id]),
      db.query<{ id: bigint; kind: string; memo: string; actor: string; account: string; currency_code: string; amount_minor: bigint; balance_after_minor: bigint; created_at: Date }>(
        `select p.id, j.kind, j.memo, j.actor, a.kind as account, a.currency_code, p.amount_minor, p.balance_after_minor, p.created_at
           from ledger_postings p join ledger_accounts a on a.id = p.account_id join ledger_journals j on j.id = p.journal_id
          where a.user_id = $1 order by p.id desc limit 100`,
        [id],
      ),
      db.query<{ order_no: string; status: number; currency_code: string; amount_minor: bigint; quote_total_minor: bigint | null; created_at: Date; finished_at: Date | null }>(
        'select order_no, status, currency_code, amount_minor, quote_total_minor, created_at, finished_at from orders where user_id = $1 order by id desc limit 50',
        [id],
      ),
      db.query<{ withdraw_no: string; status: string; currency_code: string; amount_minor: bigint; method: string; account_no: string; created_at: Date; settled_at: Date | null; fail_reason: string }>(
        'select withdraw_no, status, currency_code, amount_minor, method, account_no, created_at, settled_at, fail_reason from withdrawals where user_id = $1 order by id desc limit 50',
        [id],
      ),
      db.query('select id::text as id, created_at, last_seen_at, expires_at, revoked_at, ip, device_no, user_agent from sessions where user_id = $1 order by id desc limit 30', [id]),
      db.query('select id::text as id, title, content, created_at from notices where user_id = $1 and security order by id desc limit 50', [id]),
    ]);
    return ok({
      profile: u.rows[0],
      balances: await Promise.all(accounts.rows.map(async (a) => ({ wallet: a.kind, currency: a.currency_code, balance: await money(a.balance_minor, a.currency_code) }))),
      ledger: await Promise.all(entries.rows.map(async (e) => ({ id: Number(e.id), kind: e.kind, memo: e.memo, actor: e.actor, wallet: e.account, currency: e.currency_code, amount: await money(e.amount_minor, e.currency_code), balance_after: await money(e.balance_after_minor, e.currency_code), created_at: e.created_at }))),
      orders: await Promise.all(orders.rows.map(async (o) => ({ order_no: o.order_no, status: o.status, currency: o.currency_code, amount: await money(o.amount_minor, o.currency_code), quote: o.quote_total_minor === null ? null : await money(o.quote_total_minor, o.currency_code), created_at: o.created_at, finished_at: o.finished_at }))),
      withdrawals: await Promise.all(withdrawals.rows.map(async (w) => ({ withdraw_no: w.withdraw_no, status: w.status, currency: w.currency_code, amount: await money(w.amount_minor, w.currency_code), method: w.method, account_no: w.account_no, created_at: w.created_at, settled_at: w.settled_at, fail_reason: w.fail_reason }))),
      sessions: sessions.rows,
      security_events: security.rows,
    });
  });

  r.post('/ops/api/users/:id/freeze', { schema: { tags, summary: 'Freeze a user’s withdrawals with a reason they are shown in the app (admin or finance, audited); admins lift it with …/unfreeze', params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }), body: z.object({ reason: z.string().trim().min(3).max(300) }) } }, async (req) => {
    const s = await who(req, ['finance']);
    await db.tx(async (q) => {
      const u = await q.query<{ withdrawals_frozen_at: Date | null }>('select withdrawals_frozen_at from users where id = $1 for update', [req.params.id]);
      if (!u.rows[0]) throw new AppError(USER_MESSAGES.notFound);
      if (u.rows[0].withdrawals_frozen_at) throw new AppError(USER_MESSAGES.frozen);
      await q.query('update users set withdrawals_frozen_at = now(), withdrawals_frozen_reason = $2 where id = $1', [req.params.id, `${STAFF_FREEZE}${req.body.reason}`]);
      await notify(q, req.params.id, { title: 'Withdrawals frozen', content: `Our support team froze withdrawals on your account: ${req.body.reason.replace(/[.\s]+$/, '')}. Contact support to unfreeze them.`, kind: 'system', action: 'app_wallet', security: true });
      await audit(q, { staffId: s.id, action: 'user.freeze', targetType: 'user', targetId: String(req.params.id), reason: req.body.reason, ip: req.ip });
    });
    return ok(null);
  });

  // Lifting a freeze and ending the cooling-off: admins, after support has checked with the owner.
  const params = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
  const reason = z.object({ reason: z.string().trim().min(3).max(500) });
  r.post('/ops/api/users/:id/unfreeze', { schema: { tags, summary: 'Lift a withdrawal freeze, set by "this wasn\'t me" or by staff (admin, audited)', params, body: reason } }, async (req) => {
    const s = await who(req, []);
    await db.tx(async (q) => {
      const u = await q.query("update users set withdrawals_frozen_at = null, withdrawals_frozen_reason = '' where id = $1 and withdrawals_frozen_at is not null", [req.params.id]);
      if (u.rowCount !== 1) throw new AppError('This user has no withdrawal freeze');
      await audit(q, { staffId: s.id, action: 'user.unfreeze', targetType: 'user', targetId: String(req.params.id), reason: req.body.reason, ip: req.ip });
    });
    return ok(null);
  });
  r.post('/ops/api/users/:id/end-hold', { schema: { tags, summary: 'End the cooling-off after a security change and for new payout accounts (admin, audited)', params, body: reason } }, async (req) => {
    const s = await who(req, []);
    await db.tx(async (q) => {
      const u = await q.query("update users set withdraw_hold_until = null, withdraw_hold_reason = '' where id = $1", [req.params.id]);
      if (u.rowCount !== 1) throw new AppError(USER_MESSAGES.notFound);
      await q.query('update payout_accounts set usable_from = null where user_id = $1 and usable_from is not null', [req.params.id]);
      await audit(q, { staffId: s.id, action: 'user.end_hold', targetType: 'user', targetId: String(req.params.id), reason: req.body.reason, ip: req.ip });
    });
    return ok(null);
  });
}
