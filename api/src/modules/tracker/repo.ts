// The SQL of the tracker: events are appended, never read back by the api.
import type { Queryable } from '../../db/db.js';

export const trackerRepo = {
  async record(
    q: Queryable,
    e: {
      kind: string;
      deviceId?: string | null;
      userId?: string | null;
      name?: string | null;
      payload: string;
      ip: string;
    },
  ): Promise<void> {
    await q.query('insert into track_events (kind, device_id, user_id, name, payload, ip) values ($1,$2,$3,$4,$5,$6)', [
      e.kind,
      e.deviceId ?? '',
      e.userId ?? '',
      e.name ?? '',
      e.payload,
      e.ip,
    ]);
  },
};
