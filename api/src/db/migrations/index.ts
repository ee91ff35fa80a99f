import type { Queryable } from '../db.js';
import { sql as core } from './0001-core.js';
import { seed } from './0002-seed.js';
import { sql as money } from './0003-money.js';
import { seedMoney } from './0004-money-seed.js';
import { seedCoupons, sql as coupons } from './0005-coupons.js';
import { sql as readIndexes } from './0006-read-indexes.js';
import { seedReferral, sql as referral } from './0007-referral.js';
import { sql as otpGuard } from './0008-otp-guard.js';
import { seedNative, sql as native } from './0009-native-clients.js';
import { sql as accountSecurity } from './0010-account-security.js';
import { sql as staffSignIn } from './0011-staff-sign-in.js';
import { sql as approvals } from './0012-approvals.js';
import { sql as rateChanges } from './0013-rate-changes.js';
import { sql as payoutSending } from './0014-payout-sending.js';
import { sql as kyc } from './0015-kyc.js';
import { sql as signInFailures } from './0017-sign-in-failures.js';
import { sql as jobsOutbox } from './0018-jobs-outbox.js';
import { sealDatesOfBirth } from './0019-store-kyc.js';
import { sql as moneyRaces } from './0020-money-races.js';
import { sql as sessionClient } from './0021-session-client.js';
import { sql as requestRefs } from './0022-request-refs.js';
import { sql as telemetry } from './0023-telemetry.js';
import { sql as releaseManager } from './0024-release-manager.js';
import { up as delayCompensation } from './0025-delay-compensation.js';
import { sql as eta } from './0026-eta.js';
import { sql as counterOffers } from './0027-counter-offers.js';
import { sql as appeals } from './0028-appeals.js';
import { seedCases, sql as cases } from './0029-cases.js';
import { sql as noticeAlerts } from './0030-notice-alerts.js';
import { sql as rateAlerts } from './0033-rate-alerts.js';
import { sql as noMadeUpNicknames } from './0036-no-made-up-nicknames.js';

/** What a migration may need beyond SQL: the key that seals identity data (KYC_DATA_KEY). */
export interface MigrationContext {
  kycDataKey?: string;
}

export interface Migration {
  id: string;
  up: (q: Queryable, ctx: MigrationContext) => Promise<void>;
}

const runSql = (text: string) => (q: Queryable) => q.exec(text);

/**
 * Every migration, in order. Append only: a migration that has run is never edited. Modules that
 * arrive later (the ledger, orders, withdrawals) append their own here.
 */
export const migrations: Migration[] = [
  { id: '0001-core', up: runSql(core) },
  { id: '0002-seed', up: seed },
  { id: '0003-money', up: runSql(money) },
  { id: '0004-money-seed', up: seedMoney },
  {
    id: '0005-coupons',
    up: async (q) => {
      await q.exec(coupons);
      await seedCoupons(q);
    },
  },
  { id: '0006-read-indexes', up: runSql(readIndexes) },
  {
    id: '0007-referral',
    up: async (q) => {
      await q.exec(referral);
      await seedReferral(q);
    },
  },
  { id: '0008-otp-guard', up: runSql(otpGuard) },
  {
    id: '0009-native-clients',
    up: async (q) => {
      await q.exec(native);
      await seedNative(q);
    },
  },
  { id: '0010-account-security', up: runSql(accountSecurity) },
  { id: '0011-staff-sign-in', up: runSql(staffSignIn) },
  { id: '0012-approvals', up: runSql(approvals) },
  { id: '0013-rate-changes', up: runSql(rateChanges) },
  { id: '0014-payout-sending', up: runSql(payoutSending) },
  { id: '0015-kyc', up: runSql(kyc) },
  { id: '0017-sign-in-failures', up: runSql(signInFailures) },
  { id: '0018-jobs-outbox', up: runSql(jobsOutbox) },
  { id: '0019-store-kyc', up: sealDatesOfBirth },
  { id: '0020-money-races', up: runSql(moneyRaces) },
  { id: '0021-session-client', up: runSql(sessionClient) },
  { id: '0022-request-refs', up: runSql(requestRefs) },
  { id: '0023-telemetry', up: runSql(telemetry) },
  { id: '0024-release-manager', up: runSql(releaseManager) },
  { id: '0025-delay-compensation', up: delayCompensation },
  { id: '0026-eta', up: runSql(eta) },
  { id: '0027-counter-offers', up: runSql(counterOffers) },
  { id: '0028-appeals', up: runSql(appeals) },
  {
    id: '0029-cases',
    up: async (q) => {
      await q.exec(cases);
      await seedCases(q);
    },
  },
  { id: '0030-notice-alerts', up: runSql(noticeAlerts) },
  { id: '0033-rate-alerts', up: runSql(rateAlerts) },
  { id: '0036-no-made-up-nicknames', up: runSql(noMadeUpNicknames) },
];
