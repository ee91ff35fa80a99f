import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { optText } from '../../lib/fields.js';
import { gcRoute } from '../../lib/route.js';
import { hasNul } from '../../plugins/contract.js';
import { trackerRepo } from './repo.js';

const KINDS = ['init', 'install', 'event', 'identity'] as const;
const MAX_PAYLOAD = 8 * 1024;

const str = (v: unknown, max: number) =>
  typeof v === 'string' || typeof v === 'number' ? String(v).slice(0, max) : '';

/**
 * The tracker's collector: the SDK posts JSON to /gc/public/track/{init|install|event|identity}
 * (no sign: this is the tracker's own endpoint). Each call is stored as an event.
 */
export async function trackerRoutes(app: FastifyInstance): Promise<void> {
  // navigator.sendBeacon posts JSON as text/plain; read it as JSON in this scope only.
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(
        Object.assign(new Error('Malformed request body'), { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' }),
        undefined,
      );
    }
  });
  for (const kind of KINDS) {
    app.post(
      `/gc/public/track/${kind}`,
      {
        schema: { tags: ['tracker'], summary: `Tracker collector: ${kind}`, body: z.looseObject({}) },
        config: { rateLimit: { max: 300, timeWindow: 60_000 } },
        bodyLimit: MAX_PAYLOAD * 2,
        // The collector takes any JSON object; the validator only checks that it is one.
        validatorCompiler: () => (data: unknown) =>
          data && typeof data === 'object' && !Array.isArray(data)
            ? { value: data }
            : {
                error: Object.assign(new Error('Body must be a JSON object'), {
                  validation: [{ message: 'Body must be a JSON object' }],
                }),
              },
      },
      async (req, reply) => {
        const body = req.body as Record<string, unknown>;
        const json = JSON.stringify(body);
        if (hasNul(body))
          return reply
            .status(200)
            .send({ success: false, msg: 'Request contains invalid characters', code: 'common.003', data: null });
        if (json.length > MAX_PAYLOAD)
          return reply.status(413).send({ success: false, msg: 'Event too large', code: 'common.413', data: null });
        await trackerRepo.record(app.db, {
          kind,
          deviceId: str(body.device_id ?? body.deviceId, 200),
          userId: str(body.user_id ?? body.userId, 100),
          name: str(body.name ?? body.event ?? body.event_name, 200),
          payload: json,
          ip: req.ip,
        });
        return reply.status(204).send();
      },
    );
  }

  gcRoute(app, {
    path: '/public/analysis',
    summary: 'App analytics event (name, value, device fields), stored like tracker events',
    body: z.object({
      name: optText('name', 200),
      value: optText('value', 500),
      device_no: optText('device_no', 200),
      os_type: optText('os_type', 20),
    }),
    handler: async (req) => {
      const b = req.body;
      await trackerRepo.record(app.db, {
        kind: 'analysis',
        deviceId: b.device_no,
        name: b.name,
        payload: JSON.stringify(b),
        ip: req.ip,
      });
      return null;
    },
  });
}
