import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { page, pageSize } from '../../lib/fields.js';
import { formatMinor } from '../../lib/money.js';
import { gcRoute } from '../../lib/route.js';
import { referredTotal } from '../referral/service.js';
import { firstOrderBonusFor } from '../catalog/service.js';
import { vipRepo } from './repo.js';

export async function vipRoutes(app: FastifyInstance): Promise<void> {
  gcRoute(app, {
    path: '/vip/info',
    summary: 'VIP level, experience, the level table with rate bonuses, and the order bonuses',
    auth: 'required',
    body: z.object({}),
    handler: async (req) => {
      const userId = req.auth!.userId;
      // Two round trips: what needs only the user's id, then what needs their wallet currency, each read at once.
      const [u, totals] = await Promise.all([vipRepo.standing(app.db, userId), vipRepo.bonusTotals(app.db, userId)]);
      const levels = await app.ref.vipLevels();
      const country = await app.ref.country(u?.country_id ?? 1);
      const cur = await app.ref.currency(country.wallet_currency);
      const usdt = await app.ref.currency('USDT');
      const [first, referred] = await Promise.all([
        firstOrderBonusFor(app.db, app, { userId, currency: cur.code }),
        referredTotal(app.db, { userId, currency: cur.code }),
      ]);
      const ladder = (await app.ref.ladder()).get(cur.code) ?? [];
      const level = u?.vip_level ?? 0;
      const exp = Number(u?.vip_exp ?? 0n);
      const next = levels.find((l) => l.level === level + 1);
      const total = (code: string) => totals.get(code) ?? 0n;
      return {
        vip_level: level,
        vip_exp: exp,
        vip_info: levels.map((l) => ({
          level: l.level,
          name: l.name,
          exp: Number(l.exp_threshold),
          rate: l.rate_bp / 100,
        })),
        next_exp: Number(next?.exp_threshold ?? levels[levels.length - 1]?.exp_threshold ?? 0n),
        total_bonus: formatMinor(total(cur.code), cur.decimals),
        total_bonus_usdt: formatMinor(total('USDT'), usdt.decimals),
        referred_total_bonus: formatMinor(referred, cur.decimals),
        first_order_bonus: formatMinor(first, cur.decimals),
        amount_order_bonus: ladder.map((t) => ({
          bonus_amount: formatMinor(t.bonusAmountMinor, cur.decimals),
          order_amount: formatMinor(t.orderAmountMinor, cur.decimals),
        })),
        currency_symbol: cur.symbol,
        task_list: [],
      };
    },
  });

  gcRoute(app, {
    path: '/vip/default',
    summary: 'The VIP programme for everyone: each level, its experience threshold and its rate bonus (%)',
    body: z.object({}),
    handler: async () => {
      const levels = await app.ref.vipLevels();
      return {
        vip_info: levels.map((l) => ({
          level: l.level,
          name: l.name,
          exp: Number(l.exp_threshold),
          rate: l.rate_bp / 100,
        })),
        max_level: levels.reduce((a, l) => Math.max(a, l.level), 0),
      };
    },
  });

  gcRoute(app, {
    path: '/vip/loglist',
    summary: 'Experience changes, newest first',
    auth: 'required',
    body: z.object({ page: page(), page_size: pageSize(20, 200) }),
    handler: async (req) => {
      const rows = await vipRepo.log(app.db, req.auth!.userId, req.body.page, req.body.page_size);
      return rows.map((x) => ({
        id: Number(x.id),
        user_id: x.user_id,
        exp: Number(x.exp),
        after_exp: Number(x.after_exp),
        type: x.type,
        memo: x.memo,
        source: x.source,
        create_time: Math.floor(x.created_at.getTime() / 1000),
        ...(x.order_no ? { order_no: x.order_no } : {}),
      }));
    },
  });
}
