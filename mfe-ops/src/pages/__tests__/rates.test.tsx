import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testOps } from '@giftlane/shared-sdk/ops/testing';
import { renderPage } from '../../test/render';
import { rates, T0 } from '../../test/wire';
import RatesPage from '../rates';

const CARD = 'Apple / iTunes USD Physical card ($100–500)';

describe('rates', () => {
  jest.setTimeout(60_000);

  test(
    'each field holds the rate in force; an admin changes one, sees what it was, and Save sends only ' + 'that one',
    async () => {
      const t = testOps({
        'GET /ops/api/rates': rates(),
        'POST /ops/api/rates': {
          effective_at: T0,
          changes: [{ id: 1, card_id: 1, currency: 'NGN', old: '₦1,125.00', new: '₦1,130.00' }],
        },
      });
      renderPage(RatesPage, '/ops/rates');
      const field = await screen.findByLabelText(`${CARD} NGN`);
      expect(field).toHaveValue('1125.00');
      expect(screen.getByLabelText(`${CARD} USDT`)).toHaveValue('0.7250');
      expect(screen.getByRole('button', { name: 'Save rates' })).toBeDisabled();
      await userEvent.clear(field);
      await userEvent.type(field, '1130.00');
      expect(screen.getByText('was 1125.00')).toBeInTheDocument();
      await userEvent.type(screen.getByLabelText('Reason for the change'), 'market moved');
      await userEvent.click(screen.getByRole('button', { name: 'Save rates' }));
      expect(await screen.findByRole('status')).toHaveTextContent('1 rate(s) changed: ₦1,125.00 → ₦1,130.00.');
      expect(t.callsTo('POST /ops/api/rates')).toEqual([
        { changes: [{ card_id: 1, currency: 'NGN', rate: '1130.00' }], reason: 'market moved' },
      ]);
    },
  );

  test('a reviewer reads the rates as values, with no field to change', async () => {
    testOps({ 'GET /ops/api/rates': rates() }, { staff: { role: 'reviewer' } });
    renderPage(RatesPage, '/ops/rates');
    const row = (await screen.findByText(CARD)).closest('tr')!;
    expect(within(row).getByText('1125.00')).toBeInTheDocument();
    expect(within(row).queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save rates' })).toBeNull();
    expect(document.title).toBe('Rates · GiftLane console');
  });
});
