import { createHash } from 'node:crypto';
import type { Queryable } from '../../db/db.js';
import { AppError } from '../../lib/envelope.js';

/**
 * The ledger: the only code that moves money (CONVENTIONS, house rule 4). Double entry in integer
 * minor units. Vocabulary, one meaning per word:
 * - account: a balance of one currency, a user's (cash, reward) or the platform's;
 * - journal: one money movement, a set of postings that sums to zero, with an idempotency key;
 * - posting: one signed line of a journal on one account (positive = the account gains);
 * - hold: money reserved for a withdrawal, moved to withdrawals_in_flight by a hold journal and
 *   later posted (paid out) or released (returned) by exactly one settle journal.
 * The UI's "frozen" amount is the sum of a user's open holds.
 */

export type UserAccountKind = 'cash' | 'reward';
export type PlatformAccountKind =
  | 'trade_payouts'
  | 'promotions'
  | 'withdrawals_in_flight'
  | 'withdrawals_paid'
  | 'fees'
  | 'corrections'
  | 'compensation';
export type JournalKind =
  | 'order_credit'
  | 'withdraw_hold'
  | 'withdraw_post'
  | 'withdraw_release'
  | 'correction'
  | 'reward'
  | 'reward_transfer'
  | 'delay_compensation';

export interface Account {
  id: bigint;
  userId: number | null;
  kind: UserAccountKind | PlatformAccountKind;
  currency: string;
}

export interface Leg {
  account: Account;
  amountMinor: bigint;
}

export interface TransferInput {
  /** Unique per money movement; a retry with the same key and parameters returns the first result. */
  key: string;
  kind: JournalKind;
  legs: Leg[];
  /** Parameters of the request beyond the legs, hashed with them to refuse a key reused for something else. */
  params?: Record<string, unknown>;
  refType?: string;
  refId?: string;
  memo?: string;
  actor?: string;
}

export interface TransferResult {
  journalId: bigint;
  /** True when the key had been used before with the same parameters: nothing moved this time. */
  replayed: boolean;
}

export const LEDGER_MESSAGES = {
  insufficient: 'Insufficient balance',
  keyReused: 'This request key was already used for a different request',
  alreadySettled: 'This withdrawal has already been settled',
} as const;

/** A programming error in a money path: never shown to users (the error handler hides it). */
export class LedgerInvariantError extends Error {
  constructor(message: string) {
    super(`ledger invariant: ${message}`);
    this.name = 'LedgerInvariantError';
  }
}

function assert(cond: unknown, message: string): asserts cond {
  if (!cond) throw new LedgerInvariantError(message);
}

/** JSON with bigints as strings and keys sorted, so equal parameters hash equally. */
export function stableJson(v: unknown): string {
  if (typeof v === 'bigint') return JSON.stringify(v.toString());
  if (Array.isArray(v)) return `[${v.map(stableJson).join(',')}]`;
  if (v && typeof v === 'object') {
    const entries = Object.entries(v as Record<string, unknown>)
      .filter(([, x]) => x !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, x]) => `${JSON.stringify(k)}:${stableJson(x)}`).join(',')}}`;
  }
  return JSON.stringify(v ?? null);
}

export const paramsHash = (v: unknown) => createHash('sha256').update(stableJson(v)).digest('hex');

const isUser = (a: Account) => a.userId !== null;

export class Ledger {
  /** Platform account ids never change once created: remembered per process. */
  private readonly platform = new Map<string, Account>();

  /**
   * Locks an account's row until the transaction ends and answers its balance: whatever moves money
   * from it (a withdrawal) takes this first, so its checks see every earlier movement.
   */
  async lockBalance(q: Queryable, account: Account): Promise<bigint> {
    return (
      (
        await q.query<{ balance_minor: bigint }>('select balance_minor from ledger_accounts where id = $1 for update', [
          account.id,
        ])
      ).rows[0]?.balance_minor ?? 0n
    );
  }

  /** The user's account of this kind and currency, created on first use. */
  async userAccount(
    q: Queryable,
    { userId, kind, currency }: { userId: number; kind: UserAccountKind; currency: string },
  ): Promise<Account> {
    const found = await q.query<{ id: bigint }>(
      'select id from ledger_accounts where kind = $1 and user_id = $2 and currency_code = $3',
      [kind, userId, currency],
    );
    if (found.rows[0]) return { id: found.rows[0].id, userId, kind, currency };
    await q.query(
      `insert into ledger_accounts (kind, user_id, currency_code) values ($1, $2, $3)
       on conflict (kind, coalesce(user_id, 0), currency_code) do nothing`,
      [kind, userId, currency],
    );
    const r = await q.query<{ id: bigint }>(
      'select id from ledger_accounts where kind = $1 and user_id = $2 and currency_code = $3',
      [kind, userId, currency],
    );
    assert(r.rows[0], 'user account not created');
    return { id: r.rows[0].id, userId, kind, currency };
  }

  async platformAccount(q: Queryable, kind: PlatformAccountKind, currency: string): Promise<Account> {
    const cacheKey = `${kind}:${currency}`;
    const hit = this.platform.get(cacheKey);
    if (hit) return hit;
    const select = () =>
      q.query<{ id: bigint }>(
        'select id from ledger_accounts where kind = $1 and user_id is null and currency_code = $2',
        [kind, currency],
      );
    let r = await select();
    // Only an account found without creating it is remembered: one created inside a transaction
    // that later rolls back would leave a dangling id. The migration creates them all up front.
    const existed = Boolean(r.rows[0]);
    if (!existed) {
      await q.query(
        `insert into ledger_accounts (kind, user_id, currency_code) values ($1, null, $2)
         on conflict (kind, coalesce(user_id, 0), currency_code) do nothing`,
        [kind, currency],
      );
      r = await select();
    }
    assert(r.rows[0], 'platform account not created');
    const account: Account = { id: r.rows[0].id, userId: null, kind, currency };
    if (existed) this.platform.set(cacheKey, account);
    return account;
  }

  /** Forget cached platform accounts (when a transaction that created one rolled back). */
  forgetPlatformAccounts(): void {
    this.platform.clear();
  }

  /**
   * Moves money: one journal, its postings, and the new balances of the user accounts, in the
   * caller's transaction. User accounts are locked in ascending id order (no deadlocks between two
   * journals), checked non-negative before anything is written (the CHECK constraint backs it up),
   * and the journal must sum to zero in every currency.
   */
  async transfer(q: Queryable, input: TransferInput): Promise<TransferResult> {
    const { legs } = input;
    assert(legs.length >= 2, 'a journal needs at least two postings');
    assert(input.key.length > 0 && input.key.length <= 200, 'idempotency key length');
    const perCurrency = new Map<string, bigint>();
    for (const l of legs) {
      assert(typeof l.amountMinor === 'bigint' && l.amountMinor !== 0n, 'a posting moves a non-zero bigint amount');
      perCurrency.set(l.account.currency, (perCurrency.get(l.account.currency) ?? 0n) + l.amountMinor);
    }
    for (const [cur, sum] of perCurrency) assert(sum === 0n, `journal does not sum to zero in ${cur} (${sum})`);

    const hash = paramsHash({
      kind: input.kind,
      legs: legs.map((l) => [l.account.id, l.amountMinor]),
      params: input.params ?? {},
    });
    const inserted = await q.query<{ id: bigint }>(
      `insert into ledger_journals (idempotency_key, params_hash, kind, ref_type, ref_id, memo, actor)
       values ($1, $2, $3, $4, $5, $6, $7) on conflict (idempotency_key) do nothing returning id`,
      [input.key, hash, input.kind, input.refType ?? '', input.refId ?? '', input.memo ?? '', input.actor ?? 'system'],
    );
    const journalId = inserted.rows[0]?.id;
    if (journalId === undefined) {
      const prior = await q.query<{ id: bigint; params_hash: string }>(
        'select id, params_hash from ledger_journals where idempotency_key = $1',
        [input.key],
      );
      const p = prior.rows[0];
      assert(p, 'conflicting journal vanished');
      if (p.params_hash !== hash) throw new AppError(LEDGER_MESSAGES.keyReused);
      return { journalId: p.id, replayed: true };
    }

    // Lock the user accounts this journal touches, in ascending id order.
    const userIds = [...new Set(legs.filter((l) => isUser(l.account)).map((l) => l.account.id))].sort((a, b) =>
      a < b ? -1 : a > b ? 1 : 0,
    );
    const balances = new Map<bigint, bigint>();
    if (userIds.length) {
      const locked = await q.query<{ id: bigint; balance_minor: bigint }>(
        'select id, balance_minor from ledger_accounts where id = any($1::bigint[]) order by id for update',
        [userIds.map(String)],
      );
      assert(locked.rows.length === userIds.length, 'user account missing');
      for (const r of locked.rows) balances.set(r.id, r.balance_minor);
    }

    const rows: { account: bigint; amount: bigint; after: bigint | null }[] = [];
    for (const l of legs) {
      if (!isUser(l.account)) {
        rows.push({ account: l.account.id, amount: l.amountMinor, after: null });
        continue;
      }
      const next = (balances.get(l.account.id) as bigint) + l.amountMinor;
      if (next < 0n) throw new AppError(LEDGER_MESSAGES.insufficient);
      balances.set(l.account.id, next);
      rows.push({ account: l.account.id, amount: l.amountMinor, after: next });
    }
    await q.query(
      `insert into ledger_postings (journal_id, account_id, amount_minor, balance_after_minor)
       select $1, a, m, b from unnest($2::bigint[], $3::bigint[], $4::bigint[]) as t(a, m, b)`,
      [
        journalId,
        rows.map((r) => String(r.account)),
        rows.map((r) => String(r.amount)),
        rows.map((r) => (r.after === null ? null : String(r.after))),
      ],
    );
    if (balances.size) {
      const ids = [...balances.keys()];
      await q.query(
        `update ledger_accounts a set balance_minor = t.b from unnest($1::bigint[], $2::bigint[]) as t(id, b) where ` +
          `a.id = t.id`,
        [ids.map(String), ids.map((id) => String(balances.get(id)))],
      );
    }
    return { journalId, replayed: false };
  }

  /** Reserves money on a user's account for a withdrawal: moved to withdrawals_in_flight at once. */
  async hold(
    q: Queryable,
    input: {
      key: string;
      account: Account;
      amountMinor: bigint;
      params?: Record<string, unknown>;
      refType?: string;
      refId?: string;
      memo?: string;
      actor?: string;
    },
  ): Promise<{ holdId: bigint; journalId: bigint; replayed: boolean }> {
    assert(input.account.userId !== null, 'only a user account is held');
    assert(input.amountMinor > 0n, 'a hold is positive');
    const inFlight = await this.platformAccount(q, 'withdrawals_in_flight', input.account.currency);
    const t = await this.transfer(q, {
      key: input.key,
      kind: 'withdraw_hold',
      legs: [
        { account: input.account, amountMinor: -input.amountMinor },
        { account: inFlight, amountMinor: input.amountMinor },
      ],
      params: input.params,
      refType: input.refType,
      refId: input.refId,
      memo: input.memo,
      actor: input.actor,
    });
    if (t.replayed) {
      const h = await q.query<{ id: bigint }>('select id from ledger_holds where hold_journal_id = $1', [t.journalId]);
      assert(h.rows[0], 'replayed hold has no hold row');
      return { holdId: h.rows[0].id, journalId: t.journalId, replayed: true };
    }
    const h = await q.query<{ id: bigint }>(
      'insert into ledger_holds (account_id, amount_minor, hold_journal_id) values ($1, $2, $3) returning id',
      [input.account.id, input.amountMinor, t.journalId],
    );
    return { holdId: (h.rows[0] as { id: bigint }).id, journalId: t.journalId, replayed: false };
  }

  /**
   * Settles a hold exactly once: 'post' pays it out (the fee, if any, goes to the fees account),
   * 'release' returns it to the user. Settling again the same way is a no-op that reports
   * replayed; settling the other way is refused.
   */
  async settleHold(
    q: Queryable,
    input: {
      holdId: bigint;
      outcome: 'post' | 'release';
      feeMinor?: bigint;
      reason?: string;
      actor?: string;
      refType?: string;
      refId?: string;
    },
  ): Promise<{ replayed: boolean }> {
    const { holdId, outcome, ...opts } = input;
    const r = await q.query<{
      id: bigint;
      account_id: bigint;
      amount_minor: bigint;
      status: string;
      user_id: number;
      currency_code: string;
    }>(
      `select h.id, h.account_id, h.amount_minor, h.status, a.user_id, a.currency_code
         from ledger_holds h join ledger_accounts a on a.id = h.account_id where h.id = $1 for update of h`,
      [holdId],
    );
    const h = r.rows[0];
    assert(h, `hold ${holdId} not found`);
    const want = outcome === 'post' ? 'posted' : 'released';
    if (h.status !== 'held') {
      if (h.status === want) return { replayed: true };
      throw new AppError(LEDGER_MESSAGES.alreadySettled);
    }
    const fee = outcome === 'post' ? (opts.feeMinor ?? 0n) : 0n;
    assert(fee >= 0n && fee < h.amount_minor, 'fee must be below the held amount');
    const cur = h.currency_code;
    const inFlight = await this.platformAccount(q, 'withdrawals_in_flight', cur);
    const user: Account = { id: h.account_id, userId: h.user_id, kind: 'cash', currency: cur };
    const legs: Leg[] =
      outcome === 'post'
        ? [
            { account: inFlight, amountMinor: -h.amount_minor },
            { account: await this.platformAccount(q, 'withdrawals_paid', cur), amountMinor: h.amount_minor - fee },
            ...(fee > 0n ? [{ account: await this.platformAccount(q, 'fees', cur), amountMinor: fee }] : []),
          ]
        : [
            { account: inFlight, amountMinor: -h.amount_minor },
            { account: user, amountMinor: h.amount_minor },
          ];
    const t = await this.transfer(q, {
      key: `hold:${holdId}:settle`,
      kind: outcome === 'post' ? 'withdraw_post' : 'withdraw_release',
      legs,
      params: { outcome },
      refType: opts.refType,
      refId: opts.refId,
      memo: opts.reason ?? '',
      actor: opts.actor,
    });
    assert(!t.replayed, 'an open hold already had a settle journal');
    await q.query(
      'update ledger_holds set status = $2, settle_journal_id = $3, settled_at = now(), reason = $4 where id = $1',
      [holdId, want, t.journalId, opts.reason ?? ''],
    );
    return { replayed: false };
  }

  /** Balances of a user's accounts: posted balance and the open holds, per kind and currency. */
  async userBalances(
    q: Queryable,
    userId: number,
  ): Promise<{ kind: UserAccountKind; currency: string; balanceMinor: bigint; heldMinor: bigint }[]> {
    const r = await q.query<{
      kind: UserAccountKind;
      currency_code: string;
      balance_minor: bigint;
      held_minor: bigint;
    }>(
      `select a.kind, a.currency_code, a.balance_minor,
              coalesce((select sum(h.amount_minor) from ledger_holds h where h.account_id = a.id and h.status = ` +
        `'held'), 0)::bigint as held_minor
         from ledger_accounts a where a.user_id = $1`,
      [userId],
    );
    return r.rows.map((x) => ({
      kind: x.kind,
      currency: x.currency_code,
      balanceMinor: x.balance_minor,
      heldMinor: x.held_minor,
    }));
  }
}
