import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OpsRefusal, testOps } from '@giftlane/shared-sdk/ops/testing';
import { renderPage } from '../../test/render';
import { queueOrder } from '../../test/wire';
import QueuePage from '../queue';

const queue = (
  orders = [
    queueOrder(),
    queueOrder({ order_no: 'GC101', claimed_by: 9, claimed_by_name: 'Femi', waiting_minutes: 20 }),
    queueOrder({
      order_no: 'GC102',
      claimed_by: 7,
      awaiting_approval: true,
      approval_requested_by: 7,
      approval_requested_by_name: 'Ada Reviewer',
      quote: { card_id: 1, face_value: '500.00', rate: '1210.00', amount: '605000.00' },
    }),
  ],
) => ({
  fail_reasons: {},
  brands: [{ id: 1, name: 'Apple / iTunes' }],
  orders,
});

describe('review queue', () => {
  jest.setTimeout(30_000);

  test(
    'lists each waiting order with its quote in naira, how long it waited and who holds it; a second-approval ' +
      'wait stands out',
    async () => {
      testOps({ 'GET /ops/api/orders/queue': queue() }, { staff: { role: 'reviewer' } });
      renderPage(QueuePage);
      const first = (await screen.findByText('GC100')).closest('tr')!;
      expect(within(first).getByText('₦364,000.00')).toBeInTheDocument();
      expect(within(first).getByText('1 h 15 min')).toBeInTheDocument();
      expect(within(first).getByRole('button', { name: 'Claim' })).toBeInTheDocument();
      const claimed = screen.getByText('GC101').closest('tr')!;
      expect(within(claimed).getByText('Femi')).toBeInTheDocument();
      expect(within(claimed).getByRole('button', { name: 'Open' })).toBeInTheDocument();
      const waiting = screen.getByText('GC102').closest('tr')!;
      expect(within(waiting).getByText('Waiting for a second approver')).toBeInTheDocument();
      expect(within(waiting).getByText('approved first by Ada Reviewer')).toBeInTheDocument();
      expect(within(waiting).getByText('₦605,000.00')).toBeInTheDocument();
      expect(document.title).toBe('Review queue · GiftLane console');
      expect(screen.getByRole('heading', { level: 1, name: 'Review queue' })).toBeInTheDocument();
    },
  );

  test('Claim claims the order and opens its review screen', async () => {
    const t = testOps(
      { 'GET /ops/api/orders/queue': queue(), 'POST /ops/api/orders/:order_no/claim': queueOrder({ claimed_by: 1 }) },
      { staff: { role: 'reviewer' } },
    );
    renderPage(QueuePage);
    await userEvent.click(
      within((await screen.findByText('GC100')).closest('tr')!).getByRole('button', { name: 'Claim' }),
    );
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('/ops/orders/GC100');
    expect(t.calls.filter((c) => c.route === 'POST /ops/api/orders/:order_no/claim').map((c) => c.path)).toEqual([
      '/orders/GC100/claim',
    ]);
  });

  test('a claim refused (another reviewer was quicker) says so and reloads the queue', async () => {
    const t = testOps(
      {
        'GET /ops/api/orders/queue': queue(),
        'POST /ops/api/orders/:order_no/claim': new OpsRefusal('Another operator is reviewing this order'),
      },
      { staff: { role: 'reviewer' } },
    );
    renderPage(QueuePage);
    await userEvent.click(
      within((await screen.findByText('GC100')).closest('tr')!).getByRole('button', { name: 'Claim' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Another operator is reviewing this order');
    expect(t.callsTo('GET /ops/api/orders/queue').length).toBeGreaterThanOrEqual(2);
  });

  test('the filters are sent as the query', async () => {
    const t = testOps({ 'GET /ops/api/orders/queue': queue([]) }, { staff: { role: 'reviewer' } });
    renderPage(QueuePage);
    expect(await screen.findByText('No orders waiting')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Quote from'), '100000');
    await userEvent.type(screen.getByLabelText('Waiting over (min)'), '30');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await screen.findByText('No orders waiting');
    expect(t.callsTo('GET /ops/api/orders/queue').at(-1)).toEqual({ min_amount: '100000', waiting_over_minutes: '30' });
  });

  test('an order waiting for the seller’s answer to a counter-offer stands out, with its deadline', async () => {
    testOps(
      {
        'GET /ops/api/orders/queue': queue([
          queueOrder({
            order_no: 'GC103',
            claimed_by: 7,
            claimed_by_name: 'Ada Reviewer',
            waiting_for_seller: true,
            offer_expires_at: '2026-11-27T08:00:00.000Z',
          }),
        ]),
      },
      { staff: { role: 'reviewer' } },
    );
    renderPage(QueuePage);
    const row = (await screen.findByText('GC103')).closest('tr')!;
    expect(row).toHaveClass('ops-row-waiting');
    expect(within(row).getByText('Waiting for the seller')).toBeInTheDocument();
    expect(within(row).getByText(/counter-offer by Ada Reviewer, answer by/)).toBeInTheDocument();
  });
});
