import { ORDER_CREDITED, ORDER_UNCREDITED } from '@giftlane/shared-sdk/statuses';
import type { Queryable } from '../../db/db.js';

export interface Breach {
  invariant: string;
  detail: string;
}

/**
 * Every invariant of the ledger, checked over the whole database. Each query returns the rows that
 * break one invariant; an empty result everywhere means the books balance.
 */
const CHECKS: { invariant: string; sql: string }[] = [
  {
    invariant: 'every journal has postings and sums to zero in each currency',
    sql: `select j.id::text as detail from ledger_journals j
            left join ledger_postings p on p.journal_id = j.id
            left join ledger_accounts a on a.id = p.account_id
           group by j.id, a.currency_code
          having count(p.id) = 0 or coalesce(sum(p.amount_minor), 0) <> 0`,
  },
  {
    invariant: 'every journal has at least two postings',
    sql:
      `select j.id::text as detail from ledger_journals j left join ledger_postings p on p.journal_id = j.id ` +
      `group by j.id having count(p.id) < 2`,
  },
  {
    invariant: 'all money sums to zero per currency',
    sql:
      `select a.currency_code || ': ' || sum(p.amount_minor) as detail from ledger_postings p join ` +
      `ledger_accounts a on a.id = p.account_id
           group by a.currency_code having sum(p.amount_minor) <> 0`,
  },
  {
    invariant: 'a user account balance equals the sum of its postings and is not negative',
    sql: `select a.id || ': cached ' || a.balance_minor || ' vs postings ' || coalesce(sum(p.amount_minor), 0) as detail
            from ledger_accounts a left join ledger_postings p on p.account_id = a.id
           where a.user_id is not null group by a.id
          having a.balance_minor <> coalesce(sum(p.amount_minor), 0) or a.balance_minor < 0`,
  },
  {
    invariant: "each user posting's balance_after is the running sum of the account's postings",
    sql:
      `select id || ' on account ' || account_id as detail from (
            select p.id, p.account_id, p.balance_after_minor, sum(p.amount_minor) over (partition by p.account_id ` +
      `order by p.id) as running
              from ledger_postings p join ledger_accounts a on a.id = p.account_id where a.user_id is not null) x
           where balance_after_minor is distinct from running or running < 0`,
  },
  {
    invariant: 'platform accounts keep no cached balance and their postings no balance_after',
    sql: `select a.id::text as detail from ledger_accounts a left join ledger_postings p on p.account_id = a.id
           where a.user_id is null and (a.balance_minor <> 0 or p.balance_after_minor is not null) group by a.id`,
  },
  {
    invariant: 'withdrawals in flight equal the open holds, per currency',
    sql:
      `select a.currency_code || ': in flight ' || coalesce(sum(p.amount_minor), 0) || ' vs held ' ||
                 coalesce((select sum(h.amount_minor) from ledger_holds h join ledger_accounts u on u.id = h.account_id
                            where h.status = 'held' and u.currency_code = a.currency_code), 0) as detail
            from ledger_accounts a left join ledger_postings p on p.account_id = a.id
           where a.kind = 'withdrawals_in_flight' group by a.currency_code
          having coalesce(sum(p.amount_minor), 0) <> coalesce((select sum(h.amount_minor) from ledger_holds h join ` +
      `ledger_accounts u on u.id = h.account_id
                            where h.status = 'held' and u.currency_code = a.currency_code), 0)`,
  },
  {
    invariant: 'a hold journal moves exactly the held amount from the held account',
    sql:
      `select h.id::text as detail from ledger_holds h
           where not exists (select 1 from ledger_postings p where p.journal_id = h.hold_journal_id and ` +
      `p.account_id = h.account_id and p.amount_minor = -h.amount_minor)
              or (select count(*) from ledger_postings p where p.journal_id = h.hold_journal_id) <> 2`,
  },
  {
    invariant: 'a settled hold has its settle journal of the right kind; an open one has none',
    sql:
      `select h.id::text as detail from ledger_holds h left join ledger_journals j on j.id = h.settle_journal_id
           where (h.status = 'held' and (h.settle_journal_id is not null or exists (select 1 from ledger_journals x ` +
      `where x.idempotency_key = 'hold:' || h.id || ':settle')))
              or (h.status = 'posted' and j.kind is distinct from 'withdraw_post')
              or (h.status = 'released' and (j.kind is distinct from 'withdraw_release'
                  or not exists (select 1 from ledger_postings p where p.journal_id = j.id and p.account_id = ` +
      `h.account_id and p.amount_minor = h.amount_minor)))`,
  },
  {
    invariant: 'a withdrawal status matches its hold (pending/processing = held, paid = posted, failed = released)',
    sql:
      `select w.withdraw_no as detail from withdrawals w join ledger_holds h on h.id = w.hold_id
           where not ((w.status in ('pending', 'processing') and h.status = 'held') or (w.status = 'paid' and ` +
      `h.status = 'posted') or (w.status = 'failed' and h.status = 'released'))
              or w.amount_minor <> h.amount_minor`,
  },
  {
    invariant: 'a completed order is credited exactly once with its amount; others are not credited',
    sql:
      `select o.order_no as detail from orders o
           where (o.status in (${ORDER_CREDITED.join(', ')}) and (
                   (select count(*) from ledger_journals j where j.kind = 'order_credit' and j.ref_type = 'order' ` +
      `and j.ref_id = o.id::text) <> 1
                   or coalesce((select sum(p.amount_minor) from ledger_postings p join ledger_accounts a on a.id = ` +
      `p.account_id
                                 where p.journal_id = o.credit_journal_id and a.user_id = o.user_id), 0) <> ` +
      `o.amount_minor))
              or (o.status in (${ORDER_UNCREDITED.join(', ')}) and exists (select 1 from ledger_journals j where ` +
      `j.kind = 'order_credit' and j.ref_type = 'order' and j.ref_id = o.id::text))`,
  },
  {
    invariant:
      "a referral reward is one reward journal paying the inviter's reward wallet its amount for a completed sale " +
      'of the friend; every referral journal has its reward',
    sql:
      `select 'reward ' || r.id as detail from referral_rewards r join orders o on o.id = r.order_id
           where o.status not in (2, 4) or o.user_id <> r.referee_id
              or coalesce((select sum(p.amount_minor) from ledger_postings p
                             join ledger_accounts a on a.id = p.account_id join ledger_journals j on j.id = p.journal_id
                            where p.journal_id = r.journal_id and j.kind = 'reward' and a.user_id = r.referrer_id ` +
      `and a.kind = 'reward'), 0) <> r.amount_minor
          union all
          select 'journal ' || j.id from ledger_journals j
           where j.kind = 'reward' and j.ref_type = 'referral' and not exists (select 1 from referral_rewards r ` +
      `where r.journal_id = j.id)`,
  },
  {
    invariant:
      "a delay compensation is one journal paying the seller's cash wallet its amount, for a credited order or a " +
      'paid withdrawal; every compensation journal has its row',
    sql:
      `select 'compensation ' || c.id as detail from delay_compensations c
           left join orders o on c.subject = 'order' and o.id = c.subject_id
           left join withdrawals w on c.subject = 'withdrawal' and w.id = c.subject_id
           where (c.subject = 'order' and (o.id is null or o.user_id <> c.user_id or o.status not in ` +
      `(${ORDER_CREDITED.join(', ')})))
              or (c.subject = 'withdrawal' and (w.id is null or w.user_id <> c.user_id or w.status <> 'paid'))
              or coalesce((select sum(p.amount_minor) from ledger_postings p
                             join ledger_accounts a on a.id = p.account_id join ledger_journals j on j.id = p.journal_id
                            where p.journal_id = c.journal_id and j.kind = 'delay_compensation' and a.user_id = ` +
      `c.user_id and a.kind = 'cash'), 0) <> c.amount_minor
          union all
          select 'journal ' || j.id from ledger_journals j
           where j.kind = 'delay_compensation' and not exists (select 1 from delay_compensations c where ` +
      `c.journal_id = j.id)`,
  },
  {
    invariant:
      "an overturned appeal is one journal crediting the seller's cash its amount; every appeal journal has its " +
      'appeal; nothing else credits an appeal',
    sql:
      `select 'appeal ' || a.appeal_no as detail from order_appeals a
           where (a.status = 'overturned' and a.credit_minor > 0 and coalesce((select sum(p.amount_minor)
                    from ledger_postings p join ledger_accounts ac on ac.id = p.account_id
                   where p.journal_id = a.credit_journal_id and ac.user_id = a.user_id and ac.kind = 'cash'), 0) ` +
      `<> a.credit_minor)
              or (a.status <> 'overturned' and a.credit_journal_id is not null)
          union all
          select 'journal ' || j.id from ledger_journals j
           where j.ref_type = 'appeal' and not exists (select 1 from order_appeals a where a.credit_journal_id = j.id)`,
  },
];

export async function checkLedger(q: Queryable): Promise<Breach[]> {
  const breaches: Breach[] = [];
  for (const c of CHECKS) {
    const r = await q.query<{ detail: string }>(`${c.sql} limit 20`);
    for (const row of r.rows) breaches.push({ invariant: c.invariant, detail: row.detail });
  }
  return breaches;
}

export const LEDGER_CHECK_COUNT = CHECKS.length;
