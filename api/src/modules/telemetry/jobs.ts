import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/db.js';
import type { Jobs } from '../jobs/jobs.js';
import { telemetryRepo } from './repo.js';

export const TELEMETRY_PRUNE_JOB = 'telemetry_prune';
const EVERY_MS = 3600_000;

/**
 * Deletes telemetry minutes older than `keepDays`, hourly: one job waits at a time across api
 * processes (stately, one key), and each run queues the next. Deleting is safe to repeat.
 */
export function registerTelemetryJobs(jobs: Jobs, db: Db, keepDays: number, log: FastifyBaseLogger): { start: () => Promise<void> } {
  jobs.register(
    TELEMETRY_PRUNE_JOB,
    async () => {
      try {
        const gone = await telemetryRepo.prune(db, keepDays);
        if (gone) log.info({ rows: gone, keepDays }, 'telemetry: old minutes pruned');
      } finally {
        await jobs.send(TELEMETRY_PRUNE_JOB, {}, { singletonKey: 'telemetry', startAfter: new Date(Date.now() + EVERY_MS) });
      }
    },
    { policy: 'stately', retryLimit: 2, retryDelaySeconds: 30, expireInSeconds: 300 },
  );
  return { start: async () => void (await jobs.send(TELEMETRY_PRUNE_JOB, {}, { singletonKey: 'telemetry' })) };
}
