import type { FastifyBaseLogger } from 'fastify';
import type { Jobs } from '../jobs/jobs.js';
import type { ReleaseDesk } from './service.js';

/** The canary check's job. */
export const CANARY_CHECK_JOB = 'canary_check';
/** The scheduled run's key: one waits at a time across every api process. */
const SCHEDULED = 'scheduled';
/** A run asked for from the console: at most one waits at a time. */
const NOW = 'now';

/**
 * The canary check runs on the job queue, once across processes: a `stately` queue keeps one
 * scheduled run waiting (each process sends one at start; only the first is kept), and each run
 * sends the next, `intervalS` later. A run never throws (an app's failure is logged and looked at
 * again next time), so the chain of runs is never broken by a retry or a dead letter.
 */
export function registerCanaryCheck(
  jobs: Jobs,
  desk: ReleaseDesk,
  log: FastifyBaseLogger,
  o: { intervalS: number; on: boolean },
): { start: () => Promise<void> } {
  const next = () => {
    const startAfter = new Date(Date.now() + o.intervalS * 1000);
    return jobs.send(CANARY_CHECK_JOB, { scheduled: true }, { singletonKey: SCHEDULED, startAfter });
  };
  jobs.register<{ scheduled?: boolean }>(
    CANARY_CHECK_JOB,
    async (data) => {
      try {
        const outcomes = await desk.check();
        for (const x of outcomes) if (x.verdict.action !== 'wait') log.info({ ...x }, 'canary check');
      } catch (err) {
        log.error({ err }, 'canary check failed; it runs again at the next interval');
      }
      if (data.scheduled && o.on) {
        await next().catch((err: unknown) => log.error({ err }, 'could not schedule the next canary check'));
      }
    },
    { policy: 'stately', retryLimit: 0, expireInSeconds: 120 },
  );
  return {
    start: async () => {
      if (o.on && desk.control) await next();
    },
  };
}

/** Runs the check as soon as a worker is free (the console's "Check now"). */
export async function checkCanariesNow(jobs: Jobs): Promise<void> {
  await jobs.send(CANARY_CHECK_JOB, {}, { singletonKey: NOW });
}
