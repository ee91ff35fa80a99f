import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { opsContext, type OpsOptions } from './context.js';
import { isDatabaseUnavailable } from '../../db/db.js';
import { AppError, ok } from '../../lib/envelope.js';
import { formatMinor, parseAmount } from '../../lib/money.js';
import { grantCoupon } from '../coupon/service.js';
import { checkLedger } from '../ledger/check.js';
import { notify } from '../notices/service.js';
import { approvalView, requestApproval } from './four-eyes.js';
import { correctionOf } from './corrections.js';
import { audit } from './staff.js';
import { couponRepo } from '../coupon/repo.js';
import { opsRepo } from './repo.js';

/** Admin: wallet corrections, coupons, the audit log, the ledger check and the platform's balances. */
export async function adminRoutes(app: FastifyInstance, opts: OpsOptions): Promise<void> {
  const { db, ref, r, tags, who } = opsContext(app, opts);
  r.post(
    '/ops/api/corrections',
    { schema: { tags, summary: 'Ask for a wallet correction (admin): signed amount, reason, idempotency key. A second admin approves it (POST /ops/api/approvals/:id/approve), which writes the journal', body: z.object({ user_id: z.number().int().positive(), wallet_type: z.union([z.literal(1), z.literal(2)]), amount: z.string().max(24), reason: z.string().min(3).max(500), idempotency_key: z.string().regex(/^[A-Za-z0-9_.:-]{8,100}$/) }) } },
    async (req) => {
      const s = await who(req, ['admin']);
      const b = req.body;
      const c = await correctionOf(db, ref, b);
      const out = await db.tx(async (q) => {
        const a = await requestApproval(q, { kind: 'correction', targetId: b.idempotency_key, staffId: s.id, payload: { user_id: b.user_id, wallet_type: b.wallet_type, amount: b.amount.trim(), reason: b.reason }, amountMinor: c.amount < 0n ? -c.amount : c.amount, currency: c.cur.code, reason: 'Corrections always need a second admin' });
        if (!a.replay) await audit(q, { staffId: s.id, action: 'ledger.correction.requested', targetType: 'user', targetId: String(c.userId), reason: b.reason, details: { approval_id: a.row.id, amount: formatMinor(c.amount, c.cur.decimals), currency: c.cur.code }, ip: req.ip });
        return a;
      });
      return ok({ approval: await approvalView(out.row, (code) => ref.currency(code)), replayed: out.replay });
    },
  );

  const couponBody = z.object({
    code: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{2,31}$/, 'code: 3–32 letters, digits, dashes or underscores'),
    name: z.string().min(3).max(120),
    kind: z.enum(['percent', 'fixed', 'rate_add']),
    /** percent: the boost in percent ("2.5"); fixed and rate_add: an amount in the coupon currency. */
    value: z.string().max(24),
    currency: z.string().max(8).optional(),
    wallet_type: z.union([z.literal(1), z.literal(2)]).default(1),
    minimum: z.string().max(24).default('0'),
    valid_from: z.iso.datetime({ offset: true }).optional(),
    valid_until: z.iso.datetime({ offset: true }),
    max_use: z.number().int().min(0).max(1000).default(1),
    grant_on_signup: z.boolean().default(false),
  });

  r.get('/ops/api/coupons', { schema: { tags, summary: 'Every coupon with its terms and how many sellers hold and used it (admin)' } }, async (req) => {
    await who(req, ['admin']);
    const rows = await couponRepo.summaries(db);
    return ok(
      await Promise.all(
        rows.map(async (c) => {
          const d = c.currency_code ? (await ref.currency(c.currency_code)).decimals : 2;
          const kind = c.discount_type === 1 ? 'percent' : c.type === 2 ? 'rate_add' : 'fixed';
          return {
            code: c.code, name: c.name, kind, value: kind === 'percent' ? formatMinor(BigInt(c.percent_bp ?? 0), 2) : formatMinor(c.amount_minor ?? 0n, d), currency: c.currency_code, wallet_type: c.wallet_type,
            minimum: formatMinor(c.enough_minor, d), valid_from: c.valid_start, valid_until: c.valid_end, max_use: c.max_use, grant_on_signup: c.grant_on === 'signup', active: c.active, holders: c.holders, uses: c.uses,
          };
        }),
      ),
    );
  });

  r.post('/ops/api/coupons', { schema: { tags, summary: 'Create a coupon (admin): percent, fixed or rate-add, with validity, minimum and uses per user', body: couponBody } }, async (req) => {
    const s = await who(req, ['admin']);
    const b = req.body;
    const code = b.code.toUpperCase();
    // An unknown currency is refused; a database that cannot answer is "busy", not "unknown".
    const cur = b.currency
      ? await ref.currency(b.currency.toUpperCase()).catch((e: unknown) => {
          if (isDatabaseUnavailable(e)) throw e;
          return null;
        })
      : null;
    if (b.currency && !cur) throw new AppError('currency is not one we pay in');
    if (b.kind !== 'percent' && !cur) throw new AppError('A fixed or rate-add coupon needs its currency');
    let percentBp: number | null = null;
    let amount: bigint | null = null;
    if (b.kind === 'percent') {
      const p = parseAmount(b.value, 2);
      if (!p.ok || p.minor <= 0n || p.minor > 5000n) throw new AppError('value: a percent above 0 and at most 50, with at most 2 decimals');
      percentBp = Number(p.minor);
    } else {
      const p = parseAmount(b.value, cur!.decimals);
      if (!p.ok || p.minor <= 0n) throw new AppError('value must be an amount above 0 in the coupon currency');
      amount = p.minor;
    }
    const min = parseAmount(b.minimum, cur?.decimals ?? 2);
    if (!min.ok) throw new AppError('minimum must be an amount in the coupon currency');
    if (!cur && min.minor > 0n) throw new AppError('A minimum needs the coupon currency');
    const from = b.valid_from ? new Date(b.valid_from) : new Date();
    const until = new Date(b.valid_until);
    if (until <= from) throw new AppError('valid_until must be after valid_from');
    const id = await db.tx(async (q) => {
      if (await couponRepo.exists(q, code)) throw new AppError('A coupon with this code already exists');
      const couponId = await couponRepo.create(q, {
        code,
        name: b.name,
        discountType: b.kind === 'percent' ? 1 : 2,
        type: b.kind === 'rate_add' ? 2 : 1,
        percentBp,
        amountMinor: amount,
        currency: cur?.code ?? null,
        walletType: b.wallet_type,
        enoughMinor: min.minor,
        validFrom: from,
        validUntil: until,
        maxUse: b.max_use,
        grantOn: b.grant_on_signup ? 'signup' : null,
      });
      await audit(q, { staffId: s.id, action: 'coupon.create', targetType: 'coupon', targetId: code, details: { ...b, code }, ip: req.ip });
      return couponId;
    });
    return ok({ coupon_id: id, code });
  });

  r.post(
    '/ops/api/coupons/:code/grant',
    { schema: { tags, summary: 'Grant a coupon to users (admin); a user who holds it already is skipped', params: z.object({ code: z.string().max(32) }), body: z.object({ user_ids: z.array(z.number().int().positive()).min(1).max(1000), reason: z.string().min(3).max(500) }) } },
    async (req) => {
      const s = await who(req, ['admin']);
      const code = req.params.code.toUpperCase();
      const coupon = await couponRepo.byCode(db, code);
      if (!coupon) throw new AppError('Coupon not found');
      if (!coupon.active || coupon.valid_end <= new Date()) throw new AppError('This coupon has ended');
      const granted = await db.tx(async (q) => {
        let n = 0;
        for (const userId of await couponRepo.activeUsers(q, req.body.user_ids)) {
          if (!(await grantCoupon(q, userId, coupon.id, `staff:${s.id}`))) continue;
          n += 1;
          await notify(q, userId, { title: 'You have a new coupon', content: `${coupon.name}. Use code ${code} when you sell a card.`, action: 'app_coupon' });
        }
        await audit(q, { staffId: s.id, action: 'coupon.grant', targetType: 'coupon', targetId: code, reason: req.body.reason, details: { user_ids: req.body.user_ids, granted: n }, ip: req.ip });
        return n;
      });
      return ok({ granted });
    },
  );

  r.get(
    '/ops/api/audit',
    {
      schema: {
        tags,
        summary: 'Audit log, newest first (200 a page; before_id for the next): who, when, what, why',
        querystring: z.object({
          target_type: z.string().max(40).optional(),
          target_id: z.string().max(64).optional(),
          staff_id: z.coerce.number().int().positive().optional(),
          action: z.string().max(60).optional(),
          q: z.string().trim().max(200).optional(),
          from: z.iso.datetime({ offset: true }).optional(),
          to: z.iso.datetime({ offset: true }).optional(),
          before_id: z.coerce.number().int().positive().optional(),
        }),
      },
    },
    async (req) => {
      await who(req, ['admin']);
      const f = req.query;
      return ok(await opsRepo.auditLog(db, { targetType: f.target_type, targetId: f.target_id, staffId: f.staff_id, action: f.action, text: f.q, from: f.from, to: f.to, beforeId: f.before_id }));
    },
  );

  r.get('/ops/api/ledger/balances', { schema: { tags, summary: 'Platform balances (admin): each platform account, and what users hold, per currency' } }, async (req) => {
    await who(req, ['admin', 'finance']);
    // Users' accounts keep running balances; the platform's are the sums of their postings.
    const rows = await opsRepo.ledgerTotals(db);
    const out = await Promise.all(rows.map(async (x) => ({ account: x.kind, currency: x.currency_code, balance: formatMinor(BigInt(x.balance), (await ref.currency(x.currency_code)).decimals), accounts: x.accounts })));
    return ok(out);
  });

  r.get('/ops/api/ledger/check', { schema: { tags, summary: 'Run every ledger invariant now (admin)' } }, async (req) => {
    await who(req, ['admin']);
    const breaches = await checkLedger(db);
    return ok({ ok: breaches.length === 0, breaches });
  });
}
