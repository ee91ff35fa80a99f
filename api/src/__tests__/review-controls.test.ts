import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { checkLedger } from '../modules/ledger/check.js';
import { rateCeiling } from '../modules/order/service.js';
import { freshDb, targets, testApp, type TestApp, type TestDb } from '../test/harness.js';
import { makeStaff, makeUser, opsCall, upload } from '../test/money.js';

jest.setTimeout(120_000);

describe('rateCeiling', () => {
  test('the catalog rate or a higher locked rate, plus the tolerance rounded down', () => {
    expect(rateCeiling(121_000n, null, 5)).toBe(127_050n);
    expect(rateCeiling(121_000n, 130_000n, 5)).toBe(136_500n);
    expect(rateCeiling(121_000n, 100_000n, 5)).toBe(127_050n);
    expect(rateCeiling(99n, null, 5)).toBe(103n);
    expect(rateCeiling(121_000n, null, 0)).toBe(121_000n);
  });
});

describe.each(targets())('reviewer controls on %s', (target) => {
  let tdb: TestDb;
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'gl-rv-'));
    tdb = await freshDb(target);
    t = await testApp(tdb, { uploadDir: dir, publicUrl: 'http://api.test', review: { rateTolerancePercent: 5 } });
  });
  afterAll(async () => {
    await t?.close();
    await tdb?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  afterEach(async () => {
    expect(await checkLedger(t.db)).toEqual([]);
  });

  async function claimedOrder() {
    const u = await makeUser(t);
    const images = await upload(t, u.token);
    const add = await t.call<{ order_no: string }>('/order/appadd', { token: u.token, images, user_memo: 'CODE-1', wallet_type: '1', card_id: '1', face_value: '40' });
    expect(add.success).toBe(true);
    const reviewer = await makeStaff(t, 'reviewer');
    expect((await opsCall(t, reviewer.token, 'POST', `/ops/api/orders/${add.data.order_no}/claim`)).success).toBe(true);
    const catalog = await t.call<{ card_list: { list: { card_id: number; rate: string | number }[] }[] }>('/card/calculator', { token: u.token, country_id: '1' });
    const rate = catalog.data.card_list.flatMap((c) => c.list).find((c) => c.card_id === 1)!.rate;
    return { u, reviewer, orderNo: add.data.order_no, rateMinor: BigInt(Math.round(Number(rate) * 100)) };
  }
  const money = (minor: bigint) => `${minor / 100n}.${String(minor % 100n).padStart(2, '0')}`;
  const balance = async (token: string) => (await t.call<{ total_amount: number }>('/wallet/balance', { token })).data.total_amount;

  test('a mistyped rate far above the catalog is refused with the most allowed, and nothing is credited', async () => {
    const { u, reviewer, orderNo, rateMinor } = await claimedOrder();
    const typo = await opsCall(t, reviewer.token, 'POST', `/ops/api/orders/${orderNo}/decide`, { lines: [{ status: 'success', card_id: 1, face_value: '40', rate: '999999999.99' }] });
    expect(typo.success).toBe(false);
    expect(typo.msg).toMatch(/is more than 5% above the catalog rate/);
    const most = Number(money(rateCeiling(rateMinor, rateMinor, 5))).toLocaleString('en-US', { minimumFractionDigits: 2 });
    expect(typo.msg).toMatch(new RegExp(`^The rate ₦999,999,999\\.99 for .+ is more than 5% above the catalog rate ₦[\\d,.]+: the most allowed is ₦${most.replace('.', '\\.')}$`));
    expect(await balance(u.token)).toBe(0);
    const detail = await t.call<{ status: number }>('/ord/detail', { token: u.token, order_no: orderNo });
    expect(detail.data.status).toBe(1);
  });

  test('one minor unit above the ceiling is refused; the ceiling itself is paid', async () => {
    const { u, reviewer, orderNo, rateMinor } = await claimedOrder();
    const ceiling = rateCeiling(rateMinor, rateMinor, 5);
    const over = await opsCall(t, reviewer.token, 'POST', `/ops/api/orders/${orderNo}/decide`, { lines: [{ status: 'success', card_id: 1, face_value: '40', rate: money(ceiling + 1n) }] });
    expect(over.success).toBe(false);
    const ok = await opsCall<{ status: number; amount: string }>(t, reviewer.token, 'POST', `/ops/api/orders/${orderNo}/decide`, { lines: [{ status: 'success', card_id: 1, face_value: '40', rate: money(ceiling) }] });
    expect(ok).toMatchObject({ success: true, data: { status: 2 } });
    expect(await balance(u.token)).toBe(Number(ok.data.amount));
    expect(Number(ok.data.amount)).toBeGreaterThan(0);
  });
});
