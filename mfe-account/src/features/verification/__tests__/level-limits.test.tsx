import { render, screen } from '@testing-library/react';
import { inRouter, testApi } from '@giftlane/shared-sdk/testing';
import { Verification } from '../verification';

const limits = (single: string, daily: string) => ({ single, daily, balance: null });

// kyc/status of a seller at level 1, its amounts as the api writes them ("35.0000 USDT").
const status = {
  offered: true,
  level: 1,
  verified_name: 'ADA OBI',
  id_type: 'bvn',
  id_masked: '•••••••2222',
  id_types: [{ type: 'bvn', label: 'BVN' }],
  levels: [
    { level: 1, needs: 'Your BVN', limits: { NGN: limits('50000', '50000'), USDT: limits('35', '35') } },
    { level: 2, needs: 'A selfie', limits: { NGN: limits('100000', '200000'), USDT: limits('70', '140') } },
    { level: 3, needs: 'Your ID document', limits: { NGN: limits('5000000', '5000000') } },
  ],
  checks: [{ level: 1, status: 'verified', reason: '', id_type: 'bvn', id_last4: '2222', created_time: 1 }],
  attempts_left: 5,
  wallets: [
    {
      currency: 'USDT',
      balance: '12.5000 USDT',
      single_limit: '35.0000 USDT',
      daily_limit: '35.0000 USDT',
      remaining_today: '35.0000 USDT',
      balance_threshold: '200.0000 USDT',
      above_threshold: false,
      above_remaining_today: false,
    },
  ],
  payout_mismatches: [],
};

test('the next level’s limits are written as every amount in the account area is', async () => {
  testApi({ 'kyc/status': status });
  render(inRouter(<Verification />));
  expect(await screen.findByText(/^Level 2 lets you withdraw up to/)).toHaveTextContent(
    'Level 2 lets you withdraw up to ₦200,000.00 or 140.0000 USDT a day.',
  );
  expect(screen.getByTestId('kyc-remaining-USDT')).toHaveTextContent('35.0000 USDT');
  expect(screen.queryByText(/\d NGN/)).not.toBeInTheDocument();
});
