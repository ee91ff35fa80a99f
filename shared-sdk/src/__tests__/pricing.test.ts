import { payoutLines, quote } from '../pricing';
import { PRICING_VECTORS } from '../pricing-vectors';

describe('the one pricing function', () => {
  test.each(PRICING_VECTORS.map((v) => [v.name, v] as const))('%s', (_name, v) => {
    expect(quote(v.input)).toMatchObject(v.expect);
  });

  test('refuses negative inputs', () => {
    expect(() => quote({ faceMinor: -1n, faceDecimals: 2, baseRateMinor: 1n, vipBp: 0 })).toThrow(RangeError);
    expect(() => quote({ faceMinor: 1n, faceDecimals: 2, baseRateMinor: 1n, vipBp: -1 })).toThrow(RangeError);
  });

  test.each(PRICING_VECTORS.map((v) => [v.name, v] as const))(
    'line by line, with a first-order bonus: the lines add up to the total (%s)',
    (_name, v) => {
      const q = quote({ ...v.input, firstOrderBonusMinor: 2_000_00n });
      expect(q.totalMinor).toBe(v.expect.totalMinor + 2_000_00n);
      expect(q.tradeMinor).toBe(v.expect.totalMinor);
      expect(q.lines.reduce((a, l) => a + l.amountMinor, 0n)).toBe(q.totalMinor);
      expect(q.lines[0]).toEqual({ kind: 'card', amountMinor: q.baseMinor });
      expect(q.lines.at(-1)).toEqual({ kind: 'first_order', amountMinor: 2_000_00n });
      // The credit's sum of the same parts is the quote's, line for line.
      expect(payoutLines(q)).toEqual({ lines: q.lines, totalMinor: q.totalMinor });
    },
  );

  test('a bonus of 0 is no line; the card value always is', () => {
    const q = quote({ faceMinor: 100_00n, faceDecimals: 2, baseRateMinor: 1_000_00n, vipBp: 150 });
    expect(q.lines.map((l) => l.kind)).toEqual(['card', 'vip']);
    expect(() =>
      quote({ faceMinor: 1n, faceDecimals: 2, baseRateMinor: 1n, vipBp: 0, firstOrderBonusMinor: -1n }),
    ).toThrow(RangeError);
  });
});
