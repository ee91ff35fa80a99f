// A seller's money available now and the holds on the rest (withdraw/standing.ts): the figure the
// wallet, the withdraw form and the native apps' withdraw/information show is exactly what a
// withdrawal can take, in every hold case; a refusal names the hold in the same words; parallel
// withdrawals never take more together. PGlite and PostgreSQL (the parallel burst: PostgreSQL only).
import { checkLedger } from '../modules/ledger/check.js';
import { Ledger } from '../modules/ledger/ledger.js';
import { freshDb, targets, testApp, type Target, type TestApp, type TestDb } from '../test/harness.js';
import { isSessionCheck, statementsDuring } from '../test/statements.js';
import { fund, makeStaff, makeUser, opsCall, TEST_PASSWORD, verifyIdentity, nubanCheckDigit } from '../test/money.js';

jest.setTimeout(180_000);

type Hold = { kind: string; title: string; message: string; until: number; amount: string; blocking: boolean };
type Standing = {
  wallet_type: number;
  currency_name: string;
  available_now: string;
  balance: string;
  held: string;
  holds: Hold[];
};

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "27 Nov 2026, 04:45 Lagos time" for Unix seconds, worked out by hand (Lagos is UTC+1 all year). */
const lagos = (seconds: number) => {
  const d = new Date(seconds * 1000 + 3600_000);
  const two = (n: number) => String(n).padStart(2, '0');
  return (
    `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}, ` +
    `${two(d.getUTCHours())}:${two(d.getUTCMinutes())} Lagos time`
  );
};

let serial = 410_000_000;
const accountNo = () => {
  const s = String(serial++);
  return s + nubanCheckDigit('044', s);
};

describe.each(targets())('money available now on %s', (target: Target) => {
  const onPg = target === 'postgres' ? test : test.skip;
  let tdb: TestDb;
  let t: TestApp;
  const ledger = new Ledger();
  beforeAll(async () => {
    tdb = await freshDb(target);
    t = await testApp(tdb, {
      security: { coolingOffMs: 24 * 3600_000, siteUrl: 'http://site.test', reauthGraceMs: 0 },
      supportEmail: 'support@giftlane.test',
      supportWhatsapp: '+2348000000000',
    });
  });
  afterAll(async () => {
    await t?.close();
    await tdb?.close();
  });
  afterEach(async () => {
    expect(await checkLedger(t.db)).toEqual([]);
  });

  /**
   * A new Nigerian seller as the issue met them: ₦62,750.00 in the wallet, verified at level 1 (₦50,000
   * a day), a transaction password, and a bank account added a moment ago (in its 24 h cooling-off).
   */
  async function newSeller(naira = 62_750_00n) {
    const u = await makeUser(t, { pin: '246810' });
    await t.db.tx((q) => fund(q, ledger, u.id, 'NGN', naira));
    const added = await t.call<{ bank_id: number }>('/payment/add', {
      token: u.token,
      password: TEST_PASSWORD,
      t_password: '246810',
      payment_id: '1',
      bank_id: '100',
      account_no: accountNo(),
      account_name: '',
    });
    if (!added.success) throw new Error(added.msg);
    await verifyIdentity(t, u.id, { level: 1 });
    return { ...u, bankId: String(added.data.bank_id) };
  }
  const endCoolingOff = (userId: number) =>
    t.db.query("update payout_accounts set usable_from = now() - interval '1 minute' where user_id = $1", [userId]);
  const standing = async (token: string): Promise<Standing> => {
    const r = await t.call<{ standing: Standing[] }>('/wallet/balance', { token });
    expect(r.success).toBe(true);
    expect(r.data.standing.map((s) => s.currency_name)).toEqual(['NGN', 'USDT']);
    return r.data.standing[0]!;
  };
  const information = async (token: string) =>
    (
      await t.call<{
        available_now: string;
        holds: Hold[];
        cashable_amount: number;
        security_hold: { message: string; until: number; frozen: boolean } | null;
      }>('/withdraw/information', { token, wallet_type: '1' })
    ).data;
  const withdraw = (s: { token: string; bankId: string }, amount: string) =>
    t.call<{ withdraw_no: string }>('/withdraw/apply', {
      token: s.token,
      bank_id: s.bankId,
      amount,
      password: '246810',
    });
  const kinds = (s: { holds: Hold[] }) => s.holds.map((h) => h.kind);

  test(
    'a new payout account: nothing is available for 24 hours, the reason says from when, the ' + 'refusal too',
    async () => {
      const s = await newSeller();
      const usable = (
        await t.db.query<{ at: Date }>('select usable_from as at from payout_accounts where user_id = $1', [s.id])
      ).rows[0]!.at;
      const w = await standing(s.token);
      expect(w).toMatchObject({ available_now: '0.00', balance: '62750.00', held: '0.00' });
      const cooling = w.holds.find((h) => h.kind === 'payout_account_cooling_off')!;
      expect(cooling.until).toBe(Math.floor(usable.getTime() / 1000));
      expect(cooling).toMatchObject({ title: 'New payout account', amount: '62750.00', blocking: true });
      // A limit keeps some money back; it does not stop every amount.
      expect(w.holds.find((h) => h.kind === 'kyc_daily_limit')!.blocking).toBe(false);
      expect(cooling.message).toContain(`from ${lagos(cooling.until)}.`);
      expect(cooling.message).not.toMatch(/until|in 2\d hours/);
      // The level's daily limit is said too: once the wait ends, ₦12,750.00 of it must wait another day.
      expect(kinds(w)).toEqual(['payout_account_cooling_off', 'kyc_single_limit', 'kyc_daily_limit']);

      const refused = await withdraw(s, '1500');
      expect(refused.success).toBe(false);
      expect(refused.msg).toBe(cooling.message);

      const info = await information(s.token);
      expect(info.available_now).toBe('0.00');
      expect(info.holds).toEqual(w.holds);
      // The older fields keep their meaning: the cash balance, and the block said in the same words.
      expect(info.cashable_amount).toBe(62750);
      expect(info.security_hold).toMatchObject({ message: cooling.message, until: cooling.until, frozen: false });
    },
  );

  test("the wallet and the withdrawal form each read the seller's money in one statement", async () => {
    const s = await newSeller();
    // A second account, not the default: the form names the default one.
    await t.db.query(
      "insert into payout_accounts (user_id, method, bank_id, account_no, account_name) values ($1, 'BANK', 100, " +
        "'0000000001', 'Other Name')",
      [s.id],
    );
    const bank = (
      await t.db.query<{ account_no: string; name: string; logo: string }>(
        'select p.account_no, b.name, b.logo from payout_accounts p join banks b on b.id = p.bank_id where p.id = $1',
        [s.bankId],
      )
    ).rows[0]!;
    await standing(s.token);
    await information(s.token);
    const { value: w, sql: wallet } = await statementsDuring(t.db, () => standing(s.token));
    const { value: info, sql } = await statementsDuring(t.db, () =>
      t.call<{
        bank: { bank_id: number; bank_account: string; bank_name: string; bank_logo: string } | null;
        security_hold: { message: string } | null;
      }>('/withdraw/information', { token: s.token, wallet_type: '1' }),
    );
    // The session check is answered from this process's cache for up to a second.
    expect(wallet.filter((q) => !isSessionCheck(q))).toHaveLength(1);
    expect(sql.filter((q) => !isSessionCheck(q))).toHaveLength(1);
    expect(info.data.bank).toEqual({
      bank_id: Number(s.bankId),
      bank_account: bank.account_no,
      bank_name: bank.name,
      bank_logo: bank.logo,
      bank_logo_image: bank.logo,
    });
    // The default account is in its cooling-off: the form says so in the wallet's words.
    expect(info.data.security_hold?.message).toBe(
      w.holds.find((h) => h.kind === 'payout_account_cooling_off')!.message,
    );
  });

  test(
    'a payout account not in the verified name is not counted: nothing is available, the hold says why, and the ' +
      'withdrawal refuses in the same words',
    async () => {
      const s = await newSeller();
      await endCoolingOff(s.id);
      await t.db.query("update payout_accounts set account_name = 'IBRAHIM DANSO' where user_id = $1", [s.id]);
      const w = await standing(s.token);
      expect(w.available_now).toBe('0.00');
      const name = w.holds.find((h) => h.kind === 'payout_account_name')!;
      expect(name).toMatchObject({ title: 'Payout account not in your name', amount: '62750.00' });
      expect(name.message).toContain('IBRAHIM DANSO');
      const refused = await withdraw(s, '1500');
      expect(refused.success).toBe(false);
      expect(refused.msg).toBe(name.message);
      expect((await information(s.token)).available_now).toBe('0.00');
    },
  );

  test(
    "KYC daily limit: available now is the day's rest, exactly what a withdrawal can take, partly " + 'used too',
    async () => {
      const s = await newSeller();
      await endCoolingOff(s.id);
      let w = await standing(s.token);
      expect(w.available_now).toBe('50000.00');
      const daily = w.holds.find((h) => h.kind === 'kyc_daily_limit')!;
      expect(daily.message).toMatch(
        /^You can withdraw ₦50,000\.00 more today \(your daily limit at level 1 is ₦50,000\.00\)\. The limit resets on \d{1,2} \w{3} \d{4}, 00:00 Lagos time\. Verify to level 2 in Settings → Verification to withdraw up to ₦200,000\.00 a day\.$/,
      );
      expect(daily.message).toContain(lagos(daily.until));
      expect(daily.amount).toBe('12750.00');
      expect((await information(s.token)).available_now).toBe('50000.00');

      // One kobo more than available is refused, naming the limit; the figure itself goes through.
      const over = await withdraw(s, '50000.01');
      expect(over.success).toBe(false);
      expect(over.msg).toMatch(/^At level 1 one withdrawal can be at most ₦50,000\.00/);
      expect((await withdraw(s, '20000')).success).toBe(true);

      // Partly used: ₦30,000.00 left of the day, ₦20,000.00 on its way.
      w = await standing(s.token);
      expect(w).toMatchObject({ available_now: '30000.00', balance: '42750.00', held: '20000.00' });
      expect(w.holds.find((h) => h.kind === 'kyc_daily_limit')!.message).toMatch(
        /^You can withdraw ₦30,000\.00 more today/,
      );
      const pending = w.holds.find((h) => h.kind === 'pending_withdrawals')!;
      expect(pending).toMatchObject({ title: 'Being paid out', amount: '20000.00' });
      expect(pending.message).toContain('₦20,000.00 is on its way to your payout account (1 withdrawal), promised by ');
      expect((await information(s.token)).available_now).toBe('30000.00');
      const again = await withdraw(s, '30000.01');
      expect(again).toMatchObject({ success: false });
      expect(again.msg).toMatch(
        /^You can withdraw ₦30,000\.00 more today \(your daily limit at level 1 is ₦50,000\.00\)/,
      );
      expect((await withdraw(s, '30000')).success).toBe(true);
      w = await standing(s.token);
      expect(w.available_now).toBe('0.00');
      expect(w.holds.find((h) => h.kind === 'kyc_daily_limit')!.message).toMatch(/^You can withdraw ₦0\.00 more today/);
      expect((await withdraw(s, '1500')).success).toBe(false);
    },
  );

  test(
    'the wallet, which reads both standings at once, says what the withdraw form says reading one ' + 'by one',
    async () => {
      const s = await newSeller();
      const same = async () => {
        const w = await standing(s.token);
        const info = await information(s.token);
        expect(w.available_now).toBe(info.available_now);
        expect(w.holds).toEqual(info.holds);
        return w;
      };
      expect(kinds(await same())).toContain('payout_account_cooling_off');
      await endCoolingOff(s.id);
      expect((await withdraw(s, '20000')).success).toBe(true);
      expect(kinds(await same())).toEqual(expect.arrayContaining(['kyc_daily_limit', 'pending_withdrawals']));
      const finance = await makeStaff(t, 'finance');
      await opsCall(t, finance.token, 'POST', `/ops/api/users/${s.id}/freeze`, { reason: 'Card reported stolen.' });
      expect(kinds(await same())[0]).toBe('freeze');
    },
  );

  test(
    'a freeze: nothing is available, the reason staff gave and how to reach us; the refusal says ' + 'the same',
    async () => {
      const s = await newSeller();
      await endCoolingOff(s.id);
      const finance = await makeStaff(t, 'finance');
      const froze = await opsCall(t, finance.token, 'POST', `/ops/api/users/${s.id}/freeze`, {
        reason: 'Card reported stolen.',
      });
      expect(froze.success).toBe(true);
      const w = await standing(s.token);
      expect(w.available_now).toBe('0.00');
      expect(w.holds[0]).toMatchObject({
        kind: 'freeze',
        title: 'Withdrawals frozen',
        until: 0,
        message:
          'Our support team froze withdrawals on your account: Card reported stolen. Only they can lift the freeze: ' +
          'contact support at support@giftlane.test or on WhatsApp +2348000000000.',
      });
      const refused = await withdraw(s, '1500');
      expect(refused).toMatchObject({ success: false, msg: w.holds[0]!.message });
      const info = await information(s.token);
      expect(info.available_now).toBe('0.00');
      expect(info.security_hold).toMatchObject({ frozen: true, message: w.holds[0]!.message });
    },
  );

  test('a security change: withdrawals wait, the reason and from when; the refusal names it', async () => {
    const s = await newSeller();
    await endCoolingOff(s.id);
    const changed = await t.call('/withdraw/changeTPassword', {
      token: s.token,
      password: '246810',
      new_password: '135790',
      login_password: TEST_PASSWORD,
    });
    expect(changed.success).toBe(true);
    const w = await standing(s.token);
    expect(w.available_now).toBe('0.00');
    const hold = w.holds[0]!;
    expect(hold).toMatchObject({ kind: 'security_cooling_off', title: 'Paused after a security change' });
    expect(hold.message).toBe(
      'For your safety, withdrawals are paused after a security change (your transaction password was changed). ' +
        `You can withdraw again from ${lagos(hold.until)}.`,
    );
    const refused = await t.call('/withdraw/apply', {
      token: s.token,
      bank_id: s.bankId,
      amount: '1500',
      password: '135790',
    });
    expect(refused).toMatchObject({ success: false, msg: hold.message });
  });

  test('below the minimum, nothing is available and the minimum is said; no payout account is said too', async () => {
    const s = await newSeller(1_000_00n);
    await endCoolingOff(s.id);
    const w = await standing(s.token);
    expect(w.available_now).toBe('0.00');
    expect(w.holds.find((h) => h.kind === 'minimum')!.message).toBe(
      'The smallest withdrawal is ₦1,500.00. You can withdraw once you have at least that much.',
    );
    expect((await withdraw(s, '1000')).success).toBe(false);

    const bare = await makeUser(t, { pin: '246810' });
    await t.db.tx((q) => fund(q, ledger, bare.id, 'NGN', 5_000_00n));
    await verifyIdentity(t, bare.id, { level: 1 });
    const b = await standing(bare.token);
    expect(b.available_now).toBe('0.00');
    expect(b.holds[0]).toMatchObject({ kind: 'no_payout_account', title: 'No payout account' });
  });

  test('USDT is written as the screens write it: the amount, then USDT', async () => {
    const s = await newSeller();
    await t.db.tx((q) => fund(q, ledger, s.id, 'USDT', 12_5000n));
    const r = await t.call<{ standing: Standing[] }>('/wallet/balance', { token: s.token });
    const usdt = r.data.standing[1]!;
    // No USDT address yet: nothing can leave, and the seller is told what to add.
    expect(usdt).toMatchObject({ wallet_type: 2, currency_name: 'USDT', available_now: '0.0000', balance: '12.5000' });
    expect(usdt.holds[0]).toMatchObject({ kind: 'no_payout_account', amount: '12.5000' });
    const kyc = await t.call<{ wallets: { currency: string; remaining_today: string; daily_limit: string }[] }>(
      '/kyc/status',
      { token: s.token },
    );
    expect(kyc.data.wallets.find((x) => x.currency === 'USDT')).toMatchObject({
      remaining_today: '35.0000 USDT',
      daily_limit: '35.0000 USDT',
    });
  });

  onPg('parallel withdrawals together never take more than was available now', async () => {
    const s = await newSeller();
    await endCoolingOff(s.id);
    expect((await standing(s.token)).available_now).toBe('50000.00');
    const burst = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        t.call('/withdraw/apply', {
          token: s.token,
          bank_id: s.bankId,
          amount: '20000',
          password: '246810',
          idempotency_key: `burst-${s.id}-${i}`,
        }),
      ),
    );
    const ok = burst.filter((r) => r.success).length;
    expect(ok).toBe(2);
    const taken = (
      await t.db.query<{ total: string }>(
        'select coalesce(sum(amount_minor), 0)::text as total from withdrawals where user_id = $1 and status <> ' +
          "'failed'",
        [s.id],
      )
    ).rows[0]!.total;
    expect(BigInt(taken)).toBeLessThanOrEqual(50_000_00n);
    const after = await standing(s.token);
    expect(after).toMatchObject({ available_now: '10000.00', held: '40000.00' });
    // And the rest is exactly what one more withdrawal may take.
    expect((await withdraw(s, '10000.01')).success).toBe(false);
    expect((await withdraw(s, '10000')).success).toBe(true);
  });
});
