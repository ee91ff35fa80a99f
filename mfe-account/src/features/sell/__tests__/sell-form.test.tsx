import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CalculatorData } from '@giftlane/shared-sdk';
import { inRouter, NO_ANSWER, testApi, type TestApi } from '@giftlane/shared-sdk/testing';
import { SellForm } from '../sell-form';
import { DRAFT_KEY } from '../draft';
import { PHOTO_MESSAGES } from '../../../lib/photos';
import { SELL_MESSAGES } from '../sell-model';

const calc: CalculatorData = {
  vip_detail: { level: 1, rate: '1.5' },
  payout_currency: 'NGN',
  card_list: [
    {
      category_name: 'Apple / iTunes',
      category_id: 1,
      list: [
        {
          card_id: 11,
          rate: '1100.00',
          usdt_rate: '0.7000',
          name: 'Apple',
          category_id: 1,
          category_name: 'Apple / iTunes',
          currency: 'USD',
          form: 'physical',
          min_face: 10,
          max_face: 99,
        },
        {
          card_id: 12,
          rate: '1210.00',
          usdt_rate: '0.8000',
          name: 'Apple',
          category_id: 1,
          category_name: 'Apple / iTunes',
          currency: 'USD',
          form: 'physical',
          min_face: 100,
          max_face: 500,
        },
        {
          card_id: 13,
          rate: '1000.00',
          usdt_rate: '0.6000',
          name: 'Apple',
          category_id: 1,
          category_name: 'Apple / iTunes',
          currency: 'USD',
          form: 'ecode',
          min_face: 10,
          max_face: 500,
        },
      ],
    },
    {
      category_name: 'Steam',
      category_id: 2,
      list: [
        {
          card_id: 21,
          rate: '1300.00',
          usdt_rate: '0.9000',
          name: 'Steam',
          category_id: 2,
          category_name: 'Steam',
          currency: 'USD',
          form: 'ecode',
          min_face: 5,
          max_face: 200,
        },
      ],
    },
  ],
};

const fetchMock = jest.fn();

const sold = {
  order_no: 'GC2611220000000001',
  create_time: '2026-11-22 10:00:00',
  images: '',
  is_firstorder: false,
  amount_order_bonus: [],
  left_transfer_rebate: 0,
  currency_symbol: '₦',
  overdue_msg: 0,
};
let api: TestApi;
beforeEach(() => {
  jest.clearAllMocks();
  sessionStorage.clear();
  api = testApi({
    'card/calculator': calc,
    'public/ladderConfig': [],
    'order/obsUrls': ({ image_count }: Record<string, string>) =>
      Array.from({ length: Number(image_count) }, (_, i) => ({
        objectName: `orders/1/o${i}`,
        url: `https://site.test/uploads/orders/1/o${i}?expires=1&signature=s`,
      })),
    'order/appadd': sold,
  });
  fetchMock.mockResolvedValue({ ok: true, json: async () => ({ success: true }) });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  URL.createObjectURL = jest.fn((f: Blob) => `blob:${(f as File).name}`);
  URL.revokeObjectURL = jest.fn();
});

const renderForm = () => render(inRouter(<SellForm />, [{ path: '/order/:orderNo', element: <p>Order page</p> }]));

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const png = (name = 'front.png') => {
  const bytes = new Uint8Array(2000);
  bytes.set(PNG_HEAD);
  return new File([bytes], name, { type: 'image/png' });
};

async function ready() {
  renderForm();
  await screen.findByRole('combobox', { name: 'Gift card' });
}

describe('sell form', () => {
  test('brand → currency → form → face value shows the quote with the VIP bonus before submitting', async () => {
    await ready();
    expect(screen.getByText('Enter the amount on your card (its face value).')).toBeInTheDocument();
    expect(screen.getByText(/We buy: 10–99 USD, 100–500 USD/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Face value/), '100');
    // 100 × ₦1,210 = ₦121,000 + 1.5 % VIP = ₦122,815
    expect(screen.getByTestId('quote-total')).toHaveTextContent('₦122,815.00');
    expect(screen.getByText('VIP bonus (+1.5%)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sell card for ₦122,815.00' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: 'E-code' }));
    expect(screen.getByTestId('quote-total')).toHaveTextContent('₦101,500.00');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Gift card' }), 'Steam');
    expect(screen.getByTestId('quote-total')).toHaveTextContent('₦131,950.00');
  });

  test('needs a quote, then photos or codes, before anything is sent', async () => {
    await ready();
    await userEvent.click(screen.getByRole('button', { name: 'Sell card' }));
    expect(screen.getByRole('alert')).toHaveTextContent(SELL_MESSAGES.needQuote);
    await userEvent.type(screen.getByLabelText(/^Face value/), '50');
    await userEvent.click(screen.getByRole('button', { name: /Sell card for/ }));
    expect(screen.getByRole('alert')).toHaveTextContent(SELL_MESSAGES.needContent);
    expect(api.callsTo('order/obsUrls')).toHaveLength(0);
    expect(api.callsTo('order/appadd')).toHaveLength(0);
  });

  test('photos: previews, refusals, remove', async () => {
    await ready();
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, [png('a.png'), png('b.png')]);
    expect(await screen.findByRole('img', { name: 'Photo 1: a.png' })).toHaveAttribute('src', 'blob:a.png');
    expect(screen.getByText('2 of 10 photos')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove photo 1 (a.png)' }));
    expect(screen.queryByRole('img', { name: /a\.png/ })).not.toBeInTheDocument();
    expect(screen.getByText('1 of 10 photos')).toBeInTheDocument();
    const gif = new File([new Uint8Array(10)], 'c.gif', { type: 'image/gif' });
    // The accept attribute is only a hint to the picker; the form checks the type itself.
    await userEvent.upload(input, gif, { applyAccept: false });
    expect(await screen.findByText(PHOTO_MESSAGES.type('c.gif'))).toBeInTheDocument();
  });

  test(
    'uploads each photo to its presigned URL, submits once with an idempotency key and opens the ' + 'order',
    async () => {
      await ready();
      await userEvent.type(screen.getByLabelText(/^Face value/), '100');
      await userEvent.upload(document.querySelector('input[type="file"]') as HTMLInputElement, [
        png('front.png'),
        png('back.png'),
      ]);
      await userEvent.type(screen.getByLabelText(/^Card codes/), 'ABCD-1234');
      let release!: (v: unknown) => void;
      api.answer('order/appadd', new Promise((r) => (release = r)));
      const button = screen.getByRole('button', { name: /Sell card for/ });
      await userEvent.click(button);
      await userEvent.click(button); // a double tap while the first is on its way
      await waitFor(() => expect(api.callsTo('order/appadd')).toHaveLength(1));
      expect(fetchMock).toHaveBeenCalledTimes(2);
      expect(fetchMock.mock.calls[0][0]).toBe('https://site.test/uploads/orders/1/o0?expires=1&signature=s');
      expect(fetchMock.mock.calls[0][1]).toMatchObject({ method: 'PUT', headers: { 'Content-Type': 'image/png' } });
      const [sent] = api.callsTo('order/appadd');
      expect(sent).toMatchObject({
        images: 'https://site.test/uploads/orders/1/o0,https://site.test/uploads/orders/1/o1',
        user_memo: 'ABCD-1234',
        wallet_type: '1',
        card_id: '12',
        face_value: '100',
        card_form: 'physical',
        coupon_code: '',
      });
      expect(sent!.idempotency_key).toMatch(/^sell-[A-Za-z0-9-]{8,}$/);
      expect(screen.getByRole('status')).toHaveTextContent('Sending your order…');
      await act(async () => release(sold));
      expect(await screen.findByText('Order page')).toBeInTheDocument();
      expect(sessionStorage.getItem(DRAFT_KEY)).toBeNull();
    },
  );

  test('a lost reply is retried with the same key and the photos already uploaded', async () => {
    await ready();
    await userEvent.type(screen.getByLabelText(/^Face value/), '100');
    await userEvent.upload(document.querySelector('input[type="file"]') as HTMLInputElement, png());
    api.answer('order/appadd', NO_ANSWER, sold);
    await userEvent.click(screen.getByRole('button', { name: /Sell card for/ }));
    expect(await screen.findByText(/press Sell again and it will be sent once/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Sell card for/ }));
    await screen.findByText('Order page');
    expect(api.callsTo('order/obsUrls')).toHaveLength(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [first, second] = api.callsTo('order/appadd');
    expect(second!.idempotency_key).toBe(first!.idempotency_key);
    expect(second!.images).toEqual(first!.images);
  });

  test('an upload the api refuses is explained and nothing is submitted', async () => {
    await ready();
    await userEvent.type(screen.getByLabelText(/^Face value/), '100');
    await userEvent.upload(document.querySelector('input[type="file"]') as HTMLInputElement, png('blurry.png'));
    fetchMock.mockResolvedValueOnce({
      ok: false,
      json: async () => ({ success: false, msg: 'Image is too small to read' }),
    });
    await userEvent.click(screen.getByRole('button', { name: /Sell card for/ }));
    expect(await screen.findByText('blurry.png: Image is too small to read')).toBeInTheDocument();
    expect(api.callsTo('order/appadd')).toHaveLength(0);
  });

  test('the draft survives a reload', async () => {
    const first = renderForm();
    await screen.findByRole('combobox', { name: 'Gift card' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Gift card' }), 'Steam');
    await userEvent.type(screen.getByLabelText(/^Face value/), '20');
    await userEvent.type(screen.getByLabelText(/^Card codes/), 'STEAM-1');
    first.unmount();
    await ready();
    expect(screen.getByRole('combobox', { name: 'Gift card' })).toHaveValue('2');
    expect(screen.getByLabelText(/^Face value/)).toHaveValue('20');
    expect(screen.getByLabelText(/^Card codes/)).toHaveValue('STEAM-1');
  });

  test('today’s cards failing to load shows the form frame and a Retry that loads them', async () => {
    api.answer('card/calculator', NO_ANSWER, calc);
    renderForm();
    expect(await screen.findByText('We couldn’t load today’s cards and rates.')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: '2. Photos and card codes' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('combobox', { name: 'Gift card' })).toBeInTheDocument();
  });
});
