// The sell form as a model: its state, every change to it (the seller's edits and the api's answers)
// as an action of one pure reducer, and what the form shows worked out from the state. The
// components render this; use-sell-form.ts runs the calls. Tested without a browser.
import { formatMoney, money, tryParseMoney, type Coupon as CouponWire, type CurrencyCode } from '@giftlane/shared-sdk';
import type { LadderTier } from '@giftlane/shared-sdk/pricing';
import type { SellDraft } from './draft';
import {
  bandsOf,
  currenciesOf,
  estimate,
  formsOf,
  percentToBp,
  pricingCoupon,
  SELL_MESSAGES,
  type Brand,
  type Estimate,
} from './sell-model';
import type { Photo, SellSubmission, SubmitStep } from './submit';

export type WalletChoice = 1 | 2;
export type CouponState =
  | { status: 'idle' }
  | { status: 'checking' }
  | { status: 'ok'; coupon: CouponWire }
  | { status: 'error'; message: string; reference?: string };
export type SubmitState =
  | { status: 'idle' }
  | { status: 'busy'; step?: SubmitStep }
  | { status: 'error'; message: string; reference?: string };

export interface SellState {
  walletType: WalletChoice;
  brandId?: number;
  /** The card currency and form as chosen (the quote takes the brand's first when they do not fit). */
  currency: string;
  form: string;
  /** The face value as typed. */
  amount: string;
  memo: string;
  couponCode: string;
  coupon: CouponState;
  photos: Photo[];
  photoErrors: string[];
  formError: string;
  submit: SubmitState;
  /** The idempotency key of the order being sent: kept for a retry, dropped by any change to what is sent. */
  key?: string;
}

export const COUPON_MESSAGES = {
  noCode: 'Enter a coupon code first.',
  notNow: 'This coupon cannot be used now (not started, expired or used up).',
  checkFailed: 'We could not check this coupon. Please try again.',
} as const;

export type SellAction =
  | { type: 'brand'; brandId: number }
  | { type: 'currency'; currency: string }
  | { type: 'form'; form: string }
  | { type: 'amount'; amount: string }
  | { type: 'memo'; memo: string }
  | { type: 'wallet'; walletType: WalletChoice }
  | { type: 'couponCode'; code: string }
  /** The card chosen from the card list once the catalog is in: where the form starts, not an edit. */
  | { type: 'cardChosen'; brandId: number; currency: string; form: string; amount?: string }
  | { type: 'couponChecking' }
  | { type: 'couponChecked'; coupon: CouponWire }
  | { type: 'couponRefused'; message: string; reference?: string }
  | { type: 'photosPicked'; accepted: Photo[]; errors: string[] }
  | { type: 'photoRemoved'; id: string }
  | { type: 'photoUploaded'; id: string; url: string }
  | { type: 'submitRefused'; message: string }
  | { type: 'sending'; key: string }
  | { type: 'step'; step: SubmitStep }
  | { type: 'sent' }
  | { type: 'failed'; message: string; reference?: string };

/** The form as it opens: the draft kept on this device, a coupon from the link before the draft's. */
export function initialSellState(draft: SellDraft, initialCoupon?: string): SellState {
  return {
    walletType: draft.walletType ?? 1,
    brandId: draft.brandId,
    currency: draft.currency ?? '',
    form: draft.form ?? '',
    amount: draft.amount ?? '',
    memo: draft.memo ?? '',
    couponCode: initialCoupon || draft.couponCode || '',
    coupon: { status: 'idle' },
    photos: [],
    photoErrors: [],
    formError: '',
    submit: { status: 'idle' },
  };
}

/** Any change to what would be sent makes it a new order: a new key, and the last refusal is gone. */
const edited = (s: SellState): SellState => ({
  ...s,
  key: undefined,
  formError: '',
  submit: s.submit.status === 'error' ? { status: 'idle' } : s.submit,
});

export function sellReducer(s: SellState, a: SellAction): SellState {
  switch (a.type) {
    case 'brand':
      return { ...edited(s), brandId: a.brandId };
    case 'currency':
      return { ...edited(s), currency: a.currency };
    case 'form':
      return { ...edited(s), form: a.form };
    case 'amount':
      return { ...edited(s), amount: a.amount };
    case 'memo':
      return { ...edited(s), memo: a.memo };
    case 'wallet':
      // A coupon is checked for one wallet: another wallet needs it checked again.
      return { ...edited(s), walletType: a.walletType, coupon: { status: 'idle' } };
    case 'couponCode':
      return { ...edited(s), couponCode: a.code, coupon: { status: 'idle' } };
    case 'cardChosen':
      return { ...s, brandId: a.brandId, currency: a.currency, form: a.form, amount: a.amount ?? s.amount };
    case 'couponChecking':
      return { ...edited(s), coupon: { status: 'checking' } };
    case 'couponChecked':
      if (a.coupon.new_use_status !== 2) return { ...s, coupon: { status: 'error', message: COUPON_MESSAGES.notNow } };
      return { ...s, coupon: { status: 'ok', coupon: a.coupon } };
    case 'couponRefused':
      return { ...s, coupon: { status: 'error', message: a.message, reference: a.reference } };
    case 'photosPicked':
      if (!a.accepted.length) return { ...s, photoErrors: a.errors };
      return { ...edited(s), photos: [...s.photos, ...a.accepted], photoErrors: a.errors };
    case 'photoRemoved':
      return { ...edited(s), photos: s.photos.filter((p) => p.id !== a.id), photoErrors: [] };
    case 'photoUploaded':
      return { ...s, photos: s.photos.map((p) => (p.id === a.id ? { ...p, uploaded: a.url } : p)) };
    case 'submitRefused':
      return { ...s, formError: a.message };
    case 'sending':
      return { ...s, formError: '', key: s.key ?? a.key, submit: { status: 'busy' } };
    case 'step':
      return { ...s, submit: { status: 'busy', step: a.step } };
    case 'sent':
      return { ...s, key: undefined };
    case 'failed':
      return { ...s, submit: { status: 'error', message: a.message, reference: a.reference } };
  }
}

/** The catalog as the quote needs it (brands and the ladder are worked out once per catalog). */
export interface QuoteCatalog {
  brands: Brand[];
  ladder: LadderTier[];
  /** The seller's VIP bonus, a percent ("1.5"). */
  vipRate?: string | number | null;
  /** The first-order bonus the api says this seller's next order earns (the calculator's), in payout units. */
  firstOrderBonus?: string | number | null;
}

export interface SellQuote {
  payout: CurrencyCode;
  brand?: Brand;
  currencies: string[];
  currency: string;
  forms: string[];
  form: string;
  bands: ReturnType<typeof bandsOf>;
  vipBp: number;
  /** The checked coupon priced in, if any. */
  withCoupon: boolean;
  result: Estimate;
}

/** The local wallet pays in the catalog's local currency (NGN until it is known); the other in USDT. */
export const payoutOf = (walletType: WalletChoice, local: CurrencyCode | undefined): CurrencyCode =>
  walletType === 2 ? 'USDT' : (local ?? 'NGN');

/** The choices that fit the chosen brand, and the quote the order would lock. */
export function sellQuote(s: SellState, catalog: QuoteCatalog, payout: CurrencyCode): SellQuote {
  const brand = catalog.brands.find((b) => b.id === s.brandId) ?? catalog.brands[0];
  const currencies = currenciesOf(brand);
  const currency = currencies.includes(s.currency) ? s.currency : (currencies[0] ?? '');
  const forms = formsOf(brand, currency);
  const form = forms.includes(s.form) ? s.form : (forms[0] ?? '');
  const bands = bandsOf(brand, currency, form);
  const vipBp = percentToBp(catalog.vipRate);
  const coupon = s.coupon.status === 'ok' ? pricingCoupon(s.coupon.coupon, payout) : null;
  const bonus = catalog.firstOrderBonus;
  const firstOrderBonusMinor =
    (bonus === null || bonus === undefined || bonus === '' ? undefined : tryParseMoney(bonus, payout))?.amount_minor ??
    0n;
  const result = estimate({
    bands,
    currency,
    amount: s.amount,
    payout,
    vipBp,
    ladder: catalog.ladder,
    coupon,
    firstOrderBonusMinor: firstOrderBonusMinor > 0n ? firstOrderBonusMinor : 0n,
  });
  return { payout, brand, currencies, currency, forms, form, bands, vipBp, withCoupon: coupon !== null, result };
}

/** Why the order cannot be sent yet (the catalog's own words once it is in), or undefined. */
export function submitProblem(s: SellState, q: SellQuote, catalogReady: boolean): string | undefined {
  if (!q.result.ok) return catalogReady ? `${SELL_MESSAGES.needQuote} ${q.result.message}` : SELL_MESSAGES.needQuote;
  if (s.photos.length === 0 && s.memo.trim() === '') return SELL_MESSAGES.needContent;
  return undefined;
}

/** What is sent for a priced card in the chosen form (once submitProblem finds nothing). */
export function submissionOf(
  s: SellState,
  priced: Extract<Estimate, { ok: true }>,
  form: string,
  key: string,
): SellSubmission {
  return {
    photos: s.photos,
    memo: s.memo,
    walletType: s.walletType,
    cardId: priced.card.card_id,
    faceValue: priced.faceValue,
    cardForm: form || undefined,
    couponCode: s.coupon.status === 'ok' ? s.coupon.coupon.code : undefined,
    idempotencyKey: key,
  };
}

export const walletName = (local: CurrencyCode) =>
  local === 'GHS' ? 'Cedi wallet (GHS)' : local === 'NGN' ? 'Naira wallet (NGN)' : `${local} wallet`;

/** The coupon line under its field: the refusal, or that it is priced in. */
export function couponNote(c: CouponState): { text: string; error: boolean; reference?: string } {
  if (c.status === 'error') return { text: c.message, error: true, reference: c.reference };
  return { text: c.status === 'ok' ? `Coupon ${c.coupon.code} applied to your quote.` : '', error: false };
}

/** Where the sending stands, for the status line. */
export function stepText(step: SubmitStep | undefined): string {
  if (!step) return 'Preparing…';
  if (step.kind === 'submitting') return 'Sending your order…';
  return step.done < step.total ? `Uploading photo ${step.done + 1} of ${step.total}…` : 'Photos uploaded.';
}

/** An amount in the payout currency, as the quote shows it. */
export const showPayout = (minor: bigint, payout: CurrencyCode) => formatMoney(money(minor, payout));

/** The submit button's words: the amount the order locks once there is a quote. */
export function sellButtonText(submit: SubmitState, q: SellQuote): string {
  if (submit.status === 'busy') return 'Sending…';
  return q.result.ok ? `Sell card for ${showPayout(q.result.quote.totalMinor, q.payout)}` : 'Sell card';
}
