// The rate alert form: the seller's alerts with their state, a new one set (the api's words when
// refused), and one deleted.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { inRouter, Refusal, testApi } from '@giftlane/shared-sdk/testing';
import { RateAlerts } from '../rate-alerts';

const CARDS = [
  { id: 1, name: 'Apple / iTunes USD Physical card 100–500 USD' },
  { id: 4, name: 'Steam USD E-code 10–49 USD', base: '₦1,300.00' },
];

const alert = (alert_id: number, card_id: number, target_rate: string, armed = true) => ({
  alert_id,
  card_id,
  card_name: CARDS.find((c) => c.id === card_id)!.name,
  currency: 'NGN',
  currency_symbol: '₦',
  target_rate,
  current_rate: '1300.00',
  armed,
  fired_at: armed ? null : '2026-11-25T10:00:00.000Z',
});

describe('rate alerts', () => {
  test('lists the alerts, sets one, shows a refusal in the api’s words, deletes one', async () => {
    const api = testApi({
      'card/rateAlerts': { limit: 10, list: [alert(7, 1, '1400.00', false)] },
      'card/rateAlertDelete': { limit: 10, list: [alert(8, 4, '1500.00')] },
    });
    api.answer('card/rateAlertAdd', new Refusal('The rate is already ₦1,300.00: set a target above it'), {
      limit: 10,
      list: [alert(7, 1, '1400.00', false), alert(8, 4, '1500.00')],
    });
    render(inRouter(<RateAlerts cards={CARDS} currency="NGN" cardId={4} />));
    const list = await screen.findByRole('list', { name: 'Your rate alerts' });
    expect(within(list).getByText(/Reached on .*: set again once the rate falls below your target\./)).toBeVisible();
    expect(within(list).getByText('At ₦1,400.00 or more · now ₦1,300.00')).toBeVisible();
    expect(screen.getByText('1 of 10 alerts')).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Card' })).toHaveValue('4');
    expect(screen.getByRole('textbox', { name: /Target rate/ })).toHaveAccessibleDescription(
      'Base rate now ₦1,300.00. Alerts follow the base rate, before any VIP bonus.',
    );

    const target = screen.getByRole('textbox', { name: /Target rate \(NGN/ });
    await userEvent.type(target, '1200');
    await userEvent.click(screen.getByRole('button', { name: 'Set alert' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The rate is already ₦1,300.00: set a target above it');

    await userEvent.clear(target);
    await userEvent.type(target, '1500');
    await userEvent.click(screen.getByRole('button', { name: 'Set alert' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Alert set: we will tell you when Steam USD E-code 10–49 USD pays ₦1,500.00 or more.',
    );
    expect(api.callsTo('card/rateAlertAdd').at(-1)).toEqual({ card_id: '4', currency: 'NGN', target_rate: '1500' });
    expect(screen.getByText('2 of 10 alerts')).toBeVisible();
    expect(screen.getByText('Waiting for the rate to reach your target.')).toBeVisible();

    await userEvent.click(
      screen.getByRole('button', {
        name: 'Delete the alert for Apple / iTunes USD Physical card 100–500 USD at ₦1,400.00',
      }),
    );
    expect(await screen.findByText('Alert deleted.')).toBeVisible();
    expect(api.callsTo('card/rateAlertDelete')).toEqual([{ alert_id: '7' }]);
    expect(screen.getByText('1 of 10 alerts')).toBeVisible();
  });
});
