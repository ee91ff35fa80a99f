// The SQL of rates as staff change them: each card's rate in force per payout currency, changes now
// or scheduled (each kept with who, why and old → new), and the announcement every api process's
// catalog reloads on.
import type { Queryable } from '../../db/db.js';
import { CATALOG_CHANNEL, RATE_IN_FORCE } from './repo.js';

export interface RateChangeRow {
  id: bigint;
  card_id: number;
  currency_code: string;
  old_rate_minor: bigint;
  new_rate_minor: bigint;
  effective_at: Date;
  created_at: Date;
  reason: string;
  staff_name: string;
  cancelled_at: Date | null;
}

export const rateRepo = {
  /** Every active card of an active brand, with what its name is made of. */
  async activeCards(q: Queryable) {
    const r = await q.query<{
      id: number;
      category_name: string;
      currency_code: string;
      form_name: string;
      min_face: number;
      max_face: number;
      symbol: string;
    }>(
      `select c.id, k.name as category_name, c.currency_code, f.name as form_name, c.min_face, c.max_face, cur.symbol
         from cards c join card_categories k on k.id = c.category_id join card_forms f on f.code = c.form_code join ` +
        `currencies cur on cur.code = c.currency_code
        where c.active and k.active order by k.sort, c.currency_code, c.sort`,
    );
    return r.rows;
  },

  /** Each card's rate in force now, per payout currency. */
  async inForce(q: Queryable) {
    const r = await q.query<{ card_id: number; currency_code: string; rate_minor: bigint }>(
      `select r.card_id, r.currency_code, coalesce(rc.new_rate_minor, r.rate_minor) as rate_minor
         from card_rates r left join lateral (${RATE_IN_FORCE('r.card_id', 'r.currency_code')}) rc on true`,
    );
    return r.rows;
  },

  /** Changes still to take effect, soonest first. */
  async scheduled(q: Queryable) {
    const r = await q.query<{
      id: bigint;
      card_id: number;
      currency_code: string;
      new_rate_minor: bigint;
      effective_at: Date;
    }>(
      'select id, card_id, currency_code, new_rate_minor, effective_at from card_rate_changes where cancelled_at is ' +
        'null and effective_at > now() order by effective_at',
    );
    return r.rows;
  },

  /**
   * The rate of an active card that will be in force at `at` (the "old" of a change then); undefined for no such card.
   */
  async inForceAt(q: Queryable, cardId: number, currency: string, at: Date): Promise<bigint | undefined> {
    const r = await q.query<{ rate_minor: bigint }>(
      `select coalesce((${RATE_IN_FORCE('r.card_id', 'r.currency_code', '$3')}), r.rate_minor) as rate_minor
         from card_rates r join cards k on k.id = r.card_id and k.active where r.card_id = $1 and r.currency_code = $2`,
      [cardId, currency, at],
    );
    return r.rows[0]?.rate_minor;
  },

  async addChange(
    q: Queryable,
    c: {
      cardId: number;
      currency: string;
      oldMinor: bigint;
      newMinor: bigint;
      effectiveAt: Date;
      staffId: number;
      reason: string;
    },
  ): Promise<number> {
    const r = await q.query<{ id: bigint }>(
      'insert into card_rate_changes (card_id, currency_code, old_rate_minor, new_rate_minor, effective_at, ' +
        'staff_id, reason) values ($1,$2,$3,$4,$5,$6,$7) returning id',
      [c.cardId, c.currency, c.oldMinor, c.newMinor, c.effectiveAt, c.staffId, c.reason],
    );
    return Number(r.rows[0]!.id);
  },

  /** Cancels a change that has not taken effect; false when there is none such. */
  async cancel(q: Queryable, id: number, staffId: number): Promise<boolean> {
    const r = await q.query(
      'update card_rate_changes set cancelled_at = now(), cancelled_by = $2 where id = $1 and cancelled_at is null ' +
        'and effective_at > now() returning id',
      [id, staffId],
    );
    return r.rows.length > 0;
  },

  /** Tells every api process, when this transaction commits, that rates changed. */
  async announce(q: Queryable): Promise<void> {
    await q.query('select pg_notify($1, $2)', [CATALOG_CHANNEL, 'rates']);
  },

  /** The newest 200 changes, of a card or a currency or all. */
  async history(q: Queryable, cardId: number | null, currency: string | null): Promise<RateChangeRow[]> {
    const r = await q.query<RateChangeRow>(
      `select x.id, x.card_id, x.currency_code, x.old_rate_minor, x.new_rate_minor, x.effective_at, x.created_at, ` +
        `x.reason, s.name as staff_name, x.cancelled_at
         from card_rate_changes x join staff s on s.id = x.staff_id
        where ($1::int is null or x.card_id = $1) and ($2::text is null or x.currency_code = $2)
        order by x.id desc limit 200`,
      [cardId, currency],
    );
    return r.rows;
  },
};
