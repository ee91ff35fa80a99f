import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { opsContext, type OpsOptions } from './context.js';
import { AppError, ok } from '../../lib/envelope.js';
import { adminEmails, audit, createStaff, endStaffSession, resolveStaff, ROLES, signInStaff, STAFF_SIGN_IN, staffBearer, type Role } from './staff.js';

/** Operator sign-in and staff accounts. */
export async function staffRoutes(app: FastifyInstance, opts: OpsOptions): Promise<void> {
  const { db, r, tags, who } = opsContext(app, opts);
  r.post('/ops/api/login', { schema: { tags, summary: 'Operator sign-in (locked for a while after repeated failures; every attempt audited)', body: z.object({ email: z.string().max(254), password: z.string().max(200) }) }, config: { rateLimit: { max: 20, timeWindow: 60_000 } } }, async (req) => {
    const out = await signInStaff(db, { email: req.body.email, password: req.body.password, ip: req.ip });
    if (out.ok) return ok({ token: out.token, name: out.staff.name, role: out.staff.role });
    if (out.locked) {
      const { email, name, until } = out.locked;
      const admins = await adminEmails(db);
      // Told after the lock is committed; a mail server that is down does not unlock anything.
      for (const to of admins) {
        void app.messenger
          .send({ channel: 'email', to, subject: `Operator account locked: ${email}`, text: `${STAFF_SIGN_IN.maxFailures} wrong passwords in a row were tried for the operator account of ${name} (${email}), the last from ${req.ip}. It is locked until ${until.toISOString()}. If ${name} did not do this, reset their password and look at the audit log (action login.failed).` })
          .catch((err: unknown) => req.log.warn({ err }, 'could not tell an admin of a locked operator account'));
      }
    }
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

  r.post('/ops/api/staff', { schema: { tags, summary: 'Create an operator (admin)', body: z.object({ email: z.email(), name: z.string().min(1).max(100), role: z.enum(ROLES as [Role, ...Role[]]), password: z.string().min(12).max(200) }) } }, async (req) => {
    const s = await who(req, ['admin']);
    const id = await db.tx(async (q) => {
      const staffId = await createStaff(q, req.body);
      await audit(q, { staffId: s.id, action: 'staff.create', targetType: 'staff', targetId: String(staffId), details: { email: req.body.email, role: req.body.role }, ip: req.ip });
      return staffId;
    });
    return ok({ id });
  });
}
