// The SQL of uploads: a row per upload link, claimed by its first PUT and stored once checked.
import type { Queryable } from '../../db/db.js';

export const uploadRepo = {
  /** How many links a user was given in the last hour. */
  async issuedLastHour(q: Queryable, userId: number): Promise<number> {
    return (
      (
        await q.query<{ n: number }>(
          "select count(*)::int as n from uploads where user_id = $1 and created_at > now() - interval '1 hour'",
          [userId],
        )
      ).rows[0]?.n ?? 0
    );
  },

  /** How many of these objects are the user's stored uploads. */
  async storedOf(q: Queryable, userId: number, names: string[]): Promise<number> {
    return (
      (
        await q.query<{ n: number }>(
          'select count(*)::int as n from uploads where object_name = any($1::text[]) and user_id = $2 and status = ' +
            "'stored'",
          [names, userId],
        )
      ).rows[0]?.n ?? 0
    );
  },

  async createPending(q: Queryable, userId: number, names: string[], expiresAt: Date): Promise<void> {
    await q.query(
      `insert into uploads (object_name, user_id, expires_at) select n, $2, $3 from unnest($1::text[]) as n`,
      [names, userId, expiresAt],
    );
  },

  /** The first PUT to a live link claims it; false when it is already claimed, used or expired. */
  async claim(q: Queryable, name: string): Promise<boolean> {
    const r = await q.query(
      "update uploads set stored_at = now() where object_name = $1 and status = 'pending' and stored_at is null and " +
        'expires_at > now() returning user_id',
      [name],
    );
    return r.rows.length > 0;
  },

  /** Whether a link is still live (claimed or not). */
  async isLive(q: Queryable, name: string): Promise<boolean> {
    return (
      (await q.query('select status from uploads where object_name = $1 and expires_at > now()', [name])).rows.length >
      0
    );
  },

  /** Gives a claimed link back (its file was refused). */
  async release(q: Queryable, name: string): Promise<void> {
    await q.query("update uploads set stored_at = null where object_name = $1 and status = 'pending'", [name]);
  },

  async markStored(
    q: Queryable,
    name: string,
    img: { contentType: string; bytes: number; width: number; height: number },
  ): Promise<void> {
    await q.query(
      "update uploads set status = 'stored', content_type = $2, bytes = $3, width = $4, height = $5, stored_at = " +
        'now() where object_name = $1',
      [name, img.contentType, img.bytes, img.width, img.height],
    );
  },

  /** Makes one of the user's stored uploads their public avatar; false when it is not theirs. */
  async makeAvatar(q: Queryable, name: string, userId: number): Promise<boolean> {
    return (
      (
        await q.query(
          "update uploads set purpose = 'avatar' where object_name = $1 and user_id = $2 and status = 'stored'",
          [name, userId],
        )
      ).rowCount === 1
    );
  },

  async storedMeta(q: Queryable, name: string) {
    return (
      await q.query<{ content_type: string; purpose: string }>(
        "select content_type, purpose from uploads where object_name = $1 and status = 'stored'",
        [name],
      )
    ).rows[0];
  },
};
