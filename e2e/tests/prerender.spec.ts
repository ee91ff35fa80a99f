// Every public page, /login and /sign-up arrive as HTML with their content (a phone
// without JavaScript still reads them), and the remote that owns the page hydrates that very HTML:
// the same elements stay, nothing is re-rendered or reported as a mismatch, and the page works.
import { expect, test, type ConsoleMessage, type Page } from '@playwright/test';
import { STORAGE_KEYS } from '@giftlane/shared-sdk/storage';
import { signInPage } from '../support/fixtures';
import { createUser } from '../support/api';

const PAGES: { path: string; heading: string | RegExp }[] = [
  { path: '/home', heading: 'Sell your gift cards for naira and cedis' },
  { path: '/sellcard', heading: 'How to sell a gift card on GiftLane' },
  { path: '/ratesheet', heading: 'Today’s gift card rates' },
  { path: '/referral-rewards', heading: 'Invite friends, earn rewards' },
  { path: '/vip', heading: /^GiftLane VIP/ },
  { path: '/coupon', heading: 'Coupons and big-trade bonuses' },
  { path: '/activity', heading: 'Activities and promotions' },
  { path: '/about', heading: 'About GiftLane' },
  { path: '/contact', heading: 'Contact us' },
  { path: '/job', heading: 'Work with us' },
  { path: '/faq', heading: 'Frequently asked questions' },
  { path: '/status', heading: 'Service status' },
  { path: '/verified-channels', heading: 'Official channels' },
  { path: '/blog', heading: 'The GiftLane blog' },
  { path: '/blogs', heading: 'The GiftLane blog' },
  { path: '/blog/post/selling-from-ghana', heading: /^Selling gift cards from Ghana/ },
  { path: '/privacy-policy', heading: 'Privacy Policy' },
  { path: '/accessibility', heading: 'Accessibility' },
  { path: '/terms', heading: 'Terms of Service' },
  { path: '/disclaimer', heading: 'Disclaimer' },
  { path: '/app', heading: 'Get the GiftLane app' },
  { path: '/secure-account', heading: 'Secure your account' },
  { path: '/login', heading: 'Welcome Back' },
  { path: '/sign-up', heading: 'Create Account' },
];

/** Console errors and warnings, hydration reports included ('[shell] hydration …'). */
function problemsOf(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m: ConsoleMessage) => {
    // The suite blocks the service worker (playwright.config.ts), and Playwright says so.
    if (m.text().includes('Service Worker registration blocked by Playwright')) return;
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  return problems;
}

/** Keeps the h1 the HTML arrived with (before any script ran) and whether the page was prerendered. */
async function rememberFirstHeading(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      const w = window as unknown as { __firstH1?: Element | null; __prerendered?: boolean };
      w.__firstH1 = document.querySelector('h1');
      w.__prerendered = document.getElementById('root')?.hasAttribute('data-prerendered') ?? false;
    });
  });
}

const hydrated = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __firstH1?: Element | null; __prerendered?: boolean };
    const h1 = document.querySelector('h1');
    return { prerendered: w.__prerendered, sameHeading: Boolean(h1) && h1 === w.__firstH1 && document.contains(h1) };
  });

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 360, height: 780 } });
  test('every public page, /login and /sign-up show their content from the HTML alone', async ({ page }) => {
    for (const { path, heading } of PAGES) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: heading }), path).toBeVisible();
      await expect(page.locator('#root[data-prerendered]'), path).toHaveCount(1);
    }
    // With their live data: today's rates, and the posts of the blog.
    await page.goto('/ratesheet');
    await expect(page.getByRole('table').first()).toBeVisible();
    await expect(page.getByRole('table').first().getByRole('row')).not.toHaveCount(0);
    await page.goto('/home');
    await expect(page.getByTestId('calc-total')).toBeVisible();
    await expect(page.locator('.gl-skeleton')).toHaveCount(0);
    await page.goto('/blog');
    await expect(page.getByRole('link', { name: /Selling gift cards from Ghana/ })).toBeVisible();
  });
});

for (const width of [360, 1280]) {
  test(`at ${width} px every prerendered page is hydrated in place, with no mismatch`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
    await rememberFirstHeading(page);
    const problems = problemsOf(page);
    for (const { path, heading } of PAGES) {
      await page.goto(path, { waitUntil: 'networkidle' });
      await expect(page.getByRole('heading', { level: 1, name: heading }), path).toBeVisible();
      expect(await hydrated(page), path).toEqual({ prerendered: true, sameHeading: true });
    }
    expect(problems).toEqual([]);
  });
}

test('the hydrated /home works: the calculator answers, and a link navigates inside the page', async ({ page }) => {
  await rememberFirstHeading(page);
  const problems = problemsOf(page);
  await page.goto('/home', { waitUntil: 'networkidle' });
  const total = page.getByTestId('calc-total');
  const before = await total.textContent();
  await page
    .getByLabel(/amount/i)
    .first()
    .fill('250');
  await expect(total).not.toHaveText(before ?? '');
  expect(await hydrated(page)).toEqual({ prerendered: true, sameHeading: true });
  // A client-side navigation: the document stays (no new HTML request).
  await page.evaluate(() => ((window as unknown as { __doc: number }).__doc = 1));
  await page.getByRole('link', { name: 'See today’s rates' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Today’s gift card rates' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __doc?: number }).__doc)).toBe(1);
  expect(problems).toEqual([]);
});

test('on /login before the page is live: what is typed is kept, and a tap on Login signs in once it is live', async ({
  page,
  baseURL,
}) => {
  const user = await createUser(baseURL!);
  // The onboarding remote arrives late (slow 4G): the form is on screen before it is live.
  let release: () => void = () => undefined;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/releases/mfe-onboarding/**', async (route) => {
    await held;
    await route.continue();
  });
  const problems = problemsOf(page);
  await page.goto('/login', { waitUntil: 'commit' });
  await page.getByLabel('Email Address/WhatsApp Number').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: /^Login to / }).click();
  // Nothing happens yet: no reload, nothing put into the address.
  await page.waitForTimeout(300);
  expect(page.url()).toBe(`${baseURL}/login`);
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue(user.password);
  // Once the page is live the tap is done, with what was typed: no second tap.
  release();
  await expect(page).toHaveURL(/\/homes$/);
  expect(problems).toEqual([]);
});

test('typed into /login as soon as the form shows after a full load: it signs in (the usual path)', async ({
  page,
  baseURL,
}) => {
  const user = await createUser(baseURL!);
  await page.goto('/login');
  await page.getByLabel('Email Address/WhatsApp Number').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: /^Login to / }).click();
  await expect(page).toHaveURL(/\/homes$/);
});

test('a signed-in seller’s public page is rendered for them: their header, no mismatch reported', async ({
  page,
  baseURL,
}) => {
  const user = await createUser(baseURL!);
  await signInPage(page, user);
  const problems = problemsOf(page);
  await page.goto('/home', { waitUntil: 'networkidle' });
  await expect(page.getByRole('link', { name: 'My account' }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Login' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Sell a gift card' })).toBeVisible();
  expect(problems).toEqual([]);
});

test('a visitor who chose Ghana gets cedis right after the hydration, with no mismatch', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('giftlane_public_country', '2'));
  const problems = problemsOf(page);
  await page.goto('/ratesheet', { waitUntil: 'networkidle' });
  await expect(page.getByRole('table').first()).toContainText('GHS');
  expect(problems).toEqual([]);
});

test('a tab that was half-way through a password reset comes back to it on /login', async ({ page }) => {
  await page.addInitScript((key) => sessionStorage.setItem(key, 'ForgetPassword'), STORAGE_KEYS.currentComponent);
  const problems = problemsOf(page);
  await page.goto('/login', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot Password' })).toBeVisible();
  expect(problems).toEqual([]);
});
