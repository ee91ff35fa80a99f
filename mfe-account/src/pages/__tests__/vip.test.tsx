import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { inRouter, NO_ANSWER, testApi, type TestApi } from '@giftlane/shared-sdk/testing';
import VipPage from '../vip';

// CONTRACT §3.12 as the api sends it (amounts as text).
const vipInfo = {
  vip_level: 1,
  vip_exp: 700,
  next_exp: 2000,
  vip_info: [
    { level: 0, name: 'Member', exp: 0, rate: 0 },
    { level: 1, name: 'Bronze', exp: 500, rate: 0.5 },
    { level: 2, name: 'Silver', exp: 2000, rate: 1 },
  ],
  first_order_bonus: '1000.00',
  total_bonus: '3250.50',
  referred_total_bonus: '1500.00',
  amount_order_bonus: [{ order_amount: '200000.00', bonus_amount: '1000.00' }],
};
const points = [
  { id: 3, user_id: 1, exp: 200, after_exp: 700, type: 1, memo: 'Order GC123 completed', create_time: 1795400000 },
];

let api: TestApi;
beforeEach(() => {
  api = testApi({ 'vip/info': vipInfo, 'vip/loglist': points }, { seller: { vip_level: 1 } });
});

test(
  'the level, the way to the next, the table with the current level marked, the bonuses and the ' + 'points',
  async () => {
    render(inRouter(<VipPage />));
    expect(await screen.findByRole('heading', { name: 'VIP level 1' })).toBeInTheDocument();
    expect(await screen.findByText(/700 of 2,000 points: 1,300 more to the next level/)).toBeInTheDocument();
    const rows = within(await screen.findByRole('table'))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      'VIP 0 · Member0none',
      'VIP 1 · Bronze You500+0.5%',
      'VIP 2 · Silver2,000+1%',
    ]);
    expect(rows[1]).toHaveAttribute('aria-current', 'true');
    expect(screen.getByText(/Your first completed sale earns/)).toHaveTextContent(
      'Your first completed sale earns ₦1,000.00 extra, once.',
    );
    expect(screen.getByText(/A sale of ₦200,000\.00 or more earns/)).toHaveTextContent('earns ₦1,000.00 extra.');
    expect(screen.getByTestId('vip-total-bonus')).toHaveTextContent('₦3,250.50');
    const points = await screen.findByRole('list', { name: 'Points entries' });
    expect(points).toHaveTextContent('Order GC123 completed+200 points');
    expect(points).toHaveTextContent('Total 700');
    // The progress card reads the session store: it takes the page's one vip/info reply, no second call.
    expect(api.callsTo('vip/info')).toHaveLength(1);
    expect(api.sdk.store.vip).toMatchObject({ vipLevel: 1, vipExp: 700, nextExp: 2000 });
  },
);

test('no points yet says how to get them; a failure to load the benefits has a Retry', async () => {
  api.answer('vip/loglist', []);
  api.answer('vip/info', NO_ANSWER, vipInfo);
  render(inRouter(<VipPage />));
  expect(await screen.findByText(/No points yet\./)).toHaveTextContent(
    'No points yet. Sell a gift card to start climbing.',
  );
  expect(await screen.findByRole('button', { name: /retry/i })).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: /retry/i }));
  expect(await screen.findByRole('table')).toBeInTheDocument();
});
