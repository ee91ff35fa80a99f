import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/db.js';
import type { Jobs } from '../jobs/jobs.js';
import { jobsRepo } from '../jobs/repo.js';
import type { Messenger, OutboxMessage, Sender } from '../messaging/messenger.js';

/** An Expo push token as the apps register it (`ExponentPushToken[…]` or `ExpoPushToken[…]`). */
export const EXPO_TOKEN = /^Expo(nent)?PushToken\[[A-Za-z0-9_-]{10,100}\]$/;

export interface PushMessage {
  to: string;
  title: string;
  body: string;
  data: Record<string, unknown>;
  sound?: 'default';
}

/** One ticket per message, in order: `ok`, or `error` with `details.error` (DeviceNotRegistered, …). */
export interface PushTicket {
  status: 'ok' | 'error';
  id?: string;
  message?: string;
  details?: { error?: string };
}

/**
 * Expo's push API (`POST /--/api/v2/push/send`, a JSON array of messages, at most 100 a request,
 * answered `{data: [ticket…]}`): the adapter the dispatcher sends through. The URL is a setting, so
 * tests and local runs point it at a stand-in speaking the same API.
 */
export class ExpoPush {
  constructor(
    private readonly url: string,
    private readonly accessToken?: string,
    private readonly fetchImpl: typeof fetch = fetch,
    private readonly timeoutMs = 8_000,
  ) {}

  async send(messages: PushMessage[]): Promise<PushTicket[]> {
    const tickets: PushTicket[] = [];
    for (let i = 0; i < messages.length; i += 100) {
      const batch = messages.slice(i, i + 100);
      const res = await this.fetchImpl(this.url, {
        method: 'POST',
        headers: {
          accept: 'application/json',
          'accept-encoding': 'gzip, deflate',
          'content-type': 'application/json',
          ...(this.accessToken ? { authorization: `Bearer ${this.accessToken}` } : {}),
        },
        body: JSON.stringify(batch),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      if (!res.ok) throw new Error(`push service answered ${res.status}`);
      const body = (await res.json()) as { data?: PushTicket[] };
      if (!Array.isArray(body.data) || body.data.length !== batch.length)
        throw new Error('push service answered without a ticket per message');
      tickets.push(...body.data);
    }
    return tickets;
  }
}

/** The job that scans new notices into the outbox; one queued and one running at a time across processes. */
export const PUSH_SCAN_JOB = 'push_scan';
const CURSOR = 'push_scan';

/**
 * Push through the outbox: the outbox's sender for the `push` channel. A message's
 * recipient is `user:<id>`; its devices are read when it is sent (only tokens whose device has a
 * live session of that user: a signed-out phone gets nothing). A push service that fails or stalls
 * fails the attempt, and the outbox's queue retries it with backoff.
 */
export class PushSender implements Sender {
  constructor(
    private readonly db: Db,
    private readonly expo: ExpoPush,
  ) {}

  async send(m: OutboxMessage): Promise<void> {
    const userId = Number(m.to.replace(/^user:/, ''));
    const p = (m.payload ?? {}) as { notice_id?: number; notice_action?: string; notice_params?: string };
    const noticeId = p.notice_id !== undefined ? String(p.notice_id) : null;
    const tokens = await this.db.query<{ token: string }>(
      `select t.token from push_tokens t
        where t.user_id = $1 and exists (select 1 from sessions s where s.user_id = t.user_id and s.device_no = ` +
        `t.device_no and t.device_no <> ''
                                           and s.revoked_at is null and s.expires_at > now())`,
      [userId],
    );
    const mark = async (status: string, detail = '') => {
      if (noticeId)
        await this.db.query('update push_deliveries set status = $2, detail = $3 where notice_id = $1', [
          noticeId,
          status,
          detail.slice(0, 500),
        ]);
    };
    if (!tokens.rows.length) return mark('no_device');
    const messages = tokens.rows.map((t) => ({
      to: t.token,
      title: m.subject,
      body: m.text,
      sound: 'default' as const,
      data: { notice_id: p.notice_id, notice_action: p.notice_action, notice_params: p.notice_params },
    }));
    let tickets: PushTicket[];
    try {
      tickets = await this.expo.send(messages);
    } catch (err) {
      await mark('failed', String((err as Error).message));
      throw err;
    }
    const gone = tickets.flatMap((t, i) =>
      t.status === 'error' && t.details?.error === 'DeviceNotRegistered' ? [messages[i]!.to] : [],
    );
    // The app was removed: its token will never work again.
    if (gone.length) await this.db.query('delete from push_tokens where token = any($1::text[])', [gone]);
    const errors = tickets.filter((t) => t.status === 'error').map((t) => t.details?.error ?? t.message ?? 'error');
    await mark(errors.length ? 'partial' : 'sent', errors.join(','));
  }
}

/**
 * Sends each new notice to the devices of its user, once, and a notice marked `alert` (an update about
 * the seller's money or a case) to their verified e-mail address and WhatsApp number, once per channel,
 * unless they turned that channel off in Settings. Notices are written in the transaction of
 * their event; the scan reads committed ones past a cursor kept in the database (`job_cursors`,
 * locked while it moves, so two processes never take the same notices), claims each in
 * push_deliveries and writes its push message to the outbox with its sending job, all in one
 * transaction. The scan runs as a job of the queue (`push_scan`, every PUSH_INTERVAL_MS, one at a
 * time across processes); the outbox's job sends, retries with backoff, and lists dead letters.
 */
export class PushDispatcher {
  private intervalMs = 0;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly messenger: Messenger,
    private readonly log: FastifyBaseLogger,
    private readonly jobs: Jobs | null = null,
    /** The site's address, for the link under an e-mail or WhatsApp update. */
    private readonly siteUrl = '',
  ) {}

  /** Registers the scan job (before the queue starts). */
  register(intervalMs: number): void {
    this.intervalMs = intervalMs;
    if (!this.jobs || intervalMs <= 0) return;
    this.jobs.register(PUSH_SCAN_JOB, async () => this.tick(), {
      policy: 'stately',
      retryLimit: 1,
      retryDelaySeconds: 1,
      expireInSeconds: 120,
    });
  }

  /** Once the queue runs: the scan's first job (one waits at a time, whichever process sends it). */
  async start(): Promise<void> {
    if (!this.jobs || this.intervalMs <= 0) return;
    await this.jobs.send(PUSH_SCAN_JOB, {}, { singletonKey: 'push' });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** One scheduled scan; never fails (a failed scan would end the chain): it always queues the next one. */
  private async tick(): Promise<void> {
    try {
      const ids = await this.scan();
      await this.messenger.dispatch(ids);
    } catch (err) {
      this.log.warn({ err }, 'push scan failed');
    }
    if (this.stopped || !this.jobs) return;
    const next = new Date(Date.now() + this.intervalMs);
    await this.jobs
      .send(PUSH_SCAN_JOB, {}, { singletonKey: 'push', startAfter: next })
      .catch((err: unknown) => this.log.warn({ err }, 'next push scan not queued'));
    // This process's worker would see it at its next poll: wake it on time.
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.jobs?.kick(PUSH_SCAN_JOB), this.intervalMs + 5);
    this.timer.unref();
  }

  /**
   * Moves new notices into the outbox (the first scan ever only notes where the notices stand, so
   * nothing older is pushed). Answers the outbox ids written.
   */
  async scan(): Promise<bigint[]> {
    return this.db.tx(async (q) => {
      await q.query('select pg_advisory_xact_lock(hashtext($1))', [`cursor:${CURSOR}`]);
      const top = BigInt((await q.query<{ id: bigint | null }>('select max(id) as id from notices')).rows[0]?.id ?? 0);
      const cursor = await jobsRepo.cursor(q, CURSOR, true);
      if (cursor === null) {
        await jobsRepo.setCursor(q, CURSOR, top);
        return [];
      }
      // Only notices of accounts that registered a device, or alerts for a verified address that
      // is on: the web's other notices (most of them) cost no delivery row. Past those, the cursor
      // moves to the newest notice seen.
      const notices = await q.query<{
        id: bigint;
        user_id: number;
        title: string;
        content: string;
        action: string;
        params: Record<string, string>;
        order_no: string | null;
        device: boolean;
        email: string | null;
        whatsapp: string | null;
      }>(
        `select n.id, n.user_id, n.title, n.content, n.action, n.params, n.order_no, d.device,
                case when n.alert and u.alert_email and u.email_verified then u.email end as email,
                case when n.alert and u.alert_whatsapp and u.whatsapp_verified then u.whatsapp end as whatsapp
           from notices n join users u on u.id = n.user_id
           cross join lateral (select exists (select 1 from push_tokens t where t.user_id = n.user_id) as device) d
          where n.id > $1 and n.id <= $2
            and (d.device or n.alert and (u.alert_email and u.email_verified and u.email is not null
                 or u.alert_whatsapp and u.whatsapp_verified and u.whatsapp is not null))
          order by n.id limit 200`,
        [String(cursor), String(top)],
      );
      const ids: bigint[] = [];
      const claim = async (noticeId: bigint, channel: 'email' | 'whatsapp') =>
        (
          await q.query(
            'insert into notice_messages (notice_id, channel) values ($1, $2) on conflict do nothing returning ' +
              'notice_id',
            [String(noticeId), channel],
          )
        ).rows.length > 0;
      for (const n of notices.rows) {
        // The notice's own web path (a case), else its order, else the notifications.
        const path = n.action.startsWith('/')
          ? n.action
          : n.order_no
            ? `/order/${encodeURIComponent(n.order_no)}`
            : '/notification';
        const link = `${this.siteUrl}${path}`;
        const text = `${n.content}\n\n${link}`;
        if (n.email && (await claim(n.id, 'email')))
          ids.push(
            await this.messenger.queue(q, {
              channel: 'email',
              to: n.email,
              subject: n.title,
              text,
              ref: `notice:${n.id}:email`,
            }),
          );
        if (n.whatsapp && (await claim(n.id, 'whatsapp')))
          ids.push(
            await this.messenger.queue(q, {
              channel: 'whatsapp',
              to: `+${n.whatsapp}`,
              subject: n.title,
              text: `${n.title}\n${text}`,
              ref: `notice:${n.id}:whatsapp`,
            }),
          );
        if (!n.device) continue;
        const claimed = await q.query(
          'insert into push_deliveries (notice_id) values ($1) on conflict do nothing returning notice_id',
          [String(n.id)],
        );
        if (!claimed.rows.length) continue;
        ids.push(
          await this.messenger.queue(q, {
            channel: 'push',
            to: `user:${n.user_id}`,
            subject: n.title,
            text: n.content,
            payload: {
              notice_id: Number(n.id),
              notice_action: n.action,
              notice_params: JSON.stringify(n.params ?? {}),
            },
            ref: `notice:${n.id}`,
          }),
        );
      }
      await jobsRepo.setCursor(
        q,
        CURSOR,
        notices.rows.length < 200 ? top : BigInt(notices.rows[notices.rows.length - 1]!.id),
      );
      return ids;
    });
  }

  /**
   * Scans now and waits (10 s at most) until each new message had its first attempt (tests, and a
   * manual push); answers how many were sent. The attempts are the outbox job's, so a failure is
   * retried with backoff like any other.
   */
  async flush(): Promise<number> {
    const ids = await this.scan();
    if (!ids.length) return 0;
    this.jobs?.kick('outbox_send');
    const settled = async () => {
      const r = await this.db.query<{ status: string }>(
        "select status from outbox where id = any($1::bigint[]) and (status in ('pending', 'sending') and attempts " +
          "= 0 or status = 'sending')",
        [ids.map(String)],
      );
      return r.rows.length === 0;
    };
    for (let i = 0; i < 400 && !(await settled()); i++) await new Promise((r) => setTimeout(r, 25));
    const sent = await this.db.query<{ n: number }>(
      "select count(*)::int as n from outbox where id = any($1::bigint[]) and status = 'sent'",
      [ids.map(String)],
    );
    return sent.rows[0]?.n ?? 0;
  }
}
