/**
 * Live waits: what a seller is told about the queue in front of an order or a withdrawal, and the
 * payout rails the public status page reports on.
 *
 * - banks.rail: the rail a payout account's money travels on, worked out from the bank's row so a
 *   bank added later has one too: a bank transfer route per country (Nigeria's NIP, Ghana's GhIPSS),
 *   each mobile-money network, each USDT network.
 * - payout_rails: one row per rail, with what staff said when they marked it delayed (cleared by
 *   setting the message back to empty). Every mark and clear is audited in the same transaction.
 * - Indexes for the estimate: the open orders of one card (the queue of a card family is the union
 *   over its cards), decisions by time, and paid withdrawals by time.
 * - The estimate's settings (`eta`): how many recent decisions and how many hours back are read,
 *   the handling time assumed per order or payout when there is no history, and the poll interval.
 */
export const sql =
  /* sql */ `
alter table banks add column rail text generated always as (
  case when method = 'BANK' then 'BANK-' || country_id::text else method || '-' || code end
) stored;

create table payout_rails (
  code text primary key,
  method text not null check (method in ('BANK', 'MOMO', 'USDT')),
  name text not null,
  sort integer not null default 0,
  delay_message text not null default '' check (length(delay_message) <= 300),
  marked_by integer references staff(id),
  marked_at timestamptz,
  check ((delay_message = '') = (marked_at is null))
);

insert into payout_rails (code, method, name, sort)
select b.rail, min(b.method),
       case when min(b.method) = 'BANK' then 'Bank transfer, ' || min(c.name) else min(b.name) end,
       case min(b.method) when 'BANK' then 0 when 'MOMO' then 1000 else 2000 end + min(b.id)
  from banks b join countries c on c.id = b.country_id
 group by b.rail;

create index orders_open_card_idx on orders (card_id, created_at) where status = 1;
create index orders_decided_card_idx on orders (card_id, finished_at desc) where finished_at is not null;
create index orders_decided_idx on orders (finished_at desc) where finished_at is not null;
create index withdrawals_paid_idx on withdrawals (settled_at desc) where status = 'paid';

insert into settings (key, value) values ('eta', '{"history_count": 20, "history_hours": 24, ` +
  `"order_handling_minutes": 3, "order_usual_minutes": 15, "payout_handling_minutes": 2, "poll_seconds": 30}')
on conflict (key) do nothing;
`;
