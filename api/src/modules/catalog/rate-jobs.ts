import type { Db, Queryable } from '../../db/db.js';
import type { Jobs } from '../jobs/jobs.js';
import { alertRepo } from './alert-repo.js';
import { queueRateAlerts, RATE_ALERT_JOB } from './alerts.js';
import { rateRepo } from './rate-repo.js';
import type { Catalog } from './service.js';

/** The job that announces scheduled rate changes at the moment they take effect. */
export const RATE_APPLY_JOB = 'rate_apply';

/**
 * A scheduled rate change is in the table from the start and in force from its `effective_at` (the
 * rate in force is read by time, RATE_IN_FORCE). At that moment a job of the queue
 * announces it (NOTIFY catalog_changed): every api process's catalog, and the caches built on it,
 * reload at once rather than at their next expiry, and the rate alerts it may reach are checked.
 */
export function registerRateJobs(jobs: Jobs, db: Db, catalog: Catalog): void {
  jobs.register<{ changes: number[] }>(
    RATE_APPLY_JOB,
    async ({ changes }) => {
      await rateRepo.announce(db);
      catalog.invalidate();
      // The changes now in effect (not cancelled meanwhile) may reach sellers' rate alerts.
      const pairs = await alertRepo.pairsOf(db, changes);
      await queueRateAlerts(
        db,
        { jobs },
        pairs.map((p) => ({ card_id: p.card_id, currency: p.currency_code })),
      );
      jobs.kick(RATE_ALERT_JOB);
    },
    { retryLimit: 5, retryDelaySeconds: 2 },
  );
}

/** Queues the announcement of changes taking effect at `at`, in the transaction that schedules them. */
export async function scheduleRateApply(
  q: Queryable,
  { jobs }: { jobs: Jobs },
  { changes, at }: { changes: number[]; at: Date },
): Promise<void> {
  await jobs.send(RATE_APPLY_JOB, { changes }, { q, startAfter: at });
}
