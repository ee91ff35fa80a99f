// The SQL of counter-offers: one open offer per order at most, answered once.
import type { Queryable } from '../../db/db.js';
import type { OrderRow } from './repo.js';

export type OfferStatus = 'open' | 'accepted' | 'declined' | 'expired';

/** A card line of an offer: what the reviewer decided (rate fixed) and what the seller is shown. */
export interface OfferLine {
  /** The decision's own line (service.ts LineInput), its rate fixed at pricing. */
  card_id?: number;
  code?: string;
  face_value?: string;
  rate?: string;
  status: 'success' | 'failed';
  fail_reason?: string;
  fail_note?: string;
  proof_image?: string;
  image_index?: number;
  shown: { card_name: string; card_currency: string; face_minor: string; amount_minor: string };
}

export interface OfferRow {
  id: bigint;
  order_id: bigint;
  staff_id: number;
  status: OfferStatus;
  reason: string;
  note: string;
  proof_images: string[];
  lines: OfferLine[];
  currency_code: string;
  amount_minor: bigint;
  quote_total_minor: bigint;
  sent_at: Date;
  expires_at: Date;
  answered_at: Date | null;
  credit_journal_id: bigint | null;
}

export const offerRepo = {
  /** The order's open offer, if any. */
  async openOf(q: Queryable, orderId: bigint): Promise<OfferRow | undefined> {
    return (await q.query<OfferRow>("select * from order_offers where order_id = $1 and status = 'open'", [orderId]))
      .rows[0];
  },

  /** The order's latest offer, if any. */
  async latestOf(q: Queryable, orderId: bigint): Promise<OfferRow | undefined> {
    return (
      await q.query<OfferRow>('select * from order_offers where order_id = $1 order by id desc limit 1', [orderId])
    ).rows[0];
  },

  /** The offer's order, its row locked until the transaction ends (as an answer locks it). */
  async lockOrder(q: Queryable, orderId: bigint): Promise<OrderRow | undefined> {
    return (await q.query<OrderRow>('select * from orders where id = $1 for update', [orderId])).rows[0];
  },

  async byId(q: Queryable, id: bigint | string): Promise<OfferRow | undefined> {
    return (await q.query<OfferRow>('select * from order_offers where id = $1', [id])).rows[0];
  },

  /** Whether the order has a declined or expired (unanswered) offer. */
  async declinedOf(q: Queryable, orderId: bigint): Promise<OfferRow | undefined> {
    return (
      await q.query<OfferRow>(
        "select * from order_offers where order_id = $1 and status in ('declined', 'expired') order by id desc limit 1",
        [orderId],
      )
    ).rows[0];
  },

  async insert(
    q: Queryable,
    o: {
      orderId: bigint;
      staffId: number;
      reason: string;
      note: string;
      proofImages: string[];
      lines: OfferLine[];
      currency: string;
      amountMinor: bigint;
      quoteTotalMinor: bigint;
      hours: number;
    },
  ): Promise<OfferRow> {
    const r = await q.query<OfferRow>(
      `insert into order_offers (order_id, staff_id, reason, note, proof_images, lines, currency_code, amount_minor, ` +
        `quote_total_minor, expires_at)
       values ($1,$2,$3,$4,$5,$6,$7,$8,$9, now() + make_interval(secs => $10)) returning *`,
      [
        o.orderId,
        o.staffId,
        o.reason,
        o.note,
        JSON.stringify(o.proofImages),
        JSON.stringify(o.lines),
        o.currency,
        o.amountMinor,
        o.quoteTotalMinor,
        Math.round(o.hours * 3600),
      ],
    );
    return r.rows[0] as OfferRow;
  },

  /** Answers an open offer; undefined when it was answered already (the caller holds the order's lock). */
  async answer(
    q: Queryable,
    id: bigint,
    a: { status: Exclude<OfferStatus, 'open'>; journalId?: bigint | null },
  ): Promise<OfferRow | undefined> {
    const r = await q.query<OfferRow>(
      'update order_offers set status = $2, answered_at = now(), credit_journal_id = $3 where id = $1 and status = ' +
        "'open' " +
        'returning *',
      [id, a.status, a.journalId ?? null],
    );
    return r.rows[0];
  },

  /** Whether the offer's answer time has come (by the database's clock). */
  async due(q: Queryable, id: bigint): Promise<boolean> {
    const r = await q.query<{ due: boolean }>('select expires_at <= now() as due from order_offers where id = $1', [
      id,
    ]);
    return r.rows[0]?.due ?? false;
  },
};
