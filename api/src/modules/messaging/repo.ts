// The SQL of the outbox: one row per message, claimed by one sender at a time.
import type { Queryable } from '../../db/db.js';
import type { OutboxChannel } from './messenger.js';

export interface OutboxRow {
  id: bigint;
  channel: OutboxChannel;
  recipient: string;
  subject: string;
  body: string;
  code: string | null;
  payload: Record<string, unknown> | null;
  ref: string | null;
  status: 'pending' | 'sending' | 'sent' | 'failed' | 'dead' | 'expired' | 'cancelled';
  attempts: number;
  last_error: string | null;
  expires_at: Date | null;
  created_at: Date;
  sent_at: Date | null;
}

const COLUMNS =
  'id, channel, recipient, subject, body, code, payload, ref, status, attempts, last_error, expires_at, created_at, ' +
  'sent_at';
/** A message carrying a code keeps neither once final: codes are stored hashed everywhere else. */
const SCRUB = "code = null, body = case when code is not null then '' else body end";
/** A message sent (or never to be sent) keeps no text: alerts carry one-time links too. */
const SCRUB_ALL = "code = null, body = ''";

export const outboxRepo = {
  async add(
    q: Queryable,
    m: {
      channel: OutboxChannel;
      to: string;
      subject: string;
      text: string;
      code?: string;
      payload?: Record<string, unknown> | null;
      ref?: string;
      expiresAt?: Date;
    },
  ): Promise<bigint> {
    const r = await q.query<{ id: bigint }>(
      'insert into outbox (channel, recipient, subject, body, code, payload, ref, expires_at) values ' +
        '($1,$2,$3,$4,$5,$6,$7,$8) returning id',
      [
        m.channel,
        m.to,
        m.subject,
        m.text,
        m.code ?? null,
        m.payload ? JSON.stringify(m.payload) : null,
        m.ref ?? null,
        m.expiresAt ?? null,
      ],
    );
    return r.rows[0]!.id;
  },

  async get(q: Queryable, id: bigint): Promise<OutboxRow | null> {
    const r = await q.query<OutboxRow>(`select ${COLUMNS} from outbox where id = $1`, [String(id)]);
    return r.rows[0] ?? null;
  },

  /** Takes a message for sending: only one sender holds it; a hold past its lease was a crash. Counts the attempt. */
  async claim(q: Queryable, id: bigint, leaseSeconds: number): Promise<OutboxRow | null> {
    const r = await q.query<OutboxRow>(
      `update outbox set status = 'sending', attempts = attempts + 1, lease_until = now() + make_interval(secs => ` +
        `$2), updated_at = now()
        where id = $1 and (status in ('pending', 'failed') or (status = 'sending' and lease_until < now()))
        returning ${COLUMNS}`,
      [String(id), leaseSeconds],
    );
    return r.rows[0] ?? null;
  },

  async failed(q: Queryable, id: bigint, error: string): Promise<void> {
    await q.query(
      "update outbox set status = 'failed', last_error = $2, lease_until = null, updated_at = now() where id = $1 " +
        "and status = 'sending'",
      [String(id), error],
    );
  },

  async finish(q: Queryable, id: bigint, status: 'sent' | 'expired', error?: string): Promise<void> {
    await q.query(
      `update outbox set status = $2, sent_at = case when $2 = 'sent' then now() else sent_at end, last_error = ` +
        `coalesce($3, last_error), lease_until = null, updated_at = now(), ${SCRUB_ALL} where id = $1`,
      [String(id), status, error ?? null],
    );
  },

  /** Every attempt failed: dead (listed for staff); a code it carried is dropped, other text kept for a retry. */
  async markDead(q: Queryable, id: bigint, error: string): Promise<void> {
    await q.query(
      `update outbox set status = 'dead', last_error = coalesce(last_error, $2), lease_until = null, updated_at = ` +
        `now(), ${SCRUB} where id = $1 and status not in ('sent', 'expired', 'cancelled')`,
      [String(id), error],
    );
  },

  /** A newer code replaced these: their messages, if not sent yet, are not sent at all. */
  async cancelCodeMessages(q: Queryable, address: string, purpose: string): Promise<void> {
    await q.query(
      `update outbox set status = 'cancelled', lease_until = null, updated_at = now(), ${SCRUB}
        where status in ('pending', 'failed') and id in (select message_id from otp_codes where address = $1 and ` +
        `purpose = $2 and consumed_at is null and not superseded and message_id is not null)`,
      [address, purpose],
    );
  },

  /** Puts a dead message back in line (a staff retry); false when it is not dead or carried a code. */
  async revive(q: Queryable, id: bigint): Promise<'ok' | 'not_dead' | 'code'> {
    const r = await q.query<{ status: string; ref: string | null }>(
      'select status, ref from outbox where id = $1 for update',
      [String(id)],
    );
    const row = r.rows[0];
    if (!row || row.status !== 'dead') return 'not_dead';
    if (row.ref?.startsWith('otp:')) return 'code';
    await q.query("update outbox set status = 'pending', updated_at = now() where id = $1", [String(id)]);
    return 'ok';
  },
};
