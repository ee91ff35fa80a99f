import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, ok } from '../../lib/envelope.js';
import { formatMinor, moneyText, parseAmount } from '../../lib/money.js';
import { Catalog } from '../catalog/service.js';
import { grantCoupon } from '../coupon/service.js';
import { checkLedger } from '../ledger/check.js';
import type { Ledger } from '../ledger/ledger.js';
import { notify, sentenceEnd } from '../notices/service.js';
import { claimOrder, decideOrder, FAIL_REASONS, refuseOrder, statusDesc, type OrderRow } from '../order/service.js';
import { verifyPassword } from '../user/passwords.js';
import { moneyUser, walletCurrency } from '../wallet/context.js';
import { settleWithdrawal, withdrawStatusText, type WithdrawRow } from '../withdraw/service.js';
import { audit, createStaff, requireStaff, ROLES, staffSession, type Role, type StaffAuth } from './staff.js';
import type { DirectoryStore } from '../uploads/store.js';

const line = z.object({
  card_id: z.number().int().positive().optional(),
  code: z.string().max(500).optional(),
  face_value: z.string().max(20).optional(),
  rate: z.string().max(20).optional(),
  status: z.enum(['success', 'failed']),
  fail_reason: z.string().max(40).optional(),
  fail_note: z.string().max(500).optional(),
  proof_image: z.string().max(1000).optional(),
  image_index: z.number().int().min(0).max(20).optional(),
});

/**
 * The operator API (JSON, `Authorization: Bearer <token>` from /ops/api/login): the review queue,
 * claims and decisions, withdrawal settlement, corrections, the audit log and the ledger check.
 * Every action that changes something writes an audit row in its own transaction.
 */
export async function opsRoutes(app: FastifyInstance, opts: { ledger: Ledger; store?: DirectoryStore }): Promise<void> {
  // Card photos reach staff as short-lived signed links, like the owner's.
  const view = (ref: string) => (ref && opts.store ? opts.store.viewUrl(ref) : ref);
  const { db, ref } = app;
  const { ledger } = opts;
  const catalog = new Catalog(db, ref);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['ops'];

  /** Reference data and the card list are cached: load them before a transaction needs them. */
  const warm = async () => {
    await ref.warm();
    await Promise.all(['NGN', 'GHS', 'USDT'].map((c) => catalog.cards(c)));
  };

  const who = (req: FastifyRequest, roles: Role[]): Promise<StaffAuth> => requireStaff(db, req.headers.authorization, roles);

  r.post('/ops/api/login', { schema: { tags, summary: 'Operator sign-in', body: z.object({ email: z.string().max(254), password: z.string().max(200) }) }, config: { rateLimit: { max: 20, timeWindow: 60_000 } } }, async (req) => {
    const s = await db.query<{ id: number; password_hash: string; name: string; role: string }>("select id, password_hash, name, role from staff where lower(email) = lower($1) and status = 'active'", [req.body.email]);
    const row = s.rows[0];
    if (!(await verifyPassword(row?.password_hash, req.body.password)) || !row) throw new AppError('Incorrect e-mail or password', 'common.001', 401);
    const token = await db.tx(async (q) => {
      await audit(q, { staffId: row.id, action: 'login', targetType: 'staff', targetId: String(row.id), ip: req.ip });
      return staffSession(q, row.id);
    });
    return ok({ token, name: row.name, role: row.role });
  });

  r.post('/ops/api/staff', { schema: { tags, summary: 'Create an operator (admin)', body: z.object({ email: z.email(), name: z.string().min(1).max(100), role: z.enum(ROLES as [Role, ...Role[]]), password: z.string().min(12).max(200) }) } }, async (req) => {
    const s = await who(req, ['admin']);
    const id = await db.tx(async (q) => {
      const staffId = await createStaff(q, req.body);
      await audit(q, { staffId: s.id, action: 'staff.create', targetType: 'staff', targetId: String(staffId), details: { email: req.body.email, role: req.body.role }, ip: req.ip });
      return staffId;
    });
    return ok({ id });
  });

  const orderView = async (o: OrderRow) => {
    const cur = await ref.currency(o.currency_code);
    return {
      order_no: o.order_no, user_id: o.user_id, status: o.status, status_desc: statusDesc(o), currency: cur.code, wallet_type: o.wallet_type,
      images: o.images.map(view), user_memo: o.user_memo, card_id: o.card_id, card_form: o.card_form, quote: o.quote?.view ?? null,
      amount: formatMinor(o.amount_minor, cur.decimals), claimed_by: o.claimed_by, created_at: o.created_at, finished_at: o.finished_at,
      refused_reason: o.refused_reason, payout_note: o.payout_note,
    };
  };

  r.get('/ops/api/orders/queue', { schema: { tags, summary: 'Pending orders, oldest first (unclaimed or claimed by me)' } }, async (req) => {
    const s = await who(req, ['reviewer']);
    const q = await db.query<OrderRow>('select * from orders where status = 1 and (claimed_by is null or claimed_by = $1) order by created_at, id limit 50', [s.id]);
    return ok({ fail_reasons: FAIL_REASONS, orders: await Promise.all(q.rows.map(orderView)) });
  });

  r.get('/ops/api/orders/:order_no', { schema: { tags, params: z.object({ order_no: z.string().max(64) }) } }, async (req) => {
    await who(req, ['reviewer', 'finance']);
    const q = await db.query<OrderRow>('select * from orders where order_no = $1', [req.params.order_no]);
    if (!q.rows[0]) throw new AppError('Order not found');
    const lines = await db.query('select seq, card_id, card_name, code, face_minor::text, rate_minor::text, amount_minor::text, status, fail_reason, proof_image from order_lines where order_id = $1 order by seq', [q.rows[0].id]);
    const events = await db.query('select status, note, actor, created_at from order_events where order_id = $1 order by id', [q.rows[0].id]);
    return ok({ ...(await orderView(q.rows[0])), lines: lines.rows.map((l) => ({ ...l, proof_image: view(String(l.proof_image ?? '')) })), timeline: events.rows });
  });

  r.post('/ops/api/orders/:order_no/claim', { schema: { tags, params: z.object({ order_no: z.string().max(64) }) } }, async (req) => {
    const s = await who(req, ['reviewer']);
    const o = await db.tx(async (q) => {
      const order = await claimOrder(q, req.params.order_no, s);
      await audit(q, { staffId: s.id, action: 'order.claim', targetType: 'order', targetId: order.order_no, ip: req.ip });
      return order;
    });
    return ok(await orderView(o));
  });

  r.post(
    '/ops/api/orders/:order_no/decide',
    { schema: { tags, summary: 'Per-card decisions: complete (2, or 4 when some lines failed) or refuse (3 when all failed)', params: z.object({ order_no: z.string().max(64) }), body: z.object({ lines: z.array(line).min(1).max(50), payout_note: z.string().max(500).optional(), note: z.string().max(500).optional() }) } },
    async (req) => {
      const s = await who(req, ['reviewer']);
      await warm();
      const res = await db.tx(async (q) => {
        const out = await decideOrder(q, { ledger, ref, catalog }, { orderNo: req.params.order_no, staff: s, lines: req.body.lines, payoutNote: req.body.payout_note, note: req.body.note });
        if (!out.replay) await audit(q, { staffId: s.id, action: 'order.decide', targetType: 'order', targetId: out.order.order_no, reason: req.body.payout_note ?? req.body.note ?? '', details: { status: out.order.status, amount_minor: out.order.amount_minor, lines: req.body.lines }, ip: req.ip });
        return out;
      });
      return ok({ ...(await orderView(res.order)), replayed: res.replay });
    },
  );

  r.post('/ops/api/orders/:order_no/refuse', { schema: { tags, params: z.object({ order_no: z.string().max(64) }), body: z.object({ reason: z.string().min(1).max(500) }) } }, async (req) => {
    const s = await who(req, ['reviewer']);
    await warm();
      const res = await db.tx(async (q) => {
      const out = await refuseOrder(q, { orderNo: req.params.order_no, staff: s, reason: req.body.reason });
      if (!out.replay) await audit(q, { staffId: s.id, action: 'order.refuse', targetType: 'order', targetId: out.order.order_no, reason: req.body.reason, ip: req.ip });
      return out;
    });
    return ok({ ...(await orderView(res.order)), replayed: res.replay });
  });

  const withdrawView = async (w: WithdrawRow) => {
    const cur = await ref.currency(w.currency_code);
    return {
      withdraw_no: w.withdraw_no, user_id: w.user_id, status: w.status, status_desc: withdrawStatusText[w.status], currency: cur.code,
      amount: formatMinor(w.amount_minor, cur.decimals), fee: formatMinor(w.fee_minor, cur.decimals), payout: formatMinor(w.amount_minor - w.fee_minor, cur.decimals),
      method: w.method, bank_name: w.bank_name, account_no: w.account_no, account_name: w.account_name, created_at: w.created_at, settled_at: w.settled_at,
      fail_reason: w.fail_reason, reference: w.reference, settled_by: w.settled_by,
    };
  };

  r.get('/ops/api/withdrawals', { schema: { tags, summary: 'Open withdrawals, oldest first' } }, async (req) => {
    await who(req, ['finance']);
    const q = await db.query<WithdrawRow>("select * from withdrawals where status in ('pending', 'processing') order by created_at, id limit 100");
    return ok(await Promise.all(q.rows.map(withdrawView)));
  });

  r.post(
    '/ops/api/withdrawals/:withdraw_no/settle',
    { schema: { tags, summary: 'paid → the hold is posted; failed → released to the wallet with the reason', params: z.object({ withdraw_no: z.string().max(64) }), body: z.object({ outcome: z.enum(['paid', 'failed']), reason: z.string().max(500).optional(), reference: z.string().max(200).optional() }) } },
    async (req) => {
      const s = await who(req, ['finance']);
      await warm();
      const res = await db.tx(async (q) => {
        const out = await settleWithdrawal(q, ledger, ref, req.params.withdraw_no, req.body.outcome, { reason: req.body.reason, reference: req.body.reference, actor: `staff:${s.id}` });
        if (!out.replayed) await audit(q, { staffId: s.id, action: `withdrawal.${req.body.outcome}`, targetType: 'withdrawal', targetId: req.params.withdraw_no, reason: req.body.reason ?? '', details: { reference: req.body.reference ?? '' }, ip: req.ip });
        return out;
      });
      return ok({ ...(await withdrawView(res.withdrawal)), replayed: res.replayed });
    },
  );

  r.post(
    '/ops/api/corrections',
    { schema: { tags, summary: 'Correct a wallet with a new journal (admin): signed amount, reason, idempotency key', body: z.object({ user_id: z.number().int().positive(), wallet_type: z.union([z.literal(1), z.literal(2)]), amount: z.string().max(24), reason: z.string().min(3).max(500), idempotency_key: z.string().regex(/^[A-Za-z0-9_.:-]{8,100}$/) }) } },
    async (req) => {
      const s = await who(req, ['admin']);
      const b = req.body;
      const u = await moneyUser(db, ref, b.user_id);
      const cur = walletCurrency(u, b.wallet_type);
      const neg = b.amount.trim().startsWith('-');
      const parsed = parseAmount(b.amount.trim().replace(/^[-+]/, ''), cur.decimals);
      if (!parsed.ok || parsed.minor === 0n) throw new AppError('amount must be a non-zero amount with the currency’s decimals');
      const amount = neg ? -parsed.minor : parsed.minor;
      const out = await db.tx(async (q) => {
        const user = await ledger.userAccount(q, u.id, 'cash', cur.code);
        const t = await ledger.transfer(q, {
          key: `correction:${b.idempotency_key}`,
          kind: 'correction',
          legs: [{ account: user, amountMinor: amount }, { account: await ledger.platformAccount(q, 'corrections', cur.code), amountMinor: -amount }],
          params: { reason: b.reason },
          refType: 'user',
          refId: String(u.id),
          memo: b.reason,
          actor: `staff:${s.id}`,
        });
        if (!t.replayed) {
          await audit(q, { staffId: s.id, action: 'ledger.correction', targetType: 'user', targetId: String(u.id), reason: b.reason, details: { amount: formatMinor(amount, cur.decimals), currency: cur.code, journal: t.journalId }, ip: req.ip });
          await notify(q, u.id, { title: 'Balance corrected', content: `Your ${cur.code} wallet was ${amount > 0n ? 'credited' : 'debited'} ${moneyText(amount < 0n ? -amount : amount, cur)}: ${sentenceEnd(b.reason)}`, action: 'app_wallet' });
        }
        return t;
      });
      return ok({ journal_id: Number(out.journalId), replayed: out.replayed });
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

  r.post('/ops/api/coupons', { schema: { tags, summary: 'Create a coupon (admin): percent, fixed or rate-add, with validity, minimum and uses per user', body: couponBody } }, async (req) => {
    const s = await who(req, ['admin']);
    const b = req.body;
    const code = b.code.toUpperCase();
    const cur = b.currency ? await ref.currency(b.currency.toUpperCase()).catch(() => null) : null;
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
      const exists = await q.query('select 1 from coupons where code = $1', [code]);
      if (exists.rows.length) throw new AppError('A coupon with this code already exists');
      const ins = await q.query<{ id: number }>(
        `insert into coupons (code, name, discount_type, type, percent_bp, amount_minor, currency_code, wallet_type, enough_minor, valid_start, valid_end, max_use, grant_on)
         values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13) returning id`,
        [code, b.name, b.kind === 'percent' ? 1 : 2, b.kind === 'rate_add' ? 2 : 1, percentBp, amount, cur?.code ?? null, b.wallet_type, min.minor, from, until, b.max_use, b.grant_on_signup ? 'signup' : null],
      );
      const couponId = ins.rows[0]!.id;
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
      const c = await db.query<{ id: number; name: string; active: boolean; valid_end: Date }>('select id, name, active, valid_end from coupons where code = $1', [code]);
      const coupon = c.rows[0];
      if (!coupon) throw new AppError('Coupon not found');
      if (!coupon.active || coupon.valid_end <= new Date()) throw new AppError('This coupon has ended');
      const granted = await db.tx(async (q) => {
        const users = await q.query<{ id: number }>("select id from users where id = any($1::int[]) and status = 'active'", [req.body.user_ids]);
        let n = 0;
        for (const u of users.rows) {
          if (!(await grantCoupon(q, u.id, coupon.id, `staff:${s.id}`))) continue;
          n += 1;
          await notify(q, u.id, { title: 'You have a new coupon', content: `${coupon.name}. Use code ${code} when you sell a card.`, action: 'app_coupon' });
        }
        await audit(q, { staffId: s.id, action: 'coupon.grant', targetType: 'coupon', targetId: code, reason: req.body.reason, details: { user_ids: req.body.user_ids, granted: n }, ip: req.ip });
        return n;
      });
      return ok({ granted });
    },
  );

  r.get('/ops/api/audit', { schema: { tags, summary: 'Audit log, newest first', querystring: z.object({ target_type: z.string().max(40).optional(), target_id: z.string().max(64).optional() }) } }, async (req) => {
    await who(req, ['admin']);
    const q = await db.query(
      `select a.id::text, a.action, a.target_type, a.target_id, a.reason, a.details, a.ip, a.created_at, s.email as staff
         from audit_log a left join staff s on s.id = a.staff_id
        where ($1::text is null or a.target_type = $1) and ($2::text is null or a.target_id = $2) order by a.id desc limit 200`,
      [req.query.target_type ?? null, req.query.target_id ?? null],
    );
    return ok(q.rows);
  });

  r.get('/ops/api/ledger/check', { schema: { tags, summary: 'Run every ledger invariant now (admin)' } }, async (req) => {
    await who(req, ['admin']);
    const breaches = await checkLedger(db);
    return ok({ ok: breaches.length === 0, breaches });
  });
}
