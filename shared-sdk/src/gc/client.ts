// One typed function per /gc path (the spec's and the CONTRACT paths our screens use), grouped by
// module: `api.user.applogin(...)`, `api.public.countrylist()`. Components never call HTTP directly.
import { CHANNEL_TYPE, OS_TYPE } from '../config';
import { ApiError } from '../errors';
import { moneyToDecimalString, toCurrencyCode, type CurrencyCode, type Money } from '../money';
import {
  decodeBonusTiers,
  decodeInvitedUser,
  decodeInviteInfo,
  decodeMoneyLog,
  decodeMoneyLogDetail,
  decodeOrderDetail,
  decodeOrderListItem,
  decodeOrderSell,
  decodeRebateInfo,
  decodeUser,
  decodeVipData,
  decodeWalletBalance,
  decodeWithdrawInformation,
  decodeWithdrawResult,
  type BonusTier,
  type VipData,
} from './decode';
import { Transport, type Payload, type RequestOptions, type TransportOptions } from './transport';
import type {
  Bank,
  BlogListItem,
  BlogPost,
  ChannelCheck,
  OfficialChannels,
  CalculatorData,
  CardCategory,
  CardCurrency,
  CoinNetwork,
  Country,
  Coupon,
  CouponPage,
  DeviceFields,
  FaqItem,
  HomeBanner,
  InitData,
  InvitedUser,
  RateAlerts,
  RateHistory,
  InvitedUserWire,
  InviteInfo,
  InviteInfoWire,
  KycIdType,
  KycStatus,
  FirstSteps,
  CaseAbout,
  CaseDetail,
  CaseListItem,
  InviteRankInfo,
  LadderTierWire,
  MoneyLog,
  MoneyLogDetail,
  MoneyLogDetailWire,
  MoneyLogFilter,
  MoneyLogWire,
  Notice,
  NoticeListType,
  OrderDetail,
  OrderDetailWire,
  OrderEta,
  OfferAnswer,
  OrderListFilter,
  OrderListItem,
  OrderListItemWire,
  OrderSell,
  OrderSellDetail,
  OrderSellWire,
  Paging,
  PaymentMethod,
  RatesData,
  RebateInfo,
  RebateInfoWire,
  SavedPaymentGroup,
  SessionInfo,
  AlertChannels,
  SocialLoginResult,
  StatusBoard,
  User,
  UserWire,
  VipDataWire,
  VipLogItem,
  WalletBalance,
  WalletBalanceWire,
  WalletType,
  WithdrawEta,
  WithdrawInformation,
  WithdrawInformationWire,
  WithdrawResult,
  WithdrawResultWire,
  AppealWire,
  EvidencePack,
} from './types';

export interface ApiClientOptions extends TransportOptions {
  /** The signed-in user's currency for amounts whose reply does not name it (session `currency_name`). */
  localCurrency?: () => CurrencyCode | undefined;
  /** Device fields for sign-in and sign-up calls (`device_no` and friends). */
  deviceFields?: () => DeviceFields;
}

/** `AmountInput`: a Money, or a decimal string exactly as the user typed it. */
export type AmountInput = Money | string;
const amountText = (value: AmountInput): string =>
  typeof value === 'string' ? value.trim() : moneyToDecimalString(value);

type Empty = null | Record<string, never> | '' | [];

export interface LoginRequest extends DeviceFields {
  /** Email, or the dial code plus the WhatsApp number. */
  username: string;
  password: string;
}

export interface RegisterRequest extends DeviceFields {
  register_type: '1' | '2';
  country_id: string | number;
  username: string;
  password: string;
  email?: string;
  whatsapp?: string;
  recommend_code?: string;
  /** The OTP, when `InitData.is_need_verify` is '1'. */
  code?: string;
  sign_to_coupon?: '1';
  social_id?: string;
  social_type?: string;
}

export interface SocialLoginBase extends DeviceFields {
  social_id: string;
  social_email?: string;
  social_name?: string;
  /** '0' sign-in, '1' sign-up. */
  is_validate_email?: '0' | '1';
}

export interface SocialBindRequest {
  social_type: 'google' | 'facebook' | 'apple';
  social_id: string;
  social_email?: string;
  social_name?: string;
  social_picture?: string;
  /** Google: the id token (the api verifies it against Google's keys). */
  idToken?: string;
  facebook_token?: string;
  apple_code?: string;
  version?: string;
}

export interface ApiContext {
  transport: Transport;
  local: () => CurrencyCode;
  device: () => DeviceFields;
}

/** Request objects are flat field maps; undefined fields are neither signed nor sent (sign.ts). */
const fields = (payload: object): Payload => payload as Payload;

export function createApiModules(ctx: ApiContext) {
  const { transport: t } = ctx;
  const call = <T>(path: string, payload: object = {}, options?: RequestOptions): Promise<T> =>
    t.request<T>(path, fields(payload), options);
  const withDevice = <P extends object>(payload: P): P & DeviceFields => ({ ...ctx.device(), ...payload });

  const user = {
    appregister: async (req: RegisterRequest): Promise<User> =>
      decodeUser(await call<UserWire>('user/appregister', withDevice(req)), ctx.local()),
    applogin: async (req: LoginRequest): Promise<User> =>
      decodeUser(await call<UserWire>('user/applogin', withDevice(req)), ctx.local()),
    applogout: (): Promise<Empty> => call('user/applogout'),
    /** Everything kept about the signed-in seller, as JSON (secrets left out, ID numbers masked). */
    exportData: (): Promise<Record<string, unknown>> => call('user/exportData'),
    userInfo: async (): Promise<User> => decodeUser(await call<UserWire>('user/userInfo'), ctx.local()),
    /** `success: false` means taken (CONTRACT §7), so this answers instead of rejecting. */
    checkUsername: async (req: { username: string }): Promise<{ available: boolean; msg: string }> => {
      try {
        const reply = await t.envelope('user/checkUsername', fields(req));
        return { available: true, msg: reply.msg ?? '' };
      } catch (error) {
        if (error instanceof ApiError && error.kind === 'api') return { available: false, msg: error.msg };
        throw error;
      }
    },
    sendEmailVerifyCode: (req: { email: string }): Promise<Empty> => call('user/sendEmailVerifyCode', req),
    /**
     * `whatsapp` with its dial code; used for sign-up, password reset and binding. Signed in (binding),
     * `password` is the login password, and a number already bound gets a code of its own too.
     */
    sendWhatsAppCode: (req: { whatsapp: string; password?: string }): Promise<Empty> =>
      call('user/sendWhatsAppCode', req),
    /**
     * Binds or changes the number: login password, the new number's code, and `old_code` (sent to the bound number)
     * when changing.
     */
    bindWhatsapp: (req: { whatsapp: string; code: string; password: string; old_code?: string }): Promise<Empty> =>
      call('user/bindWhatsapp', req),
    bindPhone: (req: { phone: string }): Promise<Empty> => call('user/bindPhone', req),
    /** Login password required; a bound address gets a code of its own too (for `old_code`). */
    sendEmailBindVerifyCode: (req: { email: string; password: string }): Promise<Empty> =>
      call('user/sendEmailBindVerifyCode', req),
    bindEmail: (req: { email: string; verify_code: string; password: string; old_code?: string }): Promise<Empty> =>
      call('user/bindEmail', req),
    updateUsername: (req: { username: string }): Promise<Empty> => call('user/updateUsername', req),
    modinickname: (req: { nickname: string }): Promise<Empty> => call('user/modinickname', req),
    modipassword: (req: { password: string; new_password: string }): Promise<Empty> => call('user/modipassword', req),
    /** Reset after the recovery code (username, new_password). */
    forgotPassword: (req: { username: string; new_password: string; verify_code?: string }): Promise<Empty> =>
      call('user/forgotPassword', req),
    updatePasswordByEmail: (req: { email: string; verify_code: string; new_password: string }): Promise<Empty> =>
      call('user/updatePasswordByEmail', req),
    updatePasswordByWhatsapp: (req: { whatsapp: string; verify_code: string; new_password: string }): Promise<Empty> =>
      call('user/updatePasswordByWhatsapp', req),
    /** Login password, the new address's code and `old_code` (sent to the current address). */
    changeEmail: (req: { email: string; verify_code: string; password: string; old_code?: string }): Promise<Empty> =>
      call('user/changeEmail', req),
    /** The account's signed-in devices; `current` marks this one. */
    sessionList: (): Promise<SessionInfo[]> => call('user/sessionList'),
    /** Signs one device out. */
    revokeSession: (req: { session_id: string }): Promise<Empty> => call('user/revokeSession', req),
    /** Where updates about the seller's money go beside the app: verified e-mail and WhatsApp, each on or off. */
    alertChannels: (): Promise<AlertChannels> => call('user/alertChannels'),
    /** The checklist before a first payout: identity, PIN, payout account, a sale, and the new account's wait. */
    firstSteps: (): Promise<FirstSteps> => call('user/firstSteps'),
    setAlertChannels: (req: { email_on: boolean; whatsapp_on: boolean }): Promise<AlertChannels> =>
      call('user/setAlertChannels', { email_on: req.email_on ? '1' : '0', whatsapp_on: req.whatsapp_on ? '1' : '0' }),
    /** Signs out every device, this one too. */
    logoutAll: (): Promise<Empty> => call('user/logoutAll'),
    cancellation: (req: { password: string }): Promise<Empty> => call('user/cancellation', req),
    sendWithdrawalPasswordResetEmail: (req: { email: string }): Promise<Empty> =>
      call('user/sendWithdrawalPasswordResetEmail', req),
    resetWithdrawalPasswordByEmail: (req: {
      email: string;
      verify_code: string;
      new_password: string;
    }): Promise<Empty> => call('user/resetWithdrawalPasswordByEmail', req),
  };

  const social = {
    googleLogin: (req: SocialLoginBase & { idToken?: string }): Promise<SocialLoginResult> =>
      call('social/googleLogin', withDevice(req)),
    facebookLogin: (
      req: SocialLoginBase & { facebook_token: string; social_picture?: string; version?: string },
    ): Promise<SocialLoginResult> => call('social/facebookLogin', withDevice(req)),
    appleLogin: (req: SocialLoginBase & { social_code: string }): Promise<SocialLoginResult> =>
      call('social/appleLogin', withDevice(req)),
    /** Every field is sent, empty where it does not apply (CONTRACT §2.2). */
    socialBind: (req: SocialBindRequest): Promise<{ is_social_bind: boolean }> =>
      call('social/socialBind', {
        apple_code: '',
        facebook_token: '',
        social_email: '',
        social_name: '',
        social_picture: '',
        version: '1.0',
        ...req,
      }),
  };

  const publicApi = {
    appinit: (): Promise<InitData> => {
      // appinit sends the device fields but not channel_type (CONTRACT §1).
      const { channel_type: _channel, ...device } = ctx.device();
      return call('public/appinit', device);
    },
    countrylist: (): Promise<Country[]> => call('public/countrylist'),
    homebanner: (): Promise<HomeBanner> => call('public/homebanner'),
    /** Anonymous visitors name their country (Nigeria when absent); each tier names its currency. */
    ladderConfig: async (req: { country_id?: number | string; wallet_type?: WalletType } = {}): Promise<BonusTier[]> =>
      (await call<LadderTierWire[]>('public/ladderConfig', req)).flatMap((tier) =>
        decodeBonusTiers(tier, toCurrencyCode(tier.currency) ?? ctx.local()),
      ),
    /** Sends the password-reset code by e-mail. */
    sendMail: (req: { email: string }): Promise<Empty> => call('public/sendMail', req),
    contact: (req: { name: string; email: string; subject?: string; message: string }): Promise<Empty> =>
      call('public/contact', req),
    vipActivityDes: (): Promise<OrderSellDetail> => call('public/vipActivityDes'),
    blogList: (req: Paging): Promise<BlogListItem[]> => call('public/blogList', req),
    blogPost: (req: { slug: string }): Promise<BlogPost> => call('public/blogPost', req),
    channels: (): Promise<OfficialChannels> => call('public/channels'),
    channelCheck: (req: { text: string }): Promise<ChannelCheck> => call('public/channelCheck', req),
    /** The public status board: review time per card family, and whether each payout rail pays normally. */
    status: (): Promise<StatusBoard> => call('public/status'),
  };

  const order = {
    /** `images` go comma-joined; `channel_type` is '1' on this call (CONTRACT §2.4). */
    appadd: async (req: {
      images: readonly string[];
      user_memo: string;
      wallet_type: WalletType;
      coupon_code?: string;
      card_id?: number | string;
      face_value?: number | string;
      card_form?: string;
      /** Same key and fields on a retry answer the first order (8–100 of A–Z a–z 0–9 _ . : -). */
      idempotency_key?: string;
    }): Promise<OrderSell> =>
      decodeOrderSell(
        await call<OrderSellWire>('order/appadd', { coupon_code: '', channel_type: '1', ...req }),
        ctx.local(),
      ),
    checkCoupon: (req: { coupon_code: string; wallet_type?: WalletType }): Promise<Coupon> =>
      call('order/checkCoupon', req),
    getAvailableCoupon: async (req: Paging & { type: 0 | 1 | 2 | '0' | '1' | '2' }): Promise<CouponPage> => {
      const reply = await t.envelope<Coupon[]>('order/getAvailableCoupon', fields(req));
      return {
        list: reply.data ?? [],
        total: Number(reply.total ?? 0),
        page: Number(reply.page ?? req.page),
        page_size: Number(reply.page_size ?? req.page_size),
      };
    },
    obsUrl: (): Promise<{ objectName: string; url: string }> => call('order/obsUrl'),
    obsUrls: (req: { image_count: number }): Promise<Array<{ objectName: string; url: string }>> =>
      call('order/obsUrls', req),
  };

  const ord = {
    list: async (
      req: Paging & { status: OrderListFilter; start_time?: number; end_time?: number },
    ): Promise<OrderListItem[]> =>
      (await call<OrderListItemWire[]>('ord/list', req)).map((item) => decodeOrderListItem(item, ctx.local())),
    detail: async (req: { order_no: string }): Promise<OrderDetail> =>
      decodeOrderDetail(await call<OrderDetailWire>('ord/detail', req), ctx.local()),
    /** Live estimates of the seller's orders (up to 20, comma-joined): minutes left and orders ahead. */
    eta: (req: { order_no: string }): Promise<OrderEta[]> => call('ord/eta', req),
    /** Answers the order's counter-offer: accept (credited at once) or decline (closed unpaid). */
    answerOffer: (req: { order_no: string; answer: 'accept' | 'decline' }): Promise<OfferAnswer> =>
      call('ord/answerOffer', req),
  };

  const appeal = {
    /** The evidence pack of an order: per failed card its reason, proof photos, reviewer's note, time; its appeal. */
    detail: (req: { order_no: string }): Promise<EvidencePack> => call('appeal/detail', req),
    /** Opens an appeal on a decided order: a note and up to 5 uploaded photos (their urls from order/obsUrls). */
    apply: (req: { order_no: string; note: string; images?: string[] }): Promise<AppealWire> =>
      call('appeal/apply', { ...req, images: req.images?.length ? req.images : undefined }),
  };

  const finder = {
    allNoticeWithoutRead: (
      req: Paging & { start_time: number | string; end_time: number | string },
    ): Promise<Notice[]> => call('finder/allNoticeWithoutRead', req),
    allNotice: (req: Paging & { type: NoticeListType }): Promise<Notice[]> => call('finder/allNotice', req),
    readNotice: (req: { notice_id: number | string }): Promise<Notice[] | Empty> => call('finder/readNotice', req),
  };

  const rebate = {
    inviteinfo: async (): Promise<InviteInfo> =>
      decodeInviteInfo(await call<InviteInfoWire>('rebate/inviteinfo'), ctx.local()),
    getReferralUsers: async (req: Paging): Promise<InvitedUser[]> =>
      (await call<InvitedUserWire[]>('rebate/getReferralUsers', req)).map((u) => decodeInvitedUser(u, ctx.local())),
    rebateList: async (req: Paging & { type: number; wallet_type: WalletType }): Promise<RebateInfo> =>
      decodeRebateInfo(await call<RebateInfoWire>('rebate/rebateList', req), ctx.local()),
    getInvitingDetails: async (req: Paging): Promise<InvitedUser[]> =>
      (await call<InvitedUserWire[]>('rebate/getInvitingDetails', req)).map((u) => decodeInvitedUser(u, ctx.local())),
    receiveInviteRebate: (req: { recommend_user_id: number | string }): Promise<Empty> =>
      call('rebate/receiveInviteRebate', req),
    inviteRankList: (): Promise<InviteRankInfo> => call('rebate/inviteRankList'),
  };

  const payment = {
    paymentList: (req: { type: WalletType; country_id: number | string }): Promise<PaymentMethod[]> =>
      call('payment/paymentList', req),
    /** `payment_id` narrows to one method's institutions (1 bank, 2 mobile money); 0 or absent: all. */
    bankList: (req: { country_id: number | string; payment_id?: number | string }): Promise<Bank[]> =>
      call('payment/bankList', req),
    coinList: (): Promise<CoinNetwork[]> => call('payment/coinList'),
    list: (req: { type: WalletType }): Promise<SavedPaymentGroup[]> => call('payment/list', req),
    verify: (req: { bank_id: number | string; bank_account: string }): Promise<{ user_name: string }> =>
      call('payment/verify', req),
    /** `password`: the login password; `t_password`: the transaction password. */
    add: (req: {
      payment_id: number | string;
      bank_id: number | string;
      account_no: string;
      account_name: string;
      password: string;
      /** The transaction password; or, for a seller who has none yet, `new_t_password` sets it in the same step. */
      t_password?: string;
      new_t_password?: string;
    }): Promise<{
      bank_id: number | string;
      is_def: 1 | 2;
    }> => call('payment/add', req),
    setDef: (req: { bank_id: number | string }): Promise<Empty> => call('payment/setDef', req),
    delete: (req: { bank_id: number | string }): Promise<Empty> => call('payment/delete', req),
  };

  const account = {
    /** `avatar`: the public URL of the uploaded image. */
    avatar: (req: { avatar: string }): Promise<Empty> => call('account/avatar', req),
  };

  const withdraw = {
    /** Live estimates of the seller's withdrawals (up to 20, comma-joined): minutes left and payouts ahead. */
    eta: (req: { withdraw_no: string }): Promise<WithdrawEta[]> => call('withdraw/eta', req),
    information: async (req: { wallet_type: WalletType }): Promise<WithdrawInformation> =>
      decodeWithdrawInformation(await call<WithdrawInformationWire>('withdraw/information', req), ctx.local()),
    /**
     * `amount` goes as a decimal string; `channel_type` from the user, as a string. Give one
     * `idempotency_key` per withdrawal the user means (not per attempt): a retry with it returns the
     * first result instead of withdrawing twice.
     */
    apply: async (req: {
      bank_id: number | string;
      amount: AmountInput;
      password: string;
      channel_type?: string;
      idempotency_key?: string;
    }): Promise<WithdrawResult> =>
      decodeWithdrawResult(
        await call<WithdrawResultWire>('withdraw/apply', {
          channel_type: CHANNEL_TYPE,
          ...req,
          amount: amountText(req.amount),
        }),
        ctx.local(),
      ),
    /** Sets the first 6-digit transaction password (`password`); `login_password` is the login password. */
    transactionPassword: (req: { password: string; login_password: string }): Promise<Empty> =>
      call('withdraw/transactionPassword', req),
    changeTPassword: (req: { password: string; new_password: string; login_password: string }): Promise<Empty> =>
      call('withdraw/changeTPassword', req),
    upTPassword: (req: { password: string; new_password: string; login_password: string }): Promise<Empty> =>
      call('withdraw/upTPassword', req),
    /** E-mails a code (to the bound, verified address) for resetting a forgotten transaction password. */
    sendResetCode: (req: { login_password: string }): Promise<Empty> => call('withdraw/sendResetCode', req),
    /** Sets a new transaction password with the e-mailed code; also lifts the lock after wrong tries. */
    resetTPassword: (req: { verify_code: string; new_password: string; login_password: string }): Promise<Empty> =>
      call('withdraw/resetTPassword', req),
  };

  const kyc = {
    /** Level, limits, what the next level needs, the latest check per level (ID masked). */
    status: (): Promise<KycStatus> => call('kyc/status'),
    /** Level 1: the ID number with the name and date of birth (YYYY-MM-DD) as on it. */
    verifyId: (req: {
      id_type: KycIdType;
      id_number: string;
      first_name: string;
      last_name: string;
      date_of_birth: string;
    }): Promise<{ level: number; name: string }> => call('kyc/verifyId', req),
    /** Level 2: the public URL of an uploaded selfie (order/obsUrl, then its PUT). */
    selfie: (req: { selfie: string }): Promise<{ level: number }> => call('kyc/selfie', req),
    /** Level 3: the public URL of an uploaded photo of the ID document, and the home address. */
    documents: (req: { document: string; address: string }): Promise<{ status: 'pending' }> =>
      call('kyc/documents', req),
  };

  const cases = {
    /**
     * Opens a case about an order, a withdrawal or anything else; about an order or withdrawal that
     * has an open case, the message joins it (`existing`). `images`: public URLs of uploads (order/obsUrl).
     */
    open: (req: {
      about: CaseAbout;
      order_no?: string;
      withdraw_no?: string;
      subject?: string;
      message: string;
      images?: string;
    }): Promise<{ case_no: string; existing: boolean }> => call('case/open', req),
    list: (req: Paging): Promise<CaseListItem[]> => call('case/list', req),
    detail: (req: { case_no: string }): Promise<CaseDetail> => call('case/detail', req),
    /** Writes on a case (a solved one opens again); answers the case as it is now. */
    reply: (req: { case_no: string; message: string; images?: string }): Promise<CaseDetail> => call('case/reply', req),
  };

  const security = {
    /** "This wasn't me": the token from the link in a security alert. Signs out everywhere and freezes withdrawals. */
    wasNotMe: (req: { link_token: string }): Promise<Empty> => call('security/wasNotMe', req),
  };

  const wallet = {
    balance: async (): Promise<WalletBalance> =>
      decodeWalletBalance(await call<WalletBalanceWire>('wallet/balance'), ctx.local()),
    moneyLogList: async (req: Paging & { type: MoneyLogFilter; wallet_type: WalletType }): Promise<MoneyLog[]> =>
      (await call<MoneyLogWire[]>('wallet/moneyLogList', req)).map((log) => decodeMoneyLog(log, ctx.local())),
    moneyLogDetail: async (req: { log_id: number | string }): Promise<MoneyLogDetail> =>
      decodeMoneyLogDetail(await call<MoneyLogDetailWire>('wallet/moneyLogDetail', req), ctx.local()),
  };

  const card = {
    /** `card_catgory` is the server's (misspelled) field name (CONTRACT §2.3). */
    catalog: (
      req: Paging & { country_id: number | string; card_catgory?: number | string; currency?: string },
    ): Promise<RatesData> => call('v2/card/catalog', req),
    /** With `card_id` and `face_value` the reply also carries the api's own `quote`. */
    calculator: (req: {
      country_id: number | string;
      card_id?: number | string;
      face_value?: string;
      wallet_type?: WalletType;
    }): Promise<CalculatorData> => call('card/calculator', req),
    currencyList: (): Promise<CardCurrency[]> => call('card/currencyList'),
    category: (): Promise<CardCategory[]> => call('card/category'),
    /** The rate series of a card in a payout currency over 30 or 90 days. */
    rateHistory: (req: { card_id: number; currency: string; days: 30 | 90 }): Promise<RateHistory> =>
      call('card/rateHistory', req),
    rateAlerts: (): Promise<RateAlerts> => call('card/rateAlerts'),
    rateAlertAdd: (req: { card_id: number; currency: string; target_rate: string }): Promise<RateAlerts> =>
      call('card/rateAlertAdd', req),
    rateAlertDelete: (req: { alert_id: number }): Promise<RateAlerts> => call('card/rateAlertDelete', req),
  };

  const vip = {
    info: async (): Promise<VipData> => decodeVipData(await call<VipDataWire>('vip/info'), ctx.local()),
    loglist: (req: Paging): Promise<VipLogItem[]> => call('vip/loglist', req),
  };

  const faq = {
    list: (req: Paging & { keywords?: string }): Promise<FaqItem[]> => call('faq/list', req),
    categories: (): Promise<string[]> => call('faq/categories'),
  };

  return {
    user,
    social,
    public: publicApi,
    order,
    ord,
    appeal,
    finder,
    rebate,
    payment,
    account,
    withdraw,
    kyc,
    cases,
    security,
    wallet,
    card,
    vip,
    faq,
    /** Any path, for calls not typed here yet. */
    request: <T>(path: string, payload: Payload = {}, options?: RequestOptions): Promise<T> =>
      t.request<T>(path, payload, options),
  };
}

export type Api = ReturnType<typeof createApiModules> & { transport: Transport };

/** Builds the API client. `getToken` and `onTokenInvalid` connect it to the session. */
export function createApiClient(options: ApiClientOptions): Api {
  const transport = new Transport(options);
  const modules = createApiModules({
    transport,
    local: () => options.localCurrency?.() ?? 'NGN',
    device: () => ({ os_type: OS_TYPE, channel_type: CHANNEL_TYPE, ...options.deviceFields?.() }),
  });
  return { ...modules, transport };
}
