import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../../db/db.js';
import { AppError } from '../../lib/envelope.js';
import type { Messenger } from '../messaging/messenger.js';
import type { VersionHealth } from '../telemetry/health.js';
import { audit } from '../../shared/audit.js';
import { adminEmails, type StaffAuth } from '../../shared/staff.js';
import {
  ReleaseRefused,
  type ReleaseControl,
  type ReleaseEnvironment,
  type ReleaseHistoryLine,
  type ReleaseOutcome,
} from './control.js';
import { HALT_ACTION, releaseRepo } from './repo.js';
import { canaryVerdict, errorRate, type CanarySettings, type CanaryVerdict, type VersionCounts } from './verdict.js';

/** Client telemetry per app, version and bucket over the last `sinceMs` (the telemetry module's versionHealth). */
export type HealthSource = (q: Queryable, o: { sinceMs: number; app?: string }) => Promise<VersionHealth[]>;

export const RELEASE_MESSAGES = {
  notConfigured:
    'Release control is not configured: this api was started without a release store ' +
    '(RELEASING.md, "The release dashboard")',
  unknownEnv: (env: string) => `${env} is not an environment this console controls`,
  unknownApp: (app: string, env: string) => `${app} has no live version in ${env}`,
  noCanary: (app: string, env: string) => `${app} has no canary in ${env}`,
} as const;

export interface HealthFigures {
  version: string;
  loads: number;
  errors: number;
  error_rate: number;
  remote_failures: number;
  gc_failures: number;
  lcp_p75: number | null;
  cls_p75: number | null;
  inp_p75: number | null;
}

export type ReleaseAction =
  | { kind: 'promote'; env: string; app: string; version: string; why: string }
  | {
      kind: 'canary';
      env: string;
      app: string;
      version: string;
      percent: number;
      why: string;
      promoteWhenHealthy?: boolean;
    }
  | { kind: 'rollback'; env: string; app: string; version?: string; why: string }
  | { kind: 'drop'; env: string; app: string; why: string };

export interface CheckOutcome {
  env: string;
  app: string;
  version: string;
  verdict: CanaryVerdict;
  /** Whether this process made the change (another one may have made it first). */
  done: boolean;
}

/** Sums a version's rows (one per canary bucket); the vitals of its busiest bucket. */
function figures(version: string, rows: VersionHealth[]): HealthFigures {
  const mine = rows.filter((r) => r.version === version);
  const sum = (k: 'loads' | 'errors' | 'remoteFailures' | 'gcFailures') =>
    mine.reduce((n, r) => n + Number(r[k] ?? 0), 0);
  const top = [...mine].sort((a, b) => b.loads - a.loads)[0];
  const loads = sum('loads');
  // The telemetry's errors count the remote's failed loads too.
  const errors = sum('errors');
  return {
    version,
    loads,
    errors,
    error_rate: errorRate({ loads, errors }),
    remote_failures: sum('remoteFailures'),
    gc_failures: sum('gcFailures'),
    lcp_p75: top?.lcpP75 ?? null,
    cls_p75: top?.clsP75 ?? null,
    inp_p75: top?.inpP75 ?? null,
  };
}

const counts = (f: HealthFigures): VersionCounts => ({ loads: f.loads, errors: f.errors });

/** The canary the check acts on. */
interface CanaryTarget {
  control: ReleaseControl;
  env: string;
  app: string;
  version: string;
  stable: string;
}

/**
 * Releases from the console: the dashboard's figures, the release manager's changes
 * (through the release operations and their gate, audited with who and why), and the canary
 * check that halts a bad canary or promotes a healthy one the release manager marked.
 */
export class ReleaseDesk {
  constructor(
    private readonly db: Db,
    readonly control: ReleaseControl | undefined,
    private readonly health: HealthSource,
    private readonly messenger: Messenger,
    readonly settings: CanarySettings & { intervalS: number; check: boolean },
    private readonly log: FastifyBaseLogger,
  ) {}

  private need(): ReleaseControl {
    if (!this.control) throw new AppError(RELEASE_MESSAGES.notConfigured);
    return this.control;
  }

  private async env(control: ReleaseControl, env: string): Promise<ReleaseEnvironment> {
    if (!control.envs.includes(env)) throw new AppError(RELEASE_MESSAGES.unknownEnv(env));
    const file = await control.status(env);
    if (!file) throw new AppError(RELEASE_MESSAGES.unknownEnv(env));
    return file;
  }

  /** Each environment's apps: live and canary with their shares, the history, the last hour per version. */
  async dashboard() {
    const c = this.settings;
    const settings = {
      halt_ratio: c.haltRatio,
      min_errors: c.minErrors,
      min_loads: c.minLoads,
      healthy_minutes: c.healthyMinutes,
      interval_s: c.intervalS,
      check: c.check,
    };
    const halts = (await releaseRepo.recentHalts(this.db, 24)).map((h) => ({
      at: h.created_at,
      env: h.details.env,
      app: h.details.app,
      version: h.details.version,
      stable: h.details.stable,
      reason: h.reason,
    }));
    if (!this.control) return { configured: false as const, envs: [], halts, settings };
    const control = this.control;
    const marks = await releaseRepo.autoPromotes(this.db);
    const health = await this.health(this.db, { sinceMs: 3600_000 });
    const envs = [];
    for (const env of control.envs) {
      const file = await control.status(env);
      if (!file) continue;
      const history = await control.history(env, undefined, 200);
      const apps = [];
      for (const [app, slot] of Object.entries(file.apps)) {
        const rows = health.filter((h) => h.app === app);
        const canaryVersion = slot.canary ? [slot.canary.version] : [];
        const seen = new Set([slot.version, ...canaryVersion, ...rows.map((r) => r.version)]);
        const mark = marks.find((m) => m.env === env && m.app === app && m.version === slot.canary?.version);
        apps.push({
          app,
          live: { version: slot.version, share: 100 - (slot.canary?.percent ?? 0) },
          canary: slot.canary
            ? {
                ...slot.canary,
                share: slot.canary.percent,
                promote_when_healthy: mark ? { by: mark.requested_by_name, at: mark.requested_at } : null,
              }
            : null,
          last_hour: [...seen].map((v) => figures(v, rows)),
          history: history.filter((h) => h.app === app).slice(0, 20),
          published: (await control.versions(app)).slice(-15).reverse(),
        });
      }
      envs.push({ env, revision: file.revision, updated_at: file.updatedAt, apps });
    }
    return { configured: true as const, envs, halts, settings };
  }

  /** A release manager's change: the release operation (with its gate), then the audit row. */
  async act(input: { staff: StaffAuth; ip: string; action: ReleaseAction }): Promise<ReleaseOutcome> {
    const { staff, ip, action: a } = input;
    const control = this.need();
    const file = await this.env(control, a.env);
    const slot = file.apps[a.app];
    if (!slot && a.kind !== 'promote') throw new AppError(RELEASE_MESSAGES.unknownApp(a.app, a.env));
    if (a.kind === 'drop' && !slot?.canary) throw new AppError(RELEASE_MESSAGES.noCanary(a.app, a.env));
    const by = { who: `${staff.name} <${staff.email}> (console)`, why: a.why };
    let out: ReleaseOutcome;
    try {
      if (a.kind === 'promote') out = await control.promote(a.app, a.version, a.env, by);
      else if (a.kind === 'canary') out = await control.canary(a.app, a.version, a.percent, a.env, by);
      else if (a.kind === 'rollback') out = await control.rollback(a.app, a.env, a.version, by);
      else out = await control.dropCanary(a.app, a.env, by);
    } catch (error) {
      if (error instanceof ReleaseRefused) throw new AppError(error.message);
      throw error;
    }
    await this.db.tx(async (q) => {
      // A canary ends (promote, drop) or changes version: an earlier "promote when healthy" no longer applies.
      if (a.kind !== 'rollback' && out.changed) await releaseRepo.clearAutoPromote(q, a.env, a.app);
      if (a.kind === 'canary' && a.promoteWhenHealthy) {
        await releaseRepo.markAutoPromote(q, { env: a.env, app: a.app, version: a.version, staffId: staff.id });
      }
      if (!out.changed) return;
      await audit(q, {
        staffId: staff.id,
        action: `release.${a.kind}`,
        targetType: 'release',
        targetId: `${a.env}/${a.app}`,
        reason: a.why,
        details: {
          env: a.env,
          app: a.app,
          entry: out.entry,
          ...(a.kind === 'canary' ? { promote_when_healthy: Boolean(a.promoteWhenHealthy) } : {}),
        },
        ip,
      });
    });
    return out;
  }

  /** Marks (or unmarks) the running canary to be promoted once healthy for the set time. */
  async promoteWhenHealthy(input: {
    staff: StaffAuth;
    ip: string;
    env: string;
    app: string;
    on: boolean;
    why: string;
  }) {
    const { staff, ip, ...m } = input;
    const control = this.need();
    const canary = (await this.env(control, m.env)).apps[m.app]?.canary;
    if (!canary) throw new AppError(RELEASE_MESSAGES.noCanary(m.app, m.env));
    await this.db.tx(async (q) => {
      if (m.on) {
        await releaseRepo.markAutoPromote(q, { env: m.env, app: m.app, version: canary.version, staffId: staff.id });
      } else await releaseRepo.clearAutoPromote(q, m.env, m.app);
      await audit(q, {
        staffId: staff.id,
        action: m.on ? 'release.auto_promote' : 'release.auto_promote_off',
        targetType: 'release',
        targetId: `${m.env}/${m.app}`,
        reason: m.why,
        details: { env: m.env, app: m.app, version: canary.version },
        ip,
      });
    });
  }

  /**
   * The canary check: every canary of every controlled environment, its error rate since it
   * started against the stable version's over the same period. Safe to run in several processes
   * at once: the drop names the canary version it halts, so only one of them changes anything,
   * and only that one audits and tells the admins.
   */
  async check(now = Date.now()): Promise<CheckOutcome[]> {
    const control = this.control;
    if (!control) return [];
    const marks = await releaseRepo.autoPromotes(this.db);
    const out: CheckOutcome[] = [];
    for (const env of control.envs) {
      const file = await control.status(env);
      for (const [app, slot] of Object.entries(file?.apps ?? {})) {
        const canary = slot.canary;
        if (!canary) continue;
        try {
          const parsed = Date.parse(canary.since);
          const since = Number.isFinite(parsed) ? parsed : now - 3600_000;
          const rows = await this.health(this.db, { sinceMs: Math.max(0, now - since), app });
          const c = figures(canary.version, rows);
          const s = figures(slot.version, rows);
          const promoteWhenHealthy = marks.some((m) => m.env === env && m.app === app && m.version === canary.version);
          const runningMinutes = (now - since) / 60_000;
          const verdict = canaryVerdict(counts(c), counts(s), this.settings, { runningMinutes, promoteWhenHealthy });
          const target = { control, env, app, version: canary.version, stable: slot.version };
          let done = false;
          const fig = { canary_figures: c, stable_figures: s };
          if (verdict.action === 'halt') done = await this.halt(target, verdict.reason, fig);
          if (verdict.action === 'promote') done = await this.autoPromote(target, verdict.reason);
          out.push({ env, app, version: canary.version, verdict, done });
        } catch (err) {
          // One app's trouble (the store unreachable, a refusal) does not stop the others' checks.
          this.log.error({ err, env, app }, 'canary check failed for this app; it is looked at again next time');
        }
      }
    }
    return out;
  }

  private async halt(t: CanaryTarget, reason: string, fig: object): Promise<boolean> {
    const { control, env, app, version, stable } = t;
    const why = `canary halted automatically: ${reason}`;
    try {
      await control.dropCanary(app, env, { who: 'canary check', why }, version);
    } catch (error) {
      // Already dropped or replaced (by another process, or a person): nothing for this one to do.
      if (error instanceof ReleaseRefused) return false;
      throw error;
    }
    const admins = await adminEmails(this.db);
    const ids = await this.db.tx(async (q) => {
      await releaseRepo.clearAutoPromote(q, env, app);
      await audit(q, {
        staffId: null,
        action: HALT_ACTION,
        targetType: 'release',
        targetId: `${env}/${app}`,
        reason: why,
        details: { env, app, version, stable, ...fig },
      });
      const sent: bigint[] = [];
      for (const to of admins) {
        sent.push(
          await this.messenger.queue(q, {
            channel: 'email',
            to,
            subject: `Canary halted: ${app} ${version} in ${env}`,
            text:
              `The canary of ${app} ${version} in ${env} was dropped automatically; every device is back on ` +
              `${stable} at its next page load.\n\nWhy: ${reason}.\n\n` +
              'The Releases page of the operator console shows the figures and the history.',
          }),
        );
      }
      return sent;
    });
    await this.messenger.dispatch(ids);
    this.log.warn({ env, app, version, reason }, 'canary halted automatically');
    return true;
  }

  private async autoPromote(t: CanaryTarget, reason: string): Promise<boolean> {
    const { control, env, app, version } = t;
    const audited = (action: string, why: string, details: object) =>
      this.db.tx((q) =>
        audit(q, { staffId: null, action, targetType: 'release', targetId: `${env}/${app}`, reason: why, details }),
      );
    // Only the process that removes the mark promotes.
    const mine = await this.db.tx(async (q) => {
      const marks = await releaseRepo.autoPromotes(q);
      const mark = marks.find((m) => m.env === env && m.app === app && m.version === version);
      if (!mark || !(await releaseRepo.clearAutoPromote(q, env, app, version))) return null;
      return mark;
    });
    if (!mine) return false;
    const why = `promoted automatically, as ${mine.requested_by_name} asked: ${reason}`;
    let out: ReleaseOutcome;
    try {
      out = await control.promote(app, version, env, { who: 'canary check', why });
    } catch (error) {
      if (!(error instanceof ReleaseRefused)) throw error;
      await audited('release.auto_promote_refused', error.message, { env, app, version });
      return false;
    }
    await audited('release.auto_promote_done', why, { env, app, version, entry: out.entry });
    return out.changed;
  }
}

export type { ReleaseHistoryLine };
