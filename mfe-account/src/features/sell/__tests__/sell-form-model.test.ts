import type { Coupon } from '@giftlane/shared-sdk';
import { brandsOf, SELL_MESSAGES, type SellCard } from '../sell-model';
import {
  COUPON_MESSAGES,
  couponNote,
  initialSellState,
  payoutOf,
  sellButtonText,
  sellQuote,
  sellReducer,
  stepText,
  submissionOf,
  submitProblem,
  type SellAction,
  type SellState,
} from '../sell-form-model';
import type { Photo } from '../submit';

const card = (card_id: number, currency: string, form: string, min: number, max: number, rate: string): SellCard => ({
  card_id,
  rate,
  usdt_rate: '0.8000',
  name: 'Apple',
  category_id: 1,
  category_name: 'Apple',
  currency,
  form,
  min_face: min,
  max_face: max,
});
const brands = brandsOf({
  vip_detail: null,
  payout_currency: 'NGN',
  card_list: [
    {
      category_name: 'Apple',
      category_id: 1,
      list: [
        card(11, 'USD', 'physical', 10, 99, '1100.00'),
        card(12, 'USD', 'physical', 100, 500, '1210.00'),
        card(13, 'GBP', 'ecode', 10, 500, '1500.00'),
      ],
    },
    { category_name: 'Steam', category_id: 2, list: [card(21, 'USD', 'ecode', 5, 200, '1300.00')] },
  ],
} as never);
const catalog = { brands, ladder: [], vipRate: '1.5' };
const photo = (id: string): Photo => ({ id, file: new File(['x'], `${id}.png`), preview: `blob:${id}` });
/** A coupon adding ₦500, as coupon/check answers it; new_use_status 2: usable now. */
const coupon = (code: string, new_use_status: number) =>
  ({ code, new_use_status, discount_type: 2, type: 1, discount_value: '500' }) as unknown as Coupon;

const run = (s: SellState, ...actions: SellAction[]) => actions.reduce(sellReducer, s);
const fresh = () => initialSellState({});
/** A form that has sent once and been refused: its key is kept for the retry. */
const refused = () =>
  run(
    fresh(),
    { type: 'amount', amount: '100' },
    { type: 'sending', key: 'sell-first-key' },
    { type: 'failed', message: 'No answer' },
  );

describe('the sell form’s state', () => {
  test('opens from the draft on this device, a coupon from the link taking the draft’s place', () => {
    const draft = { brandId: 2, currency: 'USD', form: 'ecode', amount: '20', memo: 'CODE-1', walletType: 2 as const };
    const opened = initialSellState({ ...draft, couponCode: 'OLD' }, 'WELCOME5');
    expect(opened).toMatchObject({ ...draft, couponCode: 'WELCOME5' });
    expect(initialSellState({ couponCode: 'OLD' }).couponCode).toBe('OLD');
    expect(fresh()).toMatchObject({ walletType: 1, amount: '', photos: [], submit: { status: 'idle' } });
    expect(fresh().key).toBeUndefined();
  });

  test.each<[string, SellAction]>([
    ['a brand', { type: 'brand', brandId: 2 }],
    ['a card currency', { type: 'currency', currency: 'GBP' }],
    ['a form', { type: 'form', form: 'ecode' }],
    ['a face value', { type: 'amount', amount: '50' }],
    ['the codes', { type: 'memo', memo: 'X' }],
    ['the wallet', { type: 'wallet', walletType: 2 }],
    ['the coupon code', { type: 'couponCode', code: 'NEW' }],
    ['a photo added', { type: 'photosPicked', accepted: [photo('a')], errors: [] }],
  ])('changing %s makes it a new order: a new key, the refusal gone', (_, action) => {
    const s = run(refused(), action);
    expect(s.key).toBeUndefined();
    expect(s.submit).toEqual({ status: 'idle' });
  });

  test('a retry keeps the key of the order it repeats; the photos’ upload and the api’s answers do not drop it', () => {
    let s = run(refused(), { type: 'sending', key: 'sell-second-key' });
    expect(s.key).toBe('sell-first-key');
    s = run(
      s,
      { type: 'photoUploaded', id: 'a', url: 'https://u/a' },
      { type: 'step', step: { kind: 'submitting' } },
      { type: 'couponChecked', coupon: coupon('C', 2) },
    );
    expect(s.key).toBe('sell-first-key');
    expect(run(s, { type: 'sent' }).key).toBeUndefined();
    expect(run(fresh(), { type: 'sending', key: 'sell-new' }).key).toBe('sell-new');
  });

  test('a coupon counts only when the api says it is usable now, and is checked again for another wallet', () => {
    const checked = { type: 'couponChecked', coupon: coupon('TEN', 2) } as const;
    const ok = run(fresh(), { type: 'couponCode', code: 'TEN' }, { type: 'couponChecking' }, checked);
    expect(ok.coupon).toMatchObject({ status: 'ok' });
    expect(couponNote(ok.coupon)).toEqual({ text: 'Coupon TEN applied to your quote.', error: false });
    const old = run(fresh(), { type: 'couponChecked', coupon: coupon('OLD', 3) });
    expect(old.coupon).toEqual({ status: 'error', message: COUPON_MESSAGES.notNow });
    expect(run(ok, { type: 'wallet', walletType: 2 }).coupon).toEqual({ status: 'idle' });
    expect(run(ok, { type: 'couponCode', code: 'TE' }).coupon).toEqual({ status: 'idle' });
    expect(couponNote({ status: 'error', message: 'No such coupon' })).toEqual({ text: 'No such coupon', error: true });
  });

  test('photos: refusals shown without dropping the key; removing one clears them', () => {
    let s = run(refused(), { type: 'photosPicked', accepted: [], errors: ['c.gif: not a photo'] });
    expect(s).toMatchObject({ key: 'sell-first-key', photoErrors: ['c.gif: not a photo'], photos: [] });
    s = run(
      s,
      { type: 'photosPicked', accepted: [photo('a'), photo('b')], errors: ['d.gif: not a photo'] },
      { type: 'photoUploaded', id: 'b', url: 'https://u/b' },
    );
    expect(s.photos.map((p) => [p.id, p.uploaded])).toEqual([
      ['a', undefined],
      ['b', 'https://u/b'],
    ]);
    s = run(s, { type: 'photoRemoved', id: 'a' });
    expect(s.photos.map((p) => p.id)).toEqual(['b']);
    expect(s.photoErrors).toEqual([]);
  });
});

describe('what the sell form shows', () => {
  test('the choices fit the brand: a currency or form it lacks falls back to its first', () => {
    const s = run(
      fresh(),
      { type: 'brand', brandId: 1 },
      { type: 'currency', currency: 'GBP' },
      { type: 'form', form: 'physical' },
    );
    const q = sellQuote(s, catalog, 'NGN');
    expect([q.currencies, q.currency, q.forms, q.form]).toEqual([['USD', 'GBP'], 'GBP', ['ecode'], 'ecode']);
    const steam = sellQuote(run(s, { type: 'brand', brandId: 2 }), catalog, 'NGN');
    expect([steam.currency, steam.form, steam.bands.map((b) => b.card_id)]).toEqual(['USD', 'ecode', [21]]);
    expect(sellQuote(fresh(), catalog, 'NGN').brand?.name).toBe('Apple');
  });

  test('the quote with the VIP bonus and a checked coupon, in the wallet’s currency', () => {
    const s = run(fresh(), { type: 'amount', amount: '100' });
    const q = sellQuote(s, catalog, payoutOf(1, 'NGN'));
    expect(q.result.ok && q.result.card.card_id).toBe(12);
    expect(q.result.ok && q.result.quote.totalMinor).toBe(12_281_500n); // 100 × ₦1,210 + 1.5 %
    expect(q.withCoupon).toBe(false);
    expect(sellButtonText(s.submit, q)).toBe('Sell card for ₦122,815.00');
    const withCoupon = sellQuote(run(s, { type: 'couponChecked', coupon: coupon('C', 2) }), catalog, 'NGN');
    expect(withCoupon.withCoupon).toBe(true);
    expect(withCoupon.result.ok && withCoupon.result.quote.couponBonusMinor).toBe(50_000n);
    expect(payoutOf(2, 'NGN')).toBe('USDT');
    expect(payoutOf(1, undefined)).toBe('NGN');
    expect(payoutOf(1, 'GHS')).toBe('GHS');
    expect(sellButtonText({ status: 'busy' }, q)).toBe('Sending…');
    expect(sellButtonText(fresh().submit, sellQuote(fresh(), catalog, 'NGN'))).toBe('Sell card');
  });

  test('nothing is sent without a quote, then without a photo or a code', () => {
    const s = fresh();
    const noAmount = 'Enter the amount on your card (its face value).';
    expect(submitProblem(s, sellQuote(s, catalog, 'NGN'), true)).toBe(`${SELL_MESSAGES.needQuote} ${noAmount}`);
    expect(submitProblem(s, sellQuote(s, { brands: [], ladder: [] }, 'NGN'), false)).toBe(SELL_MESSAGES.needQuote);
    const priced = run(s, { type: 'amount', amount: '100' });
    expect(submitProblem(priced, sellQuote(priced, catalog, 'NGN'), true)).toBe(SELL_MESSAGES.needContent);
    const blank = run(priced, { type: 'memo', memo: '  ' });
    expect(submitProblem(blank, sellQuote(blank, catalog, 'NGN'), true)).toBe(SELL_MESSAGES.needContent);
    const ready = run(priced, { type: 'memo', memo: 'ABCD-1234' });
    expect(submitProblem(ready, sellQuote(ready, catalog, 'NGN'), true)).toBeUndefined();
  });

  test('what is sent: the priced band’s card, the face value as typed, the form, a checked coupon only', () => {
    const s = run(
      fresh(),
      { type: 'amount', amount: '100' },
      { type: 'memo', memo: 'ABCD' },
      { type: 'couponCode', code: 'T' },
    );
    const q = sellQuote(s, catalog, 'NGN');
    if (!q.result.ok) throw new Error('no quote');
    expect(submissionOf(s, q.result, q.form, 'sell-k')).toEqual({
      photos: [],
      memo: 'ABCD',
      walletType: 1,
      cardId: 12,
      faceValue: '100',
      cardForm: 'physical',
      couponCode: undefined,
      idempotencyKey: 'sell-k',
    });
    const checked = run(s, { type: 'couponChecked', coupon: coupon('T', 2) });
    expect(submissionOf(checked, q.result, q.form, 'sell-k').couponCode).toBe('T');
  });

  test('how far sending has got', () => {
    expect(stepText(undefined)).toBe('Preparing…');
    expect(stepText({ kind: 'uploading', done: 1, total: 3 })).toBe('Uploading photo 2 of 3…');
    expect(stepText({ kind: 'uploading', done: 3, total: 3 })).toBe('Photos uploaded.');
    expect(stepText({ kind: 'submitting' })).toBe('Sending your order…');
  });
});
