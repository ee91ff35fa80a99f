// Request and response shapes of the /gc API (CONTRACT §2–3). `…Wire` types are the JSON as it
// arrives; the client turns their amount fields into `Money` (see decode.ts) and answers the
// decoded types named without the suffix.
import type { AmountWire, Money } from '../money';

/** The reply envelope (CONTRACT §0, §1.2). */
export interface Envelope<T = unknown> {
  success: boolean;
  msg?: string;
  code?: string;
  data: T;
  total?: number;
  page?: number;
  page_size?: number;
}

export type Flag = '1' | '0' | string;
export type WalletType = 1 | 2 | '1' | '2';

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

export interface InitData {
  fqa_url?: string;
  vip_url?: string;
  share_link?: string;
  sell_link?: string;
  support_link?: string;
  widget_url?: string;
  service_phone?: string;
  whatsapp_phone?: string;
  vip_phone?: string;
  email?: string;
  have_notice?: boolean;
  notice_count?: number;
  social_media_links?: Array<{ code: string; platform: string; url: string }>;
  hidden_flag?: Flag;
  comment_flag?: string;
  rating_flag?: string;
  /** Comma list of the sign-up methods on offer: `email`, `whatsapp`. */
  register_type?: string;
  is_need_verify?: Flag;
  whatsapp_enable?: boolean;
  facebook_disable?: boolean;
  whatsapp_register?: boolean;
  auto_identify_card?: boolean;
  platform_fee?: string;
  recommend_fee?: string;
  google_login_enable?: boolean;
  facebook_login_enable?: boolean;
  apple_login_enable?: boolean;
  coupon_num?: number;
  [extra: string]: unknown;
}

// ---- §3.2 Country -----------------------------------------------------------------------------

export interface Country {
  id: number;
  name: string;
  /** The dial code, shown as displayCode (SPEC §3). */
  area_number: string;
  short_name?: string;
  currency_name?: string;
  currency_symbol?: string;
  national_flag?: string;
  withdrawal_method?: number;
  money_detail?: number;
  image?: string;
  /** The phone dialing code (CONTRACT §3.2). */
  code?: string;
  rebate_money?: string;
  rebate_money_register?: string;
}

// ---- §3.3 User --------------------------------------------------------------------------------

export interface UserWire {
  user_id: number;
  token?: string;
  country_id?: number;
  country_name?: string;
  country_logo_image?: string;
  currency_symbol?: string;
  currency_name?: string;
  channel_type?: number;
  avatar?: string;
  username?: string;
  nickname?: string;
  phone?: string;
  email?: string;
  whatsapp?: string;
  vip_level?: number;
  money?: AmountWire;
  rebate_money?: AmountWire;
  usd_rebate_money?: AmountWire;
  withdrawal_method?: number;
  money_detail?: number;
  is_email_bind?: boolean;
  whatsapp_bind?: boolean;
  google_bind?: boolean;
  facebook_bind?: boolean;
  apple_bind?: boolean;
  password_null?: boolean;
  t_password_null?: boolean;
  register_time?: number;
  last_login_time?: number;
  point?: number;
  coupon_num?: number;
  charge_discount?: number;
}
export type User = Omit<UserWire, 'money' | 'rebate_money' | 'usd_rebate_money'> & {
  money?: Money;
  rebate_money?: Money;
  usd_rebate_money?: Money;
};

export interface SocialLoginResult {
  is_social_bind: boolean;
  username?: string;
  social_id?: string;
  social_email?: string;
  social_type?: string;
  token?: string;
  user_id?: number;
}

// ---- Public -----------------------------------------------------------------------------------

export interface HomeBanner {
  banner: Array<{ id: number; image: string; action?: string; new_params?: string; params?: string }>;
  announcement_content: string[];
  home_activity?: Record<string, unknown>;
}

/** `public/ladderConfig`: amount tiers (SPEC lists the path; the shape is ours, like `amount_order_bonus`). */
export interface LadderTierWire {
  order_amount: AmountWire;
  bonus_amount: AmountWire;
  /** The payout currency of the tier (NGN, GHS, USDT). */
  currency?: string;
  currency_symbol?: string;
}

export interface BonusTierWire {
  bonus_amount: AmountWire;
  order_amount: AmountWire;
}

export interface OverdueTier {
  name: string;
  value: string;
  start: number;
}

export interface VipRate {
  level: number;
  rate: number | string;
}

/** §3.6 `public/vipActivityDes`. */
export interface OrderSellDetail {
  overdue_max_percent?: string;
  overdue_data?: OverdueTier[];
  vip?: VipRate[];
  vip_info?: number;
  vip_detail?: {
    level: number;
    /** Percent: a number from the api (the apps compute with it); older replies sent a string. */
    rate: number | string;
    next_level?: number;
    next_level_rate?: number | string;
    exp_coefficient?: number | string;
    upgrade_point?: number | string;
  };
  activity?: Array<{
    id: number;
    name: string;
    start_time?: number | string;
    end_time?: number | string;
    memo?: string;
    activity_type?: number | string;
    activity_url?: string;
    remark?: string;
    html_url?: string;
  }>;
  sell_card_tips?: string;
  first_order_bonus?: AmountWire;
  amount_order_bonus?: BonusTierWire[];
  rank?: number;
  is_active?: number;
}

export interface FaqItem {
  id: number;
  question: string;
  answer: string;
  category_name: string;
}

export interface BlogListItem {
  slug: string;
  title: string;
  excerpt: string;
  cover: string;
  /** Unix seconds. */
  published_at: number;
  author: string;
}

export interface BlogPost {
  slug: string;
  title: string;
  /** Sanitised HTML from the api. */
  html: string;
  published_at: number;
  author: string;
  excerpt: string;
}

// ---- §3.4–3.5 Cards ---------------------------------------------------------------------------

export interface CardCategory {
  category_id: number;
  category_name: string;
}

export interface CardCurrency {
  currency_id: number;
  currency_name: string;
  currency_symbol: string;
  currency_code: string;
  sort?: number;
}

export interface CardRate {
  card_id: number;
  name: string;
  currency: string;
  currency_symbol: string;
  /** Base payout per 1 unit of card currency, in the user's local currency (our api sends a decimal string). */
  rate: AmountWire;
  rate_detail?: Array<{ type: 'base' | 'vip' | 'coupon' | string; rate: AmountWire; per: string; level?: number }>;
  optimal_rate?: string;
  all_per?: string;
  usdt_rate?: AmountWire;
  /** Card form code (physical, ecode, cash_receipt, …) and its display name. */
  form?: string;
  form_name?: string;
  /** Denomination band, in card-currency major units. */
  min_face?: number;
  max_face?: number;
}

export interface RateCategory {
  category_id: number;
  category_name: string;
  category_logo?: string;
  category_logo_img?: string;
  category_icon?: string;
  category_introduction?: string;
  timeout_seconds?: string;
  sticky_status?: number;
  order_sort?: number;
  top_currency?: string;
  top_rate?: AmountWire;
  top_optimal_rate?: string;
  top_currency_symbol?: string;
  top_rate_range?: string;
  list: Array<{ currency: string; list: CardRate[] }>;
}

export interface RatesData {
  card_list: RateCategory[];
  batch_time?: number;
  first_card_name?: string;
  /** The currency every rate is in (NGN, GHS or USDT) and its symbol. */
  payout_currency?: string;
  currency_symbol?: string;
}

/** `card/calculator`'s `quote` (and `card/quote`): decimal strings in major units of the payout currency. */
export interface CardQuote {
  card_id: number;
  face_value: string;
  card_currency: string;
  payout_currency: string;
  currency_symbol: string;
  rate: string;
  effective_rate: string;
  vip_percent: string;
  base_amount: string;
  vip_bonus: string;
  coupon_bonus: string;
  ladder_bonus: string;
  amount: string;
}

export interface CalculatorData {
  first_order_bonus?: AmountWire;
  amount_order_bonus?: BonusTierWire | BonusTierWire[];
  vip_info?: number;
  vip?: VipRate[];
  vip_detail?: {
    level: number;
    /** Percent: a number from the api (the apps compute with it); older replies sent a string. */
    rate: number | string;
    next_level?: number;
    next_level_rate?: number | string;
    exp_efficiency?: number | string;
    upgrade_point?: number | string;
  };
  card_list: Array<{
    category_name: string;
    category_logo?: string;
    category_image?: string;
    sort?: number;
    category_id?: number;
    list: Array<{
      card_id: number;
      rate: AmountWire;
      usdt_rate: AmountWire;
      name: string;
      category_id: number;
      category_name: string;
      /** Card currency (USD, GBP, …), form code and denomination band in card-currency major units. */
      currency?: string;
      form?: string;
      min_face?: number;
      max_face?: number;
    }>;
  }>;
  /** The currency the rates are in, and its symbol. */
  payout_currency?: string;
  currency_symbol?: string;
  /** Present when the request named a card and a face value. */
  quote?: CardQuote | null;
}

// ---- §3.7 Orders ------------------------------------------------------------------------------

export interface OrderSellWire {
  order_no: string;
  create_time?: string;
  images?: string;
  is_firstorder?: boolean;
  amount_order_bonus?: BonusTierWire[];
  left_transfer_rebate?: AmountWire;
  currency_symbol?: string;
  overdue_msg?: number;
}
export type OrderSell = Omit<OrderSellWire, 'left_transfer_rebate'> & { left_transfer_rebate?: Money };

export type OrderStatus = 1 | 2 | 3 | 4;
export type OrderListFilter = 'all' | 'inprocess' | 'done';

export interface OrderListItemWire {
  order_no: string;
  amount: AmountWire;
  status: OrderStatus;
  status_desc: string;
  wallet_type: WalletType;
  order_rebate?: AmountWire;
  refused_reason?: string;
  images?: string;
  card_name?: string;
  is_multi?: number;
  show_time: number;
  all_money?: AmountWire;
}
export type OrderListItem = Omit<OrderListItemWire, 'amount' | 'order_rebate' | 'all_money'> & {
  amount: Money;
  order_rebate?: Money;
  all_money?: Money;
};

export interface OrderKeyLineWire {
  key: string;
  status: string;
  image_id?: number;
  sellout_image?: string;
  fail_reason?: string;
  amount: AmountWire;
  /** Face value in card currency (not a settlement currency, so not Money). */
  facevalue: number;
  purchase_rate: number;
  card_name?: string;
  card_currency?: string;
  currency_symbol?: string;
  card_image?: string;
}
export type OrderKeyLine = Omit<OrderKeyLineWire, 'amount'> & { amount: Money };

export interface OrderDetailWire {
  order_no: string;
  /** Our addition: the card the order was submitted for ('' without one). */
  card_name?: string;
  user_memo?: string;
  currency?: string;
  amount: AmountWire;
  status: OrderStatus;
  status_desc: string;
  wallet_type: WalletType;
  create_time: number;
  finish_time: number;
  coupon_code?: string;
  coupon_amount?: AmountWire;
  first_order_bonus?: AmountWire;
  reach_amount_bonus?: AmountWire;
  full_amount_bonus?: AmountWire;
  vip_bonus?: AmountWire;
  keyList: OrderKeyLineWire[];
  imageList: Array<{ url: string; refused_reason?: string; type?: number }>;
  order_activity_result?: unknown[];
  /** Our addition (issue 8): every step with its Unix-second time. */
  timeline?: Array<{ status: string; time: number; note?: string }>;
  /** Our additions: the quote locked at submission (null without a card), the reason of a refusal, the operator's note on the payout. */
  quote?: CardQuote | null;
  refused_reason?: string;
  payout_note?: string;
  currency_symbol?: string;
}
export type OrderDetail = Omit<
  OrderDetailWire,
  'amount' | 'coupon_amount' | 'first_order_bonus' | 'reach_amount_bonus' | 'full_amount_bonus' | 'vip_bonus' | 'keyList'
> & {
  amount: Money;
  coupon_amount?: Money;
  first_order_bonus?: Money;
  reach_amount_bonus?: Money;
  full_amount_bonus?: Money;
  vip_bonus?: Money;
  keyList: OrderKeyLine[];
};

// ---- §3.8 Coupons -----------------------------------------------------------------------------

export interface Coupon {
  code: string;
  valid_start_time: number;
  valid_end_time: number;
  use_status: number;
  new_use_status: 1 | 2 | 3 | 4;
  max_use: number;
  used_times: number;
  type: number;
  discount_type: 1 | 2;
  discount_value: string;
  asc_sort?: number;
  coupon_amount?: number;
  coupon_type?: string;
  symbol?: string;
  enough_money?: string;
  /** Only on USDT coupons. */
  enough_money_usd?: string;
  /** Our additions (CONTRACT decisions): a title to show, the wallet it is for, its currency or ALL. */
  coupon_id?: number;
  name?: string;
  wallet_type?: WalletType;
  currency?: string;
}

export interface CouponPage {
  list: Coupon[];
  total: number;
  page: number;
  page_size: number;
}

// ---- §3.9 Wallet ------------------------------------------------------------------------------

export interface WalletBalanceWire {
  total_amount: AmountWire;
  usd_amount: AmountWire;
  frozen_amount?: AmountWire;
  withdraw_amount?: AmountWire;
  transfer_rebate?: AmountWire;
  rebate_amount?: AmountWire;
  usd_rebate_money?: AmountWire;
  checkin_status?: boolean;
  lottery_status?: boolean;
  rank_status?: boolean;
  default_wallet_type?: string;
  dealing_cnt?: number;
  currency_name: string;
  rate?: string;
  point?: number;
}
export type WalletBalance = Omit<
  WalletBalanceWire,
  'total_amount' | 'usd_amount' | 'frozen_amount' | 'withdraw_amount' | 'transfer_rebate' | 'rebate_amount' | 'usd_rebate_money'
> & {
  total_amount: Money;
  usd_amount: Money;
  frozen_amount?: Money;
  withdraw_amount?: Money;
  transfer_rebate?: Money;
  rebate_amount?: Money;
  usd_rebate_money?: Money;
};

export type MoneyLogType = 'order' | 'withdraw' | 'admin' | 'transfer' | 'activity' | 'rank' | 'platform' | 'recommend' | 'vip';
export type MoneyLogFilter = 'all' | 'withdraw' | 'order' | 'transfer' | 'other';

export interface MoneyLogWire {
  log_id: number | string;
  order_no?: string;
  memo?: string;
  remark?: string;
  name?: string;
  currency_name?: string;
  currency_symbol?: string;
  create_time: number;
  /** Signed: positive credit, negative debit. */
  amount: AmountWire;
  balance_amount?: AmountWire;
  order_amount?: AmountWire;
  platform_fee?: AmountWire;
  vip_rate?: string;
  type: MoneyLogType | string;
  order_status?: string;
  image?: string;
  account_no?: string;
  account_name?: string;
  bank_name?: string;
  bank_logo?: string;
  wallet_type?: WalletType;
}
export type MoneyLog = Omit<MoneyLogWire, 'amount' | 'balance_amount' | 'order_amount' | 'platform_fee'> & {
  amount: Money;
  balance_amount?: Money;
  order_amount?: Money;
  platform_fee?: Money;
};

export interface MoneyLogDetailWire extends MoneyLogWire {
  serial_number?: string;
  withdraw_no?: string;
  withdraw_create_time?: number;
  /** 0 means not yet processed. */
  withdraw_deal_time?: number;
}
export type MoneyLogDetail = Omit<MoneyLogDetailWire, 'amount' | 'balance_amount' | 'order_amount' | 'platform_fee'> & {
  amount: Money;
  balance_amount?: Money;
  order_amount?: Money;
  platform_fee?: Money;
};

// ---- §2.5 Payment methods and §3.10 withdrawals ----------------------------------------------

export interface PayoutAccount {
  bank_id: number | string;
  is_def: 1 | 2;
  bank_logo?: string;
  bank_logo_image?: string;
  bank_name: string;
  account_no: string;
  account_name?: string;
  timeout_desc?: string;
}

export interface SavedPaymentGroup {
  payment_id: number;
  code: 'BANK' | 'USDT' | string;
  name: string;
  data_list: PayoutAccount[];
}

export interface PaymentMethod {
  payment_id: number;
  code: 'BANK' | 'USDT' | string;
  name: string;
  logo?: string;
  background_color?: string;
  logo_image?: string;
  form_list: Array<{
    code: string;
    name: string;
    desc?: string;
    /** 4 means a numeric keypad. */
    type?: number;
    len?: number;
    seq?: number;
    disp_type?: number | string;
    placeholder?: string;
  }>;
}

export interface Bank {
  bank_id: number | string;
  bank_name: string;
  logo?: string;
  logo_image?: string;
}

export interface CoinNetwork {
  bank_id: number | string;
  name: string;
  desc?: string;
}

/**
 * The `_usd` / `usdt_` fields are the USDT wallet's; the others are the local wallet's (NGN or GHS)
 * whichever `wallet_type` was asked for — `currency_name` names the wallet asked for.
 */
export interface WithdrawInformationWire {
  cashable_amount: AmountWire;
  cashable_usd_amount: AmountWire;
  minimum_amount?: AmountWire;
  minimum_amount_usd?: AmountWire;
  maximum_amount?: AmountWire;
  maximum_amount_usd?: AmountWire;
  fee?: AmountWire;
  usdt_fee?: AmountWire;
  currency_name: string;
  wallet_type?: string;
  bank?: { bank_id: number | string; bank_account: string; bank_name: string; bank_logo?: string; bank_logo_image?: string };
  timeout_desc?: string;
  overdue_time?: string;
  overdue_data?: OverdueTier[];
  overdue_max_percent?: string;
  /** Why withdrawals (to the default account) wait now: a security change, a new account, or a freeze. */
  security_hold?: WithdrawSecurityHold | null;
  /** The identity level's limits for this wallet; null where verification does not apply. */
  kyc?: WithdrawKycLimitsWire | null;
}
/** The identity level's limits for the wallet asked for (issue 15), as decimal text in its currency. */
export interface WithdrawKycLimitsWire {
  level: number;
  single_limit: AmountWire;
  daily_limit: AmountWire;
  remaining_today: AmountWire;
  next_level: { level: number; single_limit: AmountWire; daily_limit: AmountWire } | null;
}
export interface WithdrawKycLimits {
  level: number;
  single_limit: Money;
  daily_limit: Money;
  remaining_today: Money;
  next_level: { level: number; single_limit: Money; daily_limit: Money } | null;
}

// ---- Identity verification (kyc/*, issue 15) ----------------------------------------------
export type KycIdType = 'bvn' | 'nin' | 'ghana_card';
export interface KycCheck {
  level: number;
  status: 'pending' | 'verified' | 'failed';
  reason: string;
  id_type: KycIdType | '';
  id_last4: string;
  created_time: number;
}
/** Today's position of one wallet; amounts are display text in its currency ("₦50,000.00"). */
export interface KycWallet {
  currency: string;
  balance: string;
  single_limit: string;
  daily_limit: string;
  remaining_today: string;
  /** null: no threshold at this level. */
  balance_threshold: string | null;
  above_threshold: boolean;
  above_remaining_today: boolean;
}
export interface KycStatus {
  /** Whether verification is offered in the seller's country. */
  offered: boolean;
  level: number;
  verified_name: string;
  id_type: KycIdType | '';
  /** "•••••••2222" */
  id_masked: string;
  id_types: { type: KycIdType; label: string }[];
  levels: { level: number; needs: string; limits: Record<string, { single: string; daily: string; balance: string | null }> }[];
  /** The latest check of each level. */
  checks: KycCheck[];
  attempts_left: number;
  wallets: KycWallet[];
  /** Bank and mobile-money accounts not in the verified name: withdrawals to them are refused. */
  payout_mismatches: { bank_id: number; bank_name: string; account_no: string; account_name: string }[];
}

export interface WithdrawSecurityHold {
  /** The api's words, to show as they are. */
  message: string;
  /** Unix seconds when the wait ends (0 when frozen). */
  until: number;
  /** "This wasn't me" froze withdrawals: only support can lift it. */
  frozen: boolean;
}
/** A signed-in device of the account (user/sessionList). */
export interface SessionInfo {
  session_id: string;
  /** "Chrome on Android" */
  device: string;
  /** A rough place: the client IP with its host part hidden ("102.89.x.x"). */
  place: string;
  created_time: number;
  last_seen_time: number;
  current: boolean;
}
export type WithdrawInformation = Omit<
  WithdrawInformationWire,
  'cashable_amount' | 'cashable_usd_amount' | 'minimum_amount' | 'minimum_amount_usd' | 'maximum_amount' | 'maximum_amount_usd' | 'fee' | 'usdt_fee' | 'kyc'
> & {
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

export interface WithdrawResultWire {
  wallet_type: number;
  withdraw_amount: AmountWire;
  total_amount: AmountWire;
  payment?: string;
  bank_name?: string;
  withdraw_no: string;
  is_firstwithdraw?: boolean;
  whatsapp_bind?: boolean;
  log_id: number | string;
}
export type WithdrawResult = Omit<WithdrawResultWire, 'withdraw_amount' | 'total_amount'> & {
  withdraw_amount: Money;
  total_amount: Money;
};

// ---- §3.11 VIP and §3.12 referral ------------------------------------------------------------

export interface VipDataWire {
  vip_level: number;
  vip_exp: number;
  vip_info?: Array<{ level: number; name?: string; exp: number; rate: number }>;
  next_exp: number;
  total_bonus?: AmountWire;
  total_bonus_usdt?: AmountWire;
  referred_total_bonus?: AmountWire;
  first_order_bonus?: AmountWire;
  /** One object or a list (SPEC §3 says a list; CONTRACT §3.11 an object): read both. */
  amount_order_bonus?: BonusTierWire | BonusTierWire[];
  currency_symbol?: string;
  task_list?: Array<{ task_name: string; value: string | number; is_get: boolean | number }>;
}

export interface VipLogItem {
  id: number;
  user_id: number;
  exp: number;
  after_exp: number;
  type: number;
  memo?: string;
  create_time: number;
  brand_id?: number;
  source?: string;
  order_no?: string;
}

/** `rebate/inviteinfo`: the seller's invite code and what a referral earns (amounts in `currency_name`). */
export interface InviteInfoWire {
  invite_code: string;
  /** Our addition: the path of the invite link, `/sign-up?code=…`. */
  invite_link?: string;
  currency_name?: string;
  currency_symbol?: string;
  register_amount?: AmountWire;
  first_amount?: AmountWire;
  friend_amount?: AmountWire;
  self_amount?: AmountWire;
  recommend_enough_amount?: AmountWire;
  rebate_money_config?: string[];
  invite_friends?: number;
  success_order_user?: number;
  referred_total_bonus?: AmountWire;
  recommend_amount?: AmountWire;
  /** Our addition: the reward balance moves to the cash wallet once it reaches this. */
  transfer_rebate?: AmountWire;
  act_url?: string;
  can_receive_money?: AmountWire | boolean;
}
type InviteAmount = 'register_amount' | 'first_amount' | 'friend_amount' | 'self_amount' | 'recommend_enough_amount' | 'referred_total_bonus' | 'recommend_amount' | 'transfer_rebate';
export type InviteInfo = Omit<InviteInfoWire, InviteAmount> & { [K in InviteAmount]?: Money };

export interface RebateItemWire {
  log_id: number | string;
  /** `YYYY-MM-DD HH:mm:ss` (CONTRACT: a string here, not Unix seconds). */
  create_time: string;
  activity_code?: string;
  after_balance?: AmountWire;
  /** Signed: a reward is positive, a move to the cash wallet negative. */
  money: AmountWire;
  /** CONTRACT §6.6: 1 first order · 2 referral · 3 registration · 4 transfer · … */
  type: number;
  wallet_type: WalletType;
  /** Who it came from, shown as "#…". */
  from_get?: string;
  name?: string;
  vip_rate?: string;
  purchase_amount?: AmountWire;
}
export type RebateItem = Omit<RebateItemWire, 'money' | 'after_balance' | 'purchase_amount'> & { money: Money; after_balance?: Money; purchase_amount?: Money };

export interface RebateInfoWire {
  transfer_rebate?: AmountWire;
  transfer_rebate_usd?: AmountWire;
  currency_symbol?: string;
  currency_symbol_usd?: string;
  /** The reward wallet's currency code. */
  short_name?: string;
  rebate_amount?: AmountWire;
  rebate_amount_usd?: AmountWire;
  rebate_total_amount?: AmountWire;
  rebate_total_amount_usd?: AmountWire;
  first_order_bonus?: AmountWire;
  referred_bonus?: AmountWire;
  amount_order_bonus?: BonusTierWire[];
  vip_info?: VipRate[];
  user_invited_number?: string;
  user_rebate_list: RebateItemWire[];
}
type RebateAmount = 'transfer_rebate' | 'rebate_amount' | 'rebate_total_amount' | 'first_order_bonus' | 'referred_bonus';
type RebateUsdAmount = 'transfer_rebate_usd' | 'rebate_amount_usd' | 'rebate_total_amount_usd';
export type RebateInfo = Omit<RebateInfoWire, RebateAmount | RebateUsdAmount | 'user_rebate_list'> & {
  [K in RebateAmount | RebateUsdAmount]?: Money;
} & { user_rebate_list: RebateItem[] };

export interface InvitedUserWire {
  user_id: number;
  username: string;
  avatar?: string;
  register_date: string;
  currency_name?: string;
  currency_symbol?: string;
  amount: AmountWire;
  /** 0 invited, no trade yet · 1 reward claimable · 2 claimed. */
  status: 0 | 1 | 2;
}
export type InvitedUser = Omit<InvitedUserWire, 'amount'> & { amount: Money };

export interface InviteRankInfo {
  act_url?: string;
  first_amount?: AmountWire;
  self_amount?: AmountWire;
  register_amount?: AmountWire;
  friend_amount?: AmountWire;
  invite_friends?: number;
  success_order_user?: number;
  notify?: string[];
  my_top?: { code: string; cnt: number; amount: AmountWire; top: number; username: string; currency_name?: string; currency_symbol?: string };
  top_list?: Array<{
    user_id: number;
    username: string;
    NAME: string;
    CODE: string;
    currency_name?: string;
    currency_symbol?: string;
    total_amount: AmountWire;
    cnt: number;
    rank: number;
  }>;
}

// ---- §2.7 Notices -----------------------------------------------------------------------------

export interface Notice {
  id: number;
  notice_title: string;
  notice_content: string;
  notice_time: number;
  /** Truthy means unread. */
  notice_new: boolean | number | string;
  notice_jump?: boolean;
  notice_action?: string;
  notice_params?: string;
  notice_type?: string;
  notice_order?: { image: string; order_id: string | number; status: number };
}

export type NoticeListType = 'all' | 'notice' | 'system';
