// The rate calculator: brand → card currency → form → amount → expected payout, computed on the
// phone with the api's pricing function (no round trip per keystroke on costly data).
import { useId, useMemo, useState } from 'react';
import { Link } from '@giftlane/shared-sdk/router';
import {
  formatMoney,
  money,
  type BonusTier,
  type CalculatorData,
  type CurrencyCode,
  cardFormName as formName,
} from '@giftlane/shared-sdk';
import { sellChoiceQuery, sellFormPath, type SellChoice } from '@giftlane/shared-sdk/sell-choice';
import { RateHistory } from '@giftlane/shared-sdk/ui/rate-history';
import { percentToBp, wireMoney } from '../../lib/amounts';
import { loadRateHistory } from '../../lib/api';
import {
  bandsOf,
  brandsOf,
  cardTitle,
  currenciesOf,
  estimate,
  formsOf,
  ladderFor,
  PRESET_AMOUNTS,
} from './calculator-model';

export interface RateCalculatorProps {
  data: CalculatorData;
  tiers: readonly BonusTier[];
  payout: CurrencyCode;
  signedIn?: boolean;
  headingLevel?: 'h2' | 'h3';
}

/**
 * The seller's last choice. Switching the country reloads the rates, which unmounts the calculator
 * while they load; the new one starts from this, so the card chosen stays chosen.
 */
const lastChoice: { brand?: string; currency: string; form: string; amount: string } = {
  currency: '',
  form: '',
  amount: '100',
};

/** Forgets the last choice (a fresh calculator starts from the first card again). */
export function forgetCalculatorChoice(): void {
  Object.assign(lastChoice, { brand: undefined, currency: '', form: '', amount: '100' });
}

export function RateCalculator({ data, tiers, payout, signedIn = false, headingLevel: H = 'h2' }: RateCalculatorProps) {
  const id = useId();
  const brands = useMemo(() => brandsOf(data), [data]);
  const ladder = useMemo(() => ladderFor(tiers, payout), [tiers, payout]);
  const [brandId, setBrandIdState] = useState<number | undefined>(
    () => (brands.find((b) => b.name === lastChoice.brand) ?? brands[0])?.id,
  );
  const [currencyChoice, setCurrencyState] = useState(lastChoice.currency);
  const [formChoice, setFormState] = useState(lastChoice.form);
  const [amount, setAmountState] = useState(lastChoice.amount);
  const setBrandId = (next: number) => {
    lastChoice.brand = brands.find((b) => b.id === next)?.name;
    setBrandIdState(next);
  };
  const setCurrency = (next: string) => setCurrencyState((lastChoice.currency = next));
  const setForm = (next: string) => setFormState((lastChoice.form = next));
  const setAmount = (next: string) => setAmountState((lastChoice.amount = next));

  const brand = brands.find((b) => b.id === brandId) ?? brands[0];
  const currencies = currenciesOf(brand);
  const currency = currencies.includes(currencyChoice) ? currencyChoice : (currencies[0] ?? '');
  const forms = formsOf(brand, currency);
  const form = forms.includes(formChoice) ? formChoice : (forms[0] ?? '');
  const bands = bandsOf(brand, currency, form);
  const vipBp = percentToBp(data.vip_detail?.rate);
  // The first-order bonus the api says this visitor (or seller) would still earn, priced in as a line.
  const firstOrderBonusMinor = wireMoney(data.first_order_bonus, payout)?.amount_minor ?? 0n;
  const result = estimate({ bands, currency, amount, payout, vipBp, ladder, firstOrderBonusMinor });
  const show = (minor: bigint) => formatMoney(money(minor, payout));
  // The choice goes on with the button: the card of the amount's band (else the first band), the
  // amount, and the payout currency (sign-up picks the country from it).
  const chosenCard = result.ok ? result.card.card_id : bands[0]?.card_id;
  const choice: SellChoice | undefined = chosenCard
    ? { card: chosenCard, amount: result.ok ? result.faceValue : '', payout }
    : undefined;
  const sellLink = signedIn ? sellFormPath(choice) : choice ? `/sign-up?${sellChoiceQuery(choice)}` : '/sign-up';

  if (brands.length === 0) {
    return <p className="pub-error">No cards are open for trading right now. Please check back shortly.</p>;
  }

  return (
    <form className="calc" aria-labelledby={`${id}-title`} onSubmit={(e) => e.preventDefault()}>
      <H id={`${id}-title`} className="calc__title">
        Rate calculator
      </H>
      <div className="calc__grid">
        <label className="pub-field">
          <span>Gift card</span>
          <select value={brand?.id ?? ''} onChange={(e) => setBrandId(Number(e.target.value))}>
            {brands.map((b) => (
              <option key={b.id} value={b.id}>
                {b.name}
              </option>
            ))}
          </select>
        </label>
        <label className="pub-field">
          <span>Card currency</span>
          <select value={currency} onChange={(e) => setCurrency(e.target.value)}>
            {currencies.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </label>
        <label className="pub-field">
          <span>Card form</span>
          <select value={form} onChange={(e) => setForm(e.target.value)}>
            {forms.map((f) => (
              <option key={f} value={f}>
                {formName(f)}
              </option>
            ))}
          </select>
        </label>
        <label className="pub-field">
          <span>Amount on the card ({currency})</span>
          <input
            type="text"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            aria-describedby={`${id}-result`}
          />
        </label>
      </div>
      <div className="calc__presets" role="group" aria-label="Common amounts">
        {PRESET_AMOUNTS.map((a) => (
          <button
            key={a}
            type="button"
            className="pub-chip"
            aria-pressed={amount.trim() === String(a)}
            onClick={() => setAmount(String(a))}
          >
            {a}
          </button>
        ))}
      </div>
      <output id={`${id}-result`} className="calc__result" aria-live="polite">
        {result.ok ? (
          <>
            <span className="calc__label">You get</span>
            <strong className="calc__total" data-testid="calc-total">
              {show(result.quote.totalMinor)}
            </strong>
            <span className="calc__line">
              Rate {show(result.rateMinor)} per 1 {currency}
              {result.quote.vipBonusMinor > 0n && <> · VIP bonus {show(result.quote.vipBonusMinor)}</>}
              {result.quote.ladderBonusMinor > 0n && <> · big-trade bonus {show(result.quote.ladderBonusMinor)}</>}
            </span>
            {result.quote.firstOrderBonusMinor > 0n && (
              <span className="calc__line" data-testid="calc-first-order-bonus">
                Card value {show(result.quote.tradeMinor)} + first-order bonus {show(result.quote.firstOrderBonusMinor)}{' '}
                on your first sale
              </span>
            )}
          </>
        ) : (
          <span className="calc__hint">{result.message}</span>
        )}
      </output>
      <p className="calc__note">The rate is locked the moment you submit your order.</p>
      {(result.ok ? result.card : bands[0]) && (
        <RateHistory
          cards={[{ id: (result.ok ? result.card : bands[0])!.card_id, name: cardTitle(brand, currency, form) }]}
          currency={payout}
          load={loadRateHistory}
        />
      )}
      <Link className="gl-btn gl-btn--primary calc__cta" to={sellLink}>
        {signedIn ? 'Sell this card' : 'Sign up and sell this card'}
      </Link>
    </form>
  );
}
