import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testOps } from '@giftlane/shared-sdk/ops/testing';
import { renderPage } from '../../test/render';
import { withdrawal } from '../../test/wire';
import PayoutsPage from '../payouts';

const { user_frozen: _f, user_unverified: _u, ...fields } = withdrawal();

describe('payouts', () => {
  jest.setTimeout(60_000);
  beforeAll(() => {
    URL.createObjectURL = () => 'blob:payouts';
    URL.revokeObjectURL = () => undefined;
  });

  test('lists open withdrawals with what to pay in naira and the flags; Paid… sends the bank reference', async () => {
    const t = testOps(
      {
        'GET /ops/api/withdrawals': [
          withdrawal(),
          withdrawal({ withdraw_no: 'W901', user_frozen: true, user_unverified: true }),
        ],
        'POST /ops/api/withdrawals/:withdraw_no/settle': { ...fields, status: 'paid', replayed: false },
      },
      { staff: { role: 'finance' } },
    );
    renderPage(PayoutsPage, '/ops/payouts');
    const row = (await screen.findByText('W900')).closest('tr')!;
    expect(within(row).getByText('₦1,950.00')).toBeInTheDocument();
    expect(within(row).getByText('CHINEDU EMEKA OKAFOR · Access Bank 0123456789')).toBeInTheDocument();
    const flagged = screen.getByText('W901').closest('tr')!;
    expect(within(flagged).getByText('frozen')).toBeInTheDocument();
    expect(within(flagged).getByText('not verified')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Paid…' }));
    expect(
      within(await screen.findByRole('dialog')).getAllByText('Paid: ₦1,950.00 to CHINEDU EMEKA OKAFOR').length,
    ).toBeGreaterThan(0);
    await userEvent.type(screen.getByLabelText('Bank, mobile-money or chain reference'), 'NIP-000123');
    await userEvent.click(screen.getByRole('button', { name: 'Settle as paid' }));
    expect(await screen.findByRole('status')).toHaveTextContent('W900 settled as paid.');
    expect(t.callsTo('POST /ops/api/withdrawals/:withdraw_no/settle')).toEqual([
      { outcome: 'paid', reference: 'NIP-000123' },
    ]);
  });

  test('the export asks for the currency and method chosen and says how many went out', async () => {
    const t = testOps(
      { 'GET /ops/api/withdrawals': [], 'POST /ops/api/withdrawals/export': 'reference,amount\r\nW900,1950.00\r\n' },
      { staff: { role: 'finance' } },
    );
    renderPage(PayoutsPage, '/ops/payouts');
    await screen.findByText('No open withdrawals');
    await userEvent.click(screen.getByRole('button', { name: 'Export pending as CSV' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Exported 1 withdrawal(s) for the bank upload');
    expect(t.callsTo('POST /ops/api/withdrawals/export')).toEqual([{ currency: 'NGN', method: 'BANK' }]);
  });
});
