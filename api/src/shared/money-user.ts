import type { Queryable } from '../db/db.js';
import { AppError, Codes, TOKEN_INVALID } from '../lib/envelope.js';
import type { Country, Currency, RefTables, Reference } from './reference.js';

export interface MoneyUser {
  id: number;
  country: Country;
  /** The currency of wallet_type 1 (NGN, GHS, or USDT where we have no local rails). */
  local: Currency;
  usdt: Currency;
  vipLevel: number;
  tpasswordHash: string | null;
  email: string | null;
}

/** The columns of the users row a money user is made of. */
export interface MoneyUserRow {
  id: number;
  country_id: number;
  vip_level: number;
  tpassword_hash: string | null;
  email: string | null;
}

/** The signed-in user with what the money routes need: country, wallet currencies, VIP level. */
export async function moneyUser(q: Queryable, deps: { ref: Reference }, userId: number): Promise<MoneyUser> {
  const r = await q.query<MoneyUserRow>(
    "select id, country_id, vip_level, tpassword_hash, email from users where id = $1 and status = 'active'",
    [userId],
  );
  return moneyUserOf(deps, r.rows[0]);
}

/** moneyUser over the active user's row read already (undefined: no such active user). */
export async function moneyUserOf(deps: { ref: Reference }, u: MoneyUserRow | undefined): Promise<MoneyUser> {
  return moneyUserIn(await deps.ref.tables(), u);
}

/** moneyUserOf with the reference tables in hand. */
export function moneyUserIn(tables: RefTables, u: MoneyUserRow | undefined): MoneyUser {
  if (!u) throw new AppError(TOKEN_INVALID, Codes.token);
  const country = tables.country(u.country_id);
  return {
    id: u.id,
    country,
    local: tables.currency(country.wallet_currency),
    usdt: tables.currency('USDT'),
    vipLevel: u.vip_level,
    tpasswordHash: u.tpassword_hash,
    email: u.email,
  };
}

export const walletCurrency = (u: MoneyUser, walletType: number) => (walletType === 2 ? u.usdt : u.local);

/** Which wallet a payout method pays from: USDT addresses from USDT, banks and mobile money from local. */
export const walletTypeOfMethod = (u: MoneyUser, method: string) =>
  method === 'USDT' ? (u.local.code === 'USDT' ? 1 : 2) : 1;
