import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Coupon } from '@giftlane/shared-sdk';
import { inRouter, NO_ANSWER, testApi, WithEnvelope } from '@giftlane/shared-sdk/testing';
import CouponsPage from '../../../pages/coupons';
import { couponEffect, couponMinimum, couponState } from '../coupon-text';

// CONTRACT §3.8 as the api sends it, with our additions (name, wallet_type, currency).
const wire = (over: Partial<Coupon>): Coupon => ({
  code: 'WELCOME2',
  name: '+2% on your first trades',
  valid_start_time: 1_795_300_000,
  valid_end_time: 1_890_000_000,
  use_status: 2,
  new_use_status: 2,
  max_use: 1,
  used_times: 0,
  type: 1,
  discount_type: 1,
  discount_value: '0.02',
  wallet_type: 1,
  currency: 'ALL',
  symbol: 'ALL',
  enough_money: '0.00',
  ...over,
});

describe('what a coupon gives (CONTRACT §6.5)', () => {
  it('reads the three kinds and the minimum', () => {
    expect(couponEffect(wire({}))).toBe('+2% on the rate');
    expect(couponEffect(wire({ discount_value: '0.025' }))).toBe('+2.5% on the rate');
    expect(couponEffect(wire({ discount_type: 2, type: 1, discount_value: '1000.00', currency: 'NGN' }))).toBe(
      '₦1,000.00 bonus on the trade',
    );
    expect(couponEffect(wire({ discount_type: 2, type: 2, discount_value: '10.00', currency: 'GHS' }))).toMatch(
      /^\+GH₵\s?10\.00 on the rate per card unit$/,
    );
    expect(couponMinimum(wire({}))).toBe('');
    expect(couponMinimum(wire({ enough_money: '20000.00', currency: 'NGN' }))).toBe('On trades of ₦20,000.00 or more');
  });

  it('maps new_use_status to a state', () => {
    expect([1, 2, 3, 4].map((n) => couponState({ new_use_status: n as Coupon['new_use_status'] }))).toEqual([
      'soon',
      'usable',
      'expired',
      'used',
    ]);
  });
});

describe('/homes/coupon', () => {
  it('lists the coupons, ready ones with a link that opens the sell form with the code', async () => {
    const api = testApi({
      'order/getAvailableCoupon': new WithEnvelope(
        [
          wire({}),
          wire({
            code: 'WELCOMENGN',
            name: 'Naira bonus',
            discount_type: 2,
            discount_value: '1000.00',
            currency: 'NGN',
            enough_money: '20000.00',
            new_use_status: 4,
            used_times: 1,
          }),
        ],
        { total: 2 },
      ),
    });
    render(inRouter(<CouponsPage />));
    const ready = await screen.findByRole('listitem', { name: 'Coupon WELCOME2' });
    expect(within(ready).getByText('Ready to use')).toBeInTheDocument();
    expect(within(ready).getByRole('link', { name: 'Use on a sale' })).toHaveAttribute(
      'href',
      '/homes/sell-gift-card?coupon=WELCOME2',
    );
    const used = screen.getByRole('listitem', { name: 'Coupon WELCOMENGN' });
    expect(within(used).getByText('Used')).toBeInTheDocument();
    expect(within(used).getByText(/On trades of ₦20,000\.00 or more/)).toBeInTheDocument();
    expect(within(used).queryByRole('link', { name: 'Use on a sale' })).toBeNull();
    expect(api.callsTo('order/getAvailableCoupon')).toEqual([
      expect.objectContaining({ type: '0', page: '0', page_size: '100' }),
    ]);
  });

  it('says so when there are none, and offers Retry after a failure', async () => {
    testApi().answer('order/getAvailableCoupon', NO_ANSWER, new WithEnvelope([], { total: 0 }));
    render(inRouter(<CouponsPage />));
    expect(await screen.findByText(/We couldn’t load your coupons\./)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/You have no coupons yet\./)).toBeInTheDocument();
  });
});
