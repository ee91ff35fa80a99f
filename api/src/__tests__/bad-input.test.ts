import fc from 'fast-check';
import { freshDb, testApp, type TestApp, type TestDb } from '../test/harness.js';
import { signedBody } from '../lib/sign.js';
import { quote } from '../modules/catalog/pricing.js';
import { moneyText } from '../lib/money.js';

jest.setTimeout(180_000);

/**
 * Every /gc route, given missing, malformed, oversized, wrongly typed or extra fields (signed, so
 * they reach validation), answers HTTP 200/4xx with {success:false|true, msg} — never a 5xx, a
 * stack trace or SQL text.
 */
describe('bad input over every route (PGlite)', () => {
  let tdb: TestDb;
  let t: TestApp;
  beforeAll(async () => {
    tdb = await freshDb('pglite');
    t = await testApp(tdb);
  });
  afterAll(async () => {
    await t?.close();
    await tdb?.close();
  });

  const value = fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.constantFrom(
      '',
      ' ',
      '0',
      '-1',
      '1e9',
      '99999999999999999999',
      'undefined',
      'null',
      '[]',
      '{}',
      "' or 1=1 --",
      '<script>',
      '١٢٣٤',
      '\u0000',
      'a'.repeat(5000),
    ),
    fc.integer().map(String),
    fc.array(fc.string({ maxLength: 5 }), { minLength: 2, maxLength: 3 }),
  );
  const knownFields = [
    'token',
    'username',
    'password',
    'new_password',
    'email',
    'whatsapp',
    'phone',
    'code',
    'verify_code',
    'country_id',
    'register_type',
    'page',
    'page_size',
    'card_id',
    'face_value',
    'slug',
    'nickname',
    'avatar',
    'social_type',
    'social_id',
    'idToken',
    'facebook_token',
    'recommend_code',
    'wallet_type',
    'keywords',
    'name',
    'message',
    'type',
    'condition',
    'images',
    'user_memo',
    'bank_id',
    'amount',
    'notice_id',
    'order_no',
    'log_id',
    'bank_account',
    'account_no',
    'account_name',
    'payment_id',
    'image_count',
    'idempotency_key',
    'status',
    'start_time',
    'end_time',
    'coupon_code',
  ];
  const body = fc.dictionary(
    fc.oneof(fc.constantFrom(...knownFields), fc.string({ minLength: 1, maxLength: 10 })),
    value,
    { maxKeys: 8 },
  );

  test('no route answers 5xx or leaks internals', async () => {
    const paths = [
      ...new Set(
        t.routes.filter((r) => String(r.url).startsWith('/gc/') && r.method === 'POST').map((r) => String(r.url)),
      ),
    ];
    expect(paths.length).toBeGreaterThan(40);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...paths), body, fc.boolean(), async (path, fields, asJson) => {
        const signed = signedBody(fields);
        const res = await t.app.inject({
          method: 'POST',
          url: path,
          remoteAddress: '10.1.2.3',
          ...(asJson
            ? { payload: signed }
            : {
                headers: { 'content-type': 'application/x-www-form-urlencoded' },
                payload: new URLSearchParams(signed).toString(),
              }),
        });
        expect(res.statusCode).toBeLessThan(500);
        if (res.statusCode === 204) return;
        const json = res.json() as { success: boolean; msg: string };
        expect(typeof json.success).toBe('boolean');
        expect(typeof json.msg).toBe('string');
        expect(json.msg).not.toMatch(/at .*\.ts:\d+|select |insert |relation |syntax error|ZodError|undefined is not/i);
      }),
      { numRuns: 400 },
    );
  });
});

describe('pricing function properties', () => {
  const input = fc.record({
    face: fc.bigInt({ min: 0n, max: 10_000_00n }),
    rate: fc.bigInt({ min: 0n, max: 5_000_00n }),
    vip: fc.integer({ min: 0, max: 1000 }),
    pct: fc.integer({ min: 0, max: 2000 }),
  });
  test('lines add up to the total, never negative, monotonic in face value and VIP', () => {
    fc.assert(
      fc.property(input, fc.bigInt({ min: 0n, max: 1000_00n }), ({ face, rate, vip, pct }, extra) => {
        const q = quote({
          faceMinor: face,
          faceDecimals: 2,
          baseRateMinor: rate,
          vipBp: vip,
          coupon: { kind: 'percent', bp: pct },
        });
        expect(q.totalMinor).toBe(q.baseMinor + q.vipBonusMinor + q.couponBonusMinor + q.ladderBonusMinor);
        expect(q.totalMinor >= 0n).toBe(true);
        const bigger = quote({
          faceMinor: face + extra,
          faceDecimals: 2,
          baseRateMinor: rate,
          vipBp: vip,
          coupon: { kind: 'percent', bp: pct },
        });
        expect(bigger.totalMinor >= q.totalMinor).toBe(true);
        const moreVip = quote({
          faceMinor: face,
          faceDecimals: 2,
          baseRateMinor: rate,
          vipBp: vip + 50,
          coupon: { kind: 'percent', bp: pct },
        });
        expect(moreVip.totalMinor >= q.totalMinor).toBe(true);
      }),
    );
  });
  test('worked example: $100 at ₦1,210 with 1.5% VIP, 5% coupon, ₦2 rate-add and the ladder', () => {
    const ladder = [{ orderAmountMinor: 100_000_00n, bonusAmountMinor: 1_000_00n }];
    expect(
      quote({
        faceMinor: 100_00n,
        faceDecimals: 2,
        baseRateMinor: 1_210_00n,
        vipBp: 150,
        coupon: { kind: 'percent', bp: 500 },
        ladder,
      }),
    ).toMatchObject({
      baseMinor: 121_000_00n,
      vipBonusMinor: 1_815_00n,
      couponBonusMinor: 6_050_00n,
      ladderBonusMinor: 1_000_00n,
      totalMinor: 129_865_00n,
    });
    expect(
      quote({
        faceMinor: 100_00n,
        faceDecimals: 2,
        baseRateMinor: 1_210_00n,
        vipBp: 0,
        coupon: { kind: 'rate_add', rateMinor: 2_00n },
      }).totalMinor,
    ).toBe(121_200_00n);
    expect(
      quote({
        faceMinor: 100_00n,
        faceDecimals: 2,
        baseRateMinor: 1_210_00n,
        vipBp: 0,
        coupon: { kind: 'fixed', amountMinor: 500_00n },
      }).totalMinor,
    ).toBe(121_500_00n);
  });
});

describe('amounts in messages', () => {
  test('moneyText groups thousands and keeps the currency decimals', () => {
    expect(moneyText(1_347_500n, { symbol: '₦', decimals: 2 })).toBe('₦13,475.00');
    expect(moneyText(100_000_000n, { symbol: 'GH₵', decimals: 2 })).toBe('GH₵1,000,000.00');
    expect(moneyText(99_999n, { symbol: '₦', decimals: 2 })).toBe('₦999.99');
    expect(moneyText(-250_000n, { symbol: '₦', decimals: 2 })).toBe('-₦2,500.00');
    expect(moneyText(12_345_678n, { symbol: 'USDT ', decimals: 4 })).toBe('USDT 1,234.5678');
    // A code of letters goes after the amount, as the screens write it ("35.0000 USDT", never "USDT35.0000").
    expect(moneyText(350_000n, { symbol: 'USDT', decimals: 4 })).toBe('35.0000 USDT');
  });
});
