// A signed-in page's HTML names every file the page needs before it shows (the shell's bootstrap and
// shared packages, the remote's routes and their stylesheet), so the browser fetches them in one wave.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ReleaseStore } from '../release-store';
import { ReleaseManager } from '../releases';
import { fakeDist, SHARED } from '../test-fixtures';
import { buildEdge } from './server';

let dir: string;
let edge: FastifyInstance;

async function dist(label: string, files: Record<string, unknown>): Promise<string> {
  const out = await fakeDist(label);
  for (const [name, body] of Object.entries(files)) await writeFile(path.join(out, name), JSON.stringify(body));
  return out;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'gl-preloads-'));
  const store = new ReleaseStore(dir);
  const manager = new ReleaseManager(store, 'test');
  const shell = await dist('shell', {
    'startup.json': { js: ['bootstrap.1111.js', 'gc-replies-account.2222.js'], css: ['bootstrap.3333.css'] },
    'mf-manifest.json': {
      id: 'shell',
      name: 'shell',
      shared: SHARED.map((s, i) => ({ ...s, assets: { js: { sync: [`${i}.shared.js`], async: [] } } })),
    },
  });
  const account = await dist('account', {
    'mf-manifest.json': {
      id: 'account',
      name: 'account',
      shared: SHARED,
      exposes: [{ path: './routes', assets: { js: { sync: ['routes.4444.js'] }, css: { sync: ['routes.5555.css'] } } }],
    },
    'mounts.json': [
      { path: '/wallet', layout: 'app' },
      { path: '/order', layout: 'app' },
    ],
    'pages.json': {
      '/wallet': { js: ['page~wallet.6666.js', 'routes.4444.js'], css: ['page~wallet.7777.css'] },
      '/order/:orderNo': { js: ['page~order~$orderNo.8888.js'], css: [] },
      '/order/all': { js: ['page~order~all.9999.js'], css: [] },
    },
  });
  const pub = await dist('public', { 'mounts.json': [{ path: '/about', layout: 'public' }] });
  for (const [app, version, from] of [
    ['shell', 's1', shell],
    ['mfe-account', 'a1', account],
    ['mfe-public', 'p1', pub],
  ] as const) {
    await store.publish(app, { version, distDir: from });
    await manager.promote(app, version, 'prod');
  }
  edge = await buildEdge({ store, env: 'prod', prerender: false });
});

afterAll(async () => {
  await edge.close();
  await rm(dir, { recursive: true, force: true });
});

const preloads = (html: string) =>
  [...html.matchAll(/<link rel="preload" as="(script|style)" href="([^"]+)">/g)].map((m) => `${m[1]} ${m[2]}`);

it("a signed-in page preloads the shell's start-up files, its shared packages and the remote's routes", async () => {
  const html = (await edge.inject('/wallet')).body;
  expect(preloads(html)).toEqual([
    'script /releases/mfe-account/a1/remoteEntry.js',
    'style /releases/shell/s1/bootstrap.3333.css',
    'style /releases/mfe-account/a1/routes.5555.css',
    'script /releases/shell/s1/bootstrap.1111.js',
    'script /releases/shell/s1/gc-replies-account.2222.js',
    ...SHARED.map((_s, i) => `script /releases/shell/s1/${i}.shared.js`),
    'script /releases/mfe-account/a1/routes.4444.js',
    // The page's own chunk and stylesheet (what the routes brought already is not named twice).
    'style /releases/mfe-account/a1/page~wallet.7777.css',
    'script /releases/mfe-account/a1/page~wallet.6666.js',
  ]);
});

it("a page with a parameter preloads its route's chunk; a path of no page preloads none", async () => {
  const page = async (url: string) =>
    preloads((await edge.inject(url)).body).filter((p) => p.includes('/mfe-account/a1/page'));
  expect(await page('/order/GC123')).toEqual(['script /releases/mfe-account/a1/page~order~$orderNo.8888.js']);
  // A path a route names outright wins over a parameter's.
  expect(await page('/order/all')).toEqual(['script /releases/mfe-account/a1/page~order~all.9999.js']);
  expect(await page('/order/GC123/more')).toEqual([]);
});

it('a public page preloads only its remote (the rest waits for the first paint)', async () => {
  const html = (await edge.inject('/about')).body;
  expect(preloads(html)).toEqual(['script /releases/mfe-public/p1/remoteEntry.js']);
});
