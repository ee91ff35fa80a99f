import { createHash, randomBytes } from 'node:crypto';
import type { Db, Queryable } from '../db/db.js';
import type { ClientKind } from '../lib/sign.js';

export interface AuthContext {
  userId: number;
  sessionId: string;
}

export const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

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
 * Session tokens: 256 random bits, shown to the client once, stored as SHA-256. A session ends at
 * its absolute expiry, after idle time without use, on logout, or when the password changes.
 */
export class Sessions {
  /** Called inside the sign-in's transaction when a session opens on a device new to the account. */
  onNewDevice: NewDeviceHook | null = null;

  constructor(
    private readonly db: Db,
    private readonly opts: { ttlMs: number; idleMs: number },
    private readonly now: () => number = Date.now,
  ) {}

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
      'update sessions set revoked_at = now() where id = $1 and user_id = $2 and revoked_at is null',
      [sessionId, userId],
    );
    return r.rowCount === 1;
  }

  async resolve(token: string): Promise<AuthContext | null> {
    if (token.length > 200) return null;
    const r = await this.db.query<{ id: bigint; user_id: number; expires_at: Date; last_seen_at: Date }>(
      `select s.id, s.user_id, s.expires_at, s.last_seen_at from sessions s join users u on u.id = s.user_id
        where s.token_hash = $1 and s.revoked_at is null and u.status = 'active'`,
      [hashToken(token)],
    );
    const s = r.rows[0];
    if (!s) return null;
    const now = this.now();
    if (s.expires_at.getTime() <= now || s.last_seen_at.getTime() + this.opts.idleMs <= now) return null;
    if (now - s.last_seen_at.getTime() > TOUCH_EVERY_MS) {
      await this.db.query('update sessions set last_seen_at = $2 where id = $1', [s.id, new Date(now)]);
    }
    return { userId: s.user_id, sessionId: String(s.id) };
  }

  async revoke(q: Queryable, sessionId: string): Promise<void> {
    await q.query('update sessions set revoked_at = now() where id = $1 and revoked_at is null', [sessionId]);
  }

  /** Revokes every session of the user except, optionally, the one making the change. */
  async revokeAll(
    q: Queryable,
    { userId, exceptSessionId }: { userId: number; exceptSessionId?: string },
  ): Promise<void> {
    await q.query(
      'update sessions set revoked_at = now() where user_id = $1 and revoked_at is null and ($2::bigint is null or ' +
        'id <> $2::bigint)',
      [userId, exceptSessionId ?? null],
    );
  }
}
