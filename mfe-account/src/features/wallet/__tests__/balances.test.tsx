import { render, screen, within } from '@testing-library/react';
import { decodeWalletBalance, type WalletBalanceWire } from '@giftlane/shared-sdk';
import { inRouter } from '@giftlane/shared-sdk/testing';
import { Balances } from '../balances';
import { HoldsAndLimits } from '../holds';

const COOLING =
  'For your safety, a new payout account can be paid to 24 hours after it is added. You can withdraw to Access ' +
  'Bank 0123456789 from 27 Nov 2026, 04:45 Lagos time.';
const DAILY =
  'You can withdraw ₦50,000.00 more today (your daily limit at level 1 is ₦50,000.00). The limit resets on 27 Nov ' +
  '2026, 00:00 Lagos time. Verify to level 2 in Settings → Verification to withdraw up to ₦200,000.00 a day.';

// CONTRACT §3.9: numbers and strings mixed, as the api sends them; `standing` as the api adds it.
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
  standing: [
    {
      wallet_type: 1,
      currency_name: 'NGN',
      available_now: '50000.00',
      balance: '105000.50',
      held: '20000.00',
      holds: [
        { kind: 'kyc_daily_limit', title: "Today's limit", message: DAILY, until: 1_795_734_000, amount: '55000.50' },
      ],
    },
    {
      wallet_type: 2,
      currency_name: 'USDT',
      available_now: '0.0000',
      balance: '12.3400',
      held: '0.0000',
      holds: [
        { kind: 'no_payout_account', title: 'No payout account', message: 'Add one.', until: 0, amount: '12.34' },
      ],
    },
  ],
};

test('what can leave now comes first, then every balance with what it means', () => {
  render(inRouter(<Balances balance={decodeWalletBalance(wire, 'NGN')} />));
  expect(screen.getByTestId('balance-available')).toHaveTextContent('₦50,000.00What you can withdraw this minute');
  expect(screen.getByTestId('balance-cash')).toHaveTextContent('₦125,000.50');
  expect(screen.queryByText('Withdrawable')).not.toBeInTheDocument();
  expect(screen.getByTestId('balance-held')).toHaveTextContent('₦20,000.00For withdrawals being paid out');
  expect(screen.getByTestId('balance-rewards')).toHaveTextContent(
    '₦350.00Moves to cash at ₦1,000.00Rewards and invites',
  );
  expect(screen.getByRole('link', { name: 'Rewards and invites' })).toHaveAttribute('href', '/wallet/reward');
  expect(screen.getByTestId('balance-usdt')).toHaveTextContent('12.3400 USDT0.0000 USDT available now');
  expect(screen.getByTestId('balance-orders')).toHaveTextContent('2Paid in when approved');
});

test('the dashboard says why the rest cannot leave, in the api’s words, and links every hold', () => {
  const cooling = {
    ...wire,
    standing: [
      {
        ...wire.standing![0]!,
        available_now: '0.00',
        holds: [
          { kind: 'payout_account_cooling_off', title: 'New payout account', message: COOLING, until: 1, amount: '1' },
          ...wire.standing![0]!.holds,
        ],
      },
    ],
  };
  render(inRouter(<Balances balance={decodeWalletBalance(cooling, 'NGN')} compact />));
  expect(screen.getByTestId('balance-available')).toHaveTextContent('₦0.00');
  const holds = screen.getByTestId('balance-holds');
  expect(
    within(holds)
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual([`New payout account${COOLING}`, `Today's limit${DAILY}Verification levels`]);
  expect(screen.getByTestId('hold-payout_account_cooling_off')).toHaveTextContent(/from 27 Nov 2026, 04:45 Lagos time/);
  expect(screen.getByRole('link', { name: 'All holds and limits' })).toHaveAttribute('href', '/wallet#holds');
  expect(screen.queryByTestId('balance-held')).not.toBeInTheDocument();
});

test('a Ghanaian wallet is in cedis; without the api’s figure no screen makes one up', () => {
  render(
    inRouter(
      <Balances
        balance={decodeWalletBalance(
          { ...wire, currency_name: 'GHS', total_amount: '80.25', withdraw_amount: undefined, standing: undefined },
          'GHS',
        )}
        compact
      />,
    ),
  );
  expect(screen.getByTestId('balance-cash')).toHaveTextContent('GH₵80.25');
  expect(screen.queryByTestId('balance-available')).not.toBeInTheDocument();
  expect(screen.queryByTestId('balance-held')).not.toBeInTheDocument();
});

test('holds and limits: each wallet’s figure available now and each reason, or that nothing is held', () => {
  const b = decodeWalletBalance(wire, 'NGN');
  render(inRouter(<HoldsAndLimits standing={b.standing!} />));
  expect(screen.getByRole('heading', { level: 2, name: 'Holds and limits' })).toBeVisible();
  expect(screen.getByRole('heading', { level: 3, name: 'Cash wallet (NGN)' })).toBeVisible();
  expect(screen.getByTestId('holds-available-1')).toHaveTextContent('₦50,000.00');
  expect(screen.getByTestId('holds-available-2')).toHaveTextContent('0.0000 USDT');
  expect(within(screen.getByTestId('holds-1')).getByRole('link', { name: 'Verification levels' })).toHaveAttribute(
    'href',
    '/settings#verification',
  );
  expect(within(screen.getByTestId('holds-2')).getByRole('link', { name: 'Add a payout account' })).toHaveAttribute(
    'href',
    '/settings',
  );
});

test('holds and limits with nothing held says so', () => {
  const free = decodeWalletBalance(
    { ...wire, standing: [{ ...wire.standing![0]!, available_now: '105000.50', holds: [] }] },
    'NGN',
  );
  render(inRouter(<HoldsAndLimits standing={free.standing!} />));
  expect(screen.getByText('Nothing is held: all of this wallet can be withdrawn now.')).toBeVisible();
});
