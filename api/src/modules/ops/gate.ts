import type { FastifyInstance } from 'fastify';
import { resolveStaff } from './staff.js';

/** The operator routes anyone may call: the two steps of the sign-in. */
export const PUBLIC_OPS_ROUTES: ReadonlySet<string> = new Set(['/ops/api/login', '/ops/api/login/second-factor']);

/**
 * Every operator route but the sign-in checks the session before anything else: an anonymous or
 * expired caller gets the 401 envelope before its body is read or validated, so the validation
 * messages (field names, limits) of the staff API are never shown to the public. The operator is
 * kept on the request for the route's role check (opsRoute), which also runs before the body.
 */
export function staffGate(app: FastifyInstance): void {
  app.decorateRequest('staff', null);
  // A callback hook: every request passes here, and all but the operator routes pass at once, without a promise.
  app.addHook('onRequest', (req, _reply, done) => {
    const route = req.routeOptions.url;
    if (!route?.startsWith('/ops/api/') || PUBLIC_OPS_ROUTES.has(route)) return done();
    resolveStaff(app.db, req.headers.authorization).then((staff) => {
      req.staff = staff;
      done();
    }, done);
  });
}
