// The canary check's rule: halt a canary that is clearly worse than the stable version, with
// enough samples; promote one that was asked for and stayed healthy; otherwise wait.
import { canaryVerdict, type CanarySettings } from '../modules/releases/verdict.js';

const S: CanarySettings = { haltRatio: 2, minErrors: 20, minLoads: 100, healthyMinutes: 60 };
const wait = { runningMinutes: 5, promoteWhenHealthy: false };

describe('canary verdict', () => {
  it('halts a canary at twice the stable error rate or more, with enough errors and loads, saying the figures', () => {
    const v = canaryVerdict({ loads: 200, errors: 40 }, { loads: 2000, errors: 100 }, S, wait);
    expect(v.action).toBe('halt');
    expect(v.reason).toBe(
      'canary 40 errors in 200 page loads (20.0 %), stable 100 in 2000 (5.00 %): ' +
        '4.0 times the stable rate, the limit is 2',
    );
  });

  it('halts at exactly the ratio, not below it', () => {
    expect(canaryVerdict({ loads: 1000, errors: 100 }, { loads: 1000, errors: 50 }, S, wait).action).toBe('halt');
    expect(canaryVerdict({ loads: 1000, errors: 99 }, { loads: 1000, errors: 50 }, S, wait).action).toBe('wait');
  });

  it('halts against a stable version with no errors at all', () => {
    const v = canaryVerdict({ loads: 100, errors: 20 }, { loads: 5000, errors: 0 }, S, wait);
    expect(v).toEqual({ action: 'halt', reason: expect.stringContaining('the stable version had none') });
  });

  it('waits with too few errors, however bad the rate', () => {
    expect(canaryVerdict({ loads: 100, errors: 19 }, { loads: 5000, errors: 0 }, S, wait).action).toBe('wait');
  });

  it('waits with too few canary loads', () => {
    const v = canaryVerdict({ loads: 99, errors: 90 }, { loads: 5000, errors: 0 }, S, wait);
    expect(v.action).toBe('wait');
    expect(v.reason).toContain('not enough page loads yet');
  });

  it('promotes a canary that was asked for once healthy for the set time, and only then', () => {
    const healthy = { loads: 500, errors: 5 };
    const stable = { loads: 5000, errors: 50 };
    const asked = (runningMinutes: number) => ({ runningMinutes, promoteWhenHealthy: true });
    expect(canaryVerdict(healthy, stable, S, asked(61))).toEqual({
      action: 'promote',
      reason: expect.stringContaining('healthy for 61 minutes'),
    });
    expect(canaryVerdict(healthy, stable, S, { runningMinutes: 59, promoteWhenHealthy: true }).action).toBe('wait');
    expect(canaryVerdict(healthy, stable, S, { runningMinutes: 600, promoteWhenHealthy: false }).action).toBe('wait');
    // Not promoted without enough loads of the stable version to compare with.
    expect(canaryVerdict(healthy, { loads: 10, errors: 0 }, S, asked(600)).action).toBe('wait');
  });

  it('halts rather than promotes a marked canary that went bad', () => {
    const asked = { runningMinutes: 600, promoteWhenHealthy: true };
    expect(canaryVerdict({ loads: 500, errors: 200 }, { loads: 5000, errors: 50 }, S, asked).action).toBe('halt');
  });
});
