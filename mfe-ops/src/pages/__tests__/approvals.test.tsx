import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testOps } from '@giftlane/shared-sdk/ops/testing';
import { renderPage } from '../../test/render';
import { approval } from '../../test/wire';
import ApprovalsPage from '../approvals';

describe('approvals', () => {
  jest.setTimeout(60_000);

  test('lists what waits for a second operator, in naira, and approving one sends it', async () => {
    const t = testOps(
      {
        'GET /ops/api/approvals': [approval()],
        'POST /ops/api/approvals/:id/approve': { ...approval({ status: 'approved' }), replayed: false },
      },
      { staff: { role: 'reviewer' } },
    );
    t.answer('GET /ops/api/approvals', [approval()], []);
    renderPage(ApprovalsPage, '/ops/approvals');
    const row = (await screen.findByRole('link', { name: 'GC200' })).closest('tr')!;
    expect(within(row).getByText('₦523,300.00')).toBeInTheDocument();
    expect(within(row).getByText("above the seller's quote")).toBeInTheDocument();
    expect(within(row).getByText('Ada Reviewer')).toBeInTheDocument();
    expect(document.title).toBe('Approvals · GiftLane console');
    await userEvent.click(within(row).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Approved: ₦523,300.00 for GC200.');
    expect(t.callsTo('POST /ops/api/approvals/:id/approve')).toEqual([{ note: '' }]);
    expect(await screen.findByText('Nothing waits for approval')).toBeInTheDocument();
  });

  test('rejecting asks for the reason and sends it', async () => {
    const t = testOps(
      {
        'GET /ops/api/approvals': [approval()],
        'POST /ops/api/approvals/:id/reject': approval({ status: 'rejected' }),
      },
      { staff: { role: 'reviewer' } },
    );
    renderPage(ApprovalsPage, '/ops/approvals');
    await userEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    await userEvent.type(await screen.findByLabelText('Reason'), 'The rate is a typo');
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Rejected.');
    expect(t.callsTo('POST /ops/api/approvals/:id/reject')).toEqual([{ reason: 'The rate is a typo' }]);
  });
});
