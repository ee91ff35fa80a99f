import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { COUPON_MESSAGES } from '../modules/coupon/service.js';
import { checkLedger } from '../modules/ledger/check.js';
import { APPADD_MESSAGES } from '../modules/order/service.js';
import { freshDb, targets, testApp, uniqueEmail, type TestApp, type TestDb } from '../test/harness.js';
import { makeStaff, makeUser, opsCall, upload } from '../test/money.js';

jest.setTimeout(120_000);

interface WireCoupon {
  code: string;
  new_use_status: number;
  used_times: number;
  max_use: number;
  discount_type: number;
  type: number;
  discount_value: string;
  symbol: string;
  enough_money: string;
}
interface Quote {
  base_amount: string;
  vip_bonus: string;
  coupon_bonus: string;
  amount: string;
}

describe.each(targets())('coupons on %s', (target) => {
  let tdb: TestDb;
  let t: TestApp;
  let dir: string;
  let admin: { id: number; token: string };
  let reviewer: { id: number; token: string };
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'gl-cp-'));
    tdb = await freshDb(target);
    t = await testApp(tdb, { uploadDir: dir, publicUrl: 'http://api.test' });
    admin = await makeStaff(t, 'admin');
    reviewer = await makeStaff(t, 'reviewer');
  });
  afterAll(async () => {
    await t?.close();
    await tdb?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  afterEach(async () => {
    expect(await checkLedger(t.db)).toEqual([]);
  });

  /** Creates a coupon through the operator API and grants it to the users. */
  async function coupon(body: Record<string, unknown>, userIds: number[]) {
    const made = await opsCall(t, admin.token, 'POST', '/ops/api/coupons', {
      valid_until: new Date(Date.now() + 86_400_000).toISOString(),
      name: 'Test coupon',
      ...body,
    });
    expect(made).toMatchObject({ success: true });
    expect(
      await opsCall(t, admin.token, 'POST', `/ops/api/coupons/${String(body.code)}/grant`, {
        user_ids: userIds,
        reason: 'test campaign',
      }),
    ).toMatchObject({ success: true, data: { granted: userIds.length } });
  }

  const held = async (token: string, code: string) =>
    (
      await t.call<WireCoupon[]>('/order/getAvailableCoupon', { token, type: '0', page: '0', page_size: '100' })
    ).data.find((c) => c.code === code);

  const review = async (orderNo: string, lines: unknown[], extra: Record<string, unknown> = {}) => {
    expect((await opsCall(t, reviewer.token, 'POST', `/ops/api/orders/${orderNo}/claim`)).success).toBe(true);
    return opsCall<{ status: number; amount: string }>(t, reviewer.token, 'POST', `/ops/api/orders/${orderNo}/decide`, {
      lines,
      ...extra,
    });
  };

  const detail = (token: string, orderNo: string) =>
    t.call<{ amount: string; coupon_code: string; coupon_amount: string; timeline: { note: string }[] }>(
      '/ord/detail',
      { token, order_no: orderNo },
    );

  test(
    'every new account gets the welcome coupons by server rule; a forged sign_to_coupon grants nothing extra; ' +
      'userInfo and appinit count them',
    async () => {
      const register = async (extra: Record<string, string>) => {
        const email = uniqueEmail();
        expect((await t.call('/user/sendEmailVerifyCode', { email })).success).toBe(true);
        const r = await t.call<{ token: string; coupon_num: number }>('/user/appregister', {
          register_type: '1',
          country_id: '1',
          username: email,
          email,
          password: 'Secret123!',
          code: t.lastCode(email),
          device_no: 'dev',
          ...extra,
        });
        expect(r.success).toBe(true);
        return r.data;
      };
      const codes = async (token: string) =>
        (await t.call<WireCoupon[]>('/order/getAvailableCoupon', { token, type: '0', page: '0', page_size: '50' })).data
          .map((c) => c.code)
          .sort();
      const promo = await register({ sign_to_coupon: '1' });
      const plain = await register({});
      expect(promo.coupon_num).toBe(2);
      expect(plain.coupon_num).toBe(2);
      expect(await codes(promo.token)).toEqual(await codes(plain.token));
      // With the promotion off (the operator deactivates the welcome coupons), the flag grants nothing.
      await t.db.query("update coupons set active = false where grant_on = 'signup'");
      try {
        const forged = await register({ sign_to_coupon: '1' });
        expect(forged.coupon_num).toBe(0);
        expect(await codes(forged.token)).toEqual([]);
      } finally {
        await t.db.query("update coupons set active = true where grant_on = 'signup'");
      }
      expect((await t.call<{ coupon_num: number }>('/user/userInfo', { token: promo.token })).data.coupon_num).toBe(2);
      expect((await t.call<{ coupon_num: number }>('/public/appinit', { token: promo.token })).data.coupon_num).toBe(2);

      const list = await t.call<WireCoupon[]>('/order/getAvailableCoupon', {
        token: promo.token,
        type: '0',
        page: '0',
        page_size: '1',
      });
      // CONTRACT §1: paging sits beside data on this call only.
      expect(list).toMatchObject({ success: true, total: 2, page: 0, page_size: 1 });
      expect(list.data).toHaveLength(1);
      const all = (
        await t.call<WireCoupon[]>('/order/getAvailableCoupon', {
          token: promo.token,
          type: '1',
          page: '0',
          page_size: '10',
        })
      ).data;
      expect(all.map((c) => c.code).sort()).toEqual(['WELCOME2', 'WELCOMENGN']);
      expect(all.find((c) => c.code === 'WELCOME2')).toMatchObject({
        discount_type: 1,
        discount_value: '0.02',
        symbol: 'ALL',
        new_use_status: 2,
        max_use: 1,
        used_times: 0,
      });
      expect(all.find((c) => c.code === 'WELCOMENGN')).toMatchObject({
        discount_type: 2,
        type: 1,
        discount_value: '1000.00',
        symbol: '₦',
        enough_money: '20000.00',
      });
      expect((await t.call<WireCoupon[]>('/order/getAvailableCoupon', { token: promo.token, type: '2' })).data).toEqual(
        [],
      );
    },
  );

  test('checkCoupon: unknown, wrong wallet, usable (any case)', async () => {
    const u = await makeUser(t);
    await coupon({ code: 'CHECK5', kind: 'percent', value: '5' }, [u.id]);
    expect(await t.call('/order/checkCoupon', { token: u.token, coupon_code: 'NOPE', wallet_type: '1' })).toMatchObject(
      { success: false, msg: COUPON_MESSAGES.notFound },
    );
    expect(await t.call('/order/checkCoupon', { token: u.token, coupon_code: '', wallet_type: '1' })).toMatchObject({
      success: false,
      msg: 'Enter a coupon code',
    });
    expect(
      await t.call('/order/checkCoupon', { token: u.token, coupon_code: 'CHECK5', wallet_type: '2' }),
    ).toMatchObject({ success: false, msg: COUPON_MESSAGES.wallet });
    expect(
      await t.call('/order/checkCoupon', { token: u.token, coupon_code: ' check5 ', wallet_type: '1' }),
    ).toMatchObject({ success: true, data: { code: 'CHECK5', discount_value: '0.05' } });
    // Someone who was not granted it cannot use it.
    const other = await makeUser(t);
    expect(
      await t.call('/order/checkCoupon', { token: other.token, coupon_code: 'CHECK5', wallet_type: '1' }),
    ).toMatchObject({ success: false, msg: COUPON_MESSAGES.notFound });
  });

  test('a percent coupon raises the locked quote and the credit, once; a retry is not refused', async () => {
    const u = await makeUser(t);
    await coupon({ code: 'BOOST3', kind: 'percent', value: '3' }, [u.id]);
    const img = await upload(t, u.token);
    const body = {
      token: u.token,
      images: img,
      user_memo: 'CODE-1',
      wallet_type: '1',
      card_id: '1',
      face_value: '40',
      coupon_code: 'boost3',
      idempotency_key: 'coupon-order-0001',
    };
    const without = await t.call<{ quote: Quote }>('/card/calculator', {
      country_id: '1',
      card_id: '1',
      face_value: '40',
    });
    expect(without.success).toBe(true);
    const add = await t.call<{ order_no: string; quote: Quote }>('/order/appadd', body);
    expect(add).toMatchObject({ success: true });
    const q = add.data.quote;
    expect(Number(q.coupon_bonus)).toBeGreaterThan(0);
    // 3 % of the base payout, rounded down to the kobo.
    expect(Math.abs(Number(q.coupon_bonus) - Number(q.base_amount) * 0.03)).toBeLessThan(0.011);
    expect(await held(u.token, 'BOOST3')).toMatchObject({ used_times: 1, new_use_status: 4 });

    // The same submission again (a retry) returns the first order, not "already used".
    const retry = await t.call<{ order_no: string }>('/order/appadd', body);
    expect(retry).toMatchObject({ success: true, data: { order_no: add.data.order_no } });
    // A new order with the used coupon is refused.
    expect(
      await t.call('/order/appadd', { ...body, user_memo: 'CODE-2', idempotency_key: 'coupon-order-0002' }),
    ).toMatchObject({ success: false, msg: COUPON_MESSAGES.used });

    const done = await review(add.data.order_no, [{ status: 'success', card_id: 1, face_value: '40' }]);
    expect(done).toMatchObject({ success: true, data: { status: 2 } });
    const d = await detail(u.token, add.data.order_no);
    expect(d.data).toMatchObject({ coupon_code: 'BOOST3', coupon_amount: q.coupon_bonus });
    // The credit is the quote plus the first-order bonus, which the quote does not include.
    expect(Number(d.data.amount)).toBeGreaterThanOrEqual(Number(q.amount));
    const added = /Coupon BOOST3 added ₦([\d,]+\.\d{2})\./.exec(d.data.timeline.at(-1)?.note ?? '');
    expect(added?.[1]?.replace(/,/g, '')).toBe(q.coupon_bonus);
    const wallet = await t.call<{ total_amount: number }>('/wallet/balance', { token: u.token });
    expect(wallet.data.total_amount).toBeCloseTo(Number(d.data.amount), 2);
  });

  test('a refused order gives the coupon back', async () => {
    const u = await makeUser(t);
    await coupon({ code: 'BACKAGAIN', kind: 'percent', value: '1' }, [u.id]);
    const add = await t.call<{ order_no: string }>('/order/appadd', {
      token: u.token,
      user_memo: 'CODE-9',
      wallet_type: '1',
      coupon_code: 'BACKAGAIN',
    });
    expect(add.success).toBe(true);
    expect(await held(u.token, 'BACKAGAIN')).toMatchObject({ used_times: 1 });
    expect((await opsCall(t, reviewer.token, 'POST', `/ops/api/orders/${add.data.order_no}/claim`)).success).toBe(true);
    expect(
      (
        await opsCall(t, reviewer.token, 'POST', `/ops/api/orders/${add.data.order_no}/refuse`, {
          reason: 'Invalid card code',
        })
      ).success,
    ).toBe(true);
    expect(await held(u.token, 'BACKAGAIN')).toMatchObject({ used_times: 0, new_use_status: 2 });
    expect(
      (await t.call('/order/checkCoupon', { token: u.token, coupon_code: 'BACKAGAIN', wallet_type: '1' })).success,
    ).toBe(true);
  });

  test(
    'a fixed coupon: refused up front below its minimum, not applied when review lands below it, added once ' + 'above',
    async () => {
      const u = await makeUser(t);
      await coupon({ code: 'FIXED500', kind: 'fixed', value: '500', currency: 'NGN', minimum: '20000' }, [u.id]);
      const quote = (
        await t.call<{ quote: Quote }>('/card/calculator', { country_id: '1', card_id: '1', face_value: '40' })
      ).data.quote;
      const perDollar = Number(quote.base_amount) / 40;
      // Card 1 takes $10 to $49: $10 pays below the ₦20,000 minimum, twice `big` above it.
      const small = 10;
      expect(small * perDollar).toBeLessThan(20_000);
      const big = Math.ceil(12_500 / perDollar);

      const low = await t.call('/order/appadd', {
        token: u.token,
        user_memo: 'x',
        wallet_type: '1',
        card_id: '1',
        face_value: String(small),
        coupon_code: 'FIXED500',
      });
      expect(low).toMatchObject({ success: false, msg: APPADD_MESSAGES.couponMinimum('₦20,000.00') });

      // No card chosen: the minimum is only known at review. Reviewed below it → not applied, use returned.
      const memo = await t.call<{ order_no: string }>('/order/appadd', {
        token: u.token,
        user_memo: 'codes only',
        wallet_type: '1',
        coupon_code: 'FIXED500',
      });
      expect(memo.success).toBe(true);
      expect(
        (await review(memo.data.order_no, [{ status: 'success', card_id: 1, face_value: String(small) }])).success,
      ).toBe(true);
      const d1 = await detail(u.token, memo.data.order_no);
      expect(d1.data.coupon_amount).toBe('0.00');
      expect(d1.data.timeline.at(-1)?.note).toContain(
        'Coupon FIXED500 was not applied (the trade is below its minimum of ₦20,000.00); you can use it again.',
      );
      expect(await held(u.token, 'FIXED500')).toMatchObject({ used_times: 0 });

      const ok = await t.call<{ order_no: string }>('/order/appadd', {
        token: u.token,
        user_memo: 'codes',
        wallet_type: '1',
        coupon_code: 'FIXED500',
      });
      expect(
        (
          await review(ok.data.order_no, [
            { status: 'success', card_id: 1, face_value: String(big) },
            { status: 'success', card_id: 1, face_value: String(big) },
          ])
        ).success,
      ).toBe(true);
      expect((await detail(u.token, ok.data.order_no)).data.coupon_amount).toBe('500.00');
    },
  );

  test('an operator changing the card voids the coupon (DESIGN §5)', async () => {
    const u = await makeUser(t);
    await coupon({ code: 'VOIDME', kind: 'rate_add', value: '10', currency: 'NGN' }, [u.id]);
    const add = await t.call<{ order_no: string; quote: Quote }>('/order/appadd', {
      token: u.token,
      user_memo: 'x',
      wallet_type: '1',
      card_id: '1',
      face_value: '40',
      coupon_code: 'VOIDME',
    });
    expect(add.success).toBe(true);
    expect(add.data.quote.coupon_bonus).toBe('400.00');
    const done = await review(add.data.order_no, [{ status: 'success', card_id: 2, face_value: '40' }], {
      payout_note: 'The card was an iTunes card, not Amazon',
    });
    // The other card pays more than the quote: a second reviewer approves it (four-eyes).
    const waiting = (done.data as { awaiting_approval?: { id: number; reason: string } }).awaiting_approval;
    expect(waiting?.reason).toMatch(/above the seller's quote/);
    const second = await makeStaff(t, 'reviewer');
    expect(await opsCall(t, second.token, 'POST', `/ops/api/approvals/${waiting!.id}/approve`, {})).toMatchObject({
      success: true,
      data: { status: 'approved' },
    });
    const d = await detail(u.token, add.data.order_no);
    expect(d.data.coupon_amount).toBe('0.00');
    expect(d.data.timeline.at(-1)?.note).toContain('Coupon VOIDME was not applied (the card was changed in review)');
    expect(await held(u.token, 'VOIDME')).toMatchObject({ used_times: 0 });
  });

  test('two orders racing for a single-use coupon: exactly one gets it', async () => {
    const u = await makeUser(t);
    await coupon({ code: 'RACE1', kind: 'percent', value: '2' }, [u.id]);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        t.call('/order/appadd', { token: u.token, user_memo: `race ${i}`, wallet_type: '1', coupon_code: 'RACE1' }),
      ),
    );
    expect(results.filter((r) => r.success)).toHaveLength(1);
    for (const r of results.filter((x) => !x.success)) expect(r.msg).toBe(COUPON_MESSAGES.used);
    expect(await held(u.token, 'RACE1')).toMatchObject({ used_times: 1 });
  });

  test('operator coupon API: validation, duplicates, roles, and the grant notifies', async () => {
    const u = await makeUser(t);
    const until = new Date(Date.now() + 86_400_000).toISOString();
    expect(
      await opsCall(t, admin.token, 'POST', '/ops/api/coupons', {
        code: 'BADFIX',
        name: 'No currency',
        kind: 'fixed',
        value: '100',
        valid_until: until,
      }),
    ).toMatchObject({ success: false, msg: 'A fixed or rate-add coupon needs its currency' });
    expect(
      await opsCall(t, admin.token, 'POST', '/ops/api/coupons', {
        code: 'BADPCT',
        name: 'Too much',
        kind: 'percent',
        value: '80',
        valid_until: until,
      }),
    ).toMatchObject({ success: false });
    expect(
      await opsCall(t, admin.token, 'POST', '/ops/api/coupons', {
        code: 'PAST',
        name: 'Ended',
        kind: 'percent',
        value: '1',
        valid_from: until,
        valid_until: new Date().toISOString(),
      }),
    ).toMatchObject({ success: false, msg: 'valid_until must be after valid_from' });
    expect(
      await opsCall(t, reviewer.token, 'POST', '/ops/api/coupons', {
        code: 'NOTME',
        name: 'Reviewer',
        kind: 'percent',
        value: '1',
        valid_until: until,
      }),
    ).toMatchObject({ success: false, msg: 'Your role cannot do this' });
    await coupon({ code: 'GIFT1', kind: 'percent', value: '1' }, [u.id]);
    expect(
      await opsCall(t, admin.token, 'POST', '/ops/api/coupons', {
        code: 'gift1',
        name: 'Again',
        kind: 'percent',
        value: '1',
        valid_until: until,
      }),
    ).toMatchObject({ success: false, msg: 'A coupon with this code already exists' });
    // Granting again changes nothing.
    expect(
      await opsCall(t, admin.token, 'POST', '/ops/api/coupons/GIFT1/grant', { user_ids: [u.id], reason: 'again' }),
    ).toMatchObject({ success: true, data: { granted: 0 } });
    const notices = await t.call<{ notice_title: string; notice_content: string }[]>('/finder/allNotice', {
      token: u.token,
      page: '0',
      page_size: '20',
    });
    const granted = notices.data.filter((n) => n.notice_title === 'You have a new coupon');
    expect(granted).toHaveLength(1);
    expect(granted[0]!.notice_content).toBe('Test coupon. Use code GIFT1 when you sell a card.');
    const list = await opsCall<{ code: string; kind: string; holders: number; uses: number }[]>(
      t,
      admin.token,
      'GET',
      '/ops/api/coupons',
    );
    expect(list.data.find((c) => c.code === 'GIFT1')).toMatchObject({ holders: 1, uses: 0 });
    expect(list.data.find((c) => c.code === 'WELCOME2')).toMatchObject({ kind: 'percent' });
    expect((await opsCall(t, reviewer.token, 'GET', '/ops/api/coupons')).status).toBe(403);
  });
});
