import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { optInt, page, pageSize, text } from '../../lib/fields.js';
import { gcRoute, WithTopLevel } from '../../lib/route.js';
import { moneyUser, walletCurrency } from '../../shared/money-user.js';
import { couponView, heldCoupons, usableCoupon } from './service.js';

/** The coupon calls: the user's coupons, and a check of one before it goes on an order. */
export async function couponRoutes(app: FastifyInstance): Promise<void> {
  const { db, ref } = app;

  const view = async (c: Parameters<typeof couponView>[0]) =>
    couponView(c, c.currency_code ? await ref.currency(c.currency_code) : null);

  gcRoute(app, {
    path: '/order/getAvailableCoupon',
    summary:
      'The coupons the user holds (type 0 all, 1 local-currency wallet, 2 USDT wallet), usable ones first; ' +
      'total/page/page_size beside data',
    auth: 'required',
    body: z.object({ type: optInt('type', 0, { min: 0, max: 2 }), page: page(), page_size: pageSize(10, 100) }),
    handler: async (req) => {
      const b = req.body;
      const all = await Promise.all(
        (await heldCoupons(db, { userId: req.auth!.userId, walletType: b.type as 0 | 1 | 2 })).map(view),
      );
      // Usable first, then not yet started, expired and used; each group by the nearest end.
      all.sort((x, y) => x.asc_sort - y.asc_sort || x.valid_end_time - y.valid_end_time);
      const list = all.slice(b.page * b.page_size, (b.page + 1) * b.page_size);
      return new WithTopLevel(list, { total: all.length, page: b.page, page_size: b.page_size });
    },
  });

  gcRoute(app, {
    path: '/order/checkCoupon',
    summary: 'Whether the user can use a coupon on an order to the given wallet; the coupon when so',
    auth: 'required',
    body: z.object({
      coupon_code: text('coupon_code', 64, 'Enter a coupon code'),
      wallet_type: optInt('wallet_type', 1, { min: 1, max: 2 }),
    }),
    handler: async (req) => {
      const u = await moneyUser(db, { ref }, req.auth!.userId);
      const cur = walletCurrency(u, req.body.wallet_type);
      return view(
        await usableCoupon(db, {
          userId: u.id,
          code: req.body.coupon_code,
          walletType: req.body.wallet_type,
          currency: cur.code,
        }),
      );
    },
  });
}
