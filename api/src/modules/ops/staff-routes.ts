import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { opsContext, type OpsOptions } from './context.js';
import { AppError, Codes, ok } from '../../lib/envelope.js';
import { StaffSignIn, type Locked } from './sign-in.js';
import { adminEmails, audit, createStaff, endStaffSession, resolveStaff, ROLES, STAFF_SIGN_IN, staffBearer, type Role } from './staff.js';
import { opsRepo, type StaffChange } from './repo.js';

/** Operator sign-in (password, then the second factor), sign-out, and staff accounts (admin). */
export async function staffRoutes(app: FastifyInstance, opts: OpsOptions): Promise<void> {
  const { db, r, tags, who } = opsContext(app, opts);
  const signIn = new StaffSignIn(db, app.config.secretKey, `${app.config.productName} Ops`, app.config.opsSignIn);
  // Per client address, like the customers' sign-in (RATE_LIMIT_AUTH_PER_MIN); the lockout counts per account.
  const limit = { rateLimit: { max: app.config.rateLimit.authPerMin, timeWindow: 60_000 } };

  /** Every active admin hears of a locked operator account (after the lock is committed). */
  const tellAdmins = async (req: FastifyRequest, { email, name, until }: Locked) => {
    for (const to of await adminEmails(db)) {
      void app.messenger
        .send({ channel: 'email', to, subject: `Operator account locked: ${email}`, text: `${STAFF_SIGN_IN.maxFailures} wrong second-factor codes in a row, each after the right password, were tried for the operator account of ${name} (${email}), the last from ${req.ip}. It is locked until ${until.toISOString()}. Someone who is not ${name} may know their password: if ${name} did not do this, reset their password and second factor, and look at the audit log (action login.failed).` })
        .catch((err: unknown) => req.log.warn({ err }, 'could not tell an admin of a locked operator account'));
    }
  };

  r.post('/ops/api/login', { schema: { tags, summary: 'Operator sign-in, step 1: e-mail and password. Returns a challenge for step 2 (and, on the first sign-in, the authenticator secret to enrol)', body: z.object({ email: z.string().max(254), password: z.string().max(200) }) }, config: limit }, async (req, reply) => {
    const out = await signIn.password({ email: req.body.email, password: req.body.password, ip: req.ip });
    if (out.ok) {
      return ok({ challenge: out.challenge, second_factor: out.enrol ? 'enrol' : 'totp', name: out.staff.name, role: out.staff.role, ...(out.enrol ? { totp_secret: out.enrol.secret, otpauth_url: out.enrol.otpauthUrl } : {}) });
    }
    if (out.retryAfter) {
      reply.header('retry-after', String(out.retryAfter));
      throw new AppError(out.message, Codes.tooMany, 429);
    }
    throw new AppError(out.message, 'common.001', 401);
  });

  r.post('/ops/api/login/second-factor', { schema: { tags, summary: 'Operator sign-in, step 2: the 6-digit code from the authenticator app, or a recovery code. Returns the session token (and, on enrolment, ten recovery codes shown once)', body: z.object({ challenge: z.string().min(20).max(100), code: z.string().max(20) }) }, config: limit }, async (req) => {
    const out = await signIn.secondFactor({ challenge: req.body.challenge, code: req.body.code, ip: req.ip });
    if (out.ok) return ok({ token: out.token, id: out.staff.id, name: out.staff.name, role: out.staff.role, recovery_codes_left: out.recoveryLeft, ...(out.recoveryCodes ? { recovery_codes: out.recoveryCodes } : {}) });
    if (out.locked) await tellAdmins(req, out.locked);
    throw new AppError(out.message, 'common.001', 401);
  });

  r.post('/ops/api/logout', { schema: { tags, summary: 'Operator sign-out: the session ends at once' } }, async (req) => {
    const s = await resolveStaff(db, req.headers.authorization);
    await db.tx(async (q) => {
      await endStaffSession(q, staffBearer(req.headers.authorization) ?? '');
      await audit(q, { staffId: s.id, action: 'logout', targetType: 'staff', targetId: String(s.id), ip: req.ip });
    });
    return ok({});
  });

  r.get('/ops/api/me', { schema: { tags, summary: 'The signed-in operator' } }, async (req) => {
    const s = await resolveStaff(db, req.headers.authorization);
    return ok({ id: s.id, name: s.name, email: s.email, role: s.role });
  });

  r.post('/ops/api/staff', { schema: { tags, summary: 'Create an operator (admin); they enrol their authenticator app at their first sign-in', body: z.object({ email: z.email(), name: z.string().min(1).max(100), role: z.enum(ROLES as [Role, ...Role[]]), password: z.string().min(12).max(200) }) } }, async (req) => {
    const s = await who(req, ['admin']);
    const id = await db.tx(async (q) => {
      const staffId = await createStaff(q, req.body);
      await audit(q, { staffId: s.id, action: 'staff.create', targetType: 'staff', targetId: String(staffId), details: { email: req.body.email, role: req.body.role }, ip: req.ip });
      return staffId;
    });
    return ok({ id });
  });

  r.get('/ops/api/staff', { schema: { tags, summary: 'Every operator (admin)' } }, async (req) => {
    await who(req, ['admin']);
    return ok(await opsRepo.staffList(db));
  });

  const reasonBody = z.object({ reason: z.string().min(3).max(500) });
  const idParams = z.object({ id: z.coerce.number().int().positive() });
  /** An admin's change to another operator's account: audited with its reason; their sessions end. */
  const change = (path: string, summary: string, action: string, what: StaffChange) =>
    r.post(path, { schema: { tags, summary, params: idParams, body: reasonBody } }, async (req) => {
      const s = await who(req, ['admin']);
      if (req.params.id === s.id) throw new AppError('Ask another admin to change your own account');
      await db.tx(async (q) => {
        if (!(await opsRepo.changeStaff(q, req.params.id, what))) throw new AppError('Operator not found');
        await audit(q, { staffId: s.id, action, targetType: 'staff', targetId: String(req.params.id), reason: req.body.reason, ip: req.ip });
      });
      return ok({});
    });
  change('/ops/api/staff/:id/deactivate', 'Deactivate an operator (admin): they are signed out and cannot sign in', 'staff.deactivate', 'deactivate');
  change('/ops/api/staff/:id/activate', 'Reactivate an operator (admin)', 'staff.activate', 'activate');
  change('/ops/api/staff/:id/reset-second-factor', 'Reset an operator’s second factor (admin): they enrol a new authenticator at their next sign-in; unlocks the account', 'staff.reset_second_factor', 'reset-second-factor');
}
