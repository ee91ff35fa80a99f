// A release manager ships, canaries and rolls back one remote with the CLI while the site
// stays up — with the public pages prerendered by the live releases and the worker on.
// Two versions of mfe-account that differ visibly (the coupon page's title), two of mfe-public (the
// About page's heading), an incompatible one (another React major), all published to a release store of this suite's
// own and served by an edge server of its own; /gc goes to the api the suite's web server started.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { inCanary } from '../../deploy/src/canary';
import { createUser, type TestUser } from '../support/api';
import { signInPage } from '../support/fixtures';
import { ReleaseSite } from '../support/release-site';

const e2ePort = Number(process.env.E2E_PORT ?? 8180);
// E2E_RELEASE_PORT: the release suite's own edge server (default: the e2e port + 10).
const site = new ReleaseSite(Number(process.env.E2E_RELEASE_PORT ?? e2ePort + 10), `http://127.0.0.1:${e2ePort + 1}`);
const V = (tag: string) => `0.1.0+e2e.${tag}`;
const TITLE_V1 = 'Discount Code';
const TITLE_V2 = 'Discount Code v2';
const ABOUT_V1 = 'About GiftLane';
const ABOUT_V2 = 'About GiftLane, v2';
let user: TestUser;

test.describe.configure({ mode: 'serial', timeout: 90_000 });
// The release flow runs with the site's service worker on, as sellers' phones have it (the
// suites' default is off: see playwright.config.ts).
const withWorker = { serviceWorkers: 'allow' } as const;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  for (const app of ['shell', 'mfe-onboarding', 'mfe-public']) {
    site.ok('publish', app, '--dist', site.copyDist(app, app), '--as', V('1'));
    site.ok('promote', app, V('1'), '--env', site.env);
  }
  // A second public remote whose About page says so, in the browser build and the server build.
  const public2 = site.copyDist('mfe-public', 'public-2', (_f, text) =>
    text.replaceAll(`"${ABOUT_V1}"`, `"${ABOUT_V2}"`),
  );
  site.ok('publish', 'mfe-public', '--dist', public2, '--as', V('2'));
  site.ok('publish', 'mfe-account', '--dist', site.copyDist('mfe-account', 'account-1'), '--as', V('1'));
  const v2 = site.copyDist('mfe-account', 'account-2', (_f, text) => text.replaceAll(`"${TITLE_V1}"`, `"${TITLE_V2}"`));
  site.ok('publish', 'mfe-account', '--dist', v2, '--as', V('2'));
  site.ok('promote', 'mfe-account', V('1'), '--env', site.env);
  await site.start();
  // Made through the main site: its api (the one this edge fronts too) has its outbox at the main site's port + 1.
  user = await createUser(`http://127.0.0.1:${e2ePort}`);
});

test.afterAll(async () => {
  await site.stop();
});

async function openCoupons(browser: Browser, deviceId?: string): Promise<Page> {
  const context = await browser.newContext({ ...withWorker, baseURL: site.baseURL });
  if (deviceId) await context.addCookies([{ name: 'gl_device', value: deviceId, url: site.baseURL }]);
  const page = await context.newPage();
  await signInPage(page, user);
  await page.goto('/homes/coupon');
  return page;
}

const title = (page: Page) => page.locator('.gl-topbar__title');

/**
 * The edge re-reads the environment at most once a second: a page load just after a change may still get the old one.
 */
async function reloadUntil(page: Page, text: string) {
  await expect(async () => {
    await page.reload();
    await expect(title(page)).toHaveText(text, { timeout: 3_000 });
  }).toPass({ timeout: 15_000 });
}

test('publishing the same version twice is refused', () => {
  const again = site.release(
    'publish',
    'mfe-account',
    '--dist',
    site.copyDist('mfe-account', 'account-again'),
    '--as',
    V('1'),
  );
  expect(again.status).toBe(1);
  expect(again.stderr).toContain(`mfe-account ${V('1')} is already published`);
});

test('promote the second version: the site shows it; roll back: the first again; an open page keeps working', async ({
  browser,
}) => {
  const open = await openCoupons(browser);
  await expect(title(open)).toHaveText(TITLE_V1);
  const before = site.status().apps;

  site.ok('promote', 'mfe-account', V('2'), '--env', site.env);
  const fresh = await openCoupons(browser);
  await reloadUntil(fresh, TITLE_V2);
  // Only the account remote moved.
  const after = site.status().apps;
  expect(after['mfe-account']!.version).toBe(V('2'));
  for (const app of ['shell', 'mfe-onboarding', 'mfe-public']) expect(after[app]).toEqual(before[app]);
  const manifest = (await (await fresh.request.get('/remotes.json')).json()) as {
    remotes: Record<string, { version: string }>;
  };
  expect(manifest.remotes.mfe_public!.version).toBe(V('1'));
  expect(manifest.remotes.mfe_onboarding!.version).toBe(V('1'));

  // The page opened before the promote still navigates inside the account area and into another remote.
  await open.getByRole('link', { name: 'Order', exact: true }).first().click();
  await expect(title(open)).toHaveText('Order');
  await open.goBack();
  await expect(title(open)).toHaveText(TITLE_V1);

  const back = site.ok('rollback', 'mfe-account', '--env', site.env);
  expect(back).toContain(`rollback ${V('2')} → ${V('1')}`);
  await reloadUntil(fresh, TITLE_V1);
  expect(site.status().apps).toEqual(before);
  // Both versions' files stay: the page still on v2 keeps working after the rollback.
  const onV2 = await openCoupons(browser);
  site.ok('promote', 'mfe-account', V('2'), '--env', site.env);
  await reloadUntil(onV2, TITLE_V2);
  site.ok('rollback', 'mfe-account', '--env', site.env);
  await onV2.getByRole('link', { name: 'My Wallet', exact: true }).first().click();
  await expect(title(onV2)).toHaveText('Wallet');

  const history = site.ok('history', 'mfe-account', '--env', site.env);
  expect(history).toMatch(/promote .* → 0\.1\.0\+e2e\.2 {2}by e2e release manager/);
  expect(history).toMatch(/rollback 0\.1\.0\+e2e\.2 → 0\.1\.0\+e2e\.1/);
});

test('an open page follows a promote or rollback on its next navigation into the remote', async ({ browser }) => {
  const context = await browser.newContext({ ...withWorker, baseURL: site.baseURL });
  const page = await context.newPage();
  await signInPage(page, user);
  await page.goto('/home');
  await page.evaluate(() => ((window as unknown as { __same: boolean }).__same = true));
  const same = () => page.evaluate(() => (window as unknown as { __same?: boolean }).__same === true);

  // Promoted while the tab is open; the tab catches up when it comes back to the front.
  site.ok('promote', 'mfe-account', V('2'), '--env', site.env);
  await page.waitForTimeout(1200);
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  const v2 = page.waitForRequest((r) => r.url().includes(`/mfe-account/${V('2')}/`));
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My account' }).click();
  await v2;
  await expect(title(page)).toHaveText('Home');
  expect(await same()).toBe(true); // a client-side transition, not a reload

  // Rolled back while v2 runs in this page: the next navigation into it loads the page afresh on v1.
  site.ok('rollback', 'mfe-account', '--env', site.env);
  await page.waitForTimeout(1200);
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await page.waitForTimeout(300);
  const v1 = page.waitForRequest((r) => r.url().includes(`/mfe-account/${V('1')}/`));
  await page.getByRole('link', { name: 'Order', exact: true }).first().click();
  await v1;
  await expect(title(page)).toHaveText('Order');
  expect(await same()).toBe(false);
  await context.close();
});

test(
  'with the service worker installed: release files come from the device, a promote and a rollback reach it at ' +
    'once, offline shows Retry',
  async ({ browser }) => {
    const context = await browser.newContext({ ...withWorker, baseURL: site.baseURL });
    const page = await context.newPage();
    await signInPage(page, user);
    await page.goto('/homes/coupon');
    await expect(title(page)).toHaveText(TITLE_V1);
    // Installed after the first paint; it keeps the files this first visit already downloaded.
    // Wait until the worker is active and every release file this visit loaded is stored (the worker
    // fetches them one by one). Polled from here: the page's check is asynchronous.
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            if (navigator.serviceWorker.controller?.state !== 'activated') return false;
            const loaded = performance
              .getEntriesByType('resource')
              .map((e) => e.name)
              .filter((u) => u.includes('/releases/'));
            const stored = new Set((await (await caches.open('gl-releases')).keys()).map((r) => r.url));
            return (
              loaded.some((u) => u.includes('/shell/')) &&
              loaded.some((u) => u.includes('/mfe-account/')) &&
              loaded.every((u) => stored.has(u))
            );
          }),
        { timeout: 20_000 },
      )
      .toBe(true);

    // A repeat visit: every release file is answered by the worker, none by the network.
    const releaseFiles: { url: string; fromWorker: boolean }[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/releases/')) releaseFiles.push({ url: r.url(), fromWorker: r.fromServiceWorker() });
    });
    await page.reload();
    await expect(title(page)).toHaveText(TITLE_V1);
    expect(releaseFiles.length).toBeGreaterThan(3);
    expect(releaseFiles.filter((f) => !f.fromWorker)).toEqual([]);

    // Promote and roll back: the installed worker never holds the seller on the old version.
    site.ok('promote', 'mfe-account', V('2'), '--env', site.env);
    await reloadUntil(page, TITLE_V2);
    site.ok('rollback', 'mfe-account', '--env', site.env);
    await reloadUntil(page, TITLE_V1);

    // No network: the offline page, whose Retry goes back to the address asked for once online.
    await context.setOffline(true);
    await page.goto('/homes/coupon?from=offline').catch(() => undefined);
    await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
    const retry = page.getByRole('link', { name: 'Retry' });
    await expect(retry).toHaveAttribute('href', `${site.baseURL}/homes/coupon?from=offline`);
    await page.screenshot({ path: test.info().outputPath('offline-page.png') });
    await context.setOffline(false);
    await retry.click();
    await expect(title(page)).toHaveText(TITLE_V1);
    expect(new URL(page.url()).search).toBe('?from=offline');
    await context.close();
  },
);

test(
  'a prerendered page follows a promote and a rollback of the public remote, hydrated by the version it came ' +
    'from, with the worker on',
  async ({ browser }) => {
    const context = await browser.newContext({ ...withWorker, baseURL: site.baseURL });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    const served = async () => (await page.request.get('/about')).text();
    const heading = page.getByRole('heading', { level: 1 });
    const hydratedInPlace = () =>
      page.evaluate(() => {
        const first = (window as unknown as { __first?: Element }).__first;
        return (
          document.getElementById('root')!.hasAttribute('data-prerendered') && first === document.querySelector('h1')
        );
      });
    await page.addInitScript(() =>
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive')
          (window as unknown as { __first?: Element | null }).__first = document.querySelector('h1');
      }),
    );

    await page.goto('/about', { waitUntil: 'networkidle' });
    await expect(heading).toHaveText(ABOUT_V1);
    expect(await served()).toContain(`<h1>${ABOUT_V1}</h1>`);
    expect(await hydratedInPlace()).toBe(true);

    site.ok('promote', 'mfe-public', V('2'), '--env', site.env);
    // The HTML itself changes (the edge renders with the live release's server build)…
    await expect.poll(served, { timeout: 15_000 }).toContain(`<h1>${ABOUT_V2}</h1>`);
    // …and the page is hydrated by that same release, with the worker installed: no mismatch.
    await page.reload({ waitUntil: 'networkidle' });
    await expect(heading).toHaveText(ABOUT_V2);
    expect(await hydratedInPlace()).toBe(true);

    site.ok('rollback', 'mfe-public', '--env', site.env);
    await expect.poll(served, { timeout: 15_000 }).toContain(`<h1>${ABOUT_V1}</h1>`);
    await page.reload({ waitUntil: 'networkidle' });
    await expect(heading).toHaveText(ABOUT_V1);
    expect(await hydratedInPlace()).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  },
);

test('the gate refuses a build with another React major, naming the package and both ranges', async ({ browser }) => {
  const incompatible = site.copyDist('mfe-account', 'account-react18', (file, text) => {
    if (file !== 'mf-manifest.json') return text;
    const manifest = JSON.parse(text) as { shared: Array<{ name: string; version: string; requiredVersion: string }> };
    for (const s of manifest.shared) {
      if (s.name.startsWith('react') && !s.name.startsWith('react-router'))
        Object.assign(s, { version: '18.3.1', requiredVersion: '^18.3.1' });
    }
    return JSON.stringify(manifest);
  });
  site.ok('publish', 'mfe-account', '--dist', incompatible, '--as', V('react18'));
  const before = site.status().apps;
  const refused = site.release('promote', 'mfe-account', V('react18'), '--env', site.env);
  expect(refused.status).toBe(1);
  expect(refused.stderr).toContain('The compatibility gate refuses mfe-account 0.1.0+e2e.react18');
  expect(refused.stderr).toMatch(
    /react: mfe-account 0\.1\.0\+e2e\.react18 requires \^18\.3\.1 .* but shell 0\.1\.0\+e2e\.1 provides 19\.\d+\.\d+ \(requires \^19/,
  );
  expect(site.release('canary', 'mfe-account', V('react18'), '--percent', '10', '--env', site.env).status).toBe(1);
  expect(site.status().apps).toEqual(before);
  const page = await openCoupons(browser);
  await reloadUntil(page, TITLE_V1);
});

test('a 50 % canary gives both versions to different devices, each device always the same one', async ({ browser }) => {
  site.ok('canary', 'mfe-account', V('2'), '--percent', '50', '--env', site.env);
  await new Promise((r) => setTimeout(r, 1_100));
  const devices = Array.from({ length: 8 }, (_, i) => `e2edevice${i}x${i * 7919}`);
  // Pick devices on both sides of the split (the split itself is unit-tested for its proportions).
  const inside = devices.filter((d) => inCanary('mfe-account', d, 50));
  const outside = devices.filter((d) => !inCanary('mfe-account', d, 50));
  expect(inside.length && outside.length).toBeTruthy();
  for (const device of [...inside.slice(0, 2), ...outside.slice(0, 2)]) {
    const page = await openCoupons(browser, device);
    const expected = inCanary('mfe-account', device, 50) ? TITLE_V2 : TITLE_V1;
    await expect(title(page)).toHaveText(expected);
    await page.reload();
    await expect(title(page)).toHaveText(expected);
    await page.context().close();
  }
  // A new device gets an id from the edge and keeps its version across visits.
  const newcomer = await openCoupons(browser);
  const first = await title(newcomer).textContent();
  const cookie = (await newcomer.context().cookies()).find((c) => c.name === 'gl_device');
  expect(cookie?.value).toMatch(/^[0-9a-f]{32}$/);
  await newcomer.reload();
  await expect(title(newcomer)).toHaveText(first!);

  site.ok('canary', 'mfe-account', '--drop', '--env', site.env);
  const account = site.status().apps['mfe-account']!;
  expect(account.version).toBe(V('1'));
  expect(account.canary).toBeUndefined();
});

test('a promote of the version already live writes nothing: same revision, no history line', () => {
  const revision = () =>
    (JSON.parse(site.ok('status', '--env', site.env, '--json')) as Array<{ revision: number; updated_at: string }>)[0]!;
  const historyLines = () => site.ok('history', 'mfe-account', '--env', site.env).trim().split('\n').length;
  const linesBefore = historyLines();
  const before = revision();
  expect(site.ok('promote', 'mfe-account', V('1'), '--env', site.env)).toContain(
    `mfe-account ${V('1')} is already live in ${site.env}`,
  );
  const after = revision();
  expect(after.revision).toBe(before.revision);
  expect(after.updated_at).toBe(before.updated_at);
  expect(historyLines()).toBe(linesBefore);
});

test(
  'a live version whose release.json or whole folder is missing shows the fallback with Retry in its area, not ' +
    'the not-found page',
  async ({ browser }) => {
    site.ok('publish', 'mfe-account', '--dist', site.copyDist('mfe-account', 'account-3'), '--as', V('3'));
    site.ok('promote', 'mfe-account', V('3'), '--env', site.env);
    const folder = path.join(site.releaseDir, 'mfe-account', V('3'));
    // A new device each time: a browser that already has the version's files keeps using them.
    const open = async () => {
      const context = await browser.newContext({
        ...withWorker,
        baseURL: site.baseURL,
        viewport: { width: 360, height: 780 },
      });
      const page = await context.newPage();
      await signInPage(page, user);
      await page.goto('/homes/coupon');
      return page;
    };
    const notFound = (page: Page) => page.getByRole('heading', { name: 'We can’t find that page' });

    // release.json gone: its files are still served and its paths still its own, so the page works.
    rmSync(path.join(folder, 'release.json'));
    await new Promise((r) => setTimeout(r, 1_100));
    let page = await open();
    await expect(title(page)).toHaveText(TITLE_V1);
    await expect(notFound(page)).toHaveCount(0);
    await page.context().close();

    // The whole folder gone: its entry fails, and its area shows the fallback with Retry.
    rmSync(folder, { recursive: true, force: true });
    await new Promise((r) => setTimeout(r, 1_100));
    page = await open();
    const fallback = page.getByRole('alert').filter({ hasText: 'This section didn’t load' });
    await expect(fallback).toBeVisible();
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(page.locator('.gl-topbar__title')).toBeVisible();
    await expect(notFound(page)).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('release-missing-version.png') });

    // Rolling back mends it: the next load gets the version live now.
    site.ok('rollback', 'mfe-account', '--to', V('1'), '--env', site.env);
    await new Promise((r) => setTimeout(r, 1_100));
    await page.reload();
    await expect(title(page)).toHaveText(TITLE_V1);
    await page.context().close();
  },
);
