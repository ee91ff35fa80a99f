// The SQL of a seller's withdrawals: the default payout account, a withdrawal's replay and its
// duplicates, today's count and total, the insert, and what the reply shows after it.
import type { Queryable } from '../../db/db.js';
import { batchedRead } from '../../db/read-batch.js';
import { ORDER_STATUS } from '@giftlane/shared-sdk/statuses';

export interface PayoutTarget {
  id: bigint;
  method: string;
  account_no: string;
  account_name: string;
  bank_name: string;
}

export interface WithdrawRow {
  id: bigint;
  withdraw_no: string;
  user_id: number;
  payout_account_id: bigint;
  wallet_type: number;
  currency_code: string;
  amount_minor: bigint;
  fee_minor: bigint;
  status: 'pending' | 'processing' | 'paid' | 'failed';
  hold_id: bigint;
  bank_name: string;
  account_no: string;
  account_name: string;
  method: string;
  idempotency_key: string | null;
  params_hash: string;
  fail_reason: string;
  reference: string;
  settled_by: string;
  created_at: Date;
  settled_at: Date | null;
  payout_channel: '' | 'bank_upload' | 'dev' | 'paystack';
  provider_ref: string;
  sent_at: Date | null;
  sent_by: string;
  /** When it is promised to be paid (null for a withdrawal made before promises were stored). */
  promised_at: Date | null;
  breach_noticed_at: Date | null;
}

/** A saved payout account, with when it may first be paid to (null: at once). */
export interface PayoutAccountRow {
  id: bigint;
  method: string;
  account_no: string;
  bank_name: string;
  account_name: string;
  bank_logo: string;
  usable_from: Date | null;
}

/** One wallet currency's row of withdrawRepo.standing. */
export interface StandingRow {
  /** The wallet currency; null only when the user's country is not among the wallets given. */
  code: string | null;
  id: number;
  country_id: number;
  vip_level: number;
  tpassword_hash: string | null;
  email: string | null;
  /** The user's orders being checked. */
  pending_orders: number;
  kyc_level: number;
  kyc_name: string;
  withdraw_hold_until: Date | null;
  withdraw_hold_reason: string;
  withdrawals_frozen_at: Date | null;
  withdrawals_frozen_reason: string;
  day_end: Date;
  today_n: number;
  today_total: bigint;
  kyc_used: bigint;
  unsettled_n: number;
  unsettled_promised: Date | null;
  balances: { kind: string; currency: string; balanceMinor: bigint; heldMinor: bigint }[];
  accounts: PayoutAccountRow[];
}

/** The rows of withdrawRepo.standing's statement, before their JSON columns are read. */
type StandingWire = Omit<StandingRow, 'balances' | 'accounts'> & {
  k: string;
  balances: { kind: string; currency: string; balance: string; held: string }[];
  accounts: {
    id: string;
    method: string;
    account_no: string;
    bank_name: string;
    account_name: string;
    bank_logo: string;
    usable_from: string | null;
  }[];
};

/**
 * withdrawRepo.standing's statement for several users at once: `k` is a user's place in $1 (from 1), so that a user
 * asked for twice gets their rows twice. Each user's part reads as the statement for one user would.
 */
const STANDING_SQL = `with u as materialized (
     select k.k, u.id, u.country_id, u.vip_level, u.tpassword_hash, u.email, u.kyc_level, u.kyc_name,
            u.withdraw_hold_until, u.withdraw_hold_reason, u.withdrawals_frozen_at, u.withdrawals_frozen_reason,
            (select count(*)::int from orders o where o.user_id = u.id and o.status = $3) as pending_orders,
            (select coalesce(json_agg(json_build_object('kind', a.kind, 'currency', a.currency_code,
                      'balance', a.balance_minor::text,
                      'held', coalesce((select sum(h.amount_minor) from ledger_holds h
                                         where h.account_id = a.id and h.status = 'held'), 0)::text)), '[]')
               from ledger_accounts a where a.user_id = u.id) as balances,
            (select coalesce(json_agg(json_build_object('id', p.id::text, 'method', p.method,
                      'account_no', p.account_no, 'bank_name', b.name, 'account_name', p.account_name,
                      'bank_logo', b.logo, 'usable_from', p.usable_from) order by p.is_default desc, p.id), '[]')
               from payout_accounts p join banks b on b.id = p.bank_id
              where p.user_id = u.id and p.deleted_at is null) as accounts,
            $2::jsonb -> (u.country_id::text) ->> 'zone' as zone,
            $2::jsonb -> (u.country_id::text) -> 'currencies' as currencies
       from unnest($1::int[]) with ordinality as k(id, k)
       join users u on u.id = k.id
      where u.status = 'active'
   )
   select u.k, c.code, u.id, u.country_id, u.vip_level, u.tpassword_hash, u.email, u.kyc_level, u.kyc_name,
          u.withdraw_hold_until, u.withdraw_hold_reason, u.withdrawals_frozen_at, u.withdrawals_frozen_reason,
          date_trunc('day', now()) + interval '1 day' as day_end,
          w.today_n, w.today_total, w.kyc_used, w.unsettled_n, w.unsettled_promised,
          u.pending_orders, u.balances, u.accounts
     from u
     left join lateral jsonb_array_elements_text(u.currencies) with ordinality as c(code, i) on true
    cross join lateral (
      select count(*) filter (where x.status <> 'failed' and x.created_at > date_trunc('day', now()))::int
               as today_n,
             coalesce(sum(x.amount_minor) filter (where x.status <> 'failed'
               and x.created_at > date_trunc('day', now())), 0)::bigint as today_total,
             coalesce(sum(x.amount_minor) filter (where x.status <> 'failed'
               and (x.created_at >= (date_trunc('day', now() at time zone u.zone) at time zone u.zone)
                    or x.status in ('pending', 'processing'))), 0)::bigint as kyc_used,
             count(*) filter (where x.status in ('pending', 'processing'))::int as unsettled_n,
             max(x.promised_at) filter (where x.status in ('pending', 'processing')) as unsettled_promised
        from withdrawals x
       where x.user_id = u.id and x.currency_code = c.code
         and (x.status in ('pending', 'processing')
              or x.created_at >= least(date_trunc('day', now()),
                                       date_trunc('day', now() at time zone u.zone) at time zone u.zone))
    ) w
    order by u.k, c.i`;

/** The standings of several users (one result per user asked, in order), read by one statement. */
async function standings(q: Queryable, wallets: string, userIds: number[]): Promise<StandingRow[][]> {
  const r = await q.query<StandingWire>(STANDING_SQL, [userIds, wallets, ORDER_STATUS.pending]);
  const out: StandingRow[][] = userIds.map(() => []);
  for (const { k, ...x } of r.rows)
    out[Number(k) - 1]!.push({
      ...x,
      balances: x.balances.map((b) => ({
        kind: b.kind,
        currency: b.currency,
        balanceMinor: BigInt(b.balance),
        heldMinor: BigInt(b.held),
      })),
      accounts: x.accounts.map((a) => ({
        ...a,
        id: BigInt(a.id),
        usable_from: a.usable_from === null ? null : new Date(a.usable_from),
      })),
    });
  return out;
}

/**
 * A standing through the pool joins the others asked for in the same turn (ReadBatch), of the same reference data's
 * `wallets` (which changes only when the countries do).
 */
const standingBatch = batchedRead<{ userId: number; wallets: string }, StandingRow[]>(
  (q, keys) =>
    standings(
      q,
      keys[0]!.wallets,
      keys.map((k) => k.userId),
    ),
  (k) => k.wallets,
);

export const withdrawRepo = {
  /** The user's saved payout account, share-locked so it cannot be deleted under the withdrawal. */
  async lockTarget(q: Queryable, userId: number, accountId: number): Promise<PayoutTarget | undefined> {
    const r = await q.query<PayoutTarget>(
      `select p.id, p.method, p.account_no, p.account_name, k.name as bank_name from payout_accounts p join banks k ` +
        `on k.id = p.bank_id
        where p.id = $1 and p.user_id = $2 and p.deleted_at is null for share of p`,
      [accountId, userId],
    );
    return r.rows[0];
  },

  async byKey(q: Queryable, userId: number, key: string): Promise<WithdrawRow | undefined> {
    return (
      await q.query<WithdrawRow>('select * from withdrawals where user_id = $1 and idempotency_key = $2', [userId, key])
    ).rows[0];
  },

  /**
   * Whether the same amount went to the same account without a key in the last windowS seconds (a failed one aside).
   */
  async recentTwin(
    q: Queryable,
    userId: number,
    accountId: bigint,
    amountMinor: bigint,
    windowS: number,
  ): Promise<boolean> {
    const r = await q.query(
      `select 1 from withdrawals where user_id = $1 and payout_account_id = $2 and amount_minor = $3 and ` +
        `idempotency_key is null
          and status <> 'failed' and created_at > now() - make_interval(secs => $4) limit 1`,
      [userId, accountId, amountMinor, windowS],
    );
    return r.rows.length > 0;
  },

  /** The user's saved payout accounts, with when each may first be paid to (null: at once). */
  async accounts(q: Queryable, userId: number) {
    const r = await q.query<PayoutAccountRow>(
      `select p.id, p.method, p.account_no, b.name as bank_name, p.account_name, b.logo as bank_logo, p.usable_from ` +
        `from payout_accounts p join banks b on b.id = p.bank_id where p.user_id = $1 and p.deleted_at is null ` +
        `order by p.is_default desc, p.id`,
      [userId],
    );
    return r.rows;
  },

  /** Withdrawals of a currency not yet paid or failed: how many, and the latest promised time. */
  async unsettled(q: Queryable, userId: number, currency: string): Promise<{ n: number; promised: Date | null }> {
    const r = await q.query<{ n: number; promised: Date | null }>(
      `select count(*)::int as n, max(promised_at) as promised from withdrawals
        where user_id = $1 and currency_code = $2 and status in ('pending', 'processing')`,
      [userId, currency],
    );
    return r.rows[0] ?? { n: 0, promised: null };
  },

  /** When the server day of the platform's daily limits (today() below) ends. */
  async dayEnd(q: Queryable): Promise<Date> {
    const r = await q.query<{ at: Date }>("select date_trunc('day', now()) + interval '1 day' as at");
    return (r.rows[0] as { at: Date }).at;
  },

  /** Today's (server day) withdrawals of a currency that did not fail: how many, and their total. */
  async today(q: Queryable, userId: number, currency: string): Promise<{ n: number; total: bigint }> {
    const r = await q.query<{ n: number; total: bigint }>(
      `select count(*)::int as n, coalesce(sum(amount_minor), 0)::bigint as total from withdrawals
        where user_id = $1 and currency_code = $2 and status <> 'failed' and created_at > date_trunc('day', now())`,
      [userId, currency],
    );
    return r.rows[0] ?? { n: 0, total: 0n };
  },

  /**
   * Everything a money standing reads about one active user, in one statement (one snapshot), a row per wallet
   * currency of the user's country in the order given: the money user's columns (moneyUser's read), what
   * `withdrawalBlock`, `accounts`, `kycUser`, `today`, `dayEnd`, the KYC day's use in the country's zone (kyc's
   * `withdrawnToday`), `unsettled` and the ledger's `userBalances` each read, with the same conditions, and the orders
   * being checked. `wallets` (JSON, perCountryJson): per country id, its wallet currencies and time zone, as the
   * reference data says them, so that the statement looks the user's country up in it. No row: no such active user;
   * one row whose `code` is null: the user's country is not in `wallets`. Through the pool, the standings asked for
   * in the same turn of the event loop are read by one statement (standingBatch).
   */
  standing(q: Queryable, input: { userId: number; wallets: string }): Promise<StandingRow[]> {
    return standingBatch(q, input);
  },

  async insert(
    q: Queryable,
    w: {
      withdrawNo: string;
      userId: number;
      target: PayoutTarget;
      walletType: number;
      currency: string;
      amountMinor: bigint;
      feeMinor: bigint;
      holdId: bigint;
      key: string | null;
      hash: string;
      /** The promise: paid within this many minutes of now. */
      promiseMinutes: number;
    },
  ): Promise<WithdrawRow> {
    const r = await q.query<WithdrawRow>(
      `insert into withdrawals (withdraw_no, user_id, payout_account_id, wallet_type, currency_code, amount_minor, ` +
        `fee_minor, hold_id, bank_name, account_no, account_name, method, idempotency_key, params_hash, promised_at)
       values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14, now() + make_interval(mins => $15)) returning *`,
      [
        w.withdrawNo,
        w.userId,
        w.target.id,
        w.walletType,
        w.currency,
        w.amountMinor,
        w.feeMinor,
        w.holdId,
        w.target.bank_name,
        w.target.account_no,
        w.target.account_name,
        w.target.method,
        w.key,
        w.hash,
        w.promiseMinutes,
      ],
    );
    return r.rows[0] as WithdrawRow;
  },

  /**
   * What the reply to a withdrawal shows beside it: the wallet's balance, its money-log entry, whether it was the
   * first, whether WhatsApp is bound.
   */
  async afterApply(q: Queryable, userId: number, w: WithdrawRow) {
    const [bal, first, wa] = await Promise.all([
      q.query<{ balance_minor: bigint; log_id: bigint | null }>(
        `select a.balance_minor, (select p.id from ledger_postings p join ledger_holds h on h.hold_journal_id = ` +
          `p.journal_id where h.id = $2 and p.account_id = a.id) as log_id
           from ledger_accounts a where a.user_id = $1 and a.kind = 'cash' and a.currency_code = $3`,
        [userId, w.hold_id, w.currency_code],
      ),
      // An earlier one or not (one index probe), not a count of them all: a busy wallet has thousands.
      q.query<{ earlier: boolean }>(
        'select exists (select 1 from withdrawals where user_id = $1 and id < $2) as earlier',
        [userId, w.id],
      ),
      q.query<{ whatsapp_verified: boolean }>('select whatsapp_verified from users where id = $1', [userId]),
    ]);
    return {
      balanceMinor: bal.rows[0]?.balance_minor ?? 0n,
      logId: Number(bal.rows[0]?.log_id ?? 0),
      first: first.rows[0]?.earlier === false,
      whatsapp: Boolean(wa.rows[0]?.whatsapp_verified),
    };
  },

  /** A withdrawal's outcome, once (the caller holds its row lock). */
  async settle(
    q: Queryable,
    id: bigint,
    s: { status: 'paid' | 'failed'; failReason: string; reference: string; by: string },
  ): Promise<WithdrawRow> {
    const r = await q.query<WithdrawRow>(
      'update withdrawals set status = $2, settled_at = now(), fail_reason = $3, reference = $4, settled_by = $5 ' +
        'where id = $1 returning *',
      [id, s.status, s.failReason, s.reference, s.by],
    );
    return r.rows[0] as WithdrawRow;
  },
};
