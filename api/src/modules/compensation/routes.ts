import type { FastifyInstance } from 'fastify';
import { movePromise } from './service.js';

/**
 * Outside production, on the api's own loopback port (like the dev outbox; the edge never passes
 * /__dev on): `POST /__dev/delay/late` { order_no | withdraw_no, minutes } moves a promise back, for
 * the e2e suite's late order.
 */
export async function delayDevRoutes(app: FastifyInstance): Promise<void> {
  if (app.config.env === 'production') return;
  app.post('/__dev/delay/late', { schema: { hide: true } }, async (req, reply) => {
    const b = (req.body ?? {}) as { order_no?: unknown; withdraw_no?: unknown; minutes?: unknown };
    const minutes = Number(b.minutes);
    const no = typeof b.order_no === 'string' ? b.order_no : typeof b.withdraw_no === 'string' ? b.withdraw_no : '';
    if (!no || !Number.isInteger(minutes) || minutes < 0 || minutes > 7 * 24 * 60)
      return reply.status(400).send({ ok: false });
    const moved = await movePromise(app.db, {
      subject: typeof b.order_no === 'string' ? 'order' : 'withdrawal',
      no,
      minutes,
    });
    return reply.status(moved ? 200 : 404).send({ ok: moved });
  });
}
