import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { opsContext, type OpsOptions } from './context.js';
import { AppError, ok } from '../../lib/envelope.js';
import { verifyPassword } from '../user/passwords.js';
import { audit, createStaff, ROLES, staffSession, type Role } from './staff.js';

/** Operator sign-in and staff accounts. */
export async function staffRoutes(app: FastifyInstance, opts: OpsOptions): Promise<void> {
  const { db, r, tags, who } = opsContext(app, opts);
  r.post('/ops/api/login', { schema: { tags, summary: 'Operator sign-in', body: z.object({ email: z.string().max(254), password: z.string().max(200) }) }, config: { rateLimit: { max: 20, timeWindow: 60_000 } } }, async (req) => {
    const s = await db.query<{ id: number; password_hash: string; name: string; role: string }>("select id, password_hash, name, role from staff where lower(email) = lower($1) and status = 'active'", [req.body.email]);
    const row = s.rows[0];
    if (!(await verifyPassword(row?.password_hash, req.body.password)) || !row) throw new AppError('Incorrect e-mail or password', 'common.001', 401);
    const token = await db.tx(async (q) => {
      await audit(q, { staffId: row.id, action: 'login', targetType: 'staff', targetId: String(row.id), ip: req.ip });
      return staffSession(q, row.id);
    });
    return ok({ token, name: row.name, role: row.role });
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
