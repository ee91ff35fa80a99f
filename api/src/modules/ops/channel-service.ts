// Our official channels from the console: any staff member reads the list sellers see on the
// "Official channels" page; an admin changes it, audited in the same transaction.
import type { Db } from '../../db/db.js';
import { sameChannels, type OfficialChannels } from '../channels/rules.js';
import { channelsChanged, officialChannels, replaceChannels } from '../channels/service.js';
import type { OpsDeps } from './context.js';
import type { Actor } from './route.js';
import { audit } from './staff.js';

export async function channelSettings(deps: OpsDeps) {
  return { channels: await officialChannels(deps) };
}

export async function saveChannelSettings(db: Db, deps: OpsDeps, input: { staff: Actor; channels: OfficialChannels }) {
  const result = await db.tx(async (q) => {
    const { before, after } = await replaceChannels(q, deps, { channels: input.channels });
    const changed = !sameChannels(before, after);
    if (changed) {
      await audit(q, {
        staffId: input.staff.id,
        action: 'channels.updated',
        targetType: 'setting',
        targetId: 'official_channels',
        details: { before, after },
        ip: input.staff.ip,
      });
    }
    return { channels: after, changed };
  });
  channelsChanged(deps);
  return result;
}
