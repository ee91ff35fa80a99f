// Releases from the console: the dashboard, the release manager's changes (audited with
// who and why, the release store's history too), and the canary check on the job queue that halts
// a bad canary (once, across two api processes) and promotes a healthy one it was asked to.
import type { Config } from '../config/env.js';
import type { ReleaseDashboard } from '@giftlane/shared-sdk/ops/replies';
import {
  ReleaseRefused,
  type ReleaseActor,
  type ReleaseControl,
  type ReleaseEnvironment,
  type ReleaseHistoryLine,
  type ReleaseOutcome,
} from '../modules/releases/control.js';
import { RELEASE_MESSAGES } from '../modules/releases/service.js';
import { freshDb, targets, testApp, type TestApp, type TestDb } from '../test/harness.js';
import { makeStaff, opsCall } from '../test/money.js';

jest.setTimeout(120_000);

const ENV = 'production';
const APP = 'mfe-account';

/** The release store's operations as the api sees them, in memory: a gate that refuses one version. */
class MemoryReleases implements ReleaseControl {
  readonly envs = [ENV];
  file: ReleaseEnvironment;
  lines: ReleaseHistoryLine[] = [];
  readonly published: Record<string, string[]> = { shell: ['s1'], 'mfe-account': ['a1', 'a2', 'a3', 'bad'] };
  constructor() {
    const apps = { shell: { version: 's1' }, [APP]: { version: 'a1' } };
    this.file = { env: ENV, revision: 1, updatedAt: new Date().toISOString(), apps };
  }
  private write(line: Omit<ReleaseHistoryLine, 'at' | 'by' | 'why'>, by: ReleaseActor): ReleaseOutcome {
    const entry = { at: new Date().toISOString(), by: by.who, why: by.why, ...line };
    this.lines.push(entry);
    this.file.revision++;
    return { changed: true, entry };
  }
  private known(app: string, version: string) {
    if (!this.published[app]?.includes(version)) throw new ReleaseRefused(`${app} ${version} is not published`);
    if (version === 'bad') throw new ReleaseRefused(`The compatibility gate refuses ${app} bad:\n  - react: needs ^18`);
  }
  async status(env: string) {
    return env === ENV ? structuredClone(this.file) : null;
  }
  async history(_env: string, app?: string) {
    return this.lines.filter((l) => !app || l.app === app).reverse();
  }
  async versions(app: string) {
    return this.published[app] ?? [];
  }
  async promote(app: string, version: string, _env: string, by: ReleaseActor) {
    this.known(app, version);
    const slot = this.file.apps[app]!;
    if (slot.version === version) return { changed: false, note: `${app} ${version} is already live` };
    const from = slot.version;
    const canary = slot.canary && slot.canary.version !== version ? { canary: slot.canary } : {};
    this.file.apps[app] = { version, ...canary };
    return this.write({ app, action: 'promote', from, to: version }, by);
  }
  async canary(app: string, version: string, percent: number, _env: string, by: ReleaseActor) {
    this.known(app, version);
    const slot = this.file.apps[app]!;
    slot.canary = { version, percent, since: new Date().toISOString() };
    return this.write({ app, action: 'canary', to: version, percent }, by);
  }
  async rollback(app: string, _env: string, to: string | undefined, by: ReleaseActor) {
    const slot = this.file.apps[app]!;
    const target = to ?? 'a1';
    this.known(app, target);
    const from = slot.version;
    slot.version = target;
    return this.write({ app, action: 'rollback', from, to: target }, by);
  }
  async dropCanary(app: string, _env: string, by: ReleaseActor, version?: string) {
    const slot = this.file.apps[app]!;
    if (!slot.canary || (version && slot.canary.version !== version)) throw new ReleaseRefused(`${app} has no canary`);
    const from = slot.canary.version;
    delete slot.canary;
    return this.write({ app, action: 'canary-drop', from, to: slot.version }, by);
  }
  /** A canary that started `minutesAgo`. */
  startCanary(version: string, minutesAgo: number) {
    const since = new Date(Date.now() - minutesAgo * 60_000).toISOString();
    this.file.apps[APP]!.canary = { version, percent: 10, since };
  }
}

const canary: Partial<Config> = {
  canary: { check: true, intervalS: 3600, haltRatio: 2, minErrors: 20, minLoads: 30, healthyMinutes: 60 },
};

/** Client telemetry as the collector stores it: this minute's counts of one version. */
async function telemetry(t: TestApp, version: string, bucket: 'live' | 'canary', loads: number, errors: number) {
  for (const [event, n] of [
    ['load', loads],
    ['error', errors],
  ] as const) {
    await t.db.query(
      `insert into telemetry_counts (minute, app, version, bucket, event, n)
       values (date_trunc('minute', now()), 'mfe-account', $1, $2, $3, $4)
       on conflict (app, version, bucket, event, detail, minute) do update set n = telemetry_counts.n + excluded.n`,
      [version, bucket, event, n],
    );
  }
}

const AUDIT_ROWS = 'select staff_id, reason, target_id, details from audit_log where action = $1 order by id';
interface AuditRow {
  staff_id: number | null;
  reason: string;
  target_id: string;
  details: Record<string, unknown>;
}
const auditRows = async (t: TestApp, action: string) => (await t.db.query<AuditRow>(AUDIT_ROWS, [action])).rows;

type Staff = { id: number; token: string };
/** A release route of the operator API, for mfe-account in production unless the body says otherwise. */
const post = <T = unknown>(a: TestApp, s: Staff, route: string, body: Record<string, unknown> = {}) =>
  opsCall<T>(a, s.token, 'POST', `/ops/api/releases/${route}`, { env: ENV, app: APP, ...body });
const dashboard = (a: TestApp, s: Staff) => opsCall<ReleaseDashboard>(a, s.token, 'GET', '/ops/api/releases');
const appOf = (d: ReleaseDashboard) => d.envs[0]!.apps.find((x) => x.app === APP)!;
const emailOf = async (a: TestApp, s: Staff) =>
  (await a.db.query<{ email: string }>('select email from staff where id = $1', [s.id])).rows[0]!.email;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Waits (10 s at most) until no job but the scheduled check waits or runs: closing an app while its
 * worker is taking a job (the admins' e-mails) would run that job after the database is closed.
 */
async function settled(tdb: TestDb, target: string) {
  if (target !== 'postgres') return;
  for (let i = 0; i < 200; i++) {
    const r = await tdb.db.query<{ n: number }>(
      `select count(*)::int as n from pgboss.job
        where state in ('created', 'retry', 'active') and name <> 'canary_check'`,
    );
    if (r.rows[0]!.n === 0) return;
    await new Promise((res) => setTimeout(res, 50));
  }
}

/** The messages queued to one address (the durable outbox: whichever process sends them). */
const mailsTo = async (t: TestApp, to: string) =>
  (
    await t.db.query<{ channel: string; subject: string; body: string }>(
      'select channel, subject, body from outbox where recipient = $1 order by id',
      [to],
    )
  ).rows;

describe.each(targets())('releases from the console on %s', (target) => {
  let tdb: TestDb;
  let t: TestApp;
  let bare: TestApp;
  let control: MemoryReleases;
  beforeAll(async () => {
    tdb = await freshDb(target);
    control = new MemoryReleases();
    t = await testApp(tdb, canary, { releases: control });
    bare = await testApp(tdb, canary);
  });
  afterAll(async () => {
    if (tdb) await settled(tdb, target);
    await bare?.close();
    await t?.close();
    await tdb?.close();
  });
  beforeEach(async () => {
    control.file.apps['mfe-account'] = { version: 'a1' };
    await tdb.db.query('delete from telemetry_counts');
  });

  it('without release control the dashboard says so and every change is refused with that message', async () => {
    const rm = await makeStaff(bare, 'release_manager');
    expect((await dashboard(bare, rm)).data.configured).toBe(false);
    const refused = await post(bare, rm, 'promote', { version: 'a2', why: 'ship the fix' });
    expect(refused).toMatchObject({ success: false, msg: RELEASE_MESSAGES.notConfigured });
  });

  it('a release manager or an admin may open it; a reviewer or finance may not', async () => {
    for (const role of ['reviewer', 'finance'] as const) {
      const s = await makeStaff(t, role);
      expect((await dashboard(t, s)).status).toBe(403);
      expect((await post(t, s, 'drop', { why: 'because' })).status).toBe(403);
    }
    for (const role of ['release_manager', 'admin'] as const) {
      const s = await makeStaff(t, role);
      const dash = await dashboard(t, s);
      expect(dash.data.configured).toBe(true);
      expect(appOf(dash.data).live).toEqual({ version: 'a1', share: 100 });
    }
  });

  it('promote, canary and rollback go through the release operations, who and why in history and audit', async () => {
    const rm = await makeStaff(t, 'release_manager');
    const why = 'the coupon fix, checked on staging';
    type Outcome = { changed: boolean; entry: ReleaseHistoryLine };
    const promoted = await post<Outcome>(t, rm, 'promote', { version: 'a2', why });
    expect(promoted.success).toBe(true);
    const by = expect.stringMatching(/^Staff release_manager <s[0-9a-f]+@giftlane\.ng> \(console\)$/) as unknown;
    expect(promoted.data.entry).toMatchObject({ action: 'promote', from: 'a1', to: 'a2', why, by });
    expect(control.file.apps['mfe-account']!.version).toBe('a2');
    const [audited] = (await auditRows(t, 'release.promote')).slice(-1);
    expect(audited).toMatchObject({ staff_id: rm.id, reason: why, target_id: `${ENV}/mfe-account` });

    const c = await post(t, rm, 'canary', { version: 'a3', percent: 25, why: 'try the new sell form' });
    expect(c.success).toBe(true);
    const account = appOf((await dashboard(t, rm)).data);
    expect(account.live.share).toBe(75);
    expect(account.canary).toMatchObject({ version: 'a3', share: 25 });
    const lines = account.history.map((h) => `${h.action} ${h.why}`);
    expect(lines).toEqual(['canary try the new sell form', `promote ${why}`]);

    const back = await post(t, rm, 'rollback', { why: 'sellers report a blank page' });
    expect(back.success).toBe(true);
    expect(control.file.apps['mfe-account']!.version).toBe('a1');
    expect((await auditRows(t, 'release.rollback')).slice(-1)[0]!.reason).toBe('sellers report a blank page');
  });

  it('refusals are clear, no audit row: the gate, an unknown version, no why, bad names, no canary', async () => {
    const rm = await makeStaff(t, 'release_manager');
    const before = (await auditRows(t, 'release.promote')).length;
    const gate = await post(t, rm, 'promote', { version: 'bad', why: 'try it' });
    const gateMsg = expect.stringContaining('The compatibility gate refuses mfe-account bad') as unknown;
    expect(gate).toMatchObject({ success: false, msg: gateMsg });
    const unknown = await post(t, rm, 'promote', { version: 'zz9', why: 'try it' });
    expect(unknown.msg).toBe('mfe-account zz9 is not published');
    const noWhy = await post(t, rm, 'promote', { version: 'a2', why: ' ' });
    expect(noWhy).toMatchObject({ success: false, msg: expect.stringContaining('Say why') });
    const badName = await post(t, rm, 'canary', { app: '../etc', version: 'a2', percent: 10, why: 'try it' });
    expect(badName).toMatchObject({ success: false, msg: expect.stringContaining('letters, digits') });
    const badPercent = await post(t, rm, 'canary', { version: 'a2', percent: 0, why: 'try it' });
    expect(badPercent).toMatchObject({ success: false });
    expect(badPercent.status).toBeLessThan(500);
    const otherEnv = await post(t, rm, 'promote', { env: 'staging', version: 'a2', why: 'try it' });
    expect(otherEnv.msg).toBe(RELEASE_MESSAGES.unknownEnv('staging'));
    const noCanary = await post(t, rm, 'drop', { why: 'stop it' });
    expect(noCanary.msg).toBe(RELEASE_MESSAGES.noCanary('mfe-account', ENV));
    expect((await auditRows(t, 'release.promote')).length).toBe(before);
    expect(control.file.apps['mfe-account']!.version).toBe('a1');
  });

  it('the dashboard shows the last hour per version from client telemetry', async () => {
    const rm = await makeStaff(t, 'release_manager');
    control.startCanary('a2', 5);
    await telemetry(t, 'a1', 'live', 400, 4);
    await telemetry(t, 'a2', 'canary', 40, 2);
    const hour = appOf((await dashboard(t, rm)).data).last_hour;
    expect(hour).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ version: 'a1', loads: 400, errors: 4, error_rate: 0.01 }),
        expect.objectContaining({ version: 'a2', loads: 40, errors: 2, error_rate: 0.05 }),
      ]),
    );
  });

  it('the check halts a canary far worse than stable: dropped, audited with figures, admins told', async () => {
    const admin = await makeStaff(t, 'admin');
    const adminEmail = await emailOf(t, admin);
    control.startCanary('a2', 10);
    await telemetry(t, 'a1', 'live', 500, 5);
    await telemetry(t, 'a2', 'canary', 50, 30);
    const before = (await auditRows(t, 'release.canary_halt')).length;
    // Run through the job queue, as the console's "Check now" does.
    expect((await opsCall(t, admin.token, 'POST', '/ops/api/releases/check')).success).toBe(true);
    for (let i = 0; i < 200 && (await auditRows(t, 'release.canary_halt')).length === before; i++) await pause(50);
    expect(control.file.apps['mfe-account']!.canary).toBeUndefined();
    expect(control.file.apps['mfe-account']!.version).toBe('a1');
    const drop = control.lines.at(-1)!;
    expect(drop).toMatchObject({ action: 'canary-drop', from: 'a2', by: 'canary check' });
    expect(drop.why).toBe(
      'canary halted automatically: canary 30 errors in 50 page loads (60.0 %), stable 5 in 500 (1.00 %): ' +
        '60.0 times the stable rate, the limit is 2',
    );
    const [halt] = (await auditRows(t, 'release.canary_halt')).slice(-1);
    const details = expect.objectContaining({ version: 'a2', stable: 'a1' }) as unknown;
    expect(halt).toMatchObject({ staff_id: null, reason: drop.why, details });
    const mail = await mailsTo(t, adminEmail);
    const subject = `Canary halted: mfe-account a2 in ${ENV}`;
    expect(mail).toEqual([expect.objectContaining({ channel: 'email', subject })]);
    // A sent message keeps no text in the table: read it where it was delivered (either process's dev outbox).
    const outboxes = () => [...t.app.messenger.outbox!.list(), ...bare.app.messenger.outbox!.list()];
    const find = () => outboxes().find((m) => m.to === adminEmail);
    for (let i = 0; i < 100 && !find(); i++) await pause(50);
    const delivered = find();
    expect(delivered?.text).toContain('60.0 times the stable rate');
    const dash = await dashboard(t, admin);
    expect(dash.data.halts[0]).toMatchObject({ app: 'mfe-account', version: 'a2', reason: drop.why });
  });

  it('the check leaves a canary alone with too few errors or loads, or no worse than stable', async () => {
    for (const [loads, errors] of [
      [50, 19],
      [29, 29],
      [500, 10],
    ] as const) {
      await tdb.db.query('delete from telemetry_counts');
      control.startCanary('a2', 10);
      await telemetry(t, 'a1', 'live', 500, 5);
      await telemetry(t, 'a2', 'canary', loads, errors);
      const [out] = await t.app.releases.check();
      expect(out).toMatchObject({ app: 'mfe-account', verdict: { action: 'wait' }, done: false });
      expect(control.file.apps['mfe-account']!.canary?.version).toBe('a2');
    }
  });

  it('a canary marked "promote when healthy" is promoted after the healthy time, by the check, audited', async () => {
    const rm = await makeStaff(t, 'release_manager');
    const ask = { version: 'a3', percent: 10, why: 'new sell form', promote_when_healthy: true };
    const started = await post(t, rm, 'canary', ask);
    expect(started.success).toBe(true);
    await telemetry(t, 'a1', 'live', 500, 5);
    await telemetry(t, 'a3', 'canary', 100, 1);
    // Not yet: it has not run for the healthy time.
    expect((await t.app.releases.check())[0]!.verdict.action).toBe('wait');
    control.startCanary('a3', 61);
    const [out] = await t.app.releases.check();
    expect(out).toMatchObject({ verdict: { action: 'promote' }, done: true });
    expect(control.file.apps['mfe-account']).toEqual({ version: 'a3' });
    const asked = expect.stringContaining('as Staff release_manager asked') as unknown;
    expect(control.lines.at(-1)).toMatchObject({ action: 'promote', to: 'a3', by: 'canary check', why: asked });
    expect((await auditRows(t, 'release.auto_promote_done')).length).toBe(1);
    // The mark is used up: the next check has nothing to do.
    expect(await t.app.releases.check()).toEqual([]);
  });

  if (target === 'postgres') {
    it('two api processes: one scheduled check; a halt happens once (one drop, audit row, e-mail)', async () => {
      const second = await testApp(tdb, canary, { releases: control });
      try {
        const waiting = await tdb.db.query<{ n: number }>(
          `select count(*)::int as n from pgboss.job
            where name = 'canary_check' and singleton_key = 'scheduled' and state in ('created', 'retry')`,
        );
        expect(waiting.rows[0]!.n).toBe(1);

        const admin = await makeStaff(t, 'admin');
        const adminEmail = await emailOf(t, admin);
        const haltsBefore = (await auditRows(t, 'release.canary_halt')).length;
        const dropsBefore = control.lines.filter((l) => l.action === 'canary-drop').length;
        control.startCanary('a2', 10);
        await telemetry(t, 'a1', 'live', 500, 5);
        await telemetry(t, 'a2', 'canary', 50, 30);
        const [a, b] = await Promise.all([t.app.releases.check(), second.app.releases.check()]);
        // Each saw the canary (or, coming second, no canary any more); one of them dropped it.
        const verdict = expect.objectContaining({ action: 'halt' }) as unknown;
        const done = [...a, ...b].filter((x) => x.done);
        expect(done).toEqual([expect.objectContaining({ app: APP, version: 'a2', verdict })]);
        expect(control.lines.filter((l) => l.action === 'canary-drop').length).toBe(dropsBefore + 1);
        expect((await auditRows(t, 'release.canary_halt')).length).toBe(haltsBefore + 1);
        expect(await mailsTo(t, adminEmail)).toHaveLength(1);
      } finally {
        await settled(tdb, target);
        await second.close();
      }
    });
  }
});
