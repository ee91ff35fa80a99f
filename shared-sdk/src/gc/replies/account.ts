// The replies of the account area (orders, wallet, payouts, identity, rewards, notices) and of the
// paths only the native apps call. The SDK loads this chunk on the first such call; see index.ts.
import {
  array as arr,
  boolean as bool,
  none,
  nullable,
  number as num,
  object as obj,
  oneOf,
  optional as opt,
  record,
  string as str,
  union,
  unknown,
} from './schema';
import { COUPON_USE_STATUS, ORDER_STATUS } from '../../statuses';
import { CASE_REPLIES } from './cases';
import { RATE_REPLIES } from './rates';
import {
  amount,
  bonusTierOrTiers,
  bonusTiers,
  cardQuote,
  numStr,
  optAmount,
  optBool,
  optNum,
  optNumStr,
  optQuote,
  payoutLine,
  optStr,
  overdueTier,
  vipRates,
  walletType,
} from './public';

// ---- §3.7 Orders ------------------------------------------------------------------------------

export const orderSellWire = obj({
  order_no: str,
  create_time: optStr,
  images: optStr,
  is_firstorder: optBool,
  amount_order_bonus: bonusTiers,
  left_transfer_rebate: optAmount,
  currency_symbol: optStr,
  /** The minutes the order is promised in (our value; the apps do not show it). */
  overdue_msg: optNum,
});

/** Our addition: an order's or withdrawal's delay compensation, credited once when it was answered late. */
export const delayCompensationWire = obj({
  amount,
  percent: str,
  minutes_late: num,
  /** "Delay compensation 1 % — 42 min late". */
  line: str,
  time: num,
});

export const orderStatus = oneOf(...Object.values(ORDER_STATUS));

export const orderListItemWire = obj({
  order_no: str,
  amount,
  status: orderStatus,
  status_desc: str,
  wallet_type: walletType,
  order_rebate: optAmount,
  refused_reason: optStr,
  images: optStr,
  card_name: optStr,
  is_multi: optNum,
  show_time: num,
  all_money: optAmount,
  /** Our additions: when the order is promised to be decided (Unix seconds, 0 for none), its delay compensation. */
  promised_time: optNum,
  delay_compensation: optAmount,
});

export const orderKeyLineWire = obj({
  key: str,
  status: str,
  image_id: optNum,
  sellout_image: optStr,
  fail_reason: optStr,
  amount,
  /** Face value in card currency (not a settlement currency, so not Money). */
  facevalue: num,
  purchase_rate: num,
  card_name: optStr,
  card_currency: optStr,
  currency_symbol: optStr,
  card_image: optStr,
});

/** A counter-offer: what the card was found to be and what it is worth, against the locked quote. */
export const counterOfferWire = obj({
  status: oneOf('open', 'accepted', 'declined', 'expired'),
  amount,
  quote_amount: amount,
  currency: str,
  reason: str,
  reason_text: str,
  note: optStr,
  images: arr(str),
  cards: arr(obj({ card_name: optStr, face_value: str, amount })),
  sent_time: num,
  expire_time: num,
  answer_time: num,
});

/** The answer to a counter-offer: the order as it now stands. */
export const offerAnswerWire = obj({
  order_no: str,
  status: orderStatus,
  status_desc: str,
  amount,
  offer_status: oneOf('open', 'accepted', 'declined', 'expired'),
  replayed: bool,
});

export const orderDetailWire = obj({
  order_no: str,
  /** Our addition: the card the order was submitted for ('' without one). */
  card_name: optStr,
  user_memo: optStr,
  currency: optStr,
  amount,
  status: orderStatus,
  status_desc: str,
  wallet_type: walletType,
  create_time: num,
  finish_time: num,
  coupon_code: optStr,
  coupon_amount: optAmount,
  first_order_bonus: optAmount,
  reach_amount_bonus: optAmount,
  full_amount_bonus: optAmount,
  vip_bonus: optAmount,
  keyList: arr(orderKeyLineWire),
  imageList: arr(obj({ url: str, refused_reason: optStr, type: optNum })),
  order_activity_result: opt(arr(unknown)),
  /** Our addition: every step with its Unix-second time. */
  timeline: opt(arr(obj({ status: str, time: num, note: optStr }))),
  /**
   * Our additions: the quote locked at submission (null without a card), the reason of a refusal, the operator's note
   * on the payout.
   */
  quote: optQuote,
  /** Our addition: what a credited order paid, line by line (null before it is credited). */
  paid_lines: opt(nullable(arr(payoutLine))),
  refused_reason: optStr,
  payout_note: optStr,
  currency_symbol: optStr,
  /** Our additions: when the order is promised to be decided (Unix seconds, 0 for none), its delay compensation. */
  promised_time: optNum,
  delay_compensation: opt(nullable(delayCompensationWire)),
  /** Our addition: what an overturned appeal credited beside the order's own payout ("0.00" for none). */
  appeal_credit: optAmount,
  /**
   * Our addition: the order's counter-offer (null or absent without one). While `status` is open the seller
   * answers it (ord/answerOffer) before `expire_time` (Unix seconds); no answer counts as declined.
   */
  counter_offer: opt(nullable(counterOfferWire)),
});

// ---- Evidence and appeal (our addition) -------------------------------------------------------

export const APPEAL_STATUS = ['open', 'upheld', 'overturned'] as const;

/** A seller's appeal on an order; times are Unix seconds (0: not yet), credit_amount in the order's currency. */
export const appealWire = obj({
  appeal_no: str,
  outcome: str,
  status: oneOf(...APPEAL_STATUS),
  note: str,
  images: arr(str),
  create_time: num,
  due_time: num,
  resolve_time: num,
  resolution: str,
  credit_amount: amount,
});

/** The evidence pack of an order: per failed card the reason, proof photos, reviewer's note and time. */
export const evidencePackWire = obj({
  order_no: str,
  decided_time: num,
  failed_cards: arr(
    obj({ seq: num, code: str, reason: str, reviewer_note: str, proof_images: arr(str), decided_time: num }),
  ),
  can_appeal: bool,
  appeal_refused_reason: str,
  appeal_deadline: num,
  window_hours: num,
  max_photos: num,
  appeal: nullable(appealWire),
});

const upload = obj({ objectName: str, url: str });

// ---- §3.8 Coupons -----------------------------------------------------------------------------

export const coupon = obj({
  code: str,
  valid_start_time: num,
  valid_end_time: num,
  use_status: num,
  new_use_status: oneOf(...Object.values(COUPON_USE_STATUS)),
  max_use: num,
  used_times: num,
  type: num,
  discount_type: oneOf(1, 2),
  discount_value: str,
  asc_sort: optNum,
  coupon_amount: optNum,
  coupon_type: optStr,
  symbol: optStr,
  enough_money: optStr,
  /** Only on USDT coupons. */
  enough_money_usd: optStr,
  /** Our additions (CONTRACT decisions): a title to show, the wallet it is for, its currency or ALL. */
  coupon_id: optNum,
  name: optStr,
  wallet_type: opt(walletType),
  currency: optStr,
});

// ---- §3.9 Wallet ------------------------------------------------------------------------------

/**
 * One thing that keeps a wallet's money from leaving now (a freeze, a cooling-off, a limit, the
 * minimum) or that is on its way out (pending withdrawals), in the api's words with what clears it
 * and when. `kind` is open: a client shows a kind it does not know by its title and message.
 */
export const moneyHoldWire = obj({
  kind: str,
  title: str,
  message: str,
  /** Unix seconds when it ends by itself (0: it does not, or not at a known time). */
  until: num,
  /** How much of the wallet it keeps from leaving now; for pending withdrawals, the amount on its way. */
  amount,
  /** While it lasts nothing can be withdrawn (a freeze, a wait, no payout account …); a limit is not. */
  blocking: opt(bool),
});

/** A wallet's money: what one withdrawal could take now, and every hold on the rest. */
export const walletStandingWire = obj({
  wallet_type: num,
  currency_name: str,
  /** Exactly what one withdrawal could take this minute (the api's withdrawal enforces the same rules). */
  available_now: amount,
  /** Cash in the wallet, not counting what pending withdrawals hold. */
  balance: amount,
  /** Held by pending withdrawals. */
  held: amount,
  holds: arr(moneyHoldWire),
});

export const walletBalanceWire = obj({
  total_amount: amount,
  usd_amount: amount,
  /** The held balance: money held by pending withdrawals (the contract's name; the account is not frozen). */
  frozen_amount: optAmount,
  withdraw_amount: optAmount,
  transfer_rebate: optAmount,
  rebate_amount: optAmount,
  usd_rebate_money: optAmount,
  checkin_status: optBool,
  lottery_status: optBool,
  rank_status: optBool,
  default_wallet_type: optStr,
  dealing_cnt: optNum,
  currency_name: str,
  rate: optStr,
  point: optNum,
  /** Our addition: each wallet's money available now and the holds on the rest (local first, then USDT). */
  standing: opt(arr(walletStandingWire)),
});

const moneyLogFields = {
  log_id: numStr,
  order_no: optStr,
  memo: optStr,
  remark: optStr,
  name: optStr,
  currency_name: optStr,
  currency_symbol: optStr,
  create_time: num,
  /** Signed: positive credit, negative debit. */
  amount,
  balance_amount: optAmount,
  order_amount: optAmount,
  platform_fee: optAmount,
  vip_rate: optStr,
  /** A MoneyLogType, or a kind this client does not know yet. */
  type: str,
  order_status: optStr,
  image: optStr,
  account_no: optStr,
  account_name: optStr,
  bank_name: optStr,
  bank_logo: optStr,
  wallet_type: opt(walletType),
  /** Our addition: a withdrawal's promised payment time (Unix seconds; 0 for none or another entry). */
  promised_time: optNum,
};
export const moneyLogWire = obj(moneyLogFields);

export const moneyLogDetailWire = obj({
  ...moneyLogFields,
  serial_number: optStr,
  withdraw_no: optStr,
  withdraw_create_time: optNum,
  /** 0 means not yet processed. */
  withdraw_deal_time: optNum,
});

// ---- §2.5 Payment methods and §3.10 withdrawals ----------------------------------------------

export const payoutAccount = obj({
  bank_id: numStr,
  is_def: oneOf(1, 2),
  bank_logo: optStr,
  bank_logo_image: optStr,
  bank_name: str,
  account_no: str,
  account_name: optStr,
  timeout_desc: optStr,
  /** What staff say about this account's payout rail now (a delay); absent or '' when it pays normally. */
  rail_notice: optStr,
});

export const savedPaymentGroup = obj({ payment_id: num, code: str, name: str, data_list: arr(payoutAccount) });

export const paymentMethod = obj({
  payment_id: num,
  code: str,
  name: str,
  logo: optStr,
  background_color: optStr,
  logo_image: optStr,
  form_list: arr(
    obj({
      code: str,
      name: str,
      desc: optStr,
      /** 4 means a numeric keypad. */
      type: optNum,
      len: optNum,
      seq: optNum,
      disp_type: optNumStr,
      placeholder: optStr,
    }),
  ),
});

export const bank = obj({ bank_id: numStr, bank_name: str, logo: optStr, logo_image: optStr });

export const coinNetwork = obj({ bank_id: numStr, name: str, desc: optStr });

/** What stops a withdrawal now: a cooling-off (until a time) or a freeze (until staff lift it). */
export const withdrawalBlock = obj({
  /** The api's words, to show as they are. */
  message: str,
  /** Unix seconds when the cooling-off ends (0 when frozen). */
  until: num,
  /** Withdrawals are frozen (by staff, or by "this wasn't me"): only support can lift it. */
  frozen: bool,
});

const limits = { level: num, single_limit: amount, daily_limit: amount };
/** The identity level's limits for the wallet asked for, as decimal text in its currency. */
export const withdrawKycLimitsWire = obj({ ...limits, remaining_today: amount, next_level: nullable(obj(limits)) });

/**
 * The `_usd` / `usdt_` fields are the USDT wallet's; the others are the local wallet's (NGN or GHS)
 * whichever `wallet_type` was asked for — `currency_name` names the wallet asked for.
 */
export const withdrawInformationWire = obj({
  cashable_amount: amount,
  cashable_usd_amount: amount,
  minimum_amount: optAmount,
  minimum_amount_usd: optAmount,
  maximum_amount: optAmount,
  maximum_amount_usd: optAmount,
  fee: optAmount,
  usdt_fee: optAmount,
  currency_name: str,
  wallet_type: optStr,
  /** The default payout account of the wallet asked for; null without one. */
  bank: opt(
    nullable(obj({ bank_id: numStr, bank_account: str, bank_name: str, bank_logo: optStr, bank_logo_image: optStr })),
  ),
  timeout_desc: optStr,
  overdue_time: optStr,
  overdue_data: opt(arr(overdueTier)),
  overdue_max_percent: optStr,
  /** What stops withdrawals (to the default account) now: a cooling-off (after a security change, or
   * for a new account) or a freeze. The contract's name; no money is held. */
  security_hold: opt(nullable(withdrawalBlock)),
  /** The identity level's limits for this wallet; null where verification does not apply. */
  kyc: opt(nullable(withdrawKycLimitsWire)),
  /** Our addition: what one withdrawal from the wallet asked for could take now (its currency). */
  available_now: optAmount,
  /** Our addition: every hold and limit on the rest of that wallet, with what clears it and when. */
  holds: opt(arr(moneyHoldWire)),
});

export const withdrawResultWire = obj({
  wallet_type: num,
  withdraw_amount: amount,
  total_amount: amount,
  payment: optStr,
  bank_name: optStr,
  withdraw_no: str,
  is_firstwithdraw: optBool,
  whatsapp_bind: optBool,
  log_id: numStr,
  /** Our addition: when the withdrawal is promised to be paid (Unix seconds). */
  promised_time: optNum,
});

// ---- Identity verification (kyc/*) ----------------------------------------------

export const kycIdType = oneOf('bvn', 'nin', 'ghana_card');
const idTypeOrNone = union(kycIdType, oneOf(''));

export const kycCheck = obj({
  level: num,
  status: oneOf('pending', 'verified', 'failed'),
  reason: str,
  id_type: idTypeOrNone,
  id_last4: str,
  created_time: num,
});

/** Today's position of one wallet; amounts are display text in its currency ("₦50,000.00"). */
export const kycWallet = obj({
  currency: str,
  balance: str,
  single_limit: str,
  daily_limit: str,
  remaining_today: str,
  /** null: no threshold at this level. */
  balance_threshold: nullable(str),
  above_threshold: bool,
  above_remaining_today: bool,
});

/** The dashboard's checklist before a first payout (user/firstSteps); `show` is false once a withdrawal was paid. */
export const firstSteps = obj({
  show: bool,
  /** Whether identity verification is offered in the seller's country. */
  identity_offered: bool,
  identity_verified: bool,
  pin_set: bool,
  payout_accounts: num,
  has_order: bool,
  paid_out: bool,
  /** The wait before a new payout account can be paid to: the cooling-off the withdrawal enforces. */
  payout_wait_hours: num,
  /** The same wait in words ("24 hours"); empty when there is none. */
  payout_wait: str,
});

export const kycStatus = obj({
  /** Whether verification is offered in the seller's country. */
  offered: bool,
  level: num,
  verified_name: str,
  id_type: idTypeOrNone,
  /** "•••••••2222" */
  id_masked: str,
  id_types: arr(obj({ type: kycIdType, label: str })),
  levels: arr(
    obj({ level: num, needs: str, limits: record(obj({ single: str, daily: str, balance: nullable(str) })) }),
  ),
  /** The latest check of each level. */
  checks: arr(kycCheck),
  attempts_left: num,
  wallets: arr(kycWallet),
  /** Bank and mobile-money accounts not in the verified name: withdrawals to them are refused. */
  payout_mismatches: arr(obj({ bank_id: num, bank_name: str, account_no: str, account_name: str })),
});

// ---- §3.11 VIP and §3.12 referral ------------------------------------------------------------

const vipLevelInfo = obj({ level: num, name: optStr, exp: num, rate: num });

export const vipDataWire = obj({
  vip_level: num,
  vip_exp: num,
  vip_info: opt(arr(vipLevelInfo)),
  next_exp: num,
  total_bonus: optAmount,
  total_bonus_usdt: optAmount,
  referred_total_bonus: optAmount,
  first_order_bonus: optAmount,
  amount_order_bonus: bonusTierOrTiers,
  currency_symbol: optStr,
  task_list: opt(arr(obj({ task_name: str, value: numStr, is_get: union(bool, num) }))),
});

export const vipLogItem = obj({
  id: num,
  user_id: num,
  exp: num,
  after_exp: num,
  type: num,
  memo: optStr,
  create_time: num,
  brand_id: optNum,
  source: optStr,
  order_no: optStr,
});

/** `rebate/inviteinfo`: the seller's invite code and what a referral earns (amounts in `currency_name`). */
export const inviteInfoWire = obj({
  invite_code: str,
  /** Our addition: the path of the invite link, `/sign-up?code=…`. */
  invite_link: optStr,
  currency_name: optStr,
  currency_symbol: optStr,
  register_amount: optAmount,
  first_amount: optAmount,
  friend_amount: optAmount,
  self_amount: optAmount,
  recommend_enough_amount: optAmount,
  rebate_money_config: opt(arr(str)),
  invite_friends: optNum,
  success_order_user: optNum,
  referred_total_bonus: optAmount,
  recommend_amount: optAmount,
  /** Our addition: the reward balance moves to the cash wallet once it reaches this. */
  transfer_rebate: optAmount,
  act_url: optStr,
  can_receive_money: opt(union(amount, bool)),
});

export const rebateItemWire = obj({
  log_id: numStr,
  /** `YYYY-MM-DD HH:mm:ss` (CONTRACT: a string here, not Unix seconds). */
  create_time: str,
  activity_code: optStr,
  after_balance: optAmount,
  /** Signed: a reward is positive, a move to the cash wallet negative. */
  money: amount,
  /** CONTRACT §6.6: 1 first order · 2 referral · 3 registration · 4 transfer · … */
  type: num,
  wallet_type: walletType,
  /** Who it came from, shown as "#…". */
  from_get: optStr,
  name: optStr,
  vip_rate: optStr,
  purchase_amount: optAmount,
});

export const rebateInfoWire = obj({
  transfer_rebate: optAmount,
  transfer_rebate_usd: optAmount,
  currency_symbol: optStr,
  currency_symbol_usd: optStr,
  /** The reward wallet's currency code. */
  short_name: optStr,
  rebate_amount: optAmount,
  rebate_amount_usd: optAmount,
  rebate_total_amount: optAmount,
  rebate_total_amount_usd: optAmount,
  first_order_bonus: optAmount,
  referred_bonus: optAmount,
  amount_order_bonus: bonusTiers,
  vip_info: vipRates,
  user_invited_number: optStr,
  user_rebate_list: arr(rebateItemWire),
});

export const invitedUserWire = obj({
  user_id: num,
  username: str,
  avatar: optStr,
  register_date: str,
  currency_name: optStr,
  currency_symbol: optStr,
  amount,
  /** 0 invited, no trade yet · 1 reward claimable · 2 claimed. */
  status: oneOf(0, 1, 2),
  /**
   * false: this friend's sales earn nothing (their account is linked to the inviter's: same identity, payout account or
   * device).
   */
  eligible: optBool,
});

const rankPlace = { currency_name: optStr, currency_symbol: optStr, username: str };
export const inviteRankInfo = obj({
  act_url: optStr,
  first_amount: optAmount,
  self_amount: optAmount,
  register_amount: optAmount,
  friend_amount: optAmount,
  invite_friends: optNum,
  success_order_user: optNum,
  notify: opt(arr(str)),
  my_top: opt(obj({ ...rankPlace, code: str, cnt: num, amount, top: num })),
  top_list: opt(
    arr(obj({ ...rankPlace, user_id: num, NAME: str, CODE: str, total_amount: amount, cnt: num, rank: num })),
  ),
});

// ---- §2.7 Notices -----------------------------------------------------------------------------

export const notice = obj({
  id: num,
  notice_title: str,
  notice_content: str,
  notice_time: num,
  /** Truthy means unread. */
  notice_new: union(bool, num, str),
  notice_jump: optBool,
  notice_action: optStr,
  notice_params: optStr,
  notice_type: optStr,
  notice_order: opt(obj({ image: str, order_id: numStr, status: num })),
});

// ---- Native apps (NATIVE-CLIENT.md): paths the web screens do not call --------------------------

const appVersion = obj({
  id: num,
  version: str,
  build_number: num,
  platform: str,
  update_type: str,
  min_required_version: nullable(str),
  title: str,
  description: str,
  download_url_ios: nullable(str),
  download_url_android: nullable(str),
  is_active: bool,
  is_in_review: bool,
  release_date: num,
  created_at: num,
  updated_at: num,
});

const liveContent = obj({
  announcement: arr(obj({ id: num, content: str })),
  /** `timeAgo`: Unix seconds of the trade, despite the name (CONTRACT §2.1). */
  transaction: arr(obj({ id: num, username: str, amount: str, currency: str, timeAgo: num })),
});

const promotions = obj({
  active: arr(
    obj({
      id: num,
      active_title: str,
      active_memo: str,
      active_url: str,
      active_image: str,
      active_start_time: str,
      active_end_time: str,
    }),
  ),
});

// ---- Live waits: an order's or a withdrawal's estimate, and the public status board ----------------

const etaBasis = oneOf('recent', 'usual');

/** One open (or just decided) order's wait: minutes left, orders ahead in its card family. */
export const orderEta = obj({
  order_no: str,
  status: orderStatus,
  finished: bool,
  eta_minutes: num,
  eta_time: num,
  ahead: num,
  family: str,
  typical_minutes: num,
  basis: etaBasis,
  sample: num,
  poll_seconds: num,
});

export const withdrawStatus = oneOf('pending', 'processing', 'paid', 'failed');

/** One pending (or just settled) withdrawal's wait: minutes left, payouts ahead on its rail. */
export const withdrawEta = obj({
  withdraw_no: str,
  status: withdrawStatus,
  finished: bool,
  eta_minutes: num,
  eta_time: num,
  ahead: num,
  rail: str,
  rail_name: str,
  rail_notice: str,
  typical_minutes: num,
  basis: etaBasis,
  sample: num,
  poll_seconds: num,
});

export const railMethod = oneOf('BANK', 'MOMO', 'USDT');

/**
 * The public /status page's data. Not a first page: its schema rides in this chunk, so the SDK chunk
 * every visitor downloads stays as it is.
 */
export const statusBoard = obj({
  updated_at: num,
  promised_payout_minutes: num,
  families: arr(obj({ category_id: num, name: str, review_minutes: num, basis: etaBasis, waiting: num })),
  rails: arr(
    obj({
      code: str,
      method: railMethod,
      name: str,
      state: oneOf('normal', 'delayed'),
      message: str,
      since: num,
      pay_minutes: num,
      basis: etaBasis,
      waiting: num,
    }),
  ),
});

/** The reply `data` of each account-area and native-only path (the path without `/gc/`). */
export const ACCOUNT_REPLIES = {
  ...CASE_REPLIES,
  ...RATE_REPLIES,
  'account/avatar': none,
  'card/quote': cardQuote,
  /** The native apps' spelling of user/updatePasswordByWhatsapp. */
  'user/updatePasswordByWhatsApp': none,
  'user/firstSteps': firstSteps,
  'config/getAppVersion': nullable(appVersion),
  'config/liveContentList': liveContent,
  'finder/allNotice': arr(notice),
  'finder/allNoticeWithoutRead': arr(notice),
  'finder/readNotice': union(arr(notice), none),
  'finder/showFinder': promotions,
  'kyc/documents': obj({ status: oneOf('pending') }),
  'kyc/selfie': obj({ level: num }),
  'kyc/status': kycStatus,
  'kyc/verifyId': obj({ level: num, name: str }),
  'ord/answerOffer': offerAnswerWire,
  'appeal/apply': appealWire,
  'appeal/detail': evidencePackWire,
  'ord/detail': orderDetailWire,
  'ord/eta': arr(orderEta),
  'ord/list': arr(orderListItemWire),
  'order/appadd': orderSellWire,
  'order/checkCoupon': coupon,
  'order/getAvailableCoupon': arr(coupon),
  'order/obsUrl': upload,
  'order/obsUrls': arr(upload),
  'payment/add': obj({ bank_id: numStr, is_def: oneOf(1, 2) }),
  'payment/bankList': arr(bank),
  'payment/coinList': arr(coinNetwork),
  'payment/delete': none,
  'payment/list': arr(savedPaymentGroup),
  'payment/paymentList': arr(paymentMethod),
  'payment/setDef': none,
  'payment/verify': obj({ user_name: str }),
  'public/lead': obj({ status: num, title: str, value: str }),
  'public/status': statusBoard,
  'public/popConfig': obj({ pop: bool, data: obj({ image: str, url: str, jump_type: num, condition: unknown }) }),
  'rebate/getInvitingDetails': arr(invitedUserWire),
  'rebate/getReferralUsers': arr(invitedUserWire),
  'rebate/inviteRankList': inviteRankInfo,
  'rebate/inviteinfo': inviteInfoWire,
  'rebate/rebateList': rebateInfoWire,
  'rebate/receiveInviteRebate': none,
  'security/wasNotMe': none,
  'social/getGoogleInfoByToken': obj({ social_id: str, social_email: str, social_name: optStr }),
  'vip/default': obj({ vip_info: arr(vipLevelInfo), max_level: num }),
  'vip/info': vipDataWire,
  'vip/loglist': arr(vipLogItem),
  'wallet/balance': walletBalanceWire,
  'wallet/moneyLogDetail': moneyLogDetailWire,
  'wallet/moneyLogList': arr(moneyLogWire),
  'withdraw/apply': withdrawResultWire,
  'withdraw/changeTPassword': none,
  'withdraw/eta': arr(withdrawEta),
  'withdraw/information': withdrawInformationWire,
  'withdraw/resetTPassword': none,
  'withdraw/sendResetCode': none,
  'withdraw/transactionPassword': none,
  'withdraw/upTPassword': none,
} as const;
