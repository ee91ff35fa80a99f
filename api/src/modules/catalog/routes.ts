import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { int, optInt, optText, page, pageSize } from '../../lib/fields.js';
import { bpToPercent, bpToPercentNumber, formatMinor, minorToNumber } from '../../lib/money.js';
import { generationCache } from '../../lib/cache.js';
import { gcRoute } from '../../lib/route.js';
import { findUserById } from '../user/repo.js';
import type { CardRow } from './repo.js';
import { Catalog, cardName, firstOrderBonusFor } from './service.js';

const DEFAULT_COUNTRY = 1;

/** The user's country and VIP level when signed in; otherwise the country asked for (Nigeria by default). */
async function viewer(app: FastifyInstance, req: FastifyRequest, countryId: number | undefined) {
  if (req.auth) {
    const u = await findUserById(app.db, req.auth.userId);
    if (u) return { country: await app.ref.country(u.country_id), vipLevel: u.vip_level };
  }
  return { country: await app.ref.country(countryId || DEFAULT_COUNTRY), vipLevel: 0 };
}

const countryField = optInt('country_id', 0, { min: 0, max: 1_000_000 });

export async function catalogRoutes(app: FastifyInstance): Promise<void> {
  const { catalog } = app;
  const sheets = generationCache<unknown>({ ttlMs: 15_000, max: 500, generation: () => catalog.generation });

  gcRoute(app, {
    path: '/card/category',
    summary: 'Card brands (categories)',
    body: z.object({}),
    handler: async () => {
      const r = await app.catalog.categories();
      return r.map((c) => ({ category_id: c.id, category_name: c.name }));
    },
  });

  gcRoute(app, {
    path: '/card/currencyList',
    summary: 'Card currencies',
    body: z.object({}),
    handler: async () => {
      const list = [...(await app.ref.currencies()).values()].filter((c) => c.is_card_currency);
      return list.map((c) => ({
        currency_id: c.id,
        currency_name: c.name,
        currency_symbol: c.symbol,
        currency_code: c.code,
        sort: c.sort,
      }));
    },
  });

  gcRoute(app, {
    path: '/v2/card/catalog',
    summary: 'Rate sheet: brands → card currency → cards, with base, VIP and best rates in the payout currency',
    auth: 'optional',
    body: z.object({
      country_id: countryField,
      page: page(),
      page_size: pageSize(1000, 1000),
      card_catgory: optInt('card_catgory', 0, { min: 0, max: 1_000_000 }),
      currency: optText('currency', 8),
      wallet_type: optInt('wallet_type', 1, { min: 1, max: 2 }),
    }),
    handler: async (req) => {
      const b = req.body;
      const { country, vipLevel } = await viewer(app, req, b.country_id);
      const payoutCode = b.wallet_type === 2 ? 'USDT' : country.wallet_currency;
      // The sheet depends only on these inputs and the (cached) rates: built once per 15 s, and again
      // as soon as a rate changes.
      const key = JSON.stringify([payoutCode, vipLevel, b.page, b.page_size, b.card_catgory, b.currency]);
      return sheets(key, () => buildSheet(b, payoutCode, vipLevel));
    },
  });

  async function buildSheet(
    b: { page: number; page_size: number; card_catgory: number; currency: string },
    payoutCode: string,
    vipLevel: number,
  ) {
    {
      const payout = await app.ref.currency(payoutCode);
      const currencies = await app.ref.currencies();
      const vipBp = await app.ref.vipBp(vipLevel);
      const cards = await catalog.cards(payoutCode, {
        categoryId: b.card_catgory || undefined,
        currency: b.currency ? b.currency.toUpperCase() : undefined,
      });
      const byCategory = new Map<number, CardRow[]>();
      for (const c of cards) byCategory.set(c.category_id, [...(byCategory.get(c.category_id) ?? []), c]);
      const d = payout.decimals;
      const rateOf = (c: CardRow) => (payoutCode === 'USDT' ? c.usdt_rate_minor : c.rate_minor);
      const withVip = (r: bigint) => (r * BigInt(10_000 + vipBp)) / 10_000n;
      const categories = [...byCategory.values()]
        .slice(b.page * b.page_size, (b.page + 1) * b.page_size)
        .map((list) => {
          const first = list[0] as CardRow;
          const groups = new Map<string, CardRow[]>();
          for (const c of list) groups.set(c.currency_code, [...(groups.get(c.currency_code) ?? []), c]);
          const best = list.reduce(
            (a, c) => (rateOf(c) > rateOf(a) && c.currency_code === 'USD' ? c : a),
            list.find((c) => c.currency_code === 'USD') ?? first,
          );
          const usd = list.filter((c) => c.currency_code === best.currency_code).map(rateOf);
          const lo = usd.reduce((a, x) => (x < a ? x : a));
          const hi = usd.reduce((a, x) => (x > a ? x : a));
          const bestSymbol = currencies.get(best.currency_code)?.symbol ?? '';
          return {
            category_id: first.category_id,
            category_name: first.category_name,
            category_logo: first.category_logo,
            category_logo_img: first.category_logo,
            category_icon: first.category_icon,
            category_introduction: first.category_intro,
            timeout_seconds: `${first.timeout_minutes}min`,
            sticky_status: first.sticky ? 1 : 0,
            order_sort: first.category_sort,
            top_currency: best.currency_code,
            top_rate: minorToNumber(rateOf(best), d),
            top_optimal_rate: formatMinor(withVip(rateOf(best)), d),
            top_currency_symbol: bestSymbol,
            top_rate_range: lo === hi ? formatMinor(hi, d) : `${formatMinor(lo, d)}~${formatMinor(hi, d)}`,
            list: [...groups.entries()].map(([currency, group]) => ({
              currency,
              list: group.map((c) => {
                const sym = currencies.get(c.currency_code)?.symbol ?? '';
                const base = rateOf(c);
                const opt = withVip(base);
                return {
                  card_id: c.id,
                  name: cardName(c, sym),
                  currency: c.currency_code,
                  currency_symbol: sym,
                  form: c.form_code,
                  form_name: c.form_name,
                  min_face: c.min_face,
                  max_face: c.max_face,
                  // Numbers: the apps compute with them (rate.toFixed(2)); the web reads either form.
                  rate: minorToNumber(base, d),
                  usdt_rate: minorToNumber(c.usdt_rate_minor, 4),
                  rate_detail: [
                    { type: 'base', rate: minorToNumber(base, d), per: '0' },
                    { type: 'vip', rate: minorToNumber(opt - base, d), per: bpToPercent(vipBp), level: vipLevel },
                  ],
                  optimal_rate: formatMinor(opt, d),
                  all_per: bpToPercent(vipBp),
                };
              }),
            })),
          };
        });
      return {
        card_list: categories,
        batch_time: Math.floor(Date.now() / 1000),
        first_card_name: categories[0]?.category_name ?? '',
        payout_currency: payout.code,
        currency_symbol: payout.symbol,
      };
    }
  }

  gcRoute(app, {
    path: '/card/calculator',
    summary: 'Rate calculator: VIP table, cards with rates, and a quote when card_id and face_value are given',
    auth: 'optional',
    body: z.object({
      country_id: countryField,
      card_id: optInt('card_id', 0, { min: 0, max: 1_000_000 }),
      face_value: optText('face_value', 20),
      wallet_type: optInt('wallet_type', 1, { min: 1, max: 2 }),
    }),
    handler: async (req) => {
      const b = req.body;
      const { country, vipLevel } = await viewer(app, req, b.country_id);
      const payoutCode = b.wallet_type === 2 ? 'USDT' : country.wallet_currency;
      const payout = await app.ref.currency(payoutCode);
      const levels = await app.ref.vipLevels();
      const vipBp = await app.ref.vipBp(vipLevel);
      const next = levels.find((l) => l.level === vipLevel + 1);
      const ladder = (await app.ref.ladder()).get(payoutCode) ?? [];
      // The bonus a new order would get: none while an order in review would take it first.
      const firstBonus = await firstOrderBonusFor(app.db, app, {
        userId: req.auth?.userId,
        currency: payoutCode,
        newOrder: true,
      });
      const cards = await catalog.cards(payoutCode);
      const currencies = await app.ref.currencies();
      const cats = new Map<number, CardRow[]>();
      for (const c of cards) cats.set(c.category_id, [...(cats.get(c.category_id) ?? []), c]);
      const q = b.card_id
        ? Catalog.quoteView(
            await catalog.quoteCard({
              cardId: b.card_id,
              faceValue: b.face_value || undefined,
              payoutCurrency: payoutCode,
              vipLevel,
              firstOrderBonusMinor: firstBonus,
            }),
            vipBp,
          )
        : null;
      return {
        // Rates, bonuses and VIP percents are numbers: the apps' calculator does arithmetic on them.
        first_order_bonus: minorToNumber(firstBonus, payout.decimals),
        amount_order_bonus: ladder[0]
          ? {
              bonus_amount: minorToNumber(ladder[0].bonusAmountMinor, payout.decimals),
              order_amount: minorToNumber(ladder[0].orderAmountMinor, payout.decimals),
            }
          : { bonus_amount: 0, order_amount: 0 },
        vip_info: vipLevel,
        vip: levels.map((l) => ({ level: l.level, rate: bpToPercentNumber(l.rate_bp) })),
        vip_detail: {
          level: vipLevel,
          rate: bpToPercentNumber(vipBp),
          next_level: next?.level ?? vipLevel,
          next_level_rate: bpToPercentNumber(next?.rate_bp ?? vipBp),
          exp_efficiency: 1,
          upgrade_point: next ? Number(next.exp_threshold) : 0,
        },
        payout_currency: payout.code,
        currency_symbol: payout.symbol,
        card_list: [...cats.values()].map((list) => {
          const f = list[0] as CardRow;
          return {
            category_id: f.category_id,
            category_name: f.category_name,
            category_logo: f.category_logo,
            category_image: f.category_logo,
            sort: f.category_sort,
            list: list.map((c) => ({
              card_id: c.id,
              name: cardName(c, currencies.get(c.currency_code)?.symbol ?? ''),
              rate: minorToNumber(c.rate_minor, payout.decimals),
              usdt_rate: minorToNumber(c.usdt_rate_minor, 4),
              currency: c.currency_code,
              form: c.form_code,
              min_face: c.min_face,
              max_face: c.max_face,
              category_id: c.category_id,
              category_name: c.category_name,
            })),
          };
        }),
        quote: q,
      };
    },
  });

  // Quote alone, for the sell form: the same pricing function the order will lock.
  gcRoute(app, {
    path: '/card/quote',
    summary:
      'Quote one card: face value × rate × (1 + VIP %) + ladder bonus (+ the first-order bonus), line by line, ' +
      'in the payout currency',
    auth: 'optional',
    body: z.object({
      country_id: countryField,
      card_id: int('card_id', { min: 1, max: 1_000_000, required: 'Please choose a card' }),
      face_value: z.union([z.string(), z.number()], { error: 'Please enter the face value' }),
      wallet_type: optInt('wallet_type', 1, { min: 1, max: 2 }),
    }),
    handler: async (req) => {
      const b = req.body;
      const { country, vipLevel } = await viewer(app, req, b.country_id);
      const payoutCode = b.wallet_type === 2 ? 'USDT' : country.wallet_currency;
      const firstBonus = await firstOrderBonusFor(app.db, app, {
        userId: req.auth?.userId,
        currency: payoutCode,
        newOrder: true,
      });
      return Catalog.quoteView(
        await catalog.quoteCard({
          cardId: b.card_id,
          faceValue: b.face_value,
          payoutCurrency: payoutCode,
          vipLevel,
          firstOrderBonusMinor: firstBonus,
        }),
        await app.ref.vipBp(vipLevel),
      );
    },
  });
}
