import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testOps } from '@giftlane/shared-sdk/ops/testing';
import { renderPage } from '../../test/render';
import { line, orderDetail, rates, seller } from '../../test/wire';
import ReviewPage from '../review';

const AT = '/ops/orders/GC100';
const PATH = '/ops/orders/:orderNo';
const decidedOrder = orderDetail({
  status: 4,
  status_desc: 'Partly completed',
  amount: '114500.00',
  finished_at: '2026-11-26T09:00:00.000Z',
  lines: [line(), line({ seq: 2, code: 'X2', status: 'failed', fail_reason: 'used', amount: '0.00' })],
  next_order_no: 'GC101',
});

describe('review screen', () => {
  jest.setTimeout(60_000);

  test('shows the order, its locked quote in naira and the seller a reviewer weighs', async () => {
    testOps(
      { 'GET /ops/api/orders/:order_no': orderDetail(), 'GET /ops/api/rates': rates() },
      { staff: { role: 'reviewer' } },
    );
    renderPage(ReviewPage, AT, PATH);
    const s = await screen.findByRole('region', { name: 'Seller' });
    expect(screen.getByRole('heading', { level: 1, name: 'Order GC100' })).toBeInTheDocument();
    expect(document.title).toBe('Order GC100 · GiftLane console');
    expect(screen.getByText('₦364,000.00')).toBeInTheDocument();
    expect(within(s).getByText('Level 1')).toBeInTheDocument();
    expect(within(s).getByText(/3 months/)).toBeInTheDocument();
    expect(within(s).getByText('Paid: 3 (₦523,300.00)')).toBeInTheDocument();
    expect(within(s).getByText('Partly paid: 1 (₦40,000.00)')).toBeInTheDocument();
    expect(within(s).getByText('Refused: 2')).toBeInTheDocument();
    expect(within(s).getByText('None')).toBeInTheDocument();
    expect(within(s).getByRole('link', { name: 'User #41' })).toHaveAttribute('href', '/ops/users/41');
  });

  test("a new seller's first order, a freeze and linked accounts are flagged", async () => {
    const flagged = seller({
      kyc_level: 0,
      account_age_days: 0,
      orders: {
        paid: { count: 0, amount: '0.00' },
        partly: { count: 0, amount: '0.00' },
        refused: { count: 0, amount: '0.00' },
        pending: { count: 1 },
      },
      withdrawals_frozen: true,
      withdrawals_frozen_reason: "staff: the owner said it wasn't them",
      linked_accounts: 2,
      linked_referrals: 1,
    });
    testOps(
      { 'GET /ops/api/orders/:order_no': orderDetail({ seller: flagged }), 'GET /ops/api/rates': rates() },
      { staff: { role: 'reviewer' } },
    );
    renderPage(ReviewPage, AT, PATH);
    const s = await screen.findByRole('region', { name: 'Seller' });
    expect(within(s).getByText('Not verified')).toBeInTheDocument();
    expect(within(s).getByText(/joined today/)).toBeInTheDocument();
    expect(within(s).getByText('First order')).toBeInTheDocument();
    expect(within(s).getByText('1 more waiting for review')).toBeInTheDocument();
    expect(within(s).getByText("Withdrawals frozen: the owner said it wasn't them")).toBeInTheDocument();
    expect(within(s).getByText('2 linked accounts, 1 by referral')).toBeInTheDocument();
  });

  test(
    'review payout previews the decision (naming the first-order bonus), confirming sends it; the decided order ' +
      'shows its cards once and offers the next order',
    async () => {
      const t = testOps(
        {
          'GET /ops/api/rates': rates(),
          'POST /ops/api/orders/:order_no/preview': {
            status: 1,
            amount: '366000.00',
            currency: 'NGN',
            needs_approval: null,
            first_order_bonus: '2000.00',
            lines: [
              { kind: 'card', name: 'Card value', amount: '364000.00' },
              { kind: 'first_order', name: 'First-order bonus', amount: '2000.00' },
            ],
          },
          'POST /ops/api/orders/:order_no/decide': {
            ...decidedOrder,
            amount: '366000.00',
            status: 2,
            status_desc: 'Completed',
            replayed: false,
          },
          'POST /ops/api/orders/:order_no/claim': orderDetail({ order_no: 'GC101' }),
        },
        { staff: { role: 'reviewer' } },
      );
      t.answer('GET /ops/api/orders/:order_no', orderDetail(), decidedOrder, orderDetail({ order_no: 'GC101' }));
      renderPage(ReviewPage, AT, PATH);
      // The line starts from the quote: the card, its face value and rate.
      expect(await screen.findByLabelText('Face value')).toHaveValue('100.00');
      expect(screen.getByLabelText('Rate')).toHaveValue('1125.00');
      await userEvent.type(screen.getByLabelText('Code'), 'X1');
      await userEvent.click(screen.getByRole('button', { name: 'Review payout' }));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByTestId('preview-amount')).toHaveTextContent('₦366,000.00');
      expect(within(dialog).getByText(/against the quote of ₦364,000\.00/)).toBeInTheDocument();
      const lines = within(within(dialog).getByTestId('preview-lines')).getAllByRole('row');
      expect(lines.map((r) => r.textContent)).toEqual(['Card value₦364,000.00', 'First-order bonus₦2,000.00']);
      expect(within(dialog).getByTestId('preview-first-order-bonus')).toHaveTextContent(
        "Includes the first-order bonus of ₦2,000.00: this is the seller's first paid order",
      );
      const sent = { lines: [{ status: 'success', card_id: 1, face_value: '100.00', rate: '1125.00', code: 'X1' }] };
      expect(t.callsTo('POST /ops/api/orders/:order_no/preview')).toEqual([sent]);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm and credit' }));
      expect(await screen.findByRole('status')).toHaveTextContent('Decided: ₦366,000.00 credited.');
      expect(t.callsTo('POST /ops/api/orders/:order_no/decide')).toEqual([sent]);

      const outcome = await screen.findByRole('region', { name: 'Outcome' });
      expect(within(outcome).getByText('Partly completed')).toBeInTheDocument();
      expect(within(outcome).getByText('₦114,500.00')).toBeInTheDocument();
      const rows = within(within(outcome).getByRole('region', { name: 'Cards' })).getAllByRole('row');
      expect(rows).toHaveLength(3);
      expect(within(rows[1]!).getByText('Paid')).toBeInTheDocument();
      expect(within(rows[1]!).getByText('₦112,500.00')).toBeInTheDocument();
      expect(within(rows[2]!).getByText('Failed')).toBeInTheDocument();
      expect(within(rows[2]!).getByText('The card has already been used')).toBeInTheDocument();
      expect(screen.getAllByText(/Decided:/)).toHaveLength(1);

      await userEvent.click(within(outcome).getByRole('button', { name: 'Next order' }));
      // The next order's screen, loaded: a fresh line from its quote.
      await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Order GC101' })).toBeInTheDocument());
      expect(await screen.findByLabelText('Face value')).toHaveValue('100.00');
      expect(t.calls.filter((c) => c.route === 'POST /ops/api/orders/:order_no/claim').map((c) => c.path)).toEqual([
        '/orders/GC101/claim',
      ]);
    },
  );

  test('the last order decided: no next one, the way back to the queue', async () => {
    testOps(
      { 'GET /ops/api/orders/:order_no': { ...decidedOrder, next_order_no: null }, 'GET /ops/api/rates': rates() },
      { staff: { role: 'reviewer' } },
    );
    renderPage(ReviewPage, AT, PATH);
    const outcome = await screen.findByRole('region', { name: 'Outcome' });
    expect(within(outcome).getByText('No other order waits in the queue.')).toBeInTheDocument();
    expect(within(outcome).queryByRole('button', { name: 'Next order' })).toBeNull();
    expect(within(outcome).getByRole('link', { name: 'Back to the queue' })).toHaveAttribute('href', '/ops');
  });

  test("a paid order's status reads Succeeded, not the contract's Succeed", async () => {
    testOps(
      {
        'GET /ops/api/orders/:order_no': { ...decidedOrder, status: 2, status_desc: 'Succeed', next_order_no: null },
        'GET /ops/api/rates': rates(),
      },
      { staff: { role: 'reviewer' } },
    );
    renderPage(ReviewPage, AT, PATH);
    const outcome = await screen.findByRole('region', { name: 'Outcome' });
    expect(within(outcome).getAllByText('Succeeded').length).toBeGreaterThan(0);
    expect(screen.queryByText('Succeed')).toBeNull();
  });

  test('refusing the whole order sends the reason the seller is shown', async () => {
    const t = testOps(
      {
        'GET /ops/api/orders/:order_no': orderDetail(),
        'GET /ops/api/rates': rates(),
        'POST /ops/api/orders/:order_no/refuse': {
          ...orderDetail({ status: 3, status_desc: 'Refused' }),
          replayed: false,
        },
      },
      { staff: { role: 'reviewer' } },
    );
    renderPage(ReviewPage, AT, PATH);
    await userEvent.click(await screen.findByRole('button', { name: 'Refuse order' }));
    await userEvent.type(await screen.findByLabelText('Reason for the seller'), 'The photo is of another card');
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Refuse' }));
    expect(await screen.findByText('Refused: the seller is told the reason.')).toBeInTheDocument();
    expect(t.callsTo('POST /ops/api/orders/:order_no/refuse')).toEqual([{ reason: 'The photo is of another card' }]);
  });

  test(
    'Send counter-offer sends the card as found, a reason, a note and proof; the offer then waits for the ' + 'seller',
    async () => {
      const offer = {
        status: 'open' as const,
        amount: '182000.00',
        quote_amount: '364000.00',
        currency: 'NGN',
        reason: 'other_denomination',
        reason_text: 'The card is another denomination than the one you chose',
        note: 'A $50 card',
        images: ['/photos/a.png'],
        cards: [{ card_name: 'Apple', face_value: '50.00', amount: '182000.00' }],
        sent_time: 1_795_302_000,
        expire_time: 1_795_388_400,
        answer_time: 0,
      };
      const waiting = orderDetail({ status_desc: 'Waiting for your answer', counter_offer: offer });
      const t = testOps(
        {
          'GET /ops/api/orders/:order_no': orderDetail(),
          'GET /ops/api/rates': rates(),
          'POST /ops/api/orders/:order_no/counter-offer': waiting,
          'POST /ops/api/orders/:order_no/counter-offer/preview': {
            amount: '182000.00',
            quote_amount: '364000.00',
            currency: 'NGN',
          },
        },
        { staff: { role: 'reviewer' } },
      );
      t.answer('GET /ops/api/orders/:order_no', orderDetail(), waiting);
      renderPage(ReviewPage, AT, PATH);
      const face = await screen.findByLabelText('Face value');
      await userEvent.clear(face);
      await userEvent.type(face, '50');
      await userEvent.click(screen.getByRole('button', { name: 'Send counter-offer' }));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText(/against the locked quote of ₦364,000\.00/)).toBeInTheDocument();
      // Priced by the api before it is sent.
      expect(await within(dialog).findByTestId('offer-price')).toHaveTextContent(
        'The seller is offered ₦182,000.00 instead of ₦364,000.00.',
      );
      await userEvent.click(within(dialog).getByRole('combobox', { name: 'Reason' }));
      await userEvent.click(await screen.findByText('The card is another denomination than the one you chose'));
      await userEvent.type(within(dialog).getByLabelText('Note for the seller'), 'A $50 card');
      await userEvent.click(within(dialog).getByRole('combobox', { name: 'Proof photos' }));
      await userEvent.click(await screen.findByText('Photo 1'));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Send counter-offer' }));
      expect(await screen.findByRole('status')).toHaveTextContent('Counter-offer sent: ₦182,000.00');
      expect(t.callsTo('POST /ops/api/orders/:order_no/counter-offer')).toEqual([
        {
          lines: [{ status: 'success', card_id: 1, face_value: '50', rate: '1125.00' }],
          reason: 'other_denomination',
          note: 'A $50 card',
          proof_images: ['/photos/a.png'],
        },
      ]);
      const panel = await screen.findByRole('region', { name: 'Counter-offer' });
      expect(within(panel).getByText('Waiting for the seller')).toBeInTheDocument();
      expect(within(panel).getByTestId('offer-amount')).toHaveTextContent('₦182,000.00');
      // While the seller answers, no decision can be made from this screen.
      expect(screen.queryByRole('button', { name: 'Review payout' })).toBeNull();
    },
  );
});
