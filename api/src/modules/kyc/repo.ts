// The SQL of identity verification (the module shape: routes → service → repo). Every function runs
// on the Queryable it is given, so the service decides what shares a transaction.
import type { Queryable } from '../../db/db.js';
import type { IdType } from './tiers.js';

export interface CheckRow {
  id: bigint;
  user_id: number;
  level: number;
  id_type: IdType | '';
  id_number_sealed: string;
  id_last4: string;
  /** The record's date of birth, sealed (vault.ts, dateOfBirthContext); '' when none. */
  date_of_birth_sealed: string;
  name_on_record: string;
  selfie: string;
  document: string;
  address_sealed: string;
  status: 'pending' | 'verified' | 'failed';
  reason: string;
  created_at: Date;
  decided_at: Date | null;
}

export const kycRepo = {
  async user(q: Queryable, userId: number) {
    const r = await q.query<{ id: number; country_id: number; kyc_level: number; kyc_name: string }>(
      'select id, country_id, kyc_level, kyc_name from users where id = $1',
      [userId],
    );
    return r.rows[0];
  },

  /** The user's level, with their row locked until the transaction ends. */
  async lockLevel(q: Queryable, userId: number): Promise<number> {
    const r = await q.query<{ kyc_level: number }>('select kyc_level from users where id = $1 for update', [userId]);
    return r.rows[0]?.kyc_level ?? 0;
  },

  /** Withdrawn "today" in the time zone `zone`: today's withdrawals, and older ones still held. */
  async withdrawnToday(q: Queryable, userId: number, currency: string, zone: string): Promise<bigint> {
    const r = await q.query<{ total: bigint }>(
      `select coalesce(sum(amount_minor), 0)::bigint as total from withdrawals
        where user_id = $1 and currency_code = $2 and status <> 'failed'
          and (created_at >= (date_trunc('day', now() at time zone $3) at time zone $3) or status in ('pending', ` +
        `'processing'))`,
      [userId, currency, zone],
    );
    return BigInt(r.rows[0]?.total ?? 0n);
  },

  async failedInLastDay(q: Queryable, userId: number): Promise<number> {
    const r = await q.query<{ n: number }>(
      "select count(*)::int as n from kyc_checks where user_id = $1 and status = 'failed' and created_at > now() - " +
        "interval '24 hours'",
      [userId],
    );
    return r.rows[0]?.n ?? 0;
  },

  async insertFailed(
    q: Queryable,
    c: { userId: number; level: number; reason: string; idType?: string; idLast4?: string; selfie?: string },
  ) {
    await q.query(
      `insert into kyc_checks (user_id, level, status, reason, id_type, id_last4, selfie, decided_at) values ` +
        `($1,$2,'failed',$3,$4,$5,$6, now())`,
      [c.userId, c.level, c.reason, c.idType ?? '', c.idLast4 ?? '', c.selfie ?? ''],
    );
  },

  /**
   * A level 1 look-up about to be made, as a pending check: one per user at a time (the unique
   * pending index), so parallel requests cannot each pass the daily count. A claim left behind by a
   * crash is cleared after two minutes.
   */
  async claimLookUp(q: Queryable, c: { userId: number; idType: IdType; last4: string }): Promise<bigint> {
    await q.query(
      "delete from kyc_checks where user_id = $1 and level = 1 and status = 'pending' and created_at < now() - " +
        "interval '2 minutes'",
      [c.userId],
    );
    const r = await q.query<{ id: bigint }>(
      "insert into kyc_checks (user_id, level, id_type, id_last4, status) values ($1, 1, $2, $3, 'pending') " +
        'returning id',
      [c.userId, c.idType, c.last4],
    );
    return (r.rows[0] as { id: bigint }).id;
  },

  /** The provider did not answer: the claim goes, nothing is kept. */
  async dropClaim(q: Queryable, checkId: bigint) {
    await q.query("delete from kyc_checks where id = $1 and status = 'pending'", [checkId]);
  },

  /**
   * A refused attempt; `lookup` keeps the keyed hash of a number verified on another account (it links the two
   * accounts).
   */
  async failClaim(q: Queryable, checkId: bigint, reason: string, lookup = '') {
    await q.query(
      "update kyc_checks set status = 'failed', reason = $2, id_lookup = $3, decided_at = now() where id = $1",
      [checkId, reason, lookup],
    );
  },

  async verifyClaim(
    q: Queryable,
    checkId: bigint,
    c: { sealed: string; lookup: string; personLookup: string; dateOfBirthSealed: string; nameOnRecord: string },
  ) {
    await q.query(
      "update kyc_checks set status = 'verified', id_number_sealed = $2, id_lookup = $3, date_of_birth_sealed = $4, " +
        'name_on_record = $5, person_lookup = $6, decided_at = now() where id = $1',
      [checkId, c.sealed, c.lookup, c.dateOfBirthSealed, c.nameOnRecord, c.personLookup],
    );
  },

  async setVerifiedName(q: Queryable, userId: number, name: string) {
    await q.query('update users set kyc_level = 1, kyc_name = $2, kyc_verified_at = now() where id = $1', [
      userId,
      name,
    ]);
  },

  /** Raises the level (never lowers it). */
  async raiseLevel(q: Queryable, userId: number, level: number) {
    await q.query('update users set kyc_level = greatest(kyc_level, $2) where id = $1', [userId, level]);
  },

  /** Whether `name` is the user's own stored photo (a card photo or an identity one; never an avatar). */
  async ownPhoto(q: Queryable, userId: number, name: string): Promise<boolean> {
    const r = await q.query(
      "select 1 from uploads where object_name = $1 and user_id = $2 and status = 'stored' and purpose in ('order', " +
        "'kyc')",
      [name, userId],
    );
    return r.rows.length > 0;
  },

  async markIdentityPhoto(q: Queryable, name: string) {
    await q.query("update uploads set purpose = 'kyc' where object_name = $1", [name]);
  },

  async latestVerified(q: Queryable, userId: number, level: number): Promise<CheckRow | undefined> {
    const r = await q.query<CheckRow>(
      "select * from kyc_checks where user_id = $1 and level = $2 and status = 'verified' order by id desc limit 1",
      [userId, level],
    );
    return r.rows[0];
  },

  async insertSelfie(q: Queryable, userId: number, selfie: string) {
    await q.query(
      "insert into kyc_checks (user_id, level, selfie, status, decided_at) values ($1, 2, $2, 'verified', now())",
      [userId, selfie],
    );
  },

  async insertDocuments(q: Queryable, c: { userId: number; document: string; selfie: string; addressSealed: string }) {
    await q.query(
      'insert into kyc_checks (user_id, level, document, selfie, address_sealed, status) values ($1, 3, $2, $3, $4, ' +
        "'pending')",
      [c.userId, c.document, c.selfie, c.addressSealed],
    );
  },

  async lockReview(q: Queryable, checkId: number): Promise<CheckRow | undefined> {
    const r = await q.query<CheckRow>('select * from kyc_checks where id = $1 and level = 3 for update', [checkId]);
    return r.rows[0];
  },

  async decide(q: Queryable, checkId: number, outcome: 'verified' | 'failed', reason: string, staffId: number) {
    await q.query(
      'update kyc_checks set status = $2, reason = $3, reviewed_by = $4, decided_at = now() where id = $1',
      [checkId, outcome, reason, staffId],
    );
  },

  /** The latest check of each level. */
  async latestPerLevel(q: Queryable, userId: number): Promise<CheckRow[]> {
    const r = await q.query<CheckRow>(
      'select distinct on (level) * from kyc_checks where user_id = $1 order by level, id desc',
      [userId],
    );
    return r.rows;
  },

  async bankAccounts(q: Queryable, userId: number) {
    const r = await q.query<{ id: bigint; account_no: string; account_name: string; bank_name: string }>(
      `select p.id, p.account_no, p.account_name, b.name as bank_name from payout_accounts p join banks b on b.id = ` +
        `p.bank_id
        where p.user_id = $1 and p.deleted_at is null and p.method <> 'USDT' order by p.id`,
      [userId],
    );
    return r.rows;
  },

  // ---- the operator console's side ----------------------------------------------------------

  async pendingReviews(q: Queryable) {
    const r = await q.query<{
      id: bigint;
      user_id: number;
      username: string;
      kyc_name: string;
      country: string;
      created_at: Date;
    }>(
      `select k.id, k.user_id, u.username, u.kyc_name, c.name as country, k.created_at
         from kyc_checks k join users u on u.id = k.user_id join countries c on c.id = u.country_id
        where k.level = 3 and k.status = 'pending' order by k.created_at limit 200`,
    );
    return r.rows;
  },

  async review(q: Queryable, checkId: number) {
    const r = await q.query<{
      id: bigint;
      user_id: number;
      status: string;
      reason: string;
      selfie: string;
      document: string;
      address_sealed: string;
      created_at: Date;
      decided_at: Date | null;
    }>(
      'select id, user_id, status, reason, selfie, document, address_sealed, created_at, decided_at from kyc_checks ' +
        'where id = $1 and level = 3',
      [checkId],
    );
    return r.rows[0];
  },

  async reviewedUser(q: Queryable, userId: number) {
    const r = await q.query<{
      username: string;
      email: string | null;
      kyc_level: number;
      kyc_name: string;
      country: string;
      created_at: Date;
    }>(
      'select u.username, u.email, u.kyc_level, u.kyc_name, c.name as country, u.created_at from users u join ' +
        'countries c on c.id = u.country_id where u.id = $1',
      [userId],
    );
    return r.rows[0];
  },
};
