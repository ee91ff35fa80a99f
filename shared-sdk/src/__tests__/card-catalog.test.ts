import { bandsOf, brandsOf, estimate, type CatalogCard, type EstimateMessages } from '../card-catalog';
import type { CalculatorData } from '../gc/types';
import { PRICING_VECTORS } from '../pricing-vectors';

const words: EstimateMessages = {
  noCard: 'no card',
  noAmount: 'no amount',
  badAmount: 'bad amount',
  noRate: 'no rate',
};
const minorText = (m: bigint, decimals = 2) =>
  `${m / 10n ** BigInt(decimals)}.${String(m % 10n ** BigInt(decimals)).padStart(decimals, '0')}`;

const card = (over: Partial<CatalogCard>): CatalogCard =>
  ({
    card_id: 1,
    category_id: 7,
    name: 'Apple',
    currency: 'USD',
    currency_symbol: '$',
    form: 'physical',
    min_face: 10,
    max_face: 500,
    rate: '1210.00',
    ...over,
  }) as CatalogCard;

describe('the estimate gives the pricing vectors’ figures from a catalog and a typed face value', () => {
  test.each(PRICING_VECTORS.map((v) => [v.name, v] as const))('%s', (_name, v) => {
    const bands = [card({ min_face: 1, max_face: 1000, rate: minorText(v.input.baseRateMinor) })];
    const e = estimate(
      {
        bands,
        currency: 'USD',
        amount: minorText(v.input.faceMinor),
        payout: 'NGN',
        vipBp: v.input.vipBp,
        ladder: [...(v.input.ladder ?? [])],
        coupon: v.input.coupon ?? null,
      },
      words,
    );
    if (!e.ok) throw new Error(e.message);
    expect(e.quote.totalMinor).toBe(v.expect.totalMinor);
    expect(e.faceMinor).toBe(v.input.faceMinor);
  });
});

test('the band the amount falls in; a USDT payout at the USDT rate; no rate or a zero rate is not priced', () => {
  const data = {
    card_list: [
      {
        category_id: 7,
        category_name: 'Apple',
        list: [
          card({ card_id: 2, min_face: 50, max_face: 500, rate: '1250.00', usdt_rate: '0.8000' }),
          card({ card_id: 1, min_face: 10, max_face: 49, rate: '1200.00', usdt_rate: '0.7500' }),
        ],
      },
    ],
  } as unknown as CalculatorData;
  const bands = bandsOf(brandsOf(data)[0], 'USD', 'physical');
  expect(bands.map((b) => b.card_id)).toEqual([1, 2]);
  const at = (amount: string, payout: 'NGN' | 'USDT', b = bands) =>
    estimate({ bands: b, currency: 'USD', amount, payout, vipBp: 0, ladder: [] }, words);
  expect(at('49', 'NGN')).toMatchObject({ ok: true, rateMinor: 120000n, quote: { totalMinor: 5_880_000n } });
  expect(at('50', 'NGN')).toMatchObject({ ok: true, rateMinor: 125000n });
  expect(at('100', 'USDT')).toMatchObject({ ok: true, rateMinor: 8000n, quote: { totalMinor: 800_000n } });
  expect(at('5', 'NGN')).toEqual({ ok: false, message: 'We buy this card in these amounts: 10–49 USD, 50–500 USD.' });
  expect(at('', 'NGN')).toEqual({ ok: false, message: 'no amount' });
  expect(at('ten', 'NGN')).toEqual({ ok: false, message: 'bad amount' });
  expect(at('20', 'NGN', [card({ rate: '0' })])).toEqual({ ok: false, message: 'no rate' });
  expect(at('20', 'NGN', [])).toEqual({ ok: false, message: 'no card' });
});
