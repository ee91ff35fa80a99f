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
