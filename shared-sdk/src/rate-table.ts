// The rate sheet as rows (one per card: brand, card currency, form, band, rate), and the search
// and filters a seller uses to find their card. One model for the public rate sheet (mfe-public)
// and the signed-in card list (mfe-account): import it as `@giftlane/shared-sdk/rate-table` (a pure
// module each remote bundles).
import { useMemo, useState } from 'react';
import { cardFormName as formName } from './display';
import type { AmountWire } from './money';
import type { RatesData } from './gc/types';

export interface RateRow {
  cardId: number;
  brand: string;
  currency: string;
  form: string;
  formName: string;
  min?: number;
  max?: number;
  /** Payout per 1 unit of card currency, in the payout currency (with the visitor's VIP bonus). */
  rate: AmountWire;
  /** The same before the VIP bonus, and the bonus in percent ("1.5"; "0" for an anonymous visitor). */
  baseRate: AmountWire;
  vipPercent: string;
  /** Shown on the brand: "10min", hidden when "0min". */
  payoutTime?: string;
}

export interface RateFilter {
  search: string;
  brand: string;
  currency: string;
  form: string;
}

export const NO_FILTER: RateFilter = { search: '', brand: '', currency: '', form: '' };

export function rowsOf(data: RatesData): RateRow[] {
  return data.card_list.flatMap((cat) =>
    cat.list.flatMap((group) =>
      group.list.map((c) => ({
        cardId: c.card_id,
        brand: cat.category_name,
        currency: c.currency || group.currency,
        form: c.form ?? '',
        formName: c.form_name ?? formName(c.form),
        min: c.min_face,
        max: c.max_face,
        rate: c.optimal_rate ?? c.rate,
        baseRate: c.rate,
        vipPercent: c.all_per ?? '0',
        payoutTime: cat.timeout_seconds && cat.timeout_seconds !== '0min' ? cat.timeout_seconds : undefined,
      })),
    ),
  );
}

const uniq = (xs: string[]) => [...new Set(xs)].filter(Boolean);

export function filterOptions(rows: RateRow[]) {
  return {
    brands: uniq(rows.map((r) => r.brand)),
    currencies: uniq(rows.map((r) => r.currency)),
    forms: uniq(rows.map((r) => r.form)).map((code) => ({ code, name: rows.find((r) => r.form === code)!.formName })),
  };
}

/** Every word of the search must appear in the card's brand, currency, form or band. */
export function filterRows(rows: RateRow[], f: RateFilter): RateRow[] {
  const words = f.search.toLowerCase().split(/\s+/).filter(Boolean);
  return rows.filter((r) => {
    if (f.brand && r.brand !== f.brand) return false;
    if (f.currency && r.currency !== f.currency) return false;
    if (f.form && r.form !== f.form) return false;
    if (!words.length) return true;
    const text = `${r.brand} ${r.currency} ${r.formName} ${r.min ?? ''}-${r.max ?? ''}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
}

/** Rows shown at first and added by each "Show more" step of a rate list. */
export const RATE_PAGE = 40;

/**
 * The state of a searchable rate list, for the public rate sheet and the signed-in card list alike:
 * the rows, the filter choices, the rows the filter finds, and how many of them are shown (a new
 * filter starts again from the first page).
 */
export function useRateSheet(data: RatesData | undefined) {
  const rows = useMemo(() => (data ? rowsOf(data) : []), [data]);
  const options = useMemo(() => filterOptions(rows), [rows]);
  const [filter, setFilter] = useState<RateFilter>(NO_FILTER);
  const [shown, setShown] = useState(RATE_PAGE);
  const found = useMemo(() => filterRows(rows, filter), [rows, filter]);
  const set = (patch: Partial<RateFilter>) => {
    setFilter((f) => ({ ...f, ...patch }));
    setShown(RATE_PAGE);
  };
  const more = () => setShown((n) => n + RATE_PAGE * 2);
  return { rows, options, filter, set, found, shown, more };
}
