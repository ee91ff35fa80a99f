// A prerendered page is on screen before it is live: a seller on a slow phone scrolls, taps a link
// or a button, types into a search box or chooses in a list as soon as the content shows. Nothing of
// it may be lost, nor done twice, whenever it happens: before the page's code has arrived, while the
// page is being hydrated, or just after. The page's code is held back here (the window made long and
// certain), or the processor slowed down as on a cheap phone (the window swept).
import { expect, test, type Page } from '@playwright/test';

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

/** Holds the public pages' remote (its scripts) until the function returned is called. */
async function holdPublicCode(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/releases\/mfe-public\/.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** A busy phone: the browser is never idle, so work waiting for an idle moment waits for its time-out. */
const neverIdle = (page: Page) =>
  page.addInitScript(() => {
    window.requestIdleCallback = (run, options) =>
      window.setTimeout(() => run({ didTimeout: true, timeRemaining: () => 0 }), options?.timeout ?? 2000);
  });

const live = (page: Page) => expect(page.locator('#root[data-live]')).toHaveCount(1, { timeout: 20_000 });

test('a visitor who scrolled before the page is live stays where they were as it comes alive', async ({ page }) => {
  const release = await holdPublicCode(page);
  await page.goto('/ratesheet', { waitUntil: 'commit' });
  const link = page.getByRole('link', { name: 'rate calculator' });
  await link.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(0);
  release();
  // About liveness itself: the moment the page is live is the one that moved it.
  await live(page);
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  await link.click();
  await expect(page).toHaveURL((url) => url.pathname === '/home' && url.hash === '#calculator');
});

test('a link tapped while the page is coming alive goes there once, on a slow phone', async ({ page }) => {
  test.setTimeout(150_000);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const loads: string[] = [];
  page.on('request', (r) => r.isNavigationRequest() && r.frame() === page.mainFrame() && loads.push(r.url()));
  // Taps at several moments after the content shows: before the code ran, during and after hydration.
  for (const pause of [0, 400, 800, 1200, 1600, 2000, 2600, 3200]) {
    await page.goto('/faq', { waitUntil: 'commit' });
    const footerLink = page.getByRole('contentinfo').getByRole('link', { name: 'Official channels' });
    await footerLink.scrollIntoViewIfNeeded();
    await page.waitForTimeout(pause);
    loads.length = 0;
    await footerLink.click();
    await expect(page, `tapped ${pause} ms after the content showed`).toHaveURL(/\/verified-channels$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Official channels' })).toBeVisible();
    // One navigation: a page load or a move inside the page, never both.
    expect(loads.length, `tapped ${pause} ms after: ${loads.join(' ')}`).toBeLessThanOrEqual(1);
  }
});

test('what is typed and chosen in the rate sheet before it is live filters the rates', async ({ page }) => {
  await neverIdle(page);
  const release = await holdPublicCode(page);
  await page.goto('/ratesheet', { waitUntil: 'commit' });
  await page.getByRole('searchbox', { name: 'Search cards' }).fill('steam gbp');
  await page.getByLabel('Card form').selectOption({ label: 'E-code' });
  release();
  await expect(page.getByText(/cards match/)).toContainText('of');
  const rows = page.locator('table.rates tbody tr');
  for (const text of await rows.allTextContents()) expect(text).toMatch(/Steam.*GBP.*E-code/);
  await expect(page.getByRole('searchbox', { name: 'Search cards' })).toHaveValue('steam gbp');
});

test('typed into the rate sheet as soon as it shows, on a slow phone, the search filters', async ({ page }) => {
  test.setTimeout(150_000);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  for (const pause of [0, 400, 800, 1200, 1600, 2000, 2600, 3200]) {
    await page.goto('/ratesheet', { waitUntil: 'commit' });
    const search = page.getByRole('searchbox', { name: 'Search cards' });
    await expect(search).toBeVisible();
    await page.waitForTimeout(pause);
    await search.fill('steam gbp');
    await expect(page.getByText(/cards match/), `typed ${pause} ms after the content showed`).toContainText('of');
    await expect(search).toHaveValue('steam gbp');
  }
});

test('the menu tapped before the page is live opens once it is live, and is not toggled twice', async ({ page }) => {
  const release = await holdPublicCode(page);
  await page.goto('/faq', { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Open menu' }).click();
  release();
  await expect(page.getByRole('button', { name: 'Close menu' })).toBeVisible();
  // Once the page is live and idle, the kept tap has been done: once.
  await live(page);
  await page.evaluate(() => new Promise((r) => requestIdleCallback(r, { timeout: 3000 })));
  await expect(page.getByRole('button', { name: 'Close menu' })).toBeVisible();
});

test('a tap kept from before the page was live is dropped once the visitor taps again on the live page', async ({
  page,
}) => {
  // On a busy phone the kept tap waits a while for an idle moment: the visitor taps before it.
  await neverIdle(page);
  const release = await holdPublicCode(page);
  await page.goto('/faq', { waitUntil: 'commit' });
  const main = page.locator('main');
  await main.getByRole('button', { name: 'Rewards', exact: true }).click();
  release();
  await live(page);
  // The visitor changed their mind on the live page: their tap counts, not the kept one after it.
  await main.getByRole('button', { name: 'All', exact: true }).click();
  await page.evaluate(() => new Promise((r) => requestIdleCallback(r, { timeout: 3000 })));
  await expect(main.getByRole('button', { name: 'All', exact: true })).toHaveAttribute('aria-pressed', 'true');
});
