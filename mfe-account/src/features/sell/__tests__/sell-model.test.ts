import { money, parseMoney, type BonusTier, type Coupon } from '@giftlane/shared-sdk';
import { quote } from '@giftlane/shared-sdk/pricing';
import { choiceForCard, estimate, ladderFor, percentToBp, pricingCoupon, type SellCard } from '../sell-model';

const card = (id: number, min: number, max: number, rate: string): SellCard => ({
  card_id: id,
  rate,
  usdt_rate: '0.8000',
  name: 'Apple',
  category_id: 1,
  category_name: 'Apple',
  currency: 'USD',
  form: 'physical',
  min_face: min,
  max_face: max,
});
const bands = [card(1, 10, 49, '1100.00'), card(2, 50, 99, '1150.00'), card(3, 100, 500, '1210.00')];
const base = { bands, currency: 'USD', payout: 'NGN' as const, vipBp: 0, ladder: [] };

describe('the sell quote', () => {
  test('picks the denomination band the face value falls in and prices it with the one pricing function', () => {
    const r = estimate({ ...base, amount: '100', vipBp: 150 });
    expect(r.ok && r.card.card_id).toBe(3);
    expect(r.ok && r.quote).toEqual(quote({ faceMinor: 10000n, faceDecimals: 2, baseRateMinor: 121000n, vipBp: 150 }));
    expect(r.ok && r.quote.totalMinor).toBe(12_281_500n); // 121,000 + 1.5 % VIP
    const id = (amount: string) => {
      const e = estimate({ ...base, amount });
      return e.ok ? e.card.card_id : undefined;
    };
    expect([id('10'), id('49'), id('50'), id('99'), id('500')]).toEqual([1, 1, 2, 2, 3]);
  });

  test('rates and the VIP percent sent as JSON numbers (how the api sends them, for the apps) price the same', () => {
    const numeric = bands.map((b) => ({ ...b, rate: Number(b.rate), usdt_rate: 0.8 }));
    const r = estimate({ ...base, bands: numeric, amount: '100', vipBp: percentToBp(1.5) });
    expect(r.ok && r.quote.totalMinor).toBe(12_281_500n);
    const u = estimate({ ...base, bands: numeric, payout: 'USDT', amount: '10' });
    expect(u.ok && u.quote.totalMinor).toBe(80_000n);
  });

  test('says in plain words what to fix', () => {
    expect(estimate({ ...base, amount: '' })).toEqual({
      ok: false,
      message: 'Enter the amount on your card (its face value).',
    });
    expect(estimate({ ...base, amount: 'ten' })).toEqual({
      ok: false,
      message: 'Enter the face value as a number, for example 100 or 25.50.',
    });
    expect(estimate({ ...base, amount: '5' })).toEqual({
      ok: false,
      message: 'We buy this card in these amounts: 10–49 USD, 50–99 USD, 100–500 USD.',
    });
    expect(estimate({ ...base, bands: [], amount: '100' })).toEqual({
      ok: false,
      message: 'Choose your card to see the quote.',
    });
  });

  test('USDT payouts use the card’s USDT rate', () => {
    const r = estimate({ ...base, payout: 'USDT', amount: '10' });
    expect(r.ok && r.quote.totalMinor).toBe(80_000n); // 10 × 0.8000 USDT, four decimals
  });

  test('the big-trade ladder of the payout currency only', () => {
    const tiers: BonusTier[] = [
      { order_amount: money(10_000_000n, 'NGN'), bonus_amount: money(200_000n, 'NGN') },
      { order_amount: money(100_0000n, 'USDT'), bonus_amount: money(5_0000n, 'USDT') },
    ];
    expect(ladderFor(tiers, 'NGN')).toEqual([{ orderAmountMinor: 10_000_000n, bonusAmountMinor: 200_000n }]);
    const r = estimate({ ...base, amount: '100', ladder: ladderFor(tiers, 'NGN') });
    expect(r.ok && r.quote.ladderBonusMinor).toBe(200_000n);
  });

  test('VIP percent strings become basis points exactly', () => {
    expect(percentToBp('1.5')).toBe(150);
    expect(percentToBp('0')).toBe(0);
    expect(percentToBp(undefined)).toBe(0);
  });

  test('coupons of CONTRACT §6.5 become pricing coupons', () => {
    const c = (discount_type: 1 | 2, type: number, discount_value: string) =>
      ({ discount_type, type, discount_value }) as Coupon;
    expect(pricingCoupon(c(1, 0, '0.05'), 'NGN')).toEqual({ kind: 'percent', bp: 500 });
    expect(pricingCoupon(c(2, 1, '500'), 'NGN')).toEqual({
      kind: 'fixed',
      amountMinor: parseMoney('500', 'NGN').amount_minor,
    });
    expect(pricingCoupon(c(2, 2, '10.50'), 'NGN')).toEqual({ kind: 'rate_add', rateMinor: 1050n });
    expect(pricingCoupon(null, 'NGN')).toBeNull();
  });
});

describe('a card chosen from the card list', () => {
  const card = (card_id: number, currency: string, form: string) =>
    ({ card_id, currency, form, min_face: 10, max_face: 49 }) as SellCard;
  const brands = [
    { id: 1, name: 'Steam', cards: [card(11, 'USD', 'ecode'), card(12, 'GBP', 'ecode')] },
    { id: 2, name: 'Apple / iTunes', cards: [card(21, 'USD', 'physical'), card(22, 'USD', 'ecode')] },
  ];
  it('is its brand, card currency and form', () => {
    expect(choiceForCard(brands, 22)).toEqual({ brandId: 2, currency: 'USD', form: 'ecode' });
    expect(choiceForCard(brands, 12)).toEqual({ brandId: 1, currency: 'GBP', form: 'ecode' });
  });
  it('is nothing for a card the catalog does not hold', () => {
    expect(choiceForCard(brands, 99)).toBeUndefined();
  });
});
