// The edge server hands each device the version its canary bucket says, the same one every time,
// in both the inlined manifest and /remotes.json; release files are immutable, manifests no-cache.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { EnvironmentManifest } from '@giftlane/shared-sdk';
import { ReleaseStore } from '../release-store';
import { ReleaseManager } from '../releases';
import { fakeDist } from '../test-fixtures';
import { DEVICE_COOKIE, buildEdge } from './server';

let dir: string;
let edge: FastifyInstance;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'gl-edge-'));
  const store = new ReleaseStore(dir);
  const manager = new ReleaseManager(store, 'test');
  for (const [app, version] of [
    ['shell', 's1'],
    ['mfe-account', 'a1'],
    ['mfe-account', 'a2'],
    ['mfe-public', 'p1'],
  ] as const) {
    await store.publish(app, { version, distDir: await fakeDist(`${app}-${version}`) });
    if (version !== 'a2') await manager.promote(app, version, 'prod');
  }
  await manager.canary('mfe-account', 'a2', 50, 'prod');
  edge = await buildEdge({ store, env: 'prod' });
});

afterAll(async () => {
  await edge.close();
  await rm(dir, { recursive: true, force: true });
});

const cookieOf = (res: { headers: Record<string, unknown> }) => String(res.headers['set-cookie'] ?? '').split(';')[0]!;

describe('edge server', () => {
  it('gives a new device an id cookie and keeps the id it already has', async () => {
    const first = await edge.inject('/remotes.json');
    expect(first.headers['set-cookie']).toMatch(
      new RegExp(`^${DEVICE_COOKIE}=[0-9a-f]{32}; Path=/; Max-Age=\\d+; SameSite=Lax; HttpOnly$`),
    );
    const again = await edge.inject({ url: '/remotes.json', headers: { cookie: cookieOf(first) } });
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(again.headers['cache-control']).toBe('no-cache');
    expect(again.headers.vary).toContain('Cookie');
  });

  it(
    'splits a 50 % canary across devices, each device always on the same version and bucket, page and manifest ' +
      'agreeing',
    async () => {
      const seen: Record<string, number> = {};
      for (let i = 0; i < 60; i++) {
        const cookie = `${DEVICE_COOKIE}=device${String(i).padStart(4, '0')}abcd`;
        const versions = new Set<string>();
        for (let n = 0; n < 3; n++) {
          const manifest = (
            await edge.inject({ url: '/remotes.json', headers: { cookie } })
          ).json<EnvironmentManifest>();
          versions.add(manifest.remotes.mfe_account!.version);
          expect(manifest.remotes.mfe_public!.version).toBe('p1');
        }
        const html = (await edge.inject({ url: '/wallet', headers: { cookie } })).body;
        const inlined = JSON.parse(
          /<script id="gl-remotes" type="application\/json">(.*?)<\/script>/.exec(html)![1]!,
        ) as EnvironmentManifest;
        versions.add(inlined.remotes.mfe_account!.version);
        expect(versions.size).toBe(1);
        const [version] = [...versions];
        expect(inlined.remotes.mfe_account!.entry).toBe(`/releases/mfe-account/${version}/remoteEntry.js`);
        // The shell tags its telemetry with the bucket the manifest names.
        expect(inlined.remotes.mfe_account!.bucket).toBe(version === 'a2' ? 'canary' : 'live');
        expect(inlined.remotes.mfe_public!.bucket).toBe('live');
        expect(inlined.shell).toEqual({ version: 's1', bucket: 'live' });
        seen[version!] = (seen[version!] ?? 0) + 1;
      }
      expect(seen.a1).toBeGreaterThan(15);
      expect(seen.a2).toBeGreaterThan(15);
    },
  );

  it('compresses the HTML it makes for a browser that accepts it, once it is worth it (1 KB)', async () => {
    const small = await edge.inject({ url: '/wallet', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    // A real page carries the store links and sign-in settings: well over 1 KB.
    const real = await buildEdge({
      store: new ReleaseStore(dir),
      env: 'prod',
      pageConfig: { productName: 'GiftLane', storeLinks: { android: `https://example.com/${'a'.repeat(1500)}` } },
    });
    try {
      const plain = await real.inject({ url: '/wallet' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      const br = await real.inject({ url: '/wallet', headers: { 'accept-encoding': 'br, gzip' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(brotliDecompressSync(br.rawPayload).toString()).toContain('data-build=');
    } finally {
      await real.close();
    }
  });

  it('tells crawlers to keep out of the signed-in area and the api, and 404s file-like paths', async () => {
    const robots = await edge.inject('/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toContain('text/plain');
    // The fixture's remotes each mount /<app>-<version> with the app layout.
    expect(robots.body.split('\n')).toEqual(
      expect.arrayContaining(['User-agent: *', 'Disallow: /mfe-public-p1', 'Disallow: /gc/', 'Allow: /']),
    );
    for (const url of ['/favicon.ico', '/sitemap.xml', '/wp-login.php']) {
      const res = await edge.inject(url);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('<html');
    }
    expect((await edge.inject('/blog/post/spot-a-used-gift-card')).body).toContain('<meta charset="utf-8">');
  });

  it('serves release files immutable and precompressed, never the environment files', async () => {
    const res = await edge.inject({
      url: '/releases/mfe-account/a1/remoteEntry.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await edge.inject('/releases/environments/prod.json')).statusCode).toBe(404);
    expect((await edge.inject('/releases/mfe-account/a1/.claim')).statusCode).toBe(404);
  });

  it('answers a health check with the environment’s revision', async () => {
    const res = await edge.inject('/healthz');
    expect(res.json()).toEqual({ ok: true, env: 'prod', revision: 4, live: true });
  });

  it('sets the security headers on pages', async () => {
    const res = await edge.inject('/home');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.body).toContain('<meta charset="utf-8">');
    expect(res.body).toContain('/releases/shell/s1/main.0123abcd.js');
  });
});

describe('edge server with a broken live version', () => {
  it(
    'keeps the remote’s mounts from the environment when its folder, its release.json or the version itself is ' +
      'missing',
    async () => {
      const broken = await mkdtemp(path.join(os.tmpdir(), 'gl-edge-broken-'));
      const store = new ReleaseStore(broken);
      const manager = new ReleaseManager(store, 'test');
      for (const [app, version] of [
        ['shell', 's1'],
        ['mfe-account', 'a1'],
        ['mfe-public', 'p1'],
      ] as const) {
        await store.publish(app, { version, distDir: await fakeDist(`${app}-${version}`) });
        await manager.promote(app, version, 'prod');
      }
      const broke = await buildEdge({ store, env: 'prod' });
      const accountMounts = async () =>
        (await broke.inject('/remotes.json')).json<EnvironmentManifest>().remotes.mfe_account;
      try {
        // release.json gone: the mounts still come from the environment, the entry still names a1.
        await rm(path.join(broken, 'mfe-account/a1/release.json'));
        await new Promise((r) => setTimeout(r, 1100)); // the edge re-reads the environment once a second
        expect(await accountMounts()).toEqual({
          version: 'a1',
          entry: '/releases/mfe-account/a1/remoteEntry.js',
          mounts: [{ path: '/mfe-account-a1', layout: 'app' }],
          bucket: 'live',
        });
        // The whole version folder gone: the same (the browser's entry request fails → the remote's fallback).
        await rm(path.join(broken, 'mfe-account/a1'), { recursive: true });
        await new Promise((r) => setTimeout(r, 1100));
        expect((await accountMounts())!.mounts).toEqual([{ path: '/mfe-account-a1', layout: 'app' }]);
        expect((await broke.inject('/releases/mfe-account/a1/remoteEntry.js')).statusCode).toBe(404);
        const page = await broke.inject('/mfe-account-a1');
        expect(page.body).toContain('<link rel="preload" as="script" href="/releases/mfe-account/a1/remoteEntry.js">');

        // An environment written before it kept mounts, naming a version that is not stored: the
        // newest published version's mounts stand in.
        await store.publish('mfe-public', { version: 'p2', distDir: await fakeDist('mfe-public-p2') });
        await store.updateEnvironment('prod', (f) => {
          f.apps['mfe-public'] = { version: 'p-missing' };
          return f;
        });
        await new Promise((r) => setTimeout(r, 1100));
        const pub = (await broke.inject('/remotes.json')).json<EnvironmentManifest>().remotes.mfe_public!;
        expect(pub).toEqual({
          version: 'p-missing',
          entry: '/releases/mfe-public/p-missing/remoteEntry.js',
          mounts: [{ path: '/mfe-public-p2', layout: 'app' }],
          bucket: 'live',
        });
      } finally {
        await broke.close();
        await rm(broken, { recursive: true, force: true });
      }
    },
  );
});
