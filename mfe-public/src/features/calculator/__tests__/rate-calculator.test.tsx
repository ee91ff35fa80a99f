import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatMoney, money, moneyToDecimalString, type BonusTier, type CalculatorData } from '@giftlane/shared-sdk';
import { PRICING_VECTORS } from '@giftlane/shared-sdk/pricing-vectors';
import { forgetCalculatorChoice, RateCalculator } from '../rate-calculator';
import { inRouter } from '@giftlane/shared-sdk/testing';

const card = (over: Partial<CalculatorData['card_list'][number]['list'][number]>) => ({
  card_id: 1,
  rate: '1210.00',
  usdt_rate: '0.7800',
  name: 'card',
  category_id: 1,
  category_name: 'Apple / iTunes',
  currency: 'USD',
  form: 'physical',
  min_face: 10,
  max_face: 500,
  ...over,
});

function data(list: CalculatorData['card_list'], vipPercent = '0'): CalculatorData {
  return { card_list: list, vip_detail: { level: 0, rate: vipPercent }, payout_currency: 'NGN', currency_symbol: '₦' };
}

const CATALOG = data([
  {
    category_id: 1,
    category_name: 'Apple / iTunes',
    list: [
      card({ card_id: 1, currency: 'USD', form: 'physical', min_face: 10, max_face: 49, rate: '1100.00' }),
      card({ card_id: 2, currency: 'USD', form: 'physical', min_face: 50, max_face: 99, rate: '1150.00' }),
      card({ card_id: 3, currency: 'USD', form: 'physical', min_face: 100, max_face: 500, rate: '1210.00' }),
      card({ card_id: 4, currency: 'USD', form: 'ecode', min_face: 100, max_face: 500, rate: '1150.00' }),
      card({ card_id: 5, currency: 'GBP', form: 'physical', min_face: 100, max_face: 500, rate: '1530.00' }),
    ],
  },
  {
    category_id: 2,
    category_name: 'Steam',
    list: [card({ card_id: 9, category_id: 2, category_name: 'Steam', form: 'ecode', rate: '1200.00' })],
  },
]);

const ui = (props: Partial<Parameters<typeof RateCalculator>[0]> = {}) =>
  render(inRouter(<RateCalculator data={CATALOG} tiers={[]} payout="NGN" {...props} />));

const total = () => screen.getByTestId('calc-total').textContent;
const amountBox = () => screen.getByLabelText(/Amount on the card/);

describe('rate calculator', () => {
  beforeEach(() => forgetCalculatorChoice());

  test(
    'keeps the chosen card when it is shown again for another country (it remounts while the rates ' + 'load)',
    async () => {
      const first = ui();
      await userEvent.selectOptions(screen.getByLabelText('Gift card'), 'Steam');
      await userEvent.click(screen.getByRole('button', { name: '200' }));
      first.unmount();
      const ghana = { ...CATALOG, payout_currency: 'GHS', currency_symbol: 'GH₵' };
      render(inRouter(<RateCalculator data={ghana} tiers={[]} payout="GHS" />));
      expect(screen.getByLabelText('Gift card')).toHaveDisplayValue('Steam');
      expect(amountBox()).toHaveValue('200');
    },
  );

  // The public calculator has no coupon field: it is checked against every vector without one.
  const vectors = PRICING_VECTORS.filter((v) => !v.input.coupon);
  test.each(vectors.map((v) => [v.name, v] as const))('matches the pricing function: %s', async (_name, v) => {
    const face = moneyToDecimalString(money(v.input.faceMinor, 'USD'));
    const rate = moneyToDecimalString(money(v.input.baseRateMinor, 'NGN'));
    const vipPercent = moneyToDecimalString(money(BigInt(v.input.vipBp), 'USD'));
    const tiers: BonusTier[] = (v.input.ladder ?? []).map((t) => ({
      order_amount: money(t.orderAmountMinor, 'NGN'),
      bonus_amount: money(t.bonusAmountMinor, 'NGN'),
    }));
    const only = data(
      [{ category_id: 1, category_name: 'Apple / iTunes', list: [card({ rate, min_face: 1, max_face: 1000 })] }],
      vipPercent,
    );
    render(inRouter(<RateCalculator data={only} tiers={tiers} payout="NGN" />));
    await userEvent.clear(amountBox());
    await userEvent.type(amountBox(), face);
    expect(total()).toBe(formatMoney(money(v.expect.totalMinor, 'NGN')));
  });

  test('brand → card currency → form → amount picks the right band', async () => {
    ui();
    expect(total()).toBe('₦121,000.00'); // $100 physical: the 100–500 band at ₦1,210
    await userEvent.click(screen.getByRole('button', { name: '50' }));
    expect(total()).toBe('₦57,500.00'); // the 50–99 band at ₦1,150
    await userEvent.selectOptions(screen.getByLabelText('Card currency'), 'GBP');
    expect(screen.getByLabelText('Amount on the card (GBP)')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('We buy this card in these amounts: 100–500 GBP.');
    await userEvent.click(screen.getByRole('button', { name: '200' }));
    expect(total()).toBe('₦306,000.00');
    await userEvent.selectOptions(screen.getByLabelText('Gift card'), 'Steam');
    expect(
      within(screen.getByLabelText('Card form'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['E-code']);
    expect(total()).toBe('₦240,000.00');
  });

  test('reads rates and the VIP percent sent as JSON numbers (how the api sends them, for the apps)', () => {
    const numeric = data([
      {
        category_id: 1,
        category_name: 'Apple / iTunes',
        list: [card({ card_id: 3, rate: 1210, usdt_rate: 0.78, min_face: 100, max_face: 500 })],
      },
    ]);
    render(
      inRouter(<RateCalculator data={{ ...numeric, vip_detail: { level: 1, rate: 1.5 } }} tiers={[]} payout="NGN" />),
    );
    expect(total()).toBe('₦122,815.00'); // $100 at ₦1,210 × 1.015
  });

  test('says what to fix instead of guessing', async () => {
    ui();
    await userEvent.clear(amountBox());
    expect(screen.getByRole('status')).toHaveTextContent('Enter the amount on your card.');
    await userEvent.type(amountBox(), '12.345');
    expect(screen.getByRole('status')).toHaveTextContent('Enter the card amount as a number');
    await userEvent.clear(amountBox());
    await userEvent.type(amountBox(), '49.50');
    expect(screen.getByRole('status')).toHaveTextContent('10–49 USD, 50–99 USD, 100–500 USD');
  });

  test('adds the big-trade bonus from the ladder and sends signed-in sellers to the sell page', async () => {
    ui({ tiers: [{ order_amount: money(200_000_00n, 'NGN'), bonus_amount: money(1_000_00n, 'NGN') }], signedIn: true });
    await userEvent.click(screen.getByRole('button', { name: '200' }));
    expect(total()).toBe('₦243,000.00');
    expect(screen.getByRole('status')).toHaveTextContent('big-trade bonus ₦1,000.00');
    // The choice goes with the link: the card of the 100–500 band, the amount and the payout currency.
    expect(screen.getByRole('link', { name: 'Sell this card' })).toHaveAttribute(
      'href',
      '/homes/sell-gift-card?card=3&amount=200&payout=NGN',
    );
  });

  test('a visitor’s sign-up link carries the chosen card, amount and payout currency', async () => {
    ui({ payout: 'GHS', data: { ...CATALOG, payout_currency: 'GHS', currency_symbol: 'GH₵' } });
    await userEvent.selectOptions(screen.getByLabelText('Gift card'), 'Steam');
    await userEvent.clear(amountBox());
    await userEvent.type(amountBox(), '60.50');
    expect(screen.getByRole('link', { name: 'Sign up and sell this card' })).toHaveAttribute(
      'href',
      '/sign-up?card=9&amount=60.50&payout=GHS',
    );
    // An amount outside every band still carries the card (its first band), without the amount.
    await userEvent.clear(amountBox());
    await userEvent.type(amountBox(), '5');
    expect(screen.getByRole('link', { name: 'Sign up and sell this card' })).toHaveAttribute(
      'href',
      '/sign-up?card=9&payout=GHS',
    );
  });

  test('the first-order bonus the api offers is a named line of the total', async () => {
    ui({ data: { ...CATALOG, first_order_bonus: 2000 } });
    expect(total()).toBe('₦123,000.00'); // $100 at ₦1,210 + ₦2,000
    expect(screen.getByTestId('calc-first-order-bonus')).toHaveTextContent(
      'Card value ₦121,000.00 + first-order bonus ₦2,000.00 on your first sale',
    );
  });

  test('no first-order bonus line when the api offers none (a seller with a paid order)', () => {
    ui({ data: { ...CATALOG, first_order_bonus: 0 } });
    expect(total()).toBe('₦121,000.00');
    expect(screen.queryByTestId('calc-first-order-bonus')).toBeNull();
  });
});
