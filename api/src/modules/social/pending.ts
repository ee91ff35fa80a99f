import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/db.js';
import type { VerifiedIdentity } from './verify.js';

const PENDING_MS = 30 * 60_000;
export const PENDING_COOKIE = 'gl_social_pending';
const NATIVE_OS = new Set(['android', 'ios']);

const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

function cookieValue(req: FastifyRequest, name: string): string {
  for (const part of String(req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return '';
}

/**
 * A provider-verified identity with no account waits 30 minutes for appregister, bound to the
 * client that signed in: a browser gets an opaque secret in an httpOnly cookie scoped to
 * appregister (only its hash is kept); an app (os_type android/ios with a device_no) is bound to
 * that device_no, since it cannot carry a cookie. A new sign-in with the same identity replaces the
 * binding.
 */
export async function rememberPending(
  q: Queryable,
  input: {
    reply: FastifyReply;
    identity: VerifiedIdentity;
    email: string | null;
    client: { deviceNo: string; osType: string; secureCookie: boolean };
  },
): Promise<void> {
  const { reply, identity: id, email, client } = input;
  const secret = randomBytes(32).toString('base64url');
  const native = NATIVE_OS.has(client.osType) && client.deviceNo !== '';
  await q.query(
    `insert into social_pending (provider, provider_uid, email, email_verified, name, expires_at, secret_hash, ` +
      `device_no, native) values ($1,$2,$3,$4,$5,$6,$7,$8,$9)
     on conflict (provider, provider_uid) do update set email = excluded.email, email_verified = ` +
      `excluded.email_verified, name = excluded.name,
       expires_at = excluded.expires_at, secret_hash = excluded.secret_hash, device_no = excluded.device_no, native ` +
      `= excluded.native`,
    [
      id.provider,
      id.uid,
      email,
      id.emailVerified,
      id.name,
      new Date(Date.now() + PENDING_MS),
      sha256(secret),
      client.deviceNo,
      native,
    ],
  );
  reply.header(
    'set-cookie',
    `${PENDING_COOKIE}=${secret}; Path=/gc/user/appregister; Max-Age=${PENDING_MS / 1000}; HttpOnly; ` +
      `SameSite=Strict${client.secureCookie ? '; Secure' : ''}`,
  );
}

export interface PendingIdentity {
  email: string | null;
  email_verified: boolean;
  name: string;
}

/** The pending identity, if it is still waiting and this request comes from the client that began it. */
export async function pendingFor(
  q: Queryable,
  { req, provider, uid, deviceNo }: { req: FastifyRequest; provider: string; uid: string; deviceNo: string },
): Promise<PendingIdentity | null> {
  const r = await q.query<PendingIdentity & { secret_hash: string; device_no: string; native: boolean }>(
    'select email, email_verified, name, secret_hash, device_no, native from social_pending where provider = $1 and ' +
      'provider_uid = $2 and expires_at > now()',
    [provider, uid],
  );
  const row = r.rows[0];
  if (!row) return null;
  const secret = cookieValue(req, PENDING_COOKIE);
  const byCookie =
    secret !== '' &&
    row.secret_hash !== '' &&
    timingSafeEqual(Buffer.from(sha256(secret)), Buffer.from(row.secret_hash));
  const byDevice = row.native && row.device_no !== '' && deviceNo === row.device_no;
  return byCookie || byDevice ? { email: row.email, email_verified: row.email_verified, name: row.name } : null;
}

/** A pending sign-in that became an account is forgotten. */
export async function endPending(q: Queryable, provider: string, uid: string): Promise<void> {
  await q.query('delete from social_pending where provider = $1 and provider_uid = $2', [provider, uid]);
}
