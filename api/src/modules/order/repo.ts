// The SQL of sell orders: as sellers and reviewers read them, a submission, and a review's claim,
// card lines and decision (the service runs these inside the transaction that credits the seller).
import type { Queryable } from '../../db/db.js';
import { batchedRead } from '../../db/read-batch.js';
import type { CardRow } from '../catalog/repo.js';
import type { OfferRow } from './offer-repo.js';
import { ORDER_STATUS, type OrderStatusCode } from '@giftlane/shared-sdk/statuses';

export interface OrderRow {
  id: bigint;
  order_no: string;
  user_id: number;
  wallet_type: number;
  currency_code: string;
  status: OrderStatusCode;
  claimed_by: number | null;
  claimed_at: Date | null;
  images: string[];
  user_memo: string;
  coupon_code: string;
  coupon_id: number | null;
  card_id: number | null;
  card_form: string;
  face_minor: bigint | null;
  vip_bp: number;
  quote: Record<string, unknown> | null;
  quote_total_minor: bigint | null;
  amount_minor: bigint;
  base_minor: bigint;
  vip_bonus_minor: bigint;
  coupon_amount_minor: bigint;
  reach_amount_bonus_minor: bigint;
  first_order_bonus_minor: bigint;
  payout_note: string;
  refused_reason: string;
  decision_hash: string | null;
  credit_journal_id: bigint | null;
  idempotency_key: string | null;
  params_hash: string;
  created_at: Date;
  finished_at: Date | null;
  /** When the order is promised to be decided (null for an order made before promises were stored). */
  promised_at: Date | null;
  breach_noticed_at: Date | null;
}

export interface OrderLineRow {
  seq: number;
  card_id: number | null;
  code: string;
  status: string;
  fail_reason: string;
  proof_image: string;
  amount_minor: bigint;
  face_minor: bigint;
  rate_minor: bigint;
  card_name: string;
  card_currency: string;
  image_index: number | null;
}

export interface OrderEventRow {
  status: string;
  note: string;
  actor: string;
  created_at: Date;
}

export interface QueueFilter {
  staffId: number;
  /** An admin sees orders claimed by anyone. */
  everyClaim: boolean;
  brand: number | null;
  currency: string | null;
  minMinor: bigint | null;
  maxMinor: bigint | null;
  waitingOverMinutes: number | null;
}

/** The columns of an order that a row of the seller's order list reads (ord/list). */
const LIST_COLUMNS = [
  'id',
  'order_no',
  'status',
  'claimed_by',
  'quote_total_minor',
  'currency_code',
  'amount_minor',
  'wallet_type',
  'refused_reason',
  'images',
  'card_id',
  'created_at',
  'promised_at',
] as const satisfies readonly (keyof OrderRow)[];
type ListColumn = (typeof LIST_COLUMNS)[number];

/** What a card's name is made of (catalog's cardName). */
export type CardNameParts = Pick<CardRow, 'category_name' | 'currency_code' | 'form_name' | 'min_face' | 'max_face'>;

/**
 * What a card's name is made of (CardNameParts), as JSON, from SUBMITTED_FROM's card (c), category (k) and form (f).
 */
const SUBMITTED_JSON = `json_build_object('category_name', k.name, 'currency_code', c.currency_code,
                               'form_name', f.name, 'min_face', c.min_face, 'max_face', c.max_face)`;
/** The cards with their category and form: a card without either has no name parts. */
const SUBMITTED_FROM =
  'cards c join card_categories k on k.id = c.category_id join card_forms f on f.code = c.form_code';
/** The parts of the name of the card order `o` was submitted for (CardNameParts, as JSON; null without a card). */
const SUBMITTED_CARD = `(select ${SUBMITTED_JSON} from ${SUBMITTED_FROM} where c.id = o.card_id)`;

/** An order's page as its seller reads it (ord/detail): the order and what hangs on it, read together. */
export interface OrderPage {
  order: OrderRow;
  lines: OrderLineRow[];
  events: OrderEventRow[];
  /** What overturned appeals credited on the order, beside its own payout (0 for none). */
  appealCreditMinor: bigint;
  /** Its latest counter-offer, if any. */
  offer: OfferRow | undefined;
  /** Its delay compensation (at most one), if any. */
  delay: { amount_minor: bigint; percent: string; minutes_late: number; created_at: Date } | null;
  /** The parts of the name of the card it was submitted for (null without one). */
  submitted: CardNameParts | null;
}

type Wire<T> = { [K in keyof T]: T[K] extends bigint ? string : T[K] extends bigint | null ? string | null : T[K] };

/** A row of the seller's order list (ord/list): the columns it shows and what hangs on its order. */
export type ListRow = Pick<OrderRow, ListColumn | 'quote'> & {
  card_names: string | null;
  lines: number;
  offer_open: boolean;
  delay_minor: bigint | null;
  /** The parts of the submitted card's name (cardNameParts), for an order with no named card lines yet. */
  submitted: CardNameParts | null;
};

/** A ListRow as listPageSql sends it: int8 as text, times as epoch milliseconds, in its order. */
type ListWire = [
  id: string,
  order_no: string,
  status: OrderStatusCode,
  claimed_by: number | null,
  quote_total_minor: string | null,
  currency_code: string,
  amount_minor: string,
  wallet_type: number,
  refused_reason: string,
  images: string[],
  card_id: number | null,
  created_at: number,
  promised_at: number | null,
  quote: OrderRow['quote'],
  card_names: string | null,
  lines: number,
  offer_open: boolean,
  delay_minor: string | null,
  submitted: CardNameParts | null,
];

/**
 * A page of the seller's order list, newest first, as one JSON value: an array of ListWire rows. The page is cut
 * first; then each table that hangs on its orders is read once for the whole page, by the page's ids (`= any(array(
 * select id from o))`: one index scan), into one JSON object keyed by order or card id, which each row looks up. Not
 * joined to the page: the planner takes the cut page for one row and joins it in nested loops, which start each
 * table's scan again for every order (PostgreSQL asks the file system for a table's size at each start), and the
 * compensations were filtered by subject alone, every order's compensation read for each row. On a page of 10 this
 * cut the statement's time in PostgreSQL by about 40 % (177–200 to 104–117 µs, in a server-side loop). Only the
 * columns a list row shows. One value, not a column each: node-postgres decoded a page's 190 columns one by one (a
 * parser each, its times by regular expression), about a quarter of the list's main thread in the api; JSON.parse
 * reads the page at once. At most one open offer an order and one compensation an order. `user`: the seller's id as
 * SQL. Built once, into LIST_PAGES_SQL: a text made at each call is hashed anew to find its prepared statement.
 */
const listPageSql = (user: string) => `with o as materialized (
     select ${LIST_COLUMNS.map((c) => `o.${c}`).join(', ')},
            -- Of the locked quote (its wire view line by line), only what quotedTotalMinor reads.
            case when o.quote is not null
              then jsonb_build_object('with_bonus_minor', o.quote -> 'with_bonus_minor') end as quote
       from orders o
      where o.user_id = ${user} and o.status = any($2::int[]) and o.created_at >= to_timestamp($3)
        and o.created_at <= to_timestamp($4)
      order by o.id desc offset $5 limit $6
   ), side as materialized (
     select (select jsonb_object_agg(l.order_id::text, jsonb_build_array(l.card_names, l.lines))
               from (select l.order_id, count(*)::int as lines,
                            string_agg(distinct l.card_name, ', ') filter (where l.card_name <> '') as card_names
                       from order_lines l where l.order_id = any(array(select id from o))
                      group by l.order_id) l) as lines,
            array(select x.order_id from order_offers x
                   where x.order_id = any(array(select id from o)) and x.status = 'open') as offers,
            (select jsonb_object_agg(d.subject_id::text, d.amount_minor::text) from delay_compensations d
              where d.subject = 'order' and d.subject_id = any(array(select id from o))) as delays,
            (select jsonb_object_agg(c.id::text, ${SUBMITTED_JSON})
               from ${SUBMITTED_FROM} where c.id = any(array(select card_id from o))) as cards
   )
   select coalesce(json_agg(json_build_array(
            o.id::text, o.order_no, o.status, o.claimed_by, o.quote_total_minor::text, o.currency_code,
            o.amount_minor::text, o.wallet_type, o.refused_reason, o.images, o.card_id,
            (extract(epoch from o.created_at) * 1000)::float8, (extract(epoch from o.promised_at) * 1000)::float8,
            o.quote, s.lines -> (o.id::text) ->> 0, coalesce((s.lines -> (o.id::text) ->> 1)::int, 0),
            o.id = any(s.offers), s.delays ->> (o.id::text),
            case when s.lines -> (o.id::text) ->> 0 is null then s.cards -> (o.card_id::text) end
          ) order by o.id desc), '[]')::text as page
     from o, side s`;

/**
 * The pages of several sellers' lists with the same filter and page, one row each: `k` is a seller's place in $1 (from
 * 1), and each seller's page reads as listPageSql reads one seller's (lateral: again per seller).
 */
const LIST_PAGES_SQL = `select k.k, p.page
     from unnest($1::int[]) with ordinality as k(user_id, k)
    cross join lateral (${listPageSql('k.user_id')}) p
    order by k.k`;

/** What a page of the order list is cut by, besides its seller. */
interface ListFilter {
  statuses: number[];
  from: number;
  to: number;
  page: number;
  size: number;
}

/** The order-list pages of several sellers with the same filter, read by one statement (as JSON, ListWire rows). */
async function listPages(q: Queryable, userIds: number[], f: ListFilter): Promise<string[]> {
  const r = await q.query<{ k: string; page: string }>(LIST_PAGES_SQL, [
    userIds,
    f.statuses,
    f.from,
    f.to,
    f.page * f.size,
    f.size,
  ]);
  const out = userIds.map(() => '[]');
  for (const row of r.rows) out[Number(row.k) - 1] = row.page;
  return out;
}

/**
 * A page through the pool joins the others asked for in the same turn (ReadBatch): one statement per filter among
 * them (the list's first page, as the orders screen opens it, is the one most ask for).
 */
const listBatch = batchedRead<{ userId: number; f: ListFilter }, string>(
  (q, keys) =>
    listPages(
      q,
      keys.map((k) => k.userId),
      keys[0]!.f,
    ),
  (k) => JSON.stringify(k.f),
);

/** orderRepo.detailOf's statement ($1 the order number, $2 its seller), built once like LIST_PAGES_SQL. */
const DETAIL_SQL = `select o.*,
          (select coalesce(json_agg(json_build_object('seq', l.seq, 'card_id', l.card_id, 'code', l.code,
                    'status', l.status, 'fail_reason', l.fail_reason, 'proof_image', l.proof_image,
                    'amount_minor', l.amount_minor::text, 'face_minor', l.face_minor::text,
                    'rate_minor', l.rate_minor::text, 'card_name', l.card_name, 'card_currency', l.card_currency,
                    'image_index', l.image_index) order by l.seq), '[]')
             from order_lines l where l.order_id = o.id) as page_lines,
          (select coalesce(json_agg(json_build_object('status', e.status, 'note', e.note, 'actor', e.actor,
                    'created_at', e.created_at) order by e.id), '[]')
             from order_events e where e.order_id = o.id) as page_events,
          (select coalesce(sum(a.credit_minor), 0)::text
             from order_appeals a where a.order_id = o.id and a.status = 'overturned') as page_appeal_credit,
          (select json_build_object('id', f.id::text, 'order_id', f.order_id::text, 'staff_id', f.staff_id,
                    'status', f.status, 'reason', f.reason, 'note', f.note, 'proof_images', f.proof_images,
                    'lines', f.lines, 'currency_code', f.currency_code, 'amount_minor', f.amount_minor::text,
                    'quote_total_minor', f.quote_total_minor::text, 'sent_at', f.sent_at,
                    'expires_at', f.expires_at, 'answered_at', f.answered_at,
                    'credit_journal_id', f.credit_journal_id::text)
             from order_offers f where f.order_id = o.id order by f.id desc limit 1) as page_offer,
          (select json_build_object('amount_minor', c.amount_minor::text, 'percent', c.percent,
                    'minutes_late', c.minutes_late, 'created_at', c.created_at)
             from delay_compensations c where c.subject = 'order' and c.subject_id = o.id) as page_delay,
          case when o.card_id is not null then ${SUBMITTED_CARD} end as page_submitted
     from orders o where o.order_no = $1 and o.user_id = $2`;

export const orderRepo = {
  async byNo(q: Queryable, orderNo: string): Promise<OrderRow | undefined> {
    return (await q.query<OrderRow>('select * from orders where order_no = $1', [orderNo])).rows[0];
  },

  async byNoOf(q: Queryable, userId: number, orderNo: string): Promise<OrderRow | undefined> {
    return (await q.query<OrderRow>('select * from orders where order_no = $1 and user_id = $2', [orderNo, userId]))
      .rows[0];
  },

  /**
   * One of a seller's orders with its card lines, timeline, appeal credit, latest counter-offer, delay compensation
   * and submitted card, in one statement (an order page took seven, six of them at once on six connections). What
   * hangs on the order comes as JSON, its amounts as text (exact beyond 2^53) and its times as ISO text.
   */
  async detailOf(q: Queryable, userId: number, orderNo: string): Promise<OrderPage | undefined> {
    const r = await q.query<
      OrderRow & {
        page_lines: Wire<OrderLineRow>[];
        page_events: (Omit<OrderEventRow, 'created_at'> & { created_at: string })[];
        page_appeal_credit: string;
        page_offer:
          | (Wire<Omit<OfferRow, 'sent_at' | 'expires_at' | 'answered_at'>> & {
              sent_at: string;
              expires_at: string;
              answered_at: string | null;
            })
          | null;
        page_delay: { amount_minor: string; percent: string; minutes_late: number; created_at: string } | null;
        page_submitted: CardNameParts | null;
      }
    >(DETAIL_SQL, [orderNo, userId]);
    const row = r.rows[0];
    if (!row) return undefined;
    const { page_lines, page_events, page_appeal_credit, page_offer, page_delay, page_submitted, ...order } = row;
    const f = page_offer;
    return {
      order,
      lines: page_lines.map((l) => ({
        ...l,
        amount_minor: BigInt(l.amount_minor),
        face_minor: BigInt(l.face_minor),
        rate_minor: BigInt(l.rate_minor),
      })),
      events: page_events.map((e) => ({ ...e, created_at: new Date(e.created_at) })),
      appealCreditMinor: BigInt(page_appeal_credit),
      offer: f
        ? {
            ...f,
            id: BigInt(f.id),
            order_id: BigInt(f.order_id),
            amount_minor: BigInt(f.amount_minor),
            quote_total_minor: BigInt(f.quote_total_minor),
            credit_journal_id: f.credit_journal_id === null ? null : BigInt(f.credit_journal_id),
            sent_at: new Date(f.sent_at),
            expires_at: new Date(f.expires_at),
            answered_at: f.answered_at === null ? null : new Date(f.answered_at),
          }
        : undefined,
      delay: page_delay
        ? { ...page_delay, amount_minor: BigInt(page_delay.amount_minor), created_at: new Date(page_delay.created_at) }
        : null,
      submitted: page_submitted,
    };
  },

  async lines(q: Queryable, orderId: bigint): Promise<OrderLineRow[]> {
    return (await q.query<OrderLineRow>('select * from order_lines where order_id = $1 order by seq', [orderId])).rows;
  },

  async events(q: Queryable, orderId: bigint): Promise<OrderEventRow[]> {
    return (
      await q.query<OrderEventRow>(
        'select status, note, actor, created_at from order_events where order_id = $1 order by id',
        [orderId],
      )
    ).rows;
  },

  /** A page of a seller's orders in some statuses, newest first, with the names of their approved cards. */
  async listOf(q: Queryable, userId: number, f: ListFilter): Promise<ListRow[]> {
    const page = await listBatch(q, { userId, f });
    return (JSON.parse(page) as ListWire[]).map((w) => ({
      id: BigInt(w[0]),
      order_no: w[1],
      status: w[2],
      claimed_by: w[3],
      quote_total_minor: w[4] === null ? null : BigInt(w[4]),
      currency_code: w[5],
      amount_minor: BigInt(w[6]),
      wallet_type: w[7],
      refused_reason: w[8],
      images: w[9],
      card_id: w[10],
      created_at: new Date(w[11]),
      promised_at: w[12] === null ? null : new Date(w[12]),
      quote: w[13],
      card_names: w[14],
      lines: w[15],
      offer_open: w[16],
      delay_minor: w[17] === null ? null : BigInt(w[17]),
      submitted: w[18],
    }));
  },

  /** The review queue: pending orders, oldest first, unclaimed or claimed by this reviewer. */
  async queue(q: Queryable, f: QueueFilter) {
    const r = await q.query<
      OrderRow & {
        waiting_minutes: number;
        claimed_by_name: string | null;
        brand: string | null;
        offer_expires_at: Date | null;
      }
    >(
      `select o.*, floor(extract(epoch from now() - o.created_at) / 60)::int as waiting_minutes, s.name as ` +
        `claimed_by_name, k.name as brand,
              (select f.expires_at from order_offers f where f.order_id = o.id and f.status = 'open') as ` +
        `offer_expires_at
         from orders o left join staff s on s.id = o.claimed_by left join cards c on c.id = o.card_id left join ` +
        `card_categories k on k.id = c.category_id
        where o.status = $8 and (o.claimed_by is null or o.claimed_by = $1 or $2)
          and ($3::int is null or c.category_id = $3)
          and ($4::text is null or o.currency_code = $4)
          and ($5::bigint is null or o.quote_total_minor >= $5)
          and ($6::bigint is null or o.quote_total_minor <= $6)
          and ($7::int is null or o.created_at <= now() - make_interval(mins => $7))
        order by o.created_at, o.id limit 50`,
      [
        f.staffId,
        f.everyClaim,
        f.brand,
        f.currency,
        f.minMinor,
        f.maxMinor,
        f.waitingOverMinutes,
        ORDER_STATUS.pending,
      ],
    );
    return r.rows;
  },

  // A submission, in its transaction.

  /** One submission at a time per seller, until the transaction ends. */
  async lockSubmissions(q: Queryable, userId: number): Promise<void> {
    await q.query('select pg_advisory_xact_lock(hashtext($1))', [`order:user:${userId}`]);
  },

  /** The order a retry repeats: the one with this key, or without a key the same submission within windowS. */
  async prior(
    q: Queryable,
    userId: number,
    key: string | null,
    hash: string,
    windowS: number,
  ): Promise<OrderRow | undefined> {
    const r = key
      ? await q.query<OrderRow>('select * from orders where user_id = $1 and idempotency_key = $2', [userId, key])
      : await q.query<OrderRow>(
          'select * from orders where user_id = $1 and idempotency_key is null and params_hash = $2 and created_at ' +
            '> now() - make_interval(secs => $3) order by id desc limit 1',
          [userId, hash, windowS],
        );
    return r.rows[0];
  },

  /**
   * The seller's row, locked before a decision touches anything of theirs (the first-credit mark,
   * the wallet's ledger rows, VIP points): decisions for one seller made at once then take their
   * locks in one order and wait for each other instead of deadlocking.
   */
  async lockSellerForCredit(q: Queryable, userId: number): Promise<void> {
    await q.query('select id from users where id = $1 for no key update', [userId]);
  },

  /**
   * Marks the user's first credited order, in the decision's transaction: true for the one
   * transaction that sets the mark. A parallel decision for the same user waits on the row, then
   * finds it set (it sets nothing, and pays no first-order bonus).
   */
  async markFirstCredit(q: Queryable, userId: number): Promise<boolean> {
    const r = await q.query(
      'update users set first_credit_at = now() where id = $1 and first_credit_at is null returning id',
      [userId],
    );
    return r.rows.length > 0;
  },

  /** Whether another order of the user still waits with a first-order bonus in its locked quote. */
  async otherQuotedBonusWaiting(q: Queryable, userId: number, orderId: bigint | number): Promise<boolean> {
    const r = await q.query<{ any: boolean }>(
      'select exists (select 1 from orders where user_id = $1 and id <> $2 and status = $3 and coalesce((quote->>' +
        "'first_order_bonus_minor')::bigint, 0) > 0) as any",
      [userId, orderId, ORDER_STATUS.pending],
    );
    return r.rows[0]?.any ?? false;
  },

  async countOf(q: Queryable, userId: number): Promise<number> {
    return (
      (await q.query<{ n: number }>('select count(*)::int as n from orders where user_id = $1', [userId])).rows[0]?.n ??
      0
    );
  },

  async insert(
    q: Queryable,
    o: {
      orderNo: string;
      userId: number;
      walletType: number;
      currency: string;
      images: string[];
      memo: string;
      couponCode: string;
      couponId: number | null;
      cardId: number | null;
      cardForm: string;
      faceMinor: bigint | null;
      vipBp: number;
      quote: Record<string, unknown> | null;
      quoteTotalMinor: bigint | null;
      key: string | null;
      hash: string;
      /** The promise: decided within this many minutes of now. */
      promiseMinutes: number;
    },
  ): Promise<OrderRow> {
    const r = await q.query<OrderRow>(
      `insert into orders (order_no, user_id, wallet_type, currency_code, images, user_memo, coupon_code, ` +
        `coupon_id, card_id, card_form, face_minor, vip_bp, quote, quote_total_minor, idempotency_key, params_hash, ` +
        `promised_at)
       values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16, now() + make_interval(mins => $17)) ` +
        `returning *`,
      [
        o.orderNo,
        o.userId,
        o.walletType,
        o.currency,
        JSON.stringify(o.images),
        o.memo,
        o.couponCode,
        o.couponId,
        o.cardId,
        o.cardForm,
        o.faceMinor,
        o.vipBp,
        o.quote ? JSON.stringify(o.quote) : null,
        o.quoteTotalMinor,
        o.key,
        o.hash,
        o.promiseMinutes,
      ],
    );
    return r.rows[0] as OrderRow;
  },

  async addEvent(q: Queryable, orderId: bigint, e: { status: string; note: string; actor: string }): Promise<void> {
    await q.query('insert into order_events (order_id, status, note, actor) values ($1,$2,$3,$4)', [
      orderId,
      e.status,
      e.note,
      e.actor,
    ]);
  },

  // A review, in the decision's transaction.

  /** The order, its row locked until the transaction ends. */
  async lockByNo(q: Queryable, orderNo: string): Promise<OrderRow | undefined> {
    return (await q.query<OrderRow>('select * from orders where order_no = $1 for update', [orderNo])).rows[0];
  },

  /** Claims the order for a reviewer, or (null) gives it back to the queue. */
  async setClaim(q: Queryable, orderId: bigint, staffId: number | null): Promise<OrderRow> {
    const r = await q.query<OrderRow>(
      staffId === null
        ? 'update orders set claimed_by = null, claimed_at = null where id = $1 returning *'
        : 'update orders set claimed_by = $2, claimed_at = now() where id = $1 returning *',
      staffId === null ? [orderId] : [orderId, staffId],
    );
    return r.rows[0] as OrderRow;
  },

  async insertLine(
    q: Queryable,
    orderId: bigint,
    l: {
      seq: number;
      cardId: number | null;
      cardName: string;
      cardCurrency: string;
      code: string;
      faceMinor: bigint;
      rateMinor: bigint;
      amountMinor: bigint;
      status: string;
      failReason: string;
      proofImage: string;
      imageIndex: number | null;
    },
  ): Promise<void> {
    await q.query(
      `insert into order_lines (order_id, seq, card_id, card_name, card_currency, code, face_minor, rate_minor, ` +
        `amount_minor, status, fail_reason, proof_image, image_index)
       values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13)`,
      [
        orderId,
        l.seq,
        l.cardId,
        l.cardName,
        l.cardCurrency,
        l.code,
        l.faceMinor,
        l.rateMinor,
        l.amountMinor,
        l.status,
        l.failReason,
        l.proofImage,
        l.imageIndex,
      ],
    );
  },

  async refuse(q: Queryable, orderId: bigint, d: { reason: string; hash: string }): Promise<OrderRow> {
    const r = await q.query<OrderRow>(
      'update orders set status = $4, refused_reason = $2, finished_at = now(), decision_hash = $3 where id = $1 ' +
        'returning *',
      [orderId, d.reason, d.hash, ORDER_STATUS.refused],
    );
    return r.rows[0] as OrderRow;
  },

  /** A decision that credits the seller: the amounts it is made of, and the journal that paid it. */
  async credit(
    q: Queryable,
    orderId: bigint,
    d: {
      status: OrderStatusCode;
      amountMinor: bigint;
      baseMinor: bigint;
      vipBonusMinor: bigint;
      ladderBonusMinor: bigint;
      firstOrderBonusMinor: bigint;
      payoutNote: string;
      hash: string;
      journalId: bigint | null;
      couponMinor: bigint;
    },
  ): Promise<OrderRow> {
    const r = await q.query<OrderRow>(
      `update orders set status = $2, amount_minor = $3, base_minor = $4, vip_bonus_minor = $5, ` +
        `reach_amount_bonus_minor = $6, first_order_bonus_minor = $7,
              payout_note = $8, finished_at = now(), decision_hash = $9, credit_journal_id = $10, ` +
        `coupon_amount_minor = $11 where id = $1 returning *`,
      [
        orderId,
        d.status,
        d.amountMinor,
        d.baseMinor,
        d.vipBonusMinor,
        d.ladderBonusMinor,
        d.firstOrderBonusMinor,
        d.payoutNote,
        d.hash,
        d.journalId,
        d.couponMinor,
      ],
    );
    return r.rows[0] as OrderRow;
  },
};
