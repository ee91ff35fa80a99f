// The edge serves the service worker of the live shell release at /sw.js: never from the HTTP
// cache, told where releases and the offline page are, and replaced by one that removes itself
// when switched off (SERVICE_WORKER=off) or when the live shell has none.
import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { mkdtemp } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { ReleaseStore } from '../release-store';
import { ReleaseManager } from '../releases';
import { fakeDist } from '../test-fixtures';
import { buildEdge, SELF_REMOVING_WORKER } from './server';

let dir: string;
let store: ReleaseStore;
let manager: ReleaseManager;
const edges: FastifyInstance[] = [];

async function shellWithWorker(version: string, worker: string | undefined) {
  const dist = await fakeDist(`shell-${version}`);
  if (worker) await writeFile(path.join(dist, 'sw.js'), worker);
  await store.publish('shell', { version, distDir: dist });
}

async function edge(opts: Parameters<typeof buildEdge>[0] = {}) {
  const e = await buildEdge({ store, env: 'prod', ...opts });
  edges.push(e);
  return e;
}

const settingsOf = (body: string) => JSON.parse(/^self\.__GL_SW=(.*?);\n/.exec(body)![1]!) as Record<string, string>;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'gl-sw-'));
  store = new ReleaseStore(dir);
  manager = new ReleaseManager(store, 'test');
  await shellWithWorker('s1', "self.addEventListener('fetch', () => {}); // worker s1");
  await shellWithWorker('s2', "self.addEventListener('fetch', () => {}); // worker s2");
  await shellWithWorker('s0', undefined);
  await store.publish('mfe-public', { version: 'p1', distDir: await fakeDist('mfe-public-p1') });
  await manager.promote('mfe-public', 'p1', 'prod');
});

afterAll(async () => {
  await Promise.all(edges.map((e) => e.close()));
  await rm(dir, { recursive: true, force: true });
});

describe('/sw.js', () => {
  it('is the live shell release’s worker, told where its offline page is, never cached by HTTP', async () => {
    await manager.promote('shell', 's1', 'prod');
    const e = await edge({ releasesUrl: 'https://cdn.example.com/gl' });
    const res = await e.inject('/sw.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('// worker s1');
    expect(settingsOf(res.body)).toEqual({
      version: 's1',
      releases: 'https://cdn.example.com/gl',
      offline: 'https://cdn.example.com/gl/shell/s1/offline.html',
    });
    // The page is told to register it.
    const html = (await e.inject('/home')).body;
    expect(JSON.parse(/<script id="gl-config" type="application\/json">(.*?)<\/script>/.exec(html)![1]!)).toMatchObject(
      { serviceWorker: true },
    );
  });

  it('follows a promote and a rollback of the shell (a changed worker is what makes browsers update it)', async () => {
    const e = await edge();
    await manager.promote('shell', 's2', 'prod');
    await new Promise((r) => setTimeout(r, 1100)); // the edge re-reads the environment once a second
    expect((await e.inject('/sw.js')).body).toContain('// worker s2');
    await manager.rollback('shell', 'prod');
    await new Promise((r) => setTimeout(r, 1100));
    expect((await e.inject('/sw.js')).body).toContain('// worker s1');
  });

  it('removes itself when the live shell has no worker', async () => {
    await manager.promote('shell', 's0', 'prod');
    const res = await (await edge()).inject('/sw.js');
    expect(res.body).toBe(SELF_REMOVING_WORKER);
    await manager.promote('shell', 's1', 'prod');
  });

  it('is switched off by the kill switch: a self-removing worker, and pages told to remove theirs', async () => {
    const e = await edge({ serviceWorker: false });
    const res = await e.inject('/sw.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(SELF_REMOVING_WORKER);
    const html = (await e.inject('/home')).body;
    expect(JSON.parse(/<script id="gl-config" type="application\/json">(.*?)<\/script>/.exec(html)![1]!)).toMatchObject(
      { serviceWorker: false },
    );
  });
});
