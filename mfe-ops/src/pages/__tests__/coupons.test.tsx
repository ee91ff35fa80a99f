import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testOps } from '@giftlane/shared-sdk/ops/testing';
import { renderArea, renderPage } from '../../test/render';
import { coupon } from '../../test/wire';
import CouponsPage from '../coupons';

describe('coupons', () => {
  jest.setTimeout(60_000);

  test(
    'lists each coupon with what it gives in naira and its use; giving one sends the sellers and the ' + 'reason',
    async () => {
      const t = testOps({
        'GET /ops/api/coupons': [
          coupon(),
          coupon({
            code: 'BOOST2',
            name: 'Two per cent more',
            kind: 'percent',
            value: '2',
            currency: null,
            grant_on_signup: false,
          }),
        ],
        'POST /ops/api/coupons/:code/grant': { granted: 2 },
      });
      renderPage(CouponsPage, '/ops/coupons');
      const row = (await screen.findByText('WELCOME')).closest('tr')!;
      expect(within(row).getByText('₦1,500.00 bonus')).toBeInTheDocument();
      expect(within(row).getByText('₦10,000.00')).toBeInTheDocument();
      expect(within(row).getByText('12 · 4')).toBeInTheDocument();
      expect(within(screen.getByText('BOOST2').closest('tr')!).getByText('+2%')).toBeInTheDocument();
      await userEvent.type(screen.getByLabelText('Code to give'), 'WELCOME');
      await userEvent.type(screen.getByLabelText('User ids'), '12, 345');
      await userEvent.type(screen.getByLabelText('Reason for giving'), 'loyal sellers');
      await userEvent.click(screen.getByRole('button', { name: 'Give' }));
      expect(await screen.findByRole('status')).toHaveTextContent('Given to 2 seller(s); each was told in the app.');
      expect(t.callsTo('POST /ops/api/coupons/:code/grant')).toEqual([
        { user_ids: [12, 345], reason: 'loyal sellers' },
      ]);
    },
  );

  test('a reviewer is turned away', async () => {
    const t = testOps({}, { staff: { role: 'reviewer' } });
    renderArea(CouponsPage, '/ops/coupons');
    expect(screen.getByText('Your role cannot open this area.')).toBeInTheDocument();
    expect(t.calls).toHaveLength(0);
  });
});
