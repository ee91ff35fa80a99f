/**
 * Payout rails and money settings. Nigerian deposit money banks carry their 3-digit CBN codes (the
 * NUBAN check digit is computed over them); fintech wallets carry their 6-digit NIP institution
 * codes and no check digit (their account numbers are phone-number based). Ghana: banks, and the
 * three mobile-money networks. USDT: the networks we pay out on.
 */
export interface BankSeed {
  id: number;
  country: number;
  method: 'BANK' | 'MOMO' | 'USDT';
  code: string;
  name: string;
  nuban?: boolean;
}

const ng: [string, string][] = [
  ['044', 'Access Bank'],
  ['023', 'Citibank Nigeria'],
  ['050', 'Ecobank Nigeria'],
  ['070', 'Fidelity Bank'],
  ['011', 'First Bank of Nigeria'],
  ['214', 'First City Monument Bank'],
  ['103', 'Globus Bank'],
  ['058', 'Guaranty Trust Bank'],
  ['030', 'Heritage Bank'],
  ['301', 'Jaiz Bank'],
  ['082', 'Keystone Bank'],
  ['303', 'Lotus Bank'],
  ['104', 'Parallex Bank'],
  ['076', 'Polaris Bank'],
  ['105', 'PremiumTrust Bank'],
  ['101', 'Providus Bank'],
  ['106', 'Signature Bank'],
  ['221', 'Stanbic IBTC Bank'],
  ['068', 'Standard Chartered Bank'],
  ['232', 'Sterling Bank'],
  ['100', 'SunTrust Bank'],
  ['302', 'TAJBank'],
  ['102', 'Titan Trust Bank'],
  ['032', 'Union Bank of Nigeria'],
  ['033', 'United Bank for Africa'],
  ['215', 'Unity Bank'],
  ['035', 'Wema Bank'],
  ['057', 'Zenith Bank'],
];
const ngFintech: [string, string][] = [
  ['100004', 'OPay'],
  ['100033', 'PalmPay'],
  ['090405', 'Moniepoint MFB'],
  ['090267', 'Kuda MFB'],
];
// Ghana bank codes are the GhIPSS sort-code heads; confirm them against the payout provider before live payouts.
const gh: [string, string][] = [
  ['280100', 'Access Bank Ghana'],
  ['030100', 'Absa Bank Ghana'],
  ['080100', 'Agricultural Development Bank'],
  ['140100', 'CalBank'],
  ['340100', 'Consolidated Bank Ghana'],
  ['130100', 'Ecobank Ghana'],
  ['240100', 'Fidelity Bank Ghana'],
  ['330100', 'First National Bank Ghana'],
  ['040100', 'GCB Bank'],
  ['180100', 'Prudential Bank'],
  ['110100', 'Republic Bank Ghana'],
  ['190100', 'Stanbic Bank Ghana'],
  ['020100', 'Standard Chartered Bank Ghana'],
  ['060100', 'United Bank for Africa Ghana'],
  ['120100', 'Zenith Bank Ghana'],
];
const momo: [string, string][] = [
  ['MTN', 'MTN MoMo'],
  ['TELECEL', 'Telecel Cash'],
  ['AT', 'AT Money'],
];
const coins: [string, string][] = [
  ['TRC20', 'USDT-TRC20 (Tron)'],
  ['BEP20', 'USDT-BEP20 (BNB Smart Chain)'],
  ['ERC20', 'USDT-ERC20 (Ethereum)'],
];

export const banks: BankSeed[] = [
  ...ng.map(([code, name], i) => ({ id: 100 + i, country: 1, method: 'BANK' as const, code, name, nuban: true })),
  ...ngFintech.map(([code, name], i) => ({ id: 150 + i, country: 1, method: 'BANK' as const, code, name })),
  ...gh.map(([code, name], i) => ({ id: 200 + i, country: 2, method: 'BANK' as const, code, name })),
  ...momo.map(([code, name], i) => ({ id: 250 + i, country: 2, method: 'MOMO' as const, code, name })),
  // Coin networks are not tied to a country; they hang on Nigeria's row and are listed for everyone.
  ...coins.map(([code, name], i) => ({ id: 300 + i, country: 1, method: 'USDT' as const, code, name })),
];

/** Limits and fees per wallet currency, in minor units. */
export const withdrawLimits: Record<
  string,
  { min: string; max: string; daily_max: string; daily_count: number; fee: string }
> = {
  NGN: { min: '150000', max: '500000000', daily_max: '1000000000', daily_count: 10, fee: '0' },
  GHS: { min: '2000', max: '5000000', daily_max: '10000000', daily_count: 10, fee: '0' },
  USDT: { min: '100000', max: '100000000', daily_max: '200000000', daily_count: 10, fee: '10000' },
};

/** VIP experience earned per major unit of face value, by card currency (roughly US dollars). */
export const vipExpPerUnit: Record<string, number> = { USD: 1, GBP: 1.25, EUR: 1.1, CAD: 0.73, AUD: 0.65 };

export const withdrawSettings = { timeout_desc: 'Usually within 30 minutes', overdue_time: '30' };

/**
 * A withdrawal's own delay compensation (merged into the `withdraw` setting): minutes late from the
 * promised time (`overdue_time` after the request), the percent of the withdrawal's amount, and the cap.
 */
export const withdrawDelaySettings = {
  overdue_max_percent: '3',
  overdue_data: [
    { name: '15–30 min late', value: '0.5', start: 15 },
    { name: '30–60 min late', value: '1', start: 30 },
    { name: '1–2 h late', value: '2', start: 60 },
    { name: 'over 2 h late', value: '3', start: 120 },
  ],
};
