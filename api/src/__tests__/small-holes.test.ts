// Smaller holes of issue 12: trivial withdrawal PINs, and mobile-money names from the look-up.
import { VALIDATION_MESSAGES as M } from '../lib/rules.js';
import { freshDb, targets, testApp, type TestApp, type TestDb } from '../test/harness.js';
import { makeUser } from '../test/money.js';

jest.setTimeout(120_000);

describe.each(targets())('smaller holes on %s', (target) => {
  let tdb: TestDb;
  let t: TestApp;
  beforeAll(async () => {
    tdb = await freshDb(target);
    t = await testApp(tdb);
  });
  afterAll(async () => {
    await t?.close();
    await tdb?.close();
  });

  test('a trivial PIN is refused when set, changed or reset, with the words of the PIN forms', async () => {
    const u = await makeUser(t);
    for (const pin of ['000000', '111111', '123456', '654321', '456789', '098765']) {
      expect(await t.call('/withdraw/transactionPassword', { token: u.token, password: pin })).toMatchObject({ success: false, msg: M.pinTrivial });
    }
    expect((await t.call('/withdraw/transactionPassword', { token: u.token, password: '274915' })).success).toBe(true);
    for (const path of ['/withdraw/changeTPassword', '/withdraw/upTPassword']) {
      expect(await t.call(path, { token: u.token, password: '274915', new_password: '999999' })).toMatchObject({ success: false, msg: M.pinTrivial });
    }
    expect((await t.call('/withdraw/sendResetCode', { token: u.token })).success).toBe(true);
    expect(await t.call('/withdraw/resetTPassword', { token: u.token, verify_code: t.lastCode(u.email), new_password: '123456' })).toMatchObject({ success: false, msg: M.pinTrivial });
    // The PIN is still the one set, and nothing was locked by the refusals.
    const row = await t.db.query<{ tpassword_failures: number }>('select tpassword_failures from users where id = $1', [u.id]);
    expect(row.rows[0]?.tpassword_failures).toBe(0);
    expect((await t.call('/withdraw/changeTPassword', { token: u.token, password: '274915', new_password: '135790' })).success).toBe(true);
  });
});
