import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { checkCanariesNow } from '../releases/canary-job.js';
import { opsRoute } from './route.js';

const name = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[a-z0-9][a-z0-9._+-]*$/i, { error: 'letters, digits and . _ + - only' });
const where = { env: name, app: name };
const why = z
  .string()
  .trim()
  .min(3, { error: 'Say why (at least 3 characters): it goes into the audit log and the release history' })
  .max(500);
const roles = ['release_manager'] as const;

/**
 * The release dashboard: each environment's apps with their live and canary versions,
 * the history and the last hour's client telemetry per version; promote, canary, roll back and drop
 * a canary through the release operations and their gate (release manager, admin), each with a why.
 * The service is `app.releases` (api/src/modules/releases/service.ts).
 */
export function releaseRoutes(app: FastifyInstance): void {
  const desk = app.releases;

  opsRoute(app, {
    method: 'GET',
    path: '/ops/api/releases',
    roles,
    summary:
      'The release dashboard: live and canary versions, history, the last hour per version, ' +
      'recent automatic halts (release manager, admin)',
    handler: () => desk.dashboard(),
  });

  opsRoute(app, {
    method: 'POST',
    path: '/ops/api/releases/promote',
    roles,
    summary: 'Promote a published version (release manager, admin); through the compatibility gate',
    body: z.object({ ...where, version: name, why }),
    handler: ({ staff, body }) => desk.act({ staff, ip: staff.ip, action: { kind: 'promote', ...body } }),
  });

  opsRoute(app, {
    method: 'POST',
    path: '/ops/api/releases/canary',
    roles,
    summary: 'Start or change a canary (release manager, admin); through the compatibility gate',
    body: z.object({
      ...where,
      version: name,
      percent: z.coerce.number().gt(0).max(100),
      why,
      promote_when_healthy: z.boolean().optional(),
    }),
    handler: ({ staff, body: { promote_when_healthy: promoteWhenHealthy, ...b } }) =>
      desk.act({ staff, ip: staff.ip, action: { kind: 'canary', ...b, promoteWhenHealthy } }),
  });

  opsRoute(app, {
    method: 'POST',
    path: '/ops/api/releases/rollback',
    roles,
    summary: 'Roll back to the previous version, or to the one named (release manager, admin)',
    body: z.object({ ...where, version: name.optional(), why }),
    handler: ({ staff, body }) => desk.act({ staff, ip: staff.ip, action: { kind: 'rollback', ...body } }),
  });

  opsRoute(app, {
    method: 'POST',
    path: '/ops/api/releases/drop',
    roles,
    summary: 'Drop a canary: every device back on the live version (release manager, admin)',
    body: z.object({ ...where, why }),
    handler: ({ staff, body }) => desk.act({ staff, ip: staff.ip, action: { kind: 'drop', ...body } }),
  });

  opsRoute(app, {
    method: 'POST',
    path: '/ops/api/releases/promote-when-healthy',
    roles,
    summary:
      'Mark the running canary to be promoted once healthy for CANARY_HEALTHY_MINUTES, ' +
      'or unmark it (release manager, admin)',
    body: z.object({ ...where, on: z.boolean(), why }),
    handler: async ({ staff, body }) => {
      await desk.promoteWhenHealthy({ ...body, staff, ip: staff.ip });
      return {};
    },
  });

  opsRoute(app, {
    method: 'POST',
    path: '/ops/api/releases/check',
    roles,
    summary: 'Run the canary check now instead of at its next interval (release manager, admin)',
    handler: async () => {
      await checkCanariesNow(app.jobs);
      return {};
    },
  });
}
