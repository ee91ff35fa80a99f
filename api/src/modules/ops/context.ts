import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Ledger } from '../ledger/ledger.js';
import type { DecisionDeps } from '../order/service.js';
import type { PayoutProvider } from '../payment/provider.js';
import type { UploadStore } from '../uploads/store.js';
import { secondPairRule } from './four-eyes.js';
import { requireStaff, type Role, type StaffAuth } from './staff.js';

export interface OpsOptions { ledger: Ledger; store?: UploadStore; provider?: PayoutProvider }

/** What every operator route file shares: the db, reference data, the catalog, the signed-in staff member. */
export function opsContext(app: FastifyInstance, opts: OpsOptions) {
  const { db, ref } = app;
  const { catalog } = app;
  /** What a decision is priced and bounded with: the same for the reviewer and a second approver. */
  const decisions: DecisionDeps = {
    ledger: opts.ledger,
    ref,
    catalog,
    rateTolerancePercent: app.config.review.rateTolerancePercent,
    secondPair: secondPairRule(app.config.review, (code) => ref.currency(code)),
  };
  return {
    decisions,
    db,
    ref,
    catalog,
    ledger: opts.ledger,
    r: app.withTypeProvider<ZodTypeProvider>(),
    tags: ['ops'],
    // Card photos reach staff as short-lived signed links, like the owner's.
    view: (key: string) => (key && opts.store ? opts.store.viewUrl(key) : key),
    /** Reference data and the card list are cached: load them before a transaction, to keep it short. */
    warm: async () => {
      await ref.warm();
      await Promise.all(['NGN', 'GHS', 'USDT'].map((c) => catalog.cards(c)));
    },
    who: (req: FastifyRequest, roles: Role[]): Promise<StaffAuth> => requireStaff(db, req.headers.authorization, roles),
  };
}
