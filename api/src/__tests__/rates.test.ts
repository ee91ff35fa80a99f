import { RATE_MESSAGES } from '../modules/ops/rate-routes.js';
import { freshDb, targets, testApp, type TestApp, type TestDb } from '../test/harness.js';
import { makeStaff, makeUser, opsCall, upload } from '../test/money.js';

jest.setTimeout(120_000);

describe.each(targets())('rates on %s', (target) => {
  let tdb: TestDb;
  let t: TestApp;
  /** A second api process on the same database: it hears of changes by NOTIFY. */
  let other: TestApp;
  let admin: { id: number; token: string };
  beforeAll(async () => {
    tdb = await freshDb(target);
    t = await testApp(tdb);
    other = await testApp(tdb);
    admin = await makeStaff(t, 'admin');
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
    await tdb?.close();
  });

  const rateOf = async (app: TestApp, cardId = 1) => {
    const c = await app.call<{ card_list: { list: { card_id: number; rate: number | string }[] }[] }>(
      '/card/calculator',
      { country_id: '1' },
    );
    return Number(c.data.card_list.flatMap((x) => x.list).find((x) => x.card_id === cardId)!.rate);
  };
  const quoteOf = async (app: TestApp) =>
    (await app.call<{ amount: string }>('/card/quote', { country_id: '1', card_id: '1', face_value: '40' })).data
      .amount;
  const change = (body: unknown, token = admin.token) =>
    opsCall<{ changes: { id: number; old: string; new: string }[] }>(t, token, 'POST', '/ops/api/rates', body);
  /** Polls until the other process shows the rate; returns how long that took. */
  const seenBy = async (app: TestApp, want: number, limitMs = 5000) => {
    const start = Date.now();
    while ((await rateOf(app)) !== want) {
      if (Date.now() - start > limitMs) throw new Error(`rate ${want} not seen in ${limitMs} ms`);
      await new Promise((r) => setTimeout(r, 25));
    }
    return Date.now() - start;
  };

  test(
    'an admin changes a rate: this process at once, another within 2 s, the quote and the review too; history ' +
      'keeps who and old → new',
    async () => {
      const before = await rateOf(t);
      expect(await rateOf(other)).toBe(before); // the other process has it cached now
      const quoteBefore = await quoteOf(t);
      const next = before + 175;
      const made = await change({
        changes: [{ card_id: 1, currency: 'NGN', rate: next.toFixed(2) }],
        reason: 'The market moved',
      });
      expect(made).toMatchObject({
        success: true,
        data: {
          changes: [
            {
              old: expect.stringContaining(before.toLocaleString('en-US')),
              new: expect.stringContaining(next.toLocaleString('en-US')),
            },
          ],
        },
      });
      expect(await rateOf(t)).toBe(next);
      expect(await seenBy(other, next)).toBeLessThan(2000);
      expect(Number(await quoteOf(other))).toBeGreaterThan(Number(quoteBefore));
      // The review reads the same catalog: an order without a quote is paid at the new rate.
      const u = await makeUser(t);
      const add = await t.call<{ order_no: string }>('/order/appadd', {
        token: u.token,
        images: await upload(t, u.token),
        user_memo: 'codes',
        wallet_type: '1',
      });
      const reviewer = await makeStaff(other, 'reviewer');
      await opsCall(other, reviewer.token, 'POST', `/ops/api/orders/${add.data.order_no}/claim`);
      const decided = await opsCall<{ status: number }>(
        other,
        reviewer.token,
        'POST',
        `/ops/api/orders/${add.data.order_no}/decide`,
        { lines: [{ status: 'success', card_id: 1, face_value: '10' }] },
      );
      expect(decided.data.status).toBe(2);
      const line = await t.db.query<{ rate_minor: bigint }>(
        'select l.rate_minor from order_lines l join orders o on o.id = l.order_id where o.order_no = $1',
        [add.data.order_no],
      );
      expect(Number(line.rows[0]!.rate_minor)).toBe(next * 100);

      const history = await opsCall<{ old: string; new: string; by: string; reason: string; currency: string }[]>(
        t,
        admin.token,
        'GET',
        '/ops/api/rates/history?card_id=1&currency=NGN',
      );
      expect(history.data[0]).toMatchObject({
        old: before.toFixed(2),
        new: next.toFixed(2),
        by: 'Staff admin',
        reason: 'The market moved',
        currency: 'NGN',
      });
      const table = await opsCall<{ cards: { card_id: number; rates: Record<string, string> }[] }>(
        t,
        reviewer.token,
        'GET',
        '/ops/api/rates',
      );
      expect(table.data.cards.find((c) => c.card_id === 1)?.rates.NGN).toBe(next.toFixed(2));
      const trail = await opsCall<{ action: string; reason: string }[]>(
        t,
        admin.token,
        'GET',
        '/ops/api/audit?target_type=rates&target_id=1:NGN',
      );
      expect(trail.data[0]).toMatchObject({ action: 'rate.change', reason: 'The market moved' });
    },
  );

  test(
    'a change scheduled for later takes effect at its time everywhere; one not yet in effect can be ' + 'cancelled',
    async () => {
      const now = await rateOf(t);
      const later = now + 50;
      const at = Date.now() + 1500;
      const made = await change({
        changes: [{ card_id: 1, currency: 'NGN', rate: later.toFixed(2) }],
        effective_at: new Date(at).toISOString(),
        reason: 'Tomorrow’s rate',
      });
      expect(made.success).toBe(true);
      expect(await rateOf(t)).toBe(now);
      expect(await rateOf(other)).toBe(now);
      const table = await opsCall<{ scheduled: { id: number; rate: string }[] }>(
        t,
        admin.token,
        'GET',
        '/ops/api/rates',
      );
      expect(table.data.scheduled.map((s) => s.rate)).toContain(later.toFixed(2));
      await seenBy(other, later);
      expect(Date.now() - at).toBeLessThan(2000);
      expect(await rateOf(t)).toBe(later);
      // Cancelled before its time: never in force.
      const future = await change({
        changes: [{ card_id: 1, currency: 'NGN', rate: '1.00' }],
        effective_at: new Date(Date.now() + 3_600_000).toISOString(),
        reason: 'a typo',
      });
      const id = future.data.changes[0]!.id;
      expect(
        (await opsCall(t, admin.token, 'POST', `/ops/api/rates/changes/${id}/cancel`, { reason: 'typo: 1.00' }))
          .success,
      ).toBe(true);
      expect(
        await opsCall(t, admin.token, 'POST', `/ops/api/rates/changes/${id}/cancel`, { reason: 'again' }),
      ).toMatchObject({ success: false, msg: RATE_MESSAGES.cancel });
      expect(
        await opsCall(t, admin.token, 'POST', `/ops/api/rates/changes/${made.data.changes[0]!.id}/cancel`, {
          reason: 'too late',
        }),
      ).toMatchObject({ success: false, msg: RATE_MESSAGES.cancel });
      expect((await opsCall<{ scheduled: unknown[] }>(t, admin.token, 'GET', '/ops/api/rates')).data.scheduled).toEqual(
        [],
      );
      expect(await rateOf(other)).toBe(later);
    },
  );

  test('bad rates, unknown cards and past times are refused with a message; only admins change rates', async () => {
    const count = async () =>
      Number((await t.db.query<{ n: string }>('select count(*) as n from card_rate_changes')).rows[0]!.n);
    const n = await count();
    for (const rate of ['0', '-5', 'abc', '12.345', '']) {
      expect(await change({ changes: [{ card_id: 1, currency: 'NGN', rate }], reason: 'bad input' })).toMatchObject({
        success: false,
        msg: RATE_MESSAGES.rate('NGN'),
      });
    }
    expect(
      await change({ changes: [{ card_id: 1, currency: 'USDT', rate: '0.123456789' }], reason: 'bad input' }),
    ).toMatchObject({ success: false, msg: RATE_MESSAGES.rate('USDT') });
    expect(
      await change({ changes: [{ card_id: 999_999, currency: 'NGN', rate: '1000' }], reason: 'bad input' }),
    ).toMatchObject({ success: false, msg: RATE_MESSAGES.card });
    expect(
      await change({
        changes: [{ card_id: 1, currency: 'NGN', rate: '1000' }],
        effective_at: '2020-01-01T00:00:00Z',
        reason: 'back-dated',
      }),
    ).toMatchObject({ success: false, msg: RATE_MESSAGES.past });
    // One bad line refuses the whole change: nothing half-applied.
    expect(
      (
        await change({
          changes: [
            { card_id: 1, currency: 'NGN', rate: '1000' },
            { card_id: 2, currency: 'NGN', rate: 'x' },
          ],
          reason: 'half',
        })
      ).success,
    ).toBe(false);
    const reviewer = await makeStaff(t, 'reviewer');
    expect(
      (await change({ changes: [{ card_id: 1, currency: 'NGN', rate: '1000' }], reason: 'not mine' }, reviewer.token))
        .status,
    ).toBe(403);
    expect(await count()).toBe(n);
  });
});
