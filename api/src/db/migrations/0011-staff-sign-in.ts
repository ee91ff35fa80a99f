/**
 * Operator sign-in (issue 14): failed sign-ins are counted per operator and lock the account for a
 * while; a session ends after a spell of inactivity as well as at its fixed expiry.
 */
export const sql = /* sql */ `
alter table staff
  add column login_failures smallint not null default 0,
  add column locked_until timestamptz;

alter table staff_sessions add column last_seen_at timestamptz not null default now();
`;
