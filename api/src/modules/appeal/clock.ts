// The appeal queue's clock on the job queue: when an appeal is opened, a job is queued (in the same
// transaction) for the moment its answer is due; if the appeal is still open then, the breach is
// recorded once (breached_at and an audit row), whichever api process runs it, across restarts.
import type { Db, Queryable } from '../../db/db.js';
import type { Jobs } from '../jobs/jobs.js';
import { audit } from '../../shared/audit.js';
import { appealRepo } from './repo.js';

export const APPEAL_CLOCK_JOB = 'appeal_clock';

/** Records an open appeal's breach at its due time (nothing for one answered in time, or already recorded). */
export async function recordAppealBreach(db: Db, appealNo: string): Promise<boolean> {
  return db.tx(async (q) => {
    const a = await appealRepo.markBreached(q, appealNo);
    if (!a) return false;
    await audit(q, {
      staffId: null,
      action: 'appeal.clock_breached',
      targetType: 'appeal',
      targetId: a.appeal_no,
      details: { due_at: a.due_at, assigned_to: a.assigned_to },
    });
    return true;
  });
}

export function registerAppealClock(jobs: Jobs, db: Db): void {
  jobs.register<{ appealNo: string }>(APPEAL_CLOCK_JOB, async (d) => void (await recordAppealBreach(db, d.appealNo)), {
    retryLimit: 5,
    retryDelaySeconds: 5,
  });
}

/** Queues the clock of an appeal for its due time, in the transaction that opens it. */
export async function scheduleAppealClock(q: Queryable, jobs: Jobs, input: { appealNo: string; at: Date }) {
  await jobs.send(
    APPEAL_CLOCK_JOB,
    { appealNo: input.appealNo },
    { q, startAfter: input.at, singletonKey: input.appealNo },
  );
}
