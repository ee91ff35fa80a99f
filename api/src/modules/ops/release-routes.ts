import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../../lib/envelope.js';
import { checkCanariesNow } from '../releases/canary-job.js';
import { opsContext, type OpsOptions } from './context.js';

const name = z.string().trim().min(1).max(100).regex(/^[a-z0-9][a-z0-9._+-]*$/i, { error: 'letters, digits and . _ + - only' });
const where = { env: name, app: name };
const why = z.string().trim().min(3, { error: 'Say why (at least 3 characters): it goes into the audit log and the release history' }).max(500);

/**
 * The release dashboard (issue 31): each environment's apps with their live and canary versions,
 * the history and the last hour's client telemetry per version; promote, canary, roll back and drop
 * a canary through the release operations and their gate (release manager, admin), each with a why.
 */
export async function releaseRoutes(app: FastifyInstance, opts: OpsOptions): Promise<void> {
  const { r, tags, who } = opsContext(app, opts);
  const desk = app.releases;
  const roles = ['release_manager'] as const;

  r.get('/ops/api/releases', { schema: { tags, summary: 'The release dashboard: live and canary versions, history, the last hour per version, recent automatic halts (release manager, admin)' } }, async (req) => {
    await who(req, [...roles]);
    return ok(await desk.dashboard());
  });

  r.post('/ops/api/releases/promote', { schema: { tags, summary: 'Promote a published version (release manager, admin); through the compatibility gate', body: z.object({ ...where, version: name, why }) } }, async (req) => {
    const s = await who(req, [...roles]);
    return ok(await desk.act(s, req.ip, { kind: 'promote', ...req.body }));
  });

  r.post(
    '/ops/api/releases/canary',
    { schema: { tags, summary: 'Start or change a canary (release manager, admin); through the compatibility gate', body: z.object({ ...where, version: name, percent: z.coerce.number().gt(0).max(100), why, promote_when_healthy: z.boolean().optional() }) } },
    async (req) => {
      const s = await who(req, [...roles]);
      const { promote_when_healthy: promoteWhenHealthy, ...b } = req.body;
      return ok(await desk.act(s, req.ip, { kind: 'canary', ...b, promoteWhenHealthy }));
    },
  );

  r.post('/ops/api/releases/rollback', { schema: { tags, summary: 'Roll back to the previous version, or to the one named (release manager, admin)', body: z.object({ ...where, version: name.optional(), why }) } }, async (req) => {
    const s = await who(req, [...roles]);
    return ok(await desk.act(s, req.ip, { kind: 'rollback', ...req.body }));
  });

  r.post('/ops/api/releases/drop', { schema: { tags, summary: 'Drop a canary: every device back on the live version (release manager, admin)', body: z.object({ ...where, why }) } }, async (req) => {
    const s = await who(req, [...roles]);
    return ok(await desk.act(s, req.ip, { kind: 'drop', ...req.body }));
  });

  r.post('/ops/api/releases/promote-when-healthy', { schema: { tags, summary: 'Mark the running canary to be promoted once healthy for CANARY_HEALTHY_MINUTES, or unmark it (release manager, admin)', body: z.object({ ...where, on: z.boolean(), why }) } }, async (req) => {
    const s = await who(req, [...roles]);
    await desk.promoteWhenHealthy(s, req.ip, req.body);
    return ok({});
  });

  r.post('/ops/api/releases/check', { schema: { tags, summary: 'Run the canary check now instead of at its next interval (release manager, admin)' } }, async (req) => {
    await who(req, [...roles]);
    await checkCanariesNow(app.jobs);
    return ok({});
  });
}
