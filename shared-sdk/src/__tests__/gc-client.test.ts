import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { createApiClient } from '../gc/client';
import { ApiError, NetworkError, SessionExpiredError } from '../errors';
import { APP_KEY } from '../config';
import { computeSign } from '../sign';
import { parseMoney } from '../money';

type Reply = { status?: number; body: unknown } | Error;

/** An axios adapter that records each request and answers from a script. */
function scripted(replies: Reply[]) {
  const seen: Array<{ url: string; method: string; fields: Record<string, string>; contentType?: string }> = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const body = typeof config.data === 'string' ? config.data : '';
    const fields =
      config.method?.toUpperCase() === 'GET'
        ? (config.params as Record<string, string>)
        : Object.fromEntries(new URLSearchParams(body));
    seen.push({
      url: `${config.baseURL}${config.url}`,
      method: String(config.method).toUpperCase(),
      fields,
      contentType: String(config.headers?.['Content-Type'] ?? ''),
    });
    const reply = replies.shift();
    if (!reply) throw new Error('no scripted reply');
    if (reply instanceof Error) throw reply;
    return { data: reply.body, status: reply.status ?? 200, statusText: '', headers: {}, config };
  };
  return { adapter, seen };
}

function client(replies: Reply[], token = 'tok123') {
  const { adapter, seen } = scripted(replies);
  const onTokenInvalid = jest.fn();
  const api = createApiClient({
    baseUrl: 'https://api.test',
    getToken: () => token,
    onTokenInvalid,
    adapter,
    localCurrency: () => 'GHS',
    deviceFields: () => ({ device_no: 'device-1', device_type: 'web', os_type: 'web', channel_type: '3' }),
  });
  return { api, seen, onTokenInvalid };
}

const ok = (data: unknown) => ({ body: { success: true, msg: '', code: '', data } });

describe('request shape (CONTRACT §0)', () => {
  it('POSTs form-encoded to {base}/gc/{path} with appid, app_version, token and a valid sign', async () => {
    const { api, seen } = client([ok({ user_id: 7, token: 'new' })]);
    await api.user.applogin({ username: 'ada@example.com', password: 'Secret123!' });
    const [req] = seen;
    expect(req!.url).toBe('https://api.test/gc/user/applogin');
    expect(req!.method).toBe('POST');
    expect(req!.contentType).toContain('application/x-www-form-urlencoded');
    expect(req!.fields).toMatchObject({
      username: 'ada@example.com',
      password: 'Secret123!',
      appid: 'gl_web',
      app_version: '2.3.1',
      token: 'tok123',
      device_no: 'device-1',
      channel_type: '3',
    });
    const { sign, ...rest } = req!.fields;
    expect(sign).toBe(computeSign(rest, APP_KEY));
    expect(sign).toMatch(/^[0-9a-f]{32}$/);
  });

  it('sends an empty token when signed out and comma-joins arrays', async () => {
    const { api, seen } = client([ok({ order_no: 'A1' })], '');
    await api.order.appadd({ images: ['u1', 'u2'], user_memo: 'code', wallet_type: 1 });
    expect(seen[0]!.fields).toMatchObject({ token: '', images: 'u1,u2', channel_type: '1', coupon_code: '' });
  });

  it('GET sends the same signed fields as query parameters', async () => {
    const { api, seen } = client([ok([])]);
    await api.request('public/countrylist', {}, { method: 'GET' });
    expect(seen[0]!.method).toBe('GET');
    expect(seen[0]!.fields).toMatchObject({ appid: 'gl_web', app_version: '2.3.1', token: 'tok123' });
    expect(seen[0]!.fields.sign).toHaveLength(32);
  });

  it('sends a withdrawal amount as the exact decimal string', async () => {
    const { api, seen } = client([
      ok({ wallet_type: 1, withdraw_amount: '1500.00', total_amount: 20, withdraw_no: 'W1', log_id: 3 }),
    ]);
    const result = await api.withdraw.apply({ bank_id: 4, amount: parseMoney('1500', 'GHS'), password: '123456' });
    expect(seen[0]!.fields.amount).toBe('1500.00');
    expect(result.withdraw_amount).toEqual({ amount_minor: 150000n, currency: 'GHS' });
  });

  it('sends the idempotency key of a withdrawal, signed with the rest', async () => {
    const { api, seen } = client([
      ok({ wallet_type: 1, withdraw_amount: '10', total_amount: '0.00', withdraw_no: 'W2', log_id: 4 }),
    ]);
    await api.withdraw.apply({ bank_id: 4, amount: '10', password: '123456', idempotency_key: 'wd-2026-11-22-abc' });
    const { sign, ...rest } = seen[0]!.fields;
    expect(rest.idempotency_key).toBe('wd-2026-11-22-abc');
    expect(sign).toBe(computeSign(rest, APP_KEY));
  });
});

describe('replies', () => {
  it('answers data and parses amounts into Money with the right currency', async () => {
    const { api } = client([
      ok({ total_amount: 1234.5, usd_amount: '10.1234', currency_name: 'NGN', frozen_amount: '0' }),
      ok([{ order_no: 'A', amount: '99.5', status: 1, status_desc: 'Pending', wallet_type: 2, show_time: 1 }]),
    ]);
    const balance = await api.wallet.balance();
    expect(balance.total_amount).toEqual({ amount_minor: 123450n, currency: 'NGN' });
    expect(balance.usd_amount).toEqual({ amount_minor: 101234n, currency: 'USDT' });
    const [order] = await api.ord.list({ status: 'all', page: 0, page_size: 10 });
    expect(order!.amount).toEqual({ amount_minor: 995000n, currency: 'USDT' });
  });

  it(
    'withdraw/information reads the local wallet amounts in the local currency, also when the USDT wallet is ' +
      'asked for',
    async () => {
      const info = {
        cashable_amount: 5000,
        cashable_usd_amount: '12.5',
        minimum_amount: 1500,
        minimum_amount_usd: 10,
        maximum_amount: '5000000.00',
        maximum_amount_usd: '10000.0000',
        fee: '0.00',
        usdt_fee: '1.0000',
      };
      const { api } = client([
        ok({ ...info, currency_name: 'NGN', wallet_type: '1' }),
        ok({ ...info, currency_name: 'USDT', wallet_type: '2' }),
      ]);
      const ngn = await api.withdraw.information({ wallet_type: 1 });
      expect(ngn.cashable_amount).toEqual({ amount_minor: 500000n, currency: 'NGN' });
      expect(ngn.maximum_amount).toEqual({ amount_minor: 500000000n, currency: 'NGN' });
      expect(ngn.fee).toEqual({ amount_minor: 0n, currency: 'NGN' });
      const usdt = await api.withdraw.information({ wallet_type: 2 });
      // The client's local currency here is GHS (see client()): the unsuffixed amounts are never USDT.
      expect(usdt.cashable_amount).toEqual({ amount_minor: 500000n, currency: 'GHS' });
      expect(usdt.minimum_amount).toEqual({ amount_minor: 150000n, currency: 'GHS' });
      expect(usdt.cashable_usd_amount).toEqual({ amount_minor: 125000n, currency: 'USDT' });
      expect(usdt.maximum_amount_usd).toEqual({ amount_minor: 100000000n, currency: 'USDT' });
      expect(usdt.usdt_fee).toEqual({ amount_minor: 10000n, currency: 'USDT' });
    },
  );

  it("withdraw/information reads the identity level's limits in the currency of the wallet asked for", async () => {
    const kyc = (single: string) => ({
      level: 1,
      single_limit: single,
      daily_limit: single,
      remaining_today: '0.00',
      next_level: { level: 2, single_limit: '100000.00', daily_limit: '200000.00' },
    });
    const base = { cashable_amount: 0, cashable_usd_amount: 0 };
    const { api } = client([
      ok({ ...base, currency_name: 'NGN', kyc: kyc('50000.00') }),
      ok({ ...base, currency_name: 'USDT', kyc: kyc('35.0000') }),
      ok({ ...base, currency_name: 'NGN' }),
    ]);
    const ngn = await api.withdraw.information({ wallet_type: 1 });
    expect(ngn.kyc).toEqual({
      level: 1,
      single_limit: { amount_minor: 5000000n, currency: 'NGN' },
      daily_limit: { amount_minor: 5000000n, currency: 'NGN' },
      remaining_today: { amount_minor: 0n, currency: 'NGN' },
      next_level: {
        level: 2,
        single_limit: { amount_minor: 10000000n, currency: 'NGN' },
        daily_limit: { amount_minor: 20000000n, currency: 'NGN' },
      },
    });
    expect((await api.withdraw.information({ wallet_type: 2 })).kyc?.single_limit).toEqual({
      amount_minor: 350000n,
      currency: 'USDT',
    });
    expect((await api.withdraw.information({ wallet_type: 1 })).kyc).toBeNull();
  });

  it(
    "rebate/inviteinfo and rebate/rebateList read amounts into Money in the reward wallet's currency, " + 'signed',
    async () => {
      const { api } = client([
        ok({
          invite_code: 'ADA123',
          invite_link: '/sign-up?code=ADA123',
          currency_name: 'NGN',
          register_amount: '500.00',
          friend_amount: '1000.00',
          recommend_enough_amount: '20000.00',
          referred_total_bonus: '1500.00',
          transfer_rebate: '5000.00',
          invite_friends: 2,
          success_order_user: 1,
        }),
        ok({
          short_name: 'NGN',
          transfer_rebate: '5000.00',
          rebate_amount: '1500.00',
          rebate_total_amount: '6500.00',
          referred_bonus: '6500.00',
          user_invited_number: '2',
          user_rebate_list: [
            {
              log_id: 9,
              create_time: '2026-11-23 06:00:00',
              money: -5000,
              after_balance: '0.00',
              type: 4,
              wallet_type: '1',
              name: 'Moved to your cash wallet',
            },
            {
              log_id: 8,
              create_time: '2026-11-23 06:00:00',
              money: '1500.00',
              after_balance: '5000.00',
              type: 3,
              wallet_type: '1',
              from_get: 'Chidi',
              purchase_amount: '25000.00',
            },
          ],
        }),
      ]);
      const invite = await api.rebate.inviteinfo();
      expect(invite.invite_code).toBe('ADA123');
      expect(invite.friend_amount).toEqual({ amount_minor: 100000n, currency: 'NGN' });
      expect(invite.transfer_rebate).toEqual({ amount_minor: 500000n, currency: 'NGN' });
      const list = await api.rebate.rebateList({ type: 0, wallet_type: 1, page: 0, page_size: 20 });
      expect(list.rebate_amount).toEqual({ amount_minor: 150000n, currency: 'NGN' });
      expect(list.user_rebate_list.map((i) => i.money)).toEqual([
        { amount_minor: -500000n, currency: 'NGN' },
        { amount_minor: 150000n, currency: 'NGN' },
      ]);
      expect(list.user_rebate_list[1]!.purchase_amount).toEqual({ amount_minor: 2500000n, currency: 'NGN' });
    },
  );

  it('amounts the apps need as numbers (order lines, balance after) decode like strings', async () => {
    const { api } = client([
      ok({
        order_no: 'GC1',
        status: 2,
        status_desc: 'Succeed',
        wallet_type: 1,
        create_time: 1764000000,
        finish_time: 1764000600,
        amount: '121000.00',
        keyList: [{ key: 'K', status: 'success', amount: 121000, facevalue: 100, purchase_rate: 1210 }],
        imageList: [],
      }),
      ok({
        log_id: 7,
        create_time: 1764000600,
        type: 'withdraw',
        amount: -2000,
        balance_amount: 119000.5,
        wallet_type: '1',
        currency_name: 'NGN',
      }),
    ]);
    const detail = await api.ord.detail({ order_no: 'GC1' });
    // the client's local currency
    expect(detail.keyList[0]!.amount).toEqual({ amount_minor: 12100000n, currency: 'GHS' });
    const log = await api.wallet.moneyLogDetail({ log_id: 7 });
    expect(log.balance_amount).toEqual({ amount_minor: 11900050n, currency: 'NGN' });
    expect(log.amount).toEqual({ amount_minor: -200000n, currency: 'NGN' });
  });

  it('rejects an amount with more decimals than its currency', async () => {
    const { api } = client([ok({ total_amount: '1.001', usd_amount: 0, currency_name: 'NGN' })]);
    await expect(api.wallet.balance()).rejects.toThrow('NGN has 2 decimals');
  });

  it('vip/info reads amount_order_bonus as an object or a list', async () => {
    const { api } = client([
      ok({
        vip_level: 1,
        vip_exp: 5,
        next_exp: 10,
        amount_order_bonus: { bonus_amount: 500, order_amount: '50000' },
        total_bonus: '1250.50',
        total_bonus_usdt: '2.5',
        first_order_bonus: 10,
      }),
      ok({ vip_level: 1, vip_exp: 5, next_exp: 10, amount_order_bonus: [{ bonus_amount: 1, order_amount: 2 }] }),
    ]);
    const info = await api.vip.info();
    expect(info.amount_order_bonus[0]!.order_amount).toEqual({ amount_minor: 5000000n, currency: 'GHS' });
    expect(info.total_bonus).toEqual({ amount_minor: 125050n, currency: 'GHS' });
    expect(info.total_bonus_usdt).toEqual({ amount_minor: 25000n, currency: 'USDT' });
    expect(info.first_order_bonus).toEqual({ amount_minor: 1000n, currency: 'GHS' });
    expect((await api.vip.info()).amount_order_bonus).toHaveLength(1);
  });

  it("public/ladderConfig sends the visitor's country and reads each tier in its own currency", async () => {
    const { api, seen } = client(
      [ok([{ order_amount: '2000.00', bonus_amount: '10.00', currency: 'GHS', currency_symbol: 'GH₵' }])],
      '',
    );
    const [tier] = await api.public.ladderConfig({ country_id: 2 });
    expect(seen[0]!.fields.country_id).toBe('2');
    expect(tier).toEqual({
      order_amount: { amount_minor: 200000n, currency: 'GHS' },
      bonus_amount: { amount_minor: 1000n, currency: 'GHS' },
    });
  });

  it('success:false rejects with ApiError carrying msg, code and path', async () => {
    const { api, onTokenInvalid } = client([
      { body: { success: false, msg: 'Wrong password', code: 'user.002', data: null } },
    ]);
    const error = await api.user.applogin({ username: 'a', password: 'b' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).not.toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ kind: 'api', msg: 'Wrong password', code: 'user.002', path: 'user/applogin' });
    expect(onTokenInvalid).not.toHaveBeenCalled();
  });

  it('a 4xx/5xx with the envelope is still an ApiError', async () => {
    const { api } = client([
      { status: 429, body: { success: false, msg: 'Too many requests', code: 'rate', data: null } },
    ]);
    await expect(api.public.countrylist()).rejects.toMatchObject({ kind: 'api', msg: 'Too many requests' });
  });

  it.each([
    ['code common.004', { success: false, msg: 'whatever', code: 'common.004', data: null }],
    [
      'the token message',
      { success: false, msg: 'Token is no longer valid, please log in again', code: '', data: null },
    ],
    ['the missing-token message', { success: false, msg: 'Necessary parameter error:token', data: null }],
    ['common.004 even with success true', { success: true, msg: '', code: 'common.004', data: {} }],
  ])('a refused token (%s) calls the hook and still rejects', async (_name, body) => {
    const { api, onTokenInvalid } = client([{ body }]);
    const error = await api.user.userInfo().catch((e: unknown) => e);
    expect(onTokenInvalid).toHaveBeenCalledTimes(1);
    expect(error).toBeInstanceOf(SessionExpiredError);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'session', path: 'user/userInfo' });
  });

  it('no reply, a non-JSON 502 or a body without the envelope is a NetworkError', async () => {
    const { api } = client([
      new Error('socket hang up'),
      { status: 502, body: '<html>Bad gateway</html>' },
      { body: { hello: 1 } },
    ]);
    for (let i = 0; i < 3; i += 1) {
      const error = await api.public.countrylist().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(NetworkError);
      expect(error).not.toBeInstanceOf(ApiError);
      expect(error).toMatchObject({
        kind: 'network',
        message: 'An error occurred. Please check your network and try again.',
      });
    }
  });

  it('checkUsername reads success:false as taken, not as an error', async () => {
    const { api } = client([ok(null), { body: { success: false, msg: 'Already registered', data: null } }]);
    expect(await api.user.checkUsername({ username: 'a@b.co' })).toEqual({ available: true, msg: '' });
    expect(await api.user.checkUsername({ username: 'a@b.co' })).toEqual({
      available: false,
      msg: 'Already registered',
    });
  });

  it('getAvailableCoupon keeps the top-level paging fields', async () => {
    const { api } = client([{ body: { success: true, data: [], total: 12, page: 1, page_size: 10 } }]);
    expect(await api.order.getAvailableCoupon({ type: 0, page: 1, page_size: 10 })).toEqual({
      list: [],
      total: 12,
      page: 1,
      page_size: 10,
    });
  });
});
