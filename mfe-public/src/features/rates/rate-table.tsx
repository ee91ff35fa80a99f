import { bandLabel } from '@giftlane/shared-sdk/card-catalog';
import { useId } from 'react';
import type { CurrencyCode, RatesData } from '@giftlane/shared-sdk';
import { showMoney } from '../../lib/amounts';
import { NO_FILTER, useRateSheet } from '@giftlane/shared-sdk/rate-table';
import { RateHistory } from '@giftlane/shared-sdk/ui/rate-history';
import { loadRateHistory } from '../../lib/api';

export function RateTable({ data, payout }: { data: RatesData; payout: CurrencyCode }) {
  const id = useId();
  const { rows, options, filter, set, found, shown, more } = useRateSheet(data);
  const filtered = filter !== NO_FILTER && (filter.search || filter.brand || filter.currency || filter.form);

  return (
    <div>
      <div className="pub-filters pub-filters--4" role="search">
        <label className="pub-field">
          <span>Search cards</span>
          <input
            type="search"
            value={filter.search}
            placeholder="e.g. Steam GBP"
            onChange={(e) => set({ search: e.target.value })}
          />
        </label>
        <label className="pub-field">
          <span>Brand</span>
          <select value={filter.brand} onChange={(e) => set({ brand: e.target.value })}>
            <option value="">All brands</option>
            {options.brands.map((b) => (
              <option key={b}>{b}</option>
            ))}
          </select>
        </label>
        <label className="pub-field">
          <span>Card currency</span>
          <select value={filter.currency} onChange={(e) => set({ currency: e.target.value })}>
            <option value="">All currencies</option>
            {options.currencies.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        </label>
        <label className="pub-field">
          <span>Card form</span>
          <select value={filter.form} onChange={(e) => set({ form: e.target.value })}>
            <option value="">All forms</option>
            {options.forms.map((f) => (
              <option key={f.code} value={f.code}>
                {f.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p id={`${id}-count`} aria-live="polite" className="pub-muted">
        {found.length === rows.length ? `${rows.length} cards` : `${found.length} of ${rows.length} cards match`}
        {filtered && (
          <>
            {' · '}
            <button type="button" className="pub-linkbtn" onClick={() => set(NO_FILTER)}>
              Clear filters
            </button>
          </>
        )}
      </p>
      {found.length > 0 && (
        <RateHistory
          cards={found.map((r) => ({
            id: r.cardId,
            name: `${r.brand} ${r.currency} ${r.formName} ${bandLabel(r.min, r.max, r.currency)}`,
          }))}
          cardId={found[0]!.cardId}
          currency={payout}
          load={loadRateHistory}
        />
      )}
      {found.length === 0 ? (
        <p className="pub-empty">No card matches. Try another brand or clear the filters.</p>
      ) : (
        <table className="rates" aria-describedby={`${id}-count`}>
          <caption>Rates in {payout} for 1 unit of the card’s currency</caption>
          <thead>
            <tr>
              <th scope="col">Brand</th>
              <th scope="col">Card</th>
              <th scope="col">Amount band</th>
              <th scope="col" className="rates__rate">
                Rate ({payout})
              </th>
            </tr>
          </thead>
          <tbody>
            {found.slice(0, shown).map((r) => (
              <tr key={r.cardId}>
                <td className="rates__brand">{r.brand}</td>
                <td className="rates__meta">
                  {r.currency} · {r.formName}
                </td>
                <td className="rates__meta">{bandLabel(r.min, r.max, r.currency)}</td>
                <td className="rates__rate">{showMoney(r.rate, payout)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {found.length > shown && (
        <button type="button" className="gl-btn pub-more" onClick={more}>
          Show more cards ({found.length - shown} left)
        </button>
      )}
    </div>
  );
}
