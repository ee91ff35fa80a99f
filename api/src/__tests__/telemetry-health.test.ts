// The per-version figures the release dashboard and the canary check read (versionHealth), from
// the per-minute rollups the collector writes.
import { binOf, percentileOfBins, valueOfBin } from '../modules/telemetry/bins.js';
import { versionHealth } from '../modules/telemetry/health.js';
import { telemetryRepo } from '../modules/telemetry/repo.js';
import { freshDb, targets, testApp, type TestApp, type TestDb } from '../test/harness.js';

jest.setTimeout(60_000);

test('a percentile read from the bins is within 2.5 % of the true one', () => {
  for (const v of [1, 120, 812, 2500, 4000, 59_000])
    expect(Math.abs(valueOfBin('lcp', binOf('lcp', v)) - v) / v).toBeLessThan(0.026);
  expect(valueOfBin('cls', binOf('cls', 0))).toBe(0);
  expect(Math.abs(valueOfBin('cls', binOf('cls', 0.1)) - 0.1)).toBeLessThan(0.003);
  const values = Array.from({ length: 100 }, (_, i) => (i + 1) * 40);
  const bins = new Map<number, number>();
  for (const v of values) bins.set(binOf('inp', v), (bins.get(binOf('inp', v)) ?? 0) + 1);
  const p75 = percentileOfBins('inp', [...bins], 0.75)!;
  expect(Math.abs(p75 - 3000) / 3000).toBeLessThan(0.026);
  expect(percentileOfBins('inp', [], 0.75)).toBeNull();
});

describe.each(targets())('versionHealth on %s', (target) => {
  let tdb: TestDb;
  beforeAll(async () => {
    tdb = await freshDb(target);
  });
  afterAll(async () => {
    await tdb?.close();
  });

  test('counts per app, version and bucket; errors include remote failures; old minutes are left out', async () => {
    const live = { app: 'mfe-public', version: '0.1.0+aaaaaaaaaaaa', bucket: 'live' };
    const canary = { app: 'mfe-public', version: '0.1.1+bbbbbbbbbbbb', bucket: 'canary' };
    await telemetryRepo.addCounts(tdb.db, [
      { ...live, event: 'load', detail: '', n: 10 },
      { ...live, event: 'error', detail: 'TypeError', n: 1 },
      { ...canary, event: 'load', detail: '', n: 4 },
      { ...canary, event: 'error', detail: 'Error', n: 2 },
      { ...canary, event: 'remote_failure', detail: '', n: 1 },
      { ...canary, event: 'gc_failure', detail: 'network', n: 3 },
      { app: 'shell', version: '0.2.0+cccccccccccc', bucket: 'live', event: 'load', detail: '', n: 14 },
    ]);
    // A second batch in the same minute adds to the same rows.
    await telemetryRepo.addCounts(tdb.db, [{ ...canary, event: 'error', detail: 'Error', n: 1 }]);
    await telemetryRepo.addVitals(tdb.db, [
      { ...canary, metric: 'lcp', bin: binOf('lcp', 2000), n: 3 },
      { ...canary, metric: 'lcp', bin: binOf('lcp', 4000), n: 1 },
      { ...canary, metric: 'cls', bin: binOf('cls', 0.05), n: 4 },
    ]);
    // An hour-old minute of the live version.
    await tdb.db.query(
      `insert into telemetry_counts (minute, app, version, bucket, event, detail, n) values (date_trunc('minute', ` +
        `now()) - interval '1 hour', $1, $2, 'live', 'load', '', 500)`,
      [live.app, live.version],
    );

    const all = await versionHealth(tdb.db, { sinceMs: 10 * 60_000 });
    expect(all.map((h) => `${h.app}@${h.version}`)).toEqual([
      'mfe-public@0.1.0+aaaaaaaaaaaa',
      'mfe-public@0.1.1+bbbbbbbbbbbb',
      'shell@0.2.0+cccccccccccc',
    ]);
    const c = all.find((h) => h.bucket === 'canary')!;
    expect(c).toMatchObject({ loads: 4, errors: 4, remoteFailures: 1, gcFailures: 3, inpP75: null });
    expect(Math.abs(c.lcpP75! - 2000) / 2000).toBeLessThan(0.026);
    expect(c.clsP75).toBeCloseTo(0.05, 2);
    expect(all.find((h) => h.app === 'mfe-public' && h.bucket === 'live')).toMatchObject({
      loads: 10,
      errors: 1,
      lcpP75: null,
    });

    const onlyShell = await versionHealth(tdb.db, { sinceMs: 10 * 60_000, app: 'shell' });
    expect(onlyShell).toEqual([expect.objectContaining({ app: 'shell', loads: 14, errors: 0 })]);
    const twoHours = await versionHealth(tdb.db, { sinceMs: 2 * 3600_000, app: 'mfe-public' });
    expect(twoHours.find((h) => h.bucket === 'live')!.loads).toBe(510);

    await tdb.db.query(`update telemetry_counts set minute = minute - interval '3 days' where n = 500`);
    expect(await telemetryRepo.prune(tdb.db, 2)).toBe(1);
  });
});

describe.each(targets())('telemetry_prune on %s', (target) => {
  let tdb: TestDb;
  let t: TestApp | undefined;
  beforeAll(async () => {
    tdb = await freshDb(target);
  });
  afterAll(async () => {
    await t?.close();
    await tdb?.close();
  });

  test('once the api is up, minutes older than TELEMETRY_KEEP_DAYS are deleted and newer ones kept', async () => {
    const row =
      `insert into telemetry_counts (minute, app, version, bucket, event, detail, n)
                 values (date_trunc('minute', now()) - $1::int * interval '1 day', 'shell', '0.1.0+aaaaaaaaaaaa', ` +
      `'live', 'load', '', 1)`;
    await tdb.db.query(row, [31]);
    await tdb.db.query(row, [29]);
    t = await testApp(tdb, { telemetry: { perDeviceMin: 30, perIpMin: 600, keepDays: 30 } });
    const left = async () =>
      (await tdb.db.query<{ n: number }>('select count(*)::int as n from telemetry_counts')).rows[0]!.n;
    for (let i = 0; i < 100 && (await left()) !== 1; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await left()).toBe(1);
    expect((await versionHealth(tdb.db, { sinceMs: 30 * 86_400_000 }))[0]).toMatchObject({ app: 'shell', loads: 1 });
  });
});
