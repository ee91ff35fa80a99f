// The SQL of payout accounts: the banks, networks and USDT chains one can be paid to, and each
// user's saved accounts (at most one default per wallet, soft-deleted so withdrawals keep them).
import type { Queryable } from '../../db/db.js';
import { AppError } from '../../lib/envelope.js';

export interface BankRow {
  id: number;
  country_id: number;
  method: 'BANK' | 'MOMO' | 'USDT';
  code: string;
  name: string;
  nuban: boolean;
  logo: string;
}

export interface SavedAccountRow {
  id: bigint;
  method: string;
  bank_name: string;
  logo: string;
  account_no: string;
  account_name: string;
  is_default: boolean;
  /** The payout rail the account's money travels on (banks.rail). */
  rail: string;
}

/** SQL: the account's wallet is the same as that of method $2 (USDT, or local). */
const SAME_WALLET = "(method = 'USDT') = ($2 = 'USDT')";

export const paymentRepo = {
  async bank(q: Queryable, id: number, notFound: string): Promise<BankRow> {
    const r = await q.query<BankRow>(
      'select id, country_id, method, code, name, nuban, logo from banks where id = $1',
      [id],
    );
    if (!r.rows[0]) throw new AppError(notFound);
    return r.rows[0];
  },

  /** A country's banks and networks (not USDT chains), of one method or all. */
  async banksOf(q: Queryable, countryId: number, method: string | null): Promise<BankRow[]> {
    const r = await q.query<BankRow>(
      `select id, country_id, method, code, name, nuban, logo from banks where country_id = $1 and method <> 'USDT' ` +
        `and ($2::text is null or method = $2) order by sort`,
      [countryId, method],
    );
    return r.rows;
  },

  async chains(q: Queryable) {
    return (
      await q.query<Pick<BankRow, 'id' | 'code' | 'name'>>(
        "select id, code, name from banks where method = 'USDT' order by sort",
      )
    ).rows;
  },

  /** A user's account list changes one request at a time: their user row is locked until the transaction ends. */
  async lockOwner(q: Queryable, userId: number): Promise<void> {
    await q.query('select id from users where id = $1 for update', [userId]);
  },

  async saved(q: Queryable, userId: number) {
    return (
      await q.query<{ id: bigint; is_default: boolean; method: string }>(
        'select id, is_default, method from payout_accounts where user_id = $1 and deleted_at is null',
        [userId],
      )
    ).rows;
  },

  async isSaved(q: Queryable, userId: number, bankId: number, accountNo: string): Promise<boolean> {
    return (
      (
        await q.query(
          'select 1 from payout_accounts where user_id = $1 and bank_id = $2 and account_no = $3 and deleted_at ' +
            'is null',
          [userId, bankId, accountNo],
        )
      ).rows.length > 0
    );
  },

  async save(
    q: Queryable,
    a: {
      userId: number;
      method: string;
      bankId: number;
      accountNo: string;
      accountName: string;
      isDefault: boolean;
      usableFrom: Date | null;
    },
  ): Promise<bigint> {
    const r = await q.query<{ id: bigint }>(
      'insert into payout_accounts (user_id, method, bank_id, account_no, account_name, is_default, usable_from) ' +
        'values ($1,$2,$3,$4,$5,$6,$7) returning id',
      [a.userId, a.method, a.bankId, a.accountNo, a.accountName, a.isDefault, a.usableFrom],
    );
    return r.rows[0]!.id;
  },

  /** A user's saved accounts, every method, the default first. */
  async list(q: Queryable, userId: number): Promise<SavedAccountRow[]> {
    const r = await q.query<SavedAccountRow>(
      `select p.id, p.method, b.name as bank_name, b.logo, p.account_no, p.account_name, p.is_default, b.rail
         from payout_accounts p join banks b on b.id = p.bank_id
        where p.user_id = $1 and p.deleted_at is null order by p.is_default desc, p.id`,
      [userId],
    );
    return r.rows;
  },

  /** One of the user's saved accounts (row-locked when asked). */
  async account(q: Queryable, userId: number, id: number, lock = false) {
    const r = await q.query<{ method: string; is_default: boolean }>(
      `select method, is_default from payout_accounts where id = $1 and user_id = $2 and deleted_at is ` +
        `null${lock ? ' for update' : ''}`,
      [id, userId],
    );
    return r.rows[0];
  },

  /** Makes an account the default of its wallet. */
  async makeDefault(q: Queryable, userId: number, id: number, method: string): Promise<void> {
    await q.query(
      `update payout_accounts set is_default = false where user_id = $1 and deleted_at is null and ${SAME_WALLET} ` +
        `and is_default`,
      [userId, method],
    );
    await q.query('update payout_accounts set is_default = true where id = $1', [id]);
  },

  async hasOpenWithdrawal(q: Queryable, id: number): Promise<boolean> {
    return (
      (
        await q.query(
          "select 1 from withdrawals where payout_account_id = $1 and status in ('pending', 'processing') limit 1",
          [id],
        )
      ).rows.length > 0
    );
  },

  async remove(q: Queryable, id: number): Promise<void> {
    await q.query('update payout_accounts set deleted_at = now(), is_default = false where id = $1', [id]);
  },

  /** The oldest remaining account of a wallet becomes its default. */
  async promoteOldest(q: Queryable, userId: number, method: string): Promise<void> {
    await q.query(
      `update payout_accounts set is_default = true where id = (select id from payout_accounts where user_id = $1 ` +
        `and deleted_at is null and ${SAME_WALLET} order by id limit 1)`,
      [userId, method],
    );
  },
};
