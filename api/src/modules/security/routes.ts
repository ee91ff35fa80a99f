import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, ok } from '../../lib/envelope.js';
import { text } from '../../lib/fields.js';
import { gcRoute } from '../../lib/route.js';
import { audit, requireStaff } from '../ops/staff.js';
import { describeDevice, maskIp } from '../user/sessions.js';

export const SESSION_MESSAGES = {
  notFound: 'This session has already ended',
  linkRequired: 'The link is incomplete: open it from the message again',
} as const;

/**
 * Sessions in Settings (list, revoke one, sign out everywhere), the public "this wasn't me" call
 * behind the link in security alerts, and the operator calls that lift a freeze or a hold.
 */
export async function securityRoutes(app: FastifyInstance): Promise<void> {
  const { db, sessions, security } = app;

  gcRoute(app, {
    path: '/user/sessionList',
    summary: 'The signed-in devices of the account: device, rough place (masked IP), started and last seen; `current` marks this one',
    auth: 'required',
    body: z.object({}),
    handler: async (req) => {
      const unix = (d: Date) => Math.floor(d.getTime() / 1000);
      return (await sessions.list(req.auth!.userId)).map((s) => ({
        session_id: s.id,
        device: describeDevice(s.user_agent),
        place: maskIp(s.ip),
        created_time: unix(s.created_at),
        last_seen_time: unix(s.last_seen_at),
        current: s.id === req.auth!.sessionId,
      }));
    },
  });

  gcRoute(app, {
    path: '/user/revokeSession',
    summary: 'Sign out one device of the account (its token stops working at once)',
    auth: 'required',
    body: z.object({ session_id: text('session_id', 20).refine((v) => /^\d{1,18}$/.test(v), { error: 'session_id is not valid' }) }),
    handler: async (req) => {
      if (!(await sessions.revokeOwn(req.auth!.userId, req.body.session_id))) throw new AppError(SESSION_MESSAGES.notFound);
      return null;
    },
  });

  gcRoute(app, {
    path: '/user/logoutAll',
    summary: 'Sign out everywhere: every session of the account ends, this one too',
    auth: 'required',
    body: z.object({}),
    handler: async (req) => {
      await sessions.revokeAll(db, req.auth!.userId);
      return null;
    },
  });

  gcRoute(app, {
    path: '/security/wasNotMe',
    summary: '"This wasn\'t me" (link_token: the token of the link in a security alert; `token` stays the session field): every session ends and withdrawals freeze until staff unfreeze them',
    limit: 'code',
    body: z.object({ link_token: text('link_token', 200, SESSION_MESSAGES.linkRequired) }),
    handler: async (req) => {
      await security.report(req.body.link_token, req.ip);
      return null;
    },
  });

  // Operators (JSON, Authorization: Bearer), admin only: after support has checked with the owner.
  const r = app.withTypeProvider<ZodTypeProvider>();
  const params = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
  const reason = z.object({ reason: z.string().trim().min(3).max(500) });
  const admin = (authorization: string | undefined) => requireStaff(db, authorization);
  r.post(
    '/ops/api/users/:id/unfreeze',
    { schema: { tags: ['ops'], summary: 'Lift the withdrawal freeze set by "this wasn\'t me" (admin, audited)', params, body: reason } },
    async (req) => {
      const s = await admin(req.headers.authorization);
      await db.tx(async (q) => {
        const u = await q.query('update users set withdrawals_frozen_at = null, withdrawals_frozen_reason = \'\' where id = $1 and withdrawals_frozen_at is not null', [req.params.id]);
        if (u.rowCount !== 1) throw new AppError('This user has no withdrawal freeze');
        await audit(q, { staffId: s.id, action: 'user.unfreeze', targetType: 'user', targetId: String(req.params.id), reason: req.body.reason, ip: req.ip });
      });
      return ok(null);
    },
  );
  r.post(
    '/ops/api/users/:id/end-hold',
    { schema: { tags: ['ops'], summary: 'End the cooling-off after a security change and for new payout accounts (admin, audited)', params, body: reason } },
    async (req) => {
      const s = await admin(req.headers.authorization);
      await db.tx(async (q) => {
        const u = await q.query("update users set withdraw_hold_until = null, withdraw_hold_reason = '' where id = $1", [req.params.id]);
        if (u.rowCount !== 1) throw new AppError('User not found');
        await q.query('update payout_accounts set usable_from = null where user_id = $1 and usable_from is not null', [req.params.id]);
        await audit(q, { staffId: s.id, action: 'user.end_hold', targetType: 'user', targetId: String(req.params.id), reason: req.body.reason, ip: req.ip });
      });
      return ok(null);
    },
  );
}
