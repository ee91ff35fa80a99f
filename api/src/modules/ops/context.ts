import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/env.js';
import type { Db } from '../../db/db.js';
import type { Catalog } from '../catalog/service.js';
import type { Jobs } from '../jobs/jobs.js';
import type { KycDeps } from '../kyc/service.js';
import type { Ledger } from '../ledger/ledger.js';
import type { Messenger } from '../messaging/messenger.js';
import type { DecisionDeps } from '../order/service.js';
import type { PayoutProvider } from '../payment/provider.js';
import type { RequestRefs } from '../request-refs/service.js';
import type { Reference } from '../../shared/reference.js';
import type { UploadStore } from '../uploads/store.js';
import { secondPairRule } from './four-eyes.js';

export interface OpsOptions {
  ledger: Ledger;
  store?: UploadStore;
  provider?: PayoutProvider;
}

/** What the operator services are given: the db, reference data, the catalog, the ledger and the outside world. */
export interface OpsDeps {
  db: Db;
  ref: Reference;
  catalog: Catalog;
  ledger: Ledger;
  jobs: Jobs;
  kyc: KycDeps;
  messenger: Messenger;
  /** Failed requests by the reference their seller was shown. */
  requestRefs: RequestRefs;
  config: Config;
  provider?: PayoutProvider;
  /** What a decision is priced and bounded with: the same for the reviewer and a second approver. */
  decisions: DecisionDeps;
  /** A card photo as a short-lived signed link for staff, like the owner's. */
  view: (key: string) => string;
  /** An identity photo (by its stored name) as a short-lived signed link. */
  photo: (name: string) => string;
  /** Reference data and the card list are cached: load them before a transaction, to keep it short. */
  warm: () => Promise<void>;
}

export function opsDeps(app: FastifyInstance, opts: OpsOptions): OpsDeps {
  const { db, ref, catalog } = app;
  const store = opts.store;
  return {
    db,
    ref,
    catalog,
    ledger: opts.ledger,
    jobs: app.jobs,
    kyc: app.kyc,
    messenger: app.messenger,
    requestRefs: app.requestRefs,
    config: app.config,
    provider: opts.provider,
    decisions: {
      ledger: opts.ledger,
      ref,
      catalog,
      rateTolerancePercent: app.config.review.rateTolerancePercent,
      secondPair: secondPairRule(app.config.review, (code) => ref.currency(code)),
    },
    view: (key) => (key && store ? store.viewUrl(key) : key),
    photo: (name) => (name && store ? store.viewUrl(store.publicUrl(name)) : ''),
    warm: async () => {
      await ref.warm();
      await Promise.all(['NGN', 'GHS', 'USDT'].map((c) => catalog.cards(c)));
    },
  };
}
