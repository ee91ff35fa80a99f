import { randomBytes } from 'node:crypto';
import { checkLedger } from '../modules/ledger/check.js';
import { freshDb, targets, testApp, type Target, type TestApp, type TestDb } from '../test/harness.js';
import { makeStaff, makeUser, opsCall } from '../test/money.js';

jest.setTimeout(180_000);

type Line = { kind: string; name: string; amount: string };
type QuoteView = { amount: string; first_order_bonus?: string; total_amount?: string; lines?: Line[] };
type Detail = { amount: string; status: number; quote: QuoteView | null; paid_lines?: Line[] | null };
type Staff = { id: number; token: string };

/**
 * The quote is the whole truth: the first-order bonus is a named line of the quote, of the locked
 * quote and of the console's preview, and what is credited is the quoted total, line for line.
 */
describe.each(targets())('the quote line by line on %s', (target: Target) => {
  const onPg = target === 'postgres' ? test : test.skip;
  let tdb: TestDb;
  let t: TestApp;
  beforeAll(async () => {
    tdb = await freshDb(target);
    t = await testApp(tdb, { security: { coolingOffMs: 0, siteUrl: 'http://site.test', reauthGraceMs: 0 } });
  });
  afterAll(async () => {
    await t?.close();
    await tdb?.close();
  });
  afterEach(async () => {
    expect(await checkLedger(t.db)).toEqual([]);
  });

  const bonusSetting = async () =>
    (await t.db.query<{ value: Record<string, string> }>("select value from settings where key = 'first_order_bonus'"))
      .rows[0]!.value.NGN!;
  const naira = (minor: string | bigint) => (Number(minor) / 100).toFixed(2);
  const kinds = (lines: Line[] | null | undefined) => (lines ?? []).map((l) => l.kind);
  const sum = (lines: Line[]) => lines.reduce((a, l) => a + Math.round(Number(l.amount) * 100), 0);

  const submit = (seller: { token: string }, face = '40') =>
    t.call<{ order_no: string }>('/order/appadd', {
      token: seller.token,
      user_memo: `CODE-${randomBytes(4).toString('hex')}`,
      wallet_type: '1',
      card_id: '1',
      face_value: face,
    });
  const detail = async (seller: { token: string }, orderNo: string) => {
    const r = await t.call<Detail>('/ord/detail', { token: seller.token, order_no: orderNo });
    expect(r.success).toBe(true);
    return r.data;
  };
  const claim = async (reviewer: Staff, orderNo: string) =>
    expect((await opsCall(t, reviewer.token, 'POST', `/ops/api/orders/${orderNo}/claim`)).success).toBe(true);
  const body = (face = '40') => ({ lines: [{ status: 'success', card_id: 1, face_value: face }] });

  test('a visitor’s and a new seller’s quote name the first-order bonus and add it to the total', async () => {
    const bonus = naira(await bonusSetting());
    const visitor = await t.call<QuoteView>('/card/quote', { country_id: '1', card_id: 1, face_value: '40' });
    expect(visitor.success).toBe(true);
    expect(kinds(visitor.data.lines)).toEqual(['card', 'first_order']);
    expect(visitor.data.lines![1]).toEqual({ kind: 'first_order', name: 'First-order bonus', amount: bonus });
    expect(visitor.data.first_order_bonus).toBe(bonus);
    expect(Number(visitor.data.total_amount)).toBeCloseTo(Number(visitor.data.amount) + Number(bonus), 2);
    expect(sum(visitor.data.lines!)).toBe(Math.round(Number(visitor.data.total_amount) * 100));

    const seller = await makeUser(t);
    const own = await t.call<QuoteView>('/card/quote', { token: seller.token, card_id: 1, face_value: '40' });
    expect(own.data.first_order_bonus).toBe(bonus);
    const calc = await t.call<{ first_order_bonus: number; quote: QuoteView }>('/card/calculator', {
      token: seller.token,
      card_id: 1,
      face_value: '40',
    });
    expect(calc.data.quote.lines).toEqual(own.data.lines);
  });

  test(
    'a first order: its locked quote has the bonus line, and the credit pays the quoted total line ' + 'for line',
    async () => {
      const seller = await makeUser(t);
      const reviewer = await makeStaff(t, 'reviewer');
      const add = await submit(seller);
      expect(add.success).toBe(true);
      const before = await detail(seller, add.data.order_no);
      const locked = before.quote!;
      expect(kinds(locked.lines)).toEqual(['card', 'first_order']);
      expect(locked.first_order_bonus).toBe(naira(await bonusSetting()));
      expect(before.paid_lines).toBeNull();
      // The order list shows a waiting order at the whole quote, the bonus included.
      const listed = await t.call<{ order_no: string; amount: number }[]>('/ord/list', { token: seller.token });
      expect(listed.data.find((o) => o.order_no === add.data.order_no)?.amount).toBe(Number(locked.total_amount));

      await claim(reviewer, add.data.order_no);
      const preview = await opsCall<{ amount: string; lines: Line[] }>(
        t,
        reviewer.token,
        'POST',
        `/ops/api/orders/${add.data.order_no}/preview`,
        body(),
      );
      expect(preview.success).toBe(true);
      expect(preview.data.lines).toEqual(locked.lines);
      expect(preview.data.amount).toBe(locked.total_amount);

      const decided = await opsCall(t, reviewer.token, 'POST', `/ops/api/orders/${add.data.order_no}/decide`, body());
      expect(decided.success).toBe(true);
      const after = await detail(seller, add.data.order_no);
      expect(after.amount).toBe(locked.total_amount);
      expect(after.paid_lines).toEqual(locked.lines);
    },
  );

  test('a second order is quoted and credited without a first-order bonus line', async () => {
    const seller = await makeUser(t);
    const reviewer = await makeStaff(t, 'reviewer');
    const first = await submit(seller);
    await claim(reviewer, first.data.order_no);
    await opsCall(t, reviewer.token, 'POST', `/ops/api/orders/${first.data.order_no}/decide`, body());

    const quoted = await t.call<QuoteView>('/card/quote', { token: seller.token, card_id: 1, face_value: '40' });
    expect(kinds(quoted.data.lines)).toEqual(['card']);
    const second = await submit(seller);
    const locked = (await detail(seller, second.data.order_no)).quote!;
    expect(kinds(locked.lines)).toEqual(['card']);
    expect(locked.total_amount).toBe(locked.amount);
    await claim(reviewer, second.data.order_no);
    await opsCall(t, reviewer.token, 'POST', `/ops/api/orders/${second.data.order_no}/decide`, body());
    const after = await detail(seller, second.data.order_no);
    expect(after.amount).toBe(locked.total_amount);
    expect(kinds(after.paid_lines)).toEqual(['card']);
  });

  test('an order quoted without the bonus, decided before the one whose quote names it, does not take it', async () => {
    const seller = await makeUser(t);
    const reviewer = await makeStaff(t, 'reviewer');
    const a = (await submit(seller)).data.order_no;
    const b = (await submit(seller)).data.order_no;
    const quotedA = (await detail(seller, a)).quote!;
    expect(kinds(quotedA.lines)).toEqual(['card', 'first_order']);
    expect(kinds((await detail(seller, b)).quote!.lines)).toEqual(['card']);

    await claim(reviewer, b);
    expect((await opsCall(t, reviewer.token, 'POST', `/ops/api/orders/${b}/decide`, body())).success).toBe(true);
    expect(kinds((await detail(seller, b)).paid_lines)).toEqual(['card']);

    await claim(reviewer, a);
    expect((await opsCall(t, reviewer.token, 'POST', `/ops/api/orders/${a}/decide`, body())).success).toBe(true);
    const paidA = await detail(seller, a);
    expect(paidA.paid_lines).toEqual(quotedA.lines);
    expect(paidA.amount).toBe(quotedA.total_amount);
  });

  test('while a first order is in review, a new quote does not promise the bonus again', async () => {
    const seller = await makeUser(t);
    await submit(seller);
    const quoted = await t.call<QuoteView>('/card/quote', { token: seller.token, card_id: 1, face_value: '40' });
    expect(kinds(quoted.data.lines)).toEqual(['card']);
    expect(quoted.data.first_order_bonus).toBe('0.00');
  });

  onPg(
    'first orders sent and decided at once by one seller: one is quoted the bonus, and it is paid once',
    async () => {
      const seller = await makeUser(t);
      const adds = await Promise.all(Array.from({ length: 4 }, (_, i) => submit(seller, String(40 + i))));
      expect(adds.every((a) => a.success)).toBe(true);
      const locked = await Promise.all(adds.map(async (a) => (await detail(seller, a.data.order_no)).quote!));
      expect(locked.filter((q) => kinds(q.lines).includes('first_order'))).toHaveLength(1);

      const reviewers = await Promise.all(adds.map(() => makeStaff(t, 'reviewer')));
      for (const [i, a] of adds.entries()) await claim(reviewers[i]!, a.data.order_no);
      const decided = await Promise.all(
        adds.map((a, i) =>
          opsCall(t, reviewers[i]!.token, 'POST', `/ops/api/orders/${a.data.order_no}/decide`, body(String(40 + i))),
        ),
      );
      expect(decided.every((d) => d.success)).toBe(true);
      const paid = await Promise.all(adds.map((a) => detail(seller, a.data.order_no)));
      // Paid to the order whose locked quote named it.
      expect(paid.map((d) => kinds(d.paid_lines).includes('first_order'))).toEqual(
        locked.map((q) => kinds(q.lines).includes('first_order')),
      );
      const bonus = await t.db.query<{ n: number }>(
        'select count(*)::int as n from orders where user_id = (select user_id from orders where order_no = $1) ' +
          'and first_order_bonus_minor > 0',
        [adds[0]!.data.order_no],
      );
      expect(bonus.rows[0]!.n).toBe(1);
    },
  );
});
