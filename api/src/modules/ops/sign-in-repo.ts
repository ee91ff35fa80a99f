// The SQL of the operator sign-in: the per-address throttle, the operator's row and lock, the
// challenges between the two steps, the second factor and its recovery codes.
import type { Queryable } from '../../db/db.js';
import type { Role } from './staff-repo.js';

export type StaffRow = {
  id: number;
  email: string;
  password_hash: string;
  name: string;
  role: Role;
  status: string;
  login_failures: number;
  locked_until: Date | null;
  totp_secret: string | null;
  totp_enabled_at: Date | null;
  totp_last_step: string | number;
};

export type ChallengeRow = {
  id: bigint;
  staff_id: number;
  purpose: 'totp' | 'enrol';
  totp_secret: string | null;
  attempts: number;
  expires_at: Date;
  used_at: Date | null;
};

export const signInRepo = {
  /**
   * Counts one failure for an address in one atomic upsert, and from `freeFailures` on sets its
   * next wait (`delayMs` doubled per failure, at most `maxDelayMs`); a count older than `forgetBefore`
   * starts again. Undefined while the address waits (nothing counted).
   */
  async reserveAddress(
    q: Queryable,
    a: { ip: string; now: Date; forgetBefore: Date; freeFailures: number; delayMs: number; maxDelayMs: number },
  ): Promise<number | undefined> {
    const n = `case when s.last_failure_at <= $3 then 1 else s.failures + 1 end`;
    const r = await q.query<{ failures: number }>(
      `insert into staff_sign_in_throttle as s (ip, failures, last_failure_at, blocked_until)
         values ($1, 1, $2, case when 1 >= $4 then $2::timestamptz + make_interval(secs => $5::float8 / 1000) end)
       on conflict (ip) do update
          set failures = ${n},
              last_failure_at = $2,
              blocked_until = case when ${n} >= $4
                then $2::timestamptz + make_interval(secs => least($6::float8, $5::float8 * power(2, ${n} - $4)) / ` +
        `1000) end
        where s.blocked_until is null or s.blocked_until <= $2
       returning s.failures`,
      [a.ip, a.now, a.forgetBefore, a.freeFailures, a.delayMs, a.maxDelayMs],
    );
    return r.rows[0]?.failures;
  },

  async blockedUntil(q: Queryable, ip: string): Promise<Date | null> {
    return (
      (
        await q.query<{ blocked_until: Date | null }>(
          'select blocked_until from staff_sign_in_throttle where ip = $1',
          [ip],
        )
      ).rows[0]?.blocked_until ?? null
    );
  },

  /** Gives a reserved failure back; below the free failures the wait is lifted. */
  async releaseAddress(q: Queryable, ip: string, freeFailures: number): Promise<void> {
    await q.query(
      `update staff_sign_in_throttle set failures = greatest(failures - 1, 0), blocked_until = case when failures - ` +
        `1 >= $2 then blocked_until end where ip = $1`,
      [ip, freeFailures],
    );
  },

  /** Addresses forgotten and no longer waiting. */
  async purgeAddresses(q: Queryable, forgetBefore: Date, now: Date): Promise<void> {
    await q.query(
      'delete from staff_sign_in_throttle where last_failure_at <= $1 and (blocked_until is null or blocked_until ' +
        '<= $2)',
      [forgetBefore, now],
    );
  },

  async staffIdByEmail(q: Queryable, email: string): Promise<number | undefined> {
    return (await q.query<{ id: number }>('select id from staff where lower(email) = $1', [email])).rows[0]?.id;
  },

  async lockStaff(q: Queryable, by: { email: string } | { id: number }): Promise<StaffRow | undefined> {
    const [where, value] = 'email' in by ? ['lower(email) = $1', by.email] : ['id = $1', by.id];
    const r = await q.query<StaffRow>(
      `select id, email, password_hash, name, role, status, login_failures, locked_until, totp_secret, ` +
        `totp_enabled_at, totp_last_step from staff where ${where} for update`,
      [value],
    );
    return r.rows[0];
  },

  /** Locks the account until `until` (the count starts again) and ends its open challenges. */
  async lockAccount(q: Queryable, staffId: number, until: Date): Promise<void> {
    await q.query('update staff set login_failures = 0, locked_until = $2 where id = $1', [staffId, until]);
    await q.query('update staff_challenges set used_at = now() where staff_id = $1 and used_at is null', [staffId]);
  },

  async setFailures(q: Queryable, staffId: number, failures: number): Promise<void> {
    await q.query('update staff set login_failures = $2 where id = $1', [staffId, failures]);
  },

  /** A whole sign-in: the count of wrong codes and any lock end. */
  async signedIn(q: Queryable, staffId: number): Promise<void> {
    await q.query('update staff set login_failures = 0, locked_until = null where id = $1', [staffId]);
  },

  async insertChallenge(
    q: Queryable,
    c: { staffId: number; tokenHash: string; purpose: 'totp' | 'enrol'; sealedSecret: string | null; expiresAt: Date },
  ): Promise<void> {
    await q.query(
      'insert into staff_challenges (staff_id, token_hash, purpose, totp_secret, expires_at) values ($1,$2,$3,$4,$5)',
      [c.staffId, c.tokenHash, c.purpose, c.sealedSecret, c.expiresAt],
    );
  },

  async lockChallenge(q: Queryable, tokenHash: string): Promise<ChallengeRow | undefined> {
    const r = await q.query<ChallengeRow>(
      'select id, staff_id, purpose, totp_secret, attempts, expires_at, used_at from staff_challenges where ' +
        'token_hash = $1 for update',
      [tokenHash],
    );
    return r.rows[0];
  },

  async challengeAttempt(q: Queryable, id: bigint): Promise<void> {
    await q.query('update staff_challenges set attempts = attempts + 1 where id = $1', [id]);
  },

  async useChallenge(q: Queryable, id: bigint): Promise<void> {
    await q.query('update staff_challenges set used_at = now() where id = $1', [id]);
  },

  /** Turns the second factor on with this sealed secret, and puts these recovery code hashes in place of any before. */
  async enrol(
    q: Queryable,
    staffId: number,
    sealedSecret: string,
    step: number,
    recoveryHashes: string[],
  ): Promise<void> {
    await q.query('update staff set totp_secret = $2, totp_enabled_at = now(), totp_last_step = $3 where id = $1', [
      staffId,
      sealedSecret,
      step,
    ]);
    await q.query('delete from staff_recovery_codes where staff_id = $1', [staffId]);
    for (const h of recoveryHashes)
      await q.query('insert into staff_recovery_codes (staff_id, code_hash) values ($1, $2)', [staffId, h]);
  },

  /** A known secret turned on without recovery codes (the command-line tool). */
  async enrolKnown(q: Queryable, staffId: number, sealedSecret: string): Promise<void> {
    await q.query('update staff set totp_secret = $2, totp_enabled_at = now(), totp_last_step = 0 where id = $1', [
      staffId,
      sealedSecret,
    ]);
  },

  async setTotpStep(q: Queryable, staffId: number, step: number): Promise<void> {
    await q.query('update staff set totp_last_step = $2 where id = $1', [staffId, step]);
  },

  /** Uses a recovery code once; false when it is not one of the operator's unused codes. */
  async useRecoveryCode(q: Queryable, staffId: number, codeHash: string): Promise<boolean> {
    const r = await q.query(
      'update staff_recovery_codes set used_at = now() where staff_id = $1 and code_hash = $2 and used_at is null ' +
        'returning id',
      [staffId, codeHash],
    );
    return r.rows.length > 0;
  },

  async recoveryCodesLeft(q: Queryable, staffId: number): Promise<number> {
    return (
      (
        await q.query<{ n: number }>(
          'select count(*)::int as n from staff_recovery_codes where staff_id = $1 and used_at is null',
          [staffId],
        )
      ).rows[0]?.n ?? 0
    );
  },
};
