// Replies of the operator API as it sends them (the `data` of each route, shapes from
// shared-sdk/ops/replies.ts), for the console's screen tests. Each builder takes overrides.
import type { OpsReply, OpsRoute } from '@giftlane/shared-sdk/ops/replies';

type R<K extends OpsRoute> = OpsReply<K>;
type Item<T> = T extends (infer I)[] ? I : never;
type QueueItem = Item<R<'GET /ops/api/orders/queue'>['orders']>;
type Detail0 = R<'GET /ops/api/orders/:order_no'>;
type Seller = Detail0['seller'];
type Line = Item<Detail0['lines']>;
type OpenWithdrawal = Item<R<'GET /ops/api/withdrawals'>>;

export const T0 = '2026-11-26T08:00:00.000Z';

export const queueOrder = (o: Partial<QueueItem> = {}): QueueItem => ({
  order_no: 'GC100',
  user_id: 41,
  status: 1,
  status_desc: 'In review',
  currency: 'NGN',
  wallet_type: 1,
  images: ['/photos/a.png'],
  user_memo: 'CODE-1',
  card_id: 1,
  card_form: 'physical',
  quote: { card_id: 1, face_value: '100.00', rate: '1125.00', amount: '364000.00', vip_percent: '0' },
  amount: '0.00',
  claimed_by: null,
  created_at: T0,
  finished_at: null,
  refused_reason: '',
  payout_note: '',
  waiting_minutes: 75,
  claimed_by_name: null,
  brand: 'Apple / iTunes',
  awaiting_approval: false,
  approval_requested_by: null,
  approval_requested_by_name: null,
  waiting_for_seller: false,
  offer_expires_at: null,
  ...o,
});

export const seller = (o: Partial<Seller> = {}): Seller => ({
  id: 41,
  kyc_level: 1,
  created_at: '2026-08-01T10:00:00.000Z',
  account_age_days: 117,
  orders: {
    paid: { count: 3, amount: '523300.00' },
    partly: { count: 1, amount: '40000.00' },
    refused: { count: 2, amount: '0.00' },
    pending: { count: 0 },
  },
  withdrawals_frozen: false,
  withdrawals_frozen_reason: '',
  linked_accounts: 0,
  linked_referrals: 0,
  ...o,
});

export const orderDetail = (o: Partial<Detail0> = {}): Detail0 => {
  const queued = queueOrder({ claimed_by: 7 });
  const { waiting_minutes: _w, claimed_by_name: _c, brand: _b, awaiting_approval: _a, ...rest } = queued;
  const {
    approval_requested_by: _r,
    approval_requested_by_name: _n,
    waiting_for_seller: _ws,
    offer_expires_at: _oe,
    ...base
  } = rest;
  return {
    ...base,
    lines: [],
    timeline: [],
    fail_reasons: { used: 'The card has already been used', unclear: 'The photo is unclear' },
    offer_reasons: { other_denomination: 'The card is another denomination than the one you chose', other: 'Other' },
    counter_offer: null,
    seller: seller(),
    next_order_no: null,
    ...o,
  };
};

export const line = (o: Partial<Line> = {}): Line => ({
  seq: 1,
  card_id: 1,
  card_name: 'Apple / iTunes USD Physical card ($100–500)',
  code: 'X1',
  face_minor: '10000',
  rate_minor: '112500',
  amount_minor: '11250000',
  amount: '112500.00',
  status: 'success',
  fail_reason: '',
  proof_image: '',
  ...o,
});

export const rates = (o: Partial<R<'GET /ops/api/rates'>> = {}): R<'GET /ops/api/rates'> => ({
  currencies: ['NGN', 'GHS', 'USDT'],
  cards: [
    {
      card_id: 1,
      name: 'Apple / iTunes USD Physical card ($100–500)',
      brand: 'Apple / iTunes',
      card_currency: 'USD',
      form: 'physical',
      min_face: 100,
      max_face: 500,
      rates: { NGN: '1125.00', GHS: '9.00', USDT: '0.7250' },
    },
    {
      card_id: 2,
      name: 'Steam EUR E-code (€10–49)',
      brand: 'Steam',
      card_currency: 'EUR',
      form: 'ecode',
      min_face: 10,
      max_face: 49,
      rates: { NGN: '1185.00', GHS: '9.45', USDT: '0.7630' },
    },
  ],
  scheduled: [],
  ...o,
});

export const approval = (o: Partial<Item<R<'GET /ops/api/approvals'>>> = {}): Item<R<'GET /ops/api/approvals'>> => ({
  id: 5,
  kind: 'order_decision',
  target_id: 'GC200',
  requested_by: 7,
  amount: '523300.00',
  currency: 'NGN',
  reason: "above the seller's quote",
  status: 'pending',
  decided_by: null,
  decided_at: null,
  decision_note: '',
  result: null,
  payload: { lines: [{ status: 'success' }] },
  created_at: T0,
  requested_by_name: 'Ada Reviewer',
  ...o,
});

export const withdrawal = (o: Partial<OpenWithdrawal> = {}): OpenWithdrawal => ({
  withdraw_no: 'W900',
  user_id: 41,
  status: 'pending',
  status_desc: 'Pending',
  currency: 'NGN',
  amount: '2000.00',
  fee: '50.00',
  payout: '1950.00',
  method: 'BANK',
  bank_name: 'Access Bank',
  account_no: '0123456789',
  account_name: 'CHINEDU EMEKA OKAFOR',
  created_at: T0,
  settled_at: null,
  fail_reason: '',
  reference: '',
  settled_by: null,
  payout_channel: '',
  provider_ref: '',
  sent_at: null,
  sent_by: null,
  user_frozen: false,
  user_unverified: false,
  ...o,
});

type Detail = R<'GET /ops/api/users/:id'>;
type UserOverrides = { profile?: Partial<Detail['profile']> } & Partial<Omit<Detail, 'profile'>>;
export const userDetail = (o: UserOverrides = {}): Detail => ({
  balances: [{ wallet: 'local', currency: 'NGN', balance: '364000.00' }],
  ledger: [
    {
      id: 1,
      kind: 'order_credit',
      memo: 'Order GC100',
      actor: 'system',
      wallet: 'local',
      currency: 'NGN',
      amount: '364000.00',
      balance_after: '364000.00',
      created_at: T0,
    },
  ],
  orders: [
    {
      order_no: 'GC100',
      status: 2,
      currency: 'NGN',
      amount: '364000.00',
      quote: '360000.00',
      created_at: T0,
      finished_at: T0,
    },
  ],
  withdrawals: [],
  payout_accounts: [],
  sessions: [],
  security_events: [],
  ...o,
  profile: {
    id: 41,
    username: 'chinedu',
    email: 'chinedu@example.ng',
    email_verified: true,
    whatsapp: null,
    whatsapp_verified: false,
    phone: null,
    nickname: 'Chinedu',
    country_id: 1,
    status: 'active',
    vip_level: 1,
    vip_exp: '0',
    register_type: 1,
    referrer_id: null,
    created_at: '2026-08-01T10:00:00.000Z',
    last_login_at: T0,
    closed_at: null,
    withdraw_hold_until: null,
    withdraw_hold_reason: '',
    withdrawals_frozen_at: null,
    withdrawals_frozen_reason: '',
    has_pin: true,
    kyc_level: 1,
    kyc_name: 'CHINEDU EMEKA OKAFOR',
    ...o.profile,
  },
});

export const staffMember = (o: Partial<Item<R<'GET /ops/api/staff'>>> = {}): Item<R<'GET /ops/api/staff'>> => ({
  id: 2,
  email: 'bola@giftlane.ng',
  name: 'Bola',
  role: 'reviewer',
  status: 'active',
  second_factor: true,
  locked_until: null,
  recovery_codes_left: 10,
  created_at: T0,
  ...o,
});

export const coupon = (o: Partial<Item<R<'GET /ops/api/coupons'>>> = {}): Item<R<'GET /ops/api/coupons'>> => ({
  code: 'WELCOME',
  name: 'Welcome bonus',
  kind: 'fixed',
  value: '1500.00',
  currency: 'NGN',
  wallet_type: 1,
  minimum: '10000.00',
  valid_from: T0,
  valid_until: '2099-01-01T00:00:00.000Z',
  max_use: 1,
  grant_on_signup: true,
  active: true,
  holders: 12,
  uses: 4,
  ...o,
});

export const auditEntry = (o: Partial<Item<R<'GET /ops/api/audit'>>> = {}): Item<R<'GET /ops/api/audit'>> => ({
  id: '300',
  action: 'order.decide',
  target_type: 'order',
  target_id: 'GC100',
  reason: '',
  details: {},
  ip: '10.0.0.9',
  created_at: T0,
  staff: '7',
  staff_name: 'Ada Reviewer',
  ...o,
});

export const kycRequest = (o: Partial<R<'GET /ops/api/kyc/:id'>> = {}): R<'GET /ops/api/kyc/:id'> => ({
  id: 12,
  status: 'pending',
  reason: '',
  created_at: T0,
  decided_at: null,
  user: {
    id: 41,
    username: 'chinedu',
    email: 'chinedu@example.ng',
    kyc_level: 2,
    kyc_name: 'CHINEDU EMEKA OKAFOR',
    country: 'Nigeria',
    created_at: '2026-08-01T10:00:00.000Z',
  },
  id_record: {
    id_type: 'BVN',
    id_number: '222•••••222',
    date_of_birth: '1990-05-14',
    name_on_record: 'CHINEDU EMEKA OKAFOR',
    verified_at: T0,
  },
  selfie: '/kyc/selfie.png',
  document: '/kyc/document.png',
  address: '12 Allen Avenue, Ikeja, Lagos',
  ...o,
});
