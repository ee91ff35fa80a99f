import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { normalizeRef } from '@giftlane/shared-sdk/request-id';
import { AppError, ok } from '../../lib/envelope.js';
import { formatMinor } from '../../lib/money.js';
import { notify } from '../notices/service.js';
import { accountLinks, LINK_LABELS } from '../referral/links.js';
import { STAFF_FREEZE } from '../security/service.js';
import { opsContext, type OpsOptions } from './context.js';
import { audit } from './staff.js';
import { supportRepo } from './user-repo.js';

export const USER_MESSAGES = {
  notFound: 'User not found',
  query: 'Search by e-mail, WhatsApp or phone number, user id, order number (GC…), withdrawal number or an error reference',
  ref: 'An error reference is six letters and digits, e.g. 7F3K2Q',
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

  r.get('/ops/api/users', { schema: { tags, summary: 'Find users by e-mail, WhatsApp/phone, id, order number, withdrawal number or the reference of a failed request', querystring: z.object({ q: z.string().trim().min(1, USER_MESSAGES.query).max(254) }) } }, async (req) => {
    await who(req, ['reviewer', 'finance']);
    return ok(await supportRepo.find(db, req.query.q, normalizeRef(req.query.q)));
  });

  // The reference a seller read out ("Reference: 7F3K2Q", issue 31): which requests failed with it,
  // whose, when and how; the request id finds the api's log lines.
  r.get('/ops/api/request-refs/:ref', { schema: { tags, summary: 'Failed requests by the reference the seller was shown', params: z.object({ ref: z.string().trim().max(40) }) } }, async (req) => {
    await who(req, ['reviewer', 'finance']);
    const ref = normalizeRef(req.params.ref);
    if (!ref) throw new AppError(USER_MESSAGES.ref);
    const rows = await app.requestRefs.find(ref);
    return ok(rows.map((x) => ({ ref: x.ref, request_id: x.request_id, user_id: x.user_id, username: x.username, method: x.method, path: x.path, status: x.status, code: x.code, msg: x.msg, created_at: x.created_at })));
  });

  r.get('/ops/api/users/:id', { schema: { tags, summary: 'A user: profile, balances, ledger entries, orders, withdrawals, sessions, security events', params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }) } }, async (req) => {
    const s = await who(req, ['reviewer', 'finance']);
    const id = req.params.id;
    const profile = await supportRepo.profile(db, id);
    if (!profile) throw new AppError(USER_MESSAGES.notFound);
    // A seller's profile (contacts, verified name, sessions) is personal data: every look is on record.
    await audit(db, { staffId: s.id, action: 'user.view', targetType: 'user', targetId: String(id), ip: req.ip });
    const { accounts, entries, orders, withdrawals, sessions, security } = await supportRepo.activity(db, id);
    return ok({
      profile,
      balances: await Promise.all(accounts.map(async (a) => ({ wallet: a.kind, currency: a.currency_code, balance: await money(a.balance_minor, a.currency_code) }))),
      ledger: await Promise.all(entries.map(async (e) => ({ id: Number(e.id), kind: e.kind, memo: e.memo, actor: e.actor, wallet: e.account, currency: e.currency_code, amount: await money(e.amount_minor, e.currency_code), balance_after: await money(e.balance_after_minor, e.currency_code), created_at: e.created_at }))),
      orders: await Promise.all(orders.map(async (o) => ({ order_no: o.order_no, status: o.status, currency: o.currency_code, amount: await money(o.amount_minor, o.currency_code), quote: o.quote_total_minor === null ? null : await money(o.quote_total_minor, o.currency_code), created_at: o.created_at, finished_at: o.finished_at }))),
      withdrawals: await Promise.all(withdrawals.map(async (w) => ({ withdraw_no: w.withdraw_no, status: w.status, currency: w.currency_code, amount: await money(w.amount_minor, w.currency_code), method: w.method, account_no: w.account_no, created_at: w.created_at, settled_at: w.settled_at, fail_reason: w.fail_reason }))),
      sessions,
      security_events: security,
    });
  });

  // Accounts likely of the same person (issue 27): a referral between them earns nothing.
  r.get('/ops/api/users/:id/links', { schema: { tags, summary: 'Other accounts that share a verified identity, a payout account or a device with this one, and which', params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }) } }, async (req) => {
    const s = await who(req, ['reviewer', 'finance']);
    if (!(await supportRepo.profile(db, req.params.id))) throw new AppError(USER_MESSAGES.notFound);
    await audit(db, { staffId: s.id, action: 'user.links', targetType: 'user', targetId: String(req.params.id), ip: req.ip });
    const links = await accountLinks.of(db, req.params.id);
    return ok(links.map((l) => ({ ...l, label: LINK_LABELS[l.link] })));
  });

  r.post('/ops/api/users/:id/freeze', { schema: { tags, summary: 'Freeze a user’s withdrawals with a reason they are shown in the app (admin or finance, audited); admins lift it with …/unfreeze', params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }), body: z.object({ reason: z.string().trim().min(3).max(300) }) } }, async (req) => {
    const s = await who(req, ['finance']);
    await db.tx(async (q) => {
      const u = await supportRepo.lockFreeze(q, req.params.id);
      if (!u) throw new AppError(USER_MESSAGES.notFound);
      if (u.frozen) throw new AppError(USER_MESSAGES.frozen);
      await supportRepo.freeze(q, req.params.id, `${STAFF_FREEZE}${req.body.reason}`);
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
      if (!(await supportRepo.unfreeze(q, req.params.id))) throw new AppError('This user has no withdrawal freeze');
      await audit(q, { staffId: s.id, action: 'user.unfreeze', targetType: 'user', targetId: String(req.params.id), reason: req.body.reason, ip: req.ip });
    });
    return ok(null);
  });
  r.post('/ops/api/users/:id/end-hold', { schema: { tags, summary: 'End the cooling-off after a security change and for new payout accounts (admin, audited)', params, body: reason } }, async (req) => {
    const s = await who(req, []);
    await db.tx(async (q) => {
      if (!(await supportRepo.endHold(q, req.params.id))) throw new AppError(USER_MESSAGES.notFound);
      await audit(q, { staffId: s.id, action: 'user.end_hold', targetType: 'user', targetId: String(req.params.id), reason: req.body.reason, ip: req.ip });
    });
    return ok(null);
  });
}
