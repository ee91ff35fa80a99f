import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testOps } from '@giftlane/shared-sdk/ops/testing';
import { renderPage } from '../../test/render';
import { T0 } from '../../test/wire';
import CasesPage from '../cases';
import CasePage from '../case';

const HOUR = 3_600_000;
const at = (ms: number) => new Date(Date.now() + ms).toISOString();

const caseRow = (over: Record<string, unknown> = {}) => ({
  case_no: 'CS-ABCD2345',
  about: 'order',
  order_no: 'GC2611260001',
  withdraw_no: null,
  subject: '',
  status: 'waiting_us',
  status_text: 'Waiting for us',
  user_id: 41,
  seller: 'amaka',
  guest_email: null,
  owner_id: null,
  owner_name: null,
  created_at: T0,
  updated_at: T0,
  first_response: { due: at(-HOUR), met_at: null, breached: true },
  resolution: { due: at(20 * HOUR), met_at: null, breached: false },
  resolution_text: '',
  messages: 1,
  last_message_at: T0,
  ...over,
});

const detail = {
  ...caseRow(),
  messages: [
    {
      id: 1,
      from: 'seller',
      name: 'Seller',
      body: 'My card is still pending',
      images: ['http://api.test/uploads/orders/41/abc?expires=1&signature=x'],
      created_at: T0,
    },
  ],
  timeline: [{ kind: 'opened', text: 'Opened', staff: null, note: '', created_at: T0 }],
  staff: [
    { id: 1, name: 'Test Admin' },
    { id: 7, name: 'Ngozi Finance' },
  ],
};

describe('cases', () => {
  jest.setTimeout(30_000);

  test('the queue shows each case with its clocks, breached first, linking to the case', async () => {
    testOps(
      {
        'GET /ops/api/cases': [
          caseRow(),
          caseRow({
            case_no: 'CS-WXYZ6789',
            about: 'other',
            order_no: null,
            subject: 'Contact form',
            user_id: null,
            seller: 'visitor@example.com',
            first_response: { due: at(HOUR), met_at: null, breached: false },
          }),
        ],
      },
      { staff: { role: 'reviewer' } },
    );
    renderPage(CasesPage, '/ops/cases');
    const link = await screen.findByRole('link', { name: 'CS-ABCD2345' });
    expect(link).toHaveAttribute('href', '/ops/cases/CS-ABCD2345');
    const row = link.closest('tr')!;
    expect(within(row).getByText(/^Breached 1 h/)).toBeInTheDocument();
    expect(within(row).getByText('Order GC2611260001')).toBeInTheDocument();
    const visitor = screen.getByRole('link', { name: 'CS-WXYZ6789' }).closest('tr')!;
    expect(within(visitor).getByText('visitor@example.com (visitor)')).toBeInTheDocument();
    expect(within(visitor).getByText(/^Due in (59 min|1 h)/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Cases' })).toBeInTheDocument();
  });

  test('a case: take it, reply, solve; it links to the order', async () => {
    const user = userEvent.setup();
    const api = testOps(
      {
        'GET /ops/api/cases/:case_no': detail,
        'POST /ops/api/cases/:case_no/assign': { ...detail, owner_id: 1, owner_name: 'Test Admin' },
        'POST /ops/api/cases/:case_no/reply': {
          ...detail,
          status: 'waiting_you',
          status_text: 'Waiting for you',
          first_response: { ...detail.first_response, met_at: at(0) },
        },
        'POST /ops/api/cases/:case_no/solve': { ...detail, status: 'solved', status_text: 'Solved' },
      },
      { staff: { role: 'reviewer' } },
    );
    renderPage(CasePage, '/ops/cases/CS-ABCD2345', '/ops/cases/:caseNo');
    expect(await screen.findByText('My card is still pending')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Order GC2611260001' })).toHaveAttribute(
      'href',
      '/ops/orders/GC2611260001',
    );
    expect(screen.getByRole('img', { name: 'Photo 1 from Seller' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Take it' }));
    expect(await screen.findByText('Test Admin owns the case.')).toBeInTheDocument();
    expect(api.callsTo('POST /ops/api/cases/:case_no/assign')).toEqual([{}]);
    await user.type(screen.getByLabelText('Reply to the seller'), 'We are checking it now.');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('Sent: the seller is told in the app and by message.')).toBeInTheDocument();
    expect(api.callsTo('POST /ops/api/cases/:case_no/reply')).toEqual([
      { message: 'We are checking it now.', photos: [] },
    ]);
    await user.type(screen.getByLabelText('Resolution for the seller'), 'Paid in full.');
    await user.click(screen.getByRole('button', { name: 'Solve the case' }));
    expect(await screen.findByText('Solved: the seller is told the resolution.')).toBeInTheDocument();
    expect(api.callsTo('POST /ops/api/cases/:case_no/solve')).toEqual([{ resolution: 'Paid in full.' }]);
  });
});
