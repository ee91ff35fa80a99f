import { act, render, screen } from '@testing-library/react';
import type { OrderEta } from '@giftlane/shared-sdk';
import { inRouter, testApi } from '@giftlane/shared-sdk/testing';
import { minutesText, pollMs, POLL_MAX_SECONDS, POLL_MIN_SECONDS, waitText } from '../../../lib/live-wait';
import { OrderList } from '../order-list';
import { OrderWait } from '../order-wait';

const eta = (over: Partial<OrderEta> = {}): OrderEta => ({
  order_no: 'GC1',
  status: 1,
  finished: false,
  eta_minutes: 12,
  eta_time: 1_795_300_720,
  ahead: 3,
  family: 'Apple / iTunes',
  typical_minutes: 15,
  basis: 'recent',
  sample: 20,
  poll_seconds: 30,
  ...over,
});

describe('the wait in words', () => {
  test('minutes, hours, and who is ahead', () => {
    expect(waitText(eta(), { one: 'order', many: 'orders' })).toBe('About 12 min — 3 orders ahead of yours');
    expect(waitText(eta({ ahead: 1, eta_minutes: 65 }), { one: 'order', many: 'orders' })).toBe(
      'About 1 h 5 min — 1 order ahead of yours',
    );
    expect(waitText(eta({ ahead: 0, eta_minutes: 0 }), { one: 'payout', many: 'payouts' })).toBe(
      'About 1 min — yours is next',
    );
    expect(minutesText(120)).toBe('2 h');
  });
  test('the poll interval stays within its bounds whatever the api says', () => {
    expect(pollMs(1)).toBe(POLL_MIN_SECONDS * 1000);
    expect(pollMs(30)).toBe(30_000);
    expect(pollMs(100_000)).toBe(POLL_MAX_SECONDS * 1000);
    expect(pollMs(Number.NaN)).toBe(30_000);
  });
});

describe('an order’s live estimate', () => {
  afterEach(() => jest.useRealTimers());

  test('shown, asked again while visible, not while hidden, and no more once decided', async () => {
    jest.useFakeTimers();
    const api = testApi();
    api.answer('ord/eta', [eta()], [eta({ ahead: 2, eta_minutes: 9 })], [eta({ finished: true, status: 2 })]);
    const decided = jest.fn();
    render(inRouter(<OrderWait orderNo="GC1" onFinished={decided} />));
    expect(await screen.findByText('About 12 min — 3 orders ahead of yours')).toBeInTheDocument();
    expect(screen.getByText(/Apple \/ iTunes took about 15 min lately \(the last 20 decided\)/)).toBeInTheDocument();
    expect(api.callsTo('ord/eta')).toEqual([{ order_no: 'GC1' }]);

    // Hidden: no call however long it stays so.
    const hidden = jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    act(() => document.dispatchEvent(new Event('visibilitychange')));
    await act(async () => jest.advanceTimersByTimeAsync(300_000));
    expect(api.callsTo('ord/eta')).toHaveLength(1);
    // Visible again: asked at once.
    hidden.mockReturnValue('visible');
    act(() => document.dispatchEvent(new Event('visibilitychange')));
    expect(await screen.findByText('About 9 min — 2 orders ahead of yours')).toBeInTheDocument();
    expect(api.callsTo('ord/eta')).toHaveLength(2);

    // The next turn (30 s) finds it decided: the page is told, the estimate goes, no more calls.
    await act(async () => jest.advanceTimersByTimeAsync(30_000));
    expect(decided).toHaveBeenCalled();
    expect(screen.queryByTestId('order-eta')).toBeNull();
    await act(async () => jest.advanceTimersByTimeAsync(600_000));
    expect(api.callsTo('ord/eta')).toHaveLength(3);
    hidden.mockRestore();
  });

  test(
    'an estimate that came with the order is shown at once, and the next one asked for at the ' + 'next turn',
    async () => {
      jest.useFakeTimers();
      const api = testApi();
      api.answer('ord/eta', [eta({ ahead: 1, eta_minutes: 7 })]);
      render(inRouter(<OrderWait orderNo="GC1" first={[eta()]} />));
      expect(screen.getByText('About 12 min — 3 orders ahead of yours')).toBeInTheDocument();
      expect(api.callsTo('ord/eta')).toHaveLength(0);
      await act(async () => jest.advanceTimersByTimeAsync(30_000));
      expect(screen.getByText('About 7 min — 1 order ahead of yours')).toBeInTheDocument();
      expect(api.callsTo('ord/eta')).toEqual([{ order_no: 'GC1' }]);
    },
  );

  test('the order list asks once for every open order shown, and shows each one’s wait', async () => {
    const api = testApi();
    const row = (n: number, status: 1 | 2) => ({
      order_no: `GC${n}`,
      amount: 100,
      status,
      status_desc: status === 1 ? 'Pending' : 'Succeed',
      wallet_type: 1 as const,
      card_name: 'Steam',
      show_time: 1_795_300_000,
    });
    api.answer('ord/list', [row(1, 1), row(2, 2), row(3, 1)]);
    api.answer('ord/eta', [eta({ order_no: 'GC1', ahead: 0, eta_minutes: 4 }), eta({ order_no: 'GC3' })]);
    render(inRouter(<OrderList filter="all" />));
    expect(await screen.findByText('About 4 min — yours is next')).toBeInTheDocument();
    expect(screen.getByText('About 12 min — 3 orders ahead of yours')).toBeInTheDocument();
    expect(api.callsTo('ord/eta')).toEqual([{ order_no: 'GC1,GC3' }]);
  });
});
