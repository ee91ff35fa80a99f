import { can, ops, OpsError, staffSession } from '../api';

describe('the staff session', () => {
  afterEach(() => {
    staffSession.set(null);
    localStorage.clear();
  });

  test(
    'is kept in its own sessionStorage key, never in the customers’ storage, and read as one stable ' + 'snapshot',
    () => {
      expect(staffSession.get()).toBeNull();
      staffSession.set({ token: 't'.repeat(40), id: 7, name: 'Ada', role: 'reviewer' });
      expect(Object.keys(sessionStorage)).toEqual(['gl.ops.staff']);
      expect(Object.keys(localStorage)).toEqual([]);
      // The same object on every read until it changes: React re-renders forever otherwise.
      expect(staffSession.get()).toBe(staffSession.get());
      const seen: string[] = [];
      const off = staffSession.subscribe(() => seen.push(staffSession.get()?.name ?? 'none'));
      staffSession.set(null, 'Operator session expired, please sign in again');
      off();
      expect(seen).toEqual(['none']);
      expect(staffSession.endedBecause()).toBe('Operator session expired, please sign in again');
    },
  );

  test('roles: an admin opens every area, others only theirs', () => {
    expect(can('admin')).toBe(true);
    expect(can('reviewer', 'reviewer')).toBe(true);
    expect(can('reviewer', 'finance')).toBe(false);
    expect(can('finance')).toBe(false);
  });

  test('a 401 from the api ends the session with the api’s message; other refusals keep it', async () => {
    staffSession.set({ token: 't'.repeat(40), id: 7, name: 'Ada', role: 'admin' });
    const reply = (status: number, msg: string) =>
      Promise.resolve(new Response(JSON.stringify({ success: false, msg, data: null }), { status }));
    global.fetch = jest.fn(() => reply(403, 'Your role cannot do this')) as typeof fetch;
    await expect(ops().staff.list()).rejects.toEqual(new OpsError('Your role cannot do this', 403));
    expect(staffSession.get()).not.toBeNull();
    global.fetch = jest.fn(() => reply(401, 'Operator session expired, please sign in again')) as typeof fetch;
    await expect(ops().orders.queue()).rejects.toThrow('Operator session expired');
    expect(staffSession.get()).toBeNull();
    const call = (global.fetch as jest.Mock).mock.calls[0] as [string, RequestInit];
    expect(call[0]).toBe('/ops/api/orders/queue');
    expect((call[1].headers as Record<string, string>).authorization).toBe(`Bearer ${'t'.repeat(40)}`);
  });
});
