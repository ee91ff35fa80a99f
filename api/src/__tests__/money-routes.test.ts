import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { checkLedger } from '../modules/ledger/check.js';
import { Ledger } from '../modules/ledger/ledger.js';
import { isValidNuban, nubanCheckDigit } from '../modules/payment/nuban.js';
import { PIN_MESSAGES } from '../modules/withdraw/pin.js';
import { WITHDRAW_MESSAGES } from '../modules/withdraw/service.js';
import { APPADD_MESSAGES, ORDER_MESSAGES } from '../modules/order/service.js';
import { COUPON_MESSAGES } from '../modules/coupon/service.js';
import { FOUR_EYES_MESSAGES } from '../modules/ops/four-eyes.js';
import { freshDb, targets, testApp, type TestApp, type TestDb } from '../test/harness.js';
import { isSessionCheck, statementsDuring } from '../test/statements.js';
import {
  fund,
  jpegWithExif,
  makeStaff,
  makeUser,
  opsCall,
  pngImage,
  TEST_PASSWORD,
  upload,
  verifyIdentity,
} from '../test/money.js';

jest.setTimeout(120_000);

const nuban = (code: string, serial: string) => serial + nubanCheckDigit(code, serial);

describe('NUBAN', () => {
  test('the CBN example and the 6-digit form agree', () => {
    expect(nubanCheckDigit('011', '000001457')).toBe(9);
    expect(isValidNuban('011', '0000014579')).toBe(true);
    expect(isValidNuban('011', '0000014578')).toBe(false);
    expect(nubanCheckDigit('000011', '000001457')).toBe(9);
    expect(isValidNuban('058', '12345')).toBe(false);
  });
});

describe.each(targets({ embedded: true }))('money routes on %s', (target) => {
  let tdb: TestDb;
  let t: TestApp;
  let dir: string;
  const ledger = new Ledger();
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'gl-up-'));
    tdb = await freshDb(target);
    // Cooling-off has its own suite (account-security): here payout accounts are usable at once.
    t = await testApp(tdb, {
      uploadDir: dir,
      publicUrl: 'http://api.test',
      security: { coolingOffMs: 0, siteUrl: 'http://site.test', reauthGraceMs: 0 },
    });
  });
  afterAll(async () => {
    await t?.close();
    await tdb?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  afterEach(async () => {
    expect(await checkLedger(t.db)).toEqual([]);
  });

  test('sell → review → credit → verified account → withdraw → settle, end to end', async () => {
    const u = await makeUser(t);
    const img = await upload(t, u.token);
    const add = await t.call<{ order_no: string; is_firstorder: boolean; quote: { amount: string } }>('/order/appadd', {
      token: u.token,
      images: img,
      user_memo: 'CODE-1234-5678',
      wallet_type: '1',
      coupon_code: '',
      channel_type: '1',
      card_id: '1',
      face_value: '40',
    });
    expect(add).toMatchObject({ success: true, data: { is_firstorder: true } });
    const orderNo = add.data.order_no;
    expect(orderNo).toMatch(/^GC\d{24}$/);
    expect(Number(add.data.quote.amount)).toBeGreaterThan(0);

    const list = await t.call<{ order_no: string; status: number; status_desc: string }[]>('/ord/list', {
      token: u.token,
      status: 'inprocess',
      page: '0',
      page_size: '10',
    });
    expect(list.data.map((o) => o.order_no)).toEqual([orderNo]);
    expect(list.data[0]).toMatchObject({ status: 1, status_desc: 'Pending' });

    // Another user cannot see it.
    const other = await makeUser(t);
    expect(await t.call('/ord/detail', { token: other.token, order_no: orderNo })).toMatchObject({
      success: false,
      msg: 'Order not found',
    });

    const reviewer = await makeStaff(t, 'reviewer');
    const queue = await opsCall<{ orders: { order_no: string }[] }>(t, reviewer.token, 'GET', '/ops/api/orders/queue');
    expect(queue.data.orders.map((o) => o.order_no)).toContain(orderNo);
    expect(
      await opsCall(t, reviewer.token, 'POST', `/ops/api/orders/${orderNo}/decide`, {
        lines: [{ status: 'success', card_id: 1, face_value: '100' }],
      }),
    ).toMatchObject({ success: false, msg: 'Claim the order before deciding it' });
    expect((await opsCall(t, reviewer.token, 'POST', `/ops/api/orders/${orderNo}/claim`)).success).toBe(true);
    const rival = await makeStaff(t, 'reviewer');
    expect(await opsCall(t, rival.token, 'POST', `/ops/api/orders/${orderNo}/claim`)).toMatchObject({
      success: false,
      msg: 'Another operator is working on this order',
    });
    // A valid card below its quote is refused (that needs the seller's consent: a counter-offer).
    expect(
      await opsCall(t, reviewer.token, 'POST', `/ops/api/orders/${orderNo}/decide`, {
        lines: [{ status: 'success', card_id: 1, face_value: '20' }],
      }),
    ).toMatchObject({ success: false, msg: ORDER_MESSAGES.belowQuote });
    expect(
      await opsCall(t, reviewer.token, 'POST', `/ops/api/orders/${orderNo}/decide`, {
        lines: [{ status: 'failed', fail_reason: 'nope' }],
      }),
    ).toMatchObject({ success: false });
    const decision = {
      lines: [
        { status: 'success', card_id: 1, face_value: '40', code: 'CODE-1234-5678' },
        { status: 'failed', fail_reason: 'already_used', code: 'XYZ', image_index: 0 },
      ],
    };
    const done = await opsCall<{ status: number; amount: string }>(
      t,
      reviewer.token,
      'POST',
      `/ops/api/orders/${orderNo}/decide`,
      decision,
    );
    expect(done).toMatchObject({ success: true, data: { status: 4 } });
    const again = await opsCall<{ replayed: boolean }>(
      t,
      reviewer.token,
      'POST',
      `/ops/api/orders/${orderNo}/decide`,
      decision,
    );
    expect(again).toMatchObject({ success: true, data: { replayed: true } });

    const readDetail = () =>
      t.call<{
        status: number;
        status_desc: string;
        amount: string;
        first_order_bonus: number;
        keyList: { status: string; fail_reason: string }[];
        imageList: { refused_reason: string }[];
        timeline: { status: string }[];
      }>('/ord/detail', { token: u.token, order_no: orderNo });
    const first = await readDetail();
    // The page, its card lines, timeline, offer, compensation and appeal credit: one statement, not seven.
    const { value: detail, sql } = await statementsDuring(t.db, readDetail);
    expect(sql.filter((q) => !isSessionCheck(q))).toHaveLength(1);
    expect(detail).toEqual(first);
    expect(detail.data.status).toBe(4);
    // Partly done says so (it said "Completed" and the screens rewrote it).
    expect(detail.data.status_desc).toBe('Partly completed');
    expect(detail.data.amount).toBe(done.data.amount);
    expect(detail.data.first_order_bonus).toBe(2000);
    expect(detail.data.keyList.map((k) => k.status)).toEqual(['success', 'failed']);
    expect(detail.data.imageList[0]?.refused_reason).toMatch(/already been used/);
    expect(detail.data.timeline.map((e) => e.status)).toEqual(['submitted', 'processing', 'partly_completed']);

    const bal = await t.call<{ total_amount: number; withdraw_amount: number; frozen_amount: number }>(
      '/wallet/balance',
      { token: u.token },
    );
    expect(bal.data.total_amount).toBe(Number(done.data.amount));
    const info = await t.call<{ money: string }>('/user/userInfo', { token: u.token });
    expect(info.data.money).toBe(done.data.amount);
    const logs = await t.call<{ type: string; amount: number; balance_amount: number }[]>('/wallet/moneyLogList', {
      token: u.token,
      type: 'order',
      wallet_type: '1',
      page: '0',
      page_size: '20',
    });
    expect(logs.data).toHaveLength(1);
    expect(logs.data[0]).toMatchObject({
      type: 'order',
      amount: Number(done.data.amount),
      balance_amount: Number(done.data.amount),
    });

    // A payout account: NUBAN check, look-up, add, list.
    const gtb = 107; // Guaranty Trust Bank in the seed
    expect(
      await t.call('/payment/verify', { token: u.token, bank_id: String(gtb), bank_account: '0123456780' }),
    ).toMatchObject({ success: false, msg: expect.stringMatching(/check digit/) });
    const acct = nuban('058', '012345678');
    const ver = await t.call<{ user_name: string }>('/payment/verify', {
      token: u.token,
      bank_id: String(gtb),
      bank_account: acct,
    });
    expect(ver.data.user_name).toMatch(/^[A-Z]+ [A-Z]+$/);
    // Adding one needs the login password and the PIN: set the PIN first.
    expect(
      await t.call('/withdraw/apply', { token: u.token, bank_id: '999999', amount: '2000', password: '123456' }),
    ).toMatchObject({ success: false, msg: PIN_MESSAGES.notSet });
    expect(
      await t.call('/withdraw/transactionPassword', {
        token: u.token,
        login_password: TEST_PASSWORD,
        password: '12345',
      }),
    ).toMatchObject({ success: false, msg: PIN_MESSAGES.format });
    expect(
      (
        await t.call('/withdraw/transactionPassword', {
          token: u.token,
          login_password: TEST_PASSWORD,
          password: '246810',
        })
      ).success,
    ).toBe(true);
    expect(
      await t.call('/withdraw/transactionPassword', {
        token: u.token,
        login_password: TEST_PASSWORD,
        password: '135790',
      }),
    ).toMatchObject({ success: false, msg: PIN_MESSAGES.alreadySet });
    const reauth = { password: TEST_PASSWORD, t_password: '246810' };
    const added = await t.call<{ bank_id: number; is_def: number }>('/payment/add', {
      token: u.token,
      ...reauth,
      payment_id: '1',
      bank_id: String(gtb),
      account_no: acct,
      account_name: 'ignored',
    });
    await verifyIdentity(t, u.id);
    expect(added).toMatchObject({ success: true, data: { is_def: 1 } });
    expect(
      await t.call('/payment/add', {
        token: u.token,
        ...reauth,
        payment_id: '1',
        bank_id: String(gtb),
        account_no: acct,
        account_name: '',
      }),
    ).toMatchObject({ success: false, msg: 'This account is already saved' });
    const saved = await t.call<{ code: string; data_list: { bank_id: number; account_name: string }[] }[]>(
      '/payment/list',
      { token: u.token, type: '1' },
    );
    expect(saved.data[0]?.data_list[0]).toMatchObject({
      bank_id: added.data.bank_id,
      account_name: ver.data.user_name,
    });

    // Withdraw half.
    const wi = await t.call<{ cashable_amount: number; minimum_amount: number; bank: { bank_id: number } }>(
      '/withdraw/information',
      { token: u.token, wallet_type: '1' },
    );
    expect(wi.data).toMatchObject({
      cashable_amount: Number(done.data.amount),
      minimum_amount: 1500,
      bank: { bank_id: added.data.bank_id },
    });
    expect(
      await t.call('/withdraw/apply', {
        token: u.token,
        bank_id: String(added.data.bank_id),
        amount: '100',
        password: '246810',
      }),
    ).toMatchObject({ success: false, msg: WITHDRAW_MESSAGES.belowMin('₦1,500.00') });
    expect(
      await t.call('/withdraw/apply', {
        token: u.token,
        bank_id: String(added.data.bank_id),
        amount: '2000.001',
        password: '246810',
      }),
    ).toMatchObject({ success: false, msg: WITHDRAW_MESSAGES.decimals(2) });
    expect(
      await t.call('/withdraw/apply', {
        token: u.token,
        bank_id: String(added.data.bank_id),
        amount: '99999999',
        password: '246810',
      }),
    ).toMatchObject({ success: false });
    const w = await t.call<{ withdraw_no: string; withdraw_amount: string; log_id: number; is_firstwithdraw: boolean }>(
      '/withdraw/apply',
      {
        token: u.token,
        bank_id: String(added.data.bank_id),
        amount: '20000',
        password: '246810',
        channel_type: '3',
      },
    );
    expect(w).toMatchObject({ success: true, data: { withdraw_amount: '20000.00', is_firstwithdraw: true } });
    expect(w.data.withdraw_no).toMatch(/^W\d{20}$/);
    // A double-click without a key is refused.
    expect(
      await t.call('/withdraw/apply', {
        token: u.token,
        bank_id: String(added.data.bank_id),
        amount: '20000',
        password: '246810',
      }),
    ).toMatchObject({ success: false, msg: WITHDRAW_MESSAGES.duplicate });
    const held = await t.call<{ total_amount: number; frozen_amount: number; withdraw_amount: number }>(
      '/wallet/balance',
      { token: u.token },
    );
    expect(held.data.frozen_amount).toBe(20000);
    expect(held.data.withdraw_amount).toBeCloseTo(Number(done.data.amount) - 20000, 2);
    expect(await t.call('/payment/delete', { token: u.token, bank_id: String(added.data.bank_id) })).toMatchObject({
      success: false,
      msg: 'This account has a withdrawal in progress and cannot be deleted yet',
    });
    expect(await t.call('/user/cancellation', { token: u.token, password: '' })).toMatchObject({ success: false });

    const finance = await makeStaff(t, 'finance');
    expect(
      await opsCall(t, reviewer.token, 'POST', `/ops/api/withdrawals/${w.data.withdraw_no}/settle`, {
        outcome: 'paid',
      }),
    ).toMatchObject({ status: 403 });
    expect(
      await opsCall(t, finance.token, 'POST', `/ops/api/withdrawals/${w.data.withdraw_no}/settle`, {
        outcome: 'paid',
        reference: 'NIP-1',
      }),
    ).toMatchObject({ success: true, data: { status: 'paid' } });
    expect(
      await opsCall(t, finance.token, 'POST', `/ops/api/withdrawals/${w.data.withdraw_no}/settle`, {
        outcome: 'failed',
        reason: 'x',
      }),
    ).toMatchObject({ success: false });
    const d = await t.call<{ withdraw_no: string; order_status: string; withdraw_deal_time: number }>(
      '/wallet/moneyLogDetail',
      { token: u.token, log_id: String(w.data.log_id) },
    );
    expect(d.data).toMatchObject({
      withdraw_no: w.data.withdraw_no,
      order_status: 'Successful',
      serial_number: 'NIP-1',
    });
    expect(d.data.withdraw_deal_time).toBeGreaterThan(0);
    expect(await t.call('/wallet/moneyLogDetail', { token: other.token, log_id: String(w.data.log_id) })).toMatchObject(
      { success: false, msg: 'Record not found' },
    );

    const unread = await t.call<{ notice_title: string; notice_new: boolean; id: number }[]>(
      '/finder/allNoticeWithoutRead',
      { token: u.token, start_time: '0', end_time: '9999999999', page: '0', page_size: '100' },
    );
    expect(unread.data.map((n) => n.notice_title)).toEqual(
      expect.arrayContaining([
        'Order submitted',
        'Order partly completed',
        'Withdrawal submitted',
        'Withdrawal successful',
      ]),
    );
    expect(unread.data.every((n) => n.notice_new === true)).toBe(true);
    const after = await t.call<unknown[]>('/finder/readNotice', {
      token: u.token,
      notice_id: String(unread.data[0]?.id),
    });
    expect(after.data).toHaveLength(unread.data.length - 1);
    expect(
      (await t.call<unknown[]>('/finder/allNotice', { token: u.token, type: 'all', page: '0', page_size: '20' })).data
        .length,
    ).toBe(unread.data.length);
    expect(
      await t.call('/finder/readNotice', { token: other.token, notice_id: String(unread.data[0]?.id) }),
    ).toMatchObject({ success: false, msg: 'Notification not found' });

    const vip = await t.call<{ vip_level: number; vip_exp: number; vip_info: unknown[]; currency_symbol: string }>(
      '/vip/info',
      { token: u.token },
    );
    expect(vip.data).toMatchObject({ vip_exp: 40, currency_symbol: '₦' });
    expect(vip.data.vip_info).toHaveLength(6);
    expect(
      (await t.call<{ exp: number }[]>('/vip/loglist', { token: u.token, page: '0', page_size: '20' })).data[0],
    ).toMatchObject({ exp: 40 });

    const audit = await opsCall<{ action: string }[]>(
      t,
      (await makeStaff(t, 'admin')).token,
      'GET',
      `/ops/api/audit?target_type=order&target_id=${orderNo}`,
    );
    expect(audit.data.map((a) => a.action)).toEqual(['order.decide', 'order.claim']);
  });

  test('withdrawal failure releases the hold; idempotency key replays and refuses reuse', async () => {
    const u = await makeUser(t);
    await t.db.tx((q) => fund(q, ledger, u.id, 'NGN', 50_000_00n));
    await t.call('/withdraw/transactionPassword', {
      token: u.token,
      login_password: TEST_PASSWORD,
      password: '111222',
    });
    const acct = await t.call<{ bank_id: number }>('/payment/add', {
      token: u.token,
      password: TEST_PASSWORD,
      t_password: '111222',
      payment_id: '1',
      bank_id: '100',
      account_no: nuban('044', '987654321'),
      account_name: '',
    });
    await verifyIdentity(t, u.id);
    const body = {
      token: u.token,
      bank_id: String(acct.data.bank_id),
      amount: '10000',
      password: '111222',
      idempotency_key: 'key-abcdef-1',
    };
    const first = await t.call<{ withdraw_no: string }>('/withdraw/apply', body);
    const second = await t.call<{ withdraw_no: string }>('/withdraw/apply', body);
    expect(second.data.withdraw_no).toBe(first.data.withdraw_no);
    expect(await t.call('/withdraw/apply', { ...body, amount: '10001' })).toMatchObject({
      success: false,
      msg: 'This request key was already used for a different request',
    });
    const finance = await makeStaff(t, 'finance');
    expect(
      await opsCall(t, finance.token, 'POST', `/ops/api/withdrawals/${first.data.withdraw_no}/settle`, {
        outcome: 'failed',
      }),
    ).toMatchObject({ success: false, msg: 'A reason is required when a withdrawal fails' });
    expect(
      await opsCall(t, finance.token, 'POST', `/ops/api/withdrawals/${first.data.withdraw_no}/settle`, {
        outcome: 'failed',
        reason: 'Bank rejected the account',
      }),
    ).toMatchObject({ success: true });
    const bal = await t.call<{ withdraw_amount: number; frozen_amount: number }>('/wallet/balance', { token: u.token });
    expect(bal.data).toMatchObject({ withdraw_amount: 50000, frozen_amount: 0 });
    const logs = await t.call<{ type: string; amount: number; order_status: string }[]>('/wallet/moneyLogList', {
      token: u.token,
      type: 'withdraw',
      wallet_type: '1',
    });
    expect(logs.data.map((l) => l.amount)).toEqual([10000, -10000]);
    expect(logs.data[0]?.order_status).toBe('Failed');
    expect((await t.call('/payment/delete', { token: u.token, bank_id: String(acct.data.bank_id) })).success).toBe(
      true,
    );
  });

  test('five wrong PINs lock withdrawals with a notice; the e-mail code resets it', async () => {
    const u = await makeUser(t);
    await t.db.tx((q) => fund(q, ledger, u.id, 'NGN', 10_000_00n));
    await t.call('/withdraw/transactionPassword', {
      token: u.token,
      login_password: TEST_PASSWORD,
      password: '909090',
    });
    const acct = await t.call<{ bank_id: number }>('/payment/add', {
      token: u.token,
      password: TEST_PASSWORD,
      t_password: '909090',
      payment_id: '1',
      bank_id: '100',
      account_no: nuban('044', '111222333'),
      account_name: '',
    });
    await verifyIdentity(t, u.id);
    const apply = (pin: string) =>
      t.call('/withdraw/apply', { token: u.token, bank_id: String(acct.data.bank_id), amount: '2000', password: pin });
    for (let left = 4; left >= 1; left--)
      expect(await apply('000000')).toMatchObject({ success: false, msg: PIN_MESSAGES.wrong(left) });
    expect(await apply('000000')).toMatchObject({ success: false, msg: PIN_MESSAGES.locked });
    expect(await apply('909090')).toMatchObject({ success: false, msg: PIN_MESSAGES.locked });
    const notices = await t.call<{ notice_title: string }[]>('/finder/allNotice', { token: u.token, type: 'system' });
    expect(notices.data.map((n) => n.notice_title)).toContain('Withdrawals locked');
    expect((await t.call('/withdraw/sendResetCode', { token: u.token, login_password: TEST_PASSWORD })).success).toBe(
      true,
    );
    expect(
      (
        await t.call('/withdraw/resetTPassword', {
          token: u.token,
          login_password: TEST_PASSWORD,
          verify_code: t.lastCode(u.email),
          new_password: '808080',
        })
      ).success,
    ).toBe(true);
    expect((await apply('808080')).success).toBe(true);
    expect(
      await t.call('/withdraw/changeTPassword', {
        token: u.token,
        login_password: TEST_PASSWORD,
        password: '808080',
        new_password: '808080',
      }),
    ).toMatchObject({ success: false, msg: PIN_MESSAGES.same });
    expect(
      (
        await t.call('/withdraw/upTPassword', {
          token: u.token,
          login_password: TEST_PASSWORD,
          password: '808080',
          new_password: '707070',
        })
      ).success,
    ).toBe(true);
  });

  test('orders: refusals, bad images, coupons, quotes, double submit', async () => {
    const u = await makeUser(t);
    expect(
      await t.call('/order/appadd', { token: u.token, images: '', user_memo: '', wallet_type: '1' }),
    ).toMatchObject({ success: false, msg: APPADD_MESSAGES.empty });
    expect(
      await t.call('/order/appadd', { token: u.token, images: 'http://evil.test/x.jpg', wallet_type: '1' }),
    ).toMatchObject({ success: false, msg: APPADD_MESSAGES.image });
    const other = await makeUser(t);
    const foreign = await upload(t, other.token);
    expect(await t.call('/order/appadd', { token: u.token, images: foreign, wallet_type: '1' })).toMatchObject({
      success: false,
      msg: APPADD_MESSAGES.image,
    });
    expect(
      await t.call('/order/appadd', { token: u.token, user_memo: 'x', coupon_code: 'FREE', wallet_type: '1' }),
    ).toMatchObject({ success: false, msg: COUPON_MESSAGES.notFound });
    expect(
      await t.call('/order/appadd', { token: u.token, user_memo: 'x', face_value: '10', wallet_type: '1' }),
    ).toMatchObject({ success: false, msg: APPADD_MESSAGES.faceWithoutCard });
    expect(
      await t.call('/order/appadd', { token: u.token, user_memo: 'x', card_id: '1', wallet_type: '1' }),
    ).toMatchObject({ success: false, msg: APPADD_MESSAGES.faceRequired });
    expect(
      await t.call('/order/appadd', {
        token: u.token,
        user_memo: 'x',
        card_id: '1',
        face_value: '40',
        card_form: 'nonsense',
        wallet_type: '1',
      }),
    ).toMatchObject({ success: false, msg: APPADD_MESSAGES.form });
    const images = [await upload(t, u.token), await upload(t, u.token)].join(',');
    const a = await t.call<{ order_no: string }>('/order/appadd', {
      token: u.token,
      images,
      user_memo: 'codes',
      wallet_type: '2',
    });
    const b = await t.call<{ order_no: string }>('/order/appadd', {
      token: u.token,
      images,
      user_memo: 'codes',
      wallet_type: '2',
    });
    expect(b.data.order_no).toBe(a.data.order_no);
    const reviewer = await makeStaff(t, 'reviewer');
    await opsCall(t, reviewer.token, 'POST', `/ops/api/orders/${a.data.order_no}/claim`);
    expect(
      await opsCall(t, reviewer.token, 'POST', `/ops/api/orders/${a.data.order_no}/refuse`, {
        reason: 'Codes already redeemed',
      }),
    ).toMatchObject({ success: true, data: { status: 3 } });
    const d = await t.call<{ status: number; refused_reason: string; amount: string }>('/ord/detail', {
      token: u.token,
      order_no: a.data.order_no,
    });
    expect(d.data).toMatchObject({ status: 3, refused_reason: 'Codes already redeemed', amount: '0.0000' });
    const done = await t.call<{ order_no: string }[]>('/ord/list', { token: u.token, status: 'done' });
    expect(done.data.map((o) => o.order_no)).toEqual([a.data.order_no]);
    expect(await t.call('/ord/detail', { token: u.token, order_no: 'GC0000' })).toMatchObject({
      success: false,
      msg: 'Order not found',
    });
  });

  test(
    'a pending or refused order names the card it was submitted for; the refusal notice ends with one ' + 'full stop',
    async () => {
      const u = await makeUser(t);
      const images = await upload(t, u.token);
      const a = await t.call<{ order_no: string }>('/order/appadd', {
        token: u.token,
        images,
        user_memo: 'CODE-1',
        wallet_type: '1',
        card_id: '1',
        face_value: '40',
      });
      expect(a.success).toBe(true);
      const catalog = await t.call<{ card_list: { list: { card_id: number; name: string }[] }[] }>('/card/calculator', {
        token: u.token,
        country_id: '1',
      });
      const name = catalog.data.card_list.flatMap((c) => c.list).find((c) => c.card_id === 1)?.name;
      expect(name).toBeTruthy();
      const pending = await t.call<{ order_no: string; card_name: string }[]>('/ord/list', {
        token: u.token,
        status: 'all',
      });
      expect(pending.data[0]).toMatchObject({ order_no: a.data.order_no, card_name: name });
      const reviewer = await makeStaff(t, 'reviewer');
      await opsCall(t, reviewer.token, 'POST', `/ops/api/orders/${a.data.order_no}/claim`);
      expect(
        (
          await opsCall(t, reviewer.token, 'POST', `/ops/api/orders/${a.data.order_no}/refuse`, {
            reason: 'Codes already redeemed.',
          })
        ).success,
      ).toBe(true);
      const refused = await t.call<{ card_name: string; status: number }[]>('/ord/list', {
        token: u.token,
        status: 'done',
      });
      expect(refused.data[0]).toMatchObject({ status: 3, card_name: name });
      expect(
        (await t.call<{ card_name: string }>('/ord/detail', { token: u.token, order_no: a.data.order_no })).data
          .card_name,
      ).toBe(name);
      const notices = await t.call<{ notice_title: string; notice_content: string }[]>('/finder/allNotice', {
        token: u.token,
        type: 'all',
        page: '0',
        page_size: '20',
      });
      const notice = notices.data.find((n) => n.notice_title === 'Order refused')!;
      expect(notice.notice_content).toBe(`Your order ${a.data.order_no} was refused: Codes already redeemed.`);
    },
  );

  test('a page of orders waiting for review, each submitted for a card, is read in one statement', async () => {
    const u = await makeUser(t);
    for (let i = 0; i < 3; i++)
      expect(
        (
          await t.call('/order/appadd', {
            token: u.token,
            user_memo: `CODE-${i}`,
            wallet_type: '1',
            card_id: '1',
            face_value: '40',
            idempotency_key: `one-statement-${i}`,
          })
        ).success,
      ).toBe(true);
    const list = () => t.call<{ card_name: string; status: number }[]>('/ord/list', { token: u.token, status: 'all' });
    const first = await list();
    const { value: again, sql } = await statementsDuring(t.db, list);
    expect(again.data).toEqual(first.data);
    expect(again.data.map((o) => o.status)).toEqual([1, 1, 1]);
    expect(again.data.every((o) => o.card_name.includes('(') && o.card_name === first.data[0]!.card_name)).toBe(true);
    // The session check is answered from this process's cache for up to a second; the list itself is one statement.
    expect(sql.filter((q) => !isSessionCheck(q))).toHaveLength(1);

    // Named card lines, read for the whole page at once, name their order; a line without a name does not.
    const ids = (
      await t.db.query<{ id: string }>('select id::text from orders where user_id = $1 order by id desc', [u.id])
    ).rows.map((r) => r.id);
    await t.db.query(
      `insert into order_lines (order_id, seq, card_name, status) values
         ($1, 1, 'Steam USD 50', 'success'), ($1, 2, 'Apple iTunes 25', 'success'), ($1, 3, 'Steam USD 50', 'failed'),
         ($2, 1, '', 'success')`,
      [ids[0], ids[1]],
    );
    const named = await t.call<{ card_name: string; is_multi: number }[]>('/ord/list', {
      token: u.token,
      status: 'all',
    });
    expect(named.data.map((o) => [o.card_name, o.is_multi])).toEqual([
      ['Apple iTunes 25, Steam USD 50', 1],
      [first.data[1]!.card_name, 0],
      [first.data[2]!.card_name, 0],
    ]);
  });

  test('mark all as read (notice_id 0) leaves security notices unread until each is opened', async () => {
    const u = await makeUser(t);
    await t.db.query(
      "insert into notices (user_id, kind, title, content, security) values ($1, 'system', 'Plain', 'x', false), " +
        "($1, 'system', 'New sign-in', 'y', true)",
      [u.id],
    );
    const unread = async () =>
      (
        await t.call<{ notice_title: string; id: number }[]>('/finder/allNoticeWithoutRead', {
          token: u.token,
          start_time: '0',
          end_time: '9999999999',
          page: '0',
          page_size: '100',
        })
      ).data;
    expect((await unread()).map((n) => n.notice_title)).toEqual(expect.arrayContaining(['Plain', 'New sign-in']));
    const after = await t.call<{ notice_title: string }[]>('/finder/readNotice', { token: u.token, notice_id: '0' });
    expect(after.data.map((n) => n.notice_title)).toEqual(['New sign-in']);
    const security = (await unread())[0]!;
    expect(
      (await t.call<unknown[]>('/finder/readNotice', { token: u.token, notice_id: String(security.id) })).data,
    ).toEqual([]);
  });

  test('uploads: content-checked, metadata stripped, signed URLs only', async () => {
    const u = await makeUser(t);
    const urls = await t.call<{ url: string }[]>('/order/obsUrls', { token: u.token, image_count: '3' });
    expect(urls.data).toHaveLength(3);
    expect(await t.call('/order/obsUrls', { token: u.token, image_count: '11' })).toMatchObject({ success: false });
    const put = (url: string, payload: Buffer | string) =>
      t.app.inject({
        method: 'PUT',
        url: url.replace(t.config.publicUrl, ''),
        headers: { 'content-type': 'image/jpeg' },
        payload,
      });
    const [one, two, three] = urls.data.map((x) => x.url) as [string, string, string];
    expect((await put(one, 'GIF89a not an image')).json()).toMatchObject({
      success: false,
      msg: 'Only JPG, PNG or WebP images can be uploaded',
    });
    expect((await put(one.replace(/signature=[^&]+/, 'signature=AAAA'), await pngImage())).statusCode).toBe(403);
    expect((await put(two, Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(100)]))).json()).toMatchObject({
      success: false,
      msg: 'The file is not a readable image',
    });
    expect(
      (
        await put(
          three,
          await sharp({ create: { width: 9000, height: 10, channels: 3, background: '#000' } })
            .png()
            .toBuffer(),
        )
      ).json(),
    ).toMatchObject({ success: false });
    const withExif = await jpegWithExif();
    expect(withExif.includes(Buffer.from('SecretPhoneCo'))).toBe(true);
    expect((await put(one, withExif)).statusCode).toBe(200);
    // The reference alone does not show the photo; the owner's order gives a signed link that does.
    const reference = one.split('?')[0]!;
    expect((await t.app.inject({ method: 'GET', url: reference.replace(t.config.publicUrl, '') })).statusCode).toBe(
      403,
    );
    const order = await t.call<{ order_no: string }>('/order/appadd', {
      token: u.token,
      images: reference,
      user_memo: '',
      wallet_type: '1',
    });
    const shown = await t.call<{ imageList: { url: string }[] }>('/ord/detail', {
      token: u.token,
      order_no: order.data.order_no,
    });
    const got = await t.app.inject({
      method: 'GET',
      url: shown.data.imageList[0]!.url.replace(t.config.publicUrl, ''),
    });
    expect(got.headers['content-type']).toBe('image/jpeg');
    expect(got.rawPayload.includes(Buffer.from('SecretPhoneCo'))).toBe(false);
    expect((await sharp(got.rawPayload).metadata()).exif).toBeUndefined();
  });

  test('payment lists per country, mobile money and USDT accounts', async () => {
    const gh = await makeUser(t, { country: 2, pin: '135790' });
    const methods = await t.call<{ code: string }[]>('/payment/paymentList', {
      token: gh.token,
      type: '1',
      country_id: '2',
    });
    expect(methods.data.map((m) => m.code)).toEqual(['BANK', 'MOMO']);
    const banks = await t.call<{ bank_id: number; bank_name: string; payment_id: number }[]>('/payment/bankList', {
      token: gh.token,
      country_id: '2',
    });
    expect(banks.data.map((b) => b.bank_name)).toEqual(
      expect.arrayContaining(['GCB Bank', 'MTN MoMo', 'Telecel Cash', 'AT Money']),
    );
    const mtn = banks.data.find((b) => b.bank_name === 'MTN MoMo')!;
    expect(
      await t.call('/payment/add', {
        token: gh.token,
        password: TEST_PASSWORD,
        t_password: '135790',
        payment_id: '2',
        bank_id: String(mtn.bank_id),
        account_no: '0201234567',
        account_name: 'Ama Mensah',
      }),
    ).toMatchObject({ success: false, msg: 'This number does not belong to the selected network' });
    expect(
      (
        await t.call('/payment/add', {
          token: gh.token,
          password: TEST_PASSWORD,
          t_password: '135790',
          payment_id: '2',
          bank_id: String(mtn.bank_id),
          account_no: '024 123 4567',
          account_name: 'Ama Mensah',
        })
      ).success,
    ).toBe(true);
    const ng = await makeUser(t, { pin: '135790' });
    expect(
      (await t.call<{ code: string }[]>('/payment/paymentList', { token: ng.token, type: '1' })).data.map(
        (m) => m.code,
      ),
    ).toEqual(['BANK']);
    const coins = await t.call<{ bank_id: number; name: string }[]>('/payment/coinList', { token: ng.token });
    const trc = coins.data.find((c) => c.name === 'TRC20')!;
    expect(
      await t.call('/payment/add', {
        token: ng.token,
        password: TEST_PASSWORD,
        t_password: '135790',
        payment_id: '3',
        bank_id: String(trc.bank_id),
        account_no: '0xabc',
        account_name: '',
      }),
    ).toMatchObject({ success: false });
    const c1 = await t.call<{ bank_id: number; is_def: number }>('/payment/add', {
      token: ng.token,
      password: TEST_PASSWORD,
      t_password: '135790',
      payment_id: '3',
      bank_id: String(trc.bank_id),
      account_no: 'TXYZabcdefghijkmnopqrstuvwxyz12345',
      account_name: '',
    });
    expect(c1).toMatchObject({ success: true, data: { is_def: 1 } });
    const c2 = await t.call<{ bank_id: number; is_def: number }>('/payment/add', {
      token: ng.token,
      password: TEST_PASSWORD,
      t_password: '135790',
      payment_id: '3',
      bank_id: String(trc.bank_id),
      account_no: 'TXYZabcdefghijkmnopqrstuvwxyz12346',
      account_name: '',
    });
    expect(c2.data.is_def).toBe(2);
    expect((await t.call('/payment/setDef', { token: ng.token, bank_id: String(c2.data.bank_id) })).success).toBe(true);
    const list = await t.call<{ data_list: { bank_id: number; is_def: number }[] }[]>('/payment/list', {
      token: ng.token,
      type: '2',
    });
    expect(list.data[0]?.data_list.map((x) => [x.bank_id, x.is_def])).toEqual([
      [c2.data.bank_id, 1],
      [c1.data.bank_id, 2],
    ]);
    expect(await t.call('/payment/setDef', { token: gh.token, bank_id: String(c2.data.bank_id) })).toMatchObject({
      success: false,
      msg: 'Payout account not found',
    });
    expect(
      await t.call('/payment/verify', { token: ng.token, bank_id: '100', bank_account: nuban('044', '000000000') }),
    ).toMatchObject({ success: false, msg: expect.stringMatching(/Could not resolve/) });
  });

  test('operator API: sign-in, roles, corrections with idempotency', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/ops/api/orders/queue' })).statusCode).toBe(401);
    const admin = await makeStaff(t, 'admin');
    const email = (await t.db.query<{ email: string }>('select email from staff where id = $1', [admin.id])).rows[0]!
      .email;
    const login = await t.app.inject({
      method: 'POST',
      url: '/ops/api/login',
      payload: { email, password: 'correct horse battery' },
    });
    expect(login.json()).toMatchObject({ success: true, data: { role: 'admin' } });
    expect(
      (await t.app.inject({ method: 'POST', url: '/ops/api/login', payload: { email, password: 'wrong' } })).statusCode,
    ).toBe(401);
    const u = await makeUser(t);
    const body = {
      user_id: u.id,
      wallet_type: 1,
      amount: '150.50',
      reason: 'Goodwill for a slow payout',
      idempotency_key: 'corr-000001',
    };
    // A correction is a request until a second admin approves it.
    type Req = { approval: { id: number; status: string; result: { journal_id: number } | null }; replayed: boolean };
    const c1 = await opsCall<Req>(t, admin.token, 'POST', '/ops/api/corrections', body);
    expect(c1.data).toMatchObject({ approval: { status: 'pending', result: null }, replayed: false });
    expect((await opsCall<Req>(t, admin.token, 'POST', '/ops/api/corrections', body)).data).toMatchObject({
      approval: { id: c1.data.approval.id },
      replayed: true,
    });
    expect(await opsCall(t, admin.token, 'POST', '/ops/api/corrections', { ...body, amount: '1' })).toMatchObject({
      success: false,
      msg: FOUR_EYES_MESSAGES.keyReused,
    });
    expect((await t.call<{ money: string }>('/user/userInfo', { token: u.token })).data.money).toBe('0.00');
    const id = c1.data.approval.id;
    expect(await opsCall(t, admin.token, 'POST', `/ops/api/approvals/${id}/approve`, {})).toMatchObject({
      success: false,
      msg: FOUR_EYES_MESSAGES.own,
    });
    const reviewer = await makeStaff(t, 'reviewer');
    expect((await opsCall(t, reviewer.token, 'POST', '/ops/api/corrections', body)).status).toBe(403);
    expect((await opsCall(t, reviewer.token, 'POST', `/ops/api/approvals/${id}/approve`, {})).status).toBe(403);
    const second = await makeStaff(t, 'admin');
    const approved = await opsCall<{ status: string; result: { journal_id: number }; replayed: boolean }>(
      t,
      second.token,
      'POST',
      `/ops/api/approvals/${id}/approve`,
      { note: 'Checked the payout logs' },
    );
    expect(approved.data).toMatchObject({
      status: 'approved',
      replayed: false,
      result: { journal_id: expect.any(Number) },
    });
    expect(
      (await opsCall<{ replayed: boolean }>(t, second.token, 'POST', `/ops/api/approvals/${id}/approve`, {})).data
        .replayed,
    ).toBe(true);
    expect(
      await opsCall(t, admin.token, 'POST', `/ops/api/approvals/${id}/reject`, { reason: 'too late' }),
    ).toMatchObject({ success: false, msg: FOUR_EYES_MESSAGES.done });
    expect((await opsCall<Req>(t, admin.token, 'POST', '/ops/api/corrections', body)).data.approval).toMatchObject({
      status: 'approved',
      result: { journal_id: approved.data.result.journal_id },
    });
    // An overdraft is refused when it would be carried out; the request stays pending.
    const over = await opsCall<Req>(t, admin.token, 'POST', '/ops/api/corrections', {
      ...body,
      amount: '-9999',
      idempotency_key: 'corr-000002',
    });
    expect(
      await opsCall(t, second.token, 'POST', `/ops/api/approvals/${over.data.approval.id}/approve`, {}),
    ).toMatchObject({ success: false, msg: 'Insufficient balance' });
    const pending = await opsCall<{ id: number }[]>(t, second.token, 'GET', '/ops/api/approvals');
    expect(pending.data.map((a) => a.id)).toContain(over.data.approval.id);
    expect((await t.call<{ money: string }>('/user/userInfo', { token: u.token })).data.money).toBe('150.50');
    expect(await opsCall(t, admin.token, 'GET', '/ops/api/ledger/check')).toMatchObject({
      data: { ok: true, breaches: [] },
    });
  });
});
