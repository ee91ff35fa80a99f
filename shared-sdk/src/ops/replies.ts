// The operator API's wire contract (JSON under /ops/api): the `data` of every route's success reply
// as a schema, written with the /gc contract's functions (../gc/replies/schema.ts). The api checks
// each reply it sends against its route's schema (api/src/lib/ops-route.ts: refused outside
// production, logged in production); the console's client decodes each reply with the same schema
// (client.ts), and its reply types are inferred from them. Amounts are decimal strings in major
// units, as the api formats them; the console adds separators and signs. Times are ISO strings.
// Objects let unknown fields through (a newer api may add some) and drop them from the decoded value.
import {
  array as arr,
  boolean as bool,
  none,
  nullable,
  number as num,
  object as obj,
  oneOf,
  optional as opt,
  parse,
  record,
  string as str,
  unknown,
  type Infer,
  type Schema,
} from '../gc/replies/schema';

const time = str;
const maybeTime = nullable(str);
const maybeStr = nullable(str);
const maybeNum = nullable(num);
/** A decimal string in major units ("364000.00"). */
const money = str;

export const ROLES = ['admin', 'reviewer', 'finance', 'release_manager'] as const;
export const role = oneOf(...ROLES);
export const orderStatus = oneOf(1, 2, 3, 4);

// ---- Appeals --------------------------------------------------------------------------------------

export const APPEAL_STATUSES = ['open', 'upheld', 'overturned'] as const;
const appealStatus = oneOf(...APPEAL_STATUSES);
const appealItem = {
  appeal_no: str,
  order_no: str,
  /** What is appealed: 'failed_cards' or 'declined_offer' (the order closed unpaid after a lower offer). */
  outcome: str,
  status: appealStatus,
  currency: str,
  decided_by: num,
  decided_by_name: str,
  decided_at: time,
  assigned_to: maybeNum,
  assigned_to_name: maybeStr,
  created_at: time,
  due_at: time,
  breached: bool,
};
export const appealQueue = obj({ review_hours: num, appeals: arr(obj(appealItem)) });
const failedCard = obj({
  seq: num,
  code: str,
  reason: str,
  reviewer_note: str,
  proof_images: arr(str),
  decided_time: num,
});
const appealDetailFields = {
  ...appealItem,
  note: str,
  images: arr(str),
  resolution: str,
  credit_amount: money,
  overturn_amount: money,
  failed_cards: arr(failedCard),
  order: obj({
    order_no: str,
    status: orderStatus,
    amount: money,
    quote_total: nullable(money),
    currency: str,
    refused_reason: str,
    payout_note: str,
    images: arr(str),
    lines: arr(obj({ seq: num, status: str, card_name: str, amount: money, fail_reason: str })),
    timeline: arr(obj({ status: str, note: str, actor: str, created_at: time })),
  }),
};
export const appealDetail = obj(appealDetailFields);
export const appealStats = arr(
  obj({
    staff_id: num,
    name: str,
    decided: num,
    appealed: num,
    open: num,
    upheld: num,
    overturned: num,
    appeal_rate: num,
    overturn_rate: num,
  }),
);

// ---- Staff ----------------------------------------------------------------------------------------

export const loginReply = obj({
  challenge: str,
  second_factor: oneOf('totp', 'enrol'),
  name: str,
  role,
  totp_secret: opt(str),
  otpauth_url: opt(str),
});

export const secondFactorReply = obj({
  token: str,
  id: num,
  name: str,
  role,
  recovery_codes_left: num,
  recovery_codes: opt(arr(str)),
});

export const me = obj({ id: num, name: str, email: str, role });

export const staffMember = obj({
  id: num,
  email: str,
  name: str,
  role,
  status: str,
  second_factor: bool,
  locked_until: maybeTime,
  recovery_codes_left: num,
  created_at: time,
});

const nothing = obj({});

// ---- Orders ---------------------------------------------------------------------------------------

/** The quote locked when the seller submitted (decimal strings of the payout currency). */
export const orderQuote = obj(
  {
    card_id: num,
    face_value: str,
    rate: str,
    amount: money,
    vip_percent: opt(str),
    card_currency: opt(str),
    payout_currency: opt(str),
    /** The first-order bonus the quote named, and the quote's whole total with it (absent on older orders). */
    first_order_bonus: opt(money),
    total_amount: opt(money),
  },
  true,
);

const orderFields = {
  order_no: str,
  user_id: num,
  status: orderStatus,
  status_desc: str,
  currency: str,
  wallet_type: num,
  images: arr(str),
  user_memo: str,
  card_id: maybeNum,
  card_form: str,
  quote: nullable(orderQuote),
  amount: money,
  claimed_by: maybeNum,
  created_at: time,
  finished_at: maybeTime,
  refused_reason: str,
  payout_note: str,
};
export const order = obj(orderFields);

/** A request waiting for a second operator, as staff see it. */
export const approval = obj(approvalFields());

export const brand = obj({ id: num, name: str }, true);

export const queueOrder = obj({
  ...orderFields,
  waiting_minutes: num,
  claimed_by_name: maybeStr,
  brand: maybeStr,
  /** A decision on this order waits for a second operator (four-eyes). */
  awaiting_approval: bool,
  /** Who asked for that approval (the first operator), while one waits. */
  approval_requested_by: maybeNum,
  approval_requested_by_name: maybeStr,
  /** A counter-offer waits for the seller's answer until offer_expires_at. */
  waiting_for_seller: bool,
  offer_expires_at: maybeTime,
});

export const queue = obj({ fail_reasons: record(str), brands: arr(brand), orders: arr(queueOrder) });

/** One card of an order as decided: its outcome and, when paid, what it paid. */
export const orderLine = obj({
  seq: num,
  card_id: maybeNum,
  card_name: str,
  code: str,
  face_minor: str,
  rate_minor: str,
  amount_minor: str,
  /** The line's payout as a decimal string of the order's currency. */
  amount: money,
  status: str,
  fail_reason: str,
  proof_image: str,
});

const outcomeCount = obj({ count: num, amount: money });

/** What a reviewer needs to judge the seller of an order. */
export const sellerSummary = obj({
  id: num,
  kyc_level: num,
  created_at: time,
  account_age_days: num,
  /** Past orders (this one left out) by outcome, with what they paid in this order's currency. */
  orders: obj({ paid: outcomeCount, partly: outcomeCount, refused: outcomeCount, pending: obj({ count: num }) }),
  withdrawals_frozen: bool,
  withdrawals_frozen_reason: str,
  /** Other accounts sharing an identity, payout account or device with this one; and those a referral joins. */
  linked_accounts: num,
  linked_referrals: num,
});

/** A counter-offer (the same shape the seller's order page shows): the amount against the quote, why, the proof. */
export const counterOffer = obj({
  status: oneOf('open', 'accepted', 'declined', 'expired'),
  amount: money,
  quote_amount: money,
  currency: str,
  reason: str,
  reason_text: str,
  note: str,
  images: arr(str),
  cards: arr(obj({ card_name: str, face_value: str, amount: money })),
  /** Unix seconds; answer_time 0 while open. */
  sent_time: num,
  expire_time: num,
  answer_time: num,
});

export const orderDetail = obj({
  ...orderFields,
  lines: arr(orderLine),
  timeline: arr(obj({ status: str, note: str, actor: str, created_at: time })),
  fail_reasons: record(str),
  /** The reasons a counter-offer may give. */
  offer_reasons: record(str),
  /** The order's latest counter-offer, or null. */
  counter_offer: nullable(counterOffer),
  seller: sellerSummary,
  /** The oldest order this operator could review next (null when the queue has none). */
  next_order_no: maybeStr,
});

export const decided = obj({
  ...orderFields,
  replayed: bool,
  awaiting_approval: opt(approval),
  lines: arr(orderLine),
  next_order_no: maybeStr,
});

export const refused = obj({ ...orderFields, replayed: bool, lines: arr(orderLine), next_order_no: maybeStr });

export const preview = obj({
  status: orderStatus,
  amount: money,
  currency: str,
  needs_approval: maybeStr,
  /** The part of amount that is the seller's first-order bonus ("0.00" for a later order). */
  first_order_bonus: opt(money),
  /** The payout line by line as it would be credited: card value at the rate, then each bonus by its name. */
  lines: opt(arr(obj({ kind: str, name: str, amount: money }))),
});

// ---- Withdrawals ----------------------------------------------------------------------------------

const withdrawalFields = {
  withdraw_no: str,
  user_id: num,
  status: str,
  status_desc: str,
  currency: str,
  amount: money,
  fee: money,
  payout: money,
  method: str,
  bank_name: str,
  account_no: str,
  account_name: str,
  created_at: time,
  settled_at: maybeTime,
  fail_reason: str,
  reference: str,
  settled_by: maybeStr,
  payout_channel: str,
  provider_ref: str,
  sent_at: maybeTime,
  sent_by: maybeStr,
};
export const withdrawal = obj(withdrawalFields);
export const openWithdrawal = obj({ ...withdrawalFields, user_frozen: bool, user_unverified: bool });

// ---- Admin ----------------------------------------------------------------------------------------

export const coupon = obj({
  code: str,
  name: str,
  kind: oneOf('percent', 'fixed', 'rate_add'),
  value: str,
  currency: maybeStr,
  wallet_type: num,
  minimum: money,
  valid_from: time,
  valid_until: time,
  max_use: num,
  grant_on_signup: bool,
  active: bool,
  holders: num,
  uses: num,
});

export const auditEntry = obj({
  id: str,
  action: str,
  target_type: str,
  target_id: str,
  reason: str,
  details: unknown,
  ip: str,
  created_at: time,
  staff: maybeStr,
  staff_name: maybeStr,
});

// ---- Rates ----------------------------------------------------------------------------------------

export const rateTable = obj({
  currencies: arr(str),
  cards: arr(
    obj({
      card_id: num,
      name: str,
      brand: str,
      card_currency: str,
      form: str,
      min_face: unknown,
      max_face: unknown,
      rates: record(str),
    }),
  ),
  scheduled: arr(obj({ id: num, card_id: num, currency: str, rate: str, effective_at: time })),
});

export const rateChange = obj({
  id: num,
  card_id: num,
  currency: str,
  old: str,
  new: str,
  effective_at: time,
  created_at: time,
  by: maybeStr,
  reason: str,
  cancelled_at: maybeTime,
});

// ---- Users ----------------------------------------------------------------------------------------

/** A failed request found by the reference its seller was shown ("Reference: 7F3K2Q"). */
export const failedRequest = obj({
  ref: str,
  request_id: str,
  user_id: maybeNum,
  username: maybeStr,
  method: str,
  path: str,
  status: num,
  code: str,
  msg: str,
  created_at: time,
});

export const foundUser = obj({
  id: num,
  username: maybeStr,
  email: maybeStr,
  whatsapp: maybeStr,
  phone: maybeStr,
  nickname: str,
  country_id: maybeNum,
  status: str,
  vip_level: num,
  created_at: time,
  last_login_at: maybeTime,
  withdrawals_frozen: bool,
});

export const profile = obj({
  id: num,
  username: maybeStr,
  email: maybeStr,
  email_verified: unknown,
  whatsapp: maybeStr,
  whatsapp_verified: unknown,
  phone: maybeStr,
  nickname: str,
  country_id: maybeNum,
  status: str,
  vip_level: num,
  vip_exp: maybeStr,
  register_type: unknown,
  referrer_id: maybeNum,
  created_at: time,
  last_login_at: maybeTime,
  closed_at: maybeTime,
  withdraw_hold_until: maybeTime,
  withdraw_hold_reason: str,
  withdrawals_frozen_at: maybeTime,
  withdrawals_frozen_reason: str,
  has_pin: bool,
  kyc_level: num,
  kyc_name: str,
});

/** A payout account of the seller, with the wait a new one has before it can be paid to. */
export const payoutAccount = obj({
  id: num,
  method: str,
  bank_name: str,
  account_no: str,
  account_name: str,
  is_default: bool,
  created_at: time,
  /** Until when withdrawals to it wait (a new account's 24 h); null when it can be used. */
  usable_from: maybeTime,
});

export const userDetail = obj({
  profile,
  balances: arr(obj({ wallet: str, currency: str, balance: money })),
  ledger: arr(
    obj({
      id: num,
      kind: str,
      memo: str,
      actor: str,
      wallet: str,
      currency: str,
      amount: money,
      balance_after: money,
      created_at: time,
    }),
  ),
  orders: arr(
    obj({
      order_no: str,
      status: orderStatus,
      currency: str,
      amount: money,
      quote: nullable(money),
      created_at: time,
      finished_at: maybeTime,
    }),
  ),
  withdrawals: arr(
    obj({
      withdraw_no: str,
      status: str,
      currency: str,
      amount: money,
      method: str,
      account_no: str,
      created_at: time,
      settled_at: maybeTime,
      fail_reason: str,
    }),
  ),
  payout_accounts: arr(payoutAccount),
  sessions: arr(
    obj({
      id: str,
      created_at: time,
      last_seen_at: maybeTime,
      expires_at: maybeTime,
      revoked_at: maybeTime,
      ip: maybeStr,
      device_no: maybeStr,
      user_agent: maybeStr,
    }),
  ),
  security_events: arr(obj({ id: str, title: str, content: str, created_at: time })),
});

export const linkedAccount = obj({
  user_id: num,
  email: maybeStr,
  nickname: str,
  status: str,
  created_at: time,
  link: oneOf('identity', 'payout_account', 'device'),
  label: str,
  detail: str,
  referral: nullable(oneOf('invited', 'invited_by')),
});

// ---- Identity (level 3) ---------------------------------------------------------------------------

export const kycPending = obj({
  id: num,
  user_id: num,
  username: str,
  verified_name: str,
  country: str,
  created_at: time,
  waiting_minutes: num,
});

export const kycRequest = obj({
  id: num,
  status: oneOf('pending', 'verified', 'failed'),
  reason: str,
  created_at: time,
  decided_at: maybeTime,
  user: obj({ id: num, username: str, email: maybeStr, kyc_level: num, kyc_name: str, country: str, created_at: time }),
  id_record: nullable(
    obj({ id_type: str, id_number: str, date_of_birth: maybeStr, name_on_record: str, verified_at: maybeTime }),
  ),
  selfie: str,
  document: str,
  address: str,
});

export const deadLetter = obj({
  id: num,
  kind: str,
  job: str,
  recipient: maybeStr,
  subject: maybeStr,
  attempts: num,
  last_error: str,
  failed_at: time,
});

// ---- Releases -------------------------------------------------------------------------------------

export const releaseHistoryLine = obj({
  at: time,
  by: str,
  app: str,
  action: oneOf('promote', 'rollback', 'canary', 'canary-drop', 'start'),
  from: opt(str),
  to: opt(str),
  percent: opt(num),
  forced: opt(arr(str)),
  why: opt(str),
});

/** One version's client telemetry over the last hour; error_rate is errors per page load. */
export const releaseHealth = obj({
  version: str,
  loads: num,
  errors: num,
  error_rate: num,
  remote_failures: num,
  gc_failures: num,
  lcp_p75: maybeNum,
  cls_p75: maybeNum,
  inp_p75: maybeNum,
});

export const releaseApp = obj({
  app: str,
  live: obj({ version: str, share: num }),
  canary: nullable(
    obj({
      version: str,
      percent: num,
      share: num,
      since: time,
      promote_when_healthy: nullable(obj({ by: str, at: time })),
    }),
  ),
  last_hour: arr(releaseHealth),
  history: arr(releaseHistoryLine),
  /** Newest first. */
  published: arr(str),
});

export const releaseHalt = obj({
  at: time,
  env: opt(str),
  app: opt(str),
  version: opt(str),
  stable: opt(str),
  reason: str,
});

export const releaseDashboard = obj({
  configured: bool,
  envs: arr(obj({ env: str, revision: num, updated_at: str, apps: arr(releaseApp) })),
  halts: arr(releaseHalt),
  settings: obj({
    halt_ratio: num,
    min_errors: num,
    min_loads: num,
    healthy_minutes: num,
    interval_s: num,
    check: bool,
  }),
});

export const releaseOutcome = obj({ changed: bool, note: opt(str), entry: opt(releaseHistoryLine) });

// ---- Payout rails --------------------------------------------------------------------------------

/** Our official channels as staff edit them (the public page adds chat links and handles). */
export const officialChannelSettings = obj({
  whatsapp: arr(obj({ number: str, purpose: str, hours: str })),
  emails: arr(obj({ address: str, purpose: str })),
  domains: arr(str),
  socials: arr(obj({ network: str, url: str })),
});

/** A payout rail and what staff say about it ('' when it pays normally). */
export const payoutRail = obj({
  code: str,
  method: oneOf('BANK', 'MOMO', 'USDT'),
  name: str,
  delay_message: str,
  marked_by: maybeNum,
  marked_at: maybeTime,
});

/**
 * Every operator route, `METHOD /ops/api/path` (as registered, `:name` for a path parameter), with
 * the schema of its success reply's `data`. The CSV export answers a file: its schema is the text.
 */
// ---- Cases (one per order or withdrawal, or about anything else) ----------------------------------

const caseClock = obj({ due: time, met_at: maybeTime, breached: bool });
const caseFields = {
  case_no: str,
  about: oneOf('order', 'withdrawal', 'other'),
  order_no: maybeStr,
  withdraw_no: maybeStr,
  subject: str,
  status: oneOf('waiting_us', 'waiting_you', 'solved'),
  status_text: str,
  user_id: maybeNum,
  /** The seller's username, or a visitor's e-mail. */
  seller: str,
  guest_email: maybeStr,
  owner_id: maybeNum,
  owner_name: maybeStr,
  created_at: time,
  updated_at: time,
  first_response: caseClock,
  resolution: caseClock,
  resolution_text: str,
};
export const caseSummary = obj(caseFields);
export const caseQueueItem = obj({ ...caseFields, messages: opt(num), last_message_at: opt(maybeTime) });
export const caseDetail = obj({
  ...caseFields,
  messages: arr(
    obj({ id: num, from: oneOf('seller', 'staff'), name: str, body: str, images: arr(str), created_at: time }),
  ),
  timeline: arr(obj({ kind: str, text: str, staff: maybeStr, note: str, created_at: time })),
  staff: arr(obj({ id: num, name: str })),
});

export const OPS_REPLIES = {
  'GET /ops/api/cases': arr(caseQueueItem),
  'GET /ops/api/cases/:case_no': caseDetail,
  'POST /ops/api/cases/:case_no/assign': caseDetail,
  'POST /ops/api/cases/:case_no/reply': caseDetail,
  'POST /ops/api/cases/:case_no/solve': caseDetail,
  'POST /ops/api/cases/:case_no/photo-links': arr(obj({ object_name: str, url: str, public_url: str })),
  'POST /ops/api/login': loginReply,
  'POST /ops/api/login/second-factor': secondFactorReply,
  'POST /ops/api/logout': nothing,
  'GET /ops/api/me': me,
  'POST /ops/api/staff': obj({ id: num }),
  'GET /ops/api/staff': arr(staffMember),
  'POST /ops/api/staff/:id/deactivate': nothing,
  'POST /ops/api/staff/:id/activate': nothing,
  'POST /ops/api/staff/:id/reset-second-factor': nothing,

  'GET /ops/api/orders/queue': queue,
  'GET /ops/api/orders/:order_no': orderDetail,
  'POST /ops/api/orders/:order_no/claim': order,
  'POST /ops/api/orders/:order_no/release': order,
  'POST /ops/api/orders/:order_no/preview': preview,
  'POST /ops/api/orders/:order_no/decide': decided,
  'POST /ops/api/orders/:order_no/counter-offer': orderDetail,
  'POST /ops/api/orders/:order_no/counter-offer/preview': obj({ amount: money, quote_amount: money, currency: str }),
  'POST /ops/api/orders/:order_no/refuse': refused,

  'GET /ops/api/appeals': appealQueue,
  'GET /ops/api/appeals/stats': appealStats,
  'GET /ops/api/appeals/:appeal_no': appealDetail,
  'POST /ops/api/appeals/:appeal_no/take': appealDetail,
  'POST /ops/api/appeals/:appeal_no/resolve': obj({ ...appealDetailFields, replayed: bool }),

  'GET /ops/api/withdrawals': arr(openWithdrawal),
  'POST /ops/api/withdrawals/:withdraw_no/send': obj({ ...withdrawalFields, note: opt(str) }),
  'POST /ops/api/withdrawals/export': str,
  'POST /ops/api/withdrawals/:withdraw_no/settle': obj({ ...withdrawalFields, replayed: bool }),

  'GET /ops/api/rails': arr(payoutRail),
  'POST /ops/api/rails/:code/delay': obj({ rail: payoutRail, changed: bool }),

  'GET /ops/api/channels': obj({ channels: officialChannelSettings }),
  'POST /ops/api/channels': obj({ channels: officialChannelSettings, changed: bool }),

  'POST /ops/api/corrections': obj({ approval, replayed: bool }),
  'GET /ops/api/coupons': arr(coupon),
  'POST /ops/api/coupons': obj({ coupon_id: num, code: str }),
  'POST /ops/api/coupons/:code/grant': obj({ granted: num }),
  'GET /ops/api/audit': arr(auditEntry),
  'GET /ops/api/ledger/balances': arr(obj({ account: str, currency: str, balance: money, accounts: num })),
  'GET /ops/api/ledger/check': obj({ ok: bool, breaches: arr(unknown) }),

  'GET /ops/api/approvals': arr(obj({ ...approvalFields(), requested_by_name: str })),
  'POST /ops/api/approvals/:id/approve': obj({ ...approvalFields(), replayed: bool }),
  'POST /ops/api/approvals/:id/reject': approval,

  'GET /ops/api/rates': rateTable,
  'POST /ops/api/rates': obj({
    effective_at: time,
    changes: arr(obj({ id: num, card_id: num, currency: str, old: str, new: str })),
  }),
  'GET /ops/api/rates/history': arr(rateChange),
  'POST /ops/api/rates/changes/:id/cancel': nothing,

  'GET /ops/api/users': arr(foundUser),
  'GET /ops/api/request-refs/:ref': arr(failedRequest),
  'GET /ops/api/users/:id': userDetail,
  'GET /ops/api/users/:id/links': arr(linkedAccount),
  'POST /ops/api/users/:id/freeze': none,
  'POST /ops/api/users/:id/unfreeze': none,
  'POST /ops/api/users/:id/end-hold': none,

  'GET /ops/api/kyc': arr(kycPending),
  'GET /ops/api/kyc/:id': kycRequest,
  'POST /ops/api/kyc/:id/reveal': obj({ id_number: str }),
  'POST /ops/api/kyc/:id/decide': none,

  'POST /ops/api/app-versions': obj({ id: num }),
  'POST /ops/api/promotions': obj({ id: num }),

  'GET /ops/api/dead-letters': arr(deadLetter),
  'POST /ops/api/dead-letters/:id/retry': nothing,

  'GET /ops/api/releases': releaseDashboard,
  'POST /ops/api/releases/promote': releaseOutcome,
  'POST /ops/api/releases/canary': releaseOutcome,
  'POST /ops/api/releases/rollback': releaseOutcome,
  'POST /ops/api/releases/drop': releaseOutcome,
  'POST /ops/api/releases/promote-when-healthy': nothing,
  'POST /ops/api/releases/check': nothing,
} as const satisfies Record<string, Schema<unknown>>;

/** The approval's fields, to extend (the schema functions build closures, not shapes). */
function approvalFields() {
  return {
    id: num,
    kind: oneOf('order_decision', 'correction'),
    target_id: str,
    requested_by: num,
    amount: money,
    currency: str,
    reason: str,
    status: oneOf('pending', 'approved', 'rejected'),
    decided_by: maybeNum,
    decided_at: maybeTime,
    decision_note: str,
    result: nullable(record(unknown)),
    /** What is carried out on approval: a decision's card lines and notes, or a correction. */
    payload: obj(
      {
        lines: opt(arr(unknown)),
        payout_note: opt(str),
        note: opt(str),
        user_id: opt(num),
        wallet_type: opt(num),
        amount: opt(str),
        reason: opt(str),
      },
      true,
    ),
    created_at: time,
  };
}

/** `METHOD /ops/api/path` of an operator route. */
export type OpsRoute = keyof typeof OPS_REPLIES;
/** The `data` of a route's success reply, as decoded. */
export type OpsReply<R extends OpsRoute> = Infer<(typeof OPS_REPLIES)[R]>;

export const isOpsRoute = (route: string): route is OpsRoute =>
  Object.prototype.hasOwnProperty.call(OPS_REPLIES, route);

/** A reply's `data` checked against its route's schema: the decoded value, or every place it does not match. */
export const checkOpsReply = <R extends OpsRoute>(route: R, data: unknown) =>
  parse(OPS_REPLIES[route] as Schema<OpsReply<R>>, data);

export type Order = Infer<typeof order>;
export type OrderDetail = Infer<typeof orderDetail>;
export type QueueOrder = Infer<typeof queueOrder>;
export type SellerSummary = Infer<typeof sellerSummary>;
export type Approval = Infer<typeof approval>;
export type StaffRole = Infer<typeof role>;
export type ReleaseDashboard = Infer<typeof releaseDashboard>;
export type ReleaseApp = Infer<typeof releaseApp>;
export type ReleaseHistoryLine = Infer<typeof releaseHistoryLine>;
