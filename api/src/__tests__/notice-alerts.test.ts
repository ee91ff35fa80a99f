// An update about a seller's money (an order decided, a payout, an offer, an appeal, a case reply)
// reaches them where they chose: their verified e-mail address and WhatsApp number get it once each,
// unless turned off in Settings; an unverified address gets nothing.
import { freshDb, targets, testApp, type TestApp, type TestDb } from '../test/harness.js';
import { makeStaff, makeUser, opsCall, upload } from '../test/money.js';

jest.setTimeout(120_000);

describe.each(targets())('updates by e-mail and WhatsApp on %s', (target) => {
  let tdb: TestDb;
  let t: TestApp;
  beforeAll(async () => {
    tdb = await freshDb(target);
    t = await testApp(tdb);
    await t.app.push.flush(); // the first scan only notes where the notices stand
  });
  afterAll(async () => {
    await t?.close();
    await tdb?.close();
  });

  const sent = (to: string) => t.app.messenger.outbox!.list().filter((m) => m.to === to && !m.code);

  async function decidedOrder(token: string): Promise<string> {
    const img = await upload(t, token);
    const add = await t.call<{ order_no: string }>('/order/appadd', {
      token,
      images: img,
      user_memo: 'CODE-1',
      wallet_type: '1',
      coupon_code: '',
      channel_type: '1',
      card_id: '1',
      face_value: '40',
    });
    const orderNo = add.data.order_no;
    const reviewer = await makeStaff(t, 'reviewer');
    await opsCall(t, reviewer.token, 'POST', `/ops/api/orders/${orderNo}/claim`);
    const decided = await opsCall(t, reviewer.token, 'POST', `/ops/api/orders/${orderNo}/decide`, {
      lines: [{ status: 'failed', fail_reason: 'already_used' }],
    });
    expect(decided).toMatchObject({ success: true });
    return orderNo;
  }

  test(
    'the decision reaches the verified e-mail once, with a link to the order; turning it off stops ' + 'the next',
    async () => {
      const u = await makeUser(t);
      expect(await t.call('/user/alertChannels', { token: u.token })).toMatchObject({
        success: true,
        data: { email: u.email, email_verified: true, email_on: true, whatsapp: '', whatsapp_verified: false },
      });
      const orderNo = await decidedOrder(u.token);
      await Promise.all([t.app.push.flush(), t.app.push.flush()]);
      await t.app.push.flush();
      const mails = sent(u.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({ channel: 'email', subject: 'Order refused' });
      expect(mails[0]!.text).toContain(`/order/${orderNo}`);
      // The submission itself is not an alert: the seller just did it.
      expect(mails.some((m) => m.subject === 'Order submitted')).toBe(false);

      expect(await t.call('/user/setAlertChannels', { token: u.token, email_on: '0', whatsapp_on: '1' })).toMatchObject(
        {
          success: true,
          data: { email_on: false, whatsapp_on: true },
        },
      );
      await decidedOrder(u.token);
      await t.app.push.flush();
      expect(sent(u.email)).toHaveLength(1);
    },
  );

  test('a verified WhatsApp number gets it too; an unverified address gets nothing', async () => {
    const u = await makeUser(t, { email: false });
    const digits = `234803${String(Date.now()).slice(-7)}`;
    await t.db.query('update users set whatsapp = $2, whatsapp_verified = true where id = $1', [u.id, digits]);
    await decidedOrder(u.token);
    await t.app.push.flush();
    expect(sent(`+${digits}`).map((m) => m.channel)).toEqual(['whatsapp']);
    expect(sent(u.email)).toHaveLength(0);
  });

  test(
    'bad input is refused with the field named; another account cannot be changed; signed out is ' + 'refused',
    async () => {
      const u = await makeUser(t);
      expect(
        await t.call('/user/setAlertChannels', { token: u.token, email_on: 'yes', whatsapp_on: '1' }),
      ).toMatchObject({ success: false, msg: 'email_on must be one of: 0, 1' });
      expect(await t.call('/user/setAlertChannels', { email_on: '0', whatsapp_on: '0' })).toMatchObject({
        success: false,
      });
      expect(await t.call('/user/alertChannels', { token: u.token })).toMatchObject({ data: { email_on: true } });
    },
  );
});
