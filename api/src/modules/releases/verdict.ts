/**
 * The rule of the canary check, a pure function: given what the canary version and the
 * stable version did since the canary started, halt it, promote it, or wait.
 */

export interface CanarySettings {
  /** Halt when the canary's error rate is at least this many times the stable version's. */
  haltRatio: number;
  /** …and the canary had at least this many errors (a handful proves nothing). */
  minErrors: number;
  /** …and the canary had at least this many page loads (and, to be promoted, the stable version too). */
  minLoads: number;
  /** A canary marked "promote when healthy" is promoted after this long without a halt. */
  healthyMinutes: number;
}

/** Counts for one version over the canary's period. */
export interface VersionCounts {
  loads: number;
  /** Uncaught errors and failed loads of the remote together. */
  errors: number;
}

export type CanaryVerdict =
  | { action: 'halt'; reason: string }
  | { action: 'promote'; reason: string }
  | { action: 'wait'; reason: string };

const pct = (n: number) => `${(n * 100).toFixed(n < 0.1 ? 2 : 1)} %`;

/** Errors per page load; 0 without loads. */
export const errorRate = (c: VersionCounts) => (c.loads > 0 ? c.errors / c.loads : 0);

/**
 * Halt when the canary has enough loads and errors and its rate is at least `haltRatio` times the
 * stable one (any rate counts against a stable version with none). Otherwise, when asked and the
 * canary has run for `healthyMinutes` with enough loads, promote it.
 */
export function canaryVerdict(
  canary: VersionCounts,
  stable: VersionCounts,
  s: CanarySettings,
  o: { runningMinutes: number; promoteWhenHealthy: boolean },
): CanaryVerdict {
  const c = errorRate(canary);
  const st = errorRate(stable);
  const figures =
    `canary ${canary.errors} errors in ${canary.loads} page loads (${pct(c)}), ` +
    `stable ${stable.errors} in ${stable.loads} (${pct(st)})`;
  const worse = c > 0 && (st === 0 || c >= st * s.haltRatio);
  if (canary.loads >= s.minLoads && canary.errors >= s.minErrors && worse) {
    const times =
      st === 0
        ? 'the stable version had none'
        : `${(c / st).toFixed(1)} times the stable rate, the limit is ${s.haltRatio}`;
    return { action: 'halt', reason: `${figures}: ${times}` };
  }
  if (canary.loads < s.minLoads || stable.loads < s.minLoads) {
    return { action: 'wait', reason: `not enough page loads yet (at least ${s.minLoads} of each): ${figures}` };
  }
  if (o.promoteWhenHealthy && o.runningMinutes >= s.healthyMinutes) {
    return { action: 'promote', reason: `healthy for ${Math.floor(o.runningMinutes)} minutes: ${figures}` };
  }
  return { action: 'wait', reason: `healthy so far: ${figures}` };
}
