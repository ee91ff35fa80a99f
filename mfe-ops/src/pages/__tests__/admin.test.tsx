import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testOps } from '@giftlane/shared-sdk/ops/testing';
import { renderPage } from '../../test/render';
import { staffMember } from '../../test/wire';
import AdminPage from '../admin';

describe('staff and ledger', () => {
  jest.setTimeout(60_000);

  test(
    'lists the operators (not offering to change your own account) and the ledger balances in their currency; ' +
      'the check says every invariant holds',
    async () => {
      const t = testOps({
        'GET /ops/api/staff': [
          staffMember({ id: 1, name: 'Test Admin', email: 'admin@giftlane.ng', role: 'admin' }),
          staffMember({ second_factor: false, recovery_codes_left: 0 }),
        ],
        'GET /ops/api/ledger/balances': [
          { account: 'user_cash', currency: 'NGN', balance: '1523300.50', accounts: 12 },
        ],
        'GET /ops/api/ledger/check': { ok: true, breaches: [] },
        'GET /ops/api/appeals/stats': [
          {
            staff_id: 7,
            name: 'Bola Reviewer',
            decided: 10,
            appealed: 3,
            open: 0,
            upheld: 2,
            overturned: 1,
            appeal_rate: 30,
            overturn_rate: 33.3,
          },
        ],
      });
      renderPage(AdminPage, '/ops/admin');
      // Appeals per reviewer, with the overturn rate.
      const bolaAppeals = (await screen.findByText('Bola Reviewer')).closest('tr')!;
      expect(within(bolaAppeals).getByText('33.3%')).toBeInTheDocument();
      expect(within(bolaAppeals).getByText('30%')).toBeInTheDocument();
      const me = (await screen.findByText('admin@giftlane.ng')).closest('tr')!;
      expect(within(me).getByText('you: another admin changes your account')).toBeInTheDocument();
      const bola = screen.getByText('bola@giftlane.ng').closest('tr')!;
      expect(within(bola).getByText('no second factor yet')).toBeInTheDocument();
      expect(within(bola).getByRole('button', { name: 'Deactivate' })).toBeInTheDocument();
      expect(await screen.findByText('₦1,523,300.50')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Run the ledger check' }));
      expect(await screen.findByRole('status')).toHaveTextContent('Ledger check: every invariant holds.');
      expect(t.callsTo('GET /ops/api/ledger/check')).toHaveLength(1);
    },
  );

  test('deactivating an operator sends the reason', async () => {
    const t = testOps({
      'GET /ops/api/staff': [staffMember()],
      'GET /ops/api/ledger/balances': [],
      'POST /ops/api/staff/:id/deactivate': {},
    });
    renderPage(AdminPage, '/ops/admin');
    await userEvent.click(await screen.findByRole('button', { name: 'Deactivate' }));
    await userEvent.type(await screen.findByLabelText('Reason (kept in the audit log)'), 'left the company');
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Deactivate: done for Bola. Their sessions have ended.',
    );
    expect(t.calls.filter((c) => c.route === 'POST /ops/api/staff/:id/deactivate')).toEqual([
      {
        route: 'POST /ops/api/staff/:id/deactivate',
        path: '/staff/2/deactivate',
        input: { reason: 'left the company' },
      },
    ]);
  });
});
