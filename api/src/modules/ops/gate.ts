import type { FastifyInstance } from 'fastify';
import { resolveStaff } from './staff.js';

/** The operator routes anyone may call: the two steps of the sign-in. */
export const PUBLIC_OPS_ROUTES: ReadonlySet<string> = new Set(['/ops/api/login', '/ops/api/login/second-factor']);

/**
 * Every operator route but the sign-in checks the session before anything else (issue 27): an
 * anonymous or expired caller gets the 401 envelope before its body is read or validated, so the
 * validation messages (field names, limits) of the staff API are never shown to the public. The
 * role is checked by each route (`who`).
 */
export function staffGate(app: FastifyInstance): void {
  app.addHook('onRequest', async (req) => {
    const route = req.routeOptions.url;
    if (!route?.startsWith('/ops/api/') || PUBLIC_OPS_ROUTES.has(route)) return;
    await resolveStaff(app.db, req.headers.authorization);
  });
}
