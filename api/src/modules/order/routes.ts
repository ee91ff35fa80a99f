import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/envelope.js';
import { idempotencyKeyField, oneOf, optInt, optText, page, pageSize, text } from '../../lib/fields.js';
import { formatMinor } from '../../lib/money.js';
import { gcRoute } from '../../lib/route.js';
import { cardName, payoutLinesView } from '../catalog/service.js';
import { delayLine } from '../compensation/tiers.js';
import { currencyIn, type Currency } from '../../shared/reference.js';
import type { Ledger } from '../ledger/ledger.js';
import type { UploadStore } from '../uploads/store.js';
import { acceptOffer, declineOffer, offerView, type OfferDeps } from './offer-service.js';
import { orderRepo, type CardNameParts, type OrderRow } from './repo.js';
import { creditedLines, quotedTotalMinor, statusDesc, submitOrder } from './service.js';
import { ORDER_CREDITED, ORDER_FINISHED, ORDER_STATUS } from '@giftlane/shared-sdk/statuses';

const unix = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : 0);
const dateText = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');

export async function orderRoutes(app: FastifyInstance, opts: { store: UploadStore; ledger: Ledger }): Promise<void> {
  const { db, ref } = app;
  const { catalog } = app;
  /** What the seller's answer to a counter-offer runs with (acceptance decides and credits the order). */
  const offerDeps: OfferDeps = {
    ref,
    jobs: app.jobs,
    decisions: {
      ledger: opts.ledger,
      ref,
      catalog,
      rateTolerancePercent: app.config.review.rateTolerancePercent,
    },
  };
  const view = (key: string) => opts.store.viewUrl(key);
  /**
   * The name of the card an order was submitted for (the same words as the catalog's), so a
   * pending or refused order, which has no approved card lines yet, still says what was sold.
   */
  const submittedName = (card: CardNameParts | null, currencies: Map<string, Currency>) =>
    card ? cardName(card, currencyIn(currencies, card.currency_code).symbol) : '';

  const sellView = async (o: OrderRow, isFirst: boolean) => {
    const cur = await ref.currency(o.currency_code);
    const ladder = (await ref.ladder()).get(cur.code) ?? [];
    return {
      order_no: o.order_no,
      create_time: dateText(o.created_at),
      images: o.images.join(','),
      is_firstorder: isFirst,
      amount_order_bonus: ladder.map((t) => ({
        bonus_amount: formatMinor(t.bonusAmountMinor, cur.decimals),
        order_amount: formatMinor(t.orderAmountMinor, cur.decimals),
      })),
      left_transfer_rebate: 0,
      currency_symbol: cur.symbol,
      // The minutes the order is promised in (CONTRACT: a number the apps do not show).
      overdue_msg: o.promised_at ? Math.round((o.promised_at.getTime() - o.created_at.getTime()) / 60_000) : 0,
      ...(o.quote ? { quote: o.quote.view } : {}),
    };
  };

  gcRoute(app, {
    path: '/order/appadd',
    summary: 'Submit a sell order: uploaded images and/or codes in user_memo; card_id + face_value lock a quote',
    description:
      'Optional idempotency_key: a retry with the same key and fields returns the first order. Without one, the ' +
      'same submission within 10 s returns the first order.',
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
      const result = await submitOrder(
        db,
        { ref, catalog, store: opts.store, jobs: app.jobs },
        {
          userId: req.auth!.userId,
          images: b.images,
          memo: b.user_memo,
          walletType: b.wallet_type,
          couponCode: b.coupon_code,
          cardId: b.card_id,
          faceValue: b.face_value,
          cardForm: b.card_form,
          idempotencyKey: b.idempotency_key,
        },
      );
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
      const statuses =
        b.status === 'inprocess'
          ? [ORDER_STATUS.pending]
          : b.status === 'done'
            ? [...ORDER_FINISHED]
            : [ORDER_STATUS.pending, ...ORDER_FINISHED];
      const rows = await orderRepo.listOf(db, req.auth!.userId, {
        statuses,
        from: b.start_time,
        to: b.end_time,
        page: b.page,
        size: b.page_size,
      });
      // One read of the currencies for the page, and no query per row: the list reads its page in one statement.
      const currencies = await ref.currencies();
      return rows.map((o) => {
        const cur = currencyIn(currencies, o.currency_code);
        const shown = o.status === ORDER_STATUS.pending ? (quotedTotalMinor(o) ?? 0n) : o.amount_minor;
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
          card_name: o.card_names ?? submittedName(o.submitted, currencies),
          is_multi: o.lines > 1 ? 1 : 0,
          show_time: unix(o.created_at),
          all_money: formatMinor(o.amount_minor, cur.decimals),
          currency_symbol: cur.symbol,
          promised_time: unix(o.promised_at),
          // The order's delay compensation (at most one), read with the page.
          ...(o.delay_minor !== null ? { delay_compensation: formatMinor(o.delay_minor, cur.decimals) } : {}),
        };
      });
    },
  });

  gcRoute(app, {
    path: '/ord/detail',
    summary: 'One of the user’s orders: card lines (keyList), images, bonuses, the locked quote and a timeline',
    auth: 'required',
    body: z.object({ order_no: text('order_no', 64, 'order_no is required') }),
    handler: async (req) => {
      const page = await orderRepo.detailOf(db, req.auth!.userId, req.body.order_no);
      if (!page) throw new AppError('Order not found');
      const { order: o, lines, events, delay, offer, appealCreditMinor, submitted } = page;
      const cur = await ref.currency(o.currency_code);
      const f = (m: bigint) => formatMinor(m, cur.decimals);
      const currencies = await ref.currencies();
      const failedImages = new Map<number, string>();
      for (const l of lines)
        if (l.status === 'failed' && l.image_index !== null) failedImages.set(l.image_index, l.fail_reason);
      return {
        order_no: o.order_no,
        /** Our addition: the card the order was submitted for ('' without one). */
        card_name: submittedName(submitted, currencies),
        user_memo: o.user_memo,
        currency: cur.code,
        currency_symbol: cur.symbol,
        amount: f(o.amount_minor),
        status: o.status,
        status_desc: statusDesc({ ...o, offer_open: offer?.status === 'open' }),
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
        /** Our addition: what a credited order paid, line by line (null before it is credited). */
        paid_lines: ORDER_CREDITED.includes(o.status) ? payoutLinesView(creditedLines(o).lines, cur.decimals) : null,
        keyList: lines.map((l, i) => {
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
        imageList: o.images.map((ref, i) => ({
          url: opts.store.viewUrl(ref),
          refused_reason: failedImages.get(i) ?? '',
          type: 1,
        })),
        order_activity_result: [],
        timeline: events.map((e) => ({ status: e.status, time: unix(e.created_at), note: e.note })),
        promised_time: unix(o.promised_at),
        delay_compensation: delay
          ? {
              amount: f(delay.amount_minor),
              percent: delay.percent,
              minutes_late: delay.minutes_late,
              line: delayLine({ percent: delay.percent, minutesLate: delay.minutes_late }),
              time: unix(delay.created_at),
            }
          : null,
        appeal_credit: f(appealCreditMinor),
        /** Our addition: the order's counter-offer (null without one), which an open one asks the seller to answer. */
        counter_offer: await offerView({ ref, view }, offer),
      };
    },
  });

  gcRoute(app, {
    path: '/ord/answerOffer',
    summary: 'Answer an order’s counter-offer: accept (credited at once) or decline (the order is closed unpaid)',
    description:
      'answer is accept or decline. The same answer sent again answers the first (replayed: true); an offer that ' +
      'was answered otherwise, or has expired, is refused.',
    auth: 'required',
    body: z.object({
      order_no: text('order_no', 64, 'order_no is required'),
      answer: oneOf('answer', ['accept', 'decline']),
    }),
    handler: async (req) => {
      const input = { userId: req.auth!.userId, orderNo: req.body.order_no };
      const out =
        req.body.answer === 'accept'
          ? await acceptOffer(db, offerDeps, input)
          : await declineOffer(db, offerDeps, input);
      const cur = await ref.currency(out.order.currency_code);
      return {
        order_no: out.order.order_no,
        status: out.order.status,
        status_desc: statusDesc(out.order),
        amount: formatMinor(out.order.amount_minor, cur.decimals),
        offer_status: out.offer.status,
        replayed: out.replay,
      };
    },
  });
}
