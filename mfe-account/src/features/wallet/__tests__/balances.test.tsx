import { render, screen } from '@testing-library/react';
import { decodeWalletBalance, type WalletBalanceWire } from '@giftlane/shared-sdk';
import { inRouter } from '@giftlane/shared-sdk/testing';
import { Balances } from '../balances';

// CONTRACT §3.9: numbers and strings mixed, as the api sends them.
const wire: WalletBalanceWire = {
  total_amount: 125000.5,
  usd_amount: '12.3400',
  frozen_amount: 20000,
  withdraw_amount: 105000.5,
  transfer_rebate: '1000',
  rebate_amount: 350,
  usd_rebate_money: 0,
  dealing_cnt: 2,
  currency_name: 'NGN',
};

test('every balance with what it means', () => {
  render(inRouter(<Balances balance={decodeWalletBalance(wire, 'NGN')} />));
  expect(screen.getByTestId('balance-cash')).toHaveTextContent('₦125,000.50');
  expect(screen.getByTestId('balance-withdrawable')).toHaveTextContent('₦105,000.50');
  expect(screen.getByTestId('balance-held')).toHaveTextContent('₦20,000.00For withdrawals being paid out');
  expect(screen.getByTestId('balance-rewards')).toHaveTextContent(
    '₦350.00Moves to cash at ₦1,000.00Rewards and invites',
  );
  expect(screen.getByRole('link', { name: 'Rewards and invites' })).toHaveAttribute('href', '/wallet/reward');
  expect(screen.getByTestId('balance-usdt')).toHaveTextContent('12.3400 USDT');
  expect(screen.getByTestId('balance-orders')).toHaveTextContent('2Paid in when approved');
});

test('a Ghanaian wallet is in cedis; the compact view shows the essentials', () => {
  render(
    inRouter(
      <Balances
        balance={decodeWalletBalance(
          { ...wire, currency_name: 'GHS', total_amount: '80.25', withdraw_amount: undefined },
          'GHS',
        )}
        compact
      />,
    ),
  );
  expect(screen.getByTestId('balance-cash')).toHaveTextContent('GH₵80.25');
  expect(screen.getByTestId('balance-withdrawable')).toHaveTextContent('GH₵80.25');
  expect(screen.queryByTestId('balance-held')).not.toBeInTheDocument();
});
