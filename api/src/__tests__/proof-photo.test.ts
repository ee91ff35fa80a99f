// A reviewer's proof photo must be one of the order's own photos. The seller is
// handed a signed link to it, so naming another seller's upload would leak that seller's card.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ORDER_MESSAGES } from '../modules/order/service.js';
import { freshDb, targets, testApp, type TestApp, type TestDb } from '../test/harness.js';
import { claimedOrder as claimed, makeUser, opsCall, upload } from '../test/money.js';

jest.setTimeout(120_000);

describe.each(targets())('proof photos on %s', (target) => {
  let tdb: TestDb;
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'gl-proof-'));
    tdb = await freshDb(target);
    t = await testApp(tdb, { uploadDir: dir, publicUrl: 'http://api.test' });
  });
  afterAll(async () => {
    await t?.close();
    await tdb?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const claimedOrder = () => claimed(t, { quote: false });
  const failLine = (proof: string) => ({
    lines: [{ status: 'failed', fail_reason: 'invalid_code', proof_image: proof }],
  });
  type Detail = { status: number; keyList: { sellout_image: string }[] };

  test("another seller's upload named as proof is refused, in every form, and nothing is decided", async () => {
    const { seller, reviewer, orderNo } = await claimedOrder();
    const victim = await makeUser(t);
    const theirs = await upload(t, victim.token);
    const theirPath = theirs.replace('http://api.test', '');
    // The victim's own signed link, as a reviewer who saw it elsewhere could paste it.
    const theirLink = (
      await t.call<{ imageList: { url: string }[] }>('/ord/detail', {
        token: victim.token,
        order_no: (
          await t.call<{ order_no: string }>('/order/appadd', {
            token: victim.token,
            images: theirs,
            user_memo: 'x',
            wallet_type: '1',
          })
        ).data.order_no,
      })
    ).data.imageList[0]!.url;
    for (const proof of [
      theirs,
      theirPath,
      theirLink,
      `${theirs}#x`,
      'https://evil.example/uploads/x.png',
      'orders/1/AAAAAAAAAAAAAAAAAAAAAA',
    ]) {
      for (const route of ['decide', 'preview']) {
        const r = await opsCall(t, reviewer.token, 'POST', `/ops/api/orders/${orderNo}/${route}`, failLine(proof));
        expect({ proof, route, success: r.success, msg: r.msg, status: r.status }).toEqual({
          proof,
          route,
          success: false,
          msg: ORDER_MESSAGES.proof,
          status: 200,
        });
      }
    }
    const detail = await t.call<Detail>('/ord/detail', { token: seller.token, order_no: orderNo });
    expect(detail.data).toMatchObject({ status: 1, keyList: [] });
    const lines = await t.db.query(
      'select proof_image from order_lines l join orders o on o.id = l.order_id where o.order_no = $1',
      [orderNo],
    );
    expect(lines.rows).toEqual([]);
  });

  test(
    "the order's own photo is accepted as proof, as its reference or a signed link to it, and the seller " + 'sees it',
    async () => {
      const { seller, photo, reviewer, orderNo } = await claimedOrder();
      const link = (
        await t.call<{ imageList: { url: string }[] }>('/ord/detail', { token: seller.token, order_no: orderNo })
      ).data.imageList[0]!.url;
      expect(
        (await opsCall(t, reviewer.token, 'POST', `/ops/api/orders/${orderNo}/preview`, failLine(link))).success,
      ).toBe(true);
      const r = await opsCall<{ status: number }>(
        t,
        reviewer.token,
        'POST',
        `/ops/api/orders/${orderNo}/decide`,
        failLine(link),
      );
      expect(r).toMatchObject({ success: true, data: { status: 3 } });
      // Kept as the order's own reference (not the pasted link), and shown to the seller signed.
      const stored = await t.db.query<{ proof_image: string }>(
        'select proof_image from order_lines l join orders o on o.id = l.order_id where o.order_no = $1',
        [orderNo],
      );
      expect(stored.rows).toEqual([{ proof_image: photo }]);
      const detail = await t.call<Detail>('/ord/detail', { token: seller.token, order_no: orderNo });
      const shown = detail.data.keyList[0]!.sellout_image;
      expect(shown.startsWith(`${photo}?expires=`)).toBe(true);
      const res = await t.app.inject({ method: 'GET', url: shown.replace('http://api.test', '') });
      expect(res.statusCode).toBe(200);
    },
  );

  test('a line without proof still decides', async () => {
    const { reviewer, orderNo } = await claimedOrder();
    expect(
      await opsCall(t, reviewer.token, 'POST', `/ops/api/orders/${orderNo}/decide`, {
        lines: [{ status: 'failed', fail_reason: 'invalid_code' }],
      }),
    ).toMatchObject({ success: true, data: { status: 3 } });
  });
});
