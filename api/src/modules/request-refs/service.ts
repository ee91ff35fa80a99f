// Failed requests by the reference the seller was shown: written after the reply went
// out, never in its way; bounded per process so a flood of failures (a scanner, a broken client)
// costs a few writes a second, not one each; pruned after `days`.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/db.js';
import { requestRefsRepo, type FailedRequest, type RequestRefRow } from './repo.js';

export interface RequestRefsOptions {
  /** Rows kept this many days. */
  days: number;
  /** Writes per second per api process at most (a burst of ten times that is allowed). */
  perSecond: number;
}

const PRUNE_EVERY_MS = 3600_000;

export class RequestRefs {
  private tokens: number;
  private refilled = Date.now();
  private pruned = 0;
  /** Failures not written because the rate was spent (a metric). */
  dropped = 0;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly opts: RequestRefsOptions,
  ) {
    this.tokens = opts.perSecond * 10;
  }

  private take(now: number): boolean {
    const cap = this.opts.perSecond * 10;
    this.tokens = Math.min(cap, this.tokens + ((now - this.refilled) / 1000) * this.opts.perSecond);
    this.refilled = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** Notes a failed reply; never throws (the log line of the request holds it in any case). */
  async record(f: FailedRequest): Promise<void> {
    const now = Date.now();
    if (!this.take(now)) {
      this.dropped++;
      return;
    }
    try {
      await requestRefsRepo.insert(this.db, { ...f, msg: f.msg.slice(0, 300) });
      if (now - this.pruned > PRUNE_EVERY_MS) {
        this.pruned = now;
        const n = await requestRefsRepo.prune(this.db, this.opts.days);
        if (n) this.log.info({ removed: n, days: this.opts.days }, 'request references pruned');
      }
    } catch (err) {
      this.log.warn({ err: (err as Error).message, ref: f.ref }, 'request reference not recorded');
    }
  }

  find(ref: string, limit = 20): Promise<RequestRefRow[]> {
    return requestRefsRepo.find(this.db, ref, limit);
  }
}
