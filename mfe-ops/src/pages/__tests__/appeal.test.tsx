import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testOps } from '@giftlane/shared-sdk/ops/testing';
import { renderPage } from '../../test/render';
import AppealPage from '../appeal';
import AppealsPage from '../appeals';

const item = {
  appeal_no: 'AP2611260001',
  order_no: 'GC261126000000000000000001',
  outcome: 'failed_cards',
  status: 'open' as const,
  currency: 'NGN',
  decided_by: 7,
  decided_by_name: 'Ada Reviewer',
  decided_at: '2026-11-26T09:00:00.000Z',
  assigned_to: null,
  assigned_to_name: null,
  created_at: '2026-11-26T10:00:00.000Z',
  due_at: '2026-11-27T10:00:00.000Z',
  breached: false,
};
const detail = {
  ...item,
  note: 'The card was unused: receipt attached',
  images: ['https://api.test/uploads/orders/1/a.png?expires=1'],
  resolution: '',
  credit_amount: '0.00',
  overturn_amount: '4840.00',
  failed_cards: [
    {
      seq: 1,
      code: 'CODE-1',
      reason: 'The card has already been used',
      reviewer_note: 'Redeemed on 2 May',
      proof_images: ['https://api.test/uploads/orders/1/b.png?expires=1'],
      decided_time: 1_764_147_600,
    },
  ],
  order: {
    order_no: item.order_no,
    status: 3 as const,
    amount: '0.00',
    quote_total: '4840.00',
    currency: 'NGN',
    refused_reason: 'The card has already been used: Redeemed on 2 May',
    payout_note: '',
    images: [],
    lines: [{ seq: 1, status: 'failed', card_name: '', amount: '0.00', fail_reason: 'The card has already been used' }],
    timeline: [
      { status: 'refused', note: 'The card has already been used', actor: 'staff:7', created_at: item.decided_at },
    ],
  },
};

describe('appeals', () => {
  jest.setTimeout(60_000);

  test('the queue shows each appeal with its decider and clock, breached first as the api orders them', async () => {
    testOps(
      {
        'GET /ops/api/appeals': {
          review_hours: 24,
          appeals: [{ ...item, appeal_no: 'AP-LATE', breached: true }, item],
        },
      },
      { staff: { id: 9, role: 'reviewer' } },
    );
    renderPage(AppealsPage, '/ops/appeals');
    const late = (await screen.findByText('AP-LATE')).closest('tr')!;
    expect(within(late).getByText('Breached')).toBeInTheDocument();
    expect(screen.getAllByText('Ada Reviewer')).toHaveLength(2);
  });

  test('a second staff member sees the evidence and the seller’s note, and overturns', async () => {
    const t = testOps(
      {
        'GET /ops/api/appeals/:appeal_no': detail,
        'POST /ops/api/appeals/:appeal_no/resolve': {
          ...detail,
          status: 'overturned',
          credit_amount: '4840.00',
          replayed: false,
        },
      },
      { staff: { id: 9, role: 'reviewer' } },
    );
    renderPage(AppealPage, `/ops/appeals/${item.appeal_no}`, '/ops/appeals/:appealNo');
    expect(await screen.findByTestId('appeal-note')).toHaveTextContent('The card was unused');
    expect(screen.getByText('Redeemed on 2 May')).toBeInTheDocument();
    expect(screen.getByTestId('overturn-amount')).toHaveTextContent('₦4,840.00');
    await userEvent.click(screen.getByRole('button', { name: 'Overturn and credit' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Overturn and credit' }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent('Overturned: ₦4,840.00 credited to the seller.');
    expect(t.callsTo('POST /ops/api/appeals/:appeal_no/resolve')).toEqual([{ outcome: 'overturned', reason: '' }]);
  });

  test('the staff member who decided the order is offered no action', async () => {
    testOps({ 'GET /ops/api/appeals/:appeal_no': detail }, { staff: { id: 7, role: 'reviewer' } });
    renderPage(AppealPage, `/ops/appeals/${item.appeal_no}`, '/ops/appeals/:appealNo');
    expect(
      await screen.findByText('You decided this order: another staff member must answer its appeal.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Overturn and credit' })).toBeNull();
  });
});
