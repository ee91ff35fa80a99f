import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, Codes, fail, ok } from '../../lib/envelope.js';
import { batchSchema, describeProblem, foldBatch, TELEMETRY_BODY_LIMIT } from './collector.js';
import { versionHealth } from './health.js';
import { telemetryRepo } from './repo.js';

/** The device cookie the edge sets (deploy/src/edge/server.ts); only the rate limit reads it. */
const DEVICE_COOKIE = /(?:^|;\s*)gl_device=([A-Za-z0-9_-]{8,64})(?:;|$)/;
const deviceOf = (req: FastifyRequest) => String(req.headers.cookie ?? '').match(DEVICE_COOKIE)?.[1];

type Limiter = (req: FastifyRequest) => Promise<{ isAllowed: boolean; isExceeded?: boolean; ttlInSeconds?: number }>;

/**
 * The collector of the shell's telemetry: `POST /gc/telemetry`, JSON (navigator.sendBeacon sends
 * it as application/json, or text/plain), no session and no sign. Limited per client address
 * before the body is read and per device after; at most 16 KB; a strict schema. What it takes is
 * only added to per-minute counts under version strings: nothing it receives is ever served.
 */
export async function telemetryRoutes(app: FastifyInstance): Promise<void> {
  app.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: TELEMETRY_BODY_LIMIT }, (_req, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(Object.assign(new Error('Malformed request body'), { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' }), undefined);
    }
  });
  const cfg = app.config.telemetry;
  const perDevice = app.createRateLimit({
    max: cfg.perDeviceMin,
    timeWindow: 60_000,
    keyGenerator: (req: FastifyRequest) => `telemetry-device:${deviceOf(req)}`,
  }) as Limiter;

  app.post(
    '/gc/telemetry',
    {
      schema: { tags: ['telemetry'], summary: 'Client telemetry from the shell: a batch of counts and web vitals per app version' },
      bodyLimit: TELEMETRY_BODY_LIMIT,
      config: { rateLimit: { max: cfg.perIpMin, timeWindow: 60_000, keyGenerator: (req: FastifyRequest) => `telemetry-ip:${req.ip}` } },
      preHandler: async (req: FastifyRequest, reply: FastifyReply) => {
        if (!deviceOf(req)) return;
        const r = await perDevice(req);
        if (!r.isAllowed && r.isExceeded) {
          reply.header('retry-after', String(r.ttlInSeconds ?? 60));
          throw new AppError('Too many requests, please try again later', Codes.tooMany, 429);
        }
      },
    },
    async (req, reply) => {
      const parsed = batchSchema.safeParse(req.body);
      if (!parsed.success) return reply.status(400).send(fail(describeProblem(parsed.error), Codes.validation));
      const folded = foldBatch(parsed.data);
      if ('problem' in folded) return reply.status(400).send(fail(folded.problem, Codes.validation));
      await telemetryRepo.addCounts(app.db, folded.counts);
      await telemetryRepo.addVitals(app.db, folded.vitals);
      return ok({ accepted: parsed.data.events.length });
    },
  );

  // Outside production, the figures on the api's own loopback port (like the dev outbox; the edge
  // never passes /__dev on): what the e2e suite reads.
  if (app.config.env !== 'production') {
    app.get('/__dev/telemetry', { schema: { hide: true } }, async (req) => {
      const q = req.query as { minutes?: string; app?: string };
      const minutes = Math.min(Math.max(Number(q.minutes) || 60, 1), 24 * 60);
      return versionHealth(app.db, { sinceMs: minutes * 60_000, app: q.app || undefined });
    });
  }
}
