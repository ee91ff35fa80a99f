import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NetworkError, type CalculatorData } from '@giftlane/shared-sdk';
import { inRouter } from '@giftlane/shared-sdk/testing';
import { SellForm } from '../sell-form';
import { DRAFT_KEY } from '../draft';
import { PHOTO_MESSAGES, SELL_MESSAGES } from '../sell-model';

const calc: CalculatorData = {
  vip_detail: { level: 1, rate: '1.5' },
  payout_currency: 'NGN',
  card_list: [
    {
      category_name: 'Apple / iTunes',
      category_id: 1,
      list: [
        { card_id: 11, rate: '1100.00', usdt_rate: '0.7000', name: 'Apple', category_id: 1, category_name: 'Apple / iTunes', currency: 'USD', form: 'physical', min_face: 10, max_face: 99 },
        { card_id: 12, rate: '1210.00', usdt_rate: '0.8000', name: 'Apple', category_id: 1, category_name: 'Apple / iTunes', currency: 'USD', form: 'physical', min_face: 100, max_face: 500 },
        { card_id: 13, rate: '1000.00', usdt_rate: '0.6000', name: 'Apple', category_id: 1, category_name: 'Apple / iTunes', currency: 'USD', form: 'ecode', min_face: 10, max_face: 500 },
      ],
    },
    {
      category_name: 'Steam',
      category_id: 2,
      list: [{ card_id: 21, rate: '1300.00', usdt_rate: '0.9000', name: 'Steam', category_id: 2, category_name: 'Steam', currency: 'USD', form: 'ecode', min_face: 5, max_face: 200 }],
    },
  ],
};

const mockApi = {
  card: { calculator: jest.fn() },
  public: { ladderConfig: jest.fn() },
  order: { obsUrls: jest.fn(), appadd: jest.fn(), checkCoupon: jest.fn() },
};
const mockStore = { user: { currency: 'NGN', countryId: '1', loading: false, load: jest.fn() } };

jest.mock('@giftlane/shared-sdk', () => ({
  ...jest.requireActual('@giftlane/shared-sdk'),
  getSdk: () => ({ api: mockApi, store: mockStore }),
}));

const fetchMock = jest.fn();

beforeEach(() => {
  jest.clearAllMocks();
  sessionStorage.clear();
  mockApi.card.calculator.mockResolvedValue(calc);
  mockApi.public.ladderConfig.mockResolvedValue([]);
  mockApi.order.obsUrls.mockImplementation(async ({ image_count }: { image_count: number }) =>
    Array.from({ length: image_count }, (_, i) => ({ objectName: `orders/1/o${i}`, url: `https://site.test/uploads/orders/1/o${i}?expires=1&signature=s` })),
  );
  mockApi.order.appadd.mockResolvedValue({ order_no: 'GC2611220000000001' });
  fetchMock.mockResolvedValue({ ok: true, json: async () => ({ success: true }) });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  URL.createObjectURL = jest.fn((f: Blob) => `blob:${(f as File).name}`);
  URL.revokeObjectURL = jest.fn();
});

const renderForm = () =>
  render(inRouter(<SellForm />, [{ path: '/order/:orderNo', element: <p>Order page</p> }]));

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
    expect(mockApi.order.obsUrls).not.toHaveBeenCalled();
    expect(mockApi.order.appadd).not.toHaveBeenCalled();
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

  test('uploads each photo to its presigned URL, submits once with an idempotency key and opens the order', async () => {
    await ready();
    await userEvent.type(screen.getByLabelText(/^Face value/), '100');
    await userEvent.upload(document.querySelector('input[type="file"]') as HTMLInputElement, [png('front.png'), png('back.png')]);
    await userEvent.type(screen.getByLabelText(/^Card codes/), 'ABCD-1234');
    let release!: (v: unknown) => void;
    mockApi.order.appadd.mockReturnValueOnce(new Promise((r) => (release = r)));
    const button = screen.getByRole('button', { name: /Sell card for/ });
    await userEvent.click(button);
    await userEvent.click(button); // a double tap while the first is on its way
    await waitFor(() => expect(mockApi.order.appadd).toHaveBeenCalledTimes(1));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock.mock.calls[0][0]).toBe('https://site.test/uploads/orders/1/o0?expires=1&signature=s');
    expect(fetchMock.mock.calls[0][1]).toMatchObject({ method: 'PUT', headers: { 'Content-Type': 'image/png' } });
    const sent = mockApi.order.appadd.mock.calls[0][0];
    expect(sent).toMatchObject({
      images: ['https://site.test/uploads/orders/1/o0', 'https://site.test/uploads/orders/1/o1'],
      user_memo: 'ABCD-1234',
      wallet_type: 1,
      card_id: 12,
      face_value: '100',
      card_form: 'physical',
      coupon_code: '',
    });
    expect(sent.idempotency_key).toMatch(/^sell-[A-Za-z0-9-]{8,}$/);
    expect(screen.getByRole('status')).toHaveTextContent('Sending your order…');
    await act(async () => release({ order_no: 'GC2611220000000001' }));
    expect(await screen.findByText('Order page')).toBeInTheDocument();
    expect(sessionStorage.getItem(DRAFT_KEY)).toBeNull();
  });

  test('a lost reply is retried with the same key and the photos already uploaded', async () => {
    await ready();
    await userEvent.type(screen.getByLabelText(/^Face value/), '100');
    await userEvent.upload(document.querySelector('input[type="file"]') as HTMLInputElement, png());
    mockApi.order.appadd.mockRejectedValueOnce(new NetworkError('order/appadd'));
    await userEvent.click(screen.getByRole('button', { name: /Sell card for/ }));
    expect(await screen.findByText(/press Sell again and it will be sent once/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Sell card for/ }));
    await screen.findByText('Order page');
    expect(mockApi.order.obsUrls).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [first, second] = mockApi.order.appadd.mock.calls.map((c) => c[0]);
    expect(second.idempotency_key).toBe(first.idempotency_key);
    expect(second.images).toEqual(first.images);
  });

  test('an upload the api refuses is explained and nothing is submitted', async () => {
    await ready();
    await userEvent.type(screen.getByLabelText(/^Face value/), '100');
    await userEvent.upload(document.querySelector('input[type="file"]') as HTMLInputElement, png('blurry.png'));
    fetchMock.mockResolvedValueOnce({ ok: false, json: async () => ({ success: false, msg: 'Image is too small to read' }) });
    await userEvent.click(screen.getByRole('button', { name: /Sell card for/ }));
    expect(await screen.findByText('blurry.png: Image is too small to read')).toBeInTheDocument();
    expect(mockApi.order.appadd).not.toHaveBeenCalled();
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
    mockApi.card.calculator.mockRejectedValueOnce(new NetworkError('card/calculator'));
    renderForm();
    expect(await screen.findByText('We couldn’t load today’s cards and rates.')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: '2. Photos and card codes' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('combobox', { name: 'Gift card' })).toBeInTheDocument();
  });
});
