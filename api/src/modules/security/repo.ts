// The SQL of account security: the re-authentication counter, the withdrawal hold and freeze, and
// the one-use "this wasn't me" reports.
import type { Queryable } from '../../db/db.js';

/** An account's addresses as they were before a change (the alert goes to them). */
export interface Owner {
  id: number;
  email: string | null;
  email_verified: boolean;
  whatsapp: string | null;
  whatsapp_verified: boolean;
}

export interface WithdrawStateRow {
  withdraw_hold_until: Date | null;
  withdraw_hold_reason: string;
  withdrawals_frozen_at: Date | null;
  withdrawals_frozen_reason: string;
  /** When the payout account asked about may first be paid to (null: no such account of the user). */
  usable_from: Date | null;
}

export interface ReportRow {
  id: bigint;
  user_id: number;
  change: string;
  expires_at: Date;
  used_at: Date | null;
}

export const securityRepo = {
  /** The password and its failure count, the user's row locked (parallel guesses count one by one). */
  async lockPassword(q: Queryable, userId: number) {
    const r = await q.query<{
      password_hash: string | null;
      password_failures: number;
      password_locked_until: Date | null;
    }>('select password_hash, password_failures, password_locked_until from users where id = $1 for update', [userId]);
    return r.rows[0];
  },

  /** Without lockedUntil the lock is left as it is. */
  async setPasswordFailures(q: Queryable, userId: number, failures: number, lockedUntil?: Date | null): Promise<void> {
    if (lockedUntil === undefined)
      await q.query('update users set password_failures = $2 where id = $1', [userId, failures]);
    else
      await q.query('update users set password_failures = $2, password_locked_until = $3 where id = $1', [
        userId,
        failures,
        lockedUntil,
      ]);
  },

  /** The user's session, if it is still signed in. */
  async liveSession(q: Queryable, userId: number, sessionId: string) {
    const r = await q.query<{ created_at: Date; client: string }>(
      'select created_at, client from sessions where id = $1 and user_id = $2 and revoked_at is null',
      [sessionId, userId],
    );
    return r.rows[0];
  },

  async owner(q: Queryable, userId: number): Promise<Owner | undefined> {
    return (
      await q.query<Owner>('select id, email, email_verified, whatsapp, whatsapp_verified from users where id = $1', [
        userId,
      ])
    ).rows[0];
  },

  /** Withdrawals wait until `until`, unless a longer hold is already set. */
  async holdWithdrawals(q: Queryable, userId: number, until: Date, reason: string): Promise<void> {
    await q.query(
      `update users set withdraw_hold_until = $2, withdraw_hold_reason = $3
        where id = $1 and (withdraw_hold_until is null or withdraw_hold_until < $2)`,
      [userId, until, reason],
    );
  },

  /** Freezes withdrawals, unless they are frozen already (the first reason stays). */
  async freezeWithdrawals(q: Queryable, userId: number, reason: string): Promise<void> {
    await q.query(
      `update users set withdrawals_frozen_at = now(), withdrawals_frozen_reason = $2 where id = $1 and ` +
        `withdrawals_frozen_at is null`,
      [userId, reason],
    );
  },

  /** The user's hold and freeze, and when the payout account (if given) may first be paid to. */
  async withdrawState(
    q: Queryable,
    userId: number,
    payoutAccountId: bigint | number | null,
  ): Promise<WithdrawStateRow | undefined> {
    const r = await q.query<WithdrawStateRow>(
      `select u.withdraw_hold_until, u.withdraw_hold_reason, u.withdrawals_frozen_at, u.withdrawals_frozen_reason,
              (select p.usable_from from payout_accounts p where p.id = $2 and p.user_id = u.id) as usable_from
         from users u where u.id = $1`,
      [userId, payoutAccountId],
    );
    return r.rows[0];
  },

  async insertReport(
    q: Queryable,
    r: { userId: number; tokenHash: string; change: string; expiresAt: Date },
  ): Promise<void> {
    await q.query('insert into security_reports (user_id, token_hash, change, expires_at) values ($1,$2,$3,$4)', [
      r.userId,
      r.tokenHash,
      r.change,
      r.expiresAt,
    ]);
  },

  async lockReport(q: Queryable, tokenHash: string): Promise<ReportRow | undefined> {
    return (
      await q.query<ReportRow>(
        'select id, user_id, change, expires_at, used_at from security_reports where token_hash = $1 for update',
        [tokenHash],
      )
    ).rows[0];
  },

  async useReport(q: Queryable, reportId: bigint, ip: string): Promise<void> {
    await q.query('update security_reports set used_at = now(), used_ip = $2 where id = $1', [reportId, ip]);
  },
};
