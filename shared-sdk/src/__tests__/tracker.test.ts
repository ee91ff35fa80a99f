import { Tracker } from '../tracker';
import { parseMoney } from '../money';

const endpoints = { init: '/t/init', install: '/t/install', event: '/t/event', identity: '/t/identity' };
const quiet = { info: jest.fn(), warn: jest.fn() };

function tracker() {
  const sent: Array<{ url: string; body: Record<string, unknown> }> = [];
  const t = new Tracker({
    endpoints,
    baseUrl: '',
    send: (url, body) => sent.push({ url, body: JSON.parse(body) }),
    logger: quiet,
  });
  return { t, sent, urls: () => sent.map((s) => s.url) };
}

/** Lets the awaited timers inside start() move on. */
async function advance(ms: number) {
  await jest.advanceTimersByTimeAsync(ms);
}

beforeEach(() => {
  jest.useFakeTimers();
  localStorage.clear();
});
afterEach(() => jest.useRealTimers());

describe('tracker', () => {
  it('uses a stored device id at once and sends the first open after 1.5 s', async () => {
    localStorage.setItem('giftlane_device_id', 'dev-1');
    const { t, sent, urls } = tracker();
    void t.start();
    await advance(0);
    expect(urls()).toEqual(['/t/init']);
    expect(sent[0]!.body).toMatchObject({ device_id: 'dev-1' });
    await advance(1499);
    expect(urls()).not.toContain('/t/install');
    await advance(1);
    expect(urls()).toContain('/t/install');
    expect(sent.at(-1)!.body).toMatchObject({ event: 'first_open', device_id: 'dev-1' });
    expect(localStorage.getItem('giftlane_first_open_tracked')).toBe('1');
  });

  it('retries the device id 5 times at 500 ms, then makes a fallback id from time plus random text', async () => {
    const { t, sent } = tracker();
    void t.start();
    await advance(500 * 4);
    expect(sent).toHaveLength(0);
    await advance(499);
    expect(sent).toHaveLength(0);
    await advance(1);
    expect(t.usedFallbackId).toBe(true);
    expect(sent[0]!.url).toBe('/t/init');
    expect(String(sent[0]!.body.device_id)).toMatch(/^[0-9a-z]+-.{8,}/);
    expect(localStorage.getItem('giftlane_device_id')).toBe(sent[0]!.body.device_id);
  });

  it('takes an id that appears during the retries', async () => {
    const { t, sent } = tracker();
    void t.start();
    await advance(1000);
    localStorage.setItem('giftlane_device_id', 'late-id');
    await advance(500);
    expect(t.usedFallbackId).toBe(false);
    expect(sent[0]!.body.device_id).toBe('late-id');
  });

  it('sends the first open once per device, not on the next page load', async () => {
    localStorage.setItem('giftlane_device_id', 'dev-1');
    const first = tracker();
    void first.t.start();
    await advance(2000);
    expect(first.urls().filter((u) => u === '/t/install')).toHaveLength(1);
    const second = tracker();
    void second.t.start();
    await advance(5000);
    expect(second.urls()).toEqual(['/t/init']);
  });

  it('start() twice does not send twice', async () => {
    localStorage.setItem('giftlane_device_id', 'dev-1');
    const { t, urls } = tracker();
    void t.start();
    void t.start();
    await advance(2000);
    expect(urls()).toEqual(['/t/init', '/t/install']);
  });

  it('uses 1 s on the mock transport (no sendBeacon, no fetch)', async () => {
    localStorage.setItem('giftlane_device_id', 'dev-1');
    const savedFetch = globalThis.fetch;
    // jsdom has no sendBeacon; remove fetch too.
    Object.defineProperty(globalThis, 'fetch', { value: undefined, configurable: true, writable: true });
    const logger = { info: jest.fn(), warn: jest.fn() };
    const t = new Tracker({ endpoints, baseUrl: '', logger });
    Object.defineProperty(globalThis, 'fetch', { value: savedFetch, configurable: true, writable: true });
    expect(t.transport).toBe('mock');
    void t.start();
    await advance(999);
    expect(logger.info).not.toHaveBeenCalledWith('[giftlane-tracker]', '/t/install', expect.anything());
    await advance(1);
    expect(logger.info).toHaveBeenCalledWith(
      '[giftlane-tracker]',
      '/t/install',
      expect.objectContaining({ event: 'first_open' }),
    );
  });

  it('queues events until the device id is known, with every event field', async () => {
    const { t, sent } = tracker();
    void t.start();
    t.track('withdraw', { user_id: 7, withdrawal_id: 'W1', amount: parseMoney('1500', 'NGN'), walletType: 1 });
    expect(sent).toHaveLength(0);
    await advance(2500);
    const event = sent.find((s) => s.url === '/t/event')!;
    expect(event.body).toMatchObject({
      event: 'withdraw',
      user_id: 7,
      withdrawal_id: 'W1',
      amount: '1500.00',
      currency: 'NGN',
      walletType: 1,
      device_id: t.deviceId,
    });
    expect(typeof event.body.timestamp).toBe('number');
    expect(event.body.url).toBe(location.href);
  });

  it('links an identity once per user and sends the registration event', async () => {
    localStorage.setItem('giftlane_device_id', 'dev-1');
    const { t, sent } = tracker();
    void t.start();
    await advance(0);
    t.linkIdentity(7);
    t.linkIdentity('7');
    t.trackRegistration({ email: 'a@b.co', method: 'email', type: '1', provider: '', country: 14 });
    expect(sent.filter((s) => s.url === '/t/identity')).toEqual([
      { url: '/t/identity', body: expect.objectContaining({ user_id: '7', device_id: 'dev-1' }) },
    ]);
    expect(sent.find((s) => s.url === '/t/event')!.body).toMatchObject({
      event: 'registration',
      email: 'a@b.co',
      method: 'email',
      type: '1',
      provider: '',
      country: 14,
      platform: 'web',
    });
  });

  it('never throws, even when sending fails', async () => {
    localStorage.setItem('giftlane_device_id', 'dev-1');
    const t = new Tracker({
      endpoints,
      send: () => {
        throw new Error('blocked');
      },
      logger: quiet,
    });
    await expect(t.start()).resolves.toBeUndefined();
    expect(() => t.track('x', {})).not.toThrow();
    await advance(2000);
  });
});
