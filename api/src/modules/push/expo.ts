import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/db.js';

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
      if (!Array.isArray(body.data) || body.data.length !== batch.length) throw new Error('push service answered without a ticket per message');
      tickets.push(...body.data);
    }
    return tickets;
  }
}

/**
 * Sends each new notice to the devices of its user, once. Notices are written in the transaction of
 * their event, so the dispatcher reads committed ones (an outbox): each is claimed in
 * push_deliveries before it is sent (at most once, even with several api processes), and goes only
 * to tokens whose device has a live session of that user (a signed-out phone gets nothing).
 */
export class PushDispatcher {
  private cursor: bigint | null = null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;

  constructor(
    private readonly db: Db,
    private readonly expo: ExpoPush,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(intervalMs: number) {
    if (intervalMs <= 0 || this.timer) return;
    const tick = () => void this.flush().catch((err: unknown) => this.log.warn({ err }, 'push flush failed'));
    // The first flush only notes where the notices stand, so nothing created from now on is missed.
    tick();
    this.timer = setInterval(tick, intervalMs);
    this.timer.unref();
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  /** Sends what is new since the last flush (since start-up on the first); answers how many messages went out. */
  flush(): Promise<number> {
    this.running ??= this.run().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async run(): Promise<number> {
    if (this.cursor === null) {
      const r = await this.db.query<{ id: bigint | null }>('select max(id) as id from notices');
      this.cursor = BigInt(r.rows[0]?.id ?? 0);
      return 0;
    }
    // Only notices of accounts that registered a device: the web's notices (most of them) cost no
    // delivery row. Past those, the cursor moves to the newest notice seen before the query.
    const top = await this.db.query<{ id: bigint | null }>('select max(id) as id from notices');
    const notices = await this.db.query<{ id: bigint; user_id: number; title: string; content: string; action: string; params: Record<string, string> }>(
      `select n.id, n.user_id, n.title, n.content, n.action, n.params from notices n
        where n.id > $1 and n.id <= $2 and exists (select 1 from push_tokens t where t.user_id = n.user_id) order by n.id limit 200`,
      [String(this.cursor), String(top.rows[0]?.id ?? this.cursor)],
    );
    if (notices.rows.length < 200) this.cursor = BigInt(top.rows[0]?.id ?? this.cursor);
    let sent = 0;
    for (const n of notices.rows) {
      this.cursor = BigInt(n.id);
      const claimed = await this.db.query('insert into push_deliveries (notice_id) values ($1) on conflict do nothing returning notice_id', [String(n.id)]);
      if (!claimed.rows.length) continue;
      const tokens = await this.db.query<{ token: string }>(
        `select t.token from push_tokens t
          where t.user_id = $1 and exists (select 1 from sessions s where s.user_id = t.user_id and s.device_no = t.device_no and t.device_no <> ''
                                             and s.revoked_at is null and s.expires_at > now())`,
        [n.user_id],
      );
      if (!tokens.rows.length) {
        await this.db.query("update push_deliveries set status = 'no_device' where notice_id = $1", [String(n.id)]);
        continue;
      }
      const messages = tokens.rows.map((t) => ({
        to: t.token,
        title: n.title,
        body: n.content,
        sound: 'default' as const,
        data: { notice_id: Number(n.id), notice_action: n.action, notice_params: JSON.stringify(n.params ?? {}) },
      }));
      try {
        const tickets = await this.expo.send(messages);
        sent += messages.length;
        const gone = tickets.flatMap((t, i) => (t.status === 'error' && t.details?.error === 'DeviceNotRegistered' ? [messages[i]!.to] : []));
        // The app was removed: its token will never work again.
        if (gone.length) await this.db.query('delete from push_tokens where token = any($1::text[])', [gone]);
        const errors = tickets.filter((t) => t.status === 'error').map((t) => t.details?.error ?? t.message ?? 'error');
        await this.db.query('update push_deliveries set status = $2, detail = $3 where notice_id = $1', [String(n.id), errors.length ? 'partial' : 'sent', errors.join(',').slice(0, 500)]);
      } catch (err) {
        this.log.warn({ err, notice: String(n.id) }, 'push not sent');
        await this.db.query("update push_deliveries set status = 'failed', detail = $2 where notice_id = $1", [String(n.id), String((err as Error).message).slice(0, 500)]);
      }
    }
    return sent;
  }
}
