// Dates of birth are sealed like ID numbers (a dump shows none), and a date that
// cannot be a birth date is refused before any look-up, costing none of the seller's five a day.
import { openPglite } from '../db/db.js';
import { migrate } from '../db/migrate.js';
import { migrations } from '../db/migrations/index.js';
import { HttpIdentityProvider, type IdentityProvider } from '../modules/kyc/provider.js';
import { dateOfBirthProblem, KYC_ATTEMPTS_PER_DAY, KYC_MESSAGES } from '../modules/kyc/service.js';
import { startIdentityStandIn, type IdentityStandIn } from '../modules/kyc/stand-in.js';
import { dateOfBirthContext, IdentityVault } from '../modules/kyc/vault.js';
import { freshDb, targets, testApp, type TestApp, type TestDb } from '../test/harness.js';
import { makeStaff, makeUser, opsCall } from '../test/money.js';

jest.setTimeout(120_000);

let seq = 0;
const newBvn = () => `5${String(Date.now() % 1e7).padStart(7, '0')}${String(seq++ % 1000).padStart(3, '0')}`;
/** YYYY-MM-DD of a day `days` from now in Lagos. */
const lagosDay = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date(Date.now() + days * 86_400_000));

describe('dateOfBirthProblem', () => {
  const now = new Date('2026-11-26T23:30:00Z'); // already 27 November in Lagos (UTC+1)
  test.each([
    ['2031-02-30', KYC_MESSAGES.dobImpossible('2031-02-30')],
    ['1990-02-29', KYC_MESSAGES.dobImpossible('1990-02-29')],
    ['1990-04-31', KYC_MESSAGES.dobImpossible('1990-04-31')],
    ['1990-13-01', KYC_MESSAGES.dobImpossible('1990-13-01')],
    ['1990-00-10', KYC_MESSAGES.dobImpossible('1990-00-10')],
    ['1899-12-31', KYC_MESSAGES.dobImpossible('1899-12-31')],
    ['2026-11-28', KYC_MESSAGES.dobFuture],
    ['14/05/1990', KYC_MESSAGES.dob],
    ['1990-5-14', KYC_MESSAGES.dob],
  ])('%s is refused', (d, msg) => expect(dateOfBirthProblem(d, 'Africa/Lagos', now)).toBe(msg));
  test.each(['2000-02-29', '1990-05-14', '2026-11-27'])('%s is a date of birth', (d) =>
    expect(dateOfBirthProblem(d, 'Africa/Lagos', now)).toBeNull(),
  );
  test("today is the seller's day: 27 November is still in the future in UTC", () =>
    expect(dateOfBirthProblem('2026-11-27', 'UTC', now)).toBe(KYC_MESSAGES.dobFuture));
});

describe.each(targets())('dates of birth on %s', (target) => {
  let tdb: TestDb;
  let t: TestApp;
  let standIn: IdentityStandIn;
  let lookUps = 0;
  beforeAll(async () => {
    tdb = await freshDb(target);
    standIn = await startIdentityStandIn();
    const real = new HttpIdentityProvider(standIn.url, standIn.appId, standIn.secretKey);
    const counting: IdentityProvider = {
      lookUp: (...a) => {
        lookUps++;
        return real.lookUp(...a);
      },
      matchSelfie: (...a) => real.matchSelfie(...a),
    };
    t = await testApp(tdb, {}, { identityProvider: counting });
  });
  afterAll(async () => {
    await t?.close();
    await standIn?.close();
    await tdb?.close();
  });

  const verify = (token: string, bvn: string, dob: string) =>
    t.call<{ level: number; name: string }>('/kyc/verifyId', {
      token,
      id_type: 'bvn',
      id_number: bvn,
      first_name: 'Ifeoma',
      last_name: 'Nwosu',
      date_of_birth: dob,
    });

  test('the date is sealed: a raw dump of the row shows no readable date, and the plain column is gone', async () => {
    const u = await makeUser(t);
    const bvn = newBvn();
    standIn.add({
      id_type: 'bvn',
      id_number: bvn,
      first_name: 'Ifeoma',
      last_name: 'Nwosu',
      date_of_birth: '1987-06-21',
    });
    expect(await verify(u.token, bvn, '1987-06-21')).toMatchObject({ success: true, data: { level: 1 } });
    const dump = await t.db.query<{ row: string; sealed: string }>(
      'select k::text as row, date_of_birth_sealed as sealed from kyc_checks k where user_id = $1',
      [u.id],
    );
    expect(dump.rows).toHaveLength(1);
    const { row, sealed } = dump.rows[0]!;
    for (const readable of ['1987-06-21', '1987', '21/06', '06-21']) expect(row).not.toContain(readable);
    expect(sealed).toMatch(/^v1\.[0-9a-f]{8}\./);
    const cols = await t.db.query(
      "select column_name from information_schema.columns where table_name = 'kyc_checks' and column_name like " +
        "'date_of_birth%' order by 1",
    );
    expect(cols.rows).toEqual([{ column_name: 'date_of_birth_sealed' }]);
    // Bound to its seller: the value cannot be opened as another user's (moved to another row).
    const vault = new IdentityVault(t.config.kyc.dataKey);
    expect(vault.open(sealed, dateOfBirthContext(u.id))).toBe('1987-06-21');
    expect(() => vault.open(sealed, dateOfBirthContext(u.id + 1))).toThrow();
    expect(() => vault.open(sealed, `user:${u.id}`)).toThrow();

    // Download my data still shows the seller their own date; staff see it on a level 3 request.
    const mine = await t.call<{ verification: { level: number; date_of_birth: string | null }[] }>('/user/exportData', {
      token: u.token,
    });
    expect(mine.data.verification).toEqual([expect.objectContaining({ level: 1, date_of_birth: '1987-06-21' })]);
    await t.db.query("insert into kyc_checks (user_id, level, status) values ($1, 3, 'pending')", [u.id]);
    const checkId = (
      await t.db.query<{ id: string }>('select id::text as id from kyc_checks where user_id = $1 and level = 3', [u.id])
    ).rows[0]!.id;
    const staff = await makeStaff(t, 'reviewer');
    const review = await opsCall<{ id_record: { date_of_birth: string } }>(
      t,
      staff.token,
      'GET',
      `/ops/api/kyc/${checkId}`,
    );
    expect(review.data.id_record.date_of_birth).toBe('1987-06-21');
  });

  test(
    'impossible and future dates are refused before any look-up and cost none of the five daily ' + 'look-ups',
    async () => {
      const u = await makeUser(t);
      const bvn = newBvn();
      standIn.add({
        id_type: 'bvn',
        id_number: bvn,
        first_name: 'Ifeoma',
        last_name: 'Nwosu',
        date_of_birth: '1990-01-15',
      });
      const before = lookUps;
      const refused: [string, string][] = [
        ['2031-02-30', KYC_MESSAGES.dobImpossible('2031-02-30')],
        ['1990-02-29', KYC_MESSAGES.dobImpossible('1990-02-29')],
        [lagosDay(1), KYC_MESSAGES.dobFuture],
        [lagosDay(400), KYC_MESSAGES.dobFuture],
        ['1990-02-31', KYC_MESSAGES.dobImpossible('1990-02-31')],
        ['1885-01-01', KYC_MESSAGES.dobImpossible('1885-01-01')],
      ];
      // The real number each time: without the check, each would be a look-up refused as a mismatch.
      for (const [dob, msg] of refused) expect(await verify(u.token, bvn, dob)).toMatchObject({ success: false, msg });
      expect(lookUps).toBe(before);
      expect(
        (await t.db.query('select count(*)::int as n from kyc_checks where user_id = $1', [u.id])).rows[0],
      ).toEqual({
        n: 0,
      });
      expect((await t.call<{ attempts_left: number }>('/kyc/status', { token: u.token })).data.attempts_left).toBe(
        KYC_ATTEMPTS_PER_DAY,
      );
      // Four look-ups that fail, then the fifth, right one, is still made: six refusals cost nothing.
      for (let i = 0; i < KYC_ATTEMPTS_PER_DAY - 1; i++)
        expect(await verify(u.token, newBvn(), '1990-01-15')).toMatchObject({
          success: false,
          msg: KYC_MESSAGES.notFound('bvn'),
        });
      expect(await verify(u.token, bvn, '1990-01-15')).toMatchObject({
        success: true,
        data: { level: 1, name: 'Ifeoma Nwosu' },
      });
      expect(lookUps).toBe(before + KYC_ATTEMPTS_PER_DAY);
    },
  );
});

describe('the migration that seals the dates already kept', () => {
  test(
    'a plain date is sealed with the api key and the plain column dropped; without the key it refuses ' + 'to run',
    async () => {
      const before = migrations.filter((m) => m.id !== '0019-store-kyc');
      const key = 'Qm4Tz8Lp2Vx6Nc0Hr5Wd9Ks3Fb7Jg1Ya';
      const db = await openPglite();
      try {
        await migrate(db, before);
        const u = await db.query<{ id: number }>(
          "insert into users (username, email, country_id, register_type, invite_code) values ('old@example.com', " +
            "'old@example.com', 1, 1, 'OLDDOB01') returning id",
        );
        const id = u.rows[0]!.id;
        await db.query(
          "insert into kyc_checks (user_id, level, id_type, id_last4, date_of_birth, status) values ($1, 1, 'bvn', " +
            "'1234', '1979-10-04', 'verified'), ($1, 1, 'bvn', '1234', null, 'failed')",
          [id],
        );
        await expect(migrate(db)).rejects.toThrow(/KYC_DATA_KEY/);
        // Nothing was half done: the failed run rolled back.
        expect(
          (
            await db.query(
              "select count(*)::int as n from information_schema.columns where table_name = 'kyc_checks' and " +
                "column_name = 'date_of_birth'",
            )
          ).rows[0],
        ).toEqual({ n: 1 });
        expect(await migrate(db, undefined, { kycDataKey: key })).toEqual(['0019-store-kyc']);
        const rows = await db.query<{ row: string; sealed: string }>(
          'select k::text as row, date_of_birth_sealed as sealed from kyc_checks k order by id',
        );
        expect(rows.rows.map((r) => r.row.includes('1979'))).toEqual([false, false]);
        expect(new IdentityVault(key).open(rows.rows[0]!.sealed, dateOfBirthContext(id))).toBe('1979-10-04');
        expect(rows.rows[1]!.sealed).toBe('');
      } finally {
        await db.close();
      }
    },
  );
});
