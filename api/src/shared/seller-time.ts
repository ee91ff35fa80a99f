/**
 * Times as a seller reads them: in their country's time zone, with the zone named, the same way in
 * every message and reply that says when something happens ("27 Nov 2026, 04:45 Lagos time").
 */
import { dateTimeFormat } from '@giftlane/shared-sdk/date-format';
import { formatDateTime } from '@giftlane/shared-sdk/format';
import type { Queryable } from '../db/db.js';

/** The countries' time zones and the words that name them; elsewhere UTC. */
const ZONES: Record<string, { zone: string; name: string }> = {
  NG: { zone: 'Africa/Lagos', name: 'Lagos time' },
  GH: { zone: 'Africa/Accra', name: 'Accra time' },
};

export interface SellerZone {
  /** IANA time zone. */
  zone: string;
  /** How a seller reads it: "Lagos time". */
  name: string;
}

export const sellerZone = (countryCode: string): SellerZone => ZONES[countryCode] ?? { zone: 'UTC', name: 'UTC' };

/**
 * Kept as made, at most this many (all forgotten when the next would pass it): the times a busy api formats again and
 * again (a wallet's day end and cooling-offs on every read of it) cost a Map look-up instead of Intl's formatting.
 */
const KEPT = 1000;
const formatted = new Map<string, string>();
const midnights = new Map<string, number>();
const keep = <V>(m: Map<string, V>, key: string, value: V): V => {
  if (m.size >= KEPT) m.clear();
  m.set(key, value);
  return value;
};

/** "27 Nov 2026, 04:45 Lagos time": the screens' date-time format, in the seller's zone and named. */
export function sellerTime(at: Date, zone: SellerZone): string {
  // The format shows minutes: every moment of one minute reads the same.
  const minute = Math.floor(at.getTime() / 60_000);
  const key = `${zone.zone}|${zone.name}|${minute}`;
  return (
    formatted.get(key) ?? keep(formatted, key, `${formatDateTime(minute * 60, { timeZone: zone.zone })} ${zone.name}`)
  );
}

/**
 * Every zone's offset and every change of it (daylight saving) fall on a quarter of an hour: within one quarter of an
 * hour the zone's date and offset, so its next midnight, stay the same.
 */
const QUARTER_HOUR_MS = 15 * 60_000;

/** The next midnight in the zone, when a seller's "today" ends. */
export function nextMidnight(zone: SellerZone, now: Date): Date {
  const key = `${zone.zone}|${Math.floor(now.getTime() / QUARTER_HOUR_MS)}`;
  return new Date(midnights.get(key) ?? keep(midnights, key, midnightAfter(zone, now)));
}

function midnightAfter(zone: SellerZone, now: Date): number {
  const parts: Record<string, number> = {};
  for (const p of dateTimeFormat('en-GB', {
    timeZone: zone.zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now))
    parts[p.type] = Number(p.value);
  const part = (k: string) => parts[k] ?? 0;
  // The zone's offset now, from its wall clock; the next local midnight in UTC by that offset.
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  const offset = wall - Math.floor(now.getTime() / 1000) * 1000;
  return Date.UTC(part('year'), part('month') - 1, part('day') + 1) - offset;
}

/** The time zone of an account, from its country. */
export async function accountZone(q: Queryable, userId: number): Promise<SellerZone> {
  const r = await q.query<{ short_name: string }>(
    'select c.short_name from users u join countries c on c.id = u.country_id where u.id = $1',
    [userId],
  );
  return sellerZone(r.rows[0]?.short_name ?? '');
}
