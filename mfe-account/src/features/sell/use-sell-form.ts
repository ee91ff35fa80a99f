// The sell form's state over time: the model's reducer, the draft kept on this device, the catalog
// of the chosen wallet, and the calls (a coupon's check, the photos' check, the order's submit) whose
// answers become the model's actions.
import { useEffect, useMemo, useReducer, useRef, type ChangeEvent, type FormEvent } from 'react';
import { useNavigate } from '@giftlane/shared-sdk/router';
import { errorMessage, useData } from '@giftlane/shared-sdk';
import { checkPhotos } from '../../lib/photos';
import { early } from '../../lib/early';
import { checkCoupon, loadCatalog } from './api';
import { clearDraft, readDraft, saveDraft } from './draft';
import { brandsOf, choiceForCard, ladderFor } from './sell-model';
import {
  COUPON_MESSAGES,
  initialSellState,
  payoutOf,
  sellQuote,
  sellReducer,
  submissionOf,
  submitProblem,
} from './sell-form-model';
import { errorRef } from '@giftlane/shared-sdk/error-reference';
import { forgetSellChoice } from '@giftlane/shared-sdk/sell-choice';
import { newIdempotencyKey, submitErrorMessage, submitSell, type Photo } from './submit';

export interface SellFormOptions {
  /** A code to fill in and check at once (the coupons page links here with one). */
  initialCoupon?: string;
  /** The card to choose once the catalog is in (the card list and the rate calculator link here with one). */
  initialCardId?: number;
  /** The face value chosen in the rate calculator, filled in with its card (not without it). */
  initialAmount?: string;
}

export function useSellForm({ initialCoupon, initialCardId, initialAmount }: SellFormOptions) {
  const navigate = useNavigate();
  const [state, dispatch] = useReducer(sellReducer, undefined, () => initialSellState(readDraft(), initialCoupon));
  const photosRef = useRef(state.photos);
  photosRef.current = state.photos;

  // The route's loader asked for the opening wallet's catalog already (routes.tsx).
  const catalog = useData(
    () => early(`catalog:${state.walletType}`, () => loadCatalog(state.walletType)),
    [state.walletType],
  );
  const data = catalog.status === 'ready' ? catalog.data : undefined;
  const payout = payoutOf(state.walletType, data?.local);
  const brands = useMemo(() => (data ? brandsOf(data.calc) : []), [data]);
  const ladder = useMemo(() => (data ? ladderFor(data.tiers, payout) : []), [data, payout]);
  const firstOrderBonus = data?.calc.first_order_bonus;
  const quote = sellQuote(state, { brands, ladder, vipRate: data?.calc.vip_detail?.rate, firstOrderBonus }, payout);
  const busy = state.submit.status === 'busy';

  // What survives a reload (photos do not: they are large, and costly to read again).
  const { brandId, currency, form, amount, memo, walletType, couponCode } = state;
  useEffect(() => {
    saveDraft({ brandId, currency, form, amount, memo, walletType, couponCode });
  }, [brandId, currency, form, amount, memo, walletType, couponCode]);

  // Previews are blob: URLs; free them when the form goes away.
  useEffect(() => () => photosRef.current.forEach((p) => URL.revokeObjectURL(p.preview)), []);

  // Opened from a card in the card list or the calculator: choose that card (and the amount chosen
  // with it) once the catalog is in. A card no longer offered leaves the form as it was.
  const cardApplied = useRef(false);
  useEffect(() => {
    if (cardApplied.current || !initialCardId || !brands.length) return;
    cardApplied.current = true;
    const choice = choiceForCard(brands, initialCardId);
    if (choice) dispatch({ type: 'cardChosen', ...choice, ...(initialAmount ? { amount: initialAmount } : {}) });
    forgetSellChoice();
  }, [brands, initialCardId, initialAmount]);

  const addPhotos = async (e: ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(e.target.files ?? []);
    e.target.value = '';
    const { accepted, errors } = await checkPhotos(picked, photosRef.current.length);
    const photos: Photo[] = accepted.map((file, i) => ({
      id: `${Date.now()}-${i}-${file.name}`,
      file,
      preview: URL.createObjectURL(file),
    }));
    dispatch({ type: 'photosPicked', accepted: photos, errors });
  };

  const removePhoto = (photo: Photo) => {
    URL.revokeObjectURL(photo.preview);
    dispatch({ type: 'photoRemoved', id: photo.id });
  };

  const applyCoupon = async () => {
    const code = state.couponCode.trim();
    if (!code) return dispatch({ type: 'couponRefused', message: COUPON_MESSAGES.noCode });
    dispatch({ type: 'couponChecking' });
    try {
      dispatch({ type: 'couponChecked', coupon: await checkCoupon(code, state.walletType) });
    } catch (error) {
      dispatch({
        type: 'couponRefused',
        message: errorMessage(error, COUPON_MESSAGES.checkFailed),
        reference: errorRef(error),
      });
    }
  };

  // Opened from a coupon's "Use on a sale": check it straight away, as if Apply had been pressed.
  useEffect(() => {
    if (initialCoupon) void applyCoupon();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const problem = submitProblem(state, quote, catalog.status === 'ready');
    if (problem || !quote.result.ok) return dispatch({ type: 'submitRefused', message: problem ?? '' });
    const key = state.key ?? newIdempotencyKey();
    dispatch({ type: 'sending', key });
    try {
      const sold = await submitSell(
        submissionOf(state, quote.result, quote.form, key),
        (step) => dispatch({ type: 'step', step }),
        (id, url) => dispatch({ type: 'photoUploaded', id, url }),
      );
      clearDraft();
      dispatch({ type: 'sent' });
      navigate(`/order/${encodeURIComponent(sold.order_no)}`, { state: { submitted: sold.order_no } });
    } catch (error) {
      dispatch({ type: 'failed', message: submitErrorMessage(error), reference: errorRef(error) });
    }
  };

  return { state, dispatch, catalog, data, brands, quote, busy, addPhotos, removePhoto, applyCoupon, submit };
}
