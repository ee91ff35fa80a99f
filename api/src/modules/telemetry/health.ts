// Per-version health from the shell's telemetry: what the release dashboard shows and what the
// canary check compares. Reads the per-minute rollups only.
import type { Queryable } from '../../db/db.js';
import { percentileOfBins, VITALS, type Vital } from './bins.js';

export interface VersionHealth {
  app: string;
  version: string;
  bucket: 'live' | 'canary' | string;
  /** Page loads (the shell) or loads of the remote (a remote), failed ones included. */
  loads: number;
  /** Uncaught errors and unhandled rejections attributed to this app and version, plus remoteFailures. */
  errors: number;
  /** Times this remote's code could not be loaded. */
  remoteFailures: number;
  /** Failed /gc calls made while this version was in use (network, timeout, an error envelope). */
  gcFailures: number;
  /** The 75th percentile of Largest Contentful Paint, ms; null without samples. */
  lcpP75: number | null;
  /** The 75th percentile of Cumulative Layout Shift (unitless). */
  clsP75: number | null;
  /** The 75th percentile of Interaction to Next Paint, ms. */
  inpP75: number | null;
}

const key = (app: string, version: string, bucket: string) => `${app}\0${version}\0${bucket}`;

/**
 * The figures of each app, version and bucket seen since now − sinceMs (whole minutes: the minute
 * that contains that moment counts), optionally for one app; ordered by app, then most loads first.
 */
export async function versionHealth(q: Queryable, opts: { sinceMs: number; app?: string }): Promise<VersionHealth[]> {
  const since = Math.max(0, Math.floor(opts.sinceMs));
  const params: unknown[] = [since];
  let appFilter = '';
  if (opts.app !== undefined) {
    params.push(opts.app);
    appFilter = 'and app = $2';
  }
  const window = `minute >= date_trunc('minute', now() - ($1::double precision * interval '1 millisecond'))`;
  const counts = await q.query<{ app: string; version: string; bucket: string; loads: number; uncaught: number; remote: number; gc: number }>(
    `select app, version, bucket,
            coalesce(sum(n) filter (where event = 'load'), 0)::float8 as loads,
            coalesce(sum(n) filter (where event = 'error'), 0)::float8 as uncaught,
            coalesce(sum(n) filter (where event = 'remote_failure'), 0)::float8 as remote,
            coalesce(sum(n) filter (where event = 'gc_failure'), 0)::float8 as gc
       from telemetry_counts
      where ${window} ${appFilter}
      group by app, version, bucket`,
    params,
  );
  const vitals = await q.query<{ app: string; version: string; bucket: string; metric: Vital; bin: number; n: number }>(
    `select app, version, bucket, metric, bin, sum(n)::float8 as n
       from telemetry_vitals
      where ${window} ${appFilter}
      group by app, version, bucket, metric, bin`,
    params,
  );

  const out = new Map<string, VersionHealth>();
  const entry = (app: string, version: string, bucket: string) => {
    const k = key(app, version, bucket);
    let h = out.get(k);
    if (!h) {
      h = { app, version, bucket, loads: 0, errors: 0, remoteFailures: 0, gcFailures: 0, lcpP75: null, clsP75: null, inpP75: null };
      out.set(k, h);
    }
    return h;
  };
  for (const r of counts.rows) {
    const h = entry(r.app, r.version, r.bucket);
    h.loads = Number(r.loads);
    h.remoteFailures = Number(r.remote);
    h.errors = Number(r.uncaught) + h.remoteFailures;
    h.gcFailures = Number(r.gc);
  }
  const bins = new Map<string, Array<[number, number]>>();
  for (const r of vitals.rows) {
    entry(r.app, r.version, r.bucket);
    const k = `${key(r.app, r.version, r.bucket)}\0${r.metric}`;
    const list = bins.get(k) ?? [];
    list.push([Number(r.bin), Number(r.n)]);
    bins.set(k, list);
  }
  for (const [k, h] of out) {
    for (const metric of VITALS) {
      const list = bins.get(`${k}\0${metric}`);
      const p75 = list ? percentileOfBins(metric, list, 0.75) : null;
      if (metric === 'lcp') h.lcpP75 = p75;
      else if (metric === 'cls') h.clsP75 = p75;
      else h.inpP75 = p75;
    }
  }
  return [...out.values()].sort((a, b) => a.app.localeCompare(b.app) || b.loads - a.loads || a.version.localeCompare(b.version));
}
