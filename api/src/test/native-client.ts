import { randomBytes } from 'node:crypto';
import { DEFAULT_APP_KEYS } from '../config/env.js';
import type { Envelope } from '../lib/envelope.js';
import { nativeSignedBody } from '../lib/sign.js';

/**
 * The calls a native client of this API family makes that are in scope (NATIVE-CLIENT §2 and §3;
 * §4's check-in, lottery, points and utility payments are not): 72.
 */
export const IN_SCOPE_CALLS = [
  // §2 start-up, public, rates
  'public/appinit',
  'public/countrylist',
  'public/homebanner',
  'public/popConfig',
  'public/lead',
  'public/analysis',
  'faq/categories',
  'faq/list',
  'card/category',
  'card/currencyList',
  'v2/card/catalog',
  'card/calculator',
  'public/vipActivityDes',
  // §2 account
  'user/checkUsername',
  'user/sendEmailVerifyCode',
  'user/sendWhatsAppCode',
  'user/appregister',
  'user/applogin',
  'user/userInfo',
  'user/applogout',
  'user/modinickname',
  'account/avatar',
  'user/modipassword',
  'user/cancellation',
  'user/bindPhone',
  'user/bindWhatsapp',
  'user/sendEmailBindVerifyCode',
  'user/bindEmail',
  'public/sendMail',
  'user/updatePasswordByEmail',
  'user/updatePasswordByWhatsApp',
  'withdraw/transactionPassword',
  'withdraw/upTPassword',
  // §2 social
  'social/googleLogin',
  'social/facebookLogin',
  'social/appleLogin',
  'social/socialBind',
  // §2 selling and orders
  'order/obsUrls',
  'order/getAvailableCoupon',
  'order/appadd',
  'ord/list',
  'ord/detail',
  'finder/allNotice',
  'finder/readNotice',
  // §2 wallet, payout accounts, withdrawals
  'wallet/balance',
  'wallet/moneyLogList',
  'wallet/moneyLogDetail',
  'payment/paymentList',
  'payment/bankList',
  'payment/coinList',
  'payment/verify',
  'payment/add',
  'payment/list',
  'payment/setDef',
  'payment/delete',
  'withdraw/information',
  'withdraw/apply',
  // §2 VIP and referral
  'vip/info',
  'vip/loglist',
  'rebate/inviteinfo',
  'rebate/rebateList',
  // §3 the calls our api did not have
  'config/getAppVersion',
  'config/liveContentList',
  'finder/showFinder',
  'rebate/inviteRankList',
  'rebate/getInvitingDetails',
  'rebate/receiveInviteRebate',
  'user/registerDeviceToken',
  'user/sendWithdrawalPasswordResetEmail',
  'user/resetWithdrawalPasswordByEmail',
  'social/getGoogleInfoByToken',
  'vip/default',
] as const;
export type NativeCall = (typeof IN_SCOPE_CALLS)[number];

const PLATFORMS = {
  android: { appid: 'gl_android', model: 'Pixel 8', channel: '8' },
  ios: { appid: 'gl_ios', model: 'iPhone15,2', channel: '7' },
} as const;

/** Calls that answered success to a native client, across a suite: what the README's figure counts. */
export const served = new Set<string>();

export type Fields = [string, unknown][];

/**
 * A native client as NATIVE-CLIENT §1 describes it: each call's fields in the order the app builds
 * them, then appid and app_version (`1.0.7`), signed in that insertion order with the platform's key,
 * sent form-encoded in the same order with `sign` last, over real HTTP; non-2xx is a transport error.
 */
export class NativeClient {
  token = '';
  readonly deviceNo: string;
  constructor(
    private readonly baseUrl: string,
    readonly os: 'android' | 'ios' = 'android',
    readonly appKey: string = DEFAULT_APP_KEYS[PLATFORMS[os].appid]!,
  ) {
    this.deviceNo = `${os}_${randomBytes(8).toString('hex')}`;
  }

  get channelType(): string {
    return PLATFORMS[this.os].channel;
  }

  /** The device fields, in the app's order. */
  device(opts: { channel?: boolean } = {}): Fields {
    const f: Fields = [
      ['device_no', this.deviceNo],
      ['device_type', PLATFORMS[this.os].model],
      ['os_type', this.os],
    ];
    if (opts.channel !== false) f.push(['channel_type', this.channelType]);
    return f;
  }

  /** The form body exactly as the app sends it. */
  body(fields: Fields): string {
    return nativeSignedBody(fields, PLATFORMS[this.os].appid, this.appKey)
      .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
      .join('&');
  }

  async send<T = unknown>(path: string, body: string): Promise<Envelope<T>> {
    const res = await fetch(`${this.baseUrl}/gc/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    if (res.status < 200 || res.status >= 300) throw new Error(`transport error: ${path} answered HTTP ${res.status}`);
    const env = (await res.json()) as Envelope<T>;
    if (env.success) served.add(path);
    return env;
  }

  call<T = unknown>(path: NativeCall, fields: Fields = []): Promise<Envelope<T>> {
    return this.send<T>(path, this.body(fields));
  }

  /** Like call, but the success is required: the reply's data. */
  async ok<T = unknown>(path: NativeCall, fields: Fields = []): Promise<T> {
    const env = await this.call<T>(path, fields);
    if (!env.success) throw new Error(`${path}: ${env.code} ${env.msg}`);
    return env.data;
  }
}
