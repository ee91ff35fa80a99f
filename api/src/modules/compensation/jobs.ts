import type { Db } from '../../db/db.js';
import type { Jobs } from '../jobs/jobs.js';
import { DELAY_BREACH_JOB, sendBreachNotice } from './service.js';
import type { DelaySubject } from './repo.js';

/** The breach notices' queue: one job per order or withdrawal, queued at its creation for its promised time. */
export function registerDelayJobs(jobs: Jobs, db: Db): void {
  jobs.register<{ subject: DelaySubject; id: string }>(
    DELAY_BREACH_JOB,
    async (data) => {
      await sendBreachNotice(db, { subject: data.subject, id: BigInt(data.id) });
    },
    { retryLimit: 5, retryDelaySeconds: 10 },
  );
}
