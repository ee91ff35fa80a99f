// Sell a gift card: choose the card, see the quote that will be locked, add photos and/or codes,
// choose the wallet and submit once. Built for a phone on slow data: one screen, no round trip per
// keystroke (the quote is computed on the phone with the api's pricing function). The state and its
// rules are the model (sell-form-model.ts); this composes the form's parts.
import { useId } from 'react';
import { Loading, LoadError } from '@giftlane/shared-sdk';
import { SellRateHistory } from './sell-rate-history';
import { CardFields } from './card-fields';
import { PayoutFields } from './payout-fields';
import { PhotoFields } from './photo-fields';
import { QuoteSummary } from './quote-summary';
import { sellButtonText } from './sell-form-model';
import { SubmitBar } from './submit-bar';
import { useSellForm, type SellFormOptions } from './use-sell-form';
import { RevealAfter } from '../../lib/reveal';

export function SellForm(options: SellFormOptions = {}) {
  const id = useId();
  const sell = useSellForm(options);
  const { state, dispatch, catalog, data, brands, quote, busy } = sell;

  return (
    <form className="acc-form" onSubmit={sell.submit} noValidate aria-describedby={`${id}-intro`}>
      <p id={`${id}-intro`} className="acc-muted">
        Your rate is locked the moment you submit. If an operator pays a different amount, the reason is shown on your
        order.
      </p>

      <fieldset className="acc-fieldset">
        <legend>1. Your card</legend>
        {catalog.status === 'loading' && <Loading label="Loading today’s cards and rates…" />}
        {catalog.status === 'error' && (
          <LoadError error={catalog.error} retry={catalog.retry} what="today’s cards and rates" />
        )}
        {data && brands.length === 0 && (
          <p className="acc-empty">No cards are open for trading right now. Please check back shortly.</p>
        )}
        {data && brands.length > 0 && (
          <>
            <CardFields id={id} brands={brands} quote={quote} amount={state.amount} dispatch={dispatch} />
            <QuoteSummary id={id} quote={quote} vipRate={data.calc.vip_detail?.rate} />
            <SellRateHistory quote={quote} />
          </>
        )}
      </fieldset>

      <RevealAfter ready={catalog.status !== 'loading'}>
        <fieldset className="acc-fieldset">
          <legend>2. Photos and card codes</legend>
          <PhotoFields
            id={id}
            photos={state.photos}
            photoErrors={state.photoErrors}
            memo={state.memo}
            busy={busy}
            onPick={(e) => void sell.addPhotos(e)}
            onRemove={sell.removePhoto}
            onMemo={(memo) => dispatch({ type: 'memo', memo })}
          />
        </fieldset>

        <fieldset className="acc-fieldset">
          <legend>3. Get paid into</legend>
          <PayoutFields
            id={id}
            walletType={state.walletType}
            local={data?.local}
            couponCode={state.couponCode}
            coupon={state.coupon}
            busy={busy}
            onWallet={(walletType) => dispatch({ type: 'wallet', walletType })}
            onCouponCode={(code) => dispatch({ type: 'couponCode', code })}
            onApply={sell.applyCoupon}
          />
        </fieldset>

        <SubmitBar formError={state.formError} submit={state.submit} label={sellButtonText(state.submit, quote)} />
      </RevealAfter>
    </form>
  );
}
