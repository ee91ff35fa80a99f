/**
 * Wrong one-time codes counted per address and per account, per purpose, across codes:
 * a code already allows only 5 tries, and this caps the failures a day of fresh codes can add up
 * to. `subject` is `a:<address>` or `u:<user id>`. A try reserves one failure before its comparison
 * (an atomic upsert that refuses when the budget is spent) and gives it back when the code was
 * right or never compared, so parallel guesses cannot overshoot the cap.
 */
export const sql = /* sql */ `
create table otp_guard (
  purpose text not null,
  subject text not null,
  failures integer not null default 0 check (failures >= 0),
  window_start timestamptz not null,
  locked_until timestamptz,
  primary key (purpose, subject)
);
`;
