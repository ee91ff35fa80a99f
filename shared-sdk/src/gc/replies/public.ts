// The replies a visitor's first pages need (set-up, sign-in and sign-up, cards and rates, the public
// pages), with the field types every group is written with. Part of the SDK chunk; the rest of the
// contract (account.ts) is loaded with the account area. See index.ts.
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

export const optStr = opt(str);
export const optNum = opt(num);
export const optBool = opt(bool);
/** A number, or a numeric string (older replies). */
export const numStr = union(num, str);
export const optNumStr = opt(numStr);
/** `AmountWire`: a decimal string (ours) or a number (CONTRACT §1.4). */
export const amount = numStr;
export const optAmount = optNumStr;
/** CONTRACT §0: wallet 1 is local money, 2 USDT. */
export const walletType = oneOf(1, 2, '1', '2');

// ---- §3.1–3.2 Public set-up ------------------------------------------------------------------------

export const initData = obj(
  {
    fqa_url: optStr,
    vip_url: optStr,
    share_link: optStr,
    sell_link: optStr,
    support_link: optStr,
    widget_url: optStr,
    service_phone: optStr,
    whatsapp_phone: optStr,
    vip_phone: optStr,
    email: optStr,
    have_notice: optBool,
    notice_count: optNum,
    social_media_links: opt(arr(obj({ code: str, platform: str, url: str }))),
    hidden_flag: optStr,
    comment_flag: optStr,
    rating_flag: optStr,
    /** Comma list of the sign-up methods on offer: `email`, `whatsapp`. */
    register_type: optStr,
    is_need_verify: optStr,
    whatsapp_enable: optBool,
    facebook_disable: optBool,
    whatsapp_register: optBool,
    auto_identify_card: optBool,
    platform_fee: optStr,
    recommend_fee: optStr,
    google_login_enable: optBool,
    facebook_login_enable: optBool,
    apple_login_enable: optBool,
    coupon_num: optNum,
  },
  true,
);

export const country = obj({
  id: num,
  name: str,
  /** The dial code, shown as displayCode. */
  area_number: str,
  short_name: optStr,
  currency_name: optStr,
  currency_symbol: optStr,
  national_flag: optStr,
  withdrawal_method: optNum,
  money_detail: optNum,
  image: optStr,
  /** The phone dialing code (CONTRACT §3.2). */
  code: optStr,
  rebate_money: optStr,
  rebate_money_register: optStr,
});

// ---- §3.3 User -----------------------------------------------------------------------------------

export const userWire = obj({
  user_id: num,
  token: optStr,
  country_id: optNum,
  country_name: optStr,
  country_logo_image: optStr,
  currency_symbol: optStr,
  currency_name: optStr,
  channel_type: optNum,
  avatar: optStr,
  username: optStr,
  nickname: optStr,
  phone: optStr,
  email: optStr,
  whatsapp: optStr,
  vip_level: optNum,
  money: optAmount,
  rebate_money: optAmount,
  usd_rebate_money: optAmount,
  withdrawal_method: optNum,
  money_detail: optNum,
  is_email_bind: optBool,
  whatsapp_bind: optBool,
  google_bind: optBool,
  facebook_bind: optBool,
  apple_bind: optBool,
  password_null: optBool,
  t_password_null: optBool,
  register_time: optNum,
  last_login_time: optNum,
  point: optNum,
  coupon_num: optNum,
  charge_discount: optNum,
});

export const socialLoginResult = obj({
  is_social_bind: bool,
  username: optStr,
  social_id: optStr,
  social_email: optStr,
  social_type: optStr,
  token: optStr,
  user_id: optNum,
});

/** A signed-in device of the account (user/sessionList). */
export const sessionInfo = obj({
  session_id: str,
  /** "Chrome on Android" */
  device: str,
  /** A rough place: the client IP with its host part hidden ("102.89.x.x"). */
  place: str,
  created_time: num,
  last_seen_time: num,
  current: bool,
});

/**
 * Where updates about the seller's money go beside the app (user/alertChannels); an address is usable once verified.
 */
export const alertChannels = obj({
  email: str,
  email_verified: bool,
  email_on: bool,
  whatsapp: str,
  whatsapp_verified: bool,
  whatsapp_on: bool,
});

// ---- Public pages ------------------------------------------------------------------------------

export const homeBanner = obj({
  banner: arr(obj({ id: num, image: str, title: optStr, action: optStr, new_params: optStr, params: optStr })),
  announcement_content: arr(str),
  home_activity: opt(record(unknown)),
});

/** `public/ladderConfig`: amount tiers (SPEC lists the path; the shape is ours, like `amount_order_bonus`). */
export const ladderTierWire = obj({
  order_amount: amount,
  bonus_amount: amount,
  /** The payout currency of the tier (NGN, GHS, USDT). */
  currency: optStr,
  currency_symbol: optStr,
});

export const bonusTierWire = obj({ bonus_amount: amount, order_amount: amount });
export const bonusTiers = opt(arr(bonusTierWire));
/** One object or a list (the spec says a list; CONTRACT §3.11 an object): read both. */
export const bonusTierOrTiers = opt(union(bonusTierWire, arr(bonusTierWire)));

export const overdueTier = obj({ name: str, value: str, start: num });
export const vipRate = obj({ level: num, rate: numStr });
export const vipRates = opt(arr(vipRate));
const vipDetail = {
  level: num,
  /** Percent: a number from the api (the apps compute with it); older replies sent a string. */
  rate: numStr,
  next_level: optNum,
  next_level_rate: optNumStr,
  upgrade_point: optNumStr,
};

/** §3.6 `public/vipActivityDes`. */
export const orderSellDetail = obj({
  overdue_max_percent: optStr,
  overdue_data: opt(arr(overdueTier)),
  vip: vipRates,
  vip_info: optNum,
  vip_detail: opt(obj({ ...vipDetail, exp_coefficient: optNumStr })),
  activity: opt(
    arr(
      obj({
        id: num,
        name: str,
        start_time: optNumStr,
        end_time: optNumStr,
        memo: optStr,
        activity_type: optNumStr,
        activity_url: optStr,
        remark: optStr,
        html_url: optStr,
      }),
    ),
  ),
  sell_card_tips: optStr,
  first_order_bonus: optAmount,
  amount_order_bonus: bonusTiers,
  rank: optNum,
  is_active: optNum,
});

export const faqItem = obj({ id: num, question: str, answer: str, category_name: str });

export const blogListItem = obj({
  slug: str,
  title: str,
  excerpt: str,
  cover: str,
  /** Unix seconds. */
  published_at: num,
  author: str,
});

export const blogPost = obj({
  slug: str,
  title: str,
  /** Sanitised HTML from the api. */
  html: str,
  published_at: num,
  author: str,
  excerpt: str,
});

// ---- §3.4–3.5 Cards ---------------------------------------------------------------------------

export const cardCategory = obj({ category_id: num, category_name: str });

export const cardCurrency = obj({
  currency_id: num,
  currency_name: str,
  currency_symbol: str,
  currency_code: str,
  sort: optNum,
});

export const cardRate = obj({
  card_id: num,
  name: str,
  currency: str,
  currency_symbol: str,
  /** Base payout per 1 unit of card currency, in the user's local currency (our api sends a decimal string). */
  rate: amount,
  rate_detail: opt(arr(obj({ type: str, rate: amount, per: str, level: optNum }))),
  optimal_rate: optStr,
  all_per: optStr,
  usdt_rate: optAmount,
  /** Card form code (physical, ecode, cash_receipt, …) and its display name. */
  form: optStr,
  form_name: optStr,
  /** Denomination band, in card-currency major units. */
  min_face: optNum,
  max_face: optNum,
});

export const rateCategory = obj({
  category_id: num,
  category_name: str,
  category_logo: optStr,
  category_logo_img: optStr,
  category_icon: optStr,
  category_introduction: optStr,
  timeout_seconds: optStr,
  sticky_status: optNum,
  order_sort: optNum,
  top_currency: optStr,
  top_rate: optAmount,
  top_optimal_rate: optStr,
  top_currency_symbol: optStr,
  top_rate_range: optStr,
  list: arr(obj({ currency: str, list: arr(cardRate) })),
});

export const ratesData = obj({
  card_list: arr(rateCategory),
  batch_time: optNum,
  first_card_name: optStr,
  /** The currency every rate is in (NGN, GHS or USDT) and its symbol. */
  payout_currency: optStr,
  currency_symbol: optStr,
});

/**
 * One line of a payout: kind card (the card's value at its rate), vip, coupon, ladder (big-trade) or
 * first_order; its name as the seller reads it; its amount, a decimal string in the payout currency.
 */
export const payoutLine = obj({ kind: str, name: str, amount: str });

/** `card/calculator`'s `quote` (and `card/quote`): decimal strings in major units of the payout currency. */
export const cardQuote = obj({
  card_id: num,
  face_value: str,
  card_currency: str,
  payout_currency: str,
  currency_symbol: str,
  rate: str,
  effective_rate: str,
  vip_percent: str,
  base_amount: str,
  vip_bonus: str,
  coupon_bonus: str,
  ladder_bonus: str,
  /** What the card earns, without the first-order bonus (the binding quote the apps show). */
  amount: str,
  /** Our additions: the first-order bonus this quote includes, the total paid with it, and the sum line by line. */
  first_order_bonus: optStr,
  total_amount: optStr,
  lines: opt(arr(payoutLine)),
});
export const optQuote = opt(nullable(cardQuote));

export const calculatorData = obj({
  first_order_bonus: optAmount,
  amount_order_bonus: bonusTierOrTiers,
  vip_info: optNum,
  vip: vipRates,
  vip_detail: opt(obj({ ...vipDetail, exp_efficiency: optNumStr })),
  card_list: arr(
    obj({
      category_name: str,
      category_logo: optStr,
      category_image: optStr,
      sort: optNum,
      category_id: optNum,
      list: arr(
        obj({
          card_id: num,
          rate: amount,
          usdt_rate: amount,
          name: str,
          category_id: num,
          category_name: str,
          /** Card currency (USD, GBP, …), form code and denomination band in card-currency major units. */
          currency: optStr,
          form: optStr,
          min_face: optNum,
          max_face: optNum,
        }),
      ),
    }),
  ),
  /** The currency the rates are in, and its symbol. */
  payout_currency: optStr,
  currency_symbol: optStr,
  /** Present when the request named a card and a face value. */
  quote: optQuote,
});

// ---- Our official channels (the "Official channels" page, Help) ----------------------------------

export const officialChannels = obj({
  whatsapp: arr(obj({ number: str, purpose: str, hours: str, link: str })),
  emails: arr(obj({ address: str, purpose: str })),
  domains: arr(str),
  socials: arr(obj({ network: str, url: str, handle: str })),
  /** The page that lists them, on the configured site. */
  page_url: str,
});

/** Whether a typed number, address or link is ours, and which of our channels it is. */
export const channelCheck = obj({
  kind: oneOf('phone', 'email', 'link'),
  value: str,
  ours: bool,
  match: nullable(obj({ type: oneOf('whatsapp', 'email', 'domain', 'social'), value: str, label: str })),
});

/** The reply `data` of each path the first pages call (the path without `/gc/`). */
export const PUBLIC_REPLIES = {
  'card/calculator': calculatorData,
  'card/category': arr(cardCategory),
  'card/currencyList': arr(cardCurrency),
  'faq/categories': arr(str),
  'faq/list': arr(faqItem),
  'public/analysis': none,
  'public/appinit': initData,
  'public/blogList': arr(blogListItem),
  'public/blogPost': blogPost,
  'public/channelCheck': channelCheck,
  'public/channels': officialChannels,
  'public/contact': none,
  'public/countrylist': arr(country),
  'public/homebanner': homeBanner,
  'public/ladderConfig': arr(ladderTierWire),
  'public/sendMail': none,
  'public/vipActivityDes': orderSellDetail,
  'social/appleLogin': socialLoginResult,
  'social/facebookLogin': socialLoginResult,
  'social/googleLogin': socialLoginResult,
  'social/socialBind': obj({ is_social_bind: bool }),
  'user/applogin': userWire,
  'user/applogout': none,
  'user/appregister': userWire,
  'user/bindEmail': none,
  'user/bindPhone': none,
  'user/bindWhatsapp': none,
  'user/cancellation': none,
  'user/changeEmail': none,
  'user/checkUsername': none,
  /** Everything kept about the signed-in seller, as JSON (secrets left out, ID numbers masked). */
  'user/exportData': record(unknown),
  'user/forgotPassword': none,
  'user/logoutAll': none,
  'user/modinickname': none,
  'user/modipassword': none,
  'user/registerDeviceToken': none,
  'user/revokeSession': none,
  'user/sendEmailBindVerifyCode': none,
  'user/sendEmailVerifyCode': none,
  'user/sendWhatsAppCode': none,
  'user/sendWithdrawalPasswordResetEmail': none,
  'user/resetWithdrawalPasswordByEmail': none,
  'user/sessionList': arr(sessionInfo),
  'user/alertChannels': alertChannels,
  'user/setAlertChannels': alertChannels,
  'user/updatePasswordByEmail': none,
  'user/updatePasswordByWhatsapp': none,
  'user/updateUsername': none,
  'user/userInfo': userWire,
  'v2/card/catalog': ratesData,
} as const;
