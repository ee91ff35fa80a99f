import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { email, optInt, optText, text } from '../../lib/fields.js';
import { bpToPercentNumber, formatMinor, minorToNumber } from '../../lib/money.js';
import { firstOrderBonusFor } from '../catalog/service.js';
import { gcRoute } from '../../lib/route.js';
import { absoluteUrl } from '../../lib/urls.js';
import { usableCount } from '../coupon/service.js';
import { countryView } from './views.js';
import { findUserById } from '../user/repo.js';
import { publicRepo } from './repo.js';
import { openCase } from '../cases/service.js';

export async function publicRoutes(app: FastifyInstance): Promise<void> {
  gcRoute(app, {
    path: '/public/countrylist',
    summary: 'Countries users sign up from, Nigeria first',
    body: z.object({}),
    sameForAll: async () => [await app.ref.countries(), await app.ref.currencies()],
    handler: async () => {
      const currencies = await app.ref.currencies();
      return (await app.ref.countries()).map((c) => countryView(c, currencies.get(c.wallet_currency)!));
    },
  });

  gcRoute(app, {
    path: '/public/homebanner',
    summary: 'Home banners and announcements',
    body: z.object({}),
    handler: async () => {
      const [banners, notes] = await Promise.all([publicRepo.banners(app.db), publicRepo.announcements(app.db)]);
      return {
        // new_params is text (SPEC types it so; the apps open a `web` banner's new_params as its URL).
        banner: banners.map((b) => ({
          id: b.id,
          image: absoluteUrl(app.config.publicUrl, b.image),
          title: b.title,
          action: b.action,
          new_params:
            b.action === 'web'
              ? absoluteUrl(app.config.publicUrl, String(b.params.url ?? ''))
              : JSON.stringify(b.params),
          params: JSON.stringify(b.params),
        })),
        announcement_content: notes.map((n) => n.content),
        home_activity: {},
      };
    },
  });

  gcRoute(app, {
    path: '/public/appinit',
    summary: 'App settings (InitData): links, contacts, sign-up methods, feature switches',
    auth: 'optional',
    body: z.object({
      os_type: optText('os_type', 20),
      device_no: optText('device_no', 200),
      device_type: optText('device_type', 200),
    }),
    handler: async (req) => {
      const init = await app.ref.setting<Record<string, unknown>>('appinit', {});
      const userId = req.auth?.userId;
      // The bell has its own call (finder/allNoticeWithoutRead); coupons are counted here.
      // Contact details come from the settings, never from seeded placeholders.
      const { supportEmail, supportWhatsapp, supportPhone } = app.config;
      const contacts = {
        email: supportEmail,
        whatsapp_phone: supportWhatsapp,
        service_phone: supportPhone || supportWhatsapp,
        vip_phone: supportWhatsapp,
      };
      return {
        ...init,
        ...contacts,
        have_notice: false,
        notice_count: 0,
        coupon_num: userId ? await usableCount(app.db, userId) : 0,
      };
    },
  });

  gcRoute(app, {
    path: '/public/ladderConfig',
    summary: 'Amount-tier bonuses: an order whose payout reaches order_amount earns bonus_amount',
    auth: 'optional',
    body: z.object({
      country_id: optInt('country_id', 0, { min: 0, max: 1_000_000 }),
      wallet_type: optInt('wallet_type', 1, { min: 1, max: 2 }),
    }),
    handler: async (req) => {
      let countryId = req.body.country_id || 1;
      if (req.auth) {
        countryId = (await findUserById(app.db, req.auth.userId))?.country_id ?? countryId;
      }
      const country = await app.ref.country(countryId);
      const code = req.body.wallet_type === 2 ? 'USDT' : country.wallet_currency;
      const cur = await app.ref.currency(code);
      const tiers = (await app.ref.ladder()).get(code) ?? [];
      return tiers.map((t) => ({
        order_amount: formatMinor(t.orderAmountMinor, cur.decimals),
        bonus_amount: formatMinor(t.bonusAmountMinor, cur.decimals),
        currency: cur.code,
        currency_symbol: cur.symbol,
      }));
    },
  });

  gcRoute(app, {
    path: '/public/vipActivityDes',
    summary: 'Sell-page configuration: delay compensation tiers, VIP table, tips',
    auth: 'optional',
    body: z.object({}),
    handler: async (req) => {
      const page = await app.ref.setting<Record<string, unknown>>('sell_page', {});
      const levels = await app.ref.vipLevels();
      let level = 0;
      let code = 'NGN';
      if (req.auth) {
        const u = await findUserById(app.db, req.auth.userId);
        level = u?.vip_level ?? 0;
        code = (await app.ref.country(u?.country_id ?? 1)).wallet_currency;
      }
      const cur = await app.ref.currency(code);
      const ladder = (await app.ref.ladder()).get(code) ?? [];
      const first = await firstOrderBonusFor(app.db, app, { userId: req.auth?.userId, currency: code });
      // Numbers: the sell tab computes with them (first_order_bonus.toFixed(2) whenever it is truthy).
      const rate = (l: number) => bpToPercentNumber(levels.find((v) => v.level === l)?.rate_bp ?? 0);
      return {
        ...page,
        vip: levels.map((l) => ({ level: l.level, rate: rate(l.level) })),
        vip_info: level,
        vip_detail: {
          level,
          rate: rate(level),
          next_level: Math.min(level + 1, levels.length - 1),
          next_level_rate: rate(level + 1),
          exp_coefficient: 1,
          upgrade_point: 0,
        },
        first_order_bonus: minorToNumber(first, cur.decimals),
        amount_order_bonus: ladder.map((t) => ({
          bonus_amount: minorToNumber(t.bonusAmountMinor, cur.decimals),
          order_amount: minorToNumber(t.orderAmountMinor, cur.decimals),
        })),
        rank: 0,
        is_active: 1,
      };
    },
  });

  gcRoute(app, {
    path: '/public/contact',
    summary:
      'Contact form: opens a case (a visitor’s is tied to their e-mail and answered by e-mail); its reference is ' +
      'e-mailed to them',
    auth: 'optional',
    limit: 'code',
    body: z.object({
      name: text('Name', 100),
      email: email('Email is required'),
      subject: optText('Subject', 200),
      message: text('Message', 5000),
    }),
    handler: async (req) => {
      const b = req.body;
      await openCase(app.db, app.cases, {
        userId: req.auth?.userId ?? null,
        guest: { email: b.email, name: b.name },
        about: 'other',
        subject: b.subject || 'Contact form',
        message: b.message,
        acknowledge: true,
      });
      return null;
    },
  });

  gcRoute(app, {
    path: '/public/lead',
    summary: 'A content block by type (e.g. app_vip_introduction)',
    body: z.object({ type: text('type', 64) }),
    handler: async (req) => {
      const blocks = await app.ref.setting<Record<string, { title: string; value: string }>>('lead', {});
      const b = blocks[req.body.type];
      return b ? { status: 1, title: b.title, value: b.value } : { status: 0, title: '', value: '' };
    },
  });

  gcRoute(app, {
    path: '/public/popConfig',
    summary: 'Popup for a moment of the app (condition 0 start, 1 sign-up, 2 order, 3 withdrawal)',
    body: z.object({ condition: optText('condition', 2) }),
    handler: async (req) => ({ pop: false, data: { image: '', url: '', jump_type: 1, condition: req.body.condition } }),
  });
}
