import { z } from 'zod';

/**
 * Verification levels per country: what each level needs, and what it allows — the most
 * one withdrawal may be, the most that may leave in a day, and the balance above which the wallet
 * suggests the next level (a credit past it is never refused or frozen). Amounts are in major
 * units per wallet currency; `null` balance = no threshold. Level 0 (unverified) withdraws nothing.
 *
 * Defaults: the CBN's tiers for Nigeria (₦50,000 / ₦200,000 / ₦5,000,000 a day; balances ₦300,000 /
 * ₦500,000 / none) and the Bank of Ghana's mobile-money tiers (GH₵3,000 / 15,000 / 25,000 a day).
 * Set KYC_TIERS (JSON of this shape) to change them.
 */
export interface TierLimit {
  single: string;
  daily: string;
  balance: string | null;
}
export interface Tier {
  level: 1 | 2 | 3;
  /** What this level needs, in the seller's words. */
  needs: string;
  limits: Record<string, TierLimit>;
}
export type IdType = 'bvn' | 'nin' | 'ghana_card';
export interface CountryTiers {
  /** The ID numbers that verify level 1 here. */
  idTypes: IdType[];
  levels: Tier[];
}
export type Tiers = Record<string, CountryTiers>;

const amount = z.string().regex(/^\d{1,15}(\.\d{1,8})?$/, 'must be an amount in major units, e.g. "50000"');
const limit = z.object({ single: amount, daily: amount, balance: amount.nullable() });
const tier = z.object({
  level: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  needs: z.string().min(1),
  limits: z.record(z.string().regex(/^[A-Z]{3,5}$/), limit),
});
export const tiersSchema = z.record(
  z.string().regex(/^[A-Z]{2}$/),
  z
    .object({ idTypes: z.array(z.enum(['bvn', 'nin', 'ghana_card'])).min(1), levels: z.array(tier).length(3) })
    .refine((c) => c.levels.every((l, i) => l.level === i + 1), 'levels must be 1, 2 and 3 in order'),
);

const l = (single: string, daily: string, balance: string | null): TierLimit => ({ single, daily, balance });

export const DEFAULT_TIERS: Tiers = {
  NG: {
    idTypes: ['bvn', 'nin'],
    levels: [
      {
        level: 1,
        needs: 'Your BVN or NIN and your date of birth',
        limits: { NGN: l('50000', '50000', '300000'), USDT: l('35', '35', '200') },
      },
      {
        level: 2,
        needs: 'A selfie, matched with the photo on your BVN or NIN record',
        limits: { NGN: l('100000', '200000', '500000'), USDT: l('70', '140', '350') },
      },
      {
        level: 3,
        needs: 'A photo of your ID document and your home address, checked by our team',
        limits: { NGN: l('5000000', '5000000', null), USDT: l('3500', '3500', null) },
      },
    ],
  },
  GH: {
    idTypes: ['ghana_card'],
    levels: [
      {
        level: 1,
        needs: 'Your Ghana Card number and your date of birth',
        limits: { GHS: l('3000', '3000', '5000'), USDT: l('250', '250', '400') },
      },
      {
        level: 2,
        needs: 'A selfie, matched with the photo on your Ghana Card record',
        limits: { GHS: l('15000', '15000', '40000'), USDT: l('1250', '1250', '3300') },
      },
      {
        level: 3,
        needs: 'A photo of your Ghana Card and your home address, checked by our team',
        limits: { GHS: l('25000', '25000', null), USDT: l('2000', '2000', null) },
      },
    ],
  },
};

export const ID_LABELS: Record<IdType, string> = { bvn: 'BVN', nin: 'NIN', ghana_card: 'Ghana Card number' };

/** The form of each ID number: BVN and NIN are 11 digits; a Ghana Card number is GHA-XXXXXXXXX-X. */
export const ID_FORMATS: Record<IdType, { re: RegExp; message: string }> = {
  bvn: { re: /^\d{11}$/, message: 'A BVN is 11 digits' },
  nin: { re: /^\d{11}$/, message: 'A NIN is 11 digits' },
  ghana_card: { re: /^GHA-\d{9}-\d$/, message: 'A Ghana Card number looks like GHA-123456789-0' },
};

/** Normalises what a seller typed: digits only for BVN/NIN; upper case and dashes for a Ghana Card. */
export function normaliseIdNumber(type: IdType, raw: string): string {
  const s = raw.trim().toUpperCase();
  if (type === 'ghana_card') {
    const d = s.replace(/[^0-9]/g, '');
    return s.replace(/[\s-]/g, '').startsWith('GHA') && d.length === 10 ? `GHA-${d.slice(0, 9)}-${d.slice(9)}` : s;
  }
  return s.replace(/[\s-]/g, '');
}
