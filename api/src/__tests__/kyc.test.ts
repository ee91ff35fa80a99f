// Know your customer, through the api against a local server speaking the identity
// provider's protocol: verification at three levels, limits enforced inside the withdrawal (also
// under concurrency on PostgreSQL), names matched with the payout account, identity data sealed,
// masked and audited, and the seller's own data download.
import { checkLedger } from '../modules/ledger/check.js';
import { Ledger } from '../modules/ledger/ledger.js';
import { HttpIdentityProvider } from '../modules/kyc/provider.js';
import { KYC_ATTEMPTS_PER_DAY, KYC_MESSAGES, WITHDRAW_KYC_MESSAGES } from '../modules/kyc/service.js';
import { PAYOUT_MESSAGES } from '../modules/ops/payout-routes.js';
import { STAND_IN_DOWN_NUMBER, startIdentityStandIn, type IdentityStandIn } from '../modules/kyc/stand-in.js';
import { DEFAULT_TIERS } from '../modules/kyc/tiers.js';
import { nubanCheckDigit } from '../modules/payment/nuban.js';
import { freshDb, postgresStatus, targets, testApp, type TestApp, type TestDb } from '../test/harness.js';
import { isSessionCheck, statementsDuring } from '../test/statements.js';
import { fund, makeStaff, makeUser, opsCall, TEST_PASSWORD, upload } from '../test/money.js';

jest.setTimeout(120_000);

const ledger = new Ledger();
let seq = 0;
/** 11 digits no other test uses. */
const newBvn = () => `3${String(Date.now() % 1e7).padStart(7, '0')}${String(seq++ % 1000).padStart(3, '0')}`;

async function setup(target: 'pglite' | 'postgres') {
  const tdb = await freshDb(target);
  const standIn = await startIdentityStandIn();
  const t = await testApp(
    tdb,
    { security: { coolingOffMs: 0, siteUrl: 'http://site.test', reauthGraceMs: 0 } },
    { identityProvider: new HttpIdentityProvider(standIn.url, standIn.appId, standIn.secretKey) },
  );
  return { tdb, standIn, t };
}

/** A Nigerian seller with ₦amount, a PIN and a GTBank account (its name from the bank look-up). */
async function seller(t: TestApp, opts: { naira?: bigint; serial?: string } = {}) {
  const u = await makeUser(t);
  await t.db.tx((q) => fund(q, ledger, u.id, 'NGN', (opts.naira ?? 100_000n) * 100n));
  await t.call('/withdraw/transactionPassword', { token: u.token, login_password: TEST_PASSWORD, password: '135246' });
  const serial = opts.serial ?? String(100_000_000 + Math.floor(Math.random() * 800_000_000));
  const acct = await t.call<{ bank_id: number; account_name: string }>('/payment/add', {
    token: u.token,
    password: TEST_PASSWORD,
    t_password: '135246',
    payment_id: '1',
    bank_id: '100',
    account_no: serial + nubanCheckDigit('044', serial),
    account_name: '',
  });
  if (!acct.success) throw new Error(acct.msg);
  return { ...u, bankId: acct.data.bank_id, accountName: acct.data.account_name };
}

/** Registers a person at the stand-in in the payout account's name and verifies level 1 with their BVN. */
async function verifyAsAccountHolder(t: TestApp, standIn: IdentityStandIn, s: { token: string; accountName: string }) {
  const [first, ...rest] = s.accountName.split(' ');
  const bvn = newBvn();
  standIn.add({
    id_type: 'bvn',
    id_number: bvn,
    first_name: first!,
    last_name: rest.join(' '),
    date_of_birth: '1991-02-03',
  });
  const r = await t.call<{ level: number; name: string }>('/kyc/verifyId', {
    token: s.token,
    id_type: 'bvn',
    id_number: bvn,
    first_name: first,
    last_name: rest.join(' '),
    date_of_birth: '1991-02-03',
  });
  if (!r.success) throw new Error(r.msg);
  return bvn;
}

const apply = (t: TestApp, s: { token: string; bankId: number }, amount: string, key?: string) =>
  t.call<{ withdraw_no: string }>('/withdraw/apply', {
    token: s.token,
    bank_id: String(s.bankId),
    amount,
    password: '135246',
    ...(key ? { idempotency_key: key } : {}),
  });

describe.each(targets())('identity verification on %s', (target) => {
  let tdb: TestDb;
  let t: TestApp;
  let standIn: IdentityStandIn;
  beforeAll(async () => ({ tdb, standIn, t } = await setup(target)));
  afterAll(async () => {
    await t?.close();
    await standIn?.close();
    await tdb?.close();
  });
  afterEach(async () => expect(await checkLedger(t.db)).toEqual([]));

  test(
    'an unverified seller cannot withdraw; the message says what to add and where; the form shows ' + 'level 0',
    async () => {
      const s = await seller(t);
      const r = await apply(t, s, '2000');
      expect(r).toMatchObject({ success: false, msg: WITHDRAW_KYC_MESSAGES.unverified(DEFAULT_TIERS.NG!) });
      expect(r.msg).toBe(
        'Verify your identity to withdraw: add your BVN or NIN in Settings → Verification. It takes a minute.',
      );
      const info = await t.call<{
        kyc: {
          level: number;
          remaining_today: string;
          daily_limit: string;
          next_level: { level: number; daily_limit: string };
        };
      }>('/withdraw/information', { token: s.token, wallet_type: '1' });
      expect(info.data.kyc).toMatchObject({
        level: 0,
        remaining_today: '0.00',
        daily_limit: '0.00',
        next_level: { level: 1, daily_limit: '50000.00' },
      });
      expect(
        (await t.db.query('select count(*)::int as n from withdrawals where user_id = $1', [s.id])).rows[0],
      ).toEqual({ n: 0 });
    },
  );

  test(
    'level 1 with the documented test BVN: the record’s name becomes the verified name, the number is sealed and ' +
      'shown masked',
    async () => {
      const u = await makeUser(t);
      // Entered as on the BVN, in another order and case, without the middle name.
      const r = await t.call<{ level: number; name: string }>('/kyc/verifyId', {
        token: u.token,
        id_type: 'bvn',
        id_number: '222 2222 2222',
        first_name: 'OKAFOR',
        last_name: 'chinedu',
        date_of_birth: '1990-05-14',
      });
      expect(r).toMatchObject({ success: true, data: { level: 1, name: 'Chinedu Emeka Okafor' } });
      const st = await t.call<{
        level: number;
        verified_name: string;
        id_masked: string;
        id_type: string;
        wallets: { currency: string; daily_limit: string; remaining_today: string }[];
      }>('/kyc/status', { token: u.token });
      expect(st.data).toMatchObject({
        level: 1,
        verified_name: 'Chinedu Emeka Okafor',
        id_masked: '•••••••2222',
        id_type: 'bvn',
      });
      expect(st.data.wallets.find((w) => w.currency === 'NGN')).toMatchObject({
        daily_limit: '₦50,000.00',
        remaining_today: '₦50,000.00',
      });
      // At rest: no column of the row holds the number in the clear.
      const row = await t.db.query<{ row: string; sealed: string }>(
        'select k::text as row, id_number_sealed as sealed from kyc_checks k where user_id = $1',
        [u.id],
      );
      expect(row.rows[0]!.row).not.toContain('22222222222');
      expect(row.rows[0]!.sealed).toMatch(/^v1\.[0-9a-f]{8}\./);
      expect(t.app.kyc.vault.open(row.rows[0]!.sealed, `user:${u.id}`)).toBe('22222222222');
      // Bound to its row: the same sealed value does not open as another user's.
      expect(() => t.app.kyc.vault.open(row.rows[0]!.sealed, `user:${u.id + 1}`)).toThrow();
      // Twice is refused; the same BVN on another account is refused.
      expect(
        await t.call('/kyc/verifyId', {
          token: u.token,
          id_type: 'bvn',
          id_number: '22222222222',
          first_name: 'Chinedu',
          last_name: 'Okafor',
          date_of_birth: '1990-05-14',
        }),
      ).toMatchObject({ success: false, msg: KYC_MESSAGES.already });
      const other = await makeUser(t);
      expect(
        await t.call('/kyc/verifyId', {
          token: other.token,
          id_type: 'bvn',
          id_number: '22222222222',
          first_name: 'Chinedu',
          last_name: 'Okafor',
          date_of_birth: '1990-05-14',
        }),
      ).toMatchObject({ success: false, msg: KYC_MESSAGES.taken('bvn') });
      expect((await t.call<{ level: number }>('/kyc/status', { token: other.token })).data.level).toBe(0);
    },
  );

  test(
    'a name or date of birth that does not match fails with a reason that does not reveal the record; the ' +
      'attempt is shown; then the right details pass',
    async () => {
      const u = await makeUser(t);
      const wrong = await t.call('/kyc/verifyId', {
        token: u.token,
        id_type: 'nin',
        id_number: '11111111111',
        first_name: 'Fatima',
        last_name: 'Bello',
        date_of_birth: '1992-03-08',
      });
      expect(wrong).toMatchObject({ success: false, msg: KYC_MESSAGES.mismatch('nin') });
      expect(wrong.msg).not.toContain('Aisha');
      const dob = await t.call('/kyc/verifyId', {
        token: u.token,
        id_type: 'nin',
        id_number: '11111111111',
        first_name: 'Aisha',
        last_name: 'Bello',
        date_of_birth: '1992-03-09',
      });
      expect(dob).toMatchObject({ success: false, msg: KYC_MESSAGES.mismatch('nin') });
      const st = await t.call<{
        level: number;
        checks: { level: number; status: string; reason: string; id_last4: string }[];
        attempts_left: number;
      }>('/kyc/status', { token: u.token });
      expect(st.data).toMatchObject({ level: 0, attempts_left: KYC_ATTEMPTS_PER_DAY - 2 });
      expect(st.data.checks[0]).toMatchObject({
        level: 1,
        status: 'failed',
        reason: KYC_MESSAGES.mismatch('nin'),
        id_last4: '1111',
      });
      expect(
        await t.call('/kyc/verifyId', {
          token: u.token,
          id_type: 'nin',
          id_number: '11111111111',
          first_name: 'A.',
          last_name: 'Béllo',
          date_of_birth: '1992-03-08',
        }),
      ).toMatchObject({ success: true, data: { level: 1, name: 'Aisha Bello' } });
    },
  );

  test('the provider down: a clear message, nothing written, and a retry later works', async () => {
    const u = await makeUser(t);
    const down = await t.call('/kyc/verifyId', {
      token: u.token,
      id_type: 'bvn',
      id_number: STAND_IN_DOWN_NUMBER,
      first_name: 'Ngozi',
      last_name: 'Eze',
      date_of_birth: '1990-01-01',
    });
    expect(down).toMatchObject({ success: false, msg: KYC_MESSAGES.unavailable });
    expect((await t.db.query('select count(*)::int as n from kyc_checks where user_id = $1', [u.id])).rows[0]).toEqual({
      n: 0,
    });
    expect(
      (
        await t.db.query<{ kyc_level: number; kyc_name: string }>(
          'select kyc_level, kyc_name from users where id = $1',
          [u.id],
        )
      ).rows[0],
    ).toEqual({ kyc_level: 0, kyc_name: '' });
    // A provider that does not answer at all (closed port) is the same to the seller.
    const closed = await testApp(
      tdb,
      {},
      { identityProvider: new HttpIdentityProvider('http://127.0.0.1:9', 'a', 'b', fetch, 2000) },
    );
    try {
      expect(
        await closed.call('/kyc/verifyId', {
          token: u.token,
          id_type: 'bvn',
          id_number: '22222222233',
          first_name: 'Tunde',
          last_name: 'Adeyemi',
          date_of_birth: '1985-12-01',
        }),
      ).toMatchObject({ success: false, msg: KYC_MESSAGES.unavailable });
    } finally {
      await closed.close();
    }
    expect((await t.db.query('select count(*)::int as n from kyc_checks where user_id = $1', [u.id])).rows[0]).toEqual({
      n: 0,
    });
    expect(
      await t.call('/kyc/verifyId', {
        token: u.token,
        id_type: 'bvn',
        id_number: '22222222233',
        first_name: 'Tunde',
        last_name: 'Adeyemi',
        date_of_birth: '1985-12-01',
      }),
    ).toMatchObject({ success: true });
  });

  test('unknown numbers, wrong forms and guessing: refused in words, and five failures close the day', async () => {
    const u = await makeUser(t);
    expect(
      await t.call('/kyc/verifyId', {
        token: u.token,
        id_type: 'bvn',
        id_number: '1234',
        first_name: 'A',
        last_name: 'B',
        date_of_birth: '1990-01-01',
      }),
    ).toMatchObject({ success: false, msg: 'A BVN is 11 digits' });
    expect(
      await t.call('/kyc/verifyId', {
        token: u.token,
        id_type: 'ghana_card',
        id_number: 'GHA-123456789-0',
        first_name: 'Kwame',
        last_name: 'Mensah',
        date_of_birth: '1988-11-02',
      }),
    ).toMatchObject({ success: false, msg: KYC_MESSAGES.idType(['bvn', 'nin']) });
    expect(
      await t.call('/kyc/verifyId', {
        token: u.token,
        id_type: 'bvn',
        id_number: '22222222222',
        first_name: 'Chinedu',
        last_name: 'Okafor',
        date_of_birth: '14/05/1990',
      }),
    ).toMatchObject({ success: false, msg: KYC_MESSAGES.dob });
    expect(
      await t.call('/kyc/verifyId', {
        token: u.token,
        id_type: 'bvn',
        first_name: 'Chinedu',
        last_name: 'Okafor',
        date_of_birth: '1990-05-14',
      }),
    ).toMatchObject({ success: false, msg: 'Enter your ID number' });
    for (let i = 0; i < KYC_ATTEMPTS_PER_DAY; i++) {
      expect(
        await t.call('/kyc/verifyId', {
          token: u.token,
          id_type: 'bvn',
          id_number: `4444444444${i}`,
          first_name: 'Guess',
          last_name: 'Who',
          date_of_birth: '1990-01-01',
        }),
      ).toMatchObject({ success: false, msg: KYC_MESSAGES.notFound('bvn') });
    }
    const calls = standIn.calls.length;
    expect(
      await t.call('/kyc/verifyId', {
        token: u.token,
        id_type: 'bvn',
        id_number: '44444444449',
        first_name: 'Guess',
        last_name: 'Who',
        date_of_birth: '1990-01-01',
      }),
    ).toMatchObject({ success: false, msg: KYC_MESSAGES.attempts });
    expect(standIn.calls.length).toBe(calls); // the provider is not even asked
    expect(standIn.calls.every((c) => c.authorised)).toBe(true);
  });

  test(
    'guesses sent in parallel are counted all the same: the provider is asked at most five times ' + 'a day',
    async () => {
      const u = await makeUser(t);
      const before = standIn.calls.length;
      const replies = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          t.call('/kyc/verifyId', {
            token: u.token,
            id_type: 'bvn',
            id_number: `66666666${String(i).padStart(3, '0')}`,
            first_name: 'Guess',
            last_name: 'Who',
            date_of_birth: '1990-01-01',
          }),
        ),
      );
      expect(replies.every((r) => !r.success)).toBe(true);
      expect(new Set(replies.map((r) => r.msg))).toEqual(
        new Set(
          replies
            .map((r) => r.msg)
            .filter((m) =>
              [KYC_MESSAGES.notFound('bvn'), KYC_MESSAGES.inFlight, KYC_MESSAGES.attempts].includes(m as never),
            ),
        ),
      );
      expect(standIn.calls.length - before).toBeLessThanOrEqual(KYC_ATTEMPTS_PER_DAY);
      const rows = await t.db.query<{ status: string; n: number }>(
        'select status, count(*)::int as n from kyc_checks where user_id = $1 group by status',
        [u.id],
      );
      expect(rows.rows.every((r) => r.status === 'failed' && r.n <= KYC_ATTEMPTS_PER_DAY)).toBe(true);
    },
  );

  test('Ghana: a Ghana Card number verifies a Ghanaian seller, written with or without its dashes', async () => {
    const gh = await makeUser(t, { country: 2 });
    expect(
      await t.call('/kyc/verifyId', {
        token: gh.token,
        id_type: 'bvn',
        id_number: '22222222222',
        first_name: 'x',
        last_name: 'y',
        date_of_birth: '1990-01-01',
      }),
    ).toMatchObject({ success: false, msg: 'Choose Ghana Card number' });
    expect(
      await t.call('/kyc/verifyId', {
        token: gh.token,
        id_type: 'ghana_card',
        id_number: 'GHA1234567890',
        first_name: 'Kwame',
        last_name: 'Mensah',
        date_of_birth: '1988-11-02',
      }),
    ).toMatchObject({ success: true, data: { level: 1, name: 'Kwame Kofi Mensah' } });
    const st = await t.call<{ wallets: { currency: string; daily_limit: string }[]; id_masked: string }>(
      '/kyc/status',
      { token: gh.token },
    );
    expect(st.data.wallets.find((w) => w.currency === 'GHS')).toMatchObject({ daily_limit: 'GH₵3,000.00' });
    expect(st.data.id_masked).toBe('•••••••89-0');
  });

  test(
    'level 1 limits: one withdrawal and the day, with the remaining amount and how to raise it; failed ' +
      'withdrawals give the day back',
    async () => {
      const s = await seller(t, { naira: 200_000n });
      await verifyAsAccountHolder(t, standIn, s);
      const info = await t.call<{ kyc: { level: number; remaining_today: string; single_limit: string } }>(
        '/withdraw/information',
        { token: s.token, wallet_type: '1' },
      );
      expect(info.data.kyc).toMatchObject({ level: 1, remaining_today: '50000.00', single_limit: '50000.00' });
      expect(await apply(t, s, '50001')).toMatchObject({
        success: false,
        msg:
          'At level 1 one withdrawal can be at most ₦50,000.00. Verify to level 2 in Settings → Verification to ' +
          'withdraw up to ₦100,000.00 at once.',
      });
      const first = await apply(t, s, '30000');
      expect(first.success).toBe(true);
      expect(await apply(t, s, '25000')).toMatchObject({
        success: false,
        msg:
          'You can withdraw ₦20,000.00 more today (your daily limit at level 1 is ₦50,000.00). Verify to level 2 ' +
          'in Settings → Verification to withdraw up to ₦200,000.00 a day.',
      });
      expect(
        (
          await t.call<{ kyc: { remaining_today: string } }>('/withdraw/information', {
            token: s.token,
            wallet_type: '1',
          })
        ).data.kyc.remaining_today,
      ).toBe('20000.00');
      // The bank refuses the first: its amount is back in the wallet and in the day's limit.
      const finance = await makeStaff(t, 'finance');
      expect(
        (
          await opsCall(t, finance.token, 'POST', `/ops/api/withdrawals/${first.data.withdraw_no}/settle`, {
            outcome: 'failed',
            reason: 'Bank refused',
          })
        ).success,
      ).toBe(true);
      expect((await apply(t, s, '45000')).success).toBe(true);
    },
  );

  test("the Verification screen is read in one round trip: today's use, the checks and the attempts left", async () => {
    const s = await seller(t, { naira: 200_000n });
    await verifyAsAccountHolder(t, standIn, s);
    expect((await apply(t, s, '30000')).success).toBe(true);
    type Status = {
      level: number;
      attempts_left: number;
      checks: { level: number; status: string }[];
      wallets: { currency: string; balance: string; remaining_today: string }[];
    };
    const status = () => t.call<Status>('/kyc/status', { token: s.token });
    await status();
    const { value: st, sql } = await statementsDuring(t.db, status);
    // The session check is answered from this process's cache for up to a second; the ledger's balances and the
    // module's read go out together.
    expect(sql.filter((q) => !isSessionCheck(q))).toHaveLength(2);
    expect(st.data.level).toBe(1);
    expect(st.data.checks.map((c) => [c.level, c.status])).toEqual([[1, 'verified']]);
    expect(st.data.attempts_left).toBe(KYC_ATTEMPTS_PER_DAY);
    // The pending withdrawal counts against today's limit and has left the balance.
    expect(st.data.wallets.find((w) => w.currency === 'NGN')).toMatchObject({
      balance: '₦170,000.00',
      remaining_today: '₦20,000.00',
    });
  });

  test(
    'a withdrawal from before verification was required is never paid out: not sent, not exported, not settled ' +
      'as paid; failing it returns the money',
    async () => {
      const s = await seller(t);
      await verifyAsAccountHolder(t, standIn, s);
      const w = await apply(t, s, '3000');
      expect(w.success).toBe(true);
      // As if made before this release: the seller is unverified again.
      await t.db.query("update users set kyc_level = 0, kyc_name = '' where id = $1", [s.id]);
      const finance = await makeStaff(t, 'finance');
      const list = await opsCall<{ withdraw_no: string; user_unverified: boolean }[]>(
        t,
        finance.token,
        'GET',
        '/ops/api/withdrawals',
      );
      expect(list.data.find((x) => x.withdraw_no === w.data.withdraw_no)?.user_unverified).toBe(true);
      expect(
        await opsCall(t, finance.token, 'POST', `/ops/api/withdrawals/${w.data.withdraw_no}/settle`, {
          outcome: 'paid',
          reference: 'REF',
        }),
      ).toMatchObject({ success: false, msg: PAYOUT_MESSAGES.unverified });
      const csv = await t.app.inject({
        method: 'POST',
        url: '/ops/api/withdrawals/export',
        headers: { authorization: `Bearer ${finance.token}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ currency: 'NGN', method: 'BANK' }),
      });
      expect(csv.body).not.toContain(w.data.withdraw_no);
      expect(
        (
          await opsCall(t, finance.token, 'POST', `/ops/api/withdrawals/${w.data.withdraw_no}/settle`, {
            outcome: 'failed',
            reason: 'Identity not verified',
          })
        ).success,
      ).toBe(true);
    },
  );

  test(
    'a withdrawal to an account in another name is refused; a new account must be in the ' + 'verified name',
    async () => {
      const s = await seller(t);
      await verifyAsAccountHolder(t, standIn, s);
      // An account added before verification, in someone else's name.
      await t.db.query('update payout_accounts set account_name = $2 where id = $1', [s.bankId, 'IBRAHIM DANSO']);
      const r = await apply(t, s, '2000');
      expect(r).toMatchObject({
        success: false,
        msg: WITHDRAW_KYC_MESSAGES.payoutName('IBRAHIM DANSO', s.accountName),
      });
      const st = await t.call<{ payout_mismatches: { account_name: string }[] }>('/kyc/status', { token: s.token });
      expect(st.data.payout_mismatches.map((p) => p.account_name)).toEqual(['IBRAHIM DANSO']);
      // Adding another: the dev bank look-up names accounts at random; find one that is not the verified name.
      let added;
      for (let serial = 200_000_000; ; serial++) {
        added = await t.call('/payment/add', {
          token: s.token,
          password: TEST_PASSWORD,
          t_password: '135246',
          payment_id: '1',
          bank_id: '100',
          account_no: String(serial) + nubanCheckDigit('044', String(serial)),
          account_name: '',
        });
        if (!added.success) break;
      }
      expect(added.msg).toMatch(
        /^The account name .+ does not match your verified name .+\. Add an account in your own name$/,
      );
    },
  );

  test('level 2: a selfie the provider matches; a mismatch fails with what to do; photos stay private', async () => {
    const u = await makeUser(t);
    const photo = await upload(t, u.token);
    expect(await t.call('/kyc/selfie', { token: u.token, selfie: photo })).toMatchObject({
      success: false,
      msg: KYC_MESSAGES.needLevel(1),
    });
    // (The documented 22222222233 behaves so; each number verifies one account, so this suite registers its own.)
    const unlike = newBvn();
    standIn.add({
      id_type: 'bvn',
      id_number: unlike,
      first_name: 'Tunde',
      last_name: 'Adeyemi',
      date_of_birth: '1985-12-01',
      selfie_mismatch: true,
    });
    await t
      .call('/kyc/verifyId', {
        token: u.token,
        id_type: 'bvn',
        id_number: unlike,
        first_name: 'Tunde',
        last_name: 'Adeyemi',
        date_of_birth: '1985-12-01',
      })
      .then((r) => expect(r.success).toBe(true));
    expect(await t.call('/kyc/selfie', { token: u.token, selfie: photo })).toMatchObject({
      success: false,
      msg: KYC_MESSAGES.selfieMismatch,
    });
    // Someone else's photo is not yours to send.
    const other = await makeUser(t);
    const theirs = await upload(t, other.token);
    expect(await t.call('/kyc/selfie', { token: u.token, selfie: theirs })).toMatchObject({
      success: false,
      msg: KYC_MESSAGES.photo,
    });

    const v = await makeUser(t);
    const nin = newBvn();
    standIn.add({
      id_type: 'nin',
      id_number: nin,
      first_name: 'Esi',
      last_name: 'Asante',
      date_of_birth: '1993-04-05',
    });
    await t
      .call('/kyc/verifyId', {
        token: v.token,
        id_type: 'nin',
        id_number: nin,
        first_name: 'Esi',
        last_name: 'Asante',
        date_of_birth: '1993-04-05',
      })
      .then((r) => expect(r.success).toBe(true));
    const selfie = await upload(t, v.token);
    expect(await t.call('/kyc/selfie', { token: v.token, selfie })).toMatchObject({
      success: true,
      data: { level: 2 },
    });
    const res = await t.app.inject({ method: 'GET', url: selfie.replace(t.config.publicUrl, '') });
    expect(res.statusCode).toBe(403);
  });

  test(
    'level 3: document and address reviewed by staff; every look is audited; the whole number needs a reason; a ' +
      'refusal is shown with its reason',
    async () => {
      const u = await makeUser(t);
      const bvn = newBvn();
      standIn.add({
        id_type: 'bvn',
        id_number: bvn,
        first_name: 'Yetunde',
        last_name: 'Balogun',
        date_of_birth: '1994-07-21',
      });
      await t.call('/kyc/verifyId', {
        token: u.token,
        id_type: 'bvn',
        id_number: bvn,
        first_name: 'Yetunde',
        last_name: 'Balogun',
        date_of_birth: '1994-07-21',
      });
      const doc = await upload(t, u.token);
      expect(
        await t.call('/kyc/documents', { token: u.token, document: doc, address: '12 Allen Avenue, Ikeja, Lagos' }),
      ).toMatchObject({ success: false, msg: KYC_MESSAGES.needLevel(2) });
      await t.call('/kyc/selfie', { token: u.token, selfie: await upload(t, u.token) });
      expect(await t.call('/kyc/documents', { token: u.token, document: doc, address: 'Lagos' })).toMatchObject({
        success: false,
        msg: KYC_MESSAGES.address,
      });
      expect(
        await t.call('/kyc/documents', { token: u.token, document: doc, address: '12 Allen Avenue, Ikeja, Lagos' }),
      ).toMatchObject({ success: true, data: { status: 'pending' } });
      expect(
        await t.call('/kyc/documents', { token: u.token, document: doc, address: '12 Allen Avenue, Ikeja, Lagos' }),
      ).toMatchObject({ success: false, msg: KYC_MESSAGES.pending });
      const sealed = await t.db.query<{ row: string }>(
        'select k::text as row from kyc_checks k where user_id = $1 and level = 3',
        [u.id],
      );
      expect(sealed.rows[0]!.row).not.toContain('Allen Avenue');

      const reviewer = await makeStaff(t, 'reviewer');
      const finance = await makeStaff(t, 'finance');
      expect((await opsCall(t, finance.token, 'GET', '/ops/api/kyc')).status).toBe(403);
      const list = await opsCall<{ id: number; user_id: number }[]>(t, reviewer.token, 'GET', '/ops/api/kyc');
      const req = list.data.find((x) => x.user_id === u.id)!;
      const one = await opsCall<{
        id_record: { id_number: string; name_on_record: string; date_of_birth: string };
        address: string;
        selfie: string;
        document: string;
      }>(t, reviewer.token, 'GET', `/ops/api/kyc/${req.id}`);
      expect(one.data.id_record).toMatchObject({
        id_number: `•••••••${bvn.slice(-4)}`,
        name_on_record: 'Yetunde Balogun',
        date_of_birth: '1994-07-21',
      });
      expect(one.data.address).toBe('12 Allen Avenue, Ikeja, Lagos');
      expect(one.data.document).toMatch(/signature=/);
      expect(
        (await t.app.inject({ method: 'GET', url: one.data.document.replace(t.config.publicUrl, '') })).statusCode,
      ).toBe(200);
      expect((await opsCall(t, reviewer.token, 'POST', `/ops/api/kyc/${req.id}/reveal`, { reason: '' })).success).toBe(
        false,
      );
      expect(
        await opsCall(t, reviewer.token, 'POST', `/ops/api/kyc/${req.id}/reveal`, {
          reason: 'Bank asked to confirm the BVN',
        }),
      ).toMatchObject({ success: true, data: { id_number: bvn } });
      const trail = await t.db.query<{ action: string; reason: string; staff_id: number }>(
        "select action, reason, staff_id from audit_log where target_type = 'user' and target_id = $1 order by id",
        [String(u.id)],
      );
      expect(trail.rows).toEqual([
        { action: 'kyc.view', reason: '', staff_id: reviewer.id },
        { action: 'kyc.reveal', reason: 'Bank asked to confirm the BVN', staff_id: reviewer.id },
      ]);
      // Refused with a reason the seller sees; sent again and approved: level 3.
      expect(
        (await opsCall(t, reviewer.token, 'POST', `/ops/api/kyc/${req.id}/decide`, { outcome: 'failed' })).msg,
      ).toBe(KYC_MESSAGES.reasonRequired);
      expect(
        (
          await opsCall(t, reviewer.token, 'POST', `/ops/api/kyc/${req.id}/decide`, {
            outcome: 'failed',
            reason: 'The photo is blurred',
          })
        ).success,
      ).toBe(true);
      expect(
        (await opsCall(t, reviewer.token, 'POST', `/ops/api/kyc/${req.id}/decide`, { outcome: 'verified' })).msg,
      ).toBe(KYC_MESSAGES.reviewDone);
      const st = await t.call<{ level: number; checks: { level: number; status: string; reason: string }[] }>(
        '/kyc/status',
        { token: u.token },
      );
      expect(st.data.level).toBe(2);
      expect(st.data.checks.find((c) => c.level === 3)).toMatchObject({
        status: 'failed',
        reason: 'The photo is blurred',
      });
      await t.call('/kyc/documents', {
        token: u.token,
        document: await upload(t, u.token),
        address: '12 Allen Avenue, Ikeja, Lagos',
      });
      const again = (
        await opsCall<{ id: number; user_id: number }[]>(t, reviewer.token, 'GET', '/ops/api/kyc')
      ).data.find((x) => x.user_id === u.id)!;
      const two = await Promise.all(
        [1, 2, 3].map(() =>
          opsCall(t, reviewer.token, 'POST', `/ops/api/kyc/${again.id}/decide`, { outcome: 'verified' }),
        ),
      );
      expect(two.filter((r) => r.success)).toHaveLength(1);
      expect((await t.call<{ level: number }>('/kyc/status', { token: u.token })).data.level).toBe(3);
    },
  );

  test('a balance above the level’s threshold is credited all the same; the status says so', async () => {
    const s = await seller(t, { naira: 350_000n });
    await verifyAsAccountHolder(t, standIn, s);
    await t.db.tx((q) => fund(q, ledger, s.id, 'NGN', 10_000_00n));
    const st = await t.call<{
      wallets: {
        currency: string;
        balance: string;
        above_threshold: boolean;
        above_remaining_today: boolean;
        balance_threshold: string;
      }[];
    }>('/kyc/status', { token: s.token });
    expect(st.data.wallets.find((w) => w.currency === 'NGN')).toMatchObject({
      balance: '₦360,000.00',
      balance_threshold: '₦300,000.00',
      above_threshold: true,
      above_remaining_today: true,
    });
  });

  test(
    'download my data: the profile, verification (masked), accounts, orders, money; never a secret or a whole ID ' +
      'number',
    async () => {
      const s = await seller(t);
      const bvn = await verifyAsAccountHolder(t, standIn, s);
      expect((await apply(t, s, '2000')).success).toBe(true);
      const r = await t.call<
        Record<string, unknown> & {
          profile: { email: string };
          verification: { id_number: string; status: string }[];
          withdrawals: { amount: string }[];
          wallet_entries: unknown[];
        }
      >('/user/exportData', { token: s.token });
      expect(r.success).toBe(true);
      expect(r.data.profile.email).toBe(s.email);
      expect(r.data.verification[0]).toMatchObject({ id_number: `•••••••${bvn.slice(-4)}`, status: 'verified' });
      expect(r.data.withdrawals[0]).toMatchObject({ amount: '2000.00' });
      expect(r.data.wallet_entries.length).toBeGreaterThan(0);
      const text = JSON.stringify(r.data);
      expect(text).not.toContain(bvn);
      expect(text).not.toMatch(/password_hash|tpassword|token_hash|sealed|\$argon2|\$scrypt/);
      expect((await t.call('/user/exportData', {})).success).toBe(false);
    },
  );
});

const pgOk = postgresStatus().ok;
(pgOk ? describe : describe.skip)('verification limits under concurrency (PostgreSQL)', () => {
  let tdb: TestDb;
  let t: TestApp;
  let standIn: IdentityStandIn;
  beforeAll(async () => ({ tdb, standIn, t } = await setup('postgres')));
  afterAll(async () => {
    await t?.close();
    await standIn?.close();
    await tdb?.close();
  });

  test(
    '30 racing withdrawals of ₦10,000 at level 1 (₦50,000 a day): exactly five pass, whatever the ' + 'order',
    async () => {
      const s = await seller(t, { naira: 400_000n });
      await verifyAsAccountHolder(t, standIn, s);
      await t.db.query(
        "update settings set value = jsonb_set(value, '{NGN,daily_count}', '1000') where key = 'withdraw_limits'",
      );
      t.app.ref.clear();
      const replies = await Promise.all(Array.from({ length: 30 }, (_, i) => apply(t, s, '10000', `race-key-${i}`)));
      expect(replies.filter((r) => r.success)).toHaveLength(5);
      expect(
        replies.filter((r) => !r.success).every((r) => r.msg.startsWith('You can withdraw ₦0.00 more today')),
      ).toBe(true);
      const held = await t.db.query<{ s: string }>(
        "select sum(amount_minor)::text as s from withdrawals where user_id = $1 and status <> 'failed'",
        [s.id],
      );
      expect(held.rows[0]!.s).toBe('5000000');
      expect(await checkLedger(t.db)).toEqual([]);
    },
  );
});
