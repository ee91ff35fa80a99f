import { randomInt } from 'node:crypto';
import type { Queryable } from '../../db/db.js';
import type { Reference } from '../public/reference.js';

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

const SELECT = `select u.*, (select string_agg(provider, ',') from social_identities s where s.user_id = u.id) as providers from users u`;

export async function findUserById(q: Queryable, id: number): Promise<UserRow | null> {
  return (await q.query<UserRow>(`${SELECT} where u.id = $1 and u.status = 'active'`, [id])).rows[0] ?? null;
}

/** By e-mail, WhatsApp number (digits with dial code) or username: any one the user signs in with. */
/** Notes a sign-in's time on the account. */
export async function markSignedIn(q: Queryable, userId: number): Promise<void> {
  await q.query('update users set last_login_at = now() where id = $1', [userId]);
}

export async function findUserByLogin(q: Queryable, login: string, whatsappDigits: string | null): Promise<UserRow | null> {
  const r = await q.query<UserRow>(
    `${SELECT} where u.status = 'active' and (lower(u.email) = lower($1) or lower(u.username) = lower($1) or ($2::text is not null and u.whatsapp = $2)) limit 1`,
    [login, whatsappDigits],
  );
  return r.rows[0] ?? null;
}

const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const newInviteCode = () => Array.from({ length: 8 }, () => INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)]).join('');

export const isUniqueViolation = (err: unknown, constraint?: string) =>
  typeof err === 'object' && err !== null && (err as { code?: string }).code === '23505' && (!constraint || String((err as { constraint?: string }).constraint ?? (err as { message?: string }).message).includes(constraint));

export interface Balances {
  money: string;
  rebate_money: string;
  usd_rebate_money: string;
}

/** The user object of CONTRACT §3.3 (login, register, userInfo). */
export async function userView(ref: Reference, u: UserRow, balances: Balances, token?: string, couponNum = 0) {
  const country = await ref.country(u.country_id);
  const wallet = await ref.currency(country.wallet_currency);
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
