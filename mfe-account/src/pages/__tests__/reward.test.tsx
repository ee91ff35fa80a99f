import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InvitedUserWire, RebateItemWire } from '@giftlane/shared-sdk';
import { inRouter, NO_ANSWER, testApi, type TestApi } from '@giftlane/shared-sdk/testing';
import RewardPage from '../reward';

// CONTRACT §3.11 shapes as the api sends them (amounts as text). A page's fields arrive as text too.
const paged =
  <T,>(fn: (p: { page: number; page_size: number }) => T) =>
  (f: Record<string, string>) =>
    fn({ page: Number(f.page), page_size: Number(f.page_size) });
const entry = (i: number, over: Partial<RebateItemWire> = {}): RebateItemWire => ({
  log_id: i,
  create_time: '2026-11-20 09:30:00',
  money: '1000',
  after_balance: '2500',
  type: 2,
  wallet_type: '1',
  from_get: 'Chidi',
  name: 'Sale of a friend',
  ...over,
});
const friend = (i: number, over: Partial<InvitedUserWire> = {}): InvitedUserWire => ({
  user_id: i,
  username: `Friend${i}`,
  register_date: '2026-11-01',
  amount: '0',
  status: 0,
  ...over,
});

let api: TestApi;
beforeEach(() => {
  api = testApi();
  api.answer('rebate/inviteinfo', {
    invite_code: 'ADA7Q2',
    invite_link: '/sign-up?code=ADA7Q2',
    register_amount: '500',
    friend_amount: '1000',
    recommend_enough_amount: '20000',
    invite_friends: 2,
    success_order_user: 1,
  });
  api.answer(
    'rebate/rebateList',
    paged(({ page }) => ({
      rebate_amount: '1500',
      rebate_total_amount: '6500',
      transfer_rebate: '5000',
      user_rebate_list:
        page === 0
          ? [
              entry(2, {
                money: '-5000',
                after_balance: '0',
                type: 4,
                from_get: '',
                name: 'Moved to your cash wallet',
              }),
              entry(1, { type: 3, money: '1500', name: 'First sale of a friend (sign-up reward included)' }),
            ]
          : [],
    })),
  );
  api.answer('rebate/getReferralUsers', [
    friend(2, { username: 'Chidi', amount: '6500', status: 2 }),
    friend(1, { username: 'Bola' }),
  ]);
});

test('the balance, the invite link to copy or share, what it earns, the friends and the history', async () => {
  const writeText = jest.fn().mockResolvedValue(undefined);
  Object.assign(navigator, { clipboard: { writeText } });
  render(inRouter(<RewardPage />));
  expect(await screen.findByTestId('reward-balance')).toHaveTextContent(
    '₦1,500.00Moves to your cash wallet at ₦5,000.00',
  );
  expect(screen.getByTestId('reward-total')).toHaveTextContent('₦6,500.00');
  expect(screen.getByText(/at least ₦20,000\.00, you earn/)).toHaveTextContent(
    'you earn ₦1,000.00 for that sale — and ₦500.00 more on their first one',
  );
  const link = `${window.location.origin}/sign-up?code=ADA7Q2`;
  expect(screen.getByLabelText('Your invite link')).toHaveValue(link);
  await userEvent.click(screen.getByRole('button', { name: 'Copy link' }));
  expect(writeText).toHaveBeenCalledWith(link);
  expect(await screen.findByText('Link copied.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Share on WhatsApp' }).getAttribute('href')).toContain(
    encodeURIComponent(link),
  );

  const friends = await screen.findByRole('list', { name: 'Friends who joined with your link' });
  expect(
    within(friends)
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual([
    expect.stringMatching(/^Chidi₦6,500\.00Joined 1 Nov 2026Earning rewards$/),
    expect.stringMatching(/^Bola₦0\.00Joined 1 Nov 2026No sale yet$/),
  ]);
  const history = await screen.findByRole('list', { name: 'Reward entries' });
  const rows = within(history).getAllByRole('listitem');
  expect(rows[0]).toHaveTextContent('Moved to your cash wallet-₦5,000.00');
  expect(rows[1]).toHaveTextContent('First sale of a friend (sign-up reward included)+₦1,500.00');
  expect(rows[1]).toHaveTextContent('from Chidi');
});

test('a friend whose account is linked to yours shows as not eligible', async () => {
  api.answer('rebate/getReferralUsers', [
    friend(3, { username: 'Emeka', eligible: false }),
    friend(2, { username: 'Chidi', amount: '1500', status: 2, eligible: true }),
  ]);
  render(inRouter(<RewardPage />));
  const friends = await screen.findByRole('list', { name: 'Friends who joined with your link' });
  expect(
    within(friends)
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual([
    expect.stringMatching(/^Emeka₦0\.00Joined 1 Nov 2026Not eligible$/),
    expect.stringMatching(/^Chidi₦1,500\.00Joined 1 Nov 2026Earning rewards$/),
  ]);
});

test('empty lists say so; a full page offers more and appends it', async () => {
  api.answer(
    'rebate/getReferralUsers',
    paged(({ page }) =>
      page === 0 ? Array.from({ length: 20 }, (_, i) => friend(100 - i)) : [friend(1, { username: 'Last' })],
    ),
  );
  api.answer('rebate/rebateList', { rebate_amount: '0', rebate_total_amount: '0', user_rebate_list: [] });
  render(inRouter(<RewardPage />));
  expect(
    await screen.findByText('No rewards yet. They appear here when a friend you invited sells a gift card.'),
  ).toBeInTheDocument();
  const friends = await screen.findByRole('list', { name: 'Friends who joined with your link' });
  expect(within(friends).getAllByRole('listitem')).toHaveLength(20);
  await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
  expect(await screen.findByText('Last')).toBeInTheDocument();
  expect(api.callsTo('rebate/getReferralUsers').at(-1)).toMatchObject({ page: '1', page_size: '20' });
  expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
});

test('a failed call shows what failed with a Retry that works', async () => {
  api.answer('rebate/getReferralUsers', NO_ANSWER, []);
  render(inRouter(<RewardPage />));
  expect(
    await screen.findByText(/your friends/i, { selector: '[role="alert"] *, [role="alert"]' }),
  ).toBeInTheDocument();
  await userEvent.click(screen.getAllByRole('button', { name: /retry/i })[0]!);
  expect(await screen.findByText('No friends yet. Share your link to start earning.')).toBeInTheDocument();
});

test('when the phone will not copy, the link is selected to copy by hand and the status says so', async () => {
  Object.assign(navigator, { clipboard: { writeText: jest.fn().mockRejectedValue(new Error('denied')) } });
  render(inRouter(<RewardPage />));
  const field = (await screen.findByLabelText('Your invite link')) as HTMLTextAreaElement;
  const invite = screen.getByRole('region', { name: 'Invite friends' });
  expect(within(invite).getByRole('status')).toBeEmptyDOMElement();
  await userEvent.click(within(invite).getByRole('button', { name: 'Copy link' }));
  expect(within(invite).getByRole('status')).toHaveTextContent(/the link is selected/);
  expect(document.activeElement).toBe(field);
  expect([field.selectionStart, field.selectionEnd]).toEqual([0, field.value.length]);
});

test('without an invite_link the link is built from the code; the threshold can come from inviteinfo', async () => {
  api.answer('rebate/inviteinfo', {
    invite_code: 'K9 X',
    transfer_rebate: '2000',
    invite_friends: 0,
    success_order_user: 0,
  });
  api.answer('rebate/rebateList', { rebate_amount: '0', rebate_total_amount: '0', user_rebate_list: [] });
  render(inRouter(<RewardPage />));
  expect(await screen.findByLabelText('Your invite link')).toHaveValue(`${window.location.origin}/sign-up?code=K9%20X`);
  expect(screen.getByTestId('reward-balance')).toHaveTextContent('₦0.00Moves to your cash wallet at ₦2,000.00');
});

test('the reward history shows the balance after each entry and its next page appends', async () => {
  api.answer(
    'rebate/rebateList',
    paged(({ page, page_size }) => ({
      rebate_amount: '1500',
      rebate_total_amount: '6500',
      user_rebate_list:
        page === 0
          ? Array.from({ length: page_size }, (_, i) => entry(100 - i))
          : [entry(1, { name: 'Oldest reward', after_balance: '1000' })],
    })),
  );
  render(inRouter(<RewardPage />));
  const history = await screen.findByRole('list', { name: 'Reward entries' });
  expect(within(history).getAllByRole('listitem')).toHaveLength(20);
  expect(within(history).getAllByRole('listitem')[0]).toHaveTextContent('Balance ₦2,500.00');
  const section = history.closest('section')!;
  await userEvent.click(within(section).getByRole('button', { name: 'Load more' }));
  expect(await within(section).findByText('Oldest reward')).toBeInTheDocument();
  expect(api.callsTo('rebate/rebateList').at(-1)).toMatchObject({
    type: '0',
    wallet_type: '1',
    page: '1',
    page_size: '20',
  });
  expect(within(history).getAllByRole('listitem')).toHaveLength(21);
  expect(within(history).getAllByRole('listitem')[20]).toHaveTextContent('Balance ₦1,000.00');
});

test('when the summary fails, Retry loads the balance and the invite link', async () => {
  api.answer('rebate/inviteinfo', NO_ANSWER, { invite_code: 'ADA7Q2', invite_link: '/sign-up?code=ADA7Q2' });
  render(inRouter(<RewardPage />));
  const alert = await screen.findByText(/We couldn’t load your rewards/);
  await userEvent.click(within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Retry' }));
  expect(await screen.findByTestId('reward-balance')).toHaveTextContent('₦1,500.00');
  expect(screen.getByLabelText('Your invite link')).toHaveValue(`${window.location.origin}/sign-up?code=ADA7Q2`);
});
