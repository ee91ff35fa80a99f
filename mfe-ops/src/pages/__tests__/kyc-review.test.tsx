import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testOps } from '@giftlane/shared-sdk/ops/testing';
import { renderPage } from '../../test/render';
import { kycRequest } from '../../test/wire';
import KycReviewPage from '../kyc-review';

describe('one identity check', () => {
  jest.setTimeout(60_000);

  test('shows the masked ID record; the whole number needs a reason; approving sends the outcome', async () => {
    const t = testOps(
      {
        'GET /ops/api/kyc/:id': kycRequest(),
        'POST /ops/api/kyc/:id/reveal': { id_number: '22222222222' },
        'POST /ops/api/kyc/:id/decide': null,
      },
      { staff: { role: 'reviewer' } },
    );
    renderPage(KycReviewPage, '/ops/kyc/12', '/ops/kyc/:id');
    expect(await screen.findByTestId('kyc-id-number')).toHaveTextContent('222•••••222');
    expect(screen.getByText('12 Allen Avenue, Ikeja, Lagos')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Identity check 12' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show whole number' }));
    await userEvent.type(
      await screen.findByLabelText('Why you need it (recorded in the audit log)'),
      'Name mismatch on the document',
    );
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Show' }));
    expect(await screen.findByTestId('kyc-id-number')).toHaveTextContent('22222222222');
    expect(t.callsTo('POST /ops/api/kyc/:id/reveal')).toEqual([{ reason: 'Name mismatch on the document' }]);
    await userEvent.click(screen.getByRole('button', { name: 'Approve level 3' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Approved: the seller is at level 3.');
    expect(t.callsTo('POST /ops/api/kyc/:id/decide')).toEqual([{ outcome: 'verified', reason: '' }]);
  });
});
