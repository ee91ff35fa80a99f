// Operator sign-in (password, then the second factor), sign-out, and staff accounts (admin). Each
// change is one transaction with its audit row.
import type { FastifyBaseLogger } from 'fastify';
import { AppError, Codes } from '../../lib/envelope.js';
import type { Db } from '../../db/db.js';
import type { Messenger } from '../messaging/messenger.js';
import type { OpsDeps } from './context.js';
import { opsRepo, type StaffChange } from './repo.js';
import type { Actor } from './route.js';
import { StaffSignIn, type Locked } from './sign-in.js';
import { adminEmails, audit, createStaff, endStaffSession, STAFF_SIGN_IN, type Role } from './staff.js';

/** A refusal of the sign-in, with the seconds to wait when it is throttled. */
export class SignInRefused extends AppError {
  constructor(
    message: string,
    readonly retryAfter?: number,
  ) {
    super(message, retryAfter ? Codes.tooMany : 'common.001', retryAfter ? 429 : 401);
  }
}

export function staffSignIn(deps: OpsDeps): StaffSignIn {
  return new StaffSignIn(deps.db, deps.config.secretKey, `${deps.config.productName} Ops`, deps.config.opsSignIn);
}

/** Step 1: e-mail and password; a challenge for step 2 (and, on the first sign-in, the authenticator secret). */
export async function signInPassword(signIn: StaffSignIn, input: { email: string; password: string; ip: string }) {
  const out = await signIn.password(input);
  if (!out.ok) throw new SignInRefused(out.message, out.retryAfter);
  return {
    challenge: out.challenge,
    second_factor: out.enrol ? ('enrol' as const) : ('totp' as const),
    name: out.staff.name,
    role: out.staff.role,
    ...(out.enrol ? { totp_secret: out.enrol.secret, otpauth_url: out.enrol.otpauthUrl } : {}),
  };
}

/**
 * Step 2: the authenticator's code or a recovery code; the session token (and, on enrolment, recovery codes shown
 * once).
 */
export async function signInSecondFactor(
  db: Db,
  deps: Pick<OpsDeps, 'messenger'> & { signIn: StaffSignIn; log: FastifyBaseLogger },
  input: { challenge: string; code: string; ip: string },
) {
  const { signIn, log } = deps;
  const out = await signIn.secondFactor(input);
  if (out.ok) {
    return {
      token: out.token,
      id: out.staff.id,
      name: out.staff.name,
      role: out.staff.role,
      recovery_codes_left: out.recoveryLeft,
      ...(out.recoveryCodes ? { recovery_codes: out.recoveryCodes } : {}),
    };
  }
  if (out.locked) await tellAdmins(db, deps.messenger, { ...out.locked, ip: input.ip, log });
  throw new SignInRefused(out.message);
}

/** Every active admin hears of a locked operator account (after the lock is committed). */
async function tellAdmins(
  db: Db,
  messenger: Messenger,
  { email, name, until, ip, log }: Locked & { ip: string; log: FastifyBaseLogger },
) {
  for (const to of await adminEmails(db)) {
    void messenger
      .send({
        channel: 'email',
        to,
        subject: `Operator account locked: ${email}`,
        text:
          `${STAFF_SIGN_IN.maxFailures} wrong second-factor codes in a row, each after the right password, were ` +
          `tried for the operator account of ${name} (${email}), the last from ${ip}. It is locked until ` +
          `${until.toISOString()}. Someone who is not ${name} may know their password: if ${name} did not do this, ` +
          `reset their password and second factor, and look at the audit log (action login.failed).`,
      })
      .catch((err: unknown) => log.warn({ err }, 'could not tell an admin of a locked operator account'));
  }
}

/** Sign-out: the session ends at once. */
export async function signOut(db: Db, input: { staff: Actor; token: string }) {
  const { staff, token } = input;
  await db.tx(async (q) => {
    await endStaffSession(q, token);
    await audit(q, {
      staffId: staff.id,
      action: 'logout',
      targetType: 'staff',
      targetId: String(staff.id),
      ip: staff.ip,
    });
  });
  return {};
}

/** Creates an operator; they enrol their authenticator app at their first sign-in. */
export async function addStaff(
  db: Db,
  input: { staff: Actor; email: string; name: string; role: Role; password: string },
) {
  const { staff, ...account } = input;
  const id = await db.tx(async (q) => {
    const staffId = await createStaff(q, account);
    await audit(q, {
      staffId: staff.id,
      action: 'staff.create',
      targetType: 'staff',
      targetId: String(staffId),
      details: { email: input.email, role: input.role },
      ip: staff.ip,
    });
    return staffId;
  });
  return { id };
}

export const staffList = (db: Db) => opsRepo.staffList(db);

/** An admin's change to another operator's account: audited with its reason; their sessions end. */
export async function changeStaff(
  db: Db,
  input: { staff: Actor; id: number; change: StaffChange; action: string; reason: string },
) {
  const { staff } = input;
  if (input.id === staff.id) throw new AppError('Ask another admin to change your own account');
  await db.tx(async (q) => {
    if (!(await opsRepo.changeStaff(q, input.id, input.change))) throw new AppError('Operator not found');
    await audit(q, {
      staffId: staff.id,
      action: input.action,
      targetType: 'staff',
      targetId: String(input.id),
      reason: input.reason,
      ip: staff.ip,
    });
  });
  return {};
}
