/**
 * Paying withdrawals out: a withdrawal is sent through the payout provider's transfer
 * API, or exported for a bank's bulk upload; either way it is then 'processing' and says how and
 * when it went, so it is never sent or exported twice.
 */
export const sql = /* sql */ `
alter table withdrawals
  add column payout_channel text not null default '' check (payout_channel in ('', 'bank_upload', 'dev', 'paystack')),
  add column provider_ref text not null default '',
  add column sent_at timestamptz,
  add column sent_by text not null default '';
`;
