import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError, ok } from '../../lib/envelope.js';
import { formatMinor, moneyText, parseAmount } from '../../lib/money.js';
import { CATALOG_CHANNEL, RATE_IN_FORCE, cardName } from '../catalog/service.js';
import { opsContext, type OpsOptions } from './context.js';
import { audit } from './staff.js';

/** The payout currencies a card has a rate in. */
const PAYOUT_CURRENCIES = ['NGN', 'GHS', 'USDT'] as const;

export const RATE_MESSAGES = {
  card: 'Card not found',
  rate: (code: string) => `Enter a rate above zero in ${code}, with at most its decimals`,
  past: 'A rate change takes effect now or later, never in the past',
  far: 'Schedule a rate change at most 90 days ahead',
  cancel: 'Only a scheduled change that has not taken effect yet can be cancelled',
} as const;

/**
 * Rates (issue 14): every card (brand, card country, form and face-value band) with its rate in
 * each payout currency, changed by an admin now or at a set time, each change kept with who, why
 * and old → new. A change is announced to every api process (NOTIFY), whose catalog reloads.
 */
export async function rateRoutes(app: FastifyInstance, opts: OpsOptions): Promise<void> {
  const { db, ref, catalog, r, tags, who } = opsContext(app, opts);

  r.get('/ops/api/rates', { schema: { tags, summary: 'Every active card with its rate in force in each payout currency, and the changes scheduled' } }, async (req) => {
    await who(req, ['reviewer', 'finance']);
    const cards = await db.query<{ id: number; category_name: string; currency_code: string; form_name: string; min_face: number; max_face: number; symbol: string }>(
      `select c.id, k.name as category_name, c.currency_code, f.name as form_name, c.min_face, c.max_face, cur.symbol
         from cards c join card_categories k on k.id = c.category_id join card_forms f on f.code = c.form_code join currencies cur on cur.code = c.currency_code
        where c.active and k.active order by k.sort, c.currency_code, c.sort`,
    );
    const rates = await db.query<{ card_id: number; currency_code: string; rate_minor: bigint }>(
      `select r.card_id, r.currency_code, coalesce(rc.new_rate_minor, r.rate_minor) as rate_minor
         from card_rates r left join lateral (${RATE_IN_FORCE('r.card_id', 'r.currency_code')}) rc on true`,
    );
    const scheduled = await db.query<{ id: bigint; card_id: number; currency_code: string; new_rate_minor: bigint; effective_at: Date }>(
      'select id, card_id, currency_code, new_rate_minor, effective_at from card_rate_changes where cancelled_at is null and effective_at > now() order by effective_at',
    );
    const decimals = Object.fromEntries(await Promise.all(PAYOUT_CURRENCIES.map(async (c) => [c, (await ref.currency(c)).decimals] as const)));
    const byCard = new Map<number, Record<string, string>>();
    for (const x of rates.rows) {
      if (!(x.currency_code in decimals)) continue;
      byCard.set(x.card_id, { ...(byCard.get(x.card_id) ?? {}), [x.currency_code]: formatMinor(x.rate_minor, decimals[x.currency_code]!) });
    }
    return ok({
      currencies: PAYOUT_CURRENCIES,
      cards: cards.rows.map((c) => ({ card_id: c.id, name: cardName(c, c.symbol), brand: c.category_name, card_currency: c.currency_code, form: c.form_name, min_face: c.min_face, max_face: c.max_face, rates: byCard.get(c.id) ?? {} })),
      scheduled: scheduled.rows.map((s) => ({ id: Number(s.id), card_id: s.card_id, currency: s.currency_code, rate: formatMinor(s.new_rate_minor, decimals[s.currency_code] ?? 2), effective_at: s.effective_at })),
    });
  });

  r.post(
    '/ops/api/rates',
    {
      schema: {
        tags,
        summary: 'Change rates (admin): one or more cards and payout currencies, now or at effective_at, with a reason',
        body: z.object({
          changes: z.array(z.object({ card_id: z.number().int().positive(), currency: z.enum(PAYOUT_CURRENCIES), rate: z.string().max(24) })).min(1).max(200),
          effective_at: z.iso.datetime({ offset: true }).optional(),
          reason: z.string().min(3).max(500),
        }),
      },
    },
    async (req) => {
      const s = await who(req, ['admin']);
      const b = req.body;
      const now = Date.now();
      const at = b.effective_at ? new Date(b.effective_at) : new Date(now);
      if (at.getTime() < now - 60_000) throw new AppError(RATE_MESSAGES.past);
      if (at.getTime() > now + 90 * 86_400_000) throw new AppError(RATE_MESSAGES.far);
      const out = await db.tx(async (q) => {
        const made: { id: number; card_id: number; currency: string; old: string; new: string }[] = [];
        for (const c of b.changes) {
          const cur = await ref.currency(c.currency);
          const rate = parseAmount(c.rate, cur.decimals);
          if (!rate.ok || rate.minor <= 0n) throw new AppError(RATE_MESSAGES.rate(cur.code));
          // The rate in force at the moment this one takes effect: the "old" of its history line.
          const before = await q.query<{ rate_minor: bigint }>(
            `select coalesce((${RATE_IN_FORCE('r.card_id', 'r.currency_code', '$3')}), r.rate_minor) as rate_minor
               from card_rates r join cards k on k.id = r.card_id and k.active where r.card_id = $1 and r.currency_code = $2`,
            [c.card_id, cur.code, at],
          );
          const old = before.rows[0];
          if (!old) throw new AppError(RATE_MESSAGES.card);
          const ins = await q.query<{ id: bigint }>(
            'insert into card_rate_changes (card_id, currency_code, old_rate_minor, new_rate_minor, effective_at, staff_id, reason) values ($1,$2,$3,$4,$5,$6,$7) returning id',
            [c.card_id, cur.code, old.rate_minor, rate.minor, at, s.id, b.reason],
          );
          made.push({ id: Number(ins.rows[0]!.id), card_id: c.card_id, currency: cur.code, old: moneyText(old.rate_minor, cur), new: moneyText(rate.minor, cur) });
        }
        await audit(q, { staffId: s.id, action: 'rate.change', targetType: 'rates', targetId: made.map((m) => `${m.card_id}:${m.currency}`).join(',').slice(0, 200), reason: b.reason, details: { effective_at: at.toISOString(), changes: made }, ip: req.ip });
        // Delivered to every process listening when this transaction commits.
        await q.query('select pg_notify($1, $2)', [CATALOG_CHANNEL, 'rates']);
        return made;
      });
      catalog.invalidate();
      return ok({ effective_at: at, changes: out });
    },
  );

  r.get('/ops/api/rates/history', { schema: { tags, summary: 'Rate changes, newest first: who, when, why, old → new', querystring: z.object({ card_id: z.coerce.number().int().positive().optional(), currency: z.enum(PAYOUT_CURRENCIES).optional() }) } }, async (req) => {
    await who(req, ['reviewer', 'finance']);
    const rows = await db.query<{ id: bigint; card_id: number; currency_code: string; old_rate_minor: bigint; new_rate_minor: bigint; effective_at: Date; created_at: Date; reason: string; staff_name: string; cancelled_at: Date | null }>(
      `select x.id, x.card_id, x.currency_code, x.old_rate_minor, x.new_rate_minor, x.effective_at, x.created_at, x.reason, s.name as staff_name, x.cancelled_at
         from card_rate_changes x join staff s on s.id = x.staff_id
        where ($1::int is null or x.card_id = $1) and ($2::text is null or x.currency_code = $2)
        order by x.id desc limit 200`,
      [req.query.card_id ?? null, req.query.currency ?? null],
    );
    return ok(
      await Promise.all(
        rows.rows.map(async (x) => {
          const cur = await ref.currency(x.currency_code);
          return { id: Number(x.id), card_id: x.card_id, currency: cur.code, old: formatMinor(x.old_rate_minor, cur.decimals), new: formatMinor(x.new_rate_minor, cur.decimals), effective_at: x.effective_at, created_at: x.created_at, by: x.staff_name, reason: x.reason, cancelled_at: x.cancelled_at };
        }),
      ),
    );
  });

  r.post('/ops/api/rates/changes/:id/cancel', { schema: { tags, summary: 'Cancel a scheduled rate change before it takes effect (admin)', params: z.object({ id: z.coerce.number().int().positive() }), body: z.object({ reason: z.string().min(3).max(500) }) } }, async (req) => {
    const s = await who(req, ['admin']);
    await db.tx(async (q) => {
      const u = await q.query('update card_rate_changes set cancelled_at = now(), cancelled_by = $2 where id = $1 and cancelled_at is null and effective_at > now() returning id', [req.params.id, s.id]);
      if (!u.rows.length) throw new AppError(RATE_MESSAGES.cancel);
      await audit(q, { staffId: s.id, action: 'rate.cancel', targetType: 'rate_change', targetId: String(req.params.id), reason: req.body.reason, ip: req.ip });
      await q.query('select pg_notify($1, $2)', [CATALOG_CHANNEL, 'rates']);
    });
    catalog.invalidate();
    return ok({});
  });
}
