// Payout rails from the console: finance (or an admin) marks a rail delayed with a message the sellers
// read on /status and in the withdraw form, and clears it when payouts flow again.
import type { Db } from '../../db/db.js';
import type { RailRow } from '../eta/repo.js';
import { railList, setRailNotice } from '../eta/service.js';
import type { Actor } from './route.js';
import { audit } from './staff.js';

export const RAIL_MESSAGES = {
  messageTooLong: 'The message can be at most 300 characters',
} as const;

const railView = (r: RailRow) => ({
  code: r.code,
  method: r.method,
  name: r.name,
  delay_message: r.delay_message,
  marked_by: r.marked_by,
  marked_at: r.marked_at ? r.marked_at.toISOString() : null,
});

export async function rails(db: Db) {
  return (await railList(db)).map(railView);
}

/**
 * Sets what sellers are told about a rail (an empty message clears the mark), with its audit row in
 * the same transaction. Sending what is already there changes nothing and writes no row.
 */
export async function markRail(db: Db, input: { staff: Actor; code: string; message: string; reason?: string }) {
  const message = input.message.trim();
  return db.tx(async (q) => {
    const { before, after } = await setRailNotice(q, { code: input.code, message, staffId: input.staff.id });
    const changed = before.delay_message !== after.delay_message;
    if (changed) {
      await audit(q, {
        staffId: input.staff.id,
        action: message ? 'rail.delayed' : 'rail.cleared',
        targetType: 'payout_rail',
        targetId: input.code,
        reason: input.reason ?? '',
        details: { before: before.delay_message, after: after.delay_message },
        ip: input.staff.ip,
      });
    }
    return { rail: railView(changed ? after : before), changed };
  });
}
