// The "Rate history" disclosure on the rate sheet: nothing is asked of the api until it is opened;
// then the chosen card's series, its high and low and a sentence saying the same, for 30 or 90 days.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RatesData } from '@giftlane/shared-sdk';
import { NO_ANSWER, testApi } from '@giftlane/shared-sdk/testing';
import { RateTable } from '../rate-table';

const card = (card_id: number, currency: string, r: string) => ({
  card_id,
  name: `card ${card_id}`,
  currency,
  currency_symbol: '$',
  form: 'physical',
  form_name: 'Physical card',
  min_face: 100,
  max_face: 500,
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
      list: [
        { currency: 'USD', list: [card(1, 'USD', '1300.00')] },
        { currency: 'GBP', list: [card(3, 'GBP', '1530.00')] },
      ],
    },
  ],
};

const history = (fields: Record<string, string>) => {
  const days = Number(fields.days);
  const to = Date.parse('2026-11-26T12:00:00Z');
  const from = to - days * 86_400_000;
  const at = (d: number) => new Date(to - d * 86_400_000).toISOString();
  return {
    card_id: Number(fields.card_id),
    card_name: 'Apple / iTunes USD Physical card ($100–500)',
    currency: 'NGN',
    currency_symbol: '₦',
    days,
    from: new Date(from).toISOString(),
    to: new Date(to).toISOString(),
    points:
      days === 30
        ? [
            { at: new Date(from).toISOString(), rate: '1200.00' },
            { at: at(10), rate: '1350.00' },
            { at: at(2), rate: '1300.00' },
          ]
        : [{ at: new Date(from).toISOString(), rate: '1100.00' }],
    current: days === 30 ? '1300.00' : '1100.00',
    high: days === 30 ? '1350.00' : '1100.00',
    low: days === 30 ? '1200.00' : '1100.00',
  };
};

describe('rate history on the rate sheet', () => {
  test('asks nothing until opened; then shows the series, high, low and a summary, for 30 or 90 days', async () => {
    const api = testApi({ 'card/rateHistory': history });
    render(<RateTable data={DATA} payout="NGN" />);
    const open = screen.getByRole('button', { name: 'Rate history' });
    expect(open).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('group', { name: 'Period' })).toBeNull();
    expect(api.callsTo('card/rateHistory')).toEqual([]);

    await userEvent.click(open);
    expect(open).toHaveAttribute('aria-expanded', 'true');
    expect(
      await screen.findByText(
        'Over the last 30 days the rate went from ₦1,200.00 to ₦1,300.00 in 2 changes. High ₦1,350.00, low ₦1,200.00.',
      ),
    ).toBeInTheDocument();
    expect(api.callsTo('card/rateHistory')).toEqual([{ card_id: '1', currency: 'NGN', days: '30' }]);
    const high = screen.getByText('High').parentElement!;
    expect(within(high).getByText('₦1,350.00')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: '90 days' }));
    expect(screen.getByRole('button', { name: '90 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(
      await screen.findByText('Over the last 90 days the rate stayed at ₦1,100.00. High ₦1,100.00, low ₦1,100.00.'),
    ).toBeInTheDocument();

    // Another card of the sheet.
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Card' }), '3');
    await waitFor(() =>
      expect(api.callsTo('card/rateHistory').at(-1)).toEqual({ card_id: '3', currency: 'NGN', days: '90' }),
    );
  });

  test('a failed load says so and can be tried again', async () => {
    const api = testApi({ 'card/rateHistory': NO_ANSWER });
    render(<RateTable data={DATA} payout="NGN" />);
    await userEvent.click(screen.getByRole('button', { name: 'Rate history' }));
    expect(await screen.findByText(/The rate history could not be loaded/)).toBeInTheDocument();
    api.answer('card/rateHistory', history);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/Over the last 30 days/)).toBeInTheDocument();
  });
});
