// The release store and the release manager, against both storage adapters: a directory and an
// S3-compatible bucket (a local s3rver with S3's conditional writes).
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { ROOT_DIR } from './apps';
import { PublishRefused, ReleaseStore } from './release-store';
import { GateRefused, ReleaseManager, ReleaseError } from './releases';
import { DirectoryBlobStore } from './store/blob-store';
import { S3BlobStore } from '@giftlane/api/object-store';
import { startTestS3, type TestS3 } from '@giftlane/api/test/s3';
import { fakeDist, withShared } from './test-fixtures';
import type { EnvironmentFile } from './types';

/** App → live version (a canary as `live~canary`). */
const live = (file: EnvironmentFile) =>
  Object.fromEntries(
    Object.entries(file.apps).map(([app, slot]) => [
      app,
      slot.canary ? `${slot.version}~${slot.canary.version}` : slot.version,
    ]),
  );

jest.setTimeout(60_000);

type Adapter = { name: string; open(): Promise<{ store: ReleaseStore; close(): Promise<void> }> };

const adapters: Adapter[] = [
  {
    name: 'directory',
    async open() {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'gl-releases-'));
      return {
        store: new ReleaseStore(new DirectoryBlobStore(dir)),
        close: () => rm(dir, { recursive: true, force: true }),
      };
    },
  },
  {
    name: 's3',
    async open() {
      const s3: TestS3 = await startTestS3();
      const store = new ReleaseStore(new S3BlobStore({ bucket: s3.bucket, prefix: 'site/', client: s3.client }));
      return { store, close: () => s3.close() };
    },
  },
];

describe.each(adapters)('release store on $name', (adapter) => {
  let store: ReleaseStore;
  let close: () => Promise<void>;
  let manager: ReleaseManager;
  beforeEach(async () => {
    ({ store, close } = await adapter.open());
    manager = new ReleaseManager(store, 'Ada <ada@example.com>');
  });
  afterEach(() => close());

  async function publish(app: string, version: string, label = `${app}-${version}`, shared = withShared({})) {
    return store.publish(app, { version, distDir: await fakeDist(label, shared), commit: 'abc123', by: 'ci' });
  }

  it('stores a version once, with its files precompressed, and refuses it a second time', async () => {
    const { info } = await publish('mfe-account', '0.1.0+aaa');
    expect(info).toMatchObject({
      app: 'mfe-account',
      version: '0.1.0+aaa',
      commit: 'abc123',
      published_by: 'ci',
      kind: 'remote',
    });
    expect(info.shared.map((s) => s.name)).toContain('react');
    const entry = (await store.file('mfe-account', '0.1.0+aaa', 'remoteEntry.js'))!.toString();
    expect(gunzipSync((await store.file('mfe-account', '0.1.0+aaa', 'remoteEntry.js.gz'))!).toString()).toBe(entry);
    expect(brotliDecompressSync((await store.file('mfe-account', '0.1.0+aaa', 'remoteEntry.js.br'))!).toString()).toBe(
      entry,
    );
    expect(await store.mounts('mfe-account', '0.1.0+aaa')).toEqual([{ path: '/mfe-account-0.1.0+aaa', layout: 'app' }]);

    await expect(publish('mfe-account', '0.1.0+aaa', 'other content')).rejects.toThrow(PublishRefused);
    expect((await store.file('mfe-account', '0.1.0+aaa', 'remoteEntry.js'))!.toString()).toBe(entry);
    expect((await store.versions('mfe-account')).map((r) => r.version)).toEqual(['0.1.0+aaa']);
  });

  it('promotes, keeps a history with who and when, and rolls back to the version before', async () => {
    await publish('shell', 's1');
    await publish('mfe-account', 'a1');
    await publish('mfe-account', 'a2');
    await publish('mfe-public', 'p1');
    await manager.promote('shell', 's1', 'prod');
    await manager.promote('mfe-public', 'p1', 'prod');
    await manager.promote('mfe-account', 'a1', 'prod');
    const { file } = await manager.promote('mfe-account', 'a2', 'prod');
    expect(file.apps['mfe-account']).toEqual({ version: 'a2', mounts: [{ path: '/mfe-account-a2', layout: 'app' }] });
    expect(file.history.at(-1)).toMatchObject({
      app: 'mfe-account',
      action: 'promote',
      from: 'a1',
      to: 'a2',
      by: 'Ada <ada@example.com>',
    });
    expect(Date.parse(file.history.at(-1)!.at)).toBeGreaterThan(Date.now() - 60_000);

    const back = await manager.rollback('mfe-account', 'prod');
    expect(live(back.file)).toEqual({ shell: 's1', 'mfe-public': 'p1', 'mfe-account': 'a1' });
    expect(back.file.apps['mfe-account']!.mounts).toEqual([{ path: '/mfe-account-a1', layout: 'app' }]);
    expect(back.entry).toMatchObject({ action: 'rollback', from: 'a2', to: 'a1' });
    await expect(manager.rollback('mfe-account', 'prod')).rejects.toThrow('no earlier version');
    const forward = await manager.rollback('mfe-account', 'prod', { to: 'a2' });
    expect(forward.file.apps['mfe-account']!.version).toBe('a2');
    expect((await store.readEnvironment('prod'))!.revision).toBe(6);
  });

  it('refuses to promote or canary an unpublished version', async () => {
    await expect(manager.promote('mfe-account', 'nope', 'prod')).rejects.toThrow(ReleaseError);
    await expect(manager.promote('mfe-account', 'nope', 'prod')).rejects.toThrow('mfe-account nope is not published');
  });

  it('gates promote and canary on the shell’s singletons; --force goes through and is recorded', async () => {
    await publish('shell', 's1');
    await publish('mfe-account', 'a1');
    await publish(
      'mfe-account',
      'react18',
      'old react',
      withShared({ react: { version: '18.3.1', requiredVersion: '^18.3.1' } }),
    );
    await manager.promote('shell', 's1', 'prod');
    await manager.promote('mfe-account', 'a1', 'prod');
    const before = await store.readEnvironment('prod');

    const refusal = await manager.promote('mfe-account', 'react18', 'prod').catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(GateRefused);
    expect((refusal as GateRefused).message).toContain(
      'react: mfe-account react18 requires ^18.3.1 (built with 18.3.1), but shell s1 provides 19.3.1',
    );
    await expect(manager.canary('mfe-account', 'react18', 10, 'prod')).rejects.toThrow(GateRefused);
    expect(await store.readEnvironment('prod')).toEqual(before);

    const forced = await manager.promote('mfe-account', 'react18', 'prod', { force: true });
    expect(forced.entry!.forced).toEqual([expect.stringContaining('react: mfe-account react18 requires ^18.3.1')]);

    // A shell is gated against every live remote.
    await publish(
      'shell',
      's2-react20',
      'new shell',
      withShared({ react: { version: '20.0.0', requiredVersion: '^20.0.0' } }),
    );
    await expect(manager.promote('shell', 's2-react20', 'prod')).rejects.toThrow(/react: .*mfe-account react18/);
  });

  it('runs a canary beside the live version, then drops it or promotes it', async () => {
    await publish('shell', 's1');
    await publish('mfe-account', 'a1');
    await publish('mfe-account', 'a2');
    await manager.promote('shell', 's1', 'prod');
    await manager.promote('mfe-account', 'a1', 'prod');
    const c = await manager.canary('mfe-account', 'a2', 25, 'prod');
    expect(c.file.apps['mfe-account']).toMatchObject({ version: 'a1', canary: { version: 'a2', percent: 25 } });
    const dropped = await manager.dropCanary('mfe-account', 'prod');
    expect(dropped.file.apps['mfe-account']).toEqual({
      version: 'a1',
      mounts: [{ path: '/mfe-account-a1', layout: 'app' }],
    });
    await expect(manager.dropCanary('mfe-account', 'prod')).rejects.toThrow('has no canary');

    await manager.canary('mfe-account', 'a2', 50, 'prod');
    const promoted = await manager.promote('mfe-account', 'a2', 'prod');
    expect(promoted.file.apps['mfe-account']).toEqual({
      version: 'a2',
      mounts: [{ path: '/mfe-account-a2', layout: 'app' }],
    });
    expect(promoted.file.history.map((h) => h.action)).toEqual([
      'promote',
      'promote',
      'canary',
      'canary-drop',
      'canary',
      'promote',
    ]);
  });

  it('writes nothing for a promote of the version already live: no revision bump, no history line', async () => {
    await publish('shell', 's1');
    await publish('mfe-account', 'a1');
    await manager.promote('shell', 's1', 'prod');
    await manager.promote('mfe-account', 'a1', 'prod');
    const before = (await store.readEnvironment('prod'))!;
    const again = await manager.promote('mfe-account', 'a1', 'prod');
    expect(again.entry).toBeUndefined();
    expect(again.note).toBe('mfe-account a1 is already live in prod');
    const after = (await store.readEnvironment('prod'))!;
    expect(after).toEqual(before);
    expect(after.revision).toBe(2);
    // The same for the shell, and for a no-op change through the store itself.
    await manager.promote('shell', 's1', 'prod');
    expect(await store.updateEnvironment('prod', () => undefined)).toEqual(before);
    expect((await store.readEnvironment('prod'))!.revision).toBe(2);
  });

  it('keeps each live remote’s mounts (and its canary’s) in the environment', async () => {
    await publish('shell', 's1');
    await publish('mfe-account', 'a1');
    await publish('mfe-account', 'a2');
    await manager.promote('shell', 's1', 'prod');
    await manager.promote('mfe-account', 'a1', 'prod');
    const c = await manager.canary('mfe-account', 'a2', 10, 'prod');
    expect(c.file.apps.shell).toEqual({ version: 's1' });
    expect(c.file.apps['mfe-account']).toMatchObject({
      version: 'a1',
      mounts: [{ path: '/mfe-account-a1', layout: 'app' }],
      canary: { version: 'a2', percent: 10, mounts: [{ path: '/mfe-account-a2', layout: 'app' }] },
    });
  });

  it('loses no change when release managers act at once', async () => {
    for (const app of ['shell', 'mfe-account', 'mfe-public', 'mfe-onboarding']) await publish(app, 'v1');
    await manager.promote('shell', 'v1', 'prod');
    // Two concurrent promotes of different remotes: both land, neither touches the other's entry.
    const other = new ReleaseManager(store, 'Kofi <kofi@example.com>');
    await Promise.all([manager.promote('mfe-account', 'v1', 'prod'), other.promote('mfe-public', 'v1', 'prod')]);
    let file = (await store.readEnvironment('prod'))!;
    expect(live(file)).toEqual({ shell: 'v1', 'mfe-account': 'v1', 'mfe-public': 'v1' });
    expect(file.history.map((h) => `${h.app}:${h.by.split(' ')[0]}`).sort()).toEqual([
      'mfe-account:Ada',
      'mfe-public:Kofi',
      'shell:Ada',
    ]);

    // Many more writers at once: every one of them is in the history, in one unbroken revision line.
    const apps = ['mfe-account', 'mfe-public', 'mfe-onboarding'];
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        store.updateEnvironment('prod', (f) => {
          f.history.push({ at: new Date().toISOString(), by: `writer-${i}`, app: apps[i % 3]!, action: 'start' });
          return f;
        }),
      ),
    );
    file = (await store.readEnvironment('prod'))!;
    expect(file.revision).toBe(3 + 12);
    expect(file.history.filter((h) => h.by.startsWith('writer-'))).toHaveLength(12);
  });
});

describe('two release processes at once (directory store)', () => {
  it('both promotes land', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'gl-releases-'));
    try {
      const store = new ReleaseStore(dir);
      for (const app of ['shell', 'mfe-account', 'mfe-public']) {
        await store.publish(app, { version: 'v1', distDir: await fakeDist(app) });
      }
      await new ReleaseManager(store, 'setup').promote('shell', 'v1', 'prod');
      const cli = (app: string, who: string) =>
        new Promise<{ code: number | null; out: string }>((resolve) => {
          const child = spawn(
            process.execPath,
            ['--import', 'tsx', 'deploy/src/cli/release.ts', 'promote', app, 'v1', '--env', 'prod'],
            {
              cwd: ROOT_DIR,
              env: { ...process.env, RELEASE_DIR: dir, RELEASE_USER: who, RELEASE_S3_BUCKET: '' },
            },
          );
          let out = '';
          child.stdout.on('data', (d: Buffer) => (out += d.toString()));
          child.stderr.on('data', (d: Buffer) => (out += d.toString()));
          child.on('close', (code) => resolve({ code, out }));
        });
      const results = await Promise.all([cli('mfe-account', 'ada'), cli('mfe-public', 'kofi')]);
      expect(results.map((r) => r.code)).toEqual([0, 0]);
      const file = JSON.parse(await readFile(path.join(dir, 'environments/prod.json'), 'utf8')) as EnvironmentFile;
      expect(live(file)).toEqual({ shell: 'v1', 'mfe-account': 'v1', 'mfe-public': 'v1' });
      expect(file.history.map((h) => h.by).sort()).toEqual(['ada', 'kofi', 'setup']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
