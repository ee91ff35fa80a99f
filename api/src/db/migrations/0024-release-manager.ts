/**
 * Releases from the console: a `release_manager` staff role, who may promote, canary and
 * roll back from the release dashboard (admins may too), and the canaries a release manager asked
 * to be promoted once healthy for a set time (the canary check job reads them).
 */
export const sql = /* sql */ `
alter table staff drop constraint staff_role_check;
alter table staff add constraint staff_role_check check (role in ('admin', 'reviewer', 'finance', 'release_manager'));

create table canary_auto_promote (
  env text not null,
  app text not null,
  -- The canary version it was asked for: a new canary of the app is not promoted by an old request.
  version text not null,
  requested_by integer not null references staff(id),
  requested_at timestamptz not null default now(),
  primary key (env, app)
);
`;
