import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/envelope.js';
import { idempotencyKeyField, oneOf, optInt, optText, page, pageSize, text } from '../../lib/fields.js';
import { formatMinor, moneyText } from '../../lib/money.js';
import { gcRoute } from '../../lib/route.js';
import { Catalog, cardName, type CardRow } from '../catalog/service.js';
import { COUPON_MESSAGES, couponFits, heldCoupon, pricingCoupon, takeCouponUse } from '../coupon/service.js';
import { paramsHash } from '../ledger/ledger.js';
import { notify } from '../notices/service.js';
import { IMAGE_LIMITS, type DirectoryStore } from '../uploads/store.js';
import { moneyUser, walletCurrency } from '../wallet/context.js';
import { addEvent, newOrderNo, statusDesc, type OrderRow } from './service.js';
import { ORDER_FINISHED, ORDER_STATUS } from '@giftlane/shared-sdk/statuses';

export const APPADD_MESSAGES = {
  empty: 'Please upload card images or enter the card codes',
  tooManyImages: `At most ${IMAGE_LIMITS.perOrder} images per order`,
  image: 'An image was not found: please upload it again',
  couponMinimum: (amount: string) => `This coupon applies to trades of ${amount} or more`,
  faceWithoutCard: 'Choose a card to lock a quote for this face value',
  faceRequired: 'Enter the face value to lock a quote for this card',
  form: 'The card form does not match the chosen card',
  keyReused: 'This request key was already used for a different request',
} as const;

const DUPLICATE_WINDOW_S = 10;
const unix = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : 0);
const dateText = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');

export async function orderRoutes(app: FastifyInstance, opts: { store: DirectoryStore }): Promise<void> {
  const { db, ref } = app;
  const { catalog } = app;
  /**
   * The name of the card an order was submitted for (the same words as the catalog's), so a
   * pending or refused order, which has no approved card lines yet, still says what was sold.
   */
  const submittedCardName = async (cardId: number | null): Promise<string> => {
    if (!cardId) return '';
    const r = await db.query<Pick<CardRow, 'category_name' | 'currency_code' | 'form_name' | 'min_face' | 'max_face'>>(
      `select k.name as category_name, c.currency_code, f.name as form_name, c.min_face, c.max_face
         from cards c join card_categories k on k.id = c.category_id join card_forms f on f.code = c.form_code where c.id = $1`,
      [cardId],
    );
    const card = r.rows[0];
    return card ? cardName(card, (await ref.currency(card.currency_code)).symbol) : '';
  };

  const sellView = async (o: OrderRow, isFirst: boolean) => {
    const cur = await ref.currency(o.currency_code);
    const ladder = (await ref.ladder()).get(cur.code) ?? [];
    return {
      order_no: o.order_no,
      create_time: dateText(o.created_at),
      images: o.images.join(','),
      is_firstorder: isFirst,
      amount_order_bonus: ladder.map((t) => ({ bonus_amount: formatMinor(t.bonusAmountMinor, cur.decimals), order_amount: formatMinor(t.orderAmountMinor, cur.decimals) })),
      left_transfer_rebate: 0,
      currency_symbol: cur.symbol,
      overdue_msg: 0,
      ...(o.quote ? { quote: o.quote.view } : {}),
    };
  };

  gcRoute(app, {
    path: '/order/appadd',
    summary: 'Submit a sell order: uploaded images and/or codes in user_memo; card_id + face_value lock a quote',
    description: 'Optional idempotency_key: a retry with the same key and fields returns the first order. Without one, the same submission within 10 s returns the first order.',
    auth: 'required',
    body: z.object({
      images: z.union([z.string(), z.array(z.string())], { error: 'images must be text' }).optional(),
      user_memo: optText('user_memo', 2000),
      wallet_type: optInt('wallet_type', 1, { min: 1, max: 2 }),
      coupon_code: optText('coupon_code', 64),
      channel_type: optText('channel_type', 4),
      card_id: optInt('card_id', 0, { min: 0, max: 1_000_000_000 }),
      face_value: optText('face_value', 20),
      card_form: optText('card_form', 40),
      idempotency_key: idempotencyKeyField(),
    }),
    handler: async (req) => {
      const b = req.body;
      const u = await moneyUser(db, ref, req.auth!.userId);
      const cur = walletCurrency(u, b.wallet_type);
      const raw = b.images === undefined ? [] : Array.isArray(b.images) ? b.images : b.images.split(',');
      const images = raw.map((s) => s.trim()).filter(Boolean);
      if (images.length > IMAGE_LIMITS.perOrder) throw new AppError(APPADD_MESSAGES.tooManyImages);
      if (!images.length && !b.user_memo) throw new AppError(APPADD_MESSAGES.empty);
      const names = images.map((url) => opts.store.objectNameOf(url));
      if (names.some((n) => !n || !n.startsWith(`orders/${u.id}/`))) throw new AppError(APPADD_MESSAGES.image);
      if (names.length) {
        const found = await db.query<{ n: number }>("select count(*)::int as n from uploads where object_name = any($1::text[]) and user_id = $2 and status = 'stored'", [names, u.id]);
        if ((found.rows[0]?.n ?? 0) !== new Set(names).size) throw new AppError(APPADD_MESSAGES.image);
      }
      // The coupon prices the quote here; whether it can still be used is decided in the transaction,
      // under a row lock and after the replay check (a retried submission must not be refused for
      // the use its first attempt took).
      const held = b.coupon_code ? await heldCoupon(db, u.id, b.coupon_code) : null;
      if (b.coupon_code && !held) throw new AppError(COUPON_MESSAGES.notFound);
      const coupon = held ? couponFits(held, b.wallet_type, cur.code) : null;

      let quoteJson: Record<string, unknown> | null = null;
      let quoteTotal: bigint | null = null;
      let faceMinor: bigint | null = null;
      const vipBp = await ref.vipBp(u.vipLevel);
      if (b.card_id) {
        if (!b.face_value) throw new AppError(APPADD_MESSAGES.faceRequired);
        const q = await catalog.quoteCard({ cardId: b.card_id, faceValue: b.face_value, payoutCurrency: cur.code, vipLevel: u.vipLevel, coupon: coupon && pricingCoupon(coupon) });
        if (b.card_form && b.card_form !== q.card.form_code) throw new AppError(APPADD_MESSAGES.form);
        if (coupon && q.quote.baseMinor < coupon.enough_minor) throw new AppError(APPADD_MESSAGES.couponMinimum(`${moneyText(coupon.enough_minor, cur)}`));
        const rate = cur.code === 'USDT' ? q.card.usdt_rate_minor : q.card.rate_minor;
        quoteJson = { rate_minor: rate.toString(), face_minor: q.face.toString(), total_minor: q.quote.totalMinor.toString(), view: Catalog.quoteView(q, vipBp) };
        quoteTotal = q.quote.totalMinor;
        faceMinor = q.face;
      } else if (b.face_value) {
        throw new AppError(APPADD_MESSAGES.faceWithoutCard);
      }

      const key = b.idempotency_key || null;
      const couponCode = coupon?.code ?? '';
      const hash = paramsHash({ images, memo: b.user_memo, wallet: b.wallet_type, card: b.card_id, face: b.face_value, form: b.card_form, coupon: couponCode });
      const result = await db.tx(async (q) => {
        // One submission at a time per user, so a double-click cannot create two orders.
        await q.query('select pg_advisory_xact_lock(hashtext($1))', [`order:user:${u.id}`]);
        const prior = key
          ? await q.query<OrderRow>('select * from orders where user_id = $1 and idempotency_key = $2', [u.id, key])
          : await q.query<OrderRow>(
              'select * from orders where user_id = $1 and idempotency_key is null and params_hash = $2 and created_at > now() - make_interval(secs => $3) order by id desc limit 1',
              [u.id, hash, DUPLICATE_WINDOW_S],
            );
        const p = prior.rows[0];
        if (p) {
          if (p.params_hash !== hash) throw new AppError(APPADD_MESSAGES.keyReused);
          return { order: p, first: false, replay: true };
        }
        if (coupon) await takeCouponUse(q, u.id, coupon.code, b.wallet_type, cur.code);
        const count = await q.query<{ n: number }>('select count(*)::int as n from orders where user_id = $1', [u.id]);
        const ins = await q.query<OrderRow>(
          `insert into orders (order_no, user_id, wallet_type, currency_code, images, user_memo, coupon_code, coupon_id, card_id, card_form, face_minor, vip_bp, quote, quote_total_minor, idempotency_key, params_hash)
           values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16) returning *`,
          [newOrderNo(), u.id, b.wallet_type, cur.code, JSON.stringify(images), b.user_memo, couponCode, coupon?.id ?? null, b.card_id || null, b.card_form, faceMinor, vipBp, quoteJson ? JSON.stringify(quoteJson) : null, quoteTotal, key, hash],
        );
        const o = ins.rows[0] as OrderRow;
        await addEvent(q, o.id, 'submitted', quoteTotal !== null ? `Quote locked: ${moneyText(quoteTotal, cur)}` : 'Order submitted', `user:${u.id}`);
        await notify(q, u.id, { title: 'Order submitted', content: `We received your order ${o.order_no}. An operator will review your cards shortly.`, action: 'app_orderdetail', params: { order_no: o.order_no }, orderNo: o.order_no });
        return { order: o, first: (count.rows[0]?.n ?? 0) === 0, replay: false };
      });
      return sellView(result.order, result.first);
    },
  });

  gcRoute(app, {
    path: '/ord/list',
    summary: 'The user’s orders, newest first: status all / inprocess / done, pages from 0',
    auth: 'required',
    body: z.object({
      status: oneOf('status', ['all', 'inprocess', 'done'], 'all'),
      page: page(),
      page_size: pageSize(10, 100),
      start_time: optInt('start_time', 0, { min: 0, max: 9_999_999_999 }),
      end_time: optInt('end_time', 9_999_999_999, { min: 0, max: 9_999_999_999 }),
    }),
    handler: async (req) => {
      const b = req.body;
      const statuses = b.status === 'inprocess' ? [ORDER_STATUS.pending] : b.status === 'done' ? [...ORDER_FINISHED] : [ORDER_STATUS.pending, ...ORDER_FINISHED];
      const r = await db.query<OrderRow & { card_names: string | null; lines: number }>(
        `select o.*, (select string_agg(distinct l.card_name, ', ') from order_lines l where l.order_id = o.id and l.card_name <> '') as card_names,
                (select count(*)::int from order_lines l where l.order_id = o.id) as lines
           from orders o where o.user_id = $1 and o.status = any($2::int[]) and o.created_at >= to_timestamp($3) and o.created_at <= to_timestamp($4)
          order by o.id desc offset $5 limit $6`,
        [req.auth!.userId, statuses, b.start_time, b.end_time, b.page * b.page_size, b.page_size],
      );
      return Promise.all(
        r.rows.map(async (o) => {
          const cur = await ref.currency(o.currency_code);
          const shown = o.status === ORDER_STATUS.pending ? (o.quote_total_minor ?? 0n) : o.amount_minor;
          return {
            order_no: o.order_no,
            amount: Number(formatMinor(shown, cur.decimals)),
            status: o.status,
            status_desc: statusDesc(o),
            wallet_type: o.wallet_type,
            order_rebate: 0,
            refused_reason: o.refused_reason,
            // Shown to the owner through a short-lived signed link (card photos are private).
            images: o.images[0] ? opts.store.viewUrl(o.images[0]) : '',
            card_name: o.card_names ?? (await submittedCardName(o.card_id)),
            is_multi: o.lines > 1 ? 1 : 0,
            show_time: unix(o.created_at),
            all_money: formatMinor(o.amount_minor, cur.decimals),
            currency_symbol: cur.symbol,
          };
        }),
      );
    },
  });

  gcRoute(app, {
    path: '/ord/detail',
    summary: 'One of the user’s orders: card lines (keyList), images, bonuses, the locked quote and a timeline',
    auth: 'required',
    body: z.object({ order_no: text('order_no', 64, 'order_no is required') }),
    handler: async (req) => {
      const r = await db.query<OrderRow>('select * from orders where order_no = $1 and user_id = $2', [req.body.order_no, req.auth!.userId]);
      const o = r.rows[0];
      if (!o) throw new AppError('Order not found');
      const cur = await ref.currency(o.currency_code);
      const f = (m: bigint) => formatMinor(m, cur.decimals);
      const lines = await db.query<{ code: string; status: string; fail_reason: string; proof_image: string; amount_minor: bigint; face_minor: bigint; rate_minor: bigint; card_name: string; card_currency: string; image_index: number | null }>(
        'select * from order_lines where order_id = $1 order by seq',
        [o.id],
      );
      const events = await db.query<{ status: string; note: string; created_at: Date }>('select status, note, created_at from order_events where order_id = $1 order by id', [o.id]);
      const currencies = await ref.currencies();
      const failedImages = new Map<number, string>();
      for (const l of lines.rows) if (l.status === 'failed' && l.image_index !== null) failedImages.set(l.image_index, l.fail_reason);
      return {
        order_no: o.order_no,
        /** Our addition: the card the order was submitted for ('' without one). */
        card_name: await submittedCardName(o.card_id),
        user_memo: o.user_memo,
        currency: cur.code,
        currency_symbol: cur.symbol,
        amount: f(o.amount_minor),
        status: o.status,
        status_desc: statusDesc(o),
        wallet_type: o.wallet_type,
        create_time: unix(o.created_at),
        finish_time: unix(o.finished_at),
        coupon_code: o.coupon_code,
        coupon_amount: f(o.coupon_amount_minor),
        first_order_bonus: Number(f(o.first_order_bonus_minor)),
        reach_amount_bonus: Number(f(o.reach_amount_bonus_minor)),
        full_amount_bonus: 0,
        vip_bonus: Number(f(o.vip_bonus_minor)),
        refused_reason: o.refused_reason,
        payout_note: o.payout_note,
        quote: o.quote?.view ?? null,
        keyList: lines.rows.map((l, i) => {
          const cc = currencies.get(l.card_currency);
          return {
            key: l.code,
            status: l.status,
            image_id: l.image_index ?? i,
            sellout_image: l.proof_image ? opts.store.viewUrl(l.proof_image) : '',
            fail_reason: l.fail_reason,
            amount: Number(f(l.amount_minor)),
            facevalue: cc ? Number(formatMinor(l.face_minor, cc.decimals)) : 0,
            purchase_rate: Number(f(l.rate_minor)),
            card_name: l.card_name,
            card_currency: l.card_currency,
            currency_symbol: cc?.symbol ?? '',
            card_image: '',
          };
        }),
        imageList: o.images.map((ref, i) => ({ url: opts.store.viewUrl(ref), refused_reason: failedImages.get(i) ?? '', type: 1 })),
        order_activity_result: [],
        timeline: events.rows.map((e) => ({ status: e.status, time: unix(e.created_at), note: e.note })),
      };
    },
  });
}
