import { randomInt } from 'node:crypto';
import type { Queryable } from '../../db/db.js';
import { batchedRead } from '../../db/read-batch.js';
import type { Reference } from '../../shared/reference.js';
import { usableCountOf } from '../coupon/repo.js';

export interface UserRow {
  id: number;
  username: string;
  email: string | null;
  email_verified: boolean;
  whatsapp: string | null;
  whatsapp_verified: boolean;
  phone: string | null;
  country_id: number;
  nickname: string;
  avatar: string;
  password_hash: string | null;
  tpassword_hash: string | null;
  register_type: number;
  channel_type: number;
  invite_code: string;
  vip_level: number;
  vip_exp: bigint;
  status: string;
  created_at: Date;
  last_login_at: Date | null;
  providers: string | null;
}

/** A user row's columns (UserRow), of `users u`. */
const USER_COLUMNS =
  "u.*, (select string_agg(provider, ',') from social_identities s where s.user_id = u.id) as providers";
const SELECT = `select ${USER_COLUMNS} from users u`;

/**
 * The statements' texts are built once, here and below: a text made at each call is hashed anew to find its prepared
 * statement.
 */
const BY_ID_SQL = `${SELECT} where u.id = $1 and u.status = 'active'`;

export async function findUserById(q: Queryable, id: number): Promise<UserRow | null> {
  return (await q.query<UserRow>(BY_ID_SQL, [id])).rows[0] ?? null;
}

/** One of a user's ledger accounts as the user object shows it: its posted balance (holds aside). */
export interface AccountBalance {
  kind: string;
  currency: string;
  balanceMinor: bigint;
}

/** What the user object shows beside the users row: the ledger accounts' balances and the usable coupons. */
export interface UserExtras {
  accounts: AccountBalance[];
  couponNum: number;
}

/** The user object's extras as columns over `user` (a parameter or a column), read in the statement that needs them. */
const extrasOf = (user: string) =>
  `(select coalesce(json_agg(json_build_object('kind', a.kind, 'currency', a.currency_code, ` +
  `'balance', a.balance_minor::text)), '[]') from ledger_accounts a where a.user_id = ${user}) as ledger_balances,
   (${usableCountOf(user)}) as coupon_num`;

type ExtrasColumns = { ledger_balances: { kind: string; currency: string; balance: string }[]; coupon_num: number };

const extrasFrom = (r: ExtrasColumns): UserExtras => ({
  accounts: r.ledger_balances.map((b) => ({ kind: b.kind, currency: b.currency, balanceMinor: BigInt(b.balance) })),
  couponNum: r.coupon_num,
});

/**
 * The user objects of several users at once: `batch_k` is a user's place in $1 (from 1). Through the pool, the reads
 * asked for in the same turn of the event loop go as one statement (ReadBatch).
 */
const VIEWS_BY_ID_SQL = `select k.k as batch_k, ${USER_COLUMNS}, ${extrasOf('u.id')}
    from unnest($1::int[]) with ordinality as k(id, k) join users u on u.id = k.id
   where u.status = 'active'`;

type UserView = { user: UserRow; extras: UserExtras };

async function findUserViewsById(q: Queryable, ids: number[]): Promise<(UserView | null)[]> {
  const r = await q.query<UserRow & ExtrasColumns & { batch_k: string }>(VIEWS_BY_ID_SQL, [ids]);
  const out: (UserView | null)[] = ids.map(() => null);
  for (const { batch_k, ledger_balances, coupon_num, ...user } of r.rows)
    out[Number(batch_k) - 1] = { user, extras: extrasFrom({ ledger_balances, coupon_num }) };
  return out;
}

const viewBatch = batchedRead<number, UserView | null>(findUserViewsById);

/** findUserById with the user object's extras, in one statement (the signed-in user's page reads it at every visit). */
export function findUserViewById(q: Queryable, id: number): Promise<UserView | null> {
  return viewBatch(q, id);
}

const EXTRAS_SQL = `select ${extrasOf('$1::int')}`;

/** The user object's extras of a user read already (a sign-in's), in one statement. */
export async function userExtras(q: Queryable, userId: number): Promise<UserExtras> {
  const r = await q.query<ExtrasColumns>(EXTRAS_SQL, [userId]);
  return extrasFrom(r.rows[0]!);
}

/** Notes a sign-in's time on the account. */
export async function markSignedIn(q: Queryable, userId: number): Promise<void> {
  await q.query('update users set last_login_at = now() where id = $1', [userId]);
}

const BY_LOGIN_SQL =
  `${SELECT} where u.status = 'active' and (lower(u.email) = lower($1) or lower(u.username) = lower($1) or ` +
  `($2::text is not null and u.whatsapp = $2)) limit 1`;

/** By e-mail, WhatsApp number (digits with dial code) or username: any one the user signs in with. */
export async function findUserByLogin(
  q: Queryable,
  login: string,
  whatsappDigits: string | null,
): Promise<UserRow | null> {
  const r = await q.query<UserRow>(BY_LOGIN_SQL, [login, whatsappDigits]);
  return r.rows[0] ?? null;
}

/**
 * Wrong passwords per sign-in name in PostgreSQL: counted across api processes and
 * whether or not Redis is there. A try reserves a failure before its comparison; a right password
 * gives it back.
 */
export const signInFailures = {
  /**
   * Reserves one failure in the name's window, atomically (one upsert): false when the window's
   * `max` are spent (nothing reserved). A window older than `windowMs` starts again.
   */
  async reserve(q: Queryable, login: string, max: number, windowMs: number, now: Date): Promise<boolean> {
    const r = await q.query(
      `insert into sign_in_failures (login, failures, window_start) values ($1, 1, $2)
       on conflict (login) do update
          set failures = case when sign_in_failures.window_start <= $3 then 1 else sign_in_failures.failures + 1 end,
              window_start = case when sign_in_failures.window_start <= $3 then $2 else ` +
        `sign_in_failures.window_start end
        where sign_in_failures.window_start <= $3 or sign_in_failures.failures < $4
       returning failures`,
      [login, now, new Date(now.getTime() - windowMs), max],
    );
    return r.rows.length === 1;
  },

  /** When the name's spent window ends (for the refusal's "try again in N minutes"). */
  async windowEnd(q: Queryable, login: string, windowMs: number): Promise<Date | null> {
    const r = await q.query<{ window_start: Date }>('select window_start from sign_in_failures where login = $1', [
      login,
    ]);
    const start = r.rows[0]?.window_start;
    return start ? new Date(start.getTime() + windowMs) : null;
  },

  /** Gives back a reserved failure: the password was right. */
  async release(q: Queryable, login: string): Promise<void> {
    await q.query('update sign_in_failures set failures = greatest(failures - 1, 0) where login = $1', [login]);
  },

  /** Forgets windows that ended (names nobody uses would otherwise pile up). */
  async purge(q: Queryable, windowMs: number, now: Date): Promise<void> {
    await q.query('delete from sign_in_failures where window_start <= $1', [new Date(now.getTime() - windowMs)]);
  },
};

const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** The SQL of accounts: who uses an address, sign-up, profile changes, and closing. */
export const accountRepo = {
  /** The active accounts that sign in with this e-mail address (lower case) or WhatsApp number (digits). */
  async activeIdsBy(q: Queryable, by: 'email' | 'whatsapp', address: string): Promise<number[]> {
    const r = await q.query<{ id: number }>(
      by === 'email'
        ? "select id from users where lower(email) = $1 and status = 'active'"
        : "select id from users where whatsapp = $1 and status = 'active'",
      [address],
    );
    return r.rows.map((x) => x.id);
  },

  /** The active account that signs in with this address. */
  async activeIdBy(q: Queryable, by: 'email' | 'whatsapp', address: string): Promise<number | null> {
    return (await accountRepo.activeIdsBy(q, by, address))[0] ?? null;
  },

  /** Whether an active account other than exceptUserId uses this address. */
  async inUse(q: Queryable, by: 'email' | 'whatsapp', address: string, exceptUserId?: number): Promise<boolean> {
    return (await accountRepo.activeIdsBy(q, by, address)).some((id) => id !== exceptUserId);
  },

  /** The active account whose invite code this is. */
  async byInviteCode(q: Queryable, code: string): Promise<number | null> {
    return (
      (
        await q.query<{ id: number }>("select id from users where invite_code = upper($1) and status = 'active'", [
          code,
        ])
      ).rows[0]?.id ?? null
    );
  },

  async create(
    q: Queryable,
    u: {
      username: string;
      email: string | null;
      emailVerified: boolean;
      whatsapp: string | null;
      whatsappVerified: boolean;
      countryId: number;
      nickname: string;
      passwordHash: string;
      registerType: number;
      channelType: number;
      deviceNo: string;
      inviteCode: string;
      referrerId: number | null;
    },
  ): Promise<number> {
    const r = await q.query<{ id: number }>(
      `insert into users (username, email, email_verified, whatsapp, whatsapp_verified, country_id, nickname, ` +
        `password_hash,
                          register_type, channel_type, device_no, invite_code, referrer_id, last_login_at)
       values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13, now()) returning id`,
      [
        u.username,
        u.email,
        u.emailVerified,
        u.whatsapp,
        u.whatsappVerified,
        u.countryId,
        u.nickname,
        u.passwordHash,
        u.registerType,
        u.channelType,
        u.deviceNo,
        u.inviteCode,
        u.referrerId,
      ],
    );
    return r.rows[0]!.id;
  },

  /** A new password; a reset (clearLock) also clears the re-authentication lock. */
  async setPassword(q: Queryable, id: number, hash: string, clearLock: boolean): Promise<void> {
    await q.query(
      clearLock
        ? 'update users set password_hash = $2, password_failures = 0, password_locked_until = null where id = $1'
        : 'update users set password_hash = $2 where id = $1',
      [id, hash],
    );
  },

  async setNickname(q: Queryable, id: number, nickname: string): Promise<void> {
    await q.query('update users set nickname = $2 where id = $1', [id, nickname]);
  },

  async setAvatar(q: Queryable, id: number, url: string): Promise<void> {
    await q.query('update users set avatar = $2 where id = $1', [id, url]);
  },

  async setUsername(q: Queryable, id: number, username: string): Promise<void> {
    await q.query('update users set username = $2 where id = $1', [id, username]);
  },

  async setPhone(q: Queryable, id: number, phone: string): Promise<void> {
    await q.query('update users set phone = $2 where id = $1', [id, phone]);
  },

  async setWhatsapp(q: Queryable, id: number, digits: string): Promise<void> {
    await q.query('update users set whatsapp = $2, whatsapp_verified = true where id = $1', [id, digits]);
  },

  /** A verified e-mail address; an e-mail sign-up's username is its e-mail, so it follows the address. */
  async setEmail(q: Queryable, id: number, address: string): Promise<void> {
    await q.query(
      'update users set email = $2, email_verified = true, username = case when lower(username) = ' +
        "lower(coalesce(email, '')) then $2 else username end where id = $1",
      [id, address],
    );
  },

  /** Locks the user row until the transaction ends (changes that must not interleave). */
  async lock(q: Queryable, id: number): Promise<void> {
    await q.query('select id from users where id = $1 for update', [id]);
  },

  /** Closes the account: personal data erased, social sign-ins unbound. */
  async close(q: Queryable, id: number): Promise<void> {
    await q.query(
      `update users set status = 'closed', closed_at = now(), username = 'closed-' || id, email = null, ` +
        `email_verified = false,
             whatsapp = null, whatsapp_verified = false, phone = null, nickname = '', avatar = '', password_hash = null,
             tpassword_hash = null, device_no = '' where id = $1`,
      [id],
    );
    await q.query('delete from social_identities where user_id = $1', [id]);
  },
};

export const newInviteCode = () =>
  Array.from({ length: 8 }, () => INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)]).join('');

export const isUniqueViolation = (err: unknown, constraint?: string) =>
  typeof err === 'object' &&
  err !== null &&
  (err as { code?: string }).code === '23505' &&
  (!constraint ||
    String((err as { constraint?: string }).constraint ?? (err as { message?: string }).message).includes(constraint));

export interface Balances {
  money: string;
  rebate_money: string;
  usd_rebate_money: string;
}

/** The user object of CONTRACT §3.3 (login, register, userInfo). */
export async function userView(
  ref: Reference,
  input: { user: UserRow; balances: Balances; token?: string; couponNum?: number },
) {
  const { user: u, balances, token, couponNum = 0 } = input;
  const tables = await ref.tables();
  const country = tables.country(u.country_id);
  const wallet = tables.currency(country.wallet_currency);
  const providers = new Set((u.providers ?? '').split(',').filter(Boolean));
  const unix = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : 0);
  return {
    user_id: u.id,
    ...(token ? { token } : {}),
    username: u.username,
    nickname: u.nickname,
    avatar: u.avatar,
    email: u.email ?? '',
    whatsapp: u.whatsapp ? `+${u.whatsapp}` : '',
    phone: u.phone ?? '',
    country_id: u.country_id,
    country_name: country.name,
    country_logo_image: country.flag,
    currency_name: wallet.code,
    currency_symbol: wallet.symbol,
    channel_type: u.channel_type,
    register_type: u.register_type,
    vip_level: u.vip_level,
    vip_exp: Number(u.vip_exp),
    ...balances,
    withdrawal_method: country.withdrawal_method,
    money_detail: country.money_detail,
    is_email_bind: Boolean(u.email) && u.email_verified,
    whatsapp_bind: Boolean(u.whatsapp) && u.whatsapp_verified,
    google_bind: providers.has('google'),
    facebook_bind: providers.has('facebook'),
    apple_bind: providers.has('apple'),
    password_null: !u.password_hash,
    t_password_null: !u.tpassword_hash,
    invite_code: u.invite_code,
    register_time: unix(u.created_at),
    last_login_time: unix(u.last_login_at),
    point: 0,
    coupon_num: couponNum,
    charge_discount: 0,
  };
}
