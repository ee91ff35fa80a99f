// The SQL of background work: dead letters (jobs that failed every attempt) and scan cursors.
import type { Queryable } from '../../db/db.js';

export interface DeadJobRow {
  id: bigint;
  job_name: string;
  data: Record<string, unknown>;
  error: string;
  attempts: number;
  outbox_id: bigint | null;
  failed_at: Date;
  channel: string | null;
  recipient: string | null;
  subject: string | null;
}

export const jobsRepo = {
  async recordDead(q: Queryable, d: { name: string; data: unknown; error: string; attempts: number }): Promise<void> {
    const outboxId =
      d.data && typeof d.data === 'object' && 'outboxId' in d.data
        ? String((d.data as { outboxId: unknown }).outboxId)
        : null;
    await q.query('insert into dead_jobs (job_name, data, error, attempts, outbox_id) values ($1, $2, $3, $4, $5)', [
      d.name,
      JSON.stringify(d.data ?? {}),
      d.error,
      d.attempts,
      outboxId,
    ]);
  },

  /** The dead letters not retried yet, newest first, with the message they were for. */
  async listDead(q: Queryable, limit: number): Promise<DeadJobRow[]> {
    const r = await q.query<DeadJobRow>(
      `select d.id, d.job_name, d.data, coalesce(o.last_error, d.error) as error, greatest(d.attempts, ` +
        `coalesce(o.attempts, 0)) as attempts,
              d.outbox_id, d.failed_at, o.channel, o.recipient, o.subject
         from dead_jobs d left join outbox o on o.id = d.outbox_id
        where d.retried_at is null order by d.failed_at desc, d.id desc limit $1`,
      [limit],
    );
    return r.rows;
  },

  /** Marks a dead letter retried (once: false when it was already). */
  async markRetried(q: Queryable, id: number, staffId: number): Promise<DeadJobRow | null> {
    const r = await q.query<DeadJobRow>(
      'update dead_jobs set retried_at = now(), retried_by = $2 where id = $1 and retried_at is null returning id, ' +
        'job_name, data, error, attempts, outbox_id, failed_at, null as channel, null as recipient, null as subject',
      [id, staffId],
    );
    return r.rows[0] ?? null;
  },

  /** A scan's position (null before its first run). */
  async cursor(q: Queryable, name: string, lock = false): Promise<bigint | null> {
    const r = await q.query<{ position: bigint }>(
      `select position from job_cursors where name = $1${lock ? ' for update' : ''}`,
      [name],
    );
    return r.rows[0]?.position ?? null;
  },

  async setCursor(q: Queryable, name: string, position: bigint): Promise<void> {
    await q.query(
      'insert into job_cursors (name, position) values ($1, $2) on conflict (name) do update set position = ' +
        'excluded.position, updated_at = now()',
      [name, String(position)],
    );
  },
};
