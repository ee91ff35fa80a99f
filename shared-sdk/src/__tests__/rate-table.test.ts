import { filterOptions, filterRows, NO_FILTER, rowsOf } from '../rate-table';
import type { RatesData } from '../gc/types';

const card = (
  card_id: number,
  currency: string,
  form: string,
  rate: string,
  optimal_rate?: string,
  all_per?: string,
) => ({
  card_id,
  name: `card ${card_id}`,
  currency,
  currency_symbol: currency === 'USD' ? '$' : '£',
  form,
  min_face: 10,
  max_face: 49,
  rate,
  ...(optimal_rate ? { optimal_rate, all_per } : {}),
});

const SIGNED_IN: RatesData = {
  payout_currency: 'NGN',
  card_list: [
    {
      category_id: 1,
      category_name: 'Steam',
      timeout_seconds: '0min',
      list: [{ currency: 'USD', list: [card(7, 'USD', 'ecode', '1000.00', '1015.00', '1.5')] }],
    },
    {
      category_id: 2,
      category_name: 'Apple / iTunes',
      list: [{ currency: 'GBP', list: [card(9, 'GBP', 'physical', '1500.00')] }],
    },
  ],
};

describe('rate table model (the public rate sheet and the signed-in card list)', () => {
  it('a row carries the rate with the VIP bonus, the rate before it and the bonus percent', () => {
    const [steam, apple] = rowsOf(SIGNED_IN);
    expect(steam).toMatchObject({
      cardId: 7,
      brand: 'Steam',
      currency: 'USD',
      form: 'ecode',
      formName: 'E-code',
      rate: '1015.00',
      baseRate: '1000.00',
      vipPercent: '1.5',
    });
    expect(steam!.payoutTime).toBeUndefined();
    // An anonymous sheet (no optimal rate): the rate is the base rate and there is no bonus.
    expect(apple).toMatchObject({ cardId: 9, rate: '1500.00', baseRate: '1500.00', vipPercent: '0' });
  });

  it('filters by brand and by every word of the search', () => {
    const rows = rowsOf(SIGNED_IN);
    expect(filterOptions(rows).brands).toEqual(['Steam', 'Apple / iTunes']);
    expect(filterRows(rows, { ...NO_FILTER, brand: 'Steam' }).map((r) => r.cardId)).toEqual([7]);
    expect(filterRows(rows, { ...NO_FILTER, search: 'gbp physical' }).map((r) => r.cardId)).toEqual([9]);
    expect(filterRows(rows, { ...NO_FILTER, search: 'steam gbp' })).toEqual([]);
  });
});
