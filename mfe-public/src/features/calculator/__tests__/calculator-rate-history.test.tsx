// Under the calculator, "Rate history" follows the card the amount chooses, and asks nothing until
// it is opened.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CalculatorData } from '@giftlane/shared-sdk';
import { inRouter, testApi } from '@giftlane/shared-sdk/testing';
import { forgetCalculatorChoice, RateCalculator } from '../rate-calculator';

const card = (card_id: number, min_face: number, max_face: number, rate: string) => ({
  card_id,
  rate,
  usdt_rate: '0.7800',
  name: 'card',
  category_id: 1,
  category_name: 'Apple / iTunes',
  currency: 'USD',
  form: 'physical',
  min_face,
  max_face,
});

const CATALOG: CalculatorData = {
  card_list: [
    {
      category_id: 1,
      category_name: 'Apple / iTunes',
      list: [card(2, 50, 99, '1150.00'), card(3, 100, 500, '1210.00')],
    },
  ],
  vip_detail: { level: 0, rate: '0' },
  payout_currency: 'NGN',
  currency_symbol: '₦',
};

const history = (f: Record<string, string>) => ({
  card_id: Number(f.card_id),
  card_name: 'Apple / iTunes USD Physical card',
  currency: 'NGN',
  currency_symbol: '₦',
  days: Number(f.days),
  from: '2026-10-27T12:00:00.000Z',
  to: '2026-11-26T12:00:00.000Z',
  points: [{ at: '2026-10-27T12:00:00.000Z', rate: f.card_id === '3' ? '1210.00' : '1150.00' }],
  current: f.card_id === '3' ? '1210.00' : '1150.00',
  high: f.card_id === '3' ? '1210.00' : '1150.00',
  low: f.card_id === '3' ? '1210.00' : '1150.00',
});

test('the calculator’s rate history is of the card the amount chooses, loaded only when opened', async () => {
  forgetCalculatorChoice();
  const api = testApi({ 'card/rateHistory': history });
  render(inRouter(<RateCalculator data={CATALOG} tiers={[]} payout="NGN" />));
  await userEvent.click(screen.getByRole('button', { name: '200' }));
  expect(api.callsTo('card/rateHistory')).toEqual([]);
  await userEvent.click(screen.getByRole('button', { name: 'Rate history' }));
  expect(await screen.findByText(/Over the last 30 days the rate stayed at ₦1,210\.00\./)).toBeInTheDocument();
  expect(api.callsTo('card/rateHistory')).toEqual([{ card_id: '3', currency: 'NGN', days: '30' }]);

  await userEvent.click(screen.getByRole('button', { name: '50' }));
  await waitFor(() =>
    expect(api.callsTo('card/rateHistory').at(-1)).toEqual({ card_id: '2', currency: 'NGN', days: '30' }),
  );
  expect(await screen.findByText(/stayed at ₦1,150\.00\./)).toBeInTheDocument();
});
