import { randomBytes } from 'node:crypto';
import { checkLedger } from '../modules/ledger/check.js';
import { HttpIdentityProvider } from '../modules/kyc/provider.js';
import { KYC_MESSAGES } from '../modules/kyc/service.js';
import { startIdentityStandIn, type IdentityStandIn } from '../modules/kyc/stand-in.js';
import { IdentityVault } from '../modules/kyc/vault.js';
import { nubanCheckDigit } from '../modules/payment/nuban.js';
import { freshDb, targets, testApp, uniqueEmail, type TestApp, type TestDb } from '../test/harness.js';
import { makeStaff, makeUser, opsCall, TEST_PASSWORD } from '../test/money.js';

jest.setTimeout(180_000);

describe('the keyed hash of a verified person', () => {
  const vault = new IdentityVault('a-test-key-material-of-32-characters!!');
  test(
    "one person's name in any order, case or accents, with the same date of birth: one hash; nothing else " + 'matches',
    () => {
      const h = vault.personLookup('Chinedu Emeka Okafor', '1990-05-14');
      expect(vault.personLookup('OKAFOR chinedu  emeka', '1990-05-14')).toBe(h);
      expect(vault.personLookup('Chinédu Emeka Okafor', '1990-05-14')).toBe(h);
      expect(vault.personLookup('Chinedu Okafor', '1990-05-14')).not.toBe(h);
      expect(vault.personLookup('Chinedu Emeka Okafor', '1990-05-15')).not.toBe(h);
      expect(
        new IdentityVault('another-key-material-of-32-characters!').personLookup('Chinedu Emeka Okafor', '1990-05-14'),
      ).not.toBe(h);
      expect(h).toMatch(/^[0-9a-f]{64}$/);
    },
  );
});

/**
 * Self-referral: a seller who invites their own second account earns nothing from it.
 * A reward is refused when the inviter and the friend share a verified identity, a payout account
 * or a device; the friend keeps their account and their own money, and the inviter sees the
 * friend as not eligible. Staff see the links on the seller's page.
 */
describe.each(targets())('self-referral on %s', (target) => {
  const onPg = target === 'postgres' ? test : test.skip;
  let tdb: TestDb;
  let t: TestApp;
  let standIn: IdentityStandIn;
  let reviewer: { id: number; token: string };
  beforeAll(async () => {
    tdb = await freshDb(target);
    standIn = await startIdentityStandIn();
    // One reviewer decides every sale of the suite: no daily cap or threshold gets in the way.
    const review = { rateTolerancePercent: 5, fourEyesAbove: {}, dailyCap: {} };
    t = await testApp(
      tdb,
      { security: { coolingOffMs: 0, siteUrl: 'http://site.test', reauthGraceMs: 0 }, review },
      { identityProvider: new HttpIdentityProvider(standIn.url, standIn.appId, standIn.secretKey) },
    );
    reviewer = await makeStaff(t, 'reviewer');
  });
  afterAll(async () => {
    await t?.close();
    await standIn?.close();
    await tdb?.close();
  });
  afterEach(async () => {
    expect(await checkLedger(t.db)).toEqual([]);
  });

  type Seller = { id: number; token: string; email: string };
  const phone = () => `android_${randomBytes(8).toString('hex')}`;
  /** The inviter, signed in from their phone `device`. */
  async function inviter(device = phone()): Promise<Seller & { code: string }> {
    const u = await makeUser(t);
    const login = await t.call<{ token: string }>('/user/applogin', {
      username: u.email,
      password: TEST_PASSWORD,
      device_no: device,
      device_type: 'Pixel 8',
      os_type: 'android',
    });
    expect(login.success).toBe(true);
    const code = (await t.call<{ invite_code: string }>('/rebate/inviteinfo', { token: login.data.token })).data
      .invite_code;
    return { ...u, token: login.data.token, code };
  }
  /** A friend signing up with the invite code from `device`. */
  async function friendOf(code: string, device = phone()): Promise<Seller> {
    const email = uniqueEmail();
    expect((await t.call('/user/sendEmailVerifyCode', { email })).success).toBe(true);
    const r = await t.call<{ token: string; user_id: number }>('/user/appregister', {
      register_type: '1',
      country_id: '1',
      username: email,
      email,
      password: TEST_PASSWORD,
      code: t.lastCode(email),
      recommend_code: code,
      device_no: device,
      device_type: 'Pixel 8',
      os_type: 'android',
    });
    expect(r.success).toBe(true);
    expect((await t.call('/user/modinickname', { token: r.data.token, nickname: 'Emeka' })).success).toBe(true);
    return { id: r.data.user_id, token: r.data.token, email };
  }
  /** A sale of $100 on card 1 (above the referral minimum), submitted and claimed; decide() credits it. */
  async function order(s: Seller) {
    const add = await t.call<{ order_no: string }>('/order/appadd', {
      token: s.token,
      user_memo: `CODE-${randomBytes(4).toString('hex')}`,
      wallet_type: '1',
    });
    expect(add.success).toBe(true);
    expect((await opsCall(t, reviewer.token, 'POST', `/ops/api/orders/${add.data.order_no}/claim`)).success).toBe(true);
    return add.data.order_no;
  }
  const decide = (orderNo: string) =>
    opsCall<{ status: number }>(t, reviewer.token, 'POST', `/ops/api/orders/${orderNo}/decide`, {
      lines: [{ status: 'success', card_id: 1, face_value: '100' }],
    });
  async function sell(s: Seller) {
    const r = await decide(await order(s));
    expect(r).toMatchObject({ success: true, data: { status: 2 } });
  }
  const rewards = async (s: { token: string }) =>
    (
      await t.call<{ rebate_amount: string }>('/rebate/rebateList', {
        token: s.token,
        type: '0',
        wallet_type: '1',
        page: '0',
        page_size: '20',
      })
    ).data.rebate_amount;
  const friendsOf = async (s: { token: string }) =>
    (
      await t.call<{ user_id: number; status: number; eligible: boolean }[]>('/rebate/getReferralUsers', {
        token: s.token,
        page: '0',
        page_size: '20',
      })
    ).data;
  const details = async (s: { token: string }) =>
    (
      await t.call<{ user_id: number; status: number; eligible: boolean }[]>('/rebate/getInvitingDetails', {
        token: s.token,
        page: '0',
        page_size: '20',
      })
    ).data;
  const cash = async (s: { token: string }) =>
    (await t.call<{ total_amount: number }>('/wallet/balance', { token: s.token })).data.total_amount;
  const refusal = async (friendId: number) =>
    (await t.db.query<{ link: string }>('select link from referral_refusals where referee_id = $1', [friendId])).rows[0]
      ?.link ?? null;

  /** The friend's sale earns the inviter nothing; the friend is paid and shown to the inviter as not eligible. */
  async function refused(inv: Seller, friend: Seller, link: string) {
    await sell(friend);
    expect(await rewards(inv)).toBe('0.00');
    expect(await cash(friend)).toBeGreaterThan(0);
    expect(await friendsOf(inv)).toEqual([expect.objectContaining({ user_id: friend.id, status: 0, eligible: false })]);
    expect(await details(inv)).toEqual([expect.objectContaining({ user_id: friend.id, status: 0, eligible: false })]);
    expect(await refusal(friend.id)).toBe(link);
  }

  async function pin(s: Seller) {
    expect(
      (
        await t.call('/withdraw/transactionPassword', {
          token: s.token,
          login_password: TEST_PASSWORD,
          password: '135246',
        })
      ).success,
    ).toBe(true);
  }
  const addBank = (s: Seller, accountNo: string) =>
    t.call<{ bank_id: number }>('/payment/add', {
      token: s.token,
      password: TEST_PASSWORD,
      t_password: '135246',
      payment_id: '1',
      bank_id: '100',
      account_no: accountNo,
      account_name: '',
    });
  const nuban = () => {
    const serial = String(100_000_000 + Math.floor(Math.random() * 800_000_000));
    return serial + nubanCheckDigit('044', serial);
  };
  let seq = 0;
  const newBvn = () => `4${String(Date.now() % 1e7).padStart(7, '0')}${String(seq++ % 1000).padStart(3, '0')}`;
  const verify = (s: Seller, idType: 'bvn' | 'nin', number: string, first: string, last: string, dob: string) =>
    t.call<{ level: number }>('/kyc/verifyId', {
      token: s.token,
      id_type: idType,
      id_number: number,
      first_name: first,
      last_name: last,
      date_of_birth: dob,
    });

  test('a friend on another phone with their own identity and account: the reward is paid', async () => {
    const inv = await inviter();
    const friend = await friendOf(inv.code);
    await sell(friend);
    expect(await rewards(inv)).toBe('1500.00');
    expect(await friendsOf(inv)).toEqual([expect.objectContaining({ user_id: friend.id, status: 2, eligible: true })]);
    expect(await refusal(friend.id)).toBeNull();
  });

  test(
    'the same phone (the device id sent at sign-up and sign-in): no reward, the friend is not ' + 'eligible',
    async () => {
      const device = phone();
      const inv = await inviter(device);
      const friend = await friendOf(inv.code, device);
      await refused(inv, friend, 'device');
      // Once refused, always: a later sale earns nothing either.
      await sell(friend);
      expect(await rewards(inv)).toBe('0.00');
    },
  );

  test('a phone the inviter signed in on later counts too; generic device ids link nobody', async () => {
    const inv = await inviter();
    const friend = await friendOf(inv.code, 'undefined');
    // The apps send `undefined` when they have no id: that is no device.
    const again = await t.call<{ token: string }>('/user/applogin', {
      username: inv.email,
      password: TEST_PASSWORD,
      device_no: 'undefined',
    });
    expect(again.success).toBe(true);
    const shared = phone();
    expect(
      (await t.call('/user/applogin', { username: friend.email, password: TEST_PASSWORD, device_no: shared })).success,
    ).toBe(true);
    expect(
      (await t.call('/user/applogin', { username: inv.email, password: TEST_PASSWORD, device_no: shared })).success,
    ).toBe(true);
    await refused(inv, friend, 'device');
  });

  test('the same bank account, even removed before the sale: no reward', async () => {
    const inv = await inviter();
    const friend = await friendOf(inv.code);
    await pin(inv);
    await pin(friend);
    const account = nuban();
    expect((await addBank(inv, account)).success).toBe(true);
    const theirs = await addBank(friend, account);
    expect(theirs.success).toBe(true);
    expect(
      (await t.call('/payment/delete', { token: friend.token, bank_id: String(theirs.data.bank_id) })).success,
    ).toBe(true);
    await refused(inv, friend, 'payout_account');
  });

  test('the same USDT address: no reward', async () => {
    const inv = await inviter();
    const friend = await friendOf(inv.code);
    await pin(inv);
    await pin(friend);
    const trc20 = (await t.db.query<{ id: number }>("select id from banks where method = 'USDT' and code = 'TRC20'"))
      .rows[0]!.id;
    const base58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
    const address = `T${Array.from(randomBytes(33), (b) => base58[b % base58.length]).join('')}`;
    const add = (s: Seller) =>
      t.call('/payment/add', {
        token: s.token,
        password: TEST_PASSWORD,
        t_password: '135246',
        payment_id: '3',
        bank_id: String(trc20),
        account_no: address,
        account_name: '',
      });
    expect(await add(inv)).toMatchObject({ success: true });
    expect(await add(friend)).toMatchObject({ success: true });
    await refused(inv, friend, 'payout_account');
  });

  test('one person verified on both accounts with two ID numbers (a BVN and a NIN): no reward', async () => {
    const inv = await inviter();
    const friend = await friendOf(inv.code);
    const bvn = newBvn();
    const nin = newBvn().replace(/^4/, '5');
    standIn.add({
      id_type: 'bvn',
      id_number: bvn,
      first_name: 'Ifeanyi',
      last_name: 'Nwosu',
      date_of_birth: '1993-07-21',
    });
    standIn.add({
      id_type: 'nin',
      id_number: nin,
      first_name: 'IFEANYI',
      last_name: 'Nwosu',
      middle_name: '',
      date_of_birth: '1993-07-21',
    });
    expect(await verify(inv, 'bvn', bvn, 'Ifeanyi', 'Nwosu', '1993-07-21')).toMatchObject({
      success: true,
      data: { level: 1 },
    });
    expect(await verify(friend, 'nin', nin, 'Nwosu', 'Ifeanyi', '1993-07-21')).toMatchObject({
      success: true,
      data: { level: 1 },
    });
    await refused(inv, friend, 'identity');
  });

  test(
    "the friend tries the inviter's ID number (refused as taken): the attempt links the two, no " + 'reward',
    async () => {
      const inv = await inviter();
      const friend = await friendOf(inv.code);
      const bvn = newBvn();
      standIn.add({
        id_type: 'bvn',
        id_number: bvn,
        first_name: 'Halima',
        last_name: 'Sani',
        date_of_birth: '1995-01-30',
      });
      expect((await verify(inv, 'bvn', bvn, 'Halima', 'Sani', '1995-01-30')).success).toBe(true);
      expect(await verify(friend, 'bvn', bvn, 'Halima', 'Sani', '1995-01-30')).toMatchObject({
        success: false,
        msg: KYC_MESSAGES.taken('bvn'),
      });
      await refused(inv, friend, 'identity');
    },
  );

  test(
    "staff see an account's links, with which link and the referral between them; sellers and strangers " + 'do not',
    async () => {
      const device = phone();
      const inv = await inviter(device);
      const friend = await friendOf(inv.code, device);
      await pin(inv);
      await pin(friend);
      const account = nuban();
      expect((await addBank(inv, account)).success).toBe(true);
      expect((await addBank(friend, account)).success).toBe(true);
      const stranger = await friendOf(inv.code);
      type Link = { user_id: number; link: string; label: string; detail: string; referral: string | null };
      const staff = await makeStaff(t, 'finance');
      const seen = await opsCall<Link[]>(t, staff.token, 'GET', `/ops/api/users/${inv.id}/links`);
      expect(seen.success).toBe(true);
      expect(seen.data).toEqual([
        {
          user_id: friend.id,
          email: friend.email,
          nickname: 'Emeka',
          status: 'active',
          created_at: expect.any(String),
          link: 'device',
          label: 'Same device',
          detail: device,
          referral: 'invited',
        },
        {
          user_id: friend.id,
          email: friend.email,
          nickname: 'Emeka',
          status: 'active',
          created_at: expect.any(String),
          link: 'payout_account',
          label: 'Same payout account',
          detail: `BANK ${account}`,
          referral: 'invited',
        },
      ]);
      expect(seen.data.map((l) => l.user_id)).not.toContain(stranger.id);
      const back = await opsCall<Link[]>(t, reviewer.token, 'GET', `/ops/api/users/${friend.id}/links`);
      expect(back.data.map((l) => [l.user_id, l.link, l.referral])).toEqual([
        [inv.id, 'device', 'invited_by'],
        [inv.id, 'payout_account', 'invited_by'],
      ]);
      expect((await opsCall(t, staff.token, 'GET', `/ops/api/users/${stranger.id}/links`)).data).toEqual([]);
      // Every look is on record.
      const admin = await makeStaff(t, 'admin');
      const trail = await opsCall<{ action: string }[]>(
        t,
        admin.token,
        'GET',
        `/ops/api/audit?target_type=user&target_id=${inv.id}`,
      );
      expect(trail.data.map((a) => a.action)).toContain('user.links');
      // Nobody but staff: no token, a seller's token, a made-up one.
      const anon = await t.app.inject({ method: 'GET', url: `/ops/api/users/${inv.id}/links` });
      expect(anon.statusCode).toBe(401);
      for (const token of [inv.token, 'made-up-token'])
        expect((await opsCall(t, token, 'GET', `/ops/api/users/${inv.id}/links`)).status).toBe(401);
      expect(await opsCall(t, staff.token, 'GET', '/ops/api/users/2147483000/links')).toMatchObject({
        success: false,
        msg: 'User not found',
      });
    },
  );

  onPg("a linked friend's 4 orders decided at once: no reward, one refusal", async () => {
    const device = phone();
    const inv = await inviter(device);
    const friend = await friendOf(inv.code, device);
    const orders = [];
    for (let i = 0; i < 4; i++) orders.push(await order(friend));
    const replies = await Promise.all(orders.map(decide));
    expect(replies.map((r) => r.msg)).toEqual(['success', 'success', 'success', 'success']);
    expect(replies.map((r) => r.data?.status)).toEqual([2, 2, 2, 2]);
    expect(await rewards(inv)).toBe('0.00');
    expect(await refusal(friend.id)).toBe('device');
    expect((await t.db.query('select 1 from referral_rewards where referee_id = $1', [friend.id])).rows).toEqual([]);
  });

  onPg(
    "a real friend's 4 orders decided at once pay the first-sale reward once; 6 parallel claims move it once",
    async () => {
      const inv = await inviter();
      const friend = await friendOf(inv.code);
      const orders = [];
      for (let i = 0; i < 4; i++) orders.push(await order(friend));
      const replies = await Promise.all(orders.map(decide));
      expect(replies.map((r) => r.data?.status)).toEqual([2, 2, 2, 2]);
      const kinds = (
        await t.db.query<{ kind: string }>('select kind from referral_rewards where referee_id = $1 order by kind', [
          friend.id,
        ])
      ).rows.map((r) => r.kind);
      expect(kinds).toEqual(['first', 'trade', 'trade', 'trade']);
      // ₦1,500 + 3 × ₦1,000 = ₦4,500, below the ₦5,000 threshold: still in the reward wallet, to claim.
      expect(await rewards(inv)).toBe('4500.00');
      const before = await cash(inv);
      const claims = await Promise.all(
        Array.from({ length: 6 }, () =>
          t.call('/rebate/receiveInviteRebate', { token: inv.token, recommend_user_id: String(friend.id) }),
        ),
      );
      expect(claims.filter((c) => c.success)).toHaveLength(1);
      expect(await cash(inv)).toBe(before + 4500);
      expect(await rewards(inv)).toBe('0.00');
    },
  );
});
