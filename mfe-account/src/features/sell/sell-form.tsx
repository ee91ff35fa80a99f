// Sell a gift card: choose the card, see the quote that will be locked, add photos and/or codes,
// choose the wallet and submit once. Built for a phone on slow data: one screen, no round trip per
// keystroke (the quote is computed on the phone with the api's pricing function).
import { ErrorReference, errorRef } from '@giftlane/shared-sdk/error-reference';
import { useEffect, useId, useMemo, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { useNavigate } from '@giftlane/shared-sdk/router';
import { errorMessage, formatMoney, money, useStores, type Coupon as CouponWire, type CurrencyCode, Loading, LoadError, useData } from '@giftlane/shared-sdk';
import { checkCoupon, loadCatalog } from './api';
import { clearDraft, readDraft, saveDraft } from './draft';
import {
  bandLabel,
  bandsOf,
  brandsOf,
  checkPhotos,
  choiceForCard,
  currenciesOf,
  estimate,
  formName,
  formsOf,
  ladderFor,
  percentToBp,
  PHOTO_RULES,
  pricingCoupon,
  SELL_MESSAGES,
} from './sell-model';
import { newIdempotencyKey, submitErrorMessage, submitSell, type Photo, type SubmitStep } from './submit';


type CouponState = { status: 'idle' } | { status: 'checking' } | { status: 'ok'; coupon: CouponWire } | { status: 'error'; message: string };
type SubmitState = { status: 'idle' } | { status: 'busy'; step?: SubmitStep } | { status: 'error'; message: string; reference?: string };

const walletName = (local: CurrencyCode) => (local === 'GHS' ? 'Cedi wallet (GHS)' : local === 'NGN' ? 'Naira wallet (NGN)' : `${local} wallet`);


function stepText(step: SubmitStep | undefined): string {
  if (!step) return 'Preparing…';
  if (step.kind === 'submitting') return 'Sending your order…';
  return step.done < step.total ? `Uploading photo ${step.done + 1} of ${step.total}…` : 'Photos uploaded.';
}

/**
 * `initialCoupon`: a code to fill in and check at once (the coupons page links here with one).
 * `initialCardId`: the card to choose once the catalog is in (the card list links here with one).
 */
/** The local wallet's name: from the catalog once loaded, else the seller's currency (read inside an observer). */
const LocalWalletName = observer(function LocalWalletName({ local }: { local?: CurrencyCode }) {
  const { user } = useStores();
  return <>{walletName(local ?? user.currency ?? 'NGN')}</>;
});

export function SellForm({ initialCoupon, initialCardId }: { initialCoupon?: string; initialCardId?: number } = {}) {
  const id = useId();
  const navigate = useNavigate();
  const draft = useMemo(readDraft, []);
  const [walletType, setWalletType] = useState<1 | 2>(draft.walletType ?? 1);
  const [brandId, setBrandId] = useState<number | undefined>(draft.brandId);
  const [currencyChoice, setCurrency] = useState(draft.currency ?? '');
  const [formChoice, setForm] = useState(draft.form ?? '');
  const [amount, setAmount] = useState(draft.amount ?? '');
  const [memo, setMemo] = useState(draft.memo ?? '');
  const [couponCode, setCouponCode] = useState(initialCoupon || draft.couponCode || '');
  const [coupon, setCoupon] = useState<CouponState>({ status: 'idle' });
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [photoErrors, setPhotoErrors] = useState<string[]>([]);
  const [formError, setFormError] = useState('');
  const [submit, setSubmit] = useState<SubmitState>({ status: 'idle' });
  const keyRef = useRef<string | undefined>(undefined);
  const photosRef = useRef(photos);
  photosRef.current = photos;

  const catalog = useData(() => loadCatalog(walletType), [walletType]);

  // Any change to what would be sent makes it a new order: a new idempotency key.
  const touch = () => {
    keyRef.current = undefined;
    setFormError('');
    if (submit.status === 'error') setSubmit({ status: 'idle' });
  };

  useEffect(() => {
    saveDraft({ brandId, currency: currencyChoice, form: formChoice, amount, memo, walletType, couponCode });
  }, [brandId, currencyChoice, formChoice, amount, memo, walletType, couponCode]);

  // Previews are blob: URLs; free them when the form goes away.
  useEffect(() => () => photosRef.current.forEach((p) => URL.revokeObjectURL(p.preview)), []);

  const data = catalog.status === 'ready' ? catalog.data : undefined;
  const payout: CurrencyCode = walletType === 2 ? 'USDT' : (data?.local ?? 'NGN');
  const brands = useMemo(() => (data ? brandsOf(data.calc) : []), [data]);
  // Opened from a card in the card list: choose that card once the catalog is in.
  const cardApplied = useRef(false);
  useEffect(() => {
    if (cardApplied.current || !initialCardId || !brands.length) return;
    cardApplied.current = true;
    const choice = choiceForCard(brands, initialCardId);
    if (!choice) return;
    setBrandId(choice.brandId);
    setCurrency(choice.currency);
    setForm(choice.form);
  }, [brands, initialCardId]);
  const brand = brands.find((b) => b.id === brandId) ?? brands[0];
  const currencies = currenciesOf(brand);
  const currency = currencies.includes(currencyChoice) ? currencyChoice : (currencies[0] ?? '');
  const forms = formsOf(brand, currency);
  const form = forms.includes(formChoice) ? formChoice : (forms[0] ?? '');
  const bands = bandsOf(brand, currency, form);
  const vipBp = percentToBp(data?.calc.vip_detail?.rate);
  const ladder = useMemo(() => (data ? ladderFor(data.tiers, payout) : []), [data, payout]);
  const activeCoupon = coupon.status === 'ok' ? pricingCoupon(coupon.coupon, payout) : null;
  const result = estimate({ bands, currency, amount, payout, vipBp, ladder, coupon: activeCoupon });
  const show = (minor: bigint) => formatMoney(money(minor, payout));
  const busy = submit.status === 'busy';

  const addPhotos = async (e: ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(e.target.files ?? []);
    e.target.value = '';
    const { accepted, errors } = await checkPhotos(picked, photosRef.current.length);
    setPhotoErrors(errors);
    if (accepted.length) {
      touch();
      setPhotos((ps) => [...ps, ...accepted.map((file, i) => ({ id: `${Date.now()}-${i}-${file.name}`, file, preview: URL.createObjectURL(file) }))]);
    }
  };

  const removePhoto = (photo: Photo) => {
    touch();
    URL.revokeObjectURL(photo.preview);
    setPhotos((ps) => ps.filter((p) => p.id !== photo.id));
    setPhotoErrors([]);
  };

  const applyCoupon = async () => {
    const code = couponCode.trim();
    if (!code) return setCoupon({ status: 'error', message: 'Enter a coupon code first.' });
    touch();
    setCoupon({ status: 'checking' });
    try {
      const c = await checkCoupon(code, walletType);
      if (c.new_use_status !== 2) setCoupon({ status: 'error', message: 'This coupon cannot be used now (not started, expired or used up).' });
      else setCoupon({ status: 'ok', coupon: c });
    } catch (error) {
      setCoupon({ status: 'error', message: errorMessage(error, 'We could not check this coupon. Please try again.') });
    }
  };

  // Opened from a coupon's "Use on a sale": check it straight away, as if Apply had been pressed.
  useEffect(() => {
    if (initialCoupon) void applyCoupon();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!result.ok) return setFormError(catalog.status === 'ready' ? `${SELL_MESSAGES.needQuote} ${result.message}` : SELL_MESSAGES.needQuote);
    if (photos.length === 0 && memo.trim() === '') return setFormError(SELL_MESSAGES.needContent);
    setFormError('');
    keyRef.current ??= newIdempotencyKey();
    setSubmit({ status: 'busy' });
    try {
      const sold = await submitSell(
        {
          photos,
          memo,
          walletType,
          cardId: result.card.card_id,
          faceValue: result.faceValue,
          cardForm: form || undefined,
          couponCode: coupon.status === 'ok' ? coupon.coupon.code : undefined,
          idempotencyKey: keyRef.current,
        },
        (step) => setSubmit({ status: 'busy', step }),
        (photoId, url) => setPhotos((ps) => ps.map((p) => (p.id === photoId ? { ...p, uploaded: url } : p))),
      );
      clearDraft();
      keyRef.current = undefined;
      navigate(`/order/${encodeURIComponent(sold.order_no)}`, { state: { submitted: sold.order_no } });
    } catch (error) {
      setSubmit({ status: 'error', message: submitErrorMessage(error), reference: errorRef(error) });
    }
  };

  return (
    <form className="acc-form" onSubmit={onSubmit} noValidate aria-describedby={`${id}-intro`}>
      <p id={`${id}-intro`} className="acc-muted">
        Your rate is locked the moment you submit. If an operator pays a different amount, the reason is shown on your order.
      </p>

      <fieldset className="acc-fieldset">
        <legend>1. Your card</legend>
        {catalog.status === 'loading' && <Loading label="Loading today’s cards and rates…" />}
        {catalog.status === 'error' && <LoadError error={catalog.error} retry={catalog.retry} what="today’s cards and rates" />}
        {data && brands.length === 0 && <p className="acc-empty">No cards are open for trading right now. Please check back shortly.</p>}
        {data && brands.length > 0 && (
          <>
            <div className="acc-grid acc-grid--2">
              <label className="acc-field">
                <span>Gift card</span>
                <select
                  value={brand?.id ?? ''}
                  onChange={(e) => {
                    touch();
                    setBrandId(Number(e.target.value));
                  }}
                >
                  {brands.map((b) => (
                    <option key={b.id} value={b.id}>
                      {b.name}
                    </option>
                  ))}
                </select>
              </label>
              <label className="acc-field">
                <span>Card currency (country)</span>
                <select
                  value={currency}
                  onChange={(e) => {
                    touch();
                    setCurrency(e.target.value);
                  }}
                >
                  {currencies.map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </select>
              </label>
            </div>
            <fieldset className="acc-choices">
              <legend>Card form</legend>
              {forms.map((f) => (
                <label key={f} className="acc-choice">
                  <input
                    type="radio"
                    name={`${id}-form`}
                    value={f}
                    checked={f === form}
                    onChange={() => {
                      touch();
                      setForm(f);
                    }}
                  />
                  <span>{formName(f)}</span>
                </label>
              ))}
            </fieldset>
            <label className="acc-field">
              <span>Face value ({currency})</span>
              <input
                inputMode="decimal"
                autoComplete="off"
                placeholder="e.g. 100"
                value={amount}
                aria-describedby={`${id}-bands`}
                onChange={(e) => {
                  touch();
                  setAmount(e.target.value);
                }}
              />
              <span id={`${id}-bands`} className="acc-field__hint">
                We buy: {bands.map((c) => bandLabel(c.min_face, c.max_face, currency)).join(', ') || '—'}
              </span>
            </label>
            <section className="acc-quote" aria-labelledby={`${id}-quote`} aria-live="polite" data-tour="rate-calculator">
              <h3 id={`${id}-quote`}>Your quote</h3>
              {result.ok ? (
                <>
                  <p className="acc-quote__total" data-testid="quote-total">
                    {show(result.quote.totalMinor)}
                  </p>
                  <dl>
                    <dt>
                      Rate per 1 {currency}
                      {vipBp > 0 || activeCoupon ? ' (with bonuses)' : ''}
                    </dt>
                    <dd>{show(result.quote.effectiveRateMinor)}</dd>
                    <dt>Card value</dt>
                    <dd>{show(result.quote.baseMinor)}</dd>
                    {result.quote.vipBonusMinor > 0n && (
                      <>
                        <dt>VIP bonus (+{data.calc.vip_detail?.rate}%)</dt>
                        <dd>{show(result.quote.vipBonusMinor)}</dd>
                      </>
                    )}
                    {result.quote.couponBonusMinor > 0n && (
                      <>
                        <dt>Coupon</dt>
                        <dd>{show(result.quote.couponBonusMinor)}</dd>
                      </>
                    )}
                    {result.quote.ladderBonusMinor > 0n && (
                      <>
                        <dt>Big-trade bonus</dt>
                        <dd>{show(result.quote.ladderBonusMinor)}</dd>
                      </>
                    )}
                  </dl>
                </>
              ) : (
                <p className="acc-muted">{result.message}</p>
              )}
            </section>
          </>
        )}
      </fieldset>

      <fieldset className="acc-fieldset">
        <legend>2. Photos and card codes</legend>
        <p className="acc-muted" id={`${id}-photo-hint`}>
          Clear photos of the front and back (and the receipt if your card form needs one). {PHOTO_RULES.kinds}, up to {PHOTO_RULES.sizeText}{' '}
          each, {PHOTO_RULES.maxCount} photos at most.
        </p>
        {photos.length > 0 && (
          <ul className="acc-photos" aria-label="Photos to send">
            {photos.map((p, i) => (
              <li key={p.id} className="acc-photo">
                <img src={p.preview} alt={`Photo ${i + 1}: ${p.file.name}`} />
                <button type="button" onClick={() => removePhoto(p)} disabled={busy} aria-label={`Remove photo ${i + 1} (${p.file.name})`}>
                  Remove
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className="acc-actions">
          <label className="acc-file">
            <input
              type="file"
              accept={PHOTO_RULES.accept}
              multiple
              onChange={(e) => void addPhotos(e)}
              disabled={busy || photos.length >= PHOTO_RULES.maxCount}
              aria-describedby={`${id}-photo-hint`}
            />
            <span className="gl-btn">{photos.length ? 'Add more photos' : 'Add photos'}</span>
          </label>
          <span className="acc-muted" aria-live="polite">
            {photos.length} of {PHOTO_RULES.maxCount} photos
          </span>
        </div>
        {photoErrors.length > 0 && (
          <ul className="acc-error-text" role="alert">
            {photoErrors.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        )}
        <label className="acc-field">
          <span>Card codes (optional if the photo shows the code)</span>
          <textarea
            value={memo}
            maxLength={2000}
            placeholder="One code per line, e.g. X4RT-9KLM-22QP"
            onChange={(e) => {
              touch();
              setMemo(e.target.value);
            }}
          />
        </label>
      </fieldset>

      <fieldset className="acc-fieldset">
        <legend>3. Get paid into</legend>
        <fieldset className="acc-choices">
          <legend className="acc-sr">Wallet</legend>
          {([1, 2] as const).map((w) => (
            <label key={w} className="acc-choice">
              <input
                type="radio"
                name={`${id}-wallet`}
                value={w}
                checked={walletType === w}
                onChange={() => {
                  touch();
                  setCoupon({ status: 'idle' });
                  setWalletType(w);
                }}
              />
              <span>{w === 1 ? <LocalWalletName local={data?.local} /> : 'USDT wallet'}</span>
            </label>
          ))}
        </fieldset>
        <div className="acc-field">
          <label htmlFor={`${id}-coupon`}>Coupon code (optional)</label>
          <div className="acc-actions">
            <input
              id={`${id}-coupon`}
              style={{ flex: '1 1 160px', width: 'auto' }}
              value={couponCode}
              autoComplete="off"
              aria-invalid={coupon.status === 'error'}
              aria-describedby={`${id}-coupon-msg`}
              onChange={(e) => {
                touch();
                setCouponCode(e.target.value);
                setCoupon({ status: 'idle' });
              }}
            />
            <button type="button" className="gl-btn" onClick={applyCoupon} disabled={busy || coupon.status === 'checking'}>
              {coupon.status === 'checking' ? 'Checking…' : 'Apply'}
            </button>
          </div>
          <span id={`${id}-coupon-msg`} aria-live="polite" className={coupon.status === 'error' ? 'acc-field__error' : 'acc-field__hint'}>
            {coupon.status === 'error' ? coupon.message : coupon.status === 'ok' ? `Coupon ${coupon.coupon.code} applied to your quote.` : ''}
          </span>
        </div>
      </fieldset>

      <div className="acc-fieldset" style={{ gap: 10 }}>
        {formError && (
          <p className="acc-error" role="alert">
            {formError}
          </p>
        )}
        {submit.status === 'error' && (
          <div className="acc-error" role="alert">
            <p>
              {submit.message}
              <ErrorReference reference={submit.reference} />
            </p>
          </div>
        )}
        {busy && (
          <p className="acc-note" role="status">
            {stepText(submit.step)} Please keep this page open.
          </p>
        )}
        <button type="submit" className="gl-btn gl-btn--primary acc-submit" disabled={busy} aria-busy={busy}>
          {busy ? 'Sending…' : result.ok ? `Sell card for ${show(result.quote.totalMinor)}` : 'Sell card'}
        </button>
        <p className="acc-muted">Your choices are kept on this device if the page reloads; photos need to be added again.</p>
      </div>
    </form>
  );
}
