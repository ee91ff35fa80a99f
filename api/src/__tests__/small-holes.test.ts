// Smaller account-security holes: trivial withdrawal PINs, and mobile-money names from the look-up.
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
    // Signed in on the app a moment ago: its calls carry no login password.
    const u = await makeUser(t, { client: 'android' });
    for (const pin of ['000000', '111111', '123456', '654321', '456789', '098765']) {
      expect(await t.call('/withdraw/transactionPassword', { token: u.token, password: pin })).toMatchObject({
        success: false,
        msg: M.pinTrivial,
      });
    }
    expect((await t.call('/withdraw/transactionPassword', { token: u.token, password: '274915' })).success).toBe(true);
    for (const path of ['/withdraw/changeTPassword', '/withdraw/upTPassword']) {
      expect(await t.call(path, { token: u.token, password: '274915', new_password: '999999' })).toMatchObject({
        success: false,
        msg: M.pinTrivial,
      });
    }
    expect((await t.call('/withdraw/sendResetCode', { token: u.token })).success).toBe(true);
    expect(
      await t.call('/withdraw/resetTPassword', {
        token: u.token,
        verify_code: t.lastCode(u.email),
        new_password: '123456',
      }),
    ).toMatchObject({ success: false, msg: M.pinTrivial });
    // The PIN is still the one set, and nothing was locked by the refusals.
    const row = await t.db.query<{ tpassword_failures: number }>('select tpassword_failures from users where id = $1', [
      u.id,
    ]);
    expect(row.rows[0]?.tpassword_failures).toBe(0);
    expect(
      (await t.call('/withdraw/changeTPassword', { token: u.token, password: '274915', new_password: '135790' }))
        .success,
    ).toBe(true);
  });

  test(
    'a mobile money account is saved under the name the network look-up gives; a forged account_name is ' + 'ignored',
    async () => {
      // Signed in on the app a moment ago: its payment/add carries neither the password nor the PIN.
      const gh = await makeUser(t, { country: 2, client: 'android' });
      const banks = await t.call<{ bank_id: number; bank_name: string }[]>('/payment/bankList', {
        token: gh.token,
        country_id: '2',
        payment_id: '2',
      });
      const mtn = banks.data.find((b) => b.bank_name === 'MTN MoMo')!;
      const looked = await t.call<{ user_name: string }>('/payment/verify', {
        token: gh.token,
        bank_id: String(mtn.bank_id),
        bank_account: '024 765 4321',
      });
      expect(looked).toMatchObject({ success: true, data: { user_name: expect.stringMatching(/^[A-Z]+ [A-Z]+$/) } });
      const added = await t.call<{ account_name: string }>('/payment/add', {
        token: gh.token,
        payment_id: '2',
        bank_id: String(mtn.bank_id),
        account_no: '0247654321',
        account_name: 'ATTACKER NAME',
      });
      expect(added).toMatchObject({ success: true, data: { account_name: looked.data.user_name } });
      // Without any name from the client, the same.
      const second = await t.call<{ account_name: string }>('/payment/add', {
        token: gh.token,
        payment_id: '2',
        bank_id: String(mtn.bank_id),
        account_no: '0551234567',
        account_name: '',
      });
      expect(second.data.account_name).toMatch(/^[A-Z]+ [A-Z]+$/);
      const saved = await t.call<{ code: string; data_list: { account_no: string; account_name: string }[] }[]>(
        '/payment/list',
        { token: gh.token, type: '1' },
      );
      const momo = saved.data.find((g) => g.code === 'MOMO')!.data_list;
      expect(momo.find((a) => a.account_no === '0247654321')?.account_name).toBe(looked.data.user_name);
      expect(JSON.stringify(saved.data)).not.toContain('ATTACKER');
      // The form the app draws says where the name comes from.
      const methods = await t.call<{ code: string; form_list: { code: string; desc: string }[] }[]>(
        '/payment/paymentList',
        { token: gh.token, type: '1', country_id: '2' },
      );
      expect(methods.data.find((m) => m.code === 'MOMO')?.form_list.find((f) => f.code === 'account_name')?.desc).toBe(
        'Looked up from the network',
      );
    },
  );
});
