/**
 * Money races closed in the database and self-referral.
 *
 * - reviewer_days: one row per reviewer, UTC day and payout currency. A decision locks its row
 *   (upserted) before it sums the reviewer's payouts of the day, so one reviewer's decisions are
 *   counted one after the other and parallel ones cannot each pass the daily cap.
 * - users.first_credit_at: set by a conditional update in the transaction that credits the user's
 *   first order; only the transaction that sets it pays the first-order bonus.
 * - referral_refusals: a friend whose sales earn their inviter nothing, because the two accounts
 *   share an identity, a payout account or a device; once refused, always refused.
 * - kyc_checks.person_lookup: a keyed hash of the verified name and date of birth (like id_lookup),
 *   to link two accounts of one person verified with two different ID numbers.
 */
export const sql =
  /* sql */ `
create table reviewer_days (
  staff_id integer not null references staff(id),
  day date not null,
  currency_code text not null references currencies(code),
  primary key (staff_id, day, currency_code)
);

alter table users add column first_credit_at timestamptz;
update users u set first_credit_at = o.first
  from (select user_id, min(coalesce(finished_at, created_at)) as first from orders where status in (2, 4) group by ` +
  `user_id) o
 where o.user_id = u.id;

alter table kyc_checks add column person_lookup text not null default '';
create index kyc_checks_id_lookup_idx on kyc_checks (id_lookup) where id_lookup <> '';
create index kyc_checks_person_lookup_idx on kyc_checks (person_lookup) where person_lookup <> '';

create table referral_refusals (
  referee_id integer primary key references users(id),
  referrer_id integer not null references users(id),
  link text not null check (link in ('identity', 'payout_account', 'device')),
  created_at timestamptz not null default now()
);

-- The links staff see between accounts are found through these.
create index payout_accounts_number_idx on payout_accounts (lower(account_no));
create index sessions_device_idx on sessions (device_no) where device_no <> '';
create index users_device_idx on users (device_no) where device_no <> '';
create index push_tokens_device_idx on push_tokens (device_no) where device_no <> '';
`;
