import { randomBytes } from 'node:crypto';
import { normalizeIP } from '@fastify/rate-limit';
import type { Db, Queryable } from '../../db/db.js';
import { hashToken } from '../../shared/sessions.js';
import { verifyPassword } from '../../shared/passwords.js';
import { signInRepo, type StaffRow } from './sign-in-repo.js';
import { audit, staffSession, STAFF_MESSAGES, STAFF_SIGN_IN, type Role } from './staff.js';
import {
  newRecoveryCodes,
  newTotpSecret,
  openSecret,
  otpauthUrl,
  recoveryHash,
  sealSecret,
  verifyTotp,
} from './totp.js';

export type Locked = { email: string; name: string; until: Date };
type Refused = {
  ok: false;
  message: string;
  locked?: Locked /** Throttled: seconds until this address may try again. */;
  retryAfter?: number;
};

/**
 * Wrong operator passwords per client address: free ones, then a delay that doubles per failure, capped
 * (config.opsSignIn).
 */
export interface AddressThrottle {
  freeFailures: number;
  delayMs: number;
  maxDelayMs: number;
}
export const DEFAULT_THROTTLE: AddressThrottle = { freeFailures: 5, delayMs: 30_000, maxDelayMs: 3600_000 };
/** An address's count starts again after this long without a wrong password from it. */
const THROTTLE_FORGET_MS = 24 * 3600_000;

export type PasswordOutcome =
  | {
      ok: true;
      challenge: string;
      staff: { id: number; name: string; role: Role };
      enrol?: { secret: string; otpauthUrl: string };
    }
  | Refused;
export type SecondFactorOutcome =
  | {
      ok: true;
      token: string;
      staff: { id: number; name: string; role: Role };
      recoveryCodes?: string[];
      recoveryLeft: number;
    }
  | Refused;

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
  private async reserve(
    q: Queryable,
    ip: string,
  ): Promise<{ ok: true; failures: number } | { ok: false; retryAfter: number }> {
    const now = new Date(this.now());
    const t = this.throttle;
    const failures = await signInRepo.reserveAddress(q, {
      ip,
      now,
      forgetBefore: new Date(now.getTime() - THROTTLE_FORGET_MS),
      freeFailures: t.freeFailures,
      delayMs: t.delayMs,
      maxDelayMs: t.maxDelayMs,
    });
    if (failures !== undefined) return { ok: true, failures };
    const blockedUntil = await signInRepo.blockedUntil(q, ip);
    // Counted from now, not from when this try began: a parallel try may have set the wait while this
    // one queued for the row, and the seconds told must never exceed the wait itself.
    const at = this.now();
    return { ok: false, retryAfter: Math.max(1, Math.ceil(((blockedUntil?.getTime() ?? at) - at) / 1000)) };
  }

  /** Gives a reservation back (the password was right); below the free failures the wait is lifted. */
  private async release(q: Queryable, ip: string): Promise<void> {
    await signInRepo.releaseAddress(q, ip, this.throttle.freeFailures);
  }

  /** A wrong second-factor code: counted, audited, and the fifth in a row locks the account. */
  private async failure(q: Queryable, row: StaffRow, reason: string, ip: string, message: string): Promise<Refused> {
    const failures = row.login_failures + 1;
    if (failures >= STAFF_SIGN_IN.maxFailures) {
      const until = new Date(this.now() + STAFF_SIGN_IN.lockMinutes * 60_000);
      await signInRepo.lockAccount(q, row.id, until);
      await audit(q, {
        staffId: row.id,
        action: 'login.locked',
        targetType: 'staff',
        targetId: String(row.id),
        reason: `${failures} wrong second-factor codes in a row (last: ${reason})`,
        details: { locked_until: until.toISOString() },
        ip,
      });
      return { ok: false, message: STAFF_MESSAGES.locked, locked: { email: row.email, name: row.name, until } };
    }
    await signInRepo.setFailures(q, row.id, failures);
    await audit(q, {
      staffId: row.id,
      action: 'login.failed',
      targetType: 'staff',
      targetId: String(row.id),
      reason,
      details: { failures },
      ip,
    });
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
      await signInRepo.purgeAddresses(this.db, new Date(now - THROTTLE_FORGET_MS), new Date(now));
    }
    return this.db.tx(async (q) => {
      // The address's try first (its row, then the operator's: always in this order).
      const tried = await this.reserve(q, address);
      if (!tried.ok) {
        const known = await signInRepo.staffIdByEmail(q, email);
        await audit(q, {
          staffId: known ?? null,
          action: 'login.failed',
          targetType: 'staff',
          targetId: known !== undefined ? String(known) : email.slice(0, 254),
          reason: 'too many failures from this address',
          details: { retry_after_seconds: tried.retryAfter },
          ip: input.ip,
        });
        return { ok: false, message: STAFF_MESSAGES.slowDown(tried.retryAfter), retryAfter: tried.retryAfter };
      }
      const row = await signInRepo.lockStaff(q, { email });
      if (!row || row.status !== 'active') {
        await verifyPassword(undefined, input.password); // the same time as a wrong password
        await audit(q, {
          staffId: row?.id ?? null,
          action: 'login.failed',
          targetType: 'staff',
          targetId: row ? String(row.id) : email.slice(0, 254),
          reason: row ? 'account disabled' : 'unknown e-mail',
          details: { address_failures: tried.failures },
          ip: input.ip,
        });
        return { ok: false, message: STAFF_MESSAGES.wrong };
      }
      if (!(await verifyPassword(row.password_hash, input.password))) {
        // Not counted against the account: a stranger's guesses slow down their own address only.
        await audit(q, {
          staffId: row.id,
          action: 'login.failed',
          targetType: 'staff',
          targetId: String(row.id),
          reason: 'wrong password',
          details: { address_failures: tried.failures },
          ip: input.ip,
        });
        return { ok: false, message: STAFF_MESSAGES.wrong };
      }
      await this.release(q, address);
      // Only the password's owner learns of a lock (wrong codes after the right password).
      if (this.isLocked(row)) {
        await audit(q, {
          staffId: row.id,
          action: 'login.failed',
          targetType: 'staff',
          targetId: String(row.id),
          reason: 'account locked',
          details: { locked_until: row.locked_until!.toISOString() },
          ip: input.ip,
        });
        return { ok: false, message: STAFF_MESSAGES.locked };
      }
      // The count is not reset here: only a whole sign-in does that, or a known password would
      // buy unlimited guesses at the second factor.
      const challenge = randomBytes(32).toString('base64url');
      const enrolSecret = row.totp_enabled_at ? null : newTotpSecret();
      await signInRepo.insertChallenge(q, {
        staffId: row.id,
        tokenHash: hashToken(challenge),
        purpose: enrolSecret ? 'enrol' : 'totp',
        sealedSecret: enrolSecret ? sealSecret(this.secretKey, enrolSecret) : null,
        expiresAt: new Date(this.now() + STAFF_SIGN_IN.challengeMinutes * 60_000),
      });
      await audit(q, {
        staffId: row.id,
        action: 'login.password',
        targetType: 'staff',
        targetId: String(row.id),
        reason: enrolSecret ? 'second factor to enrol' : 'second factor asked',
        ip: input.ip,
      });
      return {
        ok: true,
        challenge,
        staff: { id: row.id, name: row.name, role: row.role },
        ...(enrolSecret
          ? { enrol: { secret: enrolSecret, otpauthUrl: otpauthUrl(this.issuer, row.email, enrolSecret) } }
          : {}),
      };
    });
  }

  /** Step two: a code from the authenticator app (or a recovery code) for the challenge of step one. */
  async secondFactor(input: { challenge: string; code: string; ip: string }): Promise<SecondFactorOutcome> {
    return this.db.tx(async (q) => {
      const c = await signInRepo.lockChallenge(q, hashToken(input.challenge));
      if (!c || c.used_at || c.expires_at.getTime() <= this.now() || c.attempts >= STAFF_SIGN_IN.challengeAttempts)
        return { ok: false, message: STAFF_MESSAGES.challenge };
      const row = await signInRepo.lockStaff(q, { id: c.staff_id });
      if (!row || row.status !== 'active') return { ok: false, message: STAFF_MESSAGES.challenge };
      if (this.isLocked(row)) {
        await audit(q, {
          staffId: row.id,
          action: 'login.failed',
          targetType: 'staff',
          targetId: String(row.id),
          reason: 'account locked',
          ip: input.ip,
        });
        return { ok: false, message: STAFF_MESSAGES.locked };
      }
      const code = input.code.trim().replace(/\s/g, '');
      let how: 'totp' | 'recovery' | 'enrol' | null = null;
      let recoveryCodes: string[] | undefined;
      if (c.purpose === 'enrol' && c.totp_secret) {
        const step = verifyTotp(openSecret(this.secretKey, c.totp_secret), code, this.now(), 0);
        if (step !== null) {
          how = 'enrol';
          recoveryCodes = newRecoveryCodes();
          await signInRepo.enrol(
            q,
            row.id,
            c.totp_secret,
            step,
            recoveryCodes.map((rc) => recoveryHash(this.secretKey, rc)),
          );
          await audit(q, {
            staffId: row.id,
            action: 'totp.enrol',
            targetType: 'staff',
            targetId: String(row.id),
            ip: input.ip,
          });
        }
      } else if (c.purpose === 'totp' && row.totp_secret) {
        const step = verifyTotp(
          openSecret(this.secretKey, row.totp_secret),
          code,
          this.now(),
          Number(row.totp_last_step),
        );
        if (step !== null) {
          how = 'totp';
          await signInRepo.setTotpStep(q, row.id, step);
        } else if (/^[a-z2-7]{5}-?[a-z2-7]{5}$/i.test(code)) {
          if (await signInRepo.useRecoveryCode(q, row.id, recoveryHash(this.secretKey, code))) how = 'recovery';
        }
      }
      if (!how) {
        await signInRepo.challengeAttempt(q, c.id);
        return this.failure(q, row, 'wrong second-factor code', input.ip, STAFF_MESSAGES.code);
      }
      await signInRepo.useChallenge(q, c.id);
      await signInRepo.signedIn(q, row.id);
      await audit(q, {
        staffId: row.id,
        action: 'login',
        targetType: 'staff',
        targetId: String(row.id),
        details: { second_factor: how },
        ip: input.ip,
      });
      const recoveryLeft = await signInRepo.recoveryCodesLeft(q, row.id);
      return {
        ok: true,
        token: await staffSession(q, row.id),
        staff: { id: row.id, name: row.name, role: row.role },
        recoveryCodes,
        recoveryLeft,
      };
    });
  }
}

/**
 * Enrols a known authenticator secret for an operator without the sign-in step (the command-line
 * tool's OPS_TOTP_SECRET, for provisioning and the e2e suite): no recovery codes are made.
 */
export async function enrolKnownSecret(
  q: Queryable,
  { secretKey }: { secretKey: string },
  { staffId, secret }: { staffId: number; secret: string },
): Promise<void> {
  const clean = secret.toUpperCase().replace(/[\s=-]/g, '');
  if (!/^[A-Z2-7]{16,64}$/.test(clean)) throw new Error('OPS_TOTP_SECRET must be base32, 16 to 64 characters');
  await signInRepo.enrolKnown(q, staffId, sealSecret(secretKey, clean));
}
