// The signed-in pages under Lighthouse user flows (mobile, simulated slow 4G — the defaults), in
// Debian's Chromium driven by Puppeteer, with a real seller made through the api (signed up, one
// order so /order/{no} exists). Per page and run, in a fresh browser profile:
//   1. the seller signs in on /login (typed into the form, as a person would) and lands on /homes;
//   2. "right after sign-in": Lighthouse navigates to the page (the session kept, the HTTP cache
//      holding what /login and /homes fetched);
//   3. "returning": the phone's HTTP cache is emptied (only the service worker's cache is kept, as
//      in bench:repeat) and Lighthouse loads the page again.
// Lighthouse and its Puppeteer come from npx's cache at the pinned version (fetched on first use).
import { execFile } from 'node:child_process';
import { realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

export const LIGHTHOUSE = 'lighthouse@12.8.2'; // 13.x needs Node 22
export const SIGNED_IN_GOALS = {
  returning: { performance: 95, lcpMs: 1500 },
  afterSignIn: { performance: 90, lcpMs: 2000 },
  cls: 0.02,
};

/** Lighthouse's node API and the Puppeteer it was made with, from npx's cache. */
async function lighthouseModules() {
  const { stdout } = await promisify(execFile)('npx', ['--yes', '-p', LIGHTHOUSE, '-c', 'command -v lighthouse'], {
    maxBuffer: 1024 * 1024,
  });
  const bin = realpathSync(stdout.trim()); // …/node_modules/lighthouse/cli/index.js
  const modules = path.resolve(path.dirname(bin), '../..');
  const load = (p) => import(pathToFileURL(path.join(modules, p)).href);
  const [{ startFlow }, puppeteer] = await Promise.all([
    load('lighthouse/core/index.js'),
    load('puppeteer-core/lib/esm/puppeteer/puppeteer-core.js'),
  ]);
  return { startFlow, puppeteer: puppeteer.default ?? puppeteer };
}

/** The seller: signed up through the api, with one order. */
async function makeSeller(base) {
  const { createUser } = await import('../support/api.ts');
  const { makeOrder } = await import('../support/account-helpers.ts');
  const user = await createUser(base);
  const orderNo = await makeOrder(base, user.token);
  return { ...user, orderNo };
}

async function signIn(page, base, user) {
  await page.goto(`${base}/login`, { waitUntil: 'load' });
  // The prerendered form takes input once the shell has made it live.
  await page.waitForSelector('#root[data-live]', { timeout: 60_000 });
  await page.type('input[name="username"]', user.email);
  await page.type('input[name="password"]', user.password);
  await Promise.all([
    page.waitForFunction(() => location.pathname === '/homes', { timeout: 60_000 }),
    page.click('form.ob-form button[type="submit"]'),
  ]);
  await page.waitForNetworkIdle({ idleTime: 500, timeout: 60_000 });
}

async function serviceWorkerHolds(page) {
  await page.waitForFunction(
    async () => {
      if (!navigator.serviceWorker.controller) return false;
      const keys = await (await caches.open('gl-releases')).keys();
      return keys.some((r) => r.url.includes('/mfe-account/'));
    },
    { timeout: 30_000, polling: 250 },
  );
}

function summarise(lhr) {
  const a = lhr.audits;
  const requests = (a['network-requests']?.details?.items ?? []).filter((r) => r.url.includes('/gc/'));
  return {
    performance: Math.round(lhr.categories.performance.score * 100),
    fcpMs: a['first-contentful-paint'].numericValue,
    lcpMs: a['largest-contentful-paint'].numericValue,
    tbtMs: a['total-blocking-time'].numericValue,
    cls: a['cumulative-layout-shift'].numericValue,
    api: requests.map((r) => r.url.replace(/.*\/gc\//, '')),
    warnings: lhr.runWarnings ?? [],
  };
}

async function oneRun(modules, browser, base, user, route) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  try {
    await signIn(page, base, user);
    const flow = await modules.startFlow(page, {
      flags: { onlyCategories: ['performance'] },
    });
    await flow.navigate(base + route, { name: `${route} right after sign-in`, disableStorageReset: true });
    await serviceWorkerHolds(page);
    await page.waitForNetworkIdle({ idleTime: 500, timeout: 60_000 });
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await flow.navigate(base + route, { name: `${route} returning`, disableStorageReset: true });
    const result = await flow.createFlowResult();
    // BENCH_SAVE=<folder>: each run's flow result, to read in Lighthouse's viewer.
    if (process.env.BENCH_SAVE) {
      const name = `${route.replace(/\W+/g, '_')}-${Date.now()}.json`;
      writeFileSync(path.join(process.env.BENCH_SAVE, name), JSON.stringify(result));
    }
    const [after, returning] = result.steps.map((s) => summarise(s.lhr));
    return { afterSignIn: after, returning };
  } finally {
    await context.close();
  }
}

const middle = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Runs every signed-in page `runs` times; answers per page and visit the medians, and the goals missed. */
export async function signedInPages(base, runs, only) {
  const modules = await lighthouseModules();
  const { chromiumPath, CHROMIUM_ARGS } = await import('../support/chromium.ts');
  const user = await makeSeller(base);
  const routes = ['/homes', '/homes/sell-gift-card', '/wallet', `/order/${user.orderNo}`].filter(
    (r) => !only || only.some((o) => r.startsWith(o)),
  );
  const launch = () => modules.puppeteer.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  let browser = await launch();
  // A browser lost on a busy machine (the connection closed) is started again, and the run tried once more.
  const run = async (route) => {
    try {
      return await oneRun(modules, browser, base, user, route);
    } catch (error) {
      console.log(`  ${route}: run failed (${error.message.split('\n')[0]}), tried again in a new browser`);
      await browser.close().catch(() => undefined);
      browser = await launch();
      return oneRun(modules, browser, base, user, route);
    }
  };
  const table = [];
  try {
    for (const route of routes) {
      const all = [];
      for (let i = 0; i < runs; i++) {
        all.push(await run(route));
        const r = all[i];
        console.log(
          `  ${route} run ${i + 1}: after sign-in ${r.afterSignIn.performance} · ` +
            `${(r.afterSignIn.lcpMs / 1000).toFixed(2)} s · ${r.afterSignIn.cls.toFixed(3)}; returning ` +
            `${r.returning.performance} · ${(r.returning.lcpMs / 1000).toFixed(2)} s · ${r.returning.cls.toFixed(3)}`,
        );
      }
      const row = { route: route.replace(user.orderNo, '{no}') };
      for (const visit of ['afterSignIn', 'returning']) {
        const v = all.map((r) => r[visit]);
        row[visit] = {
          performance: middle(v.map((x) => x.performance)),
          lcpMs: middle(v.map((x) => x.lcpMs)),
          fcpMs: middle(v.map((x) => x.fcpMs)),
          tbtMs: middle(v.map((x) => x.tbtMs)),
          cls: middle(v.map((x) => x.cls)),
          scores: v.map((x) => x.performance),
          api: v[0].api,
        };
      }
      for (const w of new Set(all.flatMap((r) => [...r.afterSignIn.warnings, ...r.returning.warnings])))
        console.log(`  warning: ${w}`);
      console.log(`  api calls (after sign-in, run 1): ${row.afterSignIn.api.join(', ') || 'none'}`);
      table.push(row);
    }
  } finally {
    await browser.close();
  }
  const g = SIGNED_IN_GOALS;
  const missed = table.flatMap((row) =>
    [
      ['afterSignIn', 'right after sign-in'],
      ['returning', 'returning'],
    ].flatMap(([visit, label]) => {
      const v = row[visit];
      return [
        v.performance < g[visit].performance && `${row.route} ${label} performance ${v.performance}`,
        v.lcpMs > g[visit].lcpMs && `${row.route} ${label} largest paint ${(v.lcpMs / 1000).toFixed(2)} s`,
        v.cls > g.cls && `${row.route} ${label} layout shift ${v.cls.toFixed(3)}`,
      ].filter(Boolean);
    }),
  );
  const cell = (v) => `${v.performance} · ${(v.lcpMs / 1000).toFixed(2)} s · ${v.cls.toFixed(3)}`;
  console.log(
    `\nsigned in (${LIGHTHOUSE} user flows, mobile, simulated slow 4G, median of ${runs}): score · LCP · CLS\n` +
      `| page | right after sign-in | returning visit | scores (after · returning) |\n|---|---|---|---|`,
  );
  for (const row of table)
    console.log(
      `| \`${row.route}\` | ${cell(row.afterSignIn)} | ${cell(row.returning)} | ` +
        `${row.afterSignIn.scores.join(', ')} · ${row.returning.scores.join(', ')} |`,
    );
  console.log(
    `goals: right after sign-in ≥ ${g.afterSignIn.performance}, LCP ≤ ${g.afterSignIn.lcpMs / 1000} s; returning ≥ ` +
      `${g.returning.performance}, LCP ≤ ${g.returning.lcpMs / 1000} s; CLS ≤ ${g.cls}` +
      (missed.length ? ` — MISSED: ${missed.join('; ')}` : ' — every goal met'),
  );
  return { table, missed };
}

// Run alone: `node --import tsx e2e/bench/signed-in.mjs` (BENCH_RUNS, BENCH_ONLY=/wallet,/homes).
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { benchSite } = await import('./site.mjs');
  const site = await benchSite(8380);
  try {
    const only = process.env.BENCH_ONLY?.split(',').filter(Boolean);
    const { missed } = await signedInPages(site.base, Number(process.env.BENCH_RUNS ?? 5), only);
    process.exitCode = missed.length ? 1 : 0;
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  } finally {
    site.stop();
  }
}
