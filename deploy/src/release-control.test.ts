// Release control as the api gets it: the CLI's operations on the release store, the gate included,
// with who and why in the history; the refusals as the api's ReleaseRefused.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ReleaseRefused, type ReleaseControl } from '@giftlane/api/releases';
import { releaseControl } from './release-control';
import { ReleaseStore } from './release-store';
import { ReleaseManager } from './releases';
import { DirectoryBlobStore } from './store/blob-store';
import { fakeDist, withShared } from './test-fixtures';

jest.setTimeout(60_000);

describe('release control for the api', () => {
  let dir: string;
  let store: ReleaseStore;
  let control: ReleaseControl;
  const ada = { who: 'Ada <ada@example.com> (console)', why: 'the coupon fix' };

  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'gl-control-'));
    store = new ReleaseStore(new DirectoryBlobStore(dir));
    const publish = async (app: string, version: string, shared = withShared({})) =>
      store.publish(app, { version, distDir: await fakeDist(`${app}-${version}`, shared), commit: 'abc123', by: 'ci' });
    await publish('shell', 's1');
    await publish('mfe-account', 'a1');
    await publish('mfe-account', 'a2');
    await publish('mfe-account', 'react18', withShared({ react: { version: '18.3.1', requiredVersion: '^18.3.1' } }));
    const cli = new ReleaseManager(store, 'ci');
    await cli.promote('shell', 's1', 'prod');
    await cli.promote('mfe-account', 'a1', 'prod');
    control = releaseControl(store, ['prod']);
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('promotes, canaries and drops with who and why in the store’s history; status and history read it', async () => {
    expect(await control.canary('mfe-account', 'a2', 20, 'prod', ada)).toMatchObject({
      changed: true,
      entry: { action: 'canary', to: 'a2', percent: 20, by: ada.who, why: ada.why },
    });
    const status = await control.status('prod');
    const since = expect.any(String) as unknown as string;
    expect(status!.apps['mfe-account']).toEqual({ version: 'a1', canary: { version: 'a2', percent: 20, since } });
    const check = { who: 'canary check', why: 'too many errors' };
    await expect(control.dropCanary('mfe-account', 'prod', check, 'a9')).rejects.toThrow(ReleaseRefused);
    expect(await control.dropCanary('mfe-account', 'prod', check, 'a2')).toMatchObject({ changed: true });
    expect((await control.status('prod'))!.apps['mfe-account']).toEqual({ version: 'a1' });
    const history = await control.history('prod', 'mfe-account');
    expect(history.slice(0, 2).map((h) => `${h.action} by ${h.by}: ${h.why}`)).toEqual([
      'canary-drop by canary check: too many errors',
      `canary by ${ada.who}: ${ada.why}`,
    ]);
    const again = await control.promote('mfe-account', 'a1', 'prod', ada);
    expect(again).toEqual({ changed: false, note: 'mfe-account a1 is already live in prod' });
    expect(await control.versions('mfe-account')).toEqual(expect.arrayContaining(['a1', 'a2', 'react18']));
  });

  it('the gate refuses through the console too, naming the package, without the CLI’s --force', async () => {
    const refusal = await control.promote('mfe-account', 'react18', 'prod', ada).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(ReleaseRefused);
    expect((refusal as Error).message).toContain('react: mfe-account react18 requires ^18.3.1');
    expect((refusal as Error).message).not.toContain('--force');
    const unknown = control.promote('mfe-account', 'nope', 'prod', ada);
    await expect(unknown).rejects.toThrow('mfe-account nope is not published');
    await expect(control.promote('mfe-nothing', 'a1', 'prod', ada)).rejects.toThrow(ReleaseRefused);
    expect((await control.status('prod'))!.apps['mfe-account']!.version).toBe('a1');
  });
});
