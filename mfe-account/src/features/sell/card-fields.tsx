// Step 1 of the sell form: the card (brand, card currency, form) and its face value, with the
// amounts we buy it in.
import type { Dispatch } from 'react';
import { bandLabel, formName, type Brand } from './sell-model';
import type { SellAction, SellQuote } from './sell-form-model';

export interface CardFieldsProps {
  id: string;
  brands: Brand[];
  quote: SellQuote;
  amount: string;
  dispatch: Dispatch<SellAction>;
}

export function CardFields({ id, brands, quote, amount, dispatch }: CardFieldsProps) {
  const { brand, currencies, currency, forms, form, bands } = quote;
  return (
    <>
      <div className="acc-grid acc-grid--2">
        <label className="acc-field">
          <span>Gift card</span>
          <select
            value={brand?.id ?? ''}
            onChange={(e) => dispatch({ type: 'brand', brandId: Number(e.target.value) })}
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
          <select value={currency} onChange={(e) => dispatch({ type: 'currency', currency: e.target.value })}>
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
              onChange={() => dispatch({ type: 'form', form: f })}
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
          onChange={(e) => dispatch({ type: 'amount', amount: e.target.value })}
        />
        <span id={`${id}-bands`} className="acc-field__hint">
          We buy: {bands.map((c) => bandLabel(c.min_face, c.max_face, currency)).join(', ') || '—'}
        </span>
      </label>
    </>
  );
}
