// The SQL of the referral programme: who invited whom, the rewards they earned, and the ranking.
import type { Queryable } from '../../db/db.js';
import type { LinkKind } from './links.js';

export interface RewardRow {
  id: bigint;
  amount_minor: bigint;
  balance_after_minor: bigint;
  created_at: Date;
  journal_kind: string;
  memo: string;
  rr_kind: 'first' | 'trade' | null;
  trade_minor: bigint | null;
  trade_currency: string | null;
  nickname: string | null;
  friend_email?: string | null;
  friend_status: string | null;
}

/** Which reward entries a list shows: all, moves to cash, first-sale or per-sale rewards (none: an unknown type). */
export type RewardKind = 'all' | 'transfer' | 'first' | 'trade' | 'none';
const KIND_FILTER: Record<RewardKind, string> = {
  all: 'true',
  transfer: "j.kind = 'reward_transfer'",
  first: "rr.kind = 'first'",
  trade: "rr.kind = 'trade'",
  none: 'false',
};

export const referralRepo = {
  /** Why a friend's sales earn their inviter nothing (a link between the two accounts), if they do not. */
  async refusal(q: Queryable, refereeId: number): Promise<LinkKind | null> {
    const r = await q.query<{ link: LinkKind }>('select link from referral_refusals where referee_id = $1', [
      refereeId,
    ]);
    return r.rows[0]?.link ?? null;
  },

  /** Records that a friend's sales earn nothing, once (the first link found stays the reason). */
  async refuse(q: Queryable, refereeId: number, referrerId: number, link: LinkKind): Promise<void> {
    await q.query(
      'insert into referral_refusals (referee_id, referrer_id, link) values ($1, $2, $3) on conflict (referee_id) ' +
        'do nothing',
      [refereeId, referrerId, link],
    );
  },

  async inviteSummary(q: Queryable, userId: number) {
    const r = await q.query<{ invite_code: string; friends: number; earning: number }>(
      `select u.invite_code,
              (select count(*)::int from users f where f.referrer_id = u.id) as friends,
              (select count(distinct referee_id)::int from referral_rewards where referrer_id = u.id) as earning
         from users u where u.id = $1`,
      [userId],
    );
    return r.rows[0]!;
  },

  /** The friends a user invited, newest first, with what each earned them in a currency. */
  async friends(q: Queryable, userId: number, currency: string, page: number, size: number) {
    const r = await q.query<{
      id: number;
      nickname: string;
      email: string | null;
      avatar: string;
      status: string;
      created_at: Date;
      earned: bigint;
      sales: number;
      refused: boolean;
    }>(
      `select f.id, f.nickname, f.email, f.avatar, f.status, f.created_at,
              coalesce(sum(rr.amount_minor) filter (where rr.currency_code = $2), 0)::bigint as earned, ` +
        `count(rr.id)::int as sales,
              exists (select 1 from referral_refusals x where x.referee_id = f.id) as refused
         from users f left join referral_rewards rr on rr.referee_id = f.id and rr.referrer_id = $1
        where f.referrer_id = $1 group by f.id order by f.id desc offset $3 limit $4`,
      [userId, currency, page * size, size],
    );
    return r.rows;
  },

  /** Like friends, with how many of each friend's rewards are not yet moved to cash. */
  async friendRewards(q: Queryable, userId: number, currency: string, page: number, size: number) {
    const r = await q.query<{
      id: number;
      nickname: string;
      avatar: string;
      status: string;
      created_at: Date;
      earned: bigint;
      rewards: number;
      unmoved: number;
      refused: boolean;
    }>(
      `select f.id, f.nickname, f.avatar, f.status, f.created_at,
              coalesce(sum(rr.amount_minor) filter (where rr.currency_code = $2), 0)::bigint as earned,
              count(rr.id)::int as rewards, count(rr.id) filter (where rr.moved_at is null)::int as unmoved,
              exists (select 1 from referral_refusals x where x.referee_id = f.id) as refused
         from users f left join referral_rewards rr on rr.referee_id = f.id and rr.referrer_id = $1
        where f.referrer_id = $1 group by f.id order by f.id desc offset $3 limit $4`,
      [userId, currency, page * size, size],
    );
    return r.rows;
  },

  /** A page of the reward wallet's postings in a currency, newest first. */
  async rewardEntries(
    q: Queryable,
    userId: number,
    currency: string,
    kind: RewardKind,
    page: number,
    size: number,
  ): Promise<RewardRow[]> {
    const r = await q.query<RewardRow>(
      `select p.id, p.amount_minor, p.balance_after_minor, p.created_at, j.kind as journal_kind, j.memo,
              rr.kind as rr_kind, rr.trade_minor, rr.trade_currency, f.nickname, f.email as friend_email, f.status ` +
        `as friend_status
         from ledger_postings p
         join ledger_accounts a on a.id = p.account_id
         join ledger_journals j on j.id = p.journal_id
         left join referral_rewards rr on rr.journal_id = j.id
         left join users f on f.id = rr.referee_id
        where a.user_id = $1 and a.kind = 'reward' and a.currency_code = $2 and ${KIND_FILTER[kind]}
        order by p.id desc offset $3 limit $4`,
      [userId, currency, page * size, size],
    );
    return r.rows;
  },

  /** The reward wallet's balance and all it ever earned in a currency, and the number of friends. */
  async rewardTotals(q: Queryable, userId: number, currency: string) {
    const r = await q.query<{ balance: bigint | null; earned: bigint; friends: number }>(
      `select (select balance_minor from ledger_accounts where user_id = $1 and kind = 'reward' and currency_code = ` +
        `$2) as balance,
              (select coalesce(sum(p.amount_minor), 0)::bigint from ledger_postings p join ledger_accounts a on ` +
        `a.id = p.account_id
                where a.user_id = $1 and a.kind = 'reward' and a.currency_code = $2 and p.amount_minor > 0) as earned,
              (select count(*)::int from users where referrer_id = $1) as friends`,
      [userId, currency],
    );
    return r.rows[0]!;
  },

  /** The ten inviters who earned most in a currency. */
  async topInviters(q: Queryable, currency: string) {
    const r = await q.query<{
      user_id: number;
      nickname: string;
      invite_code: string;
      status: string;
      total: bigint;
      cnt: number;
      rank: number;
    }>(
      `with totals as (
         select rr.referrer_id as user_id, sum(rr.amount_minor)::bigint as total, count(distinct ` +
        `rr.referee_id)::int as cnt
           from referral_rewards rr where rr.currency_code = $1 group by rr.referrer_id)
       select t.user_id, u.nickname, u.invite_code, u.status, t.total, t.cnt, (rank() over (order by t.total desc, ` +
        `t.user_id))::int as rank
         from totals t join users u on u.id = t.user_id
        order by t.total desc, t.user_id limit 10`,
      [currency],
    );
    return r.rows;
  },

  /** A user's own earnings, place and friends in a currency's ranking. */
  async myStanding(q: Queryable, userId: number, currency: string) {
    const r = await q.query<{
      total: bigint;
      cnt: number;
      rank: number | null;
      friends: number;
      invite_code: string;
      nickname: string;
    }>(
      `select coalesce((select sum(amount_minor) from referral_rewards where referrer_id = $1 and currency_code = ` +
        `$2), 0)::bigint as total,
              (select count(distinct referee_id)::int from referral_rewards where referrer_id = $1 and ` +
        `currency_code = $2) as cnt,
              (select count(*)::int + 1 from (select referrer_id from referral_rewards where currency_code = $2 ` +
        `group by referrer_id
                 having sum(amount_minor) > coalesce((select sum(amount_minor) from referral_rewards where ` +
        `referrer_id = $1 and currency_code = $2), 0)) x) as rank,
              (select count(*)::int from users where referrer_id = $1) as friends,
              u.invite_code, u.nickname
         from users u where u.id = $1`,
      [userId, currency],
    );
    return r.rows[0]!;
  },

  // Rewards as they are earned, swept and claimed (in the transaction that moves the money).

  /** The active inviter of a seller (never the seller themself), with what names the friend to them. */
  async activeInviterOf(q: Queryable, sellerId: number) {
    const r = await q.query<{ referrer_id: number; country_id: number; nickname: string; email: string | null }>(
      `select inv.id as referrer_id, inv.country_id, s.nickname, s.email from users s join users inv on inv.id = ` +
        `s.referrer_id
        where s.id = $1 and inv.status = 'active' and inv.id <> s.id`,
      [sellerId],
    );
    return r.rows[0];
  },

  async inviterOf(q: Queryable, userId: number): Promise<number | null> {
    return (
      (await q.query<{ referrer_id: number | null }>('select referrer_id from users where id = $1', [userId])).rows[0]
        ?.referrer_id ?? null
    );
  },

  async hasFirstReward(q: Queryable, refereeId: number): Promise<boolean> {
    const r = await q.query("select 1 from referral_rewards where referee_id = $1 and kind = 'first'", [refereeId]);
    return r.rows.length > 0;
  },

  async insertReward(
    q: Queryable,
    r: {
      referrerId: number;
      refereeId: number;
      orderId: bigint;
      kind: 'first' | 'trade';
      currency: string;
      amountMinor: bigint;
      tradeMinor: bigint;
      tradeCurrency: string;
      journalId: bigint;
    },
  ): Promise<void> {
    await q.query(
      `insert into referral_rewards (referrer_id, referee_id, order_id, kind, currency_code, amount_minor, ` +
        `trade_minor, trade_currency, journal_id)
       values ($1,$2,$3,$4,$5,$6,$7,$8,$9)`,
      [
        r.referrerId,
        r.refereeId,
        r.orderId,
        r.kind,
        r.currency,
        r.amountMinor,
        r.tradeMinor,
        r.tradeCurrency,
        r.journalId,
      ],
    );
  },

  /** Everything a user has earned from referrals in one currency. */
  async earnedTotal(q: Queryable, userId: number, currency: string): Promise<bigint> {
    const r = await q.query<{ total: bigint }>(
      'select coalesce(sum(amount_minor), 0)::bigint as total from referral_rewards where referrer_id = $1 and ' +
        'currency_code = $2',
      [userId, currency],
    );
    return r.rows[0]?.total ?? 0n;
  },

  /** The rewards still in the reward wallet, in one currency. */
  async unmovedTotal(q: Queryable, userId: number, currency: string): Promise<bigint> {
    const r = await q.query<{ total: bigint }>(
      'select coalesce(sum(amount_minor), 0)::bigint as total from referral_rewards where referrer_id = $1 and ' +
        'currency_code = $2 and moved_at is null',
      [userId, currency],
    );
    return r.rows[0]?.total ?? 0n;
  },

  /** A currency in which a friend's sales left rewards still in the reward wallet. */
  async unmovedCurrencyOf(q: Queryable, userId: number, friendId: number): Promise<string | undefined> {
    const r = await q.query<{ currency_code: string }>(
      'select distinct currency_code from referral_rewards where referrer_id = $1 and referee_id = $2 and moved_at ' +
        'is null',
      [userId, friendId],
    );
    return r.rows[0]?.currency_code;
  },

  /** A friend's rewards still in the reward wallet, oldest first, locked. */
  async lockUnmoved(
    q: Queryable,
    userId: number,
    friendId: number,
    currency: string,
  ): Promise<{ id: bigint; amount_minor: bigint }[]> {
    const r = await q.query<{ id: bigint; amount_minor: bigint }>(
      'select id, amount_minor from referral_rewards where referrer_id = $1 and referee_id = $2 and currency_code = ' +
        '$3 and moved_at is null order by id for update',
      [userId, friendId, currency],
    );
    return r.rows;
  },

  /** A ledger account's balance as this transaction sees it. */
  async accountBalance(q: Queryable, accountId: bigint): Promise<bigint> {
    return (
      (await q.query<{ balance_minor: bigint }>('select balance_minor from ledger_accounts where id = $1', [accountId]))
        .rows[0]?.balance_minor ?? 0n
    );
  },

  /** Locks a ledger account's row (before the rewards' rows: the order the sweep locks in). */
  async lockAccount(q: Queryable, accountId: bigint): Promise<void> {
    await q.query('select id from ledger_accounts where id = $1 for update', [accountId]);
  },

  /** Every reward of a user in one currency left the reward wallet with this journal. */
  async markAllMoved(q: Queryable, userId: number, currency: string, journalId: bigint): Promise<void> {
    await q.query(
      'update referral_rewards set moved_at = now(), moved_journal_id = $3 where referrer_id = $1 and currency_code ' +
        '= $2 and moved_at is null',
      [userId, currency, journalId],
    );
  },

  async markMoved(q: Queryable, rewardIds: bigint[], journalId: bigint): Promise<void> {
    await q.query('update referral_rewards set moved_at = now(), moved_journal_id = $2 where id = any($1::bigint[])', [
      rewardIds.map(String),
      journalId,
    ]);
  },
};
