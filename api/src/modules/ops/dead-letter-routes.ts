import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError, ok } from '../../lib/envelope.js';
import { jobsRepo } from '../jobs/repo.js';
import { maskRecipient } from '../messaging/messenger.js';
import { outboxRepo } from '../messaging/repo.js';
import { opsContext, type OpsOptions } from './context.js';
import { audit } from './staff.js';

export const DEAD_LETTER_MESSAGES = {
  gone: 'This dead letter was already retried',
  code: 'A verification code is not sent again: it would be stale. The seller asks for a new code (the wait between codes is waived after a failed one)',
  notDead: 'This message is no longer waiting for a retry',
  unknownJob: 'This kind of job is not run by this api process any more: it cannot be sent again from here',
} as const;

/**
 * Dead letters (issue 26): background jobs that failed every attempt — most often an e-mail,
 * WhatsApp or push message whose provider kept failing. Staff see what, to whom (masked), how many
 * attempts and the last error; an admin retries one, which puts it back in the queue (audited).
 */
export async function deadLetterRoutes(app: FastifyInstance, opts: OpsOptions): Promise<void> {
  const { db, r, tags, who } = opsContext(app, opts);

  r.get('/ops/api/dead-letters', { schema: { tags, summary: 'Jobs and messages that failed every attempt, newest first (admin, finance)' } }, async (req) => {
    await who(req, ['finance']);
    const rows = await jobsRepo.listDead(db, 200);
    return ok(
      rows.map((d) => ({
        id: Number(d.id),
        kind: d.channel ?? d.job_name,
        job: d.job_name,
        recipient: d.recipient ? maskRecipient(d.recipient) : null,
        subject: d.subject ?? null,
        attempts: d.attempts,
        last_error: d.error,
        failed_at: d.failed_at,
      })),
    );
  });

  r.post(
    '/ops/api/dead-letters/:id/retry',
    { schema: { tags, summary: 'Send a dead job or message again (admin), with a reason', params: z.object({ id: z.coerce.number().int().positive() }), body: z.object({ reason: z.string().trim().min(3).max(500) }) } },
    async (req) => {
      const s = await who(req, ['admin']);
      const job = await db.tx(async (q) => {
        const d = await jobsRepo.markRetried(q, req.params.id, s.id);
        if (!d) throw new AppError(DEAD_LETTER_MESSAGES.gone);
        if (!app.jobs.has(d.job_name)) throw new AppError(DEAD_LETTER_MESSAGES.unknownJob);
        if (d.outbox_id !== null) {
          const revived = await outboxRepo.revive(q, d.outbox_id);
          if (revived === 'code') throw new AppError(DEAD_LETTER_MESSAGES.code);
          if (revived === 'not_dead') throw new AppError(DEAD_LETTER_MESSAGES.notDead);
        }
        await app.jobs.send(d.job_name, d.data, { q });
        await audit(q, { staffId: s.id, action: 'job.retry', targetType: 'dead_job', targetId: String(d.id), reason: req.body.reason, details: { job: d.job_name, outbox_id: d.outbox_id }, ip: req.ip });
        return d.job_name;
      });
      app.jobs.kick(job);
      return ok({});
    },
  );
}
