// Request and response shapes of the /gc API (CONTRACT §2–3). The reply shapes are inferred from
// their schemas in replies.ts (documented there); `…Wire` types are the JSON as it arrives, and the
// client turns their amount fields into `Money` (see decode.ts) and answers the decoded types named
// without the suffix.
import type { Infer } from './replies/schema';
import type { Money } from '../money';
import type * as A from './replies/account';
import type * as P from './replies/public';
import type * as C from './replies/cases';
import type * as R from './replies/rates';

/** The reply envelope (CONTRACT §0, §1.2). */
export interface Envelope<T = unknown> {
  success: boolean;
  msg?: string;
  code?: string;
  data: T;
  /** On a failed reply: the request's six-character reference. */
  ref?: string;
  total?: number;
  page?: number;
  page_size?: number;
}

export type Flag = '1' | '0' | string;
export type WalletType = Infer<typeof P.walletType>;

export interface Paging {
  /** First page is 0 (CONTRACT §1.3). */
  page: number | string;
  page_size: number | string;
}

/** Device fields sent by register, login and social login (CONTRACT §1). */
export interface DeviceFields {
  device_no?: string;
  device_type?: string;
  os_type?: string;
  channel_type?: string;
}

// ---- §3.1 InitData ------------------------------------------------------------------------------

export type InitData = Infer<typeof P.initData>;

// ---- §3.2 Country -----------------------------------------------------------------------------

export type Country = Infer<typeof P.country>;

// ---- §3.3 User --------------------------------------------------------------------------------

export type UserWire = Infer<typeof P.userWire>;
export type User = Omit<UserWire, 'money' | 'rebate_money' | 'usd_rebate_money'> & {
  money?: Money;
  rebate_money?: Money;
  usd_rebate_money?: Money;
};

export type SocialLoginResult = Infer<typeof P.socialLoginResult>;

// ---- Public -----------------------------------------------------------------------------------

export type HomeBanner = Infer<typeof P.homeBanner>;

export type LadderTierWire = Infer<typeof P.ladderTierWire>;

export type BonusTierWire = Infer<typeof P.bonusTierWire>;

export type OverdueTier = Infer<typeof P.overdueTier>;

export type VipRate = Infer<typeof P.vipRate>;

export type OrderSellDetail = Infer<typeof P.orderSellDetail>;

export type FaqItem = Infer<typeof P.faqItem>;

export type BlogListItem = Infer<typeof P.blogListItem>;

export type BlogPost = Infer<typeof P.blogPost>;
export type OfficialChannels = Infer<typeof P.officialChannels>;
export type ChannelCheck = Infer<typeof P.channelCheck>;

// ---- §3.4–3.5 Cards ---------------------------------------------------------------------------

export type CardCategory = Infer<typeof P.cardCategory>;

export type CardCurrency = Infer<typeof P.cardCurrency>;

export type CardRate = Infer<typeof P.cardRate>;

export type RateCategory = Infer<typeof P.rateCategory>;

export type RatesData = Infer<typeof P.ratesData>;

export type CardQuote = Infer<typeof P.cardQuote>;

export type CalculatorData = Infer<typeof P.calculatorData>;

// ---- §3.7 Orders ------------------------------------------------------------------------------

export type OrderSellWire = Infer<typeof A.orderSellWire>;
export type OrderSell = Omit<OrderSellWire, 'left_transfer_rebate'> & { left_transfer_rebate?: Money };

export type OrderStatus = Infer<typeof A.orderStatus>;
export type OrderListFilter = 'all' | 'inprocess' | 'done';

export type OrderListItemWire = Infer<typeof A.orderListItemWire>;
export type OrderListItem = Omit<OrderListItemWire, 'amount' | 'order_rebate' | 'all_money' | 'delay_compensation'> & {
  amount: Money;
  order_rebate?: Money;
  all_money?: Money;
  delay_compensation?: Money;
};

export type DelayCompensationWire = Infer<typeof A.delayCompensationWire>;
export type DelayCompensation = Omit<DelayCompensationWire, 'amount'> & { amount: Money };

export type OrderKeyLineWire = Infer<typeof A.orderKeyLineWire>;
export type OrderKeyLine = Omit<OrderKeyLineWire, 'amount'> & { amount: Money };

export type CounterOffer = Infer<typeof A.counterOfferWire>;
export type OfferAnswer = Infer<typeof A.offerAnswerWire>;
/** Evidence and appeal (our addition): amounts stay decimal strings in the order's currency. */
export type AppealWire = Infer<typeof A.appealWire>;
export type EvidencePack = Infer<typeof A.evidencePackWire>;

export type OrderDetailWire = Infer<typeof A.orderDetailWire>;
export type OrderDetail = Omit<
  OrderDetailWire,
  | 'amount'
  | 'coupon_amount'
  | 'first_order_bonus'
  | 'reach_amount_bonus'
  | 'full_amount_bonus'
  | 'vip_bonus'
  | 'keyList'
  | 'delay_compensation'
  | 'appeal_credit'
> & {
  amount: Money;
  /** What overturned appeals credited beside the order's own payout. */
  appeal_credit?: Money;
  coupon_amount?: Money;
  first_order_bonus?: Money;
  reach_amount_bonus?: Money;
  full_amount_bonus?: Money;
  vip_bonus?: Money;
  keyList: OrderKeyLine[];
  delay_compensation?: DelayCompensation | null;
};

// ---- §3.8 Coupons -----------------------------------------------------------------------------

export type Coupon = Infer<typeof A.coupon>;

export interface CouponPage {
  list: Coupon[];
  total: number;
  page: number;
  page_size: number;
}

// ---- §3.9 Wallet ------------------------------------------------------------------------------

export type MoneyHoldWire = Infer<typeof A.moneyHoldWire>;
/** A hold on a wallet's money, its amount in the wallet's currency. */
export type MoneyHold = Omit<MoneyHoldWire, 'amount'> & { amount: Money };
export type WalletStandingWire = Infer<typeof A.walletStandingWire>;
/** A wallet's money: available now, and every hold on the rest. */
export type WalletStanding = Omit<WalletStandingWire, 'available_now' | 'balance' | 'held' | 'holds'> & {
  available_now: Money;
  balance: Money;
  held: Money;
  holds: MoneyHold[];
};

export type WalletBalanceWire = Infer<typeof A.walletBalanceWire>;
export type WalletBalance = Omit<
  WalletBalanceWire,
  | 'total_amount'
  | 'usd_amount'
  | 'frozen_amount'
  | 'withdraw_amount'
  | 'transfer_rebate'
  | 'rebate_amount'
  | 'usd_rebate_money'
  | 'standing'
> & {
  /** Each wallet's standing (absent from an older api). */
  standing?: WalletStanding[];
  total_amount: Money;
  usd_amount: Money;
  frozen_amount?: Money;
  withdraw_amount?: Money;
  transfer_rebate?: Money;
  rebate_amount?: Money;
  usd_rebate_money?: Money;
};

export type MoneyLogType =
  | 'order'
  | 'withdraw'
  | 'admin'
  | 'transfer'
  | 'activity'
  | 'rank'
  | 'platform'
  | 'recommend'
  | 'vip'
  | 'compensation';
export type MoneyLogFilter = 'all' | 'withdraw' | 'order' | 'transfer' | 'other';

export type MoneyLogWire = Infer<typeof A.moneyLogWire>;
export type MoneyLog = Omit<MoneyLogWire, 'amount' | 'balance_amount' | 'order_amount' | 'platform_fee'> & {
  amount: Money;
  balance_amount?: Money;
  order_amount?: Money;
  platform_fee?: Money;
};

export type MoneyLogDetailWire = Infer<typeof A.moneyLogDetailWire>;
export type MoneyLogDetail = Omit<MoneyLogDetailWire, 'amount' | 'balance_amount' | 'order_amount' | 'platform_fee'> & {
  amount: Money;
  balance_amount?: Money;
  order_amount?: Money;
  platform_fee?: Money;
};

// ---- §2.5 Payment methods and §3.10 withdrawals ----------------------------------------------

export type PayoutAccount = Infer<typeof A.payoutAccount>;

export type SavedPaymentGroup = Infer<typeof A.savedPaymentGroup>;

export type PaymentMethod = Infer<typeof A.paymentMethod>;

export type Bank = Infer<typeof A.bank>;

export type CoinNetwork = Infer<typeof A.coinNetwork>;

export type WithdrawInformationWire = Infer<typeof A.withdrawInformationWire>;
export type WithdrawKycLimitsWire = Infer<typeof A.withdrawKycLimitsWire>;
export interface WithdrawKycLimits {
  level: number;
  single_limit: Money;
  daily_limit: Money;
  remaining_today: Money;
  next_level: { level: number; single_limit: Money; daily_limit: Money } | null;
}

// ---- Identity verification (kyc/*) ----------------------------------------------
export type KycIdType = Infer<typeof A.kycIdType>;
export type KycCheck = Infer<typeof A.kycCheck>;
export type KycWallet = Infer<typeof A.kycWallet>;
export type KycStatus = Infer<typeof A.kycStatus>;
/** The dashboard's checklist before a first payout. */
export type FirstSteps = Infer<typeof A.firstSteps>;

/** Help → cases: what a case is about, its status, a row of the seller's list, one case. */
export type CaseAbout = Infer<typeof C.caseAbout>;
export type CaseStatus = Infer<typeof C.caseStatus>;
export type CaseListItem = Infer<typeof C.caseListItem>;
export type CaseDetail = Infer<typeof C.caseDetail>;
export type CaseMessage = Infer<typeof C.caseMessage>;

/** A card's rate history (the chart's series) and a seller's rate alerts. */
export type RateHistory = Infer<typeof R.rateHistory>;
export type RateAlert = Infer<typeof R.rateAlert>;
export type RateAlerts = Infer<typeof R.rateAlerts>;

export type WithdrawalBlock = Infer<typeof A.withdrawalBlock>;
export type SessionInfo = Infer<typeof P.sessionInfo>;
export type AlertChannels = Infer<typeof P.alertChannels>;
export type WithdrawInformation = Omit<
  WithdrawInformationWire,
  | 'cashable_amount'
  | 'cashable_usd_amount'
  | 'minimum_amount'
  | 'minimum_amount_usd'
  | 'maximum_amount'
  | 'maximum_amount_usd'
  | 'fee'
  | 'usdt_fee'
  | 'kyc'
  | 'available_now'
  | 'holds'
> & {
  /** In the currency of the wallet asked for (absent from an older api). */
  available_now?: Money;
  holds?: MoneyHold[];
  cashable_amount: Money;
  cashable_usd_amount: Money;
  minimum_amount?: Money;
  minimum_amount_usd?: Money;
  maximum_amount?: Money;
  maximum_amount_usd?: Money;
  fee?: Money;
  usdt_fee?: Money;
  /** In the currency of the wallet asked for. */
  kyc: WithdrawKycLimits | null;
};

export type WithdrawResultWire = Infer<typeof A.withdrawResultWire>;
export type WithdrawResult = Omit<WithdrawResultWire, 'withdraw_amount' | 'total_amount'> & {
  withdraw_amount: Money;
  total_amount: Money;
};

// ---- §3.11 VIP and §3.12 referral ------------------------------------------------------------

export type VipDataWire = Infer<typeof A.vipDataWire>;

export type VipLogItem = Infer<typeof A.vipLogItem>;

export type InviteInfoWire = Infer<typeof A.inviteInfoWire>;
type InviteAmount =
  | 'register_amount'
  | 'first_amount'
  | 'friend_amount'
  | 'self_amount'
  | 'recommend_enough_amount'
  | 'referred_total_bonus'
  | 'recommend_amount'
  | 'transfer_rebate';
export type InviteInfo = Omit<InviteInfoWire, InviteAmount> & { [K in InviteAmount]?: Money };

export type RebateItemWire = Infer<typeof A.rebateItemWire>;
export type RebateItem = Omit<RebateItemWire, 'money' | 'after_balance' | 'purchase_amount'> & {
  money: Money;
  after_balance?: Money;
  purchase_amount?: Money;
};

export type RebateInfoWire = Infer<typeof A.rebateInfoWire>;
type RebateAmount =
  | 'transfer_rebate'
  | 'rebate_amount'
  | 'rebate_total_amount'
  | 'first_order_bonus'
  | 'referred_bonus';
type RebateUsdAmount = 'transfer_rebate_usd' | 'rebate_amount_usd' | 'rebate_total_amount_usd';
export type RebateInfo = Omit<RebateInfoWire, RebateAmount | RebateUsdAmount | 'user_rebate_list'> & {
  [K in RebateAmount | RebateUsdAmount]?: Money;
} & { user_rebate_list: RebateItem[] };

export type InvitedUserWire = Infer<typeof A.invitedUserWire>;
export type InvitedUser = Omit<InvitedUserWire, 'amount'> & { amount: Money };

export type InviteRankInfo = Infer<typeof A.inviteRankInfo>;

// ---- Live waits ------------------------------------------------------------------------------

/** One order's live estimate (ord/eta). */
export type OrderEta = Infer<typeof A.orderEta>;
/** One withdrawal's live estimate (withdraw/eta). */
export type WithdrawEta = Infer<typeof A.withdrawEta>;
/** The public status board (public/status). */
export type StatusBoard = Infer<typeof A.statusBoard>;
export type StatusRail = StatusBoard['rails'][number];
export type StatusFamily = StatusBoard['families'][number];

// ---- §2.7 Notices -----------------------------------------------------------------------------

export type Notice = Infer<typeof A.notice>;

export type NoticeListType = 'all' | 'notice' | 'system';
