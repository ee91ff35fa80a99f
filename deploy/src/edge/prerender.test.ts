// Prerendered pages at the edge: a public page goes out with its content, rendered by the live shell
// release's server build with the live owner remote's, its styles and its data in the page. A
// promote or a rollback changes the HTML at once; a broken or slow render, a query the page may
// read, or the account area get the shell's HTML as before. The builds here are small stand-ins
// with the exports the real ones have (shell/src/server.tsx, a remote's routes module); the e2e
// suite renders with the real ones.
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { decodePageData } from '@giftlane/shared-sdk/page-data';
import { ReleaseStore } from '../release-store';
import { ReleaseManager } from '../releases';
import { fakeDist } from '../test-fixtures';
import { buildEdge } from './server';

// The shell's renderer: the page of the remote's route at the path, with the data it "loaded".
const SHELL_SERVER =
  `
exports.shared = { 'fake-singleton': { from: 'shell s1' } };
exports.render = async (url, remotes) => {
  const path = new URL(url).pathname;
  const route = remotes[0].routes.find((r) => r.path === path);
  if (!route) return { kind: 'page', status: 404, html: '<h1>We can’t find that page</h1>', data: {}, head: {}, ` +
  `themeCss: ':root{--gl:1}' };
  if (route.slowMs) await new Promise((r) => setTimeout(r, route.slowMs));
  return {
    kind: 'page',
    status: 200,
    html: route.html(),
    data: { _R_1_: { deps: '[1]', data: { rate: '1,250 $& $1', minor: 125000n, note: ` +
  `'</script><script>alert(1)</script>' } } },
    head: { title: route.title, description: 'Rates "today" <b>' },
    themeCss: ':root{--gl:1}',
  };
};`;

const remoteServer = (label: string) =>
  `
const singleton = require('fake-singleton');
let renders = 0;
module.exports = { routes: [
  { path: '/home', title: 'Home & rates', html: () => '<h1>Home ${label}</h1><p>render ' + (++renders) + ' with ' + ` +
  `singleton.from + '</p>' },
  { path: '/about', title: 'About', html: () => { throw new Error('this page breaks on the server'); } },
  { path: '/slow', title: 'Slow', slowMs: 700, html: () => '<h1>Slow</h1>' },
] };`;

async function withServerBuild(dist: string, files: Record<string, string>) {
  await mkdir(path.join(dist, 'server'), { recursive: true });
  for (const [name, body] of Object.entries(files)) await writeFile(path.join(dist, name), body);
  return dist;
}

let dir: string;
let store: ReleaseStore;
let manager: ReleaseManager;
let edge: FastifyInstance;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'gl-prerender-'));
  store = new ReleaseStore(dir);
  manager = new ReleaseManager(store, 'prod');
  const shell = await withServerBuild(await fakeDist('shell-s1'), {
    'server/index.cjs': SHELL_SERVER,
    'shell.css': '.gl-header{height:56px}',
    'page-styles.json': JSON.stringify(['shell.css']),
    'after-paint.js': '/* starts data-src after the first paint */',
  });
  await writeFile(
    path.join(shell, 'index.html'),
    '<!doctype html><html><head><meta name="description" content="default"><title>GiftLane</title><meta ' +
      'name="gl-head"></head><body><div id="root"><div class="gl-boot" aria-busy="true"></div></div><script defer ' +
      'src="{{SHELL_BASE}}/main.js"></script></body></html>',
  );
  await store.publish('shell', { version: 's1', distDir: shell });
  await manager.promote('shell', 's1', 'prod');
  for (const v of ['p1', 'p2']) {
    const dist = await withServerBuild(await fakeDist(`public-${v}`), {
      'server/index.cjs': remoteServer(v),
      [`routes.${v}.css`]: `.pub-page{margin:${v === 'p1' ? 1 : 2}px}`,
    });
    await writeFile(
      path.join(dist, 'mf-manifest.json'),
      JSON.stringify({
        id: 'mfe_public',
        name: 'mfe_public',
        shared: [],
        exposes: [{ path: './routes', assets: { css: { sync: [`routes.${v}.css`], async: [] } } }],
      }),
    );
    await writeFile(
      path.join(dist, 'mounts.json'),
      JSON.stringify(['/home', '/about', '/slow'].map((p) => ({ path: p, layout: 'public' }))),
    );
    await store.publish('mfe-public', { version: v, distDir: dist });
  }
  // A remote released before server builds existed.
  const account = await fakeDist('account-a1');
  await writeFile(path.join(account, 'mounts.json'), JSON.stringify([{ path: '/homes', layout: 'app' }]));
  await store.publish('mfe-account', { version: 'a1', distDir: account });
  const ops = await fakeDist('ops-o1');
  await writeFile(path.join(ops, 'mounts.json'), JSON.stringify([{ path: '/secure-account', layout: 'public' }]));
  await store.publish('mfe-ops', { version: 'o1', distDir: ops });
  for (const [app, v] of [
    ['mfe-public', 'p1'],
    ['mfe-account', 'a1'],
    ['mfe-ops', 'o1'],
  ] as const)
    await manager.promote(app, v, 'prod');
  // The api is never called by these stand-ins: nothing listens there.
  edge = await buildEdge({
    store,
    env: 'prod',
    apiUrl: 'http://127.0.0.1:9',
    prerender: { freshMs: 300, timeoutMs: 500 },
  });
});

afterAll(async () => {
  await edge.close();
  await rm(dir, { recursive: true, force: true });
});

const get = (url: string) => edge.inject({ url, headers: { 'accept-encoding': 'identity' } });
const rootOf = (html: string) => /<div id="root"([^>]*)>([\s\S]*)<\/div>(?:<script|<\/body>)/.exec(html);
const waitOutEnvironmentCache = () => new Promise((r) => setTimeout(r, 1100));

test('a public page arrives with its content, styles, head and the data it was rendered with', async () => {
  const res = await get('/home');
  expect(res.statusCode).toBe(200);
  const root = rootOf(res.body)!;
  expect(root[1]).toBe(' data-prerendered');
  // Rendered by the remote's server build with the shell build's singletons.
  expect(root[2]).toMatch(/^<h1>Home p1<\/h1><p>render \d+ with shell s1<\/p>$/);
  expect(res.body).toContain('<title>Home &#38; rates</title>');
  expect(res.body).toContain('<meta name="description" content="Rates &#34;today&#34; &#60;b&#62;">');
  expect(res.body).toContain('<style id="gl-theme">:root{--gl:1}</style>');
  expect(res.body).toContain('<style data-href="/releases/shell/s1/shell.css">.gl-header{height:56px}</style>');
  expect(res.body).toContain('<style data-href="/releases/mfe-public/p1/routes.p1.css">.pub-page{margin:1px}</style>');
  // The data: nothing in it can close the script element; amounts come back as bigints.
  const json = /<script id="gl-data" type="application\/json">(.*?)<\/script>/.exec(res.body)![1]!;
  expect(json).not.toContain('</script');
  expect(decodePageData(json)).toEqual({
    _R_1_: { deps: '[1]', data: { rate: '1,250 $& $1', minor: 125000n, note: '</script><script>alert(1)</script>' } },
  });
  expect(res.headers['cache-control']).toBe('no-cache');
  // The shell's code starts after the first paint: its entry goes through the release's after-paint.js, written
  // into the head (it must run before anything can be tapped), and allowed by its hash, that script only.
  const starter = '<script data-src="/releases/shell/s1/main.js">/* starts data-src after the first paint */</script>';
  expect(res.body).toContain(`${starter}</head>`);
  expect(res.body).not.toContain('<script defer src="/releases/shell/s1/main.js">');
  const hash = createHash('sha256').update('/* starts data-src after the first paint */').digest('base64');
  const scriptSrc = /script-src ([^;]*)/.exec(String(res.headers['content-security-policy']))![1]!;
  expect(scriptSrc.split(' ')).toContain(`'sha256-${hash}'`);
  expect(scriptSrc).not.toContain('unsafe-inline');
  const signedIn = await get('/homes');
  expect(signedIn.body).toContain('<script defer src="/releases/shell/s1/main.js"></script>');
  expect(String(signedIn.headers['content-security-policy'])).not.toContain('sha256-');
});

test('a promote of the public remote changes the HTML at once, and a rollback changes it back', async () => {
  expect(rootOf((await get('/home')).body)![2]).toContain('Home p1');
  await manager.promote('mfe-public', 'p2', 'prod');
  await waitOutEnvironmentCache();
  const promoted = (await get('/home')).body;
  expect(rootOf(promoted)![2]).toContain('Home p2');
  expect(promoted).toContain('<style data-href="/releases/mfe-public/p2/routes.p2.css">');
  expect(promoted).not.toContain('routes.p1.css');
  await manager.rollback('mfe-public', 'prod');
  await waitOutEnvironmentCache();
  expect(rootOf((await get('/home')).body)![2]).toContain('Home p1');
});

test('a page is kept a short while, then served once more while it is rendered again', async () => {
  const renderOf = async () => Number(/render (\d+)/.exec((await get('/home')).body)![1]);
  const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
  await pause(350);
  // Stale: the kept page goes out at once, and a new render replaces it.
  const stale = await renderOf();
  await pause(50);
  const fresh = await renderOf();
  expect(fresh).toBe(stale + 1);
  expect(await renderOf()).toBe(fresh);
  await pause(350);
  expect(await renderOf()).toBe(fresh);
  await pause(50);
  expect(await renderOf()).toBe(fresh + 1);
});

test(
  'a page that breaks or is slow on the server, and a release without a server build, get the ' + 'shell’s HTML',
  async () => {
    // Twice each: the second time without waiting for the slow render again.
    let seenSlow = false;
    for (const url of ['/about', '/slow', '/secure-account', '/about', '/slow']) {
      const started = Date.now();
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(rootOf(res.body)![1]).toBe('');
      expect(rootOf(res.body)![2]).toBe('<div class="gl-boot" aria-busy="true"></div>');
      expect(res.body).not.toContain('gl-data');
      if (url === '/slow') expect(Date.now() - started).toBeGreaterThanOrEqual(seenSlow ? 0 : 450);
      if (url === '/slow' && seenSlow) expect(Date.now() - started).toBeLessThan(200);
      if (url === '/slow') seenSlow = true;
    }
    // Each fallback is counted for the app that owns the page, with why (the edge's metrics).
    const families = parsePrometheusTextFormat(await edge.edgeMetrics.registry.metrics());
    const fallbacks = families
      .find((f) => f.name === 'gl_edge_prerender_fallbacks_total')!
      .metrics.map((m) => `${m.labels?.app} ${m.labels?.reason}`);
    expect(fallbacks).toEqual(
      expect.arrayContaining(['mfe-public failed', 'mfe-public timeout', 'mfe-ops no_server_build']),
    );
  },
);

test('only public pages, and only with no query a page could read: campaign tags are fine', async () => {
  expect(rootOf((await get('/home?utm_source=whatsapp&utm_campaign=nov')).body)![1]).toBe(' data-prerendered');
  expect(rootOf((await get('/home?card=amazon')).body)![1]).toBe('');
  expect(rootOf((await get('/homes')).body)![1]).toBe('');
});

test('an unknown page under a public mount is prerendered as not found, with a 404', async () => {
  const store2 = await get('/home/nothing-here');
  expect(store2.statusCode).toBe(404);
  expect(rootOf(store2.body)![2]).toBe('<h1>We can’t find that page</h1>');
});

test('server builds are never served to browsers', async () => {
  expect((await get('/releases/shell/s1/server/index.cjs')).statusCode).toBe(404);
  expect((await get('/releases/mfe-public/p1/server/index.cjs')).statusCode).toBe(404);
  expect((await get('/releases/mfe-public/p1/routes.p1.css')).statusCode).toBe(200);
});

test(
  'a prerendered form the browser posted itself (tapped before the page was live) gets the page again; its body ' +
    'is not read',
  async () => {
    const res = await edge.inject({
      method: 'POST',
      url: '/login?view=LoginForm',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=ada%40example.com&password=secret',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/login?view=LoginForm');
    expect(res.body).toBe('');
    // Anything else posted to a page is still not found.
    expect((await edge.inject({ method: 'POST', url: '/login', payload: { a: 1 } })).statusCode).toBe(404);
  },
);

test('PRERENDER=off sends the shell’s HTML alone', async () => {
  const off = await buildEdge({ store, env: 'prod', apiUrl: 'http://127.0.0.1:9', prerender: false });
  try {
    const res = await off.inject({ url: '/home', headers: { 'accept-encoding': 'identity' } });
    expect(rootOf(res.body)![1]).toBe('');
  } finally {
    await off.close();
  }
});
