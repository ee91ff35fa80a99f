/**
 * Updates about a seller's money by e-mail and WhatsApp, as the seller chooses: a notice marked
 * `alert` (an order, a payout, an appeal, a case) also goes to the seller's verified e-mail address
 * and WhatsApp number, each on unless turned off in Settings. The notice scan sends each once per
 * channel (`notice_messages`), as it sends a notice once to a device (`push_deliveries`).
 */
export const sql = /* sql */ `
alter table notices add column alert boolean not null default false;
alter table users add column alert_email boolean not null default true;
alter table users add column alert_whatsapp boolean not null default true;

create table notice_messages (
  notice_id bigint not null references notices(id) on delete cascade,
  channel text not null check (channel in ('email', 'whatsapp')),
  created_at timestamptz not null default now(),
  primary key (notice_id, channel)
);
`;
