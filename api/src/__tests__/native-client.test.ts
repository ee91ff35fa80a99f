import { SECURITY_MESSAGES } from '../modules/security/service.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { checkLedger } from '../modules/ledger/check.js';
import { nubanCheckDigit } from '../modules/payment/nuban.js';
import { PUSH_MESSAGES } from '../modules/push/routes.js';
import { CLAIM_MESSAGES } from '../modules/referral/service.js';
import { USER_MESSAGES } from '../modules/user/service.js';
import { PIN_RESET_OTHER_EMAIL } from '../modules/withdraw/routes.js';
import { computeSign, nativeSignedBody } from '../lib/sign.js';
import { DEFAULT_APP_KEYS, loadConfig } from '../config/env.js';
import {
  freshDb,
  PRODUCTION_IDENTITY,
  targets,
  testApp,
  uniqueEmail,
  uniquePhone,
  type TestApp,
  type TestDb,
} from '../test/harness.js';
import { makeStaff, opsCall, verifyIdentity } from '../test/money.js';
import { IN_SCOPE_CALLS, NativeClient, served, type Fields } from '../test/native-client.js';
import { startStandIn, type StandIn } from '../test/provider-stand-in.js';

jest.setTimeout(180_000);

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

const nuban = (code: string, serial: string) => serial + nubanCheckDigit(code, serial);
const jpeg = () =>
  sharp({ create: { width: 120, height: 80, channels: 3, background: '#2a6' } })
    .jpeg()
    .toBuffer();
/** What the screens do with a field marked num: it must be a JSON number and survive toFixed. */
const num = (v: unknown, digits = 2) => {
  expect(typeof v).toBe('number');
  return (v as number).toFixed(digits);
};

interface User {
  user_id: number;
  token?: string;
  country_id: number;
  username: string;
  email: string;
  whatsapp: string;
  currency_symbol: string;
  currency_name: string;
  vip_level: number;
  channel_type: number;
  t_password_null: boolean;
  is_email_bind: boolean;
  whatsapp_bind: boolean;
  google_bind: boolean;
  apple_bind: boolean;
  coupon_num: number;
  avatar: string;
}

describe('settings for the apps', () => {
  test('production refuses to start without PUBLIC_ORIGIN, and it must be an origin', () => {
    const prod = {
      NODE_ENV: 'production',
      SECRET_KEY: 'Qm7r2Xv9Lp4Tz8Kd1Wn6Hy3Bc5Fg0Js2',
      ALLOW_CODE_LOG: '1',
      ...PRODUCTION_IDENTITY,
    };
    expect(() => loadConfig(prod)).toThrow(/PUBLIC_ORIGIN: required in production/);
    expect(() => loadConfig({ ...prod, PUBLIC_ORIGIN: 'https://giftlane.ng/app' })).toThrow(/PUBLIC_ORIGIN/);
    expect(loadConfig({ ...prod, PUBLIC_ORIGIN: 'https://giftlane.ng/' }).publicUrl).toBe('https://giftlane.ng');
    expect(Object.keys(loadConfig({}).appKeys)).toEqual(['gl_web', 'gl_android', 'gl_ios']);
  });
});

describe.each(targets({ embedded: true }))('a native client of this API family on %s', (target) => {
  let tdb: TestDb;
  let t: TestApp;
  let dir: string;
  let stand: StandIn;
  let base: string;
  let reviewer: { id: number; token: string };

  beforeAll(async () => {
    served.clear();
    dir = mkdtempSync(path.join(tmpdir(), 'gl-native-'));
    stand = await startStandIn();
    tdb = await freshDb(target);
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await testApp(tdb, {
      uploadDir: dir,
      publicUrl: base,
      google: {
        jwksUrl: `${stand.url}/keys`,
        clientIds: [stand.google.clientId],
        issuers: ['https://accounts.google.com'],
      },
      googleOAuth: {
        tokenUrl: `${stand.url}/google/token`,
        tokenInfoUrl: `${stand.url}/google/tokeninfo`,
        clientSecret: stand.google.clientSecret,
      },
      apple: { jwksUrl: `${stand.url}/keys`, clientIds: [stand.apple.clientId], issuer: 'https://appleid.apple.com' },
      appleCode: {
        tokenUrl: `${stand.url}/apple/token`,
        teamId: stand.apple.teamId,
        keyId: stand.apple.keyId,
        privateKey: stand.applePrivateKeyPem,
      },
      facebook: { debugUrl: `${stand.url}/facebook/debug`, appId: 'fb-app', appSecret: 'fb-secret' },
      push: { url: `${stand.url}/expo/push`, intervalMs: 0 },
      // Cooling-off after security changes has its own suite (account-security); here the apps' calls.
      security: { coolingOffMs: 0, siteUrl: base, reauthGraceMs: 10 * 60_000 },
    });
    await t.app.listen({ port, host: '127.0.0.1' });
    reviewer = await makeStaff(t, 'reviewer');
    // Prime the push dispatcher: it sends what is created from now on.
    await t.app.push.flush();
  });
  afterAll(async () => {
    await t?.close();
    await tdb?.close();
    await stand?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  afterEach(async () => {
    expect(await checkLedger(t.db)).toEqual([]);
  });

  /** Sign-up by e-mail, as the app does it: check the name, get the code, register with the device fields. */
  async function signUp(
    app: NativeClient,
    opts: { recommend?: string; country?: string } = {},
  ): Promise<{ user: User; email: string; password: string }> {
    const email = uniqueEmail();
    const password = 'Native-Pass-2026';
    expect((await app.call('user/checkUsername', [['username', email]])).success).toBe(true);
    await app.ok('user/sendEmailVerifyCode', [['email', email]]);
    const user = await app.ok<User>('user/appregister', [
      ['register_type', '1'],
      ['country_id', opts.country ?? '1'],
      ['username', email],
      ['password', password],
      ['email', email],
      ['whatsapp', ''],
      ['recommend_code', opts.recommend ?? ''],
      ['code', t.lastCode(email)],
      ...app.device(),
    ]);
    expect(typeof user.token).toBe('string');
    app.token = user.token!;
    return { user, email, password };
  }

  /** The app's sell flow: upload URLs, PUT each JPEG to the URL as given, then appadd with the public URLs. */
  async function sell(app: NativeClient, memo: string): Promise<{ orderNo: string; images: string[] }> {
    const slots = await app.ok<{ objectName: string; url: string }[]>('order/obsUrls', [
      ['token', app.token],
      ['image_count', '2'],
    ]);
    expect(slots).toHaveLength(2);
    const images: string[] = [];
    for (const s of slots) {
      expect(s.url.startsWith(`${base}/uploads/`)).toBe(true);
      const put = await fetch(s.url, { method: 'PUT', headers: { 'content-type': 'image/jpeg' }, body: await jpeg() });
      expect(put.status).toBe(200);
      images.push(s.url.split('?')[0]!);
    }
    const add = await app.ok<{ order_no: string }>('order/appadd', [
      ['token', app.token],
      ['images', images],
      ['user_memo', memo],
      ['wallet_type', '1'],
      ['coupon_code', ''],
      ['channel_type', '1'],
    ]);
    expect(typeof add.order_no).toBe('string');
    return { orderNo: add.order_no, images };
  }

  /** Codes to an address were sent minutes ago (the 60 s resend gap is not what these tests are about). */
  const ageCodes = (address: string) =>
    t.db.query("update otp_codes set created_at = created_at - interval '2 minutes' where address = $1", [
      address.replace(/^\+/, ''),
    ]);

  async function approve(orderNo: string, face = '100') {
    expect((await opsCall(t, reviewer.token, 'POST', `/ops/api/orders/${orderNo}/claim`)).success).toBe(true);
    const done = await opsCall(t, reviewer.token, 'POST', `/ops/api/orders/${orderNo}/decide`, {
      lines: [{ status: 'success', card_id: 1, face_value: face, code: 'ABCD-1234-EFGH', image_index: 0 }],
    });
    expect(done.success).toBe(true);
  }

  test(
    'the sign: fields in arrival order with a platform key are accepted; reordered, tampered or wrongly keyed ' +
      'bodies are not',
    async () => {
      const app = new NativeClient(base, 'android');
      const fields: Fields = [['username', 'nobody@example.com'], ['password', 'x'], ...app.device()];
      const signed = app.body(fields);
      // The native order never matches the sorted one (app_version sorts before appid).
      const pairs = nativeSignedBody(fields, 'gl_android', DEFAULT_APP_KEYS.gl_android!);
      expect(pairs.at(-1)![1]).not.toBe(
        computeSign(Object.fromEntries(pairs.slice(0, -1)), DEFAULT_APP_KEYS.gl_android!),
      );
      expect(await app.send('user/applogin', signed)).toMatchObject({ success: false, msg: USER_MESSAGES.loginFailed });
      // Two fields swapped after signing: the arrival order no longer matches what was signed.
      const swapped = signed.split('&');
      [swapped[0], swapped[1]] = [swapped[1]!, swapped[0]!];
      expect(await app.send('user/applogin', swapped.join('&'))).toMatchObject({
        success: false,
        code: 'common.002',
        msg: 'Invalid signature',
      });
      expect(await app.send('user/applogin', signed.replace('nobody%40', 'somebody%40'))).toMatchObject({
        success: false,
        code: 'common.002',
      });
      // The iOS key does not sign for the Android appid.
      const wrongKey = new NativeClient(base, 'android', DEFAULT_APP_KEYS.gl_ios!);
      expect(await wrongKey.call('user/applogin', fields)).toMatchObject({ success: false, code: 'common.002' });
      // An iOS client with its own appid and key works the same way.
      const ios = new NativeClient(base, 'ios');
      expect((await ios.call('public/countrylist')).success).toBe(true);
      // A JSON body is read in its own key order.
      const json = Object.fromEntries(
        nativeSignedBody([['platform', 'android']], 'gl_android', DEFAULT_APP_KEYS.gl_android!),
      );
      const res = await fetch(`${base}/gc/config/getAppVersion`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(json),
      });
      expect(((await res.json()) as { success: boolean }).success).toBe(true);
      expect(await ios.call('config/getAppVersion', [['platform', 'windows']])).toMatchObject({
        success: false,
        msg: 'platform must be one of: android, ios, web',
      });
      // Empty strings and the text `undefined` are signed as sent.
      expect(
        (
          await ios.call('user/registerDeviceToken', [
            ['token', undefined],
            ['push_device_token', 'ExponentPushToken[iosSignedOut0001]'],
            ['device_type', 'iPhone15,2'],
            ['device_no', ios.deviceNo],
            ['os_type', 'ios'],
          ])
        ).success,
      ).toBe(true);
    },
  );

  test(
    'a whole session: start-up, sign-up, sell with photos, order detail, wallet, payout account, PIN, ' +
      'withdrawal, VIP, notices',
    async () => {
      const app = new NativeClient(base, 'android');
      // An operator publishes a release and a promotion for Nigeria; a reviewer may not.
      const admin = await makeStaff(t, 'admin');
      const release = {
        platform: 'android',
        version: '1.1.0',
        build_number: 12,
        update_type: 'recommend',
        min_required_version: '1.0.0',
        title: 'A better rate calculator',
        download_url_android: 'https://play.google.com/store/apps/details?id=ng.giftlane',
      };
      expect(await opsCall(t, reviewer.token, 'POST', '/ops/api/app-versions', release)).toMatchObject({
        status: 403,
        success: false,
      });
      expect(
        await opsCall(t, admin.token, 'POST', '/ops/api/app-versions', { ...release, version: 'one' }),
      ).toMatchObject({ success: false });
      expect(await opsCall(t, admin.token, 'POST', '/ops/api/app-versions', release)).toMatchObject({ success: true });
      expect(
        await opsCall(t, admin.token, 'POST', '/ops/api/promotions', {
          title: 'Weekend Steam boost',
          memo: '+1% on Steam',
          url: '/ratesheet',
          country_id: 1,
          sort: 0,
        }),
      ).toMatchObject({ success: true });
      expect(
        await opsCall(t, admin.token, 'POST', '/ops/api/promotions', {
          title: 'Ended',
          ends_at: '2020-01-01T00:00:00Z',
        }),
      ).toMatchObject({ success: false, msg: 'ends_at must be after starts_at' });

      // Start-up, signed out.
      const version = await app.ok<{
        version: string;
        update_type: string;
        is_in_review: boolean;
        download_url_android: string;
      } | null>('config/getAppVersion', [['platform', 'android']]);
      expect(version).toMatchObject({ version: '1.1.0', update_type: 'recommend', is_in_review: false });
      expect(await app.ok('config/getAppVersion', [['platform', 'web']])).toBeNull();
      const init = await app.ok<{
        is_need_verify: string;
        register_type: string;
        hidden_flag: string;
        notice_count: number;
        google_login_enable: boolean;
      }>('public/appinit', app.device({ channel: false }));
      expect(init).toMatchObject({ is_need_verify: '1', hidden_flag: '0' });
      expect(init.register_type.split(',')).toContain('email');
      const countries =
        await app.ok<{ id: number; name: string; code: string; currency_symbol: string }[]>('public/countrylist');
      expect(countries[0]).toMatchObject({ name: 'Nigeria', code: expect.any(String) });
      await t.db.query(
        `insert into banners (image, title, action, params, sort) values ('/assets/banners/rate-sheet.webp', ` +
          `'Rates', ` +
          `'web', '{"url": "/ratesheet"}', 99)`,
      );
      const banners = await app.ok<{
        banner: { image: string; action: string; new_params: string }[];
        announcement_content: string[];
      }>('public/homebanner');
      expect(banners.banner[0]!.image.startsWith(`${base}/`)).toBe(true);
      // A `web` banner opens its new_params as a URL; the others carry their parameters as text.
      expect(banners.banner.find((b) => b.action === 'web')!.new_params).toBe(`${base}/ratesheet`);
      expect(banners.banner.every((b) => typeof b.new_params === 'string')).toBe(true);
      const pop = await app.ok<{ pop: boolean; data: { jump_type: number } }>('public/popConfig', [
        ['condition', '0'],
        ...app.device(),
      ]);
      expect(typeof pop.data.jump_type).toBe('number');
      expect((await app.call('public/lead', [['type', 'app_vip_introduction']])).success).toBe(true);
      expect(
        (await app.call('public/analysis', [['name', 'register_before'], ['value', '1'], ...app.device()])).success,
      ).toBe(true);
      expect(Array.isArray(await app.ok('faq/categories'))).toBe(true);
      expect(
        (
          await app.ok<{ question: string }[]>('faq/list', [
            ['page', 0],
            ['page_size', 20],
          ])
        )[0],
      ).toMatchObject({ question: expect.any(String) });
      expect((await app.ok<{ category_id: number }[]>('card/category'))[0]).toMatchObject({
        category_id: expect.any(Number),
      });
      expect((await app.ok<{ currency_code: string }[]>('card/currencyList'))[0]).toMatchObject({
        currency_code: 'USD',
      });
      const catalog = await app.ok<{
        card_list: {
          category_id: number;
          category_name: string;
          timeout_seconds: string;
          top_rate_range: string;
          list: { currency: string; list: { rate: number; name: string; rate_detail: { rate: number }[] }[] }[];
        }[];
      }>('v2/card/catalog', [
        ['country_id', '1'],
        ['page', 0],
        ['page_size', 1000],
      ]);
      const cat = catalog.card_list[0]!;
      expect(typeof cat.category_id).toBe('number');
      expect(cat.top_rate_range.split('~').length).toBeGreaterThanOrEqual(1);
      const card = cat.list[0]!.list[0]!;
      expect(num(card.rate)).toMatch(/^\d+\.\d{2}$/);
      num(card.rate_detail[0]!.rate);
      const calc = await app.ok<{
        card_list: { list: { rate: number; usdt_rate: number }[] }[];
        vip_detail: { rate: number };
        vip: { rate: number }[];
        first_order_bonus: number;
        amount_order_bonus: { bonus_amount: number };
      }>('card/calculator', [['country_id', '1']]);
      num(calc.card_list[0]!.list[0]!.rate);
      num(calc.card_list[0]!.list[0]!.usdt_rate, 4);
      num(calc.vip_detail.rate);
      expect(Number(num(calc.first_order_bonus))).toBeGreaterThan(0);
      expect(Array.isArray(calc.amount_order_bonus)).toBe(false);
      expect(
        (
          await app.call('user/registerDeviceToken', [
            ['token', undefined],
            ['push_device_token', 'ExponentPushToken[androidSession01]'],
            ['device_type', 'Pixel 8'],
            ['device_no', app.deviceNo],
            ['os_type', 'android'],
          ])
        ).success,
      ).toBe(true);

      // Sign-up, then sign in again with the password.
      const { user: created, email, password } = await signUp(app);
      expect(created).toMatchObject({
        user_id: expect.any(Number),
        country_id: 1,
        t_password_null: true,
        is_email_bind: true,
      });
      const login = await app.ok<User>('user/applogin', [['username', email], ['password', password], ...app.device()]);
      app.token = login.token!;
      const me = await app.ok<User>('user/userInfo', [['token', app.token]]);
      expect(me).toMatchObject({
        user_id: created.user_id,
        currency_symbol: '₦',
        currency_name: 'NGN',
        vip_level: 0,
        whatsapp_bind: false,
        google_bind: false,
        coupon_num: expect.any(Number),
      });
      expect(typeof me.channel_type).toBe('number');
      await app.ok('public/appinit', [...app.device({ channel: false }), ['token', app.token]]);
      await app.ok('user/registerDeviceToken', [
        ['token', app.token],
        ['push_device_token', 'ExponentPushToken[androidSession01]'],
        ['device_type', 'Pixel 8'],
        ['device_no', app.deviceNo],
        ['os_type', 'android'],
      ]);

      // The sell tab, before the first order: the first-order bonus is a number the tab formats.
      const sellTab = await app.ok<{
        first_order_bonus: number;
        vip_detail: { rate: number };
        vip: { rate: number }[];
        amount_order_bonus: { order_amount: number; bonus_amount: number }[];
        sell_card_tips: string;
        overdue_data: unknown[];
      }>('public/vipActivityDes', [['token', app.token]]);
      expect(Number(num(sellTab.first_order_bonus))).toBeGreaterThan(0);
      num(sellTab.vip_detail.rate);
      num(sellTab.amount_order_bonus[0]!.bonus_amount);
      expect(
        await app.ok('order/getAvailableCoupon', [
          ['token', app.token],
          ['type', '1'],
          ['page', 0],
          ['page_size', 10],
        ]),
      ).toEqual(expect.any(Array));

      // Sell with photos, follow the order, an operator completes it.
      const { orderNo, images } = await sell(app, 'ABCD-1234-EFGH');
      await app.ok('public/popConfig', [['condition', '2'], ...app.device()]);
      const list = await app.ok<{ order_no: string; status: number; wallet_type: number; images: string }[]>(
        'ord/list',
        [
          ['token', app.token],
          ['status', 'all'],
          ['page', 0],
          ['page_size', 10],
        ],
      );
      expect(list[0]).toMatchObject({ order_no: orderNo, status: 1, wallet_type: 1 });
      expect(list[0]!.images.startsWith(images[0]!)).toBe(true);
      await approve(orderNo);
      const detail = await app.ok<{
        status: number;
        finish_time: number;
        amount: string;
        wallet_type: number;
        first_order_bonus: number;
        keyList: { status: string; amount: number; facevalue: number; purchase_rate: number; card_name: string }[];
        imageList: { url: string }[];
      }>('ord/detail', [
        ['token', app.token],
        ['order_no', orderNo],
      ]);
      expect(detail).toMatchObject({ status: 2, wallet_type: 1 });
      expect(detail.finish_time).toBeGreaterThan(0);
      expect(detail.first_order_bonus).toBeGreaterThan(0);
      const line = detail.keyList[0]!;
      expect(line.status).toBe('success');
      num(line.amount);
      num(line.facevalue);
      num(line.purchase_rate);
      // Each photo of the order is shown from an absolute URL on the public origin (the stored URL, or a
      // link made from it), which the app can load as given.
      detail.imageList.forEach((img, i) => expect(img.url.startsWith(images[i]!)).toBe(true));
      expect((await fetch(detail.imageList[0]!.url)).status).toBe(200);

      // Once the seller has a first order, the bonus is gone from the sell tab and the calculator.
      expect(
        (await app.ok<{ first_order_bonus: number }>('public/vipActivityDes', [['token', app.token]]))
          .first_order_bonus,
      ).toBe(0);
      expect(
        (
          await app.ok<{ first_order_bonus: number }>('card/calculator', [
            ['country_id', '1'],
            ['token', app.token],
          ])
        ).first_order_bonus,
      ).toBe(0);

      // Notices, and the push the device got for them.
      const notices = await app.ok<{ id: number; notice_title: string; notice_time: number; notice_new: boolean }[]>(
        'finder/allNotice',
        [
          ['token', app.token],
          ['type', 'all'],
          ['page', 0],
          ['page_size', 20],
        ],
      );
      expect(notices.length).toBeGreaterThan(0);
      expect(notices[0]).toMatchObject({ notice_title: expect.any(String), notice_new: true });
      await app.ok('finder/readNotice', [
        ['token', app.token],
        ['notice_id', String(notices[0]!.id)],
      ]);
      await t.app.push.flush();
      const mine = stand.pushed.filter((m) => m.to === 'ExponentPushToken[androidSession01]');
      expect(mine.map((m) => m.title)).toEqual(expect.arrayContaining([notices[0]!.notice_title]));
      expect(new Set(mine.map((m) => m.data.notice_id)).size).toBe(mine.length);

      // Wallet.
      const balance = await app.ok<{
        total_amount: number;
        usd_amount: string;
        rebate_amount: number;
        dealing_cnt: number;
        currency_name: string;
      }>('wallet/balance', [['token', app.token]]);
      expect(balance.total_amount).toBe(Number(detail.amount));
      const logs = await app.ok<
        { log_id: number; amount: number; balance_amount: number; type: string; order_no: string }[]
      >('wallet/moneyLogList', [
        ['token', app.token],
        ['type', 'all'],
        ['wallet_type', '1'],
        ['page', 0],
        ['page_size', 20],
      ]);
      expect(logs[0]).toMatchObject({ type: 'order', order_no: orderNo });
      const logDetail = await app.ok<{ balance_amount: number; serial_number: string; wallet_type: string }>(
        'wallet/moneyLogDetail',
        [
          ['token', app.token],
          ['log_id', String(logs[0]!.log_id)],
        ],
      );
      num(logDetail.balance_amount);
      expect(typeof logDetail.serial_number).toBe('string');

      // A payout account.
      const methods = await app.ok<{ payment_id: number; code: string; form_list: unknown[] }[]>(
        'payment/paymentList',
        [
          ['token', app.token],
          ['type', '1'],
          ['country_id', '1'],
        ],
      );
      const bankMethod = methods.find((m) => m.code === 'BANK')!;
      expect(bankMethod.form_list.length).toBeGreaterThan(0);
      const banks = await app.ok<{ bank_id: number; bank_name: string }[]>('payment/bankList', [
        ['token', app.token],
        ['country_id', '1'],
      ]);
      const gtb = banks.find((b) => b.bank_id === 107)!;
      expect(gtb).toBeDefined();
      expect(
        (await app.ok<{ bank_id: number; name: string }[]>('payment/coinList', [['token', app.token]])).length,
      ).toBeGreaterThan(0);
      const acct = nuban('058', '022345678');
      const holder = await app.ok<{ user_name: string }>('payment/verify', [
        ['token', app.token],
        ['bank_id', gtb.bank_id],
        ['bank_account', acct],
      ]);
      await app.ok('payment/add', [
        ['token', app.token],
        ['payment_id', bankMethod.payment_id],
        ['bank_id', gtb.bank_id],
        ['account_no', acct],
        ['account_name', holder.user_name],
      ]);
      const accounts = await app.ok<
        { code: string; data_list: { bank_id: number; is_def: number; account_no: string; timeout_desc: string }[] }[]
      >('payment/list', [
        ['token', app.token],
        ['type', '1'],
      ]);
      const saved = accounts.flatMap((a) => a.data_list)[0]!;
      expect(saved.is_def === 1).toBe(true);
      expect(saved.account_no.slice(-4)).toBe(acct.slice(-4));
      await app.ok('payment/setDef', [
        ['token', app.token],
        ['bank_id', String(saved.bank_id)],
      ]);

      // The withdrawal PIN: set, change, and the forgotten-PIN reset by e-mail (the app's names for it).
      await app.ok('withdraw/transactionPassword', [
        ['token', app.token],
        ['password', '135792'],
      ]);
      await app.ok('withdraw/upTPassword', [
        ['token', app.token],
        ['password', '135792'],
        ['new_password', '246813'],
      ]);
      expect(
        await app.call('user/sendWithdrawalPasswordResetEmail', [
          ['email', 'someone-else@example.com'],
          ['token', app.token],
        ]),
      ).toMatchObject({ success: false, msg: PIN_RESET_OTHER_EMAIL });
      await ageCodes(email);
      await app.ok('user/sendWithdrawalPasswordResetEmail', [
        ['email', email],
        ['token', app.token],
      ]);
      await app.ok('user/resetWithdrawalPasswordByEmail', [
        ['email', email],
        ['verify_code', t.lastCode(email)],
        ['new_password', '864209'],
        ['token', app.token],
      ]);

      // Withdraw (once the identity is verified: the apps have no verification screen yet; the seller verifies on the
      // web).
      await verifyIdentity(t, me.user_id);
      const info = await app.ok<{
        cashable_amount: number;
        minimum_amount: number;
        bank: { bank_id: number };
        timeout_desc: string;
      }>('withdraw/information', [
        ['token', app.token],
        ['wallet_type', '1'],
      ]);
      expect(info.cashable_amount).toBe(balance.total_amount);
      expect(info.bank.bank_id).toBe(saved.bank_id);
      const w = await app.ok<{ withdraw_no: string; log_id: number }>('withdraw/apply', [
        ['token', app.token],
        ['bank_id', String(saved.bank_id)],
        ['amount', '2000'],
        ['password', '864209'],
        ['channel_type', String(me.channel_type)],
      ]);
      expect(w.withdraw_no).toMatch(/^W/);
      const wd = await app.ok<{ withdraw_no: string; order_status: string; balance_amount: number }>(
        'wallet/moneyLogDetail',
        [
          ['token', app.token],
          ['log_id', String(w.log_id)],
        ],
      );
      expect(wd.withdraw_no).toBe(w.withdraw_no);
      num(wd.balance_amount);
      await app.ok('public/popConfig', [['condition', '3'], ...app.device()]);

      // VIP.
      const vip = await app.ok<{
        vip_level: number;
        vip_exp: number;
        next_exp: number;
        vip_info: { level: number; exp: number; rate: number }[];
        currency_symbol: string;
        task_list: unknown[];
      }>('vip/info', [['token', app.token]]);
      expect(typeof vip.vip_level).toBe('number');
      expect(vip.vip_info.find((l) => l.level === vip.vip_level + 1)).toBeDefined();
      num(vip.vip_info[1]!.rate);
      expect(
        (
          await app.ok<{ exp: number; source: string }[]>('vip/loglist', [
            ['token', app.token],
            ['page', 0],
            ['page_size', 20],
          ])
        )[0],
      ).toMatchObject({ exp: expect.any(Number), source: expect.any(String) });
      expect((await app.ok<{ vip_info: unknown[] }>('vip/default')).vip_info.length).toBeGreaterThan(1);

      // Home live feed and promotions.
      const live = await app.ok<{
        announcement: { id: number; content: string }[];
        transaction: { username: string; amount: string; currency: string; timeAgo: number }[];
      }>('config/liveContentList', [['country_id', '1']]);
      expect(live.transaction.length).toBeGreaterThan(0);
      expect(live.transaction[0]!.username).toMatch(/^.{1,2}\*\*\*$/);
      expect(live.transaction[0]!.timeAgo).toBeGreaterThan(1_700_000_000);
      const promos = await app.ok<{ active: { active_title: string; active_url: string; active_end_time: string }[] }>(
        'finder/showFinder',
        [
          ['token', app.token],
          ['country_id', '1'],
        ],
      );
      expect(promos.active[0]).toMatchObject({ active_title: 'Weekend Steam boost', active_url: `${base}/ratesheet` });
      expect(
        (
          await app.ok<{ active: { active_title: string }[] }>('finder/showFinder', [
            ['token', ''],
            ['country_id', '2'],
          ])
        ).active.map((p) => p.active_title),
      ).not.toContain('Weekend Steam boost');
      expect(typeof promos.active[0]!.active_end_time).toBe('string');
    },
  );

  test(
    'referral: invites, a friend’s sale, the claim, the rank; replies carry the USD fields, order bonuses, VIP ' +
      'table and the amount to claim',
    async () => {
      const inviter = new NativeClient(base, 'android');
      const { user } = await signUp(inviter);
      const info0 = await inviter.ok<{ invite_code: string; can_receive_money: number; rebate_money_config: string[] }>(
        'rebate/inviteinfo',
        [['token', inviter.token]],
      );
      expect(info0.can_receive_money).toBe(0);
      expect(info0.rebate_money_config.length).toBeGreaterThan(0);

      const friend = new NativeClient(base, 'ios');
      const f = await signUp(friend, { recommend: info0.invite_code });
      const invites0 = await inviter.ok<{ user_id: number; status: number; register_date: string }[]>(
        'rebate/getInvitingDetails',
        [
          ['token', inviter.token],
          ['page', 0],
          ['page_size', 20],
        ],
      );
      expect(invites0).toEqual([
        expect.objectContaining({ user_id: f.user.user_id, status: 0, register_date: expect.any(String) }),
      ]);

      const { orderNo } = await sell(friend, 'FRIEND-CARD-1');
      await approve(orderNo, '200');
      const info1 = await inviter.ok<{ can_receive_money: number; referred_total_bonus: string }>('rebate/inviteinfo', [
        ['token', inviter.token],
      ]);
      expect(info1.can_receive_money).toBe(1500); // ₦1,000 per sale + ₦500 sign-up reward on the first
      const invites1 = await inviter.ok<{ status: number; amount: string }[]>('rebate/getInvitingDetails', [
        ['token', inviter.token],
        ['page', 0],
        ['page_size', 20],
      ]);
      expect(invites1[0]).toMatchObject({ status: 1, amount: '1500.00' });

      const rebates = await inviter.ok<{
        rebate_amount: string;
        rebate_amount_usd: string;
        currency_symbol_usd: string;
        transfer_rebate_usd: string;
        amount_order_bonus: unknown[];
        vip_info: { level: number; rate: number }[];
        user_rebate_list: { money: number }[];
      }>('rebate/rebateList', [
        ['token', inviter.token],
        ['type', '0'],
        ['wallet_type', '1'],
        ['page', 0],
        ['page_size', 20],
      ]);
      expect(rebates).toMatchObject({
        rebate_amount: '1500.00',
        rebate_amount_usd: '0.0000',
        currency_symbol_usd: expect.any(String),
        transfer_rebate_usd: expect.any(String),
      });
      expect(rebates.amount_order_bonus.length).toBeGreaterThan(0);
      expect(typeof rebates.vip_info[0]!.level).toBe('number');
      num(rebates.user_rebate_list[0]!.money);

      const cashBefore = (await inviter.ok<{ total_amount: number }>('wallet/balance', [['token', inviter.token]]))
        .total_amount;
      await inviter.ok('rebate/receiveInviteRebate', [
        ['token', inviter.token],
        ['recommend_user_id', String(f.user.user_id)],
      ]);
      expect(
        (await inviter.ok<{ total_amount: number }>('wallet/balance', [['token', inviter.token]])).total_amount,
      ).toBe(cashBefore + 1500);
      expect(
        (await inviter.ok<{ can_receive_money: number }>('rebate/inviteinfo', [['token', inviter.token]]))
          .can_receive_money,
      ).toBe(0);
      expect(
        (
          await inviter.ok<{ status: number }[]>('rebate/getInvitingDetails', [
            ['token', inviter.token],
            ['page', 0],
            ['page_size', 20],
          ])
        )[0]!.status,
      ).toBe(2);
      expect(
        await inviter.call('rebate/receiveInviteRebate', [
          ['token', inviter.token],
          ['recommend_user_id', String(f.user.user_id)],
        ]),
      ).toMatchObject({ success: false, msg: CLAIM_MESSAGES.nothing });
      // Someone else's friend, or oneself, is not claimable.
      expect(
        await friend.call('rebate/receiveInviteRebate', [
          ['token', friend.token],
          ['recommend_user_id', String(user.user_id)],
        ]),
      ).toMatchObject({ success: false, msg: CLAIM_MESSAGES.notYours });

      const rank = await inviter.ok<{
        top_list: { username: string; total_amount: string; rank: number; currency_symbol: string }[];
        my_top: { rank: number; amount: string };
      }>('rebate/inviteRankList', [['token', inviter.token]]);
      expect(rank.top_list.length).toBeGreaterThan(0);
      expect(rank.top_list[0]).toMatchObject({ rank: 1, currency_symbol: '₦' });
      expect(rank.top_list.every((e) => !e.username.includes('@'))).toBe(true);
      expect(rank.my_top).toMatchObject({ amount: '1500.00', rank: expect.any(Number) });
    },
  );

  test('parallel claims of one friend’s rewards pay once', async () => {
    const inviter = new NativeClient(base, 'android');
    await signUp(inviter);
    const code = (await inviter.ok<{ invite_code: string }>('rebate/inviteinfo', [['token', inviter.token]]))
      .invite_code;
    const friend = new NativeClient(base, 'android');
    const f = await signUp(friend, { recommend: code });
    await approve((await sell(friend, 'PARALLEL-1')).orderNo, '200');
    const before = (await inviter.ok<{ total_amount: number }>('wallet/balance', [['token', inviter.token]]))
      .total_amount;
    const claims = await Promise.all(
      Array.from({ length: 8 }, () =>
        inviter.call('rebate/receiveInviteRebate', [
          ['token', inviter.token],
          ['recommend_user_id', String(f.user.user_id)],
        ]),
      ),
    );
    expect(claims.filter((c) => c.success)).toHaveLength(1);
    expect(claims.filter((c) => !c.success).every((c) => c.msg === CLAIM_MESSAGES.nothing)).toBe(true);
    expect(
      (await inviter.ok<{ total_amount: number }>('wallet/balance', [['token', inviter.token]])).total_amount,
    ).toBe(before + 1500);
    const journals = await t.db.query<{ n: number }>(
      'select count(*)::int as n from ledger_journals where idempotency_key like $1',
      [`referral:claim:${(await inviter.ok<User>('user/userInfo', [['token', inviter.token]])).user_id}:%`],
    );
    expect(journals.rows[0]!.n).toBe(1);
  });

  test('the threshold sweep moves a friend’s rewards too: nothing is left to claim afterwards', async () => {
    const inviter = new NativeClient(base, 'android');
    await signUp(inviter);
    const code = (await inviter.ok<{ invite_code: string }>('rebate/inviteinfo', [['token', inviter.token]]))
      .invite_code;
    const friend = new NativeClient(base, 'ios');
    const f = await signUp(friend, { recommend: code });
    // ₦1,500 on the first sale, ₦1,000 on each next: the fifth reaches the ₦5,000 threshold.
    for (let i = 0; i < 4; i++) await approve((await sell(friend, `SWEEP-${i}`)).orderNo, '200');
    expect(
      (await inviter.ok<{ can_receive_money: number }>('rebate/inviteinfo', [['token', inviter.token]]))
        .can_receive_money,
    ).toBe(4500);
    await approve((await sell(friend, 'SWEEP-4')).orderNo, '200');
    expect(
      (await inviter.ok<{ can_receive_money: number }>('rebate/inviteinfo', [['token', inviter.token]]))
        .can_receive_money,
    ).toBe(0);
    expect(
      (
        await inviter.ok<{ status: number }[]>('rebate/getInvitingDetails', [
          ['token', inviter.token],
          ['page', 0],
          ['page_size', 20],
        ])
      )[0]!.status,
    ).toBe(2);
    expect(
      (await inviter.ok<{ total_amount: number }>('wallet/balance', [['token', inviter.token]])).total_amount,
    ).toBe(5500);
    expect(
      await inviter.call('rebate/receiveInviteRebate', [
        ['token', inviter.token],
        ['recommend_user_id', String(f.user.user_id)],
      ]),
    ).toMatchObject({ success: false, msg: CLAIM_MESSAGES.nothing });
  });

  test(
    'account calls: profile, avatar, phone, e-mail and WhatsApp binding (code asked without a token), passwords, ' +
      'logout, closing',
    async () => {
      const app = new NativeClient(base, 'android');
      const { email, password } = await signUp(app);
      await app.ok('user/modinickname', [
        ['token', app.token],
        ['nickname', 'Ngozi'],
      ]);
      const slot = (
        await app.ok<{ url: string }[]>('order/obsUrls', [
          ['token', app.token],
          ['image_count', '1'],
        ])
      )[0]!;
      expect(
        (await fetch(slot.url, { method: 'PUT', headers: { 'content-type': 'image/jpeg' }, body: await jpeg() }))
          .status,
      ).toBe(200);
      await app.ok('account/avatar', [
        ['token', app.token],
        ['avatar', slot.url.split('?')[0]],
      ]);
      await app.ok('user/bindPhone', [
        ['token', app.token],
        ['phone', '+2348031234567'],
      ]);
      // Replacing a bound e-mail needs a code from the current address too, which the apps'
      // bindEmail does not send: the app is told so in words. Binding a first e-mail works (below).
      await ageCodes(email);
      const newEmail = uniqueEmail();
      await app.ok('user/sendEmailBindVerifyCode', [
        ['email', newEmail],
        ['token', app.token],
      ]);
      expect(
        await app.call('user/bindEmail', [
          ['token', app.token],
          ['email', newEmail],
          ['verify_code', t.lastCode(newEmail)],
        ]),
      ).toMatchObject({ success: false, msg: SECURITY_MESSAGES.oldCodeRequired });

      // WhatsApp binding: the app asks for the code without its token, so it is issued as a sign-up code.
      const wa = uniquePhone();
      await app.ok('user/sendWhatsAppCode', [['whatsapp', wa]]);
      expect(
        await app.call('user/bindWhatsapp', [
          ['token', app.token],
          ['whatsapp', wa],
          ['code', '0000' === t.lastCode(wa) ? '1111' : '0000'],
        ]),
      ).toMatchObject({ success: false });
      await app.ok('user/bindWhatsapp', [
        ['token', app.token],
        ['whatsapp', wa],
        ['code', t.lastCode(wa)],
      ]);
      const me = await app.ok<User>('user/userInfo', [['token', app.token]]);
      expect(me).toMatchObject({ nickname: 'Ngozi', email, whatsapp_bind: true, avatar: slot.url.split('?')[0] });
      // A number another account uses cannot be bound, even with a valid code for it.
      const intruder = new NativeClient(base, 'android');
      await signUp(intruder);
      await ageCodes(wa.replace(/\D/g, ''));
      await intruder.ok('user/sendWhatsAppCode', [['whatsapp', wa]]);
      expect(
        await intruder.call('user/bindWhatsapp', [
          ['token', intruder.token],
          ['whatsapp', wa],
          ['code', t.lastCode(wa)],
        ]),
      ).toMatchObject({ success: false, msg: USER_MESSAGES.whatsappTaken });
      // That code is spent: it cannot sign the number up for someone else.
      const other = new NativeClient(base, 'android');
      expect(
        await other.call('user/appregister', [
          ['register_type', '2'],
          ['country_id', '1'],
          ['username', wa],
          ['password', 'Other-Pass-2026'],
          ['email', ''],
          ['whatsapp', wa],
          ['recommend_code', ''],
          ['code', t.lastCode(wa)],
          ...other.device(),
        ]),
      ).toMatchObject({ success: false });

      // Passwords: change, forgotten by e-mail.
      await app.ok('user/modipassword', [
        ['token', app.token],
        ['password', password],
        ['new_password', 'Changed-Pass-2026'],
      ]);
      await ageCodes(email);
      await app.ok('public/sendMail', [['email', email]]);
      await app.ok('user/updatePasswordByEmail', [
        ['email', email],
        ['verify_code', t.lastCode(email)],
        ['new_password', 'Reset-Pass-2026'],
      ]);
      expect(
        (await app.call('user/applogin', [['username', email], ['password', 'Changed-Pass-2026'], ...app.device()]))
          .success,
      ).toBe(false);
      const again = await app.ok<User>('user/applogin', [
        ['username', email],
        ['password', 'Reset-Pass-2026'],
        ...app.device(),
      ]);
      app.token = again.token!;

      // A WhatsApp sign-up (username = dialling code + number), then its forgotten password by WhatsApp (digits only).
      const waUser = new NativeClient(base, 'ios');
      const wa2 = uniquePhone();
      await waUser.ok('user/sendWhatsAppCode', [['whatsapp', wa2]]);
      const reg = await waUser.ok<User>('user/appregister', [
        ['register_type', '2'],
        ['country_id', '1'],
        ['username', wa2],
        ['password', 'Whats-Pass-2026'],
        ['email', ''],
        ['whatsapp', wa2],
        ['recommend_code', ''],
        ['code', t.lastCode(wa2)],
        ...waUser.device(),
      ]);
      expect(reg.whatsapp_bind).toBe(true);
      await ageCodes(wa2.replace(/\D/g, ''));
      await waUser.ok('user/sendWhatsAppCode', [['whatsapp', wa2.replace(/\D/g, '')]]);
      await waUser.ok('user/updatePasswordByWhatsApp', [
        ['whatsapp', wa2.replace(/\D/g, '')],
        ['verify_code', t.lastCode(wa2)],
        ['new_password', 'Whats-Reset-2026'],
      ]);
      const waLogin = await waUser.ok<User>('user/applogin', [
        ['username', wa2],
        ['password', 'Whats-Reset-2026'],
        ...waUser.device(),
      ]);
      waUser.token = waLogin.token!;
      // A first e-mail for a WhatsApp account: the code to the new address, within minutes of signing in.
      const firstEmail = uniqueEmail();
      await waUser.ok('user/sendEmailBindVerifyCode', [
        ['email', firstEmail],
        ['token', waUser.token],
      ]);
      await waUser.ok('user/bindEmail', [
        ['token', waUser.token],
        ['email', firstEmail],
        ['verify_code', t.lastCode(firstEmail)],
      ]);
      expect(await waUser.ok<User>('user/userInfo', [['token', waUser.token]])).toMatchObject({
        email: firstEmail,
        is_email_bind: true,
      });

      // Payout account removal, logout, and closing an account with nothing in it.
      const acct = nuban('058', '032345678');
      await app.ok('payment/add', [
        ['token', app.token],
        ['payment_id', 1],
        ['bank_id', 107],
        ['account_no', acct],
        ['account_name', ''],
      ]);
      const saved = (
        await app.ok<{ data_list: { bank_id: number }[] }[]>('payment/list', [
          ['token', app.token],
          ['type', '1'],
        ])
      ).flatMap((a) => a.data_list)[0]!;
      await app.ok('payment/delete', [
        ['token', app.token],
        ['bank_id', String(saved.bank_id)],
      ]);
      await app.ok('user/applogout', [['token', app.token]]);
      expect(await app.call('user/userInfo', [['token', app.token]])).toMatchObject({
        success: false,
        code: 'common.004',
      });
      await waUser.ok('user/cancellation', [
        ['token', waUser.token],
        ['password', 'Whats-Reset-2026'],
      ]);
      expect(await waUser.call('user/userInfo', [['token', waUser.token]])).toMatchObject({ code: 'common.004' });
    },
  );

  test(
    'Google through an authorization code, completed on the device that began it; Apple from an authorization ' +
      'code; Facebook; binding',
    async () => {
      const app = new NativeClient(base, 'android');
      const gmail = uniqueEmail();
      const code = stand.google.code('g-native-1', gmail);
      const g = await app.ok<{ social_id: string; social_email: string; social_name: string }>(
        'social/getGoogleInfoByToken',
        [['code', code], ['redirect_uri', 'ng.giftlane:/oauth'], ...app.device()],
      );
      expect(g).toMatchObject({ social_id: 'g-native-1', social_email: gmail });
      // The code is single use at Google; a replay fails.
      expect(
        await app.call('social/getGoogleInfoByToken', [
          ['code', code],
          ['redirect_uri', 'ng.giftlane:/oauth'],
          ...app.device(),
        ]),
      ).toMatchObject({ success: false });

      // Someone who learnt the Google id cannot use it from another device.
      const thief = new NativeClient(base, 'android');
      expect(
        await thief.call('social/googleLogin', [
          ['social_id', 'g-native-1'],
          ['social_email', gmail],
          ['social_name', 'x'],
          ...thief.device(),
        ]),
      ).toMatchObject({ success: false });
      const first = await app.ok<{ is_social_bind: boolean; token: string; social_type: string }>(
        'social/googleLogin',
        [['social_id', g.social_id], ['social_email', g.social_email], ['social_name', g.social_name], ...app.device()],
      );
      expect(first).toMatchObject({ is_social_bind: false, token: '', social_type: 'google' });
      // The hand-off is used up: googleLogin cannot be replayed without a new code.
      expect(
        await app.call('social/googleLogin', [
          ['social_id', g.social_id],
          ['social_email', gmail],
          ['social_name', ''],
          ...app.device(),
        ]),
      ).toMatchObject({ success: false });

      // Completing the sign-up: from another device, refused; from this one, done.
      const completion = (c: NativeClient): Fields => [
        ['username', gmail],
        ['password', 'Social-Pass-2026'],
        ['country_id', '1'],
        ['register_type', '1'],
        ['email', gmail],
        ['social_id', 'g-native-1'],
        ['social_type', 'google'],
        ...c.device(),
      ];
      expect(await thief.call('user/appregister', completion(thief))).toMatchObject({
        success: false,
        msg: USER_MESSAGES.socialExpired,
      });
      const reg = await app.ok<User>('user/appregister', completion(app));
      expect(reg).toMatchObject({ google_bind: true, is_email_bind: true });

      // Next time: a bound identity signs straight in (here with an access token checked at token-info).
      const at = stand.google.accessToken('g-native-1', gmail);
      const back = await app.ok<{ is_social_bind: boolean; token: string }>('social/googleLogin', [
        ['social_id', 'g-native-1'],
        ['social_email', gmail],
        ['social_name', ''],
        ...app.device(),
        ['access_token', at],
      ]);
      expect(back.is_social_bind).toBe(true);
      expect((await app.call('user/userInfo', [['token', back.token]])).success).toBe(true);
      expect(
        await app.call('social/googleLogin', [
          ['social_id', ''],
          ['social_email', ''],
          ['social_name', ''],
          ...app.device(),
          ['access_token', 'ya29.forged'],
        ]),
      ).toMatchObject({ success: false });

      // Apple: the app sends the authorization code; the api exchanges it with an ES256 client secret.
      const ios = new NativeClient(base, 'ios');
      const amail = 'relay123@privaterelay.appleid.com';
      const apple = await ios.ok<{ is_social_bind: boolean; social_id: string }>('social/appleLogin', [
        ['social_id', 'apple-native-1'],
        ['social_email', amail],
        ['social_name', 'Kofi'],
        ['social_code', stand.apple.code('apple-native-1', amail)],
        ...ios.device(),
      ]);
      expect(apple).toMatchObject({ is_social_bind: false, social_id: 'apple-native-1' });
      expect(
        await ios.call('social/appleLogin', [
          ['social_id', 'apple-native-1'],
          ['social_email', amail],
          ['social_name', ''],
          ['social_code', 'c.forged'],
          ...ios.device(),
        ]),
      ).toMatchObject({ success: false, msg: 'Apple login failed. Please try again.' });
      // A code for one Apple user claimed as another's id.
      expect(
        await ios.call('social/appleLogin', [
          ['social_id', 'apple-victim'],
          ['social_email', ''],
          ['social_name', ''],
          ['social_code', stand.apple.code('apple-native-2', amail)],
          ...ios.device(),
        ]),
      ).toMatchObject({ success: false });

      // Facebook, and binding Apple to the signed-in account with an authorization code (all nine fields).
      expect(
        (
          await ios.ok<{ is_social_bind: boolean }>('social/facebookLogin', [
            ['facebook_token', 'fb-good-777'],
            ['social_id', '777'],
            ['social_email', ''],
            ['social_name', 'Kofi'],
            ...ios.device(),
          ])
        ).is_social_bind,
      ).toBe(false);
      app.token = back.token;
      const bound = await app.ok<{ is_social_bind: boolean }>('social/socialBind', [
        ['token', app.token],
        ['social_type', 'apple'],
        ['apple_code', stand.apple.code('apple-native-3', amail)],
        ['facebook_token', ''],
        ['social_id', ''],
        ['social_email', ''],
        ['social_picture', ''],
        ['social_name', ''],
        ['version', '1.0'],
      ]);
      expect(bound.is_social_bind).toBe(true);
      expect((await app.ok<User>('user/userInfo', [['token', app.token]])).apple_bind).toBe(true);
    },
  );

  test(
    'push tokens: only Expo tokens; a removed app’s token is dropped; a signed-out device gets ' + 'nothing',
    async () => {
      const app = new NativeClient(base, 'android');
      await signUp(app);
      expect(
        await app.call('user/registerDeviceToken', [
          ['token', app.token],
          ['push_device_token', 'not-a-token'],
          ['device_type', 'Pixel 8'],
          ['device_no', app.deviceNo],
          ['os_type', 'android'],
        ]),
      ).toMatchObject({ success: false, msg: PUSH_MESSAGES.token });
      await app.ok('user/registerDeviceToken', [
        ['token', app.token],
        ['push_device_token', 'ExponentPushToken[GoneDevice0001]'],
        ['device_type', 'Pixel 8'],
        ['device_no', app.deviceNo],
        ['os_type', 'android'],
      ]);
      const u = await app.ok<User>('user/userInfo', [['token', app.token]]);
      await t.db.query("insert into notices (user_id, title, content) values ($1, 'Hello', 'First')", [u.user_id]);
      await t.app.push.flush();
      expect(stand.pushed.filter((m) => m.to === 'ExponentPushToken[GoneDevice0001]')).toHaveLength(1);
      expect(
        (await t.db.query('select 1 from push_tokens where token = $1', ['ExponentPushToken[GoneDevice0001]'])).rows,
      ).toHaveLength(0);

      // Two api processes flushing at once still send each notice once (the scan's cursor is in the database).
      await app.ok('user/registerDeviceToken', [
        ['token', app.token],
        ['push_device_token', 'ExponentPushToken[TwoWorkers0001]'],
        ['device_type', 'Pixel 8'],
        ['device_no', app.deviceNo],
        ['os_type', 'android'],
      ]);
      const otherApp = await testApp(tdb, { push: { url: `${stand.url}/expo/push`, intervalMs: 0 } });
      const other = otherApp.app.push;
      for (let i = 0; i < 5; i++)
        await t.db.query("insert into notices (user_id, title, content) values ($1, $2, 'Twice?')", [
          u.user_id,
          `Once ${i}`,
        ]);
      await Promise.all([t.app.push.flush(), other.flush()]);
      const twice = stand.pushed.filter((m) => m.to === 'ExponentPushToken[TwoWorkers0001]');
      expect(twice).toHaveLength(5);
      expect(new Set(twice.map((m) => m.data.notice_id)).size).toBe(5);
      await otherApp.close();

      // Left to itself, an api process sends new notices on its interval.
      const ticking = await testApp(tdb, { push: { url: `${stand.url}/expo/push`, intervalMs: 50 } });
      try {
        await new Promise((r) => setTimeout(r, 300));
        await t.db.query(
          "insert into notices (user_id, title, content) values ($1, 'On its own', 'Sent by the timer')",
          [u.user_id],
        );
        for (let i = 0; i < 60 && !stand.pushed.some((m) => m.title === 'On its own'); i++)
          await new Promise((r) => setTimeout(r, 50));
        expect(stand.pushed.filter((m) => m.title === 'On its own').map((m) => m.to)).toEqual([
          'ExponentPushToken[TwoWorkers0001]',
        ]);
      } finally {
        await ticking.close();
      }

      await app.ok('user/registerDeviceToken', [
        ['token', app.token],
        ['push_device_token', 'ExponentPushToken[LoggedOut00001]'],
        ['device_type', 'Pixel 8'],
        ['device_no', app.deviceNo],
        ['os_type', 'android'],
      ]);
      await app.ok('user/applogout', [['token', app.token]]);
      await t.db.query(
        "insert into notices (user_id, title, content) values ($1, 'Private', 'Not for a signed-out phone')",
        [u.user_id],
      );
      await t.app.push.flush();
      expect(stand.pushed.filter((m) => m.to === 'ExponentPushToken[LoggedOut00001]')).toHaveLength(0);
    },
  );

  test(`every in-scope call serves a native client (${IN_SCOPE_CALLS.length} calls)`, () => {
    const missing = IN_SCOPE_CALLS.filter((c) => !served.has(c));
    console.log(
      `${IN_SCOPE_CALLS.length - missing.length} of ${IN_SCOPE_CALLS.length} in-scope calls serve a native client ` +
        `(${target})`,
    );
    expect(missing).toEqual([]);
  });
});
