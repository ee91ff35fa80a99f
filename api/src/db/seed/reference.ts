/** Currencies and countries. Nigeria is id 1 and first in the list: the client picks the first entry. */

export interface CurrencySeed {
  code: string;
  id: number;
  name: string;
  symbol: string;
  decimals: number;
  card: boolean;
  sort: number;
}

export const currencies: CurrencySeed[] = [
  { code: 'USD', id: 1, name: 'US Dollar', symbol: '$', decimals: 2, card: true, sort: 1 },
  { code: 'GBP', id: 2, name: 'British Pound', symbol: '£', decimals: 2, card: true, sort: 2 },
  { code: 'EUR', id: 3, name: 'Euro', symbol: '€', decimals: 2, card: true, sort: 3 },
  { code: 'CAD', id: 4, name: 'Canadian Dollar', symbol: 'C$', decimals: 2, card: true, sort: 4 },
  { code: 'AUD', id: 5, name: 'Australian Dollar', symbol: 'A$', decimals: 2, card: true, sort: 5 },
  { code: 'NGN', id: 10, name: 'Nigerian Naira', symbol: '₦', decimals: 2, card: false, sort: 10 },
  { code: 'GHS', id: 11, name: 'Ghanaian Cedi', symbol: 'GH₵', decimals: 2, card: false, sort: 11 },
  { code: 'USDT', id: 12, name: 'Tether USD', symbol: 'USDT', decimals: 4, card: false, sort: 12 },
  { code: 'KES', id: 13, name: 'Kenyan Shilling', symbol: 'KSh', decimals: 2, card: false, sort: 13 },
  { code: 'ZAR', id: 14, name: 'South African Rand', symbol: 'R', decimals: 2, card: false, sort: 14 },
  { code: 'XAF', id: 15, name: 'Central African CFA Franc', symbol: 'FCFA', decimals: 0, card: false, sort: 15 },
  { code: 'UGX', id: 16, name: 'Ugandan Shilling', symbol: 'USh', decimals: 0, card: false, sort: 16 },
  { code: 'RWF', id: 17, name: 'Rwandan Franc', symbol: 'FRw', decimals: 0, card: false, sort: 17 },
  { code: 'ZMW', id: 18, name: 'Zambian Kwacha', symbol: 'ZK', decimals: 2, card: false, sort: 18 },
  { code: 'XOF', id: 19, name: 'West African CFA Franc', symbol: 'CFA', decimals: 0, card: false, sort: 19 },
];

export interface CountrySeed {
  id: number;
  name: string;
  short: string;
  dial: string;
  currency: string;
  wallet: string;
  flag: string;
  /** Referral rebates shown on the country (minor units of the wallet currency). */
  rebate: number;
  rebateRegister: number;
}

// Where we have no local payout rails yet, the cash wallet is USDT.
export const countries: CountrySeed[] = [
  {
    id: 1,
    name: 'Nigeria',
    short: 'NG',
    dial: '+234',
    currency: 'NGN',
    wallet: 'NGN',
    flag: '🇳🇬',
    rebate: 100000,
    rebateRegister: 50000,
  },
  {
    id: 2,
    name: 'Ghana',
    short: 'GH',
    dial: '+233',
    currency: 'GHS',
    wallet: 'GHS',
    flag: '🇬🇭',
    rebate: 1000,
    rebateRegister: 500,
  },
  {
    id: 3,
    name: 'Kenya',
    short: 'KE',
    dial: '+254',
    currency: 'KES',
    wallet: 'USDT',
    flag: '🇰🇪',
    rebate: 10000,
    rebateRegister: 5000,
  },
  {
    id: 4,
    name: 'South Africa',
    short: 'ZA',
    dial: '+27',
    currency: 'ZAR',
    wallet: 'USDT',
    flag: '🇿🇦',
    rebate: 10000,
    rebateRegister: 5000,
  },
  {
    id: 5,
    name: 'Cameroon',
    short: 'CM',
    dial: '+237',
    currency: 'XAF',
    wallet: 'USDT',
    flag: '🇨🇲',
    rebate: 10000,
    rebateRegister: 5000,
  },
  {
    id: 6,
    name: 'Uganda',
    short: 'UG',
    dial: '+256',
    currency: 'UGX',
    wallet: 'USDT',
    flag: '🇺🇬',
    rebate: 10000,
    rebateRegister: 5000,
  },
  {
    id: 7,
    name: 'Rwanda',
    short: 'RW',
    dial: '+250',
    currency: 'RWF',
    wallet: 'USDT',
    flag: '🇷🇼',
    rebate: 10000,
    rebateRegister: 5000,
  },
  {
    id: 8,
    name: 'Zambia',
    short: 'ZM',
    dial: '+260',
    currency: 'ZMW',
    wallet: 'USDT',
    flag: '🇿🇲',
    rebate: 10000,
    rebateRegister: 5000,
  },
  {
    id: 9,
    name: "Côte d'Ivoire",
    short: 'CI',
    dial: '+225',
    currency: 'XOF',
    wallet: 'USDT',
    flag: '🇨🇮',
    rebate: 10000,
    rebateRegister: 5000,
  },
  {
    id: 10,
    name: 'United States',
    short: 'US',
    dial: '+1',
    currency: 'USD',
    wallet: 'USDT',
    flag: '🇺🇸',
    rebate: 10000,
    rebateRegister: 5000,
  },
  {
    id: 11,
    name: 'United Kingdom',
    short: 'GB',
    dial: '+44',
    currency: 'GBP',
    wallet: 'USDT',
    flag: '🇬🇧',
    rebate: 10000,
    rebateRegister: 5000,
  },
  {
    id: 12,
    name: 'Canada',
    short: 'CA',
    dial: '+1',
    currency: 'CAD',
    wallet: 'USDT',
    flag: '🇨🇦',
    rebate: 10000,
    rebateRegister: 5000,
  },
];

/** VIP levels 0–5 (DESIGN §5): experience is cumulative completed trade volume in US dollars of face value. */
export const vipLevels = [
  { level: 0, name: 'Member', exp: 0, rateBp: 0 },
  { level: 1, name: 'Bronze', exp: 500, rateBp: 50 },
  { level: 2, name: 'Silver', exp: 2_000, rateBp: 100 },
  { level: 3, name: 'Gold', exp: 5_000, rateBp: 150 },
  { level: 4, name: 'Platinum', exp: 15_000, rateBp: 200 },
  { level: 5, name: 'Diamond', exp: 50_000, rateBp: 300 },
];

/** Amount-tier bonuses in minor units of the payout currency. */
export const ladderTiers: { currency: string; order: bigint; bonus: bigint }[] = [
  { currency: 'NGN', order: 200_000_00n, bonus: 1_000_00n },
  { currency: 'NGN', order: 500_000_00n, bonus: 3_000_00n },
  { currency: 'NGN', order: 1_000_000_00n, bonus: 7_500_00n },
  { currency: 'GHS', order: 2_000_00n, bonus: 10_00n },
  { currency: 'GHS', order: 5_000_00n, bonus: 30_00n },
  { currency: 'GHS', order: 10_000_00n, bonus: 75_00n },
  { currency: 'USDT', order: 150_0000n, bonus: 1_0000n },
  { currency: 'USDT', order: 400_0000n, bonus: 3_0000n },
  { currency: 'USDT', order: 800_0000n, bonus: 7_0000n },
];
