import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { decodeOrderDetail, type OrderDetailWire, type OrderListItemWire } from '@giftlane/shared-sdk';
import { inRouter, NO_ANSWER, Refusal, testApi } from '@giftlane/shared-sdk/testing';
import { OrderDetailView } from '../order-detail';
import { OrderList } from '../order-list';

// CONTRACT §3.7 shapes, as the api sends them (amounts mixed numbers and strings).
const listWire = (n: number, over: Partial<OrderListItemWire> = {}): OrderListItemWire => ({
  order_no: `GC26112200000000000${String(n).padStart(5, '0')}`,
  amount: 11250,
  status: 1,
  status_desc: 'Pending',
  wallet_type: 1,
  images: '',
  card_name: 'Apple / iTunes',
  show_time: 1_795_300_000,
  all_money: '0.00',
  ...over,
});

const detailWire: OrderDetailWire = {
  order_no: 'GC261122000000000000012345',
  user_memo: 'AAAA-1111\nBBBB-2222',
  currency: 'NGN',
  amount: '113000.00',
  status: 4,
  status_desc: 'Partly completed',
  wallet_type: 1,
  create_time: 1_795_300_000,
  finish_time: 1_795_303_600,
  coupon_code: '',
  coupon_amount: '0.00',
  first_order_bonus: 2000,
  reach_amount_bonus: 0,
  full_amount_bonus: 0,
  vip_bonus: 0,
  payout_note: 'One card was already used',
  quote: {
    card_id: 12,
    face_value: '200.00',
    card_currency: 'USD',
    payout_currency: 'NGN',
    currency_symbol: '₦',
    rate: '1210.00',
    effective_rate: '1210.00',
    vip_percent: '0',
    base_amount: '242000.00',
    vip_bonus: '0.00',
    coupon_bonus: '0.00',
    ladder_bonus: '0.00',
    amount: '242000.00',
  },
  keyList: [
    {
      key: 'AAAA-1111',
      status: 'success',
      amount: 111000,
      facevalue: 100,
      purchase_rate: 1110,
      card_name: 'Apple $',
      card_currency: 'USD',
      currency_symbol: '$',
      fail_reason: '',
    },
    {
      key: 'BBBB-2222',
      status: 'failed',
      amount: 0,
      facevalue: 0,
      purchase_rate: 0,
      card_name: '',
      card_currency: '',
      fail_reason: 'The card has already been used',
    },
  ],
  imageList: [
    { url: 'https://site.test/uploads/orders/1/a', refused_reason: '' },
    { url: 'https://site.test/uploads/orders/1/b', refused_reason: 'The card has already been used' },
  ],
  timeline: [
    { status: 'submitted', time: 1_795_300_000, note: 'Quote locked: ₦242000.00' },
    { status: 'processing', time: 1_795_301_000, note: 'An operator is reviewing your cards' },
    { status: 'partly_completed', time: 1_795_303_600, note: '₦113000.00 credited. One card was already used' },
  ],
};

describe('order list', () => {
  test(
    'shows each order with its card, amount, status and short number; loads more while pages come ' + 'back full',
    async () => {
      const api = testApi();
      api.answer(
        'ord/list',
        Array.from({ length: 10 }, (_, i) => listWire(i + 1)),
        [listWire(11, { status: 3, status_desc: 'Refused', amount: 0, refused_reason: 'Invalid card code' })],
      );
      render(inRouter(<OrderList filter="all" />));
      const items = await screen.findAllByRole('link', { name: /Apple \/ iTunes/ });
      expect(items).toHaveLength(10);
      expect(items[0]).toHaveTextContent('₦11,250.00');
      expect(items[0]).toHaveTextContent('Pending');
      expect(items[0]).toHaveTextContent('…00000000000001'); // the last 14 characters
      expect(items[0]).toHaveAttribute('href', '/order/GC2611220000000000000001');
      expect(api.callsTo('ord/list').at(-1)).toMatchObject({ status: 'all', page: '0', page_size: '10' });
      await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
      expect(await screen.findByText('Invalid card code')).toBeInTheDocument();
      expect(api.callsTo('ord/list').at(-1)).toMatchObject({ status: 'all', page: '1', page_size: '10' });
      expect(screen.getAllByRole('link', { name: /Apple \/ iTunes/ })).toHaveLength(11);
      expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    },
  );

  test('an empty tab says so and offers to sell; a failure offers Retry', async () => {
    const api = testApi();
    api.answer('ord/list', NO_ANSWER, []);
    render(inRouter(<OrderList filter="done" />));
    expect(await screen.findByText('We couldn’t load your orders.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No finished orders yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sell a gift card' })).toHaveAttribute('href', '/homes/sell-gift-card');
    expect(api.callsTo('ord/list').at(-1)).toMatchObject({ status: 'done', page: '0', page_size: '10' });
  });
});

describe('order detail', () => {
  const detail = decodeOrderDetail(detailWire, 'NGN');

  test('status, quote against payout with its reason, bonuses and the timeline', () => {
    render(inRouter(<OrderDetailView detail={detail} justSubmitted />));
    expect(screen.getByRole('status')).toHaveTextContent(
      'Order submitted. Your order number is GC261122000000000000012345',
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Partly completed' })).toBeInTheDocument();
    expect(screen.getByTestId('order-quote')).toHaveTextContent('₦242,000.00');
    expect(screen.getByTestId('order-paid')).toHaveTextContent('₦113,000.00');
    expect(screen.getByText(/less than the quote/)).toHaveTextContent(
      'Paid ₦129,000.00 less than the quote. Reason: One card was already used',
    );
    expect(screen.getByText('First-order bonus')).toBeInTheDocument();
    expect(screen.queryByText('VIP bonus')).not.toBeInTheDocument();
    const timeline = within(screen.getByRole('region', { name: 'Timeline' }));
    expect(timeline.getAllByRole('listitem').map((li) => li.querySelector('strong')?.textContent)).toEqual([
      'Submitted',
      'Being reviewed',
      'Partly completed',
    ]);
  });

  test('a locked quote with the first-order bonus: each line by its name, and the whole total as the quote', () => {
    const withBonus = decodeOrderDetail(
      {
        ...detailWire,
        status: 2,
        status_desc: 'Completed',
        amount: '244000.00',
        payout_note: '',
        quote: {
          ...detailWire.quote!,
          first_order_bonus: '2000.00',
          total_amount: '244000.00',
          lines: [
            { kind: 'card', name: 'Card value', amount: '242000.00' },
            { kind: 'first_order', name: 'First-order bonus', amount: '2000.00' },
          ],
        },
      },
      'NGN',
    );
    render(inRouter(<OrderDetailView detail={withBonus} />));
    expect(screen.getByTestId('order-quote')).toHaveTextContent('₦244,000.00');
    expect(screen.getByTestId('order-quote-line-card')).toHaveTextContent('Card value₦242,000.00');
    expect(screen.getByTestId('order-quote-line-first_order')).toHaveTextContent('First-order bonus₦2,000.00');
    // Paid what was quoted: no "more than the quote" for the bonus the quote already named.
    expect(screen.queryByText(/than the quote/)).toBeNull();
  });

  test('the order number is whole in one element (never broken between digits) and Copy copies it', async () => {
    const writeText = jest.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(inRouter(<OrderDetailView detail={detail} />));
    expect(screen.getByTestId('order-number')).toHaveTextContent(/^GC261122000000000000012345$/);
    expect(screen.getByTestId('order-number')).toHaveClass('acc-nowrap');
    await userEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('GC261122000000000000012345');
    expect(await screen.findByText('Order number copied.')).toBeInTheDocument();
  });

  test('each card line with face value, rate and amount, or why it failed; rejected photos with their reason', () => {
    render(inRouter(<OrderDetailView detail={detail} />));
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Apple $');
    expect(rows[0]).toHaveTextContent('$100');
    expect(rows[0]).toHaveTextContent('₦1,110.00');
    expect(rows[0]).toHaveTextContent('₦111,000.00');
    expect(rows[0]).toHaveTextContent('Approved');
    expect(rows[1]).toHaveTextContent('BBBB-2222');
    expect(rows[1]).toHaveTextContent('Failed: The card has already been used');
    expect(screen.getByText('One photo was rejected — the reason is under each.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Card photo 2 (rejected)' })).toBeInTheDocument();
    expect(screen.getByText('Rejected: The card has already been used')).toBeInTheDocument();
    expect(screen.getByText(/AAAA-1111\s+BBBB-2222/)).toBeInTheDocument();
  });

  test('a pending order says what happens next and that nothing is paid yet; a refused one offers support', () => {
    const pending = decodeOrderDetail(
      {
        ...detailWire,
        status: 1,
        status_desc: 'Pending',
        amount: '0.00',
        finish_time: 0,
        keyList: [],
        first_order_bonus: 0,
        payout_note: '',
        timeline: detailWire.timeline!.slice(0, 1),
      },
      'NGN',
    );
    const { unmount } = render(inRouter(<OrderDetailView detail={pending} />));
    expect(screen.getByText(/waiting for an operator/)).toBeInTheDocument();
    expect(screen.getByTestId('order-paid')).toHaveTextContent('Not yet — waiting for review');
    expect(screen.getByText(/An operator adds each card here/)).toBeInTheDocument();
    unmount();
    const refused = decodeOrderDetail(
      { ...detailWire, status: 3, status_desc: 'Refused', amount: '0.00', refused_reason: 'Invalid card code' },
      'NGN',
    );
    render(inRouter(<OrderDetailView detail={refused} />));
    expect(screen.getByRole('heading', { level: 2, name: 'Refused' })).toBeInTheDocument();
    expect(screen.getByText('Invalid card code')).toBeInTheDocument();
    // Every order can be asked about: a case about it (Help → cases).
    expect(screen.getByRole('link', { name: 'Ask about this order' })).toHaveAttribute(
      'href',
      `/homes/help/ask?order=${encodeURIComponent(refused.order_no)}`,
    );
  });

  test('the promised time; a late pending order says compensation is accruing; a late decision shows its line', () => {
    const now = Date.now() / 1000;
    const late = decodeOrderDetail(
      {
        ...detailWire,
        status: 1,
        status_desc: 'Pending',
        amount: '0.00',
        finish_time: 0,
        keyList: [],
        promised_time: Math.floor(now - 600),
      },
      'NGN',
    );
    const { unmount } = render(inRouter(<OrderDetailView detail={late} />));
    expect(screen.getByTestId('order-promised')).not.toHaveTextContent(/^$/);
    expect(screen.getByRole('status')).toHaveTextContent(/delay compensation is now accruing/);
    unmount();
    const paid = decodeOrderDetail(
      {
        ...detailWire,
        promised_time: Math.floor(now - 3600),
        delay_compensation: {
          amount: '1130.00',
          percent: '1',
          minutes_late: 42,
          line: 'Delay compensation 1 % — 42 min late',
          time: Math.floor(now),
        },
      },
      'NGN',
    );
    render(inRouter(<OrderDetailView detail={paid} />));
    expect(screen.getByTestId('order-delay-line')).toHaveTextContent(/^Delay compensation 1 % — 42 min late\./);
    expect(screen.getByTestId('order-delay-compensation')).toHaveTextContent('+₦1,130.00');
  });

  const offerWire = {
    ...detailWire,
    status: 1 as const,
    status_desc: 'Waiting for your answer',
    amount: '0.00',
    finish_time: 0,
    keyList: [],
    first_order_bonus: 0,
    payout_note: '',
    timeline: [
      ...detailWire.timeline!.slice(0, 2),
      { status: 'offer_sent', time: 1_795_302_000, note: 'Counter-offer: ₦121,000.00 instead of ₦242,000.00.' },
    ],
    counter_offer: {
      status: 'open' as const,
      amount: '121000.00',
      quote_amount: '242000.00',
      currency: 'NGN',
      reason: 'other_denomination',
      reason_text: 'The card is another denomination than the one you chose',
      note: 'It is a $100 card',
      images: ['https://site.test/uploads/orders/1/a?expires=1'],
      cards: [{ card_name: 'Apple $', face_value: '100.00', amount: '121000.00' }],
      sent_time: 1_795_302_000,
      expire_time: 1_795_388_400,
      answer_time: 0,
    },
  };

  test(
    'a counter-offer: why, the proof, the offer against the quote, the deadline; accept is confirmed ' + 'first',
    async () => {
      const api = testApi();
      api.answer('ord/answerOffer', {
        order_no: offerWire.order_no,
        status: 2,
        status_desc: 'Succeed',
        amount: '121000.00',
        offer_status: 'accepted',
        replayed: false,
      });
      const answered = jest.fn();
      render(inRouter(<OrderDetailView detail={decodeOrderDetail(offerWire, 'NGN')} onChanged={answered} />));
      const card = screen.getByRole('region', { name: 'Counter-offer: waiting for your answer' });
      expect(
        within(card).getByText(/another denomination than the one you chose — It is a \$100 card/),
      ).toBeInTheDocument();
      expect(within(card).getByTestId('offer-amount')).toHaveTextContent('₦121,000.00');
      expect(within(card).getByTestId('offer-quote')).toHaveTextContent('₦242,000.00');
      expect(within(card).getByTestId('offer-deadline')).not.toBeEmptyDOMElement();
      expect(within(card).getByRole('img', { name: 'Proof photo 1' })).toBeInTheDocument();
      expect(screen.getByTestId('order-paid')).toHaveTextContent('Not yet — waiting for your answer');
      expect(screen.getByText('Counter-offer sent')).toBeInTheDocument();
      await userEvent.click(within(card).getByRole('button', { name: 'Accept ₦121,000.00' }));
      expect(api.callsTo('ord/answerOffer')).toHaveLength(0);
      expect(within(card).getByRole('alertdialog')).toHaveTextContent('instead of ₦242,000.00');
      await userEvent.click(within(card).getByRole('button', { name: 'Yes, accept' }));
      expect(api.callsTo('ord/answerOffer')).toEqual([expect.objectContaining({ answer: 'accept' })]);
      expect(answered).toHaveBeenCalled();
    },
  );

  test('declining is confirmed too, and a refusal shows the api’s words', async () => {
    const api = testApi();
    api.answer('ord/answerOffer', new Refusal('This counter-offer has expired: it was not answered in time'));
    render(inRouter(<OrderDetailView detail={decodeOrderDetail(offerWire, 'NGN')} />));
    await userEvent.click(screen.getByRole('button', { name: 'Decline' }));
    await userEvent.click(screen.getByRole('button', { name: 'Go back' }));
    await userEvent.click(screen.getByRole('button', { name: 'Decline' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, decline' }));
    expect(api.callsTo('ord/answerOffer')).toEqual([expect.objectContaining({ answer: 'decline' })]);
    expect(await screen.findByRole('alert')).toHaveTextContent('expired');
  });
});
