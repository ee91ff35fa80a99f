// The SQL of social sign-in: identities bound to accounts, and the apps' short-lived hand-offs.
import type { Queryable } from '../../db/db.js';
import type { Provider, VerifiedIdentity } from './verify.js';

export const socialRepo = {
  /** The active account an identity is bound to. */
  async activeOwner(q: Queryable, provider: Provider, uid: string): Promise<number | undefined> {
    const r = await q.query<{ user_id: number }>(
      "select s.user_id from social_identities s join users u on u.id = s.user_id and u.status = 'active' where " +
        's.provider = $1 and s.provider_uid = $2',
      [provider, uid],
    );
    return r.rows[0]?.user_id;
  },

  /** The account an identity is bound to, whatever its state. */
  async owner(q: Queryable, provider: Provider, uid: string): Promise<number | undefined> {
    return (
      await q.query<{ user_id: number }>(
        'select user_id from social_identities where provider = $1 and provider_uid = $2',
        [provider, uid],
      )
    ).rows[0]?.user_id;
  },

  async hasProvider(q: Queryable, userId: number, provider: Provider): Promise<boolean> {
    return (
      (await q.query('select 1 from social_identities where user_id = $1 and provider = $2', [userId, provider])).rows
        .length > 0
    );
  },

  async bind(
    q: Queryable,
    b: { provider: Provider; uid: string; userId: number; email: string | null; name: string },
  ): Promise<void> {
    await q.query(
      'insert into social_identities (provider, provider_uid, user_id, email, name) values ($1,$2,$3,$4,$5)',
      [b.provider, b.uid, b.userId, b.email, b.name],
    );
  },

  /** A Google identity verified for one device, kept until expiresAt for that device's sign-in. */
  async saveHandoff(q: Queryable, id: VerifiedIdentity, deviceNo: string, expiresAt: Date): Promise<void> {
    await q.query(
      `insert into social_handoffs (provider, provider_uid, device_no, email, email_verified, name, expires_at) ` +
        `values ('google',$1,$2,$3,$4,$5,$6)
       on conflict (provider, provider_uid, device_no) do update set email = excluded.email, email_verified = ` +
        `excluded.email_verified, name = excluded.name, expires_at = excluded.expires_at`,
      [id.uid, deviceNo, id.email, id.emailVerified, id.name, expiresAt],
    );
  },

  /** Takes a device's hand-off once; undefined when there is none, and live false when it has expired. */
  async takeHandoff(q: Queryable, uid: string, deviceNo: string) {
    const r = await q.query<{ email: string | null; email_verified: boolean; name: string; live: boolean }>(
      "delete from social_handoffs where provider = 'google' and provider_uid = $1 and device_no = $2 returning " +
        'email, email_verified, name, expires_at > now() as live',
      [uid, deviceNo],
    );
    return r.rows[0];
  },
};
