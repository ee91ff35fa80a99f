import { quote } from '../pricing';
import { PRICING_VECTORS } from '../pricing-vectors';

describe('the one pricing function', () => {
  test.each(PRICING_VECTORS.map((v) => [v.name, v] as const))('%s', (_name, v) => {
    expect(quote(v.input)).toMatchObject(v.expect);
  });

  test('refuses negative inputs', () => {
    expect(() => quote({ faceMinor: -1n, faceDecimals: 2, baseRateMinor: 1n, vipBp: 0 })).toThrow(RangeError);
    expect(() => quote({ faceMinor: 1n, faceDecimals: 2, baseRateMinor: 1n, vipBp: -1 })).toThrow(RangeError);
  });
});
