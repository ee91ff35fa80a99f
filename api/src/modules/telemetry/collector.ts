// What the shell may report (a strict schema: a field it does not name, such as a user id or a URL,
// refuses the batch) and how a batch becomes per-minute counts. Nothing received is kept as text
// except names checked against fixed lists and formats: app names, release versions, buckets,
// error classes, failure kinds.
import { z } from 'zod';
import { binOf, VITALS } from './bins.js';
import type { CountRow, TelemetryEvent, VitalRow } from './repo.js';

/** The collector's body cap: a batch is a few hundred bytes; 16 KB leaves room and no more. */
export const TELEMETRY_BODY_LIMIT = 16 * 1024;
export const MAX_EVENTS = 50;

/** A release version as publish makes it: `0.1.0+3f2a9c1d4e5b`, `…dirty.<tag>`, a pre-release. */
export const VERSION_FORMAT = /^\d{1,6}\.\d{1,6}\.\d{1,6}(?:-[0-9A-Za-z.-]{1,40})?(?:\+[0-9A-Za-z.-]{1,60})?$/;
const APP_FORMAT = /^(?:shell|mfe-[a-z][a-z0-9-]{0,30})$/;

/**
 * Error classes counted by name; any other name counts as `Other` (a page-made class name could
 * carry text).
 */
export const ERROR_CLASSES = [
  'Error',
  'TypeError',
  'ReferenceError',
  'SyntaxError',
  'RangeError',
  'URIError',
  'EvalError',
  'AggregateError',
  'ChunkLoadError',
  'NetworkError',
  'AbortError',
  'SecurityError',
  'NotAllowedError',
  'QuotaExceededError',
  'DOMException',
  'Rejection',
] as const;

export const TELEMETRY_MESSAGES = {
  tooLarge: 'Request body is too large',
  unknownApp: 'an event names an app that is not in apps',
} as const;

const GC_KIND = /^(?:network|timeout|bad_reply|[a-z_]{1,16}\.[0-9a-z_]{1,12})$/;
const app = z.string().max(40).regex(APP_FORMAT, 'must be an app name (shell or mfe-…)');
/** How many times an event happened (the shell counts repeats instead of sending them again). */
const count = z.number().int().min(1).max(20).optional();
const upTo = (max: number) => z.number().finite().min(0).max(max);

const eventSchema = z.discriminatedUnion('t', [
  z.strictObject({ t: z.literal('load'), app, n: count }),
  z.strictObject({ t: z.literal('remote_failure'), app, n: count }),
  z.strictObject({
    t: z.literal('error'),
    app,
    name: z
      .string()
      .max(40)
      .regex(/^[A-Za-z_$][\w$]*$/, 'must be an error class name')
      .optional(),
    n: count,
  }),
  z.strictObject({
    t: z.literal('gc_failure'),
    app,
    kind: z.string().max(32).regex(GC_KIND, 'must be network, timeout, bad_reply or an envelope code'),
    n: count,
  }),
  z.strictObject({ t: z.literal('vital'), app, name: z.enum(VITALS), value: upTo(600_000) }),
]);

export const batchSchema = z.strictObject({
  v: z.literal(1),
  /** The version and canary bucket of every app the events name. */
  apps: z
    .record(
      app,
      z.strictObject({
        version: z.string().max(80).regex(VERSION_FORMAT, 'must be a release version (0.1.0+commit)'),
        bucket: z.enum(['live', 'canary']),
      }),
    )
    .refine((apps) => Object.keys(apps).length <= 10, 'at most 10 apps'),
  events: z.array(eventSchema).min(1).max(MAX_EVENTS),
});
export type TelemetryBatch = z.output<typeof batchSchema>;

/** The first problem of a refused batch, for the envelope: where it is and what is wrong. */
export function describeProblem(error: z.ZodError): string {
  const issue = error.issues[0]!;
  const where = issue.path.map(String).join('.');
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.join(', ');
    const named = `${where ? `${where}.` : ''}${keys}`;
    const plural = issue.keys.length > 1 ? 's' : '';
    return `Unknown field${plural} ${named}: telemetry takes no other fields (and no personal data)`;
  }
  return `Invalid telemetry: ${where ? `${where}: ` : ''}${issue.message}`;
}

/**
 * The batch as counts to add and vital bins to add, same keys merged. A page's web vitals count
 * for the remote that owns the page and for the shell.
 */
export function foldBatch(batch: TelemetryBatch): { counts: CountRow[]; vitals: VitalRow[] } | { problem: string } {
  const counts = new Map<string, CountRow>();
  const vitals = new Map<string, VitalRow>();
  const tagOf = (name: string) => batch.apps[name];
  for (const e of batch.events) {
    const tag = tagOf(e.app);
    if (!tag) return { problem: `Invalid telemetry: ${TELEMETRY_MESSAGES.unknownApp} (${e.app})` };
    if (e.t === 'vital') {
      const owners = e.app === 'shell' || !tagOf('shell') ? [e.app] : [e.app, 'shell'];
      for (const owner of owners) {
        const t = tagOf(owner)!;
        const bin = binOf(e.name, e.value);
        const key = [owner, t.version, t.bucket, e.name, bin].join('\0');
        const row = vitals.get(key) ?? { app: owner, version: t.version, bucket: t.bucket, metric: e.name, bin, n: 0 };
        row.n += 1;
        vitals.set(key, row);
      }
      continue;
    }
    const detail = e.t === 'gc_failure' ? e.kind : e.t === 'error' ? errorClass(e.name) : '';
    const event: TelemetryEvent = e.t;
    const key = [e.app, tag.version, tag.bucket, event, detail].join('\0');
    const row = counts.get(key) ?? { app: e.app, version: tag.version, bucket: tag.bucket, event, detail, n: 0 };
    row.n += e.n ?? 1;
    counts.set(key, row);
  }
  // One order for every batch: two batches upserting the same rows lock them in the same order.
  const byKey = <T>(m: Map<string, T>) =>
    [...m.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v);
  return { counts: byKey(counts), vitals: byKey(vitals) };
}

function errorClass(name: string | undefined): string {
  if (!name) return 'Error';
  return (ERROR_CLASSES as readonly string[]).includes(name) ? name : 'Other';
}
