/**
 * `npm run ledger:check -w api`: verifies every ledger invariant over the whole database
 * (DATABASE_URL, or the PGlite folder DATA_DIR) and exits 1 on any breach, 2 when it cannot run.
 */
import { loadConfig } from '../config/env.js';
import { openDb } from '../db/db.js';
import { migrate } from '../db/migrate.js';
import { checkLedger, LEDGER_CHECK_COUNT } from '../modules/ledger/check.js';

async function main(): Promise<number> {
  const config = loadConfig();
  // An operator's tool over the whole ledger: its scans may take longer than a request's statement
  // bound (DB_STATEMENT_TIMEOUT_MS), so they run without it; lock and idle bounds stay.
  const db = await openDb({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    postgres: { ...config.db, statementTimeoutMs: 0 },
  });
  try {
    await migrate(db, undefined, { kycDataKey: config.kyc.dataKey });
    const breaches = await checkLedger(db);
    const counts = await db.query<{ journals: bigint; postings: bigint; holds: bigint }>(
      'select (select count(*) from ledger_journals) as journals, (select count(*) from ledger_postings) as ' +
        'postings, (select count(*) from ledger_holds) as holds',
    );
    const c = counts.rows[0];
    if (breaches.length) {
      console.error(`ledger check FAILED: ${breaches.length} breach(es)`);
      for (const b of breaches) console.error(`  - ${b.invariant}: ${b.detail}`);
      return 1;
    }
    console.log(
      `ledger check passed: ${LEDGER_CHECK_COUNT} invariants over ${c?.journals ?? 0} journals, ${c?.postings ?? 0} ` +
        `postings, ${c?.holds ?? 0} holds`,
    );
    return 0;
  } finally {
    await db.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error('ledger check could not run:', err instanceof Error ? err.message : err);
    process.exit(2);
  },
);
