// Worked examples of the pricing function (DESIGN §5, CONTRACT §4), as data: the sdk's own tests
// check `quote` and the catalog's `estimate` against them and the rate calculator's tests check the screen against
// them, so the page and the api are held to the same figures. Test data only: no app imports this file.
import type { QuoteInput } from './pricing';

export interface PricingVector {
  name: string;
  input: QuoteInput;
  expect: {
    baseMinor: bigint;
    vipBonusMinor: bigint;
    couponBonusMinor: bigint;
    ladderBonusMinor: bigint;
    totalMinor: bigint;
  };
}

const ladder = [{ orderAmountMinor: 100_000_00n, bonusAmountMinor: 1_000_00n }];

export const PRICING_VECTORS: readonly PricingVector[] = [
  {
    name: '$100 at ₦1,210 with 1.5% VIP, 5% coupon and the ladder',
    input: {
      faceMinor: 100_00n,
      faceDecimals: 2,
      baseRateMinor: 1_210_00n,
      vipBp: 150,
      coupon: { kind: 'percent', bp: 500 },
      ladder,
    },
    expect: {
      baseMinor: 121_000_00n,
      vipBonusMinor: 1_815_00n,
      couponBonusMinor: 6_050_00n,
      ladderBonusMinor: 1_000_00n,
      totalMinor: 129_865_00n,
    },
  },
  {
    name: '$100 at ₦1,210 with a ₦2 rate-add coupon',
    input: {
      faceMinor: 100_00n,
      faceDecimals: 2,
      baseRateMinor: 1_210_00n,
      vipBp: 0,
      coupon: { kind: 'rate_add', rateMinor: 2_00n },
    },
    expect: {
      baseMinor: 121_000_00n,
      vipBonusMinor: 0n,
      couponBonusMinor: 200_00n,
      ladderBonusMinor: 0n,
      totalMinor: 121_200_00n,
    },
  },
  {
    name: '$100 at ₦1,210 with a ₦500 fixed coupon',
    input: {
      faceMinor: 100_00n,
      faceDecimals: 2,
      baseRateMinor: 1_210_00n,
      vipBp: 0,
      coupon: { kind: 'fixed', amountMinor: 500_00n },
    },
    expect: {
      baseMinor: 121_000_00n,
      vipBonusMinor: 0n,
      couponBonusMinor: 500_00n,
      ladderBonusMinor: 0n,
      totalMinor: 121_500_00n,
    },
  },
  {
    name: '$25.50 at GH₵9.37, no bonus: each line rounds down',
    input: { faceMinor: 25_50n, faceDecimals: 2, baseRateMinor: 9_37n, vipBp: 0 },
    expect: { baseMinor: 238_93n, vipBonusMinor: 0n, couponBonusMinor: 0n, ladderBonusMinor: 0n, totalMinor: 238_93n },
  },
  {
    name: '$200 at ₦1,209 with 0.5% VIP reaches the ₦200,000 tier of a three-tier ladder',
    input: {
      faceMinor: 200_00n,
      faceDecimals: 2,
      baseRateMinor: 1_209_00n,
      vipBp: 50,
      ladder: [
        { orderAmountMinor: 200_000_00n, bonusAmountMinor: 1_000_00n },
        { orderAmountMinor: 500_000_00n, bonusAmountMinor: 3_000_00n },
        { orderAmountMinor: 1_000_000_00n, bonusAmountMinor: 7_500_00n },
      ],
    },
    expect: {
      baseMinor: 241_800_00n,
      vipBonusMinor: 1_209_00n,
      couponBonusMinor: 0n,
      ladderBonusMinor: 1_000_00n,
      totalMinor: 244_009_00n,
    },
  },
];
