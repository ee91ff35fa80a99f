// The SQL of our official channels: one row of the settings table.
import type { Queryable } from '../../db/db.js';
import { CHANNELS_SETTING, type OfficialChannels } from './rules.js';

export const channelsRepo = {
  /** The saved list, locked for a change (null before staff first save one). */
  async lockSaved(q: Queryable): Promise<OfficialChannels | null> {
    const r = await q.query<{ value: OfficialChannels }>('select value from settings where key = $1 for update', [
      CHANNELS_SETTING,
    ]);
    return r.rows[0]?.value ?? null;
  },

  async save(q: Queryable, value: OfficialChannels): Promise<void> {
    await q.query(
      'insert into settings (key, value) values ($1, $2) on conflict (key) do update set value = excluded.value',
      [CHANNELS_SETTING, JSON.stringify(value)],
    );
  },
};
