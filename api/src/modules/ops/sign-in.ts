import { randomBytes } from 'node:crypto';
import { normalizeIP } from '@fastify/rate-limit';
import type { Db, Queryable } from '../../db/db.js';
import { hashToken } from '../../shared/sessions.js';
import { verifyPassword } from '../../shared/passwords.js';
import { audit, staffSession, STAFF_MESSAGES, STAFF_SIGN_IN, type Role } from './staff.js';
import { newRecoveryCodes, newTotpSecret, openSecret, otpauthUrl, recoveryHash, sealSecret, verifyTotp } from './totp.js';

type StaffRow = { id: number; email: string; password_hash: string; name: string; role: Role; status: string; login_failures: number; locked_until: Date | null; totp_secret: string | null; totp_enabled_at: Date | null; totp_last_step: string | number };
export type Locked = { email: string; name: string; until: Date };
type Refused = { ok: false; message: string; locked?: Locked; /** Throttled: seconds until this address may try again. */ retryAfter?: number };

/** Wrong operator passwords per client address: free ones, then a delay that doubles per failure, capped (config.opsSignIn). */
export interface AddressThrottle {
  freeFailures: number;
  delayMs: number;
  maxDelayMs: number;
}
export const DEFAULT_THROTTLE: AddressThrottle = { freeFailures: 5, delayMs: 30_000, maxDelayMs: 3600_000 };
/** An address's count starts again after this long without a wrong password from it. */
const THROTTLE_FORGET_MS = 24 * 3600_000;

export type PasswordOutcome = { ok: true; challenge: string; staff: { id: number; name: string; role: Role }; enrol?: { secret: string; otpauthUrl: string } } | Refused;
export type SecondFactorOutcome = { ok: true; token: string; staff: { id: number; name: string; role: Role }; recoveryCodes?: string[]; recoveryLeft: number } | Refused;

/**
 * Operator sign-in in two steps: the password, then a code from an authenticator app (TOTP) or a
 * one-time recovery code. A first sign-in enrols the app: the password step returns a new secret
 * (and its otpauth:// link for the QR code), the first right code turns it on and returns ten
 * recovery codes, shown once. Every attempt is audited.
 *
 * Wrong passwords (and unknown e-mails, told the same) are throttled per client address, never by
 * locking the account, so nobody who merely knows an operator's e-mail can keep them out (issue
 * 27): each try reserves a failure for its address before the password is compared, in one atomic
 * upsert that also sets the address's wait once it has had its free failures (a delay doubling per
 * failure, capped); parallel tries from one address therefore cannot pass the budget. A right
 * password gives its reservation back. Wrong second-factor codes, which need the right password
 * first, count per operator under their row lock: five in a row lock the account for a while (the
 * right password and code are refused too until then) and the admins are told.
 */
export class StaffSignIn {
  constructor(
    private readonly db: Db,
    private readonly secretKey: string,
    private readonly issuer: string,
    private readonly throttle: AddressThrottle = DEFAULT_THROTTLE,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /**
   * Reserves one failure for a client address (IPv6 by its /64), atomically: refused (with the
   * seconds left) while the address waits; otherwise counted, and from the free failures on it sets
   * the address's next wait, before the password is compared.
   */
  private async reserve(q: Queryable, ip: string): Promise<{ ok: true; failures: number } | { ok: false; retryAfter: number }> {
    const now = new Date(this.now());
    const t = this.throttle;
    const n = `case when s.last_failure_at <= $3 then 1 else s.failures + 1 end`;
    const r = await q.query<{ failures: number }>(
      `insert into staff_sign_in_throttle as s (ip, failures, last_failure_at, blocked_until)
         values ($1, 1, $2, case when 1 >= $4 then $2::timestamptz + make_interval(secs => $5::float8 / 1000) end)
       on conflict (ip) do update
          set failures = ${n},
              last_failure_at = $2,
              blocked_until = case when ${n} >= $4
                then $2::timestamptz + make_interval(secs => least($6::float8, $5::float8 * power(2, ${n} - $4)) / 1000) end
        where s.blocked_until is null or s.blocked_until <= $2
       returning s.failures`,
      [ip, now, new Date(now.getTime() - THROTTLE_FORGET_MS), t.freeFailures, t.delayMs, t.maxDelayMs],
    );
    if (r.rows[0]) return { ok: true, failures: r.rows[0].failures };
    const left = await q.query<{ blocked_until: Date }>('select blocked_until from staff_sign_in_throttle where ip = $1', [ip]);
    // Counted from now, not from when this try began: a parallel try may have set the wait while this
    // one queued for the row, and the seconds told must never exceed the wait itself.
    const at = this.now();
    return { ok: false, retryAfter: Math.max(1, Math.ceil(((left.rows[0]?.blocked_until?.getTime() ?? at) - at) / 1000)) };
  }

  /** Gives a reservation back (the password was right); below the free failures the wait is lifted. */
  private async release(q: Queryable, ip: string): Promise<void> {
    await q.query(
      `update staff_sign_in_throttle set failures = greatest(failures - 1, 0), blocked_until = case when failures - 1 >= $2 then blocked_until end where ip = $1`,
      [ip, this.throttle.freeFailures],
    );
  }

  private async lockedStaff(q: Queryable, where: string, value: unknown): Promise<StaffRow | undefined> {
    const r = await q.query<StaffRow>(`select id, email, password_hash, name, role, status, login_failures, locked_until, totp_secret, totp_enabled_at, totp_last_step from staff where ${where} for update`, [value]);
    return r.rows[0];
  }

  /** A wrong second-factor code: counted, audited, and the fifth in a row locks the account. */
  private async failure(q: Queryable, row: StaffRow, reason: string, ip: string, message: string): Promise<Refused> {
    const failures = row.login_failures + 1;
    if (failures >= STAFF_SIGN_IN.maxFailures) {
      const until = new Date(this.now() + STAFF_SIGN_IN.lockMinutes * 60_000);
      await q.query('update staff set login_failures = 0, locked_until = $2 where id = $1', [row.id, until]);
      await q.query('update staff_challenges set used_at = now() where staff_id = $1 and used_at is null', [row.id]);
      await audit(q, { staffId: row.id, action: 'login.locked', targetType: 'staff', targetId: String(row.id), reason: `${failures} wrong second-factor codes in a row (last: ${reason})`, details: { locked_until: until.toISOString() }, ip });
      return { ok: false, message: STAFF_MESSAGES.locked, locked: { email: row.email, name: row.name, until } };
    }
    await q.query('update staff set login_failures = $2 where id = $1', [row.id, failures]);
    await audit(q, { staffId: row.id, action: 'login.failed', targetType: 'staff', targetId: String(row.id), reason, details: { failures }, ip });
    return { ok: false, message };
  }

  private isLocked(row: StaffRow) {
    return row.locked_until !== null && row.locked_until.getTime() > this.now();
  }

  private triesSincePurge = 0;

  /** Step one: the e-mail and password. */
  async password(input: { email: string; password: string; ip: string }): Promise<PasswordOutcome> {
    const email = input.email.trim().toLowerCase();
    const address = normalizeIP(input.ip);
    if (++this.triesSincePurge >= 200) {
      // Addresses forgotten and no longer waiting (many addresses would otherwise pile up).
      this.triesSincePurge = 0;
      const now = this.now();
      await this.db.query('delete from staff_sign_in_throttle where last_failure_at <= $1 and (blocked_until is null or blocked_until <= $2)', [new Date(now - THROTTLE_FORGET_MS), new Date(now)]);
    }
    return this.db.tx(async (q) => {
      // The address's try first (its row, then the operator's: always in this order).
      const tried = await this.reserve(q, address);
      if (!tried.ok) {
        const known = (await q.query<{ id: number }>('select id from staff where lower(email) = $1', [email])).rows[0];
        await audit(q, { staffId: known?.id ?? null, action: 'login.failed', targetType: 'staff', targetId: known ? String(known.id) : email.slice(0, 254), reason: 'too many failures from this address', details: { retry_after_seconds: tried.retryAfter }, ip: input.ip });
        return { ok: false, message: STAFF_MESSAGES.slowDown(tried.retryAfter), retryAfter: tried.retryAfter };
      }
      const row = await this.lockedStaff(q, 'lower(email) = $1', email);
      if (!row || row.status !== 'active') {
        await verifyPassword(undefined, input.password); // the same time as a wrong password
        await audit(q, { staffId: row?.id ?? null, action: 'login.failed', targetType: 'staff', targetId: row ? String(row.id) : email.slice(0, 254), reason: row ? 'account disabled' : 'unknown e-mail', details: { address_failures: tried.failures }, ip: input.ip });
        return { ok: false, message: STAFF_MESSAGES.wrong };
      }
      if (!(await verifyPassword(row.password_hash, input.password))) {
        // Not counted against the account: a stranger's guesses slow down their own address only.
        await audit(q, { staffId: row.id, action: 'login.failed', targetType: 'staff', targetId: String(row.id), reason: 'wrong password', details: { address_failures: tried.failures }, ip: input.ip });
        return { ok: false, message: STAFF_MESSAGES.wrong };
      }
      await this.release(q, address);
      // Only the password's owner learns of a lock (wrong codes after the right password).
      if (this.isLocked(row)) {
        await audit(q, { staffId: row.id, action: 'login.failed', targetType: 'staff', targetId: String(row.id), reason: 'account locked', details: { locked_until: row.locked_until!.toISOString() }, ip: input.ip });
        return { ok: false, message: STAFF_MESSAGES.locked };
      }
      // The count is not reset here: only a whole sign-in does that, or a known password would
      // buy unlimited guesses at the second factor.
      const challenge = randomBytes(32).toString('base64url');
      const enrolSecret = row.totp_enabled_at ? null : newTotpSecret();
      await q.query('insert into staff_challenges (staff_id, token_hash, purpose, totp_secret, expires_at) values ($1,$2,$3,$4,$5)', [
        row.id, hashToken(challenge), enrolSecret ? 'enrol' : 'totp', enrolSecret ? sealSecret(this.secretKey, enrolSecret) : null, new Date(this.now() + STAFF_SIGN_IN.challengeMinutes * 60_000),
      ]);
      await audit(q, { staffId: row.id, action: 'login.password', targetType: 'staff', targetId: String(row.id), reason: enrolSecret ? 'second factor to enrol' : 'second factor asked', ip: input.ip });
      return {
        ok: true,
        challenge,
        staff: { id: row.id, name: row.name, role: row.role },
        ...(enrolSecret ? { enrol: { secret: enrolSecret, otpauthUrl: otpauthUrl(this.issuer, row.email, enrolSecret) } } : {}),
      };
    });
  }

  /** Step two: a code from the authenticator app (or a recovery code) for the challenge of step one. */
  async secondFactor(input: { challenge: string; code: string; ip: string }): Promise<SecondFactorOutcome> {
    return this.db.tx(async (q) => {
      const c = (
        await q.query<{ id: bigint; staff_id: number; purpose: 'totp' | 'enrol'; totp_secret: string | null; attempts: number; expires_at: Date; used_at: Date | null }>(
          'select id, staff_id, purpose, totp_secret, attempts, expires_at, used_at from staff_challenges where token_hash = $1 for update',
          [hashToken(input.challenge)],
        )
      ).rows[0];
      if (!c || c.used_at || c.expires_at.getTime() <= this.now() || c.attempts >= STAFF_SIGN_IN.challengeAttempts) return { ok: false, message: STAFF_MESSAGES.challenge };
      const row = await this.lockedStaff(q, 'id = $1', c.staff_id);
      if (!row || row.status !== 'active') return { ok: false, message: STAFF_MESSAGES.challenge };
      if (this.isLocked(row)) {
        await audit(q, { staffId: row.id, action: 'login.failed', targetType: 'staff', targetId: String(row.id), reason: 'account locked', ip: input.ip });
        return { ok: false, message: STAFF_MESSAGES.locked };
      }
      const code = input.code.trim().replace(/\s/g, '');
      let how: 'totp' | 'recovery' | 'enrol' | null = null;
      let recoveryCodes: string[] | undefined;
      if (c.purpose === 'enrol' && c.totp_secret) {
        const step = verifyTotp(openSecret(this.secretKey, c.totp_secret), code, this.now(), 0);
        if (step !== null) {
          how = 'enrol';
          await q.query('update staff set totp_secret = $2, totp_enabled_at = now(), totp_last_step = $3 where id = $1', [row.id, c.totp_secret, step]);
          await q.query('delete from staff_recovery_codes where staff_id = $1', [row.id]);
          recoveryCodes = newRecoveryCodes();
          for (const rc of recoveryCodes) await q.query('insert into staff_recovery_codes (staff_id, code_hash) values ($1, $2)', [row.id, recoveryHash(this.secretKey, rc)]);
          await audit(q, { staffId: row.id, action: 'totp.enrol', targetType: 'staff', targetId: String(row.id), ip: input.ip });
        }
      } else if (c.purpose === 'totp' && row.totp_secret) {
        const step = verifyTotp(openSecret(this.secretKey, row.totp_secret), code, this.now(), Number(row.totp_last_step));
        if (step !== null) {
          how = 'totp';
          await q.query('update staff set totp_last_step = $2 where id = $1', [row.id, step]);
        } else if (/^[a-z2-7]{5}-?[a-z2-7]{5}$/i.test(code)) {
          const used = await q.query('update staff_recovery_codes set used_at = now() where staff_id = $1 and code_hash = $2 and used_at is null returning id', [row.id, recoveryHash(this.secretKey, code)]);
          if (used.rows.length) how = 'recovery';
        }
      }
      if (!how) {
        await q.query('update staff_challenges set attempts = attempts + 1 where id = $1', [c.id]);
        return this.failure(q, row, 'wrong second-factor code', input.ip, STAFF_MESSAGES.code);
      }
      await q.query('update staff_challenges set used_at = now() where id = $1', [c.id]);
      await q.query('update staff set login_failures = 0, locked_until = null where id = $1', [row.id]);
      await audit(q, { staffId: row.id, action: 'login', targetType: 'staff', targetId: String(row.id), details: { second_factor: how }, ip: input.ip });
      const left = await q.query<{ n: number }>('select count(*)::int as n from staff_recovery_codes where staff_id = $1 and used_at is null', [row.id]);
      return { ok: true, token: await staffSession(q, row.id), staff: { id: row.id, name: row.name, role: row.role }, recoveryCodes, recoveryLeft: left.rows[0]?.n ?? 0 };
    });
  }
}

/**
 * Enrols a known authenticator secret for an operator without the sign-in step (the command-line
 * tool's OPS_TOTP_SECRET, for provisioning and the e2e suite): no recovery codes are made.
 */
export async function enrolKnownSecret(q: Queryable, staffId: number, secretKey: string, secret: string): Promise<void> {
  const clean = secret.toUpperCase().replace(/[\s=-]/g, '');
  if (!/^[A-Z2-7]{16,64}$/.test(clean)) throw new Error('OPS_TOTP_SECRET must be base32, 16 to 64 characters');
  await q.query('update staff set totp_secret = $2, totp_enabled_at = now(), totp_last_step = 0 where id = $1', [staffId, sealSecret(secretKey, clean)]);
}
