/**
 * The card catalog: brands, the forms a card comes in, denomination bands and base rates. Rates are
 * derived from a few market figures so that they stay coherent with each other (a GBP card pays more
 * than a USD card of the same face, an e-code a little less than a physical card, small
 * denominations less than large ones) — the way rate desks in this market quote them.
 */

export const forms = [
  { code: 'physical', name: 'Physical card', sort: 1 },
  { code: 'ecode', name: 'E-code', sort: 2 },
  { code: 'cash_receipt', name: 'Cash receipt', sort: 3 },
  { code: 'debit_receipt', name: 'Debit receipt', sort: 4 },
  { code: 'no_receipt', name: 'No receipt', sort: 5 },
] as const;

type Form = (typeof forms)[number]['code'];

interface Brand {
  id: number;
  name: string;
  slug: string;
  /** Share of face value (in USD) paid out for the reference card (USD, physical, large band). */
  value: number;
  timeoutMinutes: number;
  sticky?: boolean;
  intro: string;
  lines: { currency: string; forms: Form[] }[];
}

export const brands: Brand[] = [
  {
    id: 1,
    name: 'Apple / iTunes',
    slug: 'apple-itunes',
    value: 0.78,
    timeoutMinutes: 10,
    sticky: true,
    intro:
      'App Store & iTunes cards from the US, UK, Canada, Australia and the euro area. Scratch the back fully so all ' +
      '16 characters are readable.',
    lines: [
      { currency: 'USD', forms: ['physical', 'ecode'] },
      { currency: 'GBP', forms: ['physical', 'ecode'] },
      { currency: 'CAD', forms: ['physical', 'ecode'] },
      { currency: 'AUD', forms: ['physical', 'ecode'] },
      { currency: 'EUR', forms: ['physical', 'ecode'] },
    ],
  },
  {
    id: 2,
    name: 'Steam',
    slug: 'steam',
    value: 0.8,
    timeoutMinutes: 10,
    sticky: true,
    intro: 'Steam wallet cards and codes. Physical cards need a clear photo of the code and the receipt-free back.',
    lines: [
      { currency: 'USD', forms: ['physical', 'ecode'] },
      { currency: 'GBP', forms: ['physical', 'ecode'] },
      { currency: 'EUR', forms: ['physical', 'ecode'] },
      { currency: 'CAD', forms: ['physical', 'ecode'] },
      { currency: 'AUD', forms: ['physical', 'ecode'] },
    ],
  },
  {
    id: 3,
    name: 'Amazon',
    slug: 'amazon',
    value: 0.7,
    timeoutMinutes: 90,
    sticky: true,
    intro:
      'Amazon.com and Amazon.co.uk gift cards. Receipt cards pay more: send the card and its receipt in one photo.',
    lines: [
      { currency: 'USD', forms: ['cash_receipt', 'debit_receipt', 'no_receipt', 'ecode'] },
      { currency: 'GBP', forms: ['physical', 'ecode'] },
      { currency: 'CAD', forms: ['ecode'] },
    ],
  },
  {
    id: 4,
    name: 'Google Play',
    slug: 'google-play',
    value: 0.62,
    timeoutMinutes: 15,
    intro: 'Google Play gift cards and codes (US and UK). Codes already redeemed on an account are refused.',
    lines: [
      { currency: 'USD', forms: ['physical', 'ecode'] },
      { currency: 'GBP', forms: ['physical', 'ecode'] },
    ],
  },
  {
    id: 5,
    name: 'Razer Gold',
    slug: 'razer-gold',
    value: 0.82,
    timeoutMinutes: 5,
    intro: 'Razer Gold PINs (global). Send the PIN and serial number; a photo is optional for e-codes.',
    lines: [{ currency: 'USD', forms: ['ecode', 'physical'] }],
  },
  {
    id: 6,
    name: 'Xbox',
    slug: 'xbox',
    value: 0.66,
    timeoutMinutes: 15,
    intro: 'Xbox and Microsoft gift cards from the US, UK and euro area.',
    lines: [
      { currency: 'USD', forms: ['physical', 'ecode'] },
      { currency: 'GBP', forms: ['physical', 'ecode'] },
      { currency: 'EUR', forms: ['ecode'] },
    ],
  },
  {
    id: 7,
    name: 'PlayStation',
    slug: 'playstation',
    value: 0.68,
    timeoutMinutes: 15,
    intro: 'PlayStation Store codes (US and UK).',
    lines: [
      { currency: 'USD', forms: ['ecode', 'physical'] },
      { currency: 'GBP', forms: ['ecode'] },
    ],
  },
  {
    id: 8,
    name: 'Sephora',
    slug: 'sephora',
    value: 0.6,
    timeoutMinutes: 90,
    intro: 'Sephora gift cards (US and Canada). Include the PIN under the scratch panel.',
    lines: [
      { currency: 'USD', forms: ['physical', 'ecode'] },
      { currency: 'CAD', forms: ['physical'] },
    ],
  },
  {
    id: 9,
    name: 'Vanilla',
    slug: 'vanilla',
    value: 0.55,
    timeoutMinutes: 60,
    intro: 'Vanilla Visa and OneVanilla prepaid cards. The card must be activated; send the front and back.',
    lines: [{ currency: 'USD', forms: ['physical', 'cash_receipt'] }],
  },
  {
    id: 10,
    name: 'eBay',
    slug: 'ebay',
    value: 0.63,
    timeoutMinutes: 60,
    intro: 'eBay gift cards (US and UK).',
    lines: [
      { currency: 'USD', forms: ['physical', 'ecode'] },
      { currency: 'GBP', forms: ['physical'] },
    ],
  },
  {
    id: 11,
    name: 'Nordstrom',
    slug: 'nordstrom',
    value: 0.58,
    timeoutMinutes: 120,
    intro: 'Nordstrom gift cards with their access number.',
    lines: [{ currency: 'USD', forms: ['physical', 'ecode'] }],
  },
  {
    id: 12,
    name: 'Walmart',
    slug: 'walmart',
    value: 0.62,
    timeoutMinutes: 90,
    intro: 'Walmart gift cards. Cash-receipt cards pay the best rate.',
    lines: [{ currency: 'USD', forms: ['cash_receipt', 'debit_receipt', 'no_receipt', 'ecode'] }],
  },
  {
    id: 13,
    name: 'Nike',
    slug: 'nike',
    value: 0.58,
    timeoutMinutes: 120,
    intro: 'Nike gift cards (US).',
    lines: [{ currency: 'USD', forms: ['physical', 'ecode'] }],
  },
  {
    id: 14,
    name: 'American Express',
    slug: 'american-express',
    value: 0.6,
    timeoutMinutes: 60,
    intro: 'American Express prepaid gift cards, activated, with the 4-digit code on the front.',
    lines: [{ currency: 'USD', forms: ['physical'] }],
  },
];

/** Denomination bands in card-currency major units, with their rate factor. */
export const bands = [
  { min: 10, max: 49, factor: 0.93 },
  { min: 50, max: 99, factor: 0.98 },
  { min: 100, max: 500, factor: 1 },
];

const formFactor: Record<Form, number> = {
  physical: 1,
  ecode: 0.95,
  cash_receipt: 1.03,
  debit_receipt: 1,
  no_receipt: 0.9,
};

/** US dollars per one unit of the card currency. */
const usdPer: Record<string, number> = { USD: 1, GBP: 1.27, EUR: 1.08, CAD: 0.73, AUD: 0.66 };

/** What one US dollar of card value is worth in each payout currency, and the payout currency's step. */
const payout: Record<string, { perUsd: number; minorPerMajor: number; stepMinor: number }> = {
  NGN: { perUsd: 1550, minorPerMajor: 100, stepMinor: 500 },
  GHS: { perUsd: 12.4, minorPerMajor: 100, stepMinor: 5 },
  USDT: { perUsd: 1, minorPerMajor: 10_000, stepMinor: 10 },
};

export interface CardSeed {
  id: number;
  categoryId: number;
  currency: string;
  form: Form;
  min: number;
  max: number;
  sort: number;
  rates: Record<string, bigint>;
}

export function buildCards(): CardSeed[] {
  const out: CardSeed[] = [];
  let id = 1;
  for (const brand of brands) {
    let sort = 0;
    for (const line of brand.lines) {
      for (const form of line.forms) {
        for (const band of bands) {
          const usdValue = (usdPer[line.currency] ?? 1) * brand.value * formFactor[form] * band.factor;
          const rates: Record<string, bigint> = {};
          for (const [code, p] of Object.entries(payout)) {
            const raw = usdValue * p.perUsd * p.minorPerMajor;
            rates[code] = BigInt(Math.round(raw / p.stepMinor) * p.stepMinor);
          }
          out.push({
            id: id++,
            categoryId: brand.id,
            currency: line.currency,
            form,
            min: band.min,
            max: band.max,
            sort: sort++,
            rates,
          });
        }
      }
    }
  }
  return out;
}
