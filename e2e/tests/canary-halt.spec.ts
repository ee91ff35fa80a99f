// A canary that halts itself. Two builds of mfe-account are published into the running
// site's release store: a stable copy and a broken one whose coupon page throws once loaded. A
// release manager canaries the broken one from the console's Releases page; a browser in the
// canary's half of the devices opens the page (its errors reach the api through the shell's
// telemetry, the edge's collector path, as a seller's phone would send them) and one in the other
// half does too. The canary check (asked for from the page; small thresholds in
// playwright.config.ts) drops the canary: the environment has no canary, both browsers get the
// stable build, and the page says what was halted and why.
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { inCanary } from '../../deploy/src/canary';
import { createUser, type TestUser } from '../support/api';
import { signInPage } from '../support/fixtures';
import { staffPage } from '../support/ops-console';
import { ReleaseSite } from '../support/release-site';

const e2ePort = Number(process.env.E2E_PORT ?? 8180);
const base = `http://127.0.0.1:${e2ePort}`;
// The site `npm start` serves (playwright.config.ts): its store and its environment, which the
// api's release control steers.
const store = new ReleaseSite(0, '', { releaseDir: path.join(process.env.E2E_SCRATCH!, 'releases'), env: 'local' });
const STABLE = '0.1.0+e2e.stable';
const BROKEN = '0.1.0+e2e.broken';
const APP = 'mfe-account';
const TITLE = 'Discount Code';
let user: TestUser;
let original: string;

test.describe.configure({ mode: 'serial', timeout: 150_000 });

/** Device ids on each side of a 50 % canary of mfe-account (the split itself is unit-tested). */
const devices = Array.from({ length: 40 }, (_, i) => `e2ehalt${i}x${i * 7919}`);
const canaryDevice = devices.find((d) => inCanary(APP, d, 50))!;
const stableDevice = devices.find((d) => !inCanary(APP, d, 50))!;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  original = store.status().apps[APP]!.version;
  store.ok('publish', APP, '--dist', store.copyDist(APP, 'stable'), '--as', STABLE);
  // The broken build: the chunk of the coupon page throws as soon as it has run (the page itself renders).
  const thrower = ';setTimeout(function () { throw new Error("e2e: the broken canary"); }, 0);';
  const broken = store.copyDist(APP, 'broken', (file, text) =>
    file.endsWith('.js') && text.includes(`"${TITLE}"`) ? `${text}\n${thrower}\n` : text,
  );
  store.ok('publish', APP, '--dist', broken, '--as', BROKEN);
  store.ok('promote', APP, STABLE, '--env', store.env, '--why', 'e2e: the stable build');
  user = await createUser(base);
});

test.afterAll(async () => {
  // Leave the site as the other suites expect it, whatever happened here.
  if (store.status().apps[APP]?.canary) store.ok('canary', APP, '--drop', '--env', store.env);
  if (store.status().apps[APP]?.version !== original) store.ok('rollback', APP, '--to', original, '--env', store.env);
  await store.stop();
});

async function seller(browser: Browser, device: string): Promise<{ page: Page; versions: string[] }> {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 360, height: 780 } });
  await context.addCookies([{ name: 'gl_device', value: device, url: base }]);
  const page = await context.newPage();
  const versions: string[] = [];
  page.on('request', (r) => {
    const m = new RegExp(`/releases/${APP}/([^/]+)/`).exec(r.url());
    if (m) versions.push(decodeURIComponent(m[1]!));
  });
  await signInPage(page, user);
  return { page, versions };
}

const title = (page: Page) => page.locator('.gl-topbar__title');

const halted =
  'a broken canary is halted by the check while the stable build keeps serving, and the Releases page says why';
/** A version in a regular expression. */
const re = (v: string) => v.replace(/[+.]/g, '\\$&');

test(halted, async ({ browser }) => {
  // The release manager starts the canary from the console.
  const { page: desk } = await staffPage(browser, base, 'release_manager');
  await desk.getByRole('link', { name: 'Releases' }).click();
  const card = desk.getByLabel(`Release of ${APP}`);
  await expect(card.getByText(`${STABLE} (100 % of devices)`)).toBeVisible();
  await card.getByLabel(`Version of ${APP}`).click();
  await desk.getByTitle(BROKEN).click();
  await card.getByLabel(`Canary share of ${APP} (%)`).fill('50');
  await card.getByRole('button', { name: 'Canary' }).click();
  await desk.getByLabel('Why? (kept in the audit log and the release history)').fill('e2e: try the new coupon page');
  await desk.getByRole('dialog').getByRole('button', { name: 'Start canary' }).click();
  await expect(desk.getByRole('status')).toContainText(`Canary ${APP} ${BROKEN} at 50 %: done.`);
  await expect(card.getByText(new RegExp(`${re(BROKEN)} \\(50 % of devices\\) since`))).toBeVisible();
  expect(store.status().apps[APP]!.canary).toMatchObject({ version: BROKEN, percent: 50 });
  await desk.screenshot({ path: test.info().outputPath('releases-canary-1280.png'), fullPage: true });
  // The edge re-reads the environment at most once a second.
  await new Promise((r) => setTimeout(r, 1_100));

  // A seller in the canary's half opens the coupon page a few times: the page shows, and throws.
  const inCanaryHalf = await seller(browser, canaryDevice);
  const errors: string[] = [];
  inCanaryHalf.page.on('pageerror', (e) => errors.push(e.message));
  for (let i = 0; i < 6; i++) {
    await inCanaryHalf.page.goto('/homes/coupon');
    await expect(title(inCanaryHalf.page)).toHaveText(TITLE);
    await expect.poll(() => errors.length, { timeout: 5_000 }).toBeGreaterThan(i);
  }
  expect(new Set(inCanaryHalf.versions)).toEqual(new Set([BROKEN]));
  // One in the other half: the stable build, no errors.
  const inStableHalf = await seller(browser, stableDevice);
  for (let i = 0; i < 4; i++) {
    await inStableHalf.page.goto('/homes/coupon');
    await expect(title(inStableHalf.page)).toHaveText(TITLE);
  }
  expect(new Set(inStableHalf.versions)).toEqual(new Set([STABLE]));
  // Leaving the page sends what the shell still holds.
  await inCanaryHalf.page.goto('/home');
  await inStableHalf.page.goto('/home');

  // The figures reach the dashboard through the real telemetry path.
  const refresh = () => desk.getByRole('button', { name: 'Refresh' }).click();
  const brokenRow = card.getByRole('row').filter({ hasText: BROKEN });
  await expect(async () => {
    await refresh();
    await expect(brokenRow.getByRole('cell').nth(2)).not.toHaveText('0', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });

  // The check, asked for now rather than at its next minute.
  await desk.getByRole('button', { name: 'Check canaries now' }).click();
  const halt = desk.getByRole('alert').filter({ hasText: `Canary halted automatically: ${APP} ${BROKEN} in local` });
  await expect(async () => {
    await refresh();
    await expect(halt).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(halt).toContainText(
    /canary halted automatically: canary \d+ errors in \d+ page loads \([\d.]+ %\), stable \d+ in \d+ \([\d.]+ %\)/,
  );

  // The environment has no canary any more; the live version is the stable build.
  const account = store.status().apps[APP]!;
  expect(account.version).toBe(STABLE);
  expect(account.canary).toBeUndefined();
  const history = store.ok('history', APP, '--env', store.env);
  const dropped = `dropped canary ${re(BROKEN)} \\(stays on ${re(STABLE)}\\) {2}by canary check {2}`;
  expect(history).toMatch(new RegExp(`${dropped}why: canary halted automatically: canary \\d+ errors`));
  // The page shows it too: no canary, and the drop in the history with who and why.
  await expect(card.getByText('none', { exact: true })).toBeVisible();
  await expect(card.getByRole('row').filter({ hasText: `dropped canary ${BROKEN}` })).toContainText('canary check');
  await desk.setViewportSize({ width: 1280, height: 900 });
  await desk.screenshot({ path: test.info().outputPath('releases-halted-1280.png'), fullPage: true });
  await desk.setViewportSize({ width: 1024, height: 900 });
  await desk.screenshot({ path: test.info().outputPath('releases-halted-1024.png'), fullPage: true });

  // Both sellers now get the stable build, without errors.
  await new Promise((r) => setTimeout(r, 1_100));
  for (const who of [inStableHalf, inCanaryHalf]) {
    who.versions.length = 0;
    await who.page.goto('/homes/coupon');
    await expect(title(who.page)).toHaveText(TITLE);
    expect(new Set(who.versions)).toEqual(new Set([STABLE]));
  }
  const before = errors.length;
  await inCanaryHalf.page.reload();
  await expect(title(inCanaryHalf.page)).toHaveText(TITLE);
  expect(errors.length).toBe(before);
});
