import { render, screen, waitFor } from '@testing-library/react';
import type { WithdrawEta } from '@giftlane/shared-sdk';
import { testApi } from '@giftlane/shared-sdk/testing';
import { WithdrawWait } from '../withdraw-wait';

const eta = (over: Partial<WithdrawEta> = {}): WithdrawEta => ({
  withdraw_no: 'W1',
  status: 'pending',
  finished: false,
  eta_minutes: 20,
  eta_time: 1_795_301_200,
  ahead: 2,
  rail: 'MOMO-MTN',
  rail_name: 'MTN MoMo',
  rail_notice: '',
  typical_minutes: 25,
  basis: 'recent',
  sample: 12,
  poll_seconds: 30,
  ...over,
});

test('a pending withdrawal: its wait, its rail’s recent time and what staff say about the rail', async () => {
  const api = testApi();
  api.answer('withdraw/eta', [eta({ rail_notice: 'MTN outage; back by 15:00.' })]);
  render(<WithdrawWait withdrawNo="W1" />);
  expect(await screen.findByText('About 20 min — 2 payouts ahead of yours')).toBeInTheDocument();
  expect(screen.getByText('MTN MoMo: payouts took about 25 min lately.')).toBeInTheDocument();
  expect(screen.getByText(/MTN outage; back by 15:00\./)).toBeInTheDocument();
  expect(api.callsTo('withdraw/eta')).toEqual([{ withdraw_no: 'W1' }]);
});

test('paid: nothing to show', async () => {
  const api = testApi();
  api.answer('withdraw/eta', [eta({ finished: true, status: 'paid' })]);
  render(<WithdrawWait withdrawNo="W1" />);
  await waitFor(() => expect(api.callsTo('withdraw/eta')).toHaveLength(1));
  expect(screen.queryByTestId('withdraw-eta')).toBeNull();
});
