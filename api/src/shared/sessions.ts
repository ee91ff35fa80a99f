import { hash, randomBytes } from 'node:crypto';
import type { Db, Queryable } from '../db/db.js';
import type { ClientKind } from '../lib/sign.js';

export interface AuthContext {
  userId: number;
  sessionId: string;
}

// One call, not a Hash object made, fed and finished: this runs on every signed-in request.
export const hashToken = (token: string) => hash('sha256', token, 'hex');

export interface SessionMeta {
  ip: string;
  deviceNo: string;
  userAgent?: string;
  /** The platform whose app key signed the sign-in ('web' when not given). */
  client?: ClientKind;
}

/**
 * The session fields of a request: the client IP the api sees, the browser's User-Agent, and the platform that signed
 * it.
 */
export const sessionMeta = (
  req: { ip: string; headers: Record<string, string | string[] | undefined>; client?: ClientKind },
  deviceNo = '',
): SessionMeta => ({
  ip: req.ip,
  deviceNo,
  userAgent: String(req.headers['user-agent'] ?? '').slice(0, 400),
  client: req.client ?? 'web',
});

/** "Chrome on Android", "Safari on iPhone", "GiftLane app": a person's name for a device, from its User-Agent. */
export function describeDevice(userAgent: string): string {
  const ua = userAgent;
  if (!ua) return 'Unknown device';
  const os = /iPhone/.test(ua)
    ? 'iPhone'
    : /iPad/.test(ua)
      ? 'iPad'
      : /Android/.test(ua)
        ? 'Android'
        : /Windows/.test(ua)
          ? 'Windows'
          : /Mac OS X|Macintosh/.test(ua)
            ? 'Mac'
            : /CrOS/.test(ua)
              ? 'Chromebook'
              : /Linux/.test(ua)
                ? 'Linux'
                : '';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /SamsungBrowser/.test(ua)
        ? 'Samsung Internet'
        : /Firefox\//.test(ua)
          ? 'Firefox'
          : /Chrome\/|Chromium\/|CriOS/.test(ua)
            ? 'Chrome'
            : /Safari\//.test(ua)
              ? 'Safari'
              : /okhttp|Dalvik|CFNetwork|Dart/.test(ua)
                ? 'App'
                : '';
  if (browser && os) return `${browser} on ${os}`;
  return browser || os || ua.slice(0, 40);
}

/** A rough place without a geo service: the client IP with its host part hidden (102.89.x.x, 2001:db8:85a3::/48). */
export function maskIp(ip: string): string {
  const v4 = /^(?:::ffff:)?(\d+)\.(\d+)\.\d+\.\d+$/.exec(ip);
  if (v4) return `${v4[1]}.${v4[2]}.x.x`;
  if (ip.includes(':')) {
    const groups = ip.split('::')[0]!.split(':').filter(Boolean).slice(0, 3);
    return groups.length ? `${groups.join(':')}::/48` : 'IPv6';
  }
  return ip ? 'unknown' : 'unknown';
}

/** A sign-in from a device the account has not used before (the first session of an account is not one). */
export type NewDeviceHook = (q: Queryable, userId: number, meta: SessionMeta) => Promise<void>;

/** Writes last_seen_at at most this often, so authenticated reads do not each cost a write. */
const TOUCH_EVERY_MS = 60_000;

/**
 * The NOTIFY channel an ended session is announced on, to every api process: `s:<session id>` for one session,
 * `u:<user id>` for every session of an account. Sent in the transaction that ends them, so it arrives on commit.
 */
export const SESSIONS_CHANNEL = 'sessions_ended';

/** Checked tokens kept per process at most (the oldest go first): a flood of tokens cannot grow it. */
const CACHE_MAX = 10_000;

interface Checked {
  id: string;
  userId: number;
  expiresAt: number;
  lastSeenAt: number;
  /** Trusted until then without asking the database. */
  until: number;
}

/**
 * Checked session tokens of one process, by token hash, each trusted for at most `ttlMs`. Every ended session is
 * dropped at once when its NOTIFY arrives; while the listening connection is away the cache is empty and unused
 * (every request asks the database), and `ttlMs` (at most 1 s) bounds what a notice lost without the connection
 * noticing could leave behind. A check that started before an end was heard is not kept (the generation).
 */
class SessionCache {
  private readonly entries = new Map<string, Checked>();
  private listening = false;
  generation = 0;

  constructor(private readonly ttlMs: number) {}

  get(hash: string, now: number): Checked | undefined {
    const e = this.entries.get(hash);
    if (e && e.until <= now) this.entries.delete(hash);
    return e && e.until > now ? e : undefined;
  }

  keep(hash: string, e: Checked, generation: number, now: number): void {
    if (!this.listening || this.ttlMs <= 0 || generation !== this.generation) return;
    if (this.entries.size >= CACHE_MAX) this.entries.delete(this.entries.keys().next().value!);
    e.until = now + this.ttlMs;
    this.entries.set(hash, e);
  }

  /** An end was heard (`s:<id>`, `u:<user id>`), or nothing to go by (a reconnect): drop what it touches. */
  ended(notice?: string): void {
    this.generation++;
    const m = notice ? /^([su]):(\d+)$/.exec(notice) : null;
    if (!m) {
      this.entries.clear();
      return;
    }
    for (const [hash, e] of this.entries)
      if (m[1] === 's' ? e.id === m[2] : String(e.userId) === m[2]) this.entries.delete(hash);
  }

  setListening(on: boolean): void {
    this.listening = on;
    this.ended();
  }
}

/**
 * Session tokens: 256 random bits, shown to the client once, stored as SHA-256. A session ends at
 * its absolute expiry, after idle time without use, on logout, or when the password changes.
 * A checked token is trusted for up to a second per process (SessionCache): a signed-in read costs no second
 * round trip, and no write but the rare "last seen" one, sent beside the request.
 */
export class Sessions {
  /** Called inside the sign-in's transaction when a session opens on a device new to the account. */
  onNewDevice: NewDeviceHook | null = null;
  private readonly cache: SessionCache;

  constructor(
    private readonly db: Db,
    private readonly opts: { ttlMs: number; idleMs: number; cacheMs?: number },
    private readonly now: () => number = Date.now,
  ) {
    this.cache = new SessionCache(opts.cacheMs ?? 0);
  }

  /**
   * Hears the ends announced by every process (SESSIONS_CHANNEL); until this listens, and whenever its connection
   * is lost, every token is checked in the database. Returns the unsubscribe.
   */
  listen(): Promise<() => Promise<void>> {
    return this.db.listen(
      SESSIONS_CHANNEL,
      (notice) => this.cache.ended(notice),
      (on) => this.cache.setListening(on),
    );
  }

  async create(q: Queryable, { userId, meta }: { userId: number; meta: SessionMeta }): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const deviceNo = meta.deviceNo.slice(0, 200);
    const userAgent = (meta.userAgent ?? '').slice(0, 400);
    // A device is known by its device number when the client sends one, else by its User-Agent.
    const known = await q.query<{ any: boolean; same: boolean }>(
      `select true as any, bool_or(case when $2 <> '' then device_no = $2 else device_no = '' and user_agent = $3 ` +
        `and $3 <> '' end) as same
         from sessions where user_id = $1 having count(*) > 0`,
      [userId, deviceNo, userAgent],
    );
    await q.query(
      'insert into sessions (user_id, token_hash, expires_at, ip, device_no, user_agent, created_at, last_seen_at, ' +
        'client) values ($1,$2,$3,$4,$5,$6,$7,$7,$8)',
      [
        userId,
        hashToken(token),
        new Date(this.now() + this.opts.ttlMs),
        meta.ip,
        deviceNo,
        userAgent,
        new Date(this.now()),
        meta.client ?? 'web',
      ],
    );
    const row = known.rows[0];
    if (row?.any && !row.same && this.onNewDevice) await this.onNewDevice(q, userId, { ...meta, deviceNo, userAgent });
    return token;
  }

  /** The account's live sessions, most recently used first. */
  async list(
    userId: number,
  ): Promise<
    { id: string; ip: string; user_agent: string; device_no: string; created_at: Date; last_seen_at: Date }[]
  > {
    const now = new Date(this.now());
    const r = await this.db.query<{
      id: bigint;
      ip: string;
      user_agent: string;
      device_no: string;
      created_at: Date;
      last_seen_at: Date;
    }>(
      `select id, ip, user_agent, device_no, created_at, last_seen_at from sessions
        where user_id = $1 and revoked_at is null and expires_at > $2 and last_seen_at > $3
        order by last_seen_at desc, id desc limit 50`,
      [userId, now, new Date(this.now() - this.opts.idleMs)],
    );
    return r.rows.map((x) => ({ ...x, id: String(x.id) }));
  }

  /** Revokes one of the user's own sessions; false when it is not theirs or already ended. */
  async revokeOwn(userId: number, sessionId: string): Promise<boolean> {
    const r = await this.db.query(
      `with x as (update sessions set revoked_at = now() where id = $1 and user_id = $2 and revoked_at is null
                  returning id)
       select pg_notify($3, 's:' || id) from x`,
      [sessionId, userId, SESSIONS_CHANNEL],
    );
    this.cache.ended(`s:${sessionId}`);
    // The rows of the notice's select (a driver may count the update's rows, or none, in rowCount).
    return r.rows.length === 1;
  }

  async resolve(token: string): Promise<AuthContext | null> {
    if (token.length > 200) return null;
    const hash = hashToken(token);
    const now = this.now();
    let s = this.cache.get(hash, now);
    if (!s) {
      const generation = this.cache.generation;
      const r = await this.db.query<{ id: bigint; user_id: number; expires_at: Date; last_seen_at: Date }>(
        `select s.id, s.user_id, s.expires_at, s.last_seen_at from sessions s join users u on u.id = s.user_id
          where s.token_hash = $1 and s.revoked_at is null and u.status = 'active'`,
        [hash],
      );
      const row = r.rows[0];
      if (!row) return null;
      s = {
        id: String(row.id),
        userId: row.user_id,
        expiresAt: row.expires_at.getTime(),
        lastSeenAt: row.last_seen_at.getTime(),
        until: 0,
      };
      this.cache.keep(hash, s, generation, now);
    }
    if (s.expiresAt <= now || s.lastSeenAt + this.opts.idleMs <= now) return null;
    if (now - s.lastSeenAt > TOUCH_EVERY_MS) {
      // Beside the request, not on its path: a lost write costs only a "last seen" a minute old.
      s.lastSeenAt = now;
      void this.db
        .query('update sessions set last_seen_at = $2 where id = $1 and last_seen_at < $2', [s.id, new Date(now)])
        .catch(() => {});
    }
    return { userId: s.userId, sessionId: s.id };
  }

  /** Ends one session, on every api process (announced on commit). */
  async revoke(q: Queryable, sessionId: string): Promise<void> {
    this.cache.ended(`s:${sessionId}`);
    await q.query(
      `with x as (update sessions set revoked_at = now() where id = $1 and revoked_at is null returning id)
       select pg_notify($2, 's:' || id) from x`,
      [sessionId, SESSIONS_CHANNEL],
    );
    this.cache.ended(`s:${sessionId}`);
  }

  /**
   * Revokes every session of the user except, optionally, the one making the change, on every api process
   * (announced on commit; the kept session is only checked again).
   */
  async revokeAll(
    q: Queryable,
    { userId, exceptSessionId }: { userId: number; exceptSessionId?: string },
  ): Promise<void> {
    this.cache.ended(`u:${userId}`);
    await q.query(
      `with x as (update sessions set revoked_at = now() where user_id = $1 and revoked_at is null and
                  ($2::bigint is null or id <> $2::bigint) returning 1)
       select pg_notify($3, 'u:' || $1::int) from (select 1 from x limit 1) y`,
      [userId, exceptSessionId ?? null, SESSIONS_CHANNEL],
    );
    this.cache.ended(`u:${userId}`);
  }
}
