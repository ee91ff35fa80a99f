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

/**
 * The sum withdrawn "today" in a time zone (today's withdrawals, and older ones still held), over SQL expressions for
 * the user, the currency and the zone: withdrawnToday's statement and the status read's each use it.
 */
const withdrawnTodaySql = (user: string, currency: string, zone: string) =>
  `select coalesce(sum(amount_minor), 0)::bigint from withdrawals
    where user_id = ${user} and currency_code = ${currency} and status <> 'failed'
      and (created_at >= (date_trunc('day', now() at time zone ${zone}) at time zone ${zone})
           or status in ('pending', 'processing'))`;

/** The seller time zone of the user's country, from the status read's countries ($2, perCountryJson). */
const USER_ZONE = "($2::jsonb -> (u.country_id::text) ->> 'zone')";

/**
 * The count of a user's failed checks in the last 24 hours (the day's attempts), over an SQL expression for the user.
 */
const failedInLastDaySql = (user: string) =>
  `select count(*)::int from kyc_checks
    where user_id = ${user} and status = 'failed' and created_at > now() - interval '24 hours'`;

/** What the Verification screen shows of one check. */
export type CheckSummary = Pick<CheckRow, 'level' | 'status' | 'reason' | 'id_type' | 'id_last4' | 'created_at'>;

/** One read of everything the Verification screen shows (kycRepo.status). */
export interface StatusRow {
  id: number;
  country_id: number;
  kyc_level: number;
  kyc_name: string;
  /** The latest check of each level, by level. */
  checks: CheckSummary[];
  /** The latest verified ID (level 1) check. */
  id_check: Pick<CheckRow, 'id_type' | 'id_last4'> | null;
  failed_in_last_day: number;
  /** The bank and mobile-money accounts (not USDT), oldest first. */
  bank_accounts: { id: bigint; account_no: string; account_name: string; bank_name: string }[];
  /** Per currency of the user's country's tiers: withdrawn today in the country's zone (withdrawnToday). */
  used: Map<string, bigint>;
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
    const r = await q.query<{ total: bigint }>(`select (${withdrawnTodaySql('$1', '$2', '$3')}) as total`, [
      userId,
      currency,
      zone,
    ]);
    return BigInt(r.rows[0]?.total ?? 0n);
  },

  async failedInLastDay(q: Queryable, userId: number): Promise<number> {
    const r = await q.query<{ n: number }>(`select (${failedInLastDaySql('$1')}) as n`, [userId]);
    return r.rows[0]?.n ?? 0;
  },

  /**
   * Everything the Verification screen shows of a user, in one statement: the user's level and verified name, the
   * latest check of each level, the latest verified ID, the day's failed attempts, the bank and mobile-money accounts,
   * and for each currency of the country's tiers what was withdrawn today in the country's zone. `countries` (JSON,
   * perCountryJson): per country id, its tiers' currencies and its seller time zone. Undefined: no such user.
   */
  async status(q: Queryable, userId: number, countries: string): Promise<StatusRow | undefined> {
    const r = await q.query<
      Omit<StatusRow, 'checks' | 'bank_accounts' | 'used'> & {
        checks: (Omit<CheckSummary, 'created_at'> & { created_at: string })[];
        bank_accounts: { id: string; account_no: string; account_name: string; bank_name: string }[];
        used: Record<string, string>;
      }
    >(
      `select u.id, u.country_id, u.kyc_level, u.kyc_name,
              (select coalesce(json_agg(json_build_object('level', c.level, 'status', c.status,
                        'reason', c.reason, 'id_type', c.id_type, 'id_last4', c.id_last4,
                        'created_at', c.created_at) order by c.level), '[]')
                 from (select distinct on (level) * from kyc_checks where user_id = u.id order by level, id desc) c)
                as checks,
              (select json_build_object('id_type', c.id_type, 'id_last4', c.id_last4) from kyc_checks c
                where c.user_id = u.id and c.level = 1 and c.status = 'verified' order by c.id desc limit 1)
                as id_check,
              (${failedInLastDaySql('u.id')}) as failed_in_last_day,
              (select coalesce(json_agg(json_build_object('id', p.id::text, 'account_no', p.account_no,
                        'account_name', p.account_name, 'bank_name', b.name) order by p.id), '[]')
                 from payout_accounts p join banks b on b.id = p.bank_id
                where p.user_id = u.id and p.deleted_at is null and p.method <> 'USDT') as bank_accounts,
              (select coalesce(json_object_agg(k.code, (${withdrawnTodaySql('u.id', 'k.code', USER_ZONE)})::text), '{}')
                 from jsonb_array_elements_text($2::jsonb -> (u.country_id::text) -> 'currencies') as k(code)) as used
         from users u where u.id = $1`,
      [userId, countries],
    );
    const row = r.rows[0];
    if (!row) return undefined;
    return {
      ...row,
      checks: row.checks.map((c) => ({ ...c, created_at: new Date(c.created_at) })),
      bank_accounts: row.bank_accounts.map((a) => ({ ...a, id: BigInt(a.id) })),
      used: new Map(Object.entries(row.used).map(([code, total]) => [code, BigInt(total)])),
    };
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
