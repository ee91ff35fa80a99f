import type { FastifyInstance } from 'fastify';

/**
 * Liveness (the process answers) and readiness (the database answers too). Readiness also says where
 * the rate limits are counted (`limits`: shared in Redis, degraded to this process's memory while Redis is
 * away, or memory without Redis); degraded limits still hold, so the api stays ready.
 */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/healthz', { schema: { tags: ['health'], summary: 'Liveness' } }, async () => ({ status: 'ok' }));
  app.get(
    '/readyz',
    { schema: { tags: ['health'], summary: 'Readiness: the database answers' } },
    async (_req, reply) => {
      try {
        await app.db.ping();
        return { status: 'ready', db: app.db.kind, limits: app.limits.mode };
      } catch {
        return reply.status(503).send({ status: 'unavailable', db: app.db.kind, limits: app.limits.mode });
      }
    },
  );
}
