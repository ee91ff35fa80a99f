import type { FastifyInstance } from 'fastify';

/** Liveness (the process answers) and readiness (the database answers too). */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/healthz', { schema: { tags: ['health'], summary: 'Liveness' } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { tags: ['health'], summary: 'Readiness: the database answers' } }, async (_req, reply) => {
    try {
      await app.db.ping();
      return { status: 'ready', db: app.db.kind };
    } catch {
      return reply.status(503).send({ status: 'unavailable', db: app.db.kind });
    }
  });
}
