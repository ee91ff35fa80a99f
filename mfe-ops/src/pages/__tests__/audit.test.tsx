import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testOps } from '@giftlane/shared-sdk/ops/testing';
import { renderPage } from '../../test/render';
import { auditEntry } from '../../test/wire';
import AuditPage from '../audit';

describe('audit log', () => {
  jest.setTimeout(60_000);

  test('lists who did what to what and why; a search sends the words and the action', async () => {
    const t = testOps({});
    t.answer(
      'GET /ops/api/audit',
      [
        auditEntry(),
        auditEntry({
          id: '299',
          action: 'login.failed',
          target_type: 'staff',
          target_id: '9',
          staff: null,
          staff_name: null,
          reason: 'wrong code',
        }),
      ],
      [
        auditEntry({
          id: '250',
          action: 'withdrawal.paid',
          target_type: 'withdrawal',
          target_id: 'W900',
          reason: 'NIP-1',
        }),
      ],
    );
    renderPage(AuditPage, '/ops/audit');
    const row = (await screen.findByText('order.decide')).closest('tr')!;
    expect(within(row).getByText('Ada Reviewer')).toBeInTheDocument();
    expect(within(row).getByText('order GC100')).toBeInTheDocument();
    expect(within(screen.getByText('login.failed').closest('tr')!).getByText('system')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Words'), 'NIP');
    await userEvent.type(screen.getByLabelText('Action'), 'withdrawal');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('withdrawal.paid')).toBeInTheDocument();
    expect(t.callsTo('GET /ops/api/audit').at(-1)).toEqual({ q: 'NIP', action: 'withdrawal' });
    expect(document.title).toBe('Audit log · GiftLane console');
  });
});
