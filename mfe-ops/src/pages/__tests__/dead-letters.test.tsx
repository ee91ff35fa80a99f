import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testOps } from '@giftlane/shared-sdk/ops/testing';
import { renderArea, renderPage } from '../../test/render';
import DeadLettersPage, { type DeadLetter } from '../dead-letters';

const letters: DeadLetter[] = [
  {
    id: 7,
    kind: 'email',
    job: 'outbox_send',
    recipient: 's…@giftlane.ng',
    subject: '[Contact] Payout — Ada',
    attempts: 7,
    last_error: 'Greeting never received',
    failed_at: '2026-11-26T06:00:00.000Z',
  },
  {
    id: 8,
    kind: 'whatsapp',
    job: 'outbox_send',
    recipient: '…678',
    subject: 'GiftLane: login password changed',
    attempts: 7,
    last_error: 'WhatsApp Cloud API answered 503',
    failed_at: '2026-11-26T06:05:00.000Z',
  },
];

/**
 * The console's dead letters: what failed, to whom (masked), attempts and the last error; an admin sends one again with
 * a reason.
 */
describe('dead letters page', () => {
  jest.setTimeout(30_000);

  test('lists each dead letter and lets an admin send one again, with a reason', async () => {
    const t = testOps({ 'GET /ops/api/dead-letters': letters, 'POST /ops/api/dead-letters/:id/retry': {} });
    // Once sent again, the letter is no longer dead.
    t.answer('GET /ops/api/dead-letters', letters, letters.slice(1));
    renderPage(DeadLettersPage);
    const row = (await screen.findByText('s…@giftlane.ng')).closest('tr')!;
    expect(within(row).getByText('E-mail')).toBeInTheDocument();
    expect(within(row).getByText('Greeting never received')).toBeInTheDocument();
    expect(within(row).getByText('7')).toBeInTheDocument();
    expect(screen.getByText('WhatsApp Cloud API answered 503')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Dead letters' })).toBeInTheDocument();
    expect(document.title).toBe('Dead letters · GiftLane console');

    await userEvent.click(within(row).getByRole('button', { name: 'Send again' }));
    await userEvent.type(await screen.findByLabelText('Reason (kept in the audit log)'), 'mail server is back');
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Send again' }));

    expect(await screen.findByText('Put back in the queue: it is sent in a moment.')).toBeInTheDocument();
    expect(t.calls.filter((c) => c.route === 'POST /ops/api/dead-letters/:id/retry')).toEqual([
      {
        route: 'POST /ops/api/dead-letters/:id/retry',
        path: '/dead-letters/7/retry',
        input: { reason: 'mail server is back' },
      },
    ]);
    // Reloaded: the retried letter is gone.
    await screen.findByText('WhatsApp Cloud API answered 503');
    expect(screen.queryByText('s…@giftlane.ng')).toBeNull();
  });

  test('finance sees the list without the retry; a reviewer is turned away without a call', async () => {
    testOps({ 'GET /ops/api/dead-letters': letters }, { staff: { role: 'finance' } });
    const { unmount } = renderPage(DeadLettersPage);
    expect(await screen.findByText('s…@giftlane.ng')).toBeInTheDocument();
    expect(within(screen.getByRole('table')).queryByRole('button', { name: 'Send again' })).toBeNull();
    unmount();
    const t = testOps({ 'GET /ops/api/dead-letters': letters }, { staff: { role: 'reviewer' } });
    renderArea(DeadLettersPage, '/ops/dead-letters');
    expect(screen.getByText('Your role cannot open this area.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    expect(t.calls).toHaveLength(0);
  });
});
