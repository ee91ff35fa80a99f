import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testOps } from '@giftlane/shared-sdk/ops/testing';
import { renderArea, renderPage } from '../../test/render';
import RailsPage, { type Rail } from '../rails';

const rail = (o: Partial<Rail> = {}): Rail => ({
  code: 'MOMO-MTN',
  method: 'MOMO',
  name: 'MTN MoMo',
  delay_message: '',
  marked_by: null,
  marked_at: null,
  ...o,
});
const message = 'MTN MoMo payouts are slow because of an MTN outage.';
const marked = rail({ delay_message: message, marked_by: 3, marked_at: '2026-11-26T09:00:00.000Z' });

/** The console's payout rails: finance marks one delayed with a message, and clears it. */
describe('payout rails page', () => {
  jest.setTimeout(30_000);

  test('marks a rail delayed with a message and a reason, then clears it', async () => {
    const t = testOps(
      {
        'GET /ops/api/rails': [rail(), rail({ code: 'BANK-1', method: 'BANK', name: 'Bank transfer, Nigeria' })],
        'POST /ops/api/rails/:code/delay': { rail: marked, changed: true },
      },
      { staff: { role: 'finance' } },
    );
    t.answer('GET /ops/api/rails', [rail()], [marked], [rail()]);
    renderPage(RailsPage);
    expect(screen.getByRole('heading', { level: 1, name: 'Payout rails' })).toBeInTheDocument();
    const row = (await screen.findByText('MTN MoMo')).closest('tr')!;
    expect(within(row).getByText('Normal')).toBeInTheDocument();

    await userEvent.click(within(row).getByRole('button', { name: 'Mark delayed: MTN MoMo' }));
    const dialog = await screen.findByRole('dialog');
    // A message is required.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save and show to sellers' }));
    expect(await within(dialog).findByText('Say what is happening and when payouts should resume')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Message sellers read'), message);
    await userEvent.type(within(dialog).getByLabelText('Reason (kept in the audit log)'), 'MTN status page');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save and show to sellers' }));

    expect(await screen.findByText(/MTN MoMo is marked delayed/)).toBeInTheDocument();
    const after = (await screen.findByText(message)).closest('tr')!;
    expect(within(after).getByText('Delayed')).toBeInTheDocument();

    await userEvent.click(within(after).getByRole('button', { name: 'Clear: MTN MoMo' }));
    expect(await screen.findByText('MTN MoMo is back to paying normally.')).toBeInTheDocument();
    expect(t.calls.filter((c) => c.route === 'POST /ops/api/rails/:code/delay').map((c) => [c.path, c.input])).toEqual([
      ['/rails/MOMO-MTN/delay', { message, reason: 'MTN status page' }],
      ['/rails/MOMO-MTN/delay', { message: '' }],
    ]);
  });

  test('a reviewer cannot open it', async () => {
    const t = testOps({ 'GET /ops/api/rails': [rail()] }, { staff: { role: 'reviewer' } });
    renderArea(RailsPage, '/ops/rails');
    expect(screen.getByText('Your role cannot open this area.')).toBeInTheDocument();
    expect(t.calls).toHaveLength(0);
  });
});
