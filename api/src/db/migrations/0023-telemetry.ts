/**
 * Client telemetry per release (the shell's reports): per-minute counts for each app, version and
 * canary bucket, and the web vitals as per-minute histograms, so a burst of reports adds to a few
 * rows instead of one row each, and nothing a browser sent (no text, no address) is kept: only
 * numbers under the version strings. Old minutes are pruned by the `telemetry_prune` job.
 */
export const sql = /* sql */ `
create table telemetry_counts (
  minute timestamptz not null,
  app text not null,
  version text not null,
  -- 'live' or 'canary': which half of a running canary the devices were in.
  bucket text not null,
  event text not null check (event in ('load', 'error', 'remote_failure', 'gc_failure')),
  -- For a failed /gc call its kind ('network', 'timeout' or the envelope's code); for an error its
  -- class from a fixed list; else ''.
  detail text not null default '',
  n integer not null default 0,
  primary key (app, version, bucket, event, detail, minute)
);
create index telemetry_counts_minute_idx on telemetry_counts (minute);

create table telemetry_vitals (
  minute timestamptz not null,
  app text not null,
  version text not null,
  bucket text not null,
  metric text not null check (metric in ('lcp', 'cls', 'inp')),
  -- A logarithmic bin of the value (api/src/modules/telemetry/bins.ts): 5 % wide.
  bin smallint not null,
  n integer not null default 0,
  primary key (app, version, bucket, metric, minute, bin)
);
create index telemetry_vitals_minute_idx on telemetry_vitals (minute);
`;
