import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { AppError, Codes } from './envelope.js';

/**
 * Where the rate limits are counted: `shared` in Redis (every api process together), `degraded`
 * in this process's memory because the configured Redis does not answer, `memory` in this
 * process's memory because no Redis is configured.
 */
export type LimitsMode = 'shared' | 'degraded' | 'memory';

type Count = { current: number; ttl: number };

/** INCR with the window set on the first hit; returns the count and the window's time left (ms). */
const INCR_LUA = `
local current = redis.call('INCR', KEYS[1])
local ttl = tonumber(ARGV[1])
if current == 1 then
  redis.call('PEXPIRE', KEYS[1], ttl)
else
  ttl = redis.call('PTTL', KEYS[1])
  if ttl < 0 then
    redis.call('PEXPIRE', KEYS[1], ARGV[1])
    ttl = tonumber(ARGV[1])
  end
end
return {current, ttl}
`;

/** Fixed-window counters in memory, at most `cap` keys (the oldest window is dropped first). */
class MemoryCounts {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  constructor(private readonly cap = 5_000) {}

  incr(key: string, windowMs: number, now = Date.now()): Count {
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      this.windows.delete(key);
      w = { count: 0, resetAt: now + windowMs };
      if (this.windows.size >= this.cap) {
        // Drop expired windows first, then (an attack spraying keys) the oldest ones.
        for (const [k, v] of this.windows) if (v.resetAt <= now) this.windows.delete(k);
        while (this.windows.size >= this.cap) this.windows.delete(this.windows.keys().next().value!);
      }
      this.windows.set(key, w);
    }
    w.count += 1;
    return { current: w.count, ttl: w.resetAt - now };
  }
}

type LimitIncr = { glLimitIncr?: (key: string, windowMs: number) => Promise<[number, number]> };

/**
 * The rate limits' counters: in Redis when REDIS_URL is set, so every api process
 * counts together; never off. Every hit is also counted in this process's memory, and a Redis
 * error or timeout (commands time out well under a second) answers from that count instead: the
 * limits keep holding per process while Redis is away. One warning when that starts, one info
 * line when Redis answers again (a probe every `probeMs` while degraded); then the shared counts
 * are used again. While shared, the stricter of the two counts is used, so a Redis that came back
 * empty (a restart) does not forget what this process saw during the outage.
 */
export class Limits {
  private state: LimitsMode;
  private since = Date.now();
  private degradations = 0;
  private probe: NodeJS.Timeout | null = null;
  private probing: Promise<void> | null = null;
  private closed = false;
  private readonly redis?: Redis;

  constructor(
    private readonly log: FastifyBaseLogger,
    redis?: Redis,
    private readonly probeMs = 1000,
  ) {
    this.state = redis ? 'degraded' : 'memory';
    if (!redis) return;
    if (!(redis as unknown as LimitIncr).glLimitIncr)
      redis.defineCommand('glLimitIncr', { numberOfKeys: 1, lua: INCR_LUA });
    this.redis = redis;
    redis.on('ready', () => void this.check());
    redis.on('error', (err: Error) => this.down(err));
    redis.on('close', () => this.down(new Error('connection closed')));
  }

  /** Where the limits are counted now (for /readyz and metrics). */
  get mode(): LimitsMode {
    return this.state;
  }

  /** The mode, since when (ms since the epoch), and how many times this process has degraded. */
  snapshot(): { mode: LimitsMode; since: number; degradations: number } {
    return { mode: this.state, since: this.since, degradations: this.degradations };
  }

  /** Redis failed or timed out: count in memory (one warning per outage) and probe until it answers. */
  private down(err: Error): void {
    if (this.closed || this.state !== 'shared') {
      if (this.state === 'degraded') this.startProbe();
      return;
    }
    this.state = 'degraded';
    this.since = Date.now();
    this.degradations += 1;
    this.log.warn(
      { err: err.message },
      'rate limits degraded: Redis does not answer, so limits hold per api process in memory until it does',
    );
    this.startProbe();
  }

  private up(): void {
    if (this.closed || this.state === 'shared') return;
    const wasDown = this.degradations > 0;
    this.state = 'shared';
    this.since = Date.now();
    this.stopProbe();
    if (wasDown) this.log.info('rate limits shared again: Redis answers');
  }

  /** Called once the start-up wait for Redis is over: not connected by then is an outage like any other. */
  started(): void {
    if (this.state !== 'degraded' || this.closed) return;
    this.since = Date.now();
    this.degradations += 1;
    this.log.warn(
      'rate limits degraded: Redis does not answer at start-up, so limits hold per api process in memory until it does',
    );
    this.startProbe();
  }

  private startProbe(): void {
    if (this.probe || this.closed || !this.redis) return;
    this.probe = setInterval(() => void this.check(), this.probeMs);
    this.probe.unref();
  }

  /**
   * Tries the limits' own command once (a Redis that answers PING but refuses writes is not back):
   * shared again if it works. Run by the probe, on each (re)connection, and at start-up.
   */
  check(): Promise<void> {
    const r = this.redis;
    // Not connected: ioredis reconnects by itself and its 'ready' runs this again.
    if (!r || this.closed || this.state === 'shared' || r.status !== 'ready') return Promise.resolve();
    this.probing ??= (r as unknown as Required<LimitIncr>)
      .glLimitIncr('gl-rl:probe', 60_000)
      .then(() => this.up())
      .catch(() => undefined)
      .finally(() => (this.probing = null));
    return this.probing;
  }

  private stopProbe(): void {
    if (this.probe) clearInterval(this.probe);
    this.probe = null;
  }

  close(): void {
    this.closed = true;
    this.stopProbe();
  }

  /** One count: in memory always, and in Redis while it answers; the stricter answer wins. */
  private async incr(prefix: string, local: MemoryCounts, key: string, windowMs: number): Promise<Count> {
    const mine = local.incr(key, windowMs);
    if (!this.redis || this.state !== 'shared') return mine;
    try {
      const [current, ttl] = await (this.redis as unknown as Required<LimitIncr>).glLimitIncr(prefix + key, windowMs);
      const shared = { current: Number(current), ttl: Math.max(0, Number(ttl)) };
      return shared.current >= mine.current ? shared : mine;
    } catch (err) {
      this.down(err instanceof Error ? err : new Error(String(err)));
      return mine;
    }
  }

  /** The store @fastify/rate-limit uses (its `store` option): one child per route, each with its own counters. */
  storeCtor(namespace: string): FastifyRateLimitStoreCtor {
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const limits = this;
    const make = (prefix: string): FastifyRateLimitStore => {
      const local = new MemoryCounts();
      return {
        incr: (key, cb, timeWindow) => {
          limits.incr(prefix, local, key, timeWindow).then(
            (r) => cb(null, r),
            // Not expected (incr answers from memory on any Redis fault); refuse rather than let through.
            () => cb(null, { current: Number.MAX_SAFE_INTEGER, ttl: timeWindow }),
          );
        },
        child: (routeOptions) => {
          const info = (routeOptions as { routeInfo?: { method?: string; url?: string } }).routeInfo ?? {};
          return make(`${namespace}${info.method ?? ''}${info.url ?? ''}-`);
        },
      };
    };
    return class {
      constructor() {
        return make(namespace);
      }
    } as unknown as FastifyRateLimitStoreCtor;
  }
}

/** Where this app's rate limits are counted now ('shared' | 'degraded' | 'memory'): for health and metrics. */
export function limitsMode(app: FastifyInstance): LimitsMode {
  return app.limits.mode;
}

/**
 * The refusal of an account's limit (per account in Redis or memory, or its failed sign-ins in PostgreSQL): HTTP 429,
 * Retry-After.
 */
export class AccountLimited extends AppError {
  readonly retryAfterSeconds: number;
  constructor(seconds: number) {
    const wait = Math.max(1, Math.ceil(seconds));
    super(
      `Too many attempts for this account, please try again in ${Math.ceil(wait / 60)} minutes`,
      Codes.tooMany,
      429,
    );
    this.retryAfterSeconds = wait;
  }
}
