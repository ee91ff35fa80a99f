// Every time a seller reads in a notice is in their country's time zone, in one format: the header's
// time (the notice's own, shown by the screen in the seller's zone) and the text's are the same clock.
import { Ledger } from '../modules/ledger/ledger.js';
import { sendBreachNotice } from '../modules/compensation/service.js';
import { sellerTime, sellerZone } from '../shared/seller-time.js';
import { freshDb, targets, testApp, type TestApp, type TestDb } from '../test/harness.js';
import { makeUser, sellerWithPendingWithdrawal, TEST_PASSWORD } from '../test/money.js';

jest.setTimeout(120_000);

type Notice = { notice_title: string; notice_content: string; notice_time: number };

test('the one format: the seller zone named, never UTC for our countries', () => {
  const at = new Date('2026-11-27T03:45:00Z');
  expect(sellerTime(at, sellerZone('NG'))).toBe('27 Nov 2026, 04:45 Lagos time');
  expect(sellerTime(at, sellerZone('GH'))).toBe('27 Nov 2026, 03:45 Accra time');
  expect(sellerTime(at, sellerZone('KE'))).toBe('27 Nov 2026, 03:45 UTC');
});

describe.each(targets())('times in notices on %s', (target) => {
  let tdb: TestDb;
  let t: TestApp;
  const ledger = new Ledger();
  beforeAll(async () => {
    tdb = await freshDb(target);
    t = await testApp(tdb, { security: { coolingOffMs: 0, siteUrl: 'http://site.test', reauthGraceMs: 0 } });
  });
  afterAll(async () => {
    await t?.close();
    await tdb?.close();
  });

  const notices = async (token: string) => {
    const r = await t.call<Notice[]>('/finder/allNotice', { token, type: 'all', page: '0', page_size: '20' });
    if (!r.success) throw new Error(r.msg);
    return r.data;
  };

  test.each([
    [1, 'NG', 'Lagos time'],
    [2, 'GH', 'Accra time'],
  ])('a security notice (country %s) says the time of its header, in the zone of %s', async (country, zone, named) => {
    const u = await makeUser(t, { country });
    const r = await t.call('/user/modipassword', {
      token: u.token,
      password: TEST_PASSWORD,
      new_password: 'Another1234!',
    });
    expect(r).toMatchObject({ success: true });
    const n = (await notices(u.token)).find((x) => x.notice_title === 'Login password changed')!;
    expect(n.notice_content).toContain(named);
    expect(n.notice_content).not.toMatch(/UTC/);
    // The header's clock (the notice's time, in the seller's zone) is the text's, to the minute it was written.
    const header = new Date(n.notice_time * 1000);
    const said = [header, new Date(header.getTime() - 60_000)].map((d) => sellerTime(d, sellerZone(zone)));
    expect(said.some((s) => n.notice_content.includes(`on ${s}.`))).toBe(true);
  });

  test('a late withdrawal notice gives the promised time in the seller zone', async () => {
    const s = await sellerWithPendingWithdrawal(t, ledger);
    const w = (
      await t.db.query<{ id: string; promised_at: Date }>(
        "update withdrawals set promised_at = now() - interval '1 minute' where withdraw_no = $1 " +
          'returning id::text as id, promised_at',
        [s.withdrawNo],
      )
    ).rows[0]!;
    expect(await sendBreachNotice(t.db, { subject: 'withdrawal', id: BigInt(w.id) })).toBe(true);
    const n = (await notices(s.token)).find((x) => x.notice_title.startsWith('Your withdrawal is late'))!;
    expect(n.notice_content).toContain(`was promised by ${sellerTime(w.promised_at, sellerZone('NG'))} and`);
    expect(n.notice_content).not.toMatch(/UTC/);
  });
});
