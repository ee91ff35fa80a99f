// The SQL of push tokens: one row per device token, moved to whoever signs in on that device.
import type { Queryable } from '../../db/db.js';

export const pushRepo = {
  /** Stores a device's Expo token; a signed-out call keeps the account it was last saved for. */
  async saveToken(
    q: Queryable,
    t: { token: string; userId: number | null; deviceNo?: string; deviceType?: string; osType?: string },
  ): Promise<void> {
    await q.query(
      `insert into push_tokens (token, user_id, device_no, device_type, os_type) values ($1,$2,$3,$4,$5)
       on conflict (token) do update set user_id = coalesce(excluded.user_id, push_tokens.user_id), device_no = ` +
        `excluded.device_no,
         device_type = excluded.device_type, os_type = excluded.os_type, updated_at = now()`,
      [t.token, t.userId, t.deviceNo, t.deviceType, t.osType],
    );
  },
};
