// The SQL of rate history and rate alerts: the changes in effect in a window, and each seller's
// alerts with the claim that fires them (armed → fired in the notice's transaction).
import type { Queryable } from '../../db/db.js';

export interface RateAlertRow {
  id: bigint;
  user_id: number;
  card_id: number;
  currency_code: string;
  target_minor: bigint;
  armed: boolean;
  fired_at: Date | null;
  created_at: Date;
}

export const alertRepo = {
  /** The changes of a card and payout currency in effect after `from` and by now, oldest first (never cancelled). */
  async changesSince(q: Queryable, input: { cardId: number; currency: string; from: Date }) {
    const r = await q.query<{ effective_at: Date; new_rate_minor: bigint }>(
      'select effective_at, new_rate_minor from card_rate_changes where card_id = $1 and currency_code = $2 and ' +
        'cancelled_at is null and effective_at > $3 and effective_at <= now() order by effective_at, id',
      [input.cardId, input.currency, input.from],
    );
    return r.rows;
  },

  /** The card and payout currency of each change not cancelled (what a scheduled change's job re-checks). */
  async pairsOf(q: Queryable, ids: number[]): Promise<{ card_id: number; currency_code: string }[]> {
    const r = await q.query<{ card_id: number; currency_code: string }>(
      'select distinct card_id, currency_code from card_rate_changes where id = any($1::bigint[]) and cancelled_at ' +
        'is null',
      [ids],
    );
    return r.rows;
  },

  /** Locks the seller's row: alerts of one seller are added one at a time (the limit holds under races). */
  async lockUser(q: Queryable, userId: number): Promise<void> {
    await q.query('select id from users where id = $1 for update', [userId]);
  },

  async count(q: Queryable, userId: number): Promise<number> {
    const r = await q.query<{ n: number }>('select count(*)::int as n from rate_alerts where user_id = $1', [userId]);
    return r.rows[0]?.n ?? 0;
  },

  /** Adds an alert; undefined when the seller already has this very one. */
  async add(q: Queryable, a: { userId: number; cardId: number; currency: string; targetMinor: bigint }) {
    const r = await q.query<{ id: bigint }>(
      'insert into rate_alerts (user_id, card_id, currency_code, target_minor) values ($1, $2, $3, $4) ' +
        'on conflict do nothing returning id',
      [a.userId, a.cardId, a.currency, a.targetMinor],
    );
    return r.rows[0]?.id;
  },

  async list(q: Queryable, userId: number): Promise<RateAlertRow[]> {
    const r = await q.query<RateAlertRow>(
      'select id, user_id, card_id, currency_code, target_minor, armed, fired_at, created_at from rate_alerts ' +
        'where user_id = $1 order by id',
      [userId],
    );
    return r.rows;
  },

  /** Deletes the seller's own alert; false when they have no such alert. */
  async remove(q: Queryable, input: { userId: number; id: number }): Promise<boolean> {
    const r = await q.query('delete from rate_alerts where id = $1 and user_id = $2 returning id', [
      input.id,
      input.userId,
    ]);
    return r.rows.length > 0;
  },

  /** Arms again every fired alert whose target is above the rate now in force. */
  async rearm(q: Queryable, input: { cardId: number; currency: string; rateMinor: bigint }): Promise<number> {
    const r = await q.query(
      'update rate_alerts set armed = true where card_id = $1 and currency_code = $2 and not armed and ' +
        'target_minor > $3 returning id',
      [input.cardId, input.currency, input.rateMinor],
    );
    return r.rows.length;
  },

  /**
   * Claims up to `limit` armed alerts the rate has reached and marks them fired, in the caller's
   * transaction (the one that writes their notices); rows another run holds are skipped, and a closed
   * account's alerts are never fired.
   */
  async claimReached(q: Queryable, input: { cardId: number; currency: string; rateMinor: bigint; limit: number }) {
    const r = await q.query<RateAlertRow>(
      `update rate_alerts a set armed = false, fired_at = now()
        where a.id in (select id from rate_alerts where card_id = $1 and currency_code = $2 and armed and ` +
        `target_minor <= $3 and user_id in (select id from users where status = 'active') ` +
        `order by id limit $4 for update skip locked)
          and a.armed
        returning a.id, a.user_id, a.card_id, a.currency_code, a.target_minor, a.armed, a.fired_at, a.created_at`,
      [input.cardId, input.currency, input.rateMinor, input.limit],
    );
    return r.rows;
  },
};
