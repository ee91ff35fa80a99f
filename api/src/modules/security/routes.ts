import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/envelope.js';
import { text } from '../../lib/fields.js';
import { gcRoute } from '../../lib/route.js';
import { describeDevice, maskIp } from '../../shared/sessions.js';
import { reportNotMe } from './service.js';

export const SESSION_MESSAGES = {
  notFound: 'This session has already ended',
  linkRequired: 'The link is incomplete: open it from the message again',
} as const;

/**
 * Sessions in Settings (list, revoke one, sign out everywhere) and the public "this wasn't me" call
 * behind the link in security alerts, which freezes withdrawals.
 */
export async function securityRoutes(app: FastifyInstance): Promise<void> {
  const { db, sessions, security } = app;

  gcRoute(app, {
    path: '/user/sessionList',
    summary:
      'The signed-in devices of the account: device, rough place (masked IP), started and last seen; `current` ' +
      'marks this one',
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
    body: z.object({
      session_id: text('session_id', 20).refine((v) => /^\d{1,18}$/.test(v), { error: 'session_id is not valid' }),
    }),
    handler: async (req) => {
      if (!(await sessions.revokeOwn(req.auth!.userId, req.body.session_id)))
        throw new AppError(SESSION_MESSAGES.notFound);
      return null;
    },
  });

  gcRoute(app, {
    path: '/user/logoutAll',
    summary: 'Sign out everywhere: every session of the account ends, this one too',
    auth: 'required',
    body: z.object({}),
    handler: async (req) => {
      await sessions.revokeAll(db, { userId: req.auth!.userId });
      return null;
    },
  });

  gcRoute(app, {
    path: '/security/wasNotMe',
    summary:
      '"This wasn\'t me" (link_token: the token of the link in a security alert; `token` stays the session field): ' +
      'every session ends and withdrawals freeze until staff unfreeze them',
    limit: 'code',
    body: z.object({ link_token: text('link_token', 200, SESSION_MESSAGES.linkRequired) }),
    handler: async (req) => {
      await reportNotMe(db, { now: security.now, sessions }, { token: req.body.link_token, ip: req.ip });
      return null;
    },
  });
}
