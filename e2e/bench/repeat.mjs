// `npm run bench:repeat`: what a returning seller's phone downloads before the page paints, with
// the service worker installed and the browser's HTTP cache emptied (a phone's small cache evicts
// release files quickly; the worker's cache is what must hold). Measured on the wire: the browser
// talks to the site through a counting proxy, so every byte the network carries is seen — the
// page's, the worker's, headers included — and compared with the time of the first contentful
// paint. Goal: ≤ 20 KB before first paint on /home and /login; ≤ 30 KB on the signed-in pages (a
// real seller with an order, the session in the tab as a sign-in leaves it).
import net from 'node:net';
import { chromium } from '@playwright/test';
import { benchSite } from './site.mjs';

const KB = 1024;
const GOAL_KB = 20;
const SIGNED_IN_GOAL_KB = 30;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

/** A TCP proxy to the site that records every chunk sent to the browser with its time. */
function countingProxy(target) {
  const { hostname, port } = new URL(target);
  const chunks = [];
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(port), hostname);
    client.pipe(upstream);
    upstream.on('data', (data) => {
      chunks.push({ at: Date.now(), bytes: data.length });
      client.write(data);
    });
    upstream.on('end', () => client.end());
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        base: `http://127.0.0.1:${server.address().port}`,
        reset: () => chunks.splice(0),
        bytesUntil: (t) => chunks.filter((c) => c.at <= t).reduce((n, c) => n + c.bytes, 0),
        total: () => chunks.reduce((n, c) => n + c.bytes, 0),
        close: () => server.close(),
      }),
    ),
  );
}

async function firstPaintEpoch(page) {
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, undefined, {
    timeout: 30_000,
  });
  return page.evaluate(
    () => performance.timeOrigin + performance.getEntriesByName('first-contentful-paint')[0].startTime,
  );
}

async function measure(browser, proxy, route, seller) {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, serviceWorkers: 'allow' });
  if (seller)
    await context.addInitScript(
      ({ token, id }) => {
        sessionStorage.setItem('giftlane_token', token);
        sessionStorage.setItem('user_id', id);
      },
      { token: seller.token, id: seller.user_id },
    );
  const page = await context.newPage();
  // First visit: the worker installs after the first paint and keeps the files already loaded.
  proxy.reset();
  await page.goto(proxy.base + route, { waitUntil: 'networkidle' });
  const firstFcp = await firstPaintEpoch(page);
  const first = { beforePaint: proxy.bytesUntil(firstFcp), total: 0 };
  await page.waitForFunction(
    async (app) => {
      if (!navigator.serviceWorker.controller) return false;
      const keys = await (await caches.open('gl-releases')).keys();
      return keys.some((r) => r.url.includes(app));
    },
    seller ? '/mfe-account/' : '/shell/',
    { timeout: 30_000 },
  );
  await page.waitForLoadState('networkidle');
  first.total = proxy.total();
  // The phone's HTTP cache is emptied; the worker's cache stays.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  proxy.reset();
  await page.goto(proxy.base + route, { waitUntil: 'networkidle' });
  const fcp = await firstPaintEpoch(page);
  const repeat = { beforePaint: proxy.bytesUntil(fcp), total: proxy.total() };
  await context.close();
  return { first, repeat };
}

async function main() {
  const site = await benchSite(8290);
  const proxy = await countingProxy(site.base);
  try {
    const { chromiumPath, CHROMIUM_ARGS } = await import('../support/chromium.ts');
    const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
    const summary = [];
    const { createUser } = await import('../support/api.ts');
    const { makeOrder } = await import('../support/account-helpers.ts');
    const seller = await createUser(site.base);
    const orderNo = await makeOrder(site.base, seller.token);
    const routes = [
      ...['/home', '/login'].map((route) => ({ route, goal: GOAL_KB })),
      ...['/homes', '/homes/sell-gift-card', '/wallet', `/order/${orderNo}`].map((route) => ({
        route,
        goal: SIGNED_IN_GOAL_KB,
        seller,
      })),
    ];
    for (const { route, goal, seller: who } of routes) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await measure(browser, proxy, route, who));
      const kb = (n) => (n / KB).toFixed(1);
      console.log(`\n${route}`);
      runs.forEach((r, i) =>
        console.log(
          `  run ${i + 1}: first visit ${kb(r.first.beforePaint)} KB before first paint (${kb(r.first.total)} KB in ` +
            `all); repeat visit ${kb(r.repeat.beforePaint)} KB before first paint (${kb(r.repeat.total)} KB in all)`,
        ),
      );
      const worst = Math.max(...runs.map((r) => r.repeat.beforePaint));
      summary.push({ route: route.replace(orderNo, '{no}'), worst, goal });
    }
    await browser.close();
    const over = summary.filter((s) => s.worst / KB > s.goal);
    console.log(
      `\nsummary (repeat visit, before first paint, worst of ${RUNS}): ${summary
        .map((s) => `${s.route} ` + `${(s.worst / KB).toFixed(1)} KB (goal ${s.goal})`)
        .join(', ')} — ${over.length ? `OVER on ${over.map((s) => s.route).join(', ')}` : 'every goal met'}`,
    );
    process.exitCode = over.length ? 1 : 0;
  } finally {
    proxy.close();
    site.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
