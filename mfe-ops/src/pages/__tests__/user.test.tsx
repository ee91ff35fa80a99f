import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testOps } from '@giftlane/shared-sdk/ops/testing';
import { renderPage } from '../../test/render';
import { T0, userDetail } from '../../test/wire';
import UserPage from '../user';

const later = new Date(Date.now() + 20 * 3_600_000).toISOString();
const fresh = {
  id: 3,
  method: 'BANK',
  bank_name: 'Access Bank',
  account_no: '0123456789',
  account_name: 'CHINEDU EMEKA OKAFOR',
  is_default: true,
  created_at: T0,
  usable_from: later,
};

describe("a seller's page", () => {
  jest.setTimeout(60_000);

  test(
    "shows money as money, the payout accounts and a new one's wait; an admin ends the wait with a " + 'reason',
    async () => {
      const t = testOps({ 'GET /ops/api/users/:id/links': [], 'POST /ops/api/users/:id/end-hold': null });
      t.answer(
        'GET /ops/api/users/:id',
        userDetail({ payout_accounts: [fresh] }),
        userDetail({ payout_accounts: [{ ...fresh, usable_from: null }] }),
      );
      renderPage(UserPage, '/ops/users/41', '/ops/users/:id');
      const accounts = await screen.findByRole('region', { name: 'Payout accounts' });
      expect(screen.getByRole('heading', { level: 1, name: 'User #41' })).toBeInTheDocument();
      expect(document.title).toBe('User #41 · GiftLane console');
      expect(screen.getByText('₦364,000.00 (local)')).toBeInTheDocument();
      expect(screen.getByText(/1 new payout account waiting \(24 h\)/)).toBeInTheDocument();
      const row = within(accounts)
        .getByText(/CHINEDU EMEKA OKAFOR · Access Bank 0123456789/)
        .closest('tr')!;
      expect(within(row).getByText(/new account: waits until/)).toBeInTheDocument();

      await userEvent.click(screen.getByRole('button', { name: 'End the withdrawal wait…' }));
      await userEvent.type(
        await screen.findByLabelText('Reason: how the owner was confirmed'),
        'Owner confirmed on a call',
      );
      await userEvent.click(
        within(screen.getByRole('dialog')).getByRole('button', { name: 'End the withdrawal wait' }),
      );
      expect(await screen.findByRole('status')).toHaveTextContent('The wait has ended');
      expect(t.callsTo('POST /ops/api/users/:id/end-hold')).toEqual([{ reason: 'Owner confirmed on a call' }]);
      expect(
        await within(screen.getByRole('region', { name: 'Payout accounts' })).findByText('open'),
      ).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'End the withdrawal wait…' })).toBeNull();
    },
  );

  test('finance may freeze but not end a wait; nothing waits, nothing to end', async () => {
    const t = testOps(
      {
        'GET /ops/api/users/:id': userDetail(),
        'GET /ops/api/users/:id/links': [],
        'POST /ops/api/users/:id/freeze': null,
      },
      { staff: { role: 'finance' } },
    );
    renderPage(UserPage, '/ops/users/41', '/ops/users/:id');
    await userEvent.click(await screen.findByRole('button', { name: 'Freeze withdrawals…' }));
    await userEvent.type(await screen.findByLabelText('Reason (the seller is shown it)'), 'Stolen cards reported');
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Freeze withdrawals' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Withdrawals frozen.');
    expect(t.callsTo('POST /ops/api/users/:id/freeze')).toEqual([{ reason: 'Stolen cards reported' }]);
    expect(screen.queryByRole('button', { name: 'End the withdrawal wait…' })).toBeNull();
    expect(
      within(screen.getByRole('region', { name: 'Payout accounts' })).getByText('No payout account yet.'),
    ).toBeInTheDocument();
  });
});
