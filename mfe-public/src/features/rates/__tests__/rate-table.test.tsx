import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RatesData } from '@giftlane/shared-sdk';
import { RateTable } from '../rate-table';
import { filterRows, NO_FILTER, rowsOf } from '@giftlane/shared-sdk/rate-table';

const rate = (
  card_id: number,
  currency: string,
  form: string,
  form_name: string,
  min: number,
  max: number,
  r: string,
) => ({
  card_id,
  name: `card ${card_id}`,
  currency,
  currency_symbol: '$',
  form,
  form_name,
  min_face: min,
  max_face: max,
  rate: r,
  optimal_rate: r,
});

const DATA: RatesData = {
  batch_time: 1_760_000_000,
  payout_currency: 'NGN',
  card_list: [
    {
      category_id: 1,
      category_name: 'Apple / iTunes',
      timeout_seconds: '10min',
      list: [
        {
          currency: 'USD',
          list: [
            rate(1, 'USD', 'physical', 'Physical card', 100, 500, '1210.00'),
            rate(2, 'USD', 'ecode', 'E-code', 100, 500, '1150.00'),
          ],
        },
        { currency: 'GBP', list: [rate(3, 'GBP', 'physical', 'Physical card', 100, 500, '1530.00')] },
      ],
    },
    {
      category_id: 2,
      category_name: 'Steam',
      list: [{ currency: 'USD', list: [rate(4, 'USD', 'ecode', 'E-code', 10, 49, '1100.00')] }],
    },
  ],
};

const bodyRows = (): HTMLElement[] => screen.getAllByRole('row').slice(1);

describe('rate sheet', () => {
  test('lists every card with its brand, currency, form, band and rate', () => {
    render(<RateTable data={DATA} payout="NGN" />);
    expect(bodyRows()).toHaveLength(4);
    expect(bodyRows()[0]!).toHaveTextContent('Apple / iTunes');
    expect(bodyRows()[0]!).toHaveTextContent('USD · Physical card');
    expect(bodyRows()[0]!).toHaveTextContent('100–500 USD');
    expect(bodyRows()[0]!).toHaveTextContent('₦1,210.00');
  });

  test('search matches every word across brand, currency and form', async () => {
    render(<RateTable data={DATA} payout="NGN" />);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search cards' }), 'apple gbp');
    expect(bodyRows()).toHaveLength(1);
    expect(bodyRows()[0]!).toHaveTextContent('₦1,530.00');
    expect(screen.getByText(/1 of 4 cards match/)).toBeInTheDocument();
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search cards' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search cards' }), 'razer');
    expect(screen.getByText(/No card matches/)).toBeInTheDocument();
  });

  test('brand, currency and form filters combine, and Clear filters resets them', async () => {
    render(<RateTable data={DATA} payout="NGN" />);
    await userEvent.selectOptions(screen.getByLabelText('Card form'), 'ecode');
    expect(bodyRows()).toHaveLength(2);
    await userEvent.selectOptions(screen.getByLabelText('Brand'), 'Steam');
    expect(bodyRows()).toHaveLength(1);
    expect(bodyRows()[0]!).toHaveTextContent('10–49 USD');
    await userEvent.selectOptions(screen.getByLabelText('Card currency'), 'GBP');
    expect(screen.getByText(/No card matches/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(bodyRows()).toHaveLength(4);
  });

  test('the model flattens brands, currency groups and cards', () => {
    const rows = rowsOf(DATA);
    expect(rows.map((r) => r.cardId)).toEqual([1, 2, 3, 4]);
    expect(rows[0]!.payoutTime).toBe('10min');
    expect(filterRows(rows, { ...NO_FILTER, currency: 'USD', search: 'e-code' }).map((r) => r.cardId)).toEqual([2, 4]);
  });
});
