import { render, screen, waitFor } from '@testing-library/react';
import type { CalculatorData } from '@giftlane/shared-sdk';
import { inRouter, testApi } from '@giftlane/shared-sdk/testing';
import SellPage from '../../../pages/sell';

// The sell form opened from the rate calculator (or sign-up after it): the card and the amount
// chosen there, preselected; anything that does not fit today's catalog is ignored without an error.
// Its quote shows the first-order bonus the api offers as a line of its own.
const band = (card_id: number, over: Partial<CalculatorData['card_list'][number]['list'][number]>) => ({
  card_id,
  rate: '1210.00',
  usdt_rate: '0.8000',
  name: 'card',
  category_id: 1,
  category_name: 'Apple / iTunes',
  currency: 'USD',
  form: 'physical',
  min_face: 10,
  max_face: 500,
  ...over,
});

const calc = (firstOrderBonus: number): CalculatorData => ({
  vip_detail: { level: 0, rate: '0' },
  payout_currency: 'NGN',
  first_order_bonus: firstOrderBonus,
  card_list: [
    { category_name: 'Apple / iTunes', category_id: 1, list: [band(11, {})] },
    {
      category_name: 'Steam',
      category_id: 2,
      list: [
        band(21, { category_id: 2, category_name: 'Steam', form: 'ecode', rate: '1300.00', max_face: 200 }),
        band(22, { category_id: 2, category_name: 'Steam', currency: 'GBP', form: 'ecode', rate: '1500.00' }),
      ],
    },
  ],
});

function open(url: string, firstOrderBonus = 2000) {
  sessionStorage.clear();
  testApi({ 'card/calculator': calc(firstOrderBonus), 'public/ladderConfig': [] });
  render(inRouter(<SellPage />, [], url));
  return screen.findByRole('combobox', { name: 'Gift card' });
}

const faceValue = () => screen.getByLabelText(/^Face value/);

describe('the sell form opened with the calculator’s choice', () => {
  test('the card (brand, currency, form) and amount are preselected, and the quote names the bonus', async () => {
    await open('/?card=22&amount=60.50&payout=NGN');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Gift card' })).toHaveDisplayValue('Steam'));
    expect(faceValue()).toHaveValue('60.50');
    expect(screen.getByRole('combobox', { name: 'Card currency (country)' })).toHaveDisplayValue('GBP');
    expect(screen.getByRole('radio', { name: 'E-code' })).toBeChecked();
    // 60.50 × ₦1,500 = ₦90,750, + the ₦2,000 first-order bonus.
    expect(screen.getByTestId('quote-line-card')).toHaveTextContent('Card value (60.50 GBP at ₦1,500.00)₦90,750.00');
    expect(screen.getByTestId('quote-line-first_order')).toHaveTextContent(
      'First-order bonus (your first sale)₦2,000.00',
    );
    expect(screen.getByTestId('quote-total')).toHaveTextContent('₦92,750.00');
    expect(screen.getByRole('button', { name: 'Sell card for ₦92,750.00' })).toBeInTheDocument();
  });

  test('a seller past the first order sees no bonus line', async () => {
    await open('/?card=21&amount=100', 0);
    await waitFor(() => expect(faceValue()).toHaveValue('100'));
    expect(screen.queryByTestId('quote-line-first_order')).toBeNull();
    expect(screen.getByTestId('quote-total')).toHaveTextContent('₦130,000.00');
  });

  test('a card no longer offered falls back to the first card, without an error', async () => {
    await open('/?card=999&amount=100');
    expect(screen.getByRole('combobox', { name: 'Gift card' })).toHaveDisplayValue('Apple / iTunes');
    expect(faceValue()).toHaveValue('');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  test('a malformed amount is dropped and the card is still chosen', async () => {
    await open('/?card=21&amount=1e9<script>');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Gift card' })).toHaveDisplayValue('Steam'));
    expect(faceValue()).toHaveValue('');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
