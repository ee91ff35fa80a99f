/**
 * Failed sign-ins counted in the database, so guessing stays bounded with no
 * Redis at all and across api processes.
 *
 * `sign_in_failures`: wrong passwords per sign-in name (a lower-cased e-mail or username, or a
 * WhatsApp number's digits), whether or not an account uses it, in a window that starts at the
 * first failure. A try reserves one failure before the password is compared (an atomic upsert that
 * refuses when the window's budget is spent) and gives it back when the password was right.
 *
 * `staff_sign_in_throttle`: wrong operator passwords per client address. After a few, each further
 * try from that address waits a delay that doubles each time (capped); the wait is set by the same
 * atomic upsert that reserves the try, so parallel tries cannot pass it. Operator accounts are no
 * longer locked by wrong passwords, only by wrong second-factor codes (staff.login_failures).
 */
export const sql = /* sql */ `
create table sign_in_failures (
  login text primary key,
  failures integer not null default 0 check (failures >= 0),
  window_start timestamptz not null
);
create index sign_in_failures_window_idx on sign_in_failures (window_start);

create table staff_sign_in_throttle (
  ip text primary key,
  failures integer not null default 0 check (failures >= 0),
  last_failure_at timestamptz not null,
  blocked_until timestamptz
);
create index staff_sign_in_throttle_last_idx on staff_sign_in_throttle (last_failure_at);
`;
