import { createHash, randomBytes } from 'node:crypto';
import type { Db, Queryable } from '../../db/db.js';

export interface AuthContext {
  userId: number;
  sessionId: string;
}

export const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** Writes last_seen_at at most this often, so authenticated reads do not each cost a write. */
const TOUCH_EVERY_MS = 60_000;

/**
 * Session tokens: 256 random bits, shown to the client once, stored as SHA-256. A session ends at
 * its absolute expiry, after idle time without use, on logout, or when the password changes.
 */
export class Sessions {
  constructor(
    private readonly db: Db,
    private readonly opts: { ttlMs: number; idleMs: number },
    private readonly now: () => number = Date.now,
  ) {}

  async create(q: Queryable, userId: number, meta: { ip: string; deviceNo: string }): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await q.query('insert into sessions (user_id, token_hash, expires_at, ip, device_no, created_at, last_seen_at) values ($1,$2,$3,$4,$5,$6,$6)', [
      userId,
      hashToken(token),
      new Date(this.now() + this.opts.ttlMs),
      meta.ip,
      meta.deviceNo.slice(0, 200),
      new Date(this.now()),
    ]);
    return token;
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
  async revokeAll(q: Queryable, userId: number, exceptSessionId?: string): Promise<void> {
    await q.query('update sessions set revoked_at = now() where user_id = $1 and revoked_at is null and ($2::bigint is null or id <> $2::bigint)', [
      userId,
      exceptSessionId ?? null,
    ]);
  }
}
