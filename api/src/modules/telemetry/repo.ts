// The SQL of client telemetry: per-minute rollups, added to (never one row per report).
import type { Queryable } from '../../db/db.js';
import type { Vital } from './bins.js';

export type TelemetryEvent = 'load' | 'error' | 'remote_failure' | 'gc_failure';

export interface CountRow {
  app: string;
  version: string;
  bucket: string;
  event: TelemetryEvent;
  detail: string;
  n: number;
}

export interface VitalRow {
  app: string;
  version: string;
  bucket: string;
  metric: Vital;
  bin: number;
  n: number;
}

export const telemetryRepo = {
  /** Adds the counts to this minute's rows (one statement for the whole batch). */
  async addCounts(q: Queryable, rows: CountRow[]): Promise<void> {
    if (!rows.length) return;
    await q.query(
      `insert into telemetry_counts (minute, app, version, bucket, event, detail, n)
       select date_trunc('minute', now()), r.app, r.version, r.bucket, r.event, r.detail, r.n
         from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::int[]) as r(app, version, bucket, event, detail, n)
       on conflict (app, version, bucket, event, detail, minute) do update set n = telemetry_counts.n + excluded.n`,
      [rows.map((r) => r.app), rows.map((r) => r.version), rows.map((r) => r.bucket), rows.map((r) => r.event), rows.map((r) => r.detail), rows.map((r) => r.n)],
    );
  },

  async addVitals(q: Queryable, rows: VitalRow[]): Promise<void> {
    if (!rows.length) return;
    await q.query(
      `insert into telemetry_vitals (minute, app, version, bucket, metric, bin, n)
       select date_trunc('minute', now()), r.app, r.version, r.bucket, r.metric, r.bin, r.n
         from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::int[]) as r(app, version, bucket, metric, bin, n)
       on conflict (app, version, bucket, metric, minute, bin) do update set n = telemetry_vitals.n + excluded.n`,
      [rows.map((r) => r.app), rows.map((r) => r.version), rows.map((r) => r.bucket), rows.map((r) => r.metric), rows.map((r) => r.bin), rows.map((r) => r.n)],
    );
  },

  /** Deletes the minutes older than `days` days; returns how many rows went. */
  async prune(q: Queryable, days: number): Promise<number> {
    const a = await q.query(`delete from telemetry_counts where minute < now() - ($1::int * interval '1 day')`, [days]);
    const b = await q.query(`delete from telemetry_vitals where minute < now() - ($1::int * interval '1 day')`, [days]);
    return a.rowCount + b.rowCount;
  },
};
