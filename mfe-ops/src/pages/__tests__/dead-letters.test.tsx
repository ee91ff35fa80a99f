import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { staffSession } from '../../lib/api';
import DeadLettersPage, { type DeadLetter } from '../dead-letters';

const letters: DeadLetter[] = [
  { id: 7, kind: 'email', job: 'outbox_send', recipient: 's…@giftlane.ng', subject: '[Contact] Payout — Ada', attempts: 7, last_error: 'Greeting never received', failed_at: '2026-11-26T06:00:00.000Z' },
  { id: 8, kind: 'whatsapp', job: 'outbox_send', recipient: '…678', subject: 'GiftLane: login password changed', attempts: 7, last_error: 'WhatsApp Cloud API answered 503', failed_at: '2026-11-26T06:05:00.000Z' },
];

/** The console's dead letters: what failed, to whom (masked), attempts and the last error; an admin sends one again with a reason. */
describe('dead letters page', () => {
  jest.setTimeout(30_000);
  let calls: { url: string; method: string; body: unknown }[];
  beforeEach(() => {
    calls = [];
    global.fetch = jest.fn((url: string, init: RequestInit = {}) => {
      calls.push({ url, method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : undefined });
      const data = init.method === 'POST' ? {} : calls.filter((c) => c.method === 'POST').length ? letters.slice(1) : letters;
      return Promise.resolve(new Response(JSON.stringify({ success: true, msg: '', data }), { status: 200 }));
    }) as unknown as typeof fetch;
  });
  afterEach(() => staffSession.set(null));

  test('lists each dead letter and lets an admin send one again, with a reason', async () => {
    staffSession.set({ token: 't'.repeat(40), id: 1, name: 'Ada', role: 'admin' });
    render(<DeadLettersPage />);
    const row = (await screen.findByText('s…@giftlane.ng')).closest('tr')!;
    expect(within(row).getByText('E-mail')).toBeTruthy();
    expect(within(row).getByText('Greeting never received')).toBeTruthy();
    expect(within(row).getByText('7')).toBeTruthy();
    expect(screen.getByText('WhatsApp Cloud API answered 503')).toBeTruthy();

    await userEvent.click(within(row).getByRole('button', { name: 'Send again' }));
    await userEvent.type(await screen.findByLabelText('Reason (kept in the audit log)'), 'mail server is back');
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Send again' }));

    expect(await screen.findByText('Put back in the queue: it is sent in a moment.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')).toEqual({ url: '/ops/api/dead-letters/7/retry', method: 'POST', body: { reason: 'mail server is back' } });
    // Reloaded: the retried letter is gone.
    expect(await screen.findByText('…678')).toBeTruthy();
    await screen.findByText('WhatsApp Cloud API answered 503');
    expect(screen.queryByText('s…@giftlane.ng')).toBeNull();
  });

  test('finance sees the list without the retry; a reviewer is turned away', async () => {
    staffSession.set({ token: 't'.repeat(40), id: 2, name: 'Femi', role: 'finance' });
    const { unmount } = render(<DeadLettersPage />);
    expect(await screen.findByText('s…@giftlane.ng')).toBeTruthy();
    expect(within(screen.getByRole('table')).queryByRole('button', { name: 'Send again' })).toBeNull();
    unmount();
    calls = [];
    staffSession.set({ token: 't'.repeat(40), id: 3, name: 'Rae', role: 'reviewer' });
    render(<DeadLettersPage />);
    expect(screen.queryByText('s…@giftlane.ng')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    expect(calls).toHaveLength(0);
  });
});
