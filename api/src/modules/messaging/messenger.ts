import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { insideTransaction, type Db, type Queryable } from '../../db/db.js';
import type { JobRun, Jobs } from '../jobs/jobs.js';
import { outboxRepo, type OutboxRow } from './repo.js';

export type Channel = 'email' | 'whatsapp';
/** Where an outbox message goes: a person's address, or (push) the devices of an account. */
export type OutboxChannel = Channel | 'push';

export interface OutgoingMessage {
  channel: Channel;
  to: string;
  subject: string;
  text: string;
  /** The one-time code the message carries, if any (the dev outbox shows it on its own). */
  code?: string;
}

export interface OutboxEntry {
  channel: Channel;
  to: string;
  subject: string;
  text: string;
  code: string | null;
  created_at: string;
}

/** The last messages that had no provider to go to, newest first. Development only. */
export class DevOutbox {
  private entries: OutboxEntry[] = [];
  constructor(private readonly max = 500) {}
  add(m: OutgoingMessage): void {
    this.entries.unshift({
      channel: m.channel,
      to: m.to,
      subject: m.subject,
      text: m.text,
      code: m.code ?? null,
      created_at: new Date().toISOString(),
    });
    if (this.entries.length > this.max) this.entries.length = this.max;
  }
  list(): OutboxEntry[] {
    return [...this.entries];
  }
  clear(): void {
    this.entries = [];
  }
}

/** A message as the outbox holds it (push: `to` is `user:<id>`, `payload` the app's data). */
export interface OutboxMessage {
  channel: OutboxChannel;
  to: string;
  subject: string;
  text: string;
  code?: string;
  payload?: Record<string, unknown> | null;
}

export interface Sender {
  send(m: OutboxMessage): Promise<void>;
  close?(): Promise<void> | void;
}

/** How long the mail server may take to accept the connection, to greet, and to pause once talking (ms). */
export interface SmtpTimeouts {
  connectionMs: number;
  greetingMs: number;
  socketMs: number;
}

export class SmtpSender implements Sender {
  private readonly transport: Transporter;
  constructor(
    url: string,
    private readonly from: string,
    timeouts: SmtpTimeouts = { connectionMs: 5_000, greetingMs: 5_000, socketMs: 15_000 },
  ) {
    // nodemailer's defaults are 2 minutes, 30 s and 10 minutes: a mail server that stalls would hold
    // the send (and, before the outbox, the request) that long.
    this.transport = nodemailer.createTransport({
      url,
      connectionTimeout: timeouts.connectionMs,
      greetingTimeout: timeouts.greetingMs,
      socketTimeout: timeouts.socketMs,
    });
  }
  async send(m: OutgoingMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, to: m.to, subject: m.subject, text: m.text });
  }
  close(): void {
    this.transport.close();
  }
}

/**
 * WhatsApp Cloud API: one-time codes go out as an authentication template whose single body
 * parameter (and copy-code button) is the code; other messages as plain text, which WhatsApp only
 * delivers inside a 24-hour customer-service window.
 */
export class WhatsAppCloudSender implements Sender {
  constructor(
    private readonly opts: {
      apiUrl: string;
      phoneNumberId: string;
      accessToken: string;
      template: string;
      templateLang: string;
    },
    private readonly fetchImpl: typeof fetch = fetch,
    private readonly timeoutMs = 8_000,
  ) {}
  async send(m: OutgoingMessage): Promise<void> {
    const to = m.to.replace(/\D/g, '');
    const body = m.code
      ? {
          messaging_product: 'whatsapp',
          to,
          type: 'template',
          template: {
            name: this.opts.template,
            language: { code: this.opts.templateLang },
            components: [
              { type: 'body', parameters: [{ type: 'text', text: m.code }] },
              { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: m.code }] },
            ],
          },
        }
      : { messaging_product: 'whatsapp', to, type: 'text', text: { body: m.text } };
    const res = await this.fetchImpl(`${this.opts.apiUrl.replace(/\/$/, '')}/${this.opts.phoneNumberId}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.opts.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    if (!res.ok) throw new Error(`WhatsApp Cloud API answered ${res.status}`);
  }
}

/** An address for the log: enough to tell messages apart, not enough to be a list of users. */
export const maskAddress = (to: string) =>
  to.includes('@') ? `${to.slice(0, 1)}…@${to.split('@').pop()}` : `…${to.slice(-3)}`;

/** The job that sends one outbox message. */
export const OUTBOX_JOB = 'outbox_send';

/** Retries of an outbox message: attempts after the first, and the first delay (doubled each time, with jitter). */
export interface OutboxRetry {
  retryLimit: number;
  retryDelaySeconds: number;
}

const LEASE_SECONDS = 120;

/**
 * The durable outbox. A message is a row of `outbox` written by `queue(q, …)` in the
 * caller's transaction, with a job (`outbox_send`) in the same transaction; the job sends it through
 * the channel's provider and marks it sent. A provider that fails or stalls (each call is bounded)
 * fails the attempt: the queue retries with backoff and, after the last attempt, the message is
 * `dead` and listed in the operator console's dead letters. Nothing here waits for a provider in a
 * request: `dispatch` after the commit only wakes the worker.
 *
 * A channel with no provider (development, the tests) goes to the dev outbox, which cannot stall:
 * `dispatch` delivers those at once, so a code is readable from `/__dev/outbox` as soon as the
 * request answers. In production without a provider (ALLOW_CODE_LOG=1) the message is written to
 * the log instead; without that, it is marked `dead` ("no provider configured").
 */
export class Messenger {
  private jobs: Jobs | null = null;

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly senders: Partial<Record<OutboxChannel, Sender>>,
    readonly outbox: DevOutbox | null,
    private readonly opts: { logBodies?: boolean } = {},
    private readonly db: Db | null = null,
  ) {}

  /** Sets the job queue messages are sent through and registers the outbox job on it. */
  useJobs(jobs: Jobs, retry: OutboxRetry): void {
    this.jobs = jobs;
    jobs.register<{ outboxId: string }>(
      OUTBOX_JOB,
      async (d, run) => void (await this.deliverJob(BigInt(d.outboxId), run)),
      {
        retryLimit: retry.retryLimit,
        retryDelaySeconds: retry.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: 120,
        onDead: async (d: { outboxId: string }, error: string) => {
          if (this.db) await outboxRepo.markDead(this.db, BigInt(d.outboxId), error);
        },
      },
    );
  }

  /** Adds (or replaces) the sender of a channel: push registers its own. */
  setSender(channel: OutboxChannel, sender: Sender): void {
    this.senders[channel] = sender;
  }

  /**
   * Whether messages of this channel go to a provider through the queue (else to the dev outbox or the log, at once).
   */
  private viaQueue(channel: OutboxChannel): boolean {
    return Boolean(this.senders[channel] && this.jobs);
  }

  /**
   * Writes a message to the outbox in the caller's transaction (and its sending job with it).
   * Answers its id; pass it to `dispatch` once the transaction has committed.
   */
  async queue(q: Queryable, m: OutboxMessage & { ref?: string; expiresAt?: Date }): Promise<bigint> {
    const id = await outboxRepo.add(q, m);
    // Every message has its job, also those `dispatch` delivers at once: should that not happen
    // (the caller's transaction had not committed yet when it looked), the job still does.
    if (this.jobs) await this.jobs.send(OUTBOX_JOB, { outboxId: String(id) }, { q });
    return id;
  }

  /**
   * After the commit: delivers at once what goes to the dev outbox or the log, and wakes the
   * outbox's worker for the rest. Never waits for a provider; never throws.
   */
  async dispatch(ids: bigint[]): Promise<void> {
    if (!ids.length || !this.db) return;
    const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
    try {
      // Called from code still inside the transaction that wrote the messages (a hook that cannot
      // wait for the commit, sent on the next turn): wait until it has settled (5 s at most).
      for (let i = 0; i < 500 && insideTransaction(); i++) await pause(10);
      for (const id of ids) {
        // Committed a moment ago, or about to be: a few looks, half a second at most.
        let row = await outboxRepo.get(this.db, id).catch(() => null);
        for (let i = 0; i < 20 && !row; i++) {
          await pause(25);
          row = await outboxRepo.get(this.db, id).catch(() => null);
        }
        if (row && !this.viaQueue(row.channel))
          await this.deliver(id).catch((err: unknown) =>
            this.log.warn({ err, outbox: String(id) }, 'message not delivered'),
          );
      }
    } finally {
      this.jobs?.kick(OUTBOX_JOB);
    }
  }

  /** A message outside any transaction: written to the outbox, then dispatched (see `dispatch`). */
  async send(m: OutboxMessage): Promise<void> {
    if (!this.db) {
      // No database (a unit test of the senders): straight to the provider, the dev outbox or the log.
      await this.deliverRow({
        channel: m.channel,
        recipient: m.to,
        subject: m.subject,
        body: m.text,
        code: m.code ?? null,
        payload: m.payload ?? null,
      }).catch(() => {});
      return;
    }
    const id = await this.db.tx((q) => this.queue(q, m));
    await this.dispatch([id]);
  }

  /** Sends one outbox message now, if nobody else holds it and it is still due (the job and tests). */
  async deliver(id: bigint): Promise<'sent' | 'skipped'> {
    return this.deliverJob(id);
  }

  private async deliverJob(id: bigint, run?: JobRun): Promise<'sent' | 'skipped'> {
    const db = this.db!;
    const row = await outboxRepo.claim(db, id, LEASE_SECONDS);
    if (!row) return 'skipped';
    if (row.expires_at && row.expires_at.getTime() <= Date.now()) {
      await outboxRepo.finish(db, id, 'expired', 'its code expired before it could be sent');
      return 'skipped';
    }
    try {
      await this.deliverRow(row);
    } catch (err) {
      const why = err instanceof Error ? err.message : String(err);
      const last = run ? run.retryCount >= run.retryLimit : false;
      await outboxRepo.failed(db, id, why.slice(0, 500));
      this.log.warn(
        { channel: row.channel, to: maskRecipient(row.recipient), attempt: row.attempts, last, err: why },
        'message not sent; it will be retried',
      );
      throw err;
    }
    await outboxRepo.finish(db, id, 'sent');
    return 'sent';
  }

  private async deliverRow(
    row: Pick<OutboxRow, 'channel' | 'recipient' | 'subject' | 'body' | 'code' | 'payload'>,
  ): Promise<void> {
    const m: OutboxMessage = {
      channel: row.channel,
      to: row.recipient,
      subject: row.subject,
      text: row.body,
      ...(row.code ? { code: row.code } : {}),
      payload: row.payload,
    };
    const sender = this.senders[m.channel];
    if (sender) {
      await sender.send(m);
      this.log.info({ channel: m.channel, to: maskRecipient(m.to), subject: m.subject }, 'message sent');
      return;
    }
    if (m.channel === 'push') throw new Error('no push sender');
    this.outbox?.add({ channel: m.channel, to: m.to, subject: m.subject, text: m.text, code: m.code });
    if (this.opts.logBodies)
      this.log.warn(
        { channel: m.channel, to: m.to, subject: m.subject, text: m.text },
        'message (no provider configured; ALLOW_CODE_LOG)',
      );
    else if (this.outbox)
      this.log.info({ channel: m.channel, to: maskAddress(m.to), subject: m.subject }, 'message put in the dev outbox');
    else {
      this.log.info(
        { channel: m.channel, to: maskAddress(m.to), subject: m.subject },
        'message NOT sent: no provider configured',
      );
      // Not sent: the outbox keeps it failed, then dead (staff see it in the console).
      throw new Error('no provider configured for this channel');
    }
  }

  async close(): Promise<void> {
    for (const s of Object.values(this.senders)) await s?.close?.();
  }
}

/** A recipient for the log and the console: an address masked, or a push target as it is. */
export const maskRecipient = (to: string) => (to.startsWith('user:') ? to : maskAddress(to));
