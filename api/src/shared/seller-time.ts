// Times a seller reads in a notice, an alert or a message: always in their country's time zone, one
// format everywhere, so a notice never shows Lagos time in its header and UTC in its text.
import type { Queryable } from '../db/db.js';

/** The countries' time zones (by the country's short name): a seller's "today" and every time they read. */
export const SELLER_ZONES: Record<string, string> = { NG: 'Africa/Lagos', GH: 'Africa/Accra' };

/** What a seller reads after a time: "Lagos time"; a country without a zone here reads UTC. */
const ZONE_NAMES: Record<string, string> = { 'Africa/Lagos': 'Lagos time', 'Africa/Accra': 'Accra time' };

/** The time zone of a country (its short name: NG, GH); UTC for one we do not serve with a zone. */
export const zoneOf = (countryCode: string | null | undefined): string => SELLER_ZONES[countryCode ?? ''] ?? 'UTC';

/** "27 Nov 2026, 04:45 Lagos time": a moment as the seller reads it, in their zone and named. */
export function sellerTime(at: Date, zone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return (`${part('day')} ${part('month')} ${part('year')}, ${part('hour')}:${part('minute')} ` +
    `${ZONE_NAMES[zone] ?? 'UTC'}`);
}

/** The time zone of an account, from its country. */
export async function sellerZone(q: Queryable, userId: number): Promise<string> {
  const r = await q.query<{ short_name: string }>(
    'select c.short_name from users u join countries c on c.id = u.country_id where u.id = $1',
    [userId],
  );
  return zoneOf(r.rows[0]?.short_name);
}
