// Dead letters: background jobs that failed every attempt — most often an e-mail, WhatsApp or push
// message whose provider kept failing. Staff see what, to whom (masked), how many attempts and the
// last error; an admin retries one, which puts it back in the queue (audited).
import { AppError } from '../../lib/envelope.js';
import { jobsRepo } from '../jobs/repo.js';
import { maskRecipient } from '../messaging/messenger.js';
import { outboxRepo } from '../messaging/repo.js';
import type { Db } from '../../db/db.js';
import type { OpsDeps } from './context.js';
import type { Actor } from './route.js';
import { audit } from './staff.js';

export const DEAD_LETTER_MESSAGES = {
  gone: 'This dead letter was already retried',
  code:
    'A verification code is not sent again: it would be stale. The seller asks for a new code (the wait between ' +
    'codes is waived after a failed one)',
  notDead: 'This message is no longer waiting for a retry',
  unknownJob: 'This kind of job is not run by this api process any more: it cannot be sent again from here',
} as const;

export async function deadLetters(db: Db) {
  const rows = await jobsRepo.listDead(db, 200);
  return rows.map((d) => ({
    id: Number(d.id),
    kind: d.channel ?? d.job_name,
    job: d.job_name,
    recipient: d.recipient ? maskRecipient(d.recipient) : null,
    subject: d.subject ?? null,
    attempts: d.attempts,
    last_error: d.error,
    failed_at: d.failed_at,
  }));
}

/** Sends a dead job or message again, with a reason. */
export async function retryDeadLetter(db: Db, deps: OpsDeps, input: { staff: Actor; id: number; reason: string }) {
  const { staff, id, reason } = input;
  const { jobs } = deps;
  const job = await db.tx(async (q) => {
    const d = await jobsRepo.markRetried(q, id, staff.id);
    if (!d) throw new AppError(DEAD_LETTER_MESSAGES.gone);
    if (!jobs.has(d.job_name)) throw new AppError(DEAD_LETTER_MESSAGES.unknownJob);
    if (d.outbox_id !== null) {
      const revived = await outboxRepo.revive(q, d.outbox_id);
      if (revived === 'code') throw new AppError(DEAD_LETTER_MESSAGES.code);
      if (revived === 'not_dead') throw new AppError(DEAD_LETTER_MESSAGES.notDead);
    }
    await jobs.send(d.job_name, d.data, { q });
    await audit(q, {
      staffId: staff.id,
      action: 'job.retry',
      targetType: 'dead_job',
      targetId: String(d.id),
      reason,
      details: { job: d.job_name, outbox_id: d.outbox_id },
      ip: staff.ip,
    });
    return d.job_name;
  });
  jobs.kick(job);
  return {};
}
