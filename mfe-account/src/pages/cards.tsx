// /homes/cards — every card we buy with the rate this seller gets: the catalog read signed in, so the
// api applies the seller's VIP bonus (the same rates the sell form quotes and an order locks). The
// rows come from the one rate-table model the public rate sheet uses (shared-sdk/rate-table); each
// leads to the sell form with that card chosen.
import { useId } from 'react';
import { observer } from 'mobx-react-lite';
import { Link, useLocation } from '@giftlane/shared-sdk/router';
import { RateHistory } from '@giftlane/shared-sdk/ui/rate-history';
import { useRateSheet, type RateRow } from '@giftlane/shared-sdk/rate-table';
import {
  formatDateTime,
  formatMoney,
  Loading,
  LoadError,
  tryParseMoney,
  useData,
  useStores,
  type AmountWire,
  type CurrencyCode,
} from '@giftlane/shared-sdk';
import { loadRates } from '../features/rates/api';
import { RateAlerts } from '../features/rates/rate-alerts';
import { loadRateHistory } from '../lib/rate-history';

const show = (value: AmountWire | undefined, currency: CurrencyCode) => {
  const m = value === undefined || value === '' ? undefined : tryParseMoney(value, currency);
  return m ? formatMoney(m) : '–';
};

const band = (r: RateRow) =>
  r.min === undefined || r.max === undefined ? r.currency : `${r.min}–${r.max} ${r.currency}`;

/** The sell form with this card chosen. */
export const sellLink = (cardId: number) => `/homes/sell-gift-card?card=${cardId}`;

function CardRow({ row, payout }: { row: RateRow; payout: CurrencyCode }) {
  const bonus = row.vipPercent !== '0' && row.baseRate !== row.rate;
  return (
    <li>
      <Link
        className="acc-item acc-item--plain acc-rate"
        to={sellLink(row.cardId)}
        aria-label={`Sell ${row.brand} ${row.currency} ${row.formName} ${band(row)} at ${show(row.rate, payout)}`}
      >
        <span className="acc-rate__card">
          <span className="acc-item__title acc-item__title--wrap">{row.brand}</span>
          <span className="acc-muted">
            {row.currency} · {row.formName} · {band(row)}
          </span>
        </span>
        <span className="acc-rate__rate">
          <strong>{show(row.rate, payout)}</strong>
          {bonus && <span className="acc-muted">incl. VIP +{row.vipPercent}%</span>}
          <span className="acc-rate__sell">Sell</span>
        </span>
      </Link>
    </li>
  );
}

const CardsPage = observer(function CardsPage() {
  const id = useId();
  const rates = useData(loadRates, []);
  const { rows, options, filter, set, found, shown, more } = useRateSheet(
    rates.status === 'ready' ? rates.data.data : undefined,
  );
  const vip = rows.find((r) => r.vipPercent !== '0')?.vipPercent;
  const level = useStores().user.vipLevel;
  // The sell form's "Set a rate alert" names its card: /homes/cards?alert=12#rate-alerts.
  const alertFor = Number(new URLSearchParams(useLocation().search).get('alert')) || undefined;
  const named = rows.map((r) => ({
    id: r.cardId,
    name: `${r.brand} ${r.currency} ${r.formName} ${band(r)}`,
    base: show(r.baseRate, rates.status === 'ready' ? rates.data.payout : 'NGN'),
  }));

  return (
    <section className="acc-page" aria-labelledby={`${id}-title`}>
      <div>
        <h2 id={`${id}-title`}>Card rates</h2>
        <p className="acc-muted" style={{ margin: 0 }}>
          What you are paid for each unit of the card’s currency. Tap a card to sell it.
        </p>
      </div>
      {rates.status === 'loading' && <Loading label="Loading the rates…" lines={6} />}
      {rates.status === 'error' && <LoadError error={rates.error} retry={rates.retry} what="the rates" />}
      {rates.status === 'ready' && (
        <>
          <p className="acc-note" data-testid="vip-bonus">
            {vip
              ? `Your VIP${level ? ` ${level}` : ''} bonus of +${vip}% is included in every rate below.`
              : 'These are the base rates. A higher VIP level adds a bonus to every rate.'}{' '}
            <Link to="/homes/vip">Your VIP level</Link>
          </p>
          <div className="acc-grid acc-grid--2" role="search">
            <label className="acc-field">
              Search cards
              <input
                type="search"
                value={filter.search}
                placeholder="e.g. Steam GBP"
                onChange={(e) => set({ search: e.target.value })}
              />
            </label>
            <label className="acc-field">
              Brand
              <select value={filter.brand} onChange={(e) => set({ brand: e.target.value })}>
                <option value="">All brands</option>
                {options.brands.map((b) => (
                  <option key={b}>{b}</option>
                ))}
              </select>
            </label>
          </div>
          <p className="acc-muted" aria-live="polite" style={{ margin: 0 }}>
            {found.length === rows.length ? `${rows.length} cards` : `${found.length} of ${rows.length} cards match`}
            {rates.data.data.batch_time
              ? ` · rates of ${formatDateTime(rates.data.data.batch_time)}; locked when you submit an order`
              : ''}
          </p>
          {found.length === 0 ? (
            <p className="acc-empty">No card matches. Try another brand or clear the search.</p>
          ) : (
            <ul className="acc-list" aria-label="Cards and rates">
              {found.slice(0, shown).map((r) => (
                <CardRow key={r.cardId} row={r} payout={rates.data.payout} />
              ))}
            </ul>
          )}
          {found.length > shown && (
            <button type="button" className="gl-btn" onClick={more}>
              Show more cards ({found.length - shown} left)
            </button>
          )}
          {named.length > 0 && (
            <>
              <RateHistory
                cards={named}
                cardId={alertFor ?? found[0]?.cardId}
                currency={rates.data.payout}
                load={loadRateHistory}
              />
              <RateAlerts cards={named} cardId={alertFor} currency={rates.data.payout} />
            </>
          )}
        </>
      )}
    </section>
  );
});

export default CardsPage;
