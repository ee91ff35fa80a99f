import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { OpsDeps } from './context.js';
import type { StaffChange } from './repo.js';
import { ANY_STAFF, opsRoute, SIGNING_IN } from './route.js';
import {
  addStaff,
  changeStaff,
  signInPassword,
  SignInRefused,
  signInSecondFactor,
  signOut,
  staffList,
  staffSignIn,
} from './staff-service.js';
import { ROLES, staffBearer, type Role } from './staff.js';

/** Operator sign-in (password, then the second factor), sign-out, and staff accounts (admin). */
export function staffRoutes(app: FastifyInstance, deps: OpsDeps): void {
  const signIn = staffSignIn(deps);
  // Per client address, like the customers' sign-in (RATE_LIMIT_AUTH_PER_MIN); the lockout counts per account.
  const rateLimit = { max: app.config.rateLimit.authPerMin, timeWindow: 60_000 };

  opsRoute(app, {
    method: 'POST',
    path: '/ops/api/login',
    roles: SIGNING_IN,
    summary:
      'Operator sign-in, step 1: e-mail and password. Returns a challenge for step 2 (and, on the first sign-in, ' +
      'the authenticator secret to enrol)',
    body: z.object({ email: z.string().max(254), password: z.string().max(200) }),
    rateLimit,
    handler: async ({ body, ip, reply }) => {
      try {
        return await signInPassword(signIn, { email: body.email, password: body.password, ip });
      } catch (err) {
        if (err instanceof SignInRefused && err.retryAfter) reply.header('retry-after', String(err.retryAfter));
        throw err;
      }
    },
  });

  opsRoute(app, {
    method: 'POST',
    path: '/ops/api/login/second-factor',
    roles: SIGNING_IN,
    summary:
      'Operator sign-in, step 2: the 6-digit code from the authenticator app, or a recovery code. Returns the ' +
      'session token (and, on enrolment, ten recovery codes shown once)',
    body: z.object({ challenge: z.string().min(20).max(100), code: z.string().max(20) }),
    rateLimit,
    handler: ({ body, ip, log }) =>
      signInSecondFactor(
        deps.db,
        { messenger: deps.messenger, signIn, log },
        { challenge: body.challenge, code: body.code, ip },
      ),
  });

  opsRoute(app, {
    method: 'POST',
    path: '/ops/api/logout',
    roles: ANY_STAFF,
    summary: 'Operator sign-out: the session ends at once',
    handler: ({ staff, req }) => signOut(deps.db, { staff, token: staffBearer(req.headers.authorization) ?? '' }),
  });

  opsRoute(app, {
    method: 'GET',
    path: '/ops/api/me',
    roles: ANY_STAFF,
    summary: 'The signed-in operator',
    handler: async ({ staff }) => ({ id: staff.id, name: staff.name, email: staff.email, role: staff.role }),
  });

  opsRoute(app, {
    method: 'POST',
    path: '/ops/api/staff',
    roles: ['admin'],
    summary: 'Create an operator (admin); they enrol their authenticator app at their first sign-in',
    body: z.object({
      email: z.email(),
      name: z.string().min(1).max(100),
      role: z.enum(ROLES as [Role, ...Role[]]),
      password: z.string().min(12).max(200),
    }),
    handler: ({ staff, body }) => addStaff(deps.db, { ...body, staff }),
  });

  opsRoute(app, {
    method: 'GET',
    path: '/ops/api/staff',
    roles: ['admin'],
    summary: 'Every operator (admin)',
    handler: () => staffList(deps.db),
  });

  const change = (path: string, summary: string, action: string, what: StaffChange) =>
    opsRoute(app, {
      method: 'POST',
      path,
      roles: ['admin'],
      summary,
      params: z.object({ id: z.coerce.number().int().positive() }),
      body: z.object({ reason: z.string().min(3).max(500) }),
      handler: ({ staff, params, body }) =>
        changeStaff(deps.db, { staff, id: params.id, change: what, action, reason: body.reason }),
    });
  change(
    '/ops/api/staff/:id/deactivate',
    'Deactivate an operator (admin): they are signed out and cannot sign in',
    'staff.deactivate',
    'deactivate',
  );
  change('/ops/api/staff/:id/activate', 'Reactivate an operator (admin)', 'staff.activate', 'activate');
  change(
    '/ops/api/staff/:id/reset-second-factor',
    'Reset an operator’s second factor (admin): they enrol a new authenticator at their next sign-in; unlocks the ' +
      'account',
    'staff.reset_second_factor',
    'reset-second-factor',
  );
}
