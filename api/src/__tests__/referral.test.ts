import { checkLedger } from '../modules/ledger/check.js';
import { freshDb, targets, testApp, uniqueEmail, type TestApp, type TestDb } from '../test/harness.js';
import { makeStaff, makeUser, opsCall } from '../test/money.js';

jest.setTimeout(120_000);

interface Invite {
  invite_code: string;
  invite_link: string;
  currency_name: string;
  register_amount: string;
  friend_amount: string;
  recommend_enough_amount: string;
  transfer_rebate: string;
  invite_friends: number;
  success_order_user: number;
  referred_total_bonus: string;
}
interface Rebates {
  short_name: string;
  rebate_amount: string;
  rebate_total_amount: string;
  referred_bonus: string;
  user_invited_number: string;
  user_rebate_list: {
    money: number;
    after_balance: string;
    type: number;
    from_get: string;
    name: string;
    purchase_amount?: string;
  }[];
}
interface Friend {
  username: string;
  amount: string;
  status: number;
  register_date: string;
}

describe.each(targets())('referral rewards on %s', (target) => {
  let tdb: TestDb;
  let t: TestApp;
  let reviewer: { id: number; token: string };
  beforeAll(async () => {
    tdb = await freshDb(target);
    t = await testApp(tdb);
    reviewer = await makeStaff(t, 'reviewer');
  });
  afterAll(async () => {
    await t?.close();
    await tdb?.close();
  });
  afterEach(async () => {
    expect(await checkLedger(t.db)).toEqual([]);
  });

  /** Signs a friend up through the api with the inviter's code, as the sign-up form does. */
  async function friendOf(code: string, country = '1', nickname: string | null = 'Chidi Okafor') {
    const email = uniqueEmail();
    expect((await t.call('/user/sendEmailVerifyCode', { email })).success).toBe(true);
    const r = await t.call<{ token: string; user_id: number }>('/user/appregister', {
      register_type: '1',
      country_id: country,
      username: email,
      email,
      password: 'Secret123!',
      code: t.lastCode(email),
      device_no: 'dev',
      recommend_code: code.toLowerCase(),
    });
    expect(r).toMatchObject({ success: true });
    if (nickname !== null)
      expect((await t.call('/user/modinickname', { token: r.data.token, nickname })).success).toBe(true);
    return { token: r.data.token, id: r.data.user_id, email };
  }

  /** A sale of `face` dollars on card 1, approved by an operator. */
  async function sell(token: string, face: string, key: string) {
    const add = await t.call<{ order_no: string }>('/order/appadd', {
      token,
      user_memo: `CODE-${key}`,
      wallet_type: '1',
      idempotency_key: key,
    });
    expect(add.success).toBe(true);
    expect((await opsCall(t, reviewer.token, 'POST', `/ops/api/orders/${add.data.order_no}/claim`)).success).toBe(true);
    const body = { lines: [{ status: 'success', card_id: 1, face_value: face }] };
    const done = await opsCall<{ amount: string }>(
      t,
      reviewer.token,
      'POST',
      `/ops/api/orders/${add.data.order_no}/decide`,
      body,
    );
    expect(done).toMatchObject({ success: true });
    return { orderNo: add.data.order_no, body };
  }

  const rebates = async (token: string, type = 0) =>
    (
      await t.call<Rebates>('/rebate/rebateList', {
        token,
        type: String(type),
        wallet_type: '1',
        page: '0',
        page_size: '20',
      })
    ).data;
  const invite = async (token: string) => (await t.call<Invite>('/rebate/inviteinfo', { token })).data;

  test('a friend who never chose a nickname is shown masked, never by the local part of their e-mail', async () => {
    const inviter = await makeUser(t);
    const { invite_code } = await invite(inviter.token);
    const friend = await friendOf(invite_code, '1', null);
    const local = friend.email.split('@')[0]!;
    const [shown] = (
      await t.call<Friend[]>('/rebate/getReferralUsers', { token: inviter.token, page: '0', page_size: '20' })
    ).data;
    expect(shown!.username).toBe(`${local.slice(0, 2)}•••`);
    expect(shown!.username).not.toContain(local);
  });

  test(
    'a friend who joined with the invite earns the inviter the first-sale reward, then one per sale; moves to ' +
      'cash at the threshold',
    async () => {
      const inviter = await makeUser(t);
      const before = await invite(inviter.token);
      expect(before).toMatchObject({
        currency_name: 'NGN',
        register_amount: '500.00',
        friend_amount: '1000.00',
        recommend_enough_amount: '20000.00',
        transfer_rebate: '5000.00',
        invite_friends: 0,
        success_order_user: 0,
        referred_total_bonus: '0.00',
      });
      expect(before.invite_link).toBe(`/sign-up?code=${before.invite_code}`);

      const friend = await friendOf(before.invite_code);
      expect(await invite(inviter.token)).toMatchObject({ invite_friends: 1, success_order_user: 0 });
      const friends = (
        await t.call<Friend[]>('/rebate/getReferralUsers', { token: inviter.token, page: '0', page_size: '20' })
      ).data;
      // The friend's first name only: never their e-mail address.
      expect(friends).toEqual([
        {
          user_id: friend.id,
          username: 'Chidi',
          avatar: '',
          register_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
          currency_name: 'NGN',
          currency_symbol: '₦',
          amount: '0.00',
          status: 0,
          eligible: true,
        },
      ]);

      // Below the minimum sale (₦20,000) nothing is earned.
      const small = await t.call<{ quote: { base_amount: string } }>('/card/calculator', {
        country_id: '1',
        card_id: '1',
        face_value: '10',
      });
      expect(Number(small.data.quote.base_amount)).toBeLessThan(20_000);
      await sell(friend.token, '10', 'ref-small-0001');
      expect(await rebates(inviter.token)).toMatchObject({ rebate_amount: '0.00', user_rebate_list: [] });

      // The first counted sale: ₦1,000 for the sale plus the ₦500 sign-up reward; a retried decision pays nothing more.
      const first = await sell(friend.token, '100', 'ref-big-0001');
      const again = await opsCall(t, reviewer.token, 'POST', `/ops/api/orders/${first.orderNo}/decide`, first.body);
      expect(again.success).toBe(true);
      const r1 = await rebates(inviter.token);
      expect(r1).toMatchObject({
        short_name: 'NGN',
        rebate_amount: '1500.00',
        rebate_total_amount: '1500.00',
        referred_bonus: '1500.00',
        user_invited_number: '1',
      });
      expect(r1.user_rebate_list).toHaveLength(1);
      expect(r1.user_rebate_list[0]).toMatchObject({
        money: 1500,
        after_balance: '1500.00',
        type: 3,
        from_get: 'Chidi',
        purchase_amount: expect.stringMatching(/^\d+\.\d{2}$/),
      });
      expect(await invite(inviter.token)).toMatchObject({ success_order_user: 1, referred_total_bonus: '1500.00' });
      const notices = await t.call<{ notice_title: string; notice_content: string }[]>('/finder/allNoticeWithoutRead', {
        token: inviter.token,
        start_time: '0',
        end_time: '9999999999',
        page: '0',
        page_size: '100',
      });
      expect(notices.data.map((n) => n.notice_content)).toContainEqual(
        'You earned ₦1,500.00: Chidi, who joined with your invite, sold a gift card.',
      );
      // The seller's own money is untouched by it: the reward comes from the promotions account.
      expect(
        (await t.call<{ rebate_amount: number }>('/wallet/balance', { token: friend.token })).data.rebate_amount,
      ).toBe(0);

      // ₦1,000 a sale after that: at ₦5,500 the reward balance (≥ ₦5,000) moves to the cash wallet.
      for (const n of [2, 3, 4, 5]) await sell(friend.token, '100', `ref-big-000${n}`);
      const r5 = await rebates(inviter.token);
      expect(r5).toMatchObject({ rebate_amount: '0.00', rebate_total_amount: '5500.00', referred_bonus: '5500.00' });
      expect(r5.user_rebate_list.map((e) => [e.type, e.money, e.after_balance])).toEqual([
        [4, -5500, '0.00'],
        [2, 1000, '5500.00'],
        [2, 1000, '4500.00'],
        [2, 1000, '3500.00'],
        [2, 1000, '2500.00'],
        [3, 1500, '1500.00'],
      ]);
      expect((await rebates(inviter.token, 4)).user_rebate_list).toHaveLength(1);
      expect(
        (await t.call<{ referred_total_bonus: string }>('/vip/info', { token: inviter.token })).data
          .referred_total_bonus,
      ).toBe('5500.00');
      expect((await rebates(inviter.token, 3)).user_rebate_list).toHaveLength(1);
      const wallet = await t.call<{ withdraw_amount: number; rebate_amount: number; transfer_rebate: string }>(
        '/wallet/balance',
        { token: inviter.token },
      );
      expect(wallet.data).toMatchObject({ withdraw_amount: 5500, rebate_amount: 0, transfer_rebate: '5000.00' });
      const log = await t.call<{ name: string; amount: number; type: string }[]>('/wallet/moneyLogList', {
        token: inviter.token,
        type: 'transfer',
        wallet_type: '1',
        page: '0',
        page_size: '20',
      });
      expect(log.data).toEqual([
        expect.objectContaining({ name: 'Rewards moved to cash', amount: 5500, type: 'transfer' }),
      ]);
    },
  );

  test(
    'the inviter earns in their own currency whatever the friend sells in; a seller with no inviter pays ' + 'nobody',
    async () => {
      const inviter = await makeUser(t);
      const code = (await invite(inviter.token)).invite_code;
      const ghana = await friendOf(code, '2', 'Kofi');
      // GH₵200 is the minimum for a sale in cedis.
      const calc = await t.call<{ quote: { base_amount: string } }>('/card/calculator', {
        country_id: '2',
        card_id: '1',
        face_value: '49',
      });
      expect(calc).toMatchObject({ success: true });
      expect(Number(calc.data.quote.base_amount)).toBeGreaterThanOrEqual(200);
      await sell(ghana.token, '49', 'ref-gh-0001');
      const r = await rebates(inviter.token);
      expect(r.rebate_amount).toBe('1500.00');
      expect(r.user_rebate_list[0]).toMatchObject({ from_get: 'Kofi', type: 3 });
      expect(r.user_rebate_list[0]!.purchase_amount).toBeUndefined();

      const loner = await makeUser(t);
      const before = await t.db.query<{ n: number }>('select count(*)::int as n from referral_rewards');
      await sell(loner.token, '100', 'ref-loner-0001');
      expect((await t.db.query<{ n: number }>('select count(*)::int as n from referral_rewards')).rows[0]!.n).toBe(
        before.rows[0]!.n,
      );
    },
  );

  test('sales of two friends approved at once credit the inviter once each', async () => {
    const inviter = await makeUser(t);
    const code = (await invite(inviter.token)).invite_code;
    const [a, b] = [await friendOf(code, '1', 'Ada'), await friendOf(code, '1', 'Bola')];
    const orders = [];
    for (const [f, key] of [
      [a, 'ref-par-a'],
      [b, 'ref-par-b'],
    ] as const) {
      const add = await t.call<{ order_no: string }>('/order/appadd', {
        token: f.token,
        user_memo: key,
        wallet_type: '1',
        idempotency_key: key,
      });
      expect((await opsCall(t, reviewer.token, 'POST', `/ops/api/orders/${add.data.order_no}/claim`)).success).toBe(
        true,
      );
      orders.push(add.data.order_no);
    }
    const body = { lines: [{ status: 'success', card_id: 1, face_value: '100' }] };
    const results = await Promise.all(
      [...orders, ...orders].map((no) => opsCall(t, reviewer.token, 'POST', `/ops/api/orders/${no}/decide`, body)),
    );
    expect(results.every((r) => r.success)).toBe(true);
    const r = await rebates(inviter.token);
    expect(r.rebate_amount).toBe('3000.00');
    expect(r.user_rebate_list.map((e) => e.from_get).sort()).toEqual(['Ada', 'Bola']);
  });

  test('ledger check notices a referral reward that does not match its journal', async () => {
    const row = await t.db.query<{ id: bigint }>('select id from referral_rewards order by id limit 1');
    expect(row.rows.length).toBe(1);
    // Rewards are not meant to be edited; the check must catch it if one ever is.
    await t.db.query('update referral_rewards set amount_minor = amount_minor + 1 where id = $1', [row.rows[0]!.id]);
    try {
      expect(await checkLedger(t.db)).toEqual([expect.objectContaining({ detail: `reward ${row.rows[0]!.id}` })]);
    } finally {
      await t.db.query('update referral_rewards set amount_minor = amount_minor - 1 where id = $1', [row.rows[0]!.id]);
    }
  });
});
