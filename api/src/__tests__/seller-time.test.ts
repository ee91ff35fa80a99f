// Times as a seller reads them: their country's zone, named, the same in every message.
import { nextMidnight, sellerTime, sellerZone } from '../shared/seller-time.js';

test('a Lagos seller reads Lagos time, an Accra seller Accra time, anyone else UTC', () => {
  const at = new Date('2026-11-27T03:45:00Z');
  expect(sellerTime(at, sellerZone('NG'))).toBe('27 Nov 2026, 04:45 Lagos time');
  expect(sellerTime(at, sellerZone('GH'))).toBe('27 Nov 2026, 03:45 Accra time');
  expect(sellerTime(at, sellerZone('KE'))).toBe('27 Nov 2026, 03:45 UTC');
});

test("a seller's day ends at their own midnight", () => {
  // 23:30 UTC is already 00:30 the next day in Lagos: its day ends the midnight after.
  const late = new Date('2026-11-26T23:30:00Z');
  expect(nextMidnight(sellerZone('NG'), late).toISOString()).toBe('2026-11-27T23:00:00.000Z');
  expect(nextMidnight(sellerZone('GH'), late).toISOString()).toBe('2026-11-27T00:00:00.000Z');
  const noon = new Date('2026-12-31T12:00:00Z');
  expect(sellerTime(nextMidnight(sellerZone('NG'), noon), sellerZone('NG'))).toBe('1 Jan 2027, 00:00 Lagos time');
});

test('asked again and again, the day still ends at the right midnight, also the moment it passes', () => {
  const lagos = sellerZone('NG');
  // Lagos midnight is 23:00 UTC: asked through the last quarter of an hour of the day, then at midnight itself.
  for (const at of ['2026-11-27T22:45:00.000Z', '2026-11-27T22:59:59.999Z', '2026-11-27T22:50:00.000Z'])
    expect(nextMidnight(lagos, new Date(at)).toISOString()).toBe('2026-11-27T23:00:00.000Z');
  expect(nextMidnight(lagos, new Date('2026-11-27T23:00:00.000Z')).toISOString()).toBe('2026-11-28T23:00:00.000Z');
  // A zone a quarter of an hour off the hour (UTC+5:45): its midnight is 18:15 UTC.
  const kathmandu = { zone: 'Asia/Kathmandu', name: 'Kathmandu time' };
  expect(nextMidnight(kathmandu, new Date('2026-11-27T18:14:59.999Z')).toISOString()).toBe('2026-11-27T18:15:00.000Z');
  expect(nextMidnight(kathmandu, new Date('2026-11-27T18:15:00.000Z')).toISOString()).toBe('2026-11-28T18:15:00.000Z');
});

test('a time reads the same through its minute and changes with the next', () => {
  const lagos = sellerZone('NG');
  expect(sellerTime(new Date('2026-11-27T03:45:00.000Z'), lagos)).toBe('27 Nov 2026, 04:45 Lagos time');
  expect(sellerTime(new Date('2026-11-27T03:45:59.999Z'), lagos)).toBe('27 Nov 2026, 04:45 Lagos time');
  expect(sellerTime(new Date('2026-11-27T03:46:00.000Z'), lagos)).toBe('27 Nov 2026, 04:46 Lagos time');
  // The same moment in another zone is not the first zone's text.
  expect(sellerTime(new Date('2026-11-27T03:45:30.000Z'), sellerZone('GH'))).toBe('27 Nov 2026, 03:45 Accra time');
});
