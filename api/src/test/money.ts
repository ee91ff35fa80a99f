import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { Queryable } from '../db/db.js';
import type { ClientKind } from '../lib/sign.js';
import { Ledger } from '../modules/ledger/ledger.js';
import { createStaff, staffSession, type Role } from '../modules/ops/staff.js';
import { totpCode, totpStep } from '../modules/ops/totp.js';
import { hashPassword } from '../shared/passwords.js';
import { newInviteCode } from '../modules/user/repo.js';
import type { TestApp } from './harness.js';
import { DevPayoutProvider } from '../modules/payment/provider.js';
import { nubanCheckDigit } from '../modules/payment/nuban.js';

/** The login password of every user makeUser makes (re-authenticated changes ask for it). */
export const TEST_PASSWORD = 'Test-login-2026';
let passwordHash: Promise<string> | undefined;

/** Helpers for the money suites: users and staff made directly, operator calls, funding. */
/**
 * A user with a session of its own. The session is a web one unless `client` names a native app,
 * whose fresh sessions may change the account without the password field (REAUTH_GRACE_MINUTES).
 */
export async function makeUser(
  t: TestApp,
  opts: { country?: number; email?: boolean; pin?: string; client?: ClientKind } = {},
): Promise<{ id: number; token: string; email: string }> {
  const email = `m${randomBytes(6).toString('hex')}@example.com`;
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const r = await t.db.query<{ id: number }>(
    `insert into users (username, email, email_verified, country_id, register_type, invite_code, password_hash, ` +
      `tpassword_hash) values ($1,$2,$3,$4,1,$5,$6,$7) returning id`,
    [
      email,
      email,
      opts.email ?? true,
      opts.country ?? 1,
      (newInviteCode() + randomBytes(2).toString('hex')).toUpperCase(),
      await passwordHash,
      opts.pin ? await hashPassword(opts.pin) : null,
    ],
  );
  const id = (r.rows[0] as { id: number }).id;
  const meta = { ip: '10.0.0.1', deviceNo: 'test', client: opts.client ?? 'web' };
  const token = await t.app.sessions.create(t.db, { userId: id, meta });
  return { id, token, email };
}

export async function makeStaff(t: TestApp, role: Role = 'admin'): Promise<{ id: number; token: string }> {
  const id = await createStaff(t.db, {
    email: `s${randomBytes(6).toString('hex')}@giftlane.ng`,
    name: `Staff ${role}`,
    role,
    password: 'correct horse battery',
  });
  return { id, token: await staffSession(t.db, id) };
}

/** A raw operator API call through the app, as a console would make it (no token). */
export async function opsPost<T = unknown>(
  t: TestApp,
  url: string,
  body: unknown,
  ip = '10.9.9.9',
): Promise<{ status: number; success: boolean; msg: string; data: T }> {
  const res = await t.app.inject({ method: 'POST', url, payload: body as Record<string, unknown>, remoteAddress: ip });
  return { status: res.statusCode, ...(res.json() as { success: boolean; msg: string; data: T }) };
}

/**
 * The whole operator sign-in: the password, then the authenticator code (enrolling on the first
 * sign-in with the secret the api hands out). Returns the session and the operator's secret.
 */
export async function staffLogin(t: TestApp, email: string, password: string, secret?: string, at = Date.now()) {
  const first = await opsPost<{ challenge: string; second_factor: 'totp' | 'enrol'; totp_secret?: string }>(
    t,
    '/ops/api/login',
    { email, password },
  );
  if (!first.success) return { ...first, token: '', secret: secret ?? '', recoveryCodes: [] as string[] };
  const key = first.data.totp_secret ?? secret;
  if (!key) throw new Error('staffLogin: this operator has enrolled: pass their secret');
  const second = await opsPost<{ token: string; recovery_codes?: string[] }>(t, '/ops/api/login/second-factor', {
    challenge: first.data.challenge,
    code: totpCode(key, totpStep(at)),
  });
  return {
    ...second,
    token: second.data?.token ?? '',
    secret: key,
    recoveryCodes: second.data?.recovery_codes ?? [],
    challenge: first.data.challenge,
  };
}

export async function opsCall<T = unknown>(
  t: TestApp,
  token: string,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
): Promise<{ status: number; success: boolean; msg: string; data: T }> {
  const res = await t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { payload: JSON.stringify(body) } : {}),
  });
  return { status: res.statusCode, ...(res.json() as { success: boolean; msg: string; data: T }) };
}

/** Credits a user's cash wallet through the ledger (a correction journal), as tests need money to move. */
export async function fund(
  q: Queryable,
  ledger: Ledger,
  userId: number,
  currency: string,
  amountMinor: bigint,
  key = `fund:${randomBytes(8).toString('hex')}`,
) {
  const user = await ledger.userAccount(q, { userId, kind: 'cash', currency });
  return ledger.transfer(q, {
    key,
    kind: 'correction',
    legs: [
      { account: user, amountMinor },
      { account: await ledger.platformAccount(q, 'corrections', currency), amountMinor: -amountMinor },
    ],
    memo: 'test funding',
  });
}

export const pngImage = (w = 64, h = 64) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();
export const jpegWithExif = () =>
  sharp({ create: { width: 80, height: 60, channels: 3, background: '#a37' } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Make: 'SecretPhoneCo', Copyright: 'GPS-LEAK' } } })
    .toBuffer();

/** Uploads an image through a presigned URL and returns its public URL. */
export async function upload(t: TestApp, token: string, data?: Buffer): Promise<string> {
  const urls = await t.call<{ objectName: string; url: string }[]>('/order/obsUrls', { token, image_count: '1' });
  const u = urls.data[0] as { url: string };
  const path = u.url.replace(t.config.publicUrl, '');
  const res = await t.app.inject({
    method: 'PUT',
    url: path,
    headers: { 'content-type': 'image/jpeg' },
    payload: data ?? (await pngImage()),
  });
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.body}`);
  return u.url.split('?')[0] as string;
}

/** A valid NUBAN for a bank code (check digit computed). */
/**
 * A seller's order with a photo, claimed by a reviewer (a new one, or `by`): the start of every
 * review, offer and appeal test. It locks a quote for card 1 at face 40 unless `quote` is false.
 */
export async function claimedOrder(t: TestApp, opts: { quote?: boolean; by?: { id: number; token: string } } = {}) {
  const seller = await makeUser(t);
  const photo = await upload(t, seller.token);
  const add = await t.call<{ order_no: string }>('/order/appadd', {
    token: seller.token,
    images: photo,
    user_memo: 'CODE-1',
    wallet_type: '1',
    ...(opts.quote === false ? {} : { card_id: '1', face_value: '40' }),
  });
  if (!add.success) throw new Error(`the order was refused: ${add.msg}`);
  const orderNo = add.data.order_no;
  const reviewer = opts.by ?? (await makeStaff(t, 'reviewer'));
  const claim = await opsCall(t, reviewer.token, 'POST', `/ops/api/orders/${orderNo}/claim`);
  if (!claim.success) throw new Error(`the claim was refused: ${claim.msg}`);
  return { seller, photo, reviewer, orderNo };
}

export { nubanCheckDigit } from '../modules/payment/nuban.js';

/**
 * Setup for suites about something else than verification: the user verified at `level` (default
 * 3, whose limits stay out of the way), in the name of their newest bank or mobile-money account
 * (so their withdrawals pass the name check), as the verification routes would leave them. The
 * verification itself is tested through its routes in kyc.test.ts.
 */
export async function verifyIdentity(
  t: TestApp,
  userId: number,
  opts: { level?: 1 | 2 | 3; name?: string } = {},
): Promise<string> {
  const acct = await t.db.query<{ account_name: string }>(
    "select account_name from payout_accounts where user_id = $1 and method <> 'USDT' and deleted_at is null order " +
      'by id desc limit 1',
    [userId],
  );
  const name = opts.name ?? acct.rows[0]?.account_name ?? 'Test Seller';
  const level = opts.level ?? 3;
  await t.db.query(
    'insert into kyc_checks (user_id, level, id_type, id_last4, name_on_record, status, decided_at) values ($1, 1, ' +
      "'bvn', '0000', $2, 'verified', now())",
    [userId, name],
  );
  await t.db.query('update users set kyc_level = $2, kyc_name = $3, kyc_verified_at = now() where id = $1', [
    userId,
    level,
    name,
  ]);
  return name;
}

/**
 * A NUBAN at `bankCode` whose holder, as the dev payout provider's look-up names it, is `name`
 * (found by trying serials from `from`): for suites that add a second account in a verified name.
 */
export async function accountNoNamed(name: string, bankCode = '044', from = 300_000_000): Promise<string> {
  const dev = new DevPayoutProvider();
  for (let serial = from; serial < from + 100_000; serial++) {
    const no = String(serial) + nubanCheckDigit(bankCode, String(serial));
    const r = await dev.resolveAccount({ code: bankCode, method: 'BANK', countryId: 1 }, no);
    if (r.ok && r.accountName === name) return no;
  }
  throw new Error(`no account named ${name}`);
}

/**
 * A verified seller with ₦50,000, a transaction password, a bank account and one pending withdrawal
 * of ₦20,000, each made through the api as a seller would (a step the api refuses fails the test).
 */
export async function sellerWithPendingWithdrawal(t: TestApp, ledger: Ledger) {
  const u = await makeUser(t);
  await t.db.tx((q) => fund(q, ledger, u.id, 'NGN', 50_000_00n));
  const step = <T>(what: string, r: { success: boolean; msg: string; data: T }): T => {
    if (!r.success) throw new Error(`${what}: ${r.msg}`);
    return r.data;
  };
  step(
    'setting the transaction password',
    await t.call('/withdraw/transactionPassword', {
      token: u.token,
      login_password: TEST_PASSWORD,
      password: '246810',
    }),
  );
  const added = step(
    'adding the bank account',
    await t.call<{ bank_id: number }>('/payment/add', {
      token: u.token,
      password: TEST_PASSWORD,
      t_password: '246810',
      payment_id: '1',
      bank_id: '107',
      account_no: '012345678' + nubanCheckDigit('058', '012345678'),
      account_name: '',
    }),
  );
  await verifyIdentity(t, u.id);
  const w = step(
    'withdrawing',
    await t.call<{ withdraw_no: string }>('/withdraw/apply', {
      token: u.token,
      bank_id: String(added.bank_id),
      amount: '20000',
      password: '246810',
      channel_type: '3',
    }),
  );
  return { ...u, bankId: added.bank_id, withdrawNo: w.withdraw_no };
}
