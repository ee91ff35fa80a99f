import { expect, test } from '@playwright/test';
import { ONBOARDING_ROUTES, PROTECTED_ALIASES, PROTECTED_ROUTES, PUBLIC_ROUTES } from '../support/routes';
import { createUser } from '../support/api';
import { signInPage } from '../support/fixtures';

test.describe('anonymous visitor', () => {
  test('/ goes to /home', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  });

  for (const path of PUBLIC_ROUTES) {
    test(`public ${path} renders in the public layout`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      await expect(page.locator('main h1').first()).toBeVisible();
      await expect(page.getByRole('heading', { name: 'We can’t find that page' })).toHaveCount(0);
      await expect(page.getByRole('contentinfo')).toContainText('Payment Methods');
    });
  }

  for (const path of ONBOARDING_ROUTES) {
    test(`onboarding ${path} renders without the site navigation`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('main h1, main h2').first()).toBeVisible();
      await expect(page.getByRole('heading', { name: 'We can’t find that page' })).toHaveCount(0);
      await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    });
  }

  for (const [path] of [...PROTECTED_ROUTES, ...PROTECTED_ALIASES]) {
    test(`protected ${path} sends the visitor to the login form with the redirect`, async ({ page }) => {
      await page.goto(`${path}?tab=2#top`);
      await expect(page).toHaveURL((url) => url.pathname === '/login');
      const url = new URL(page.url());
      expect(url.searchParams.get('redirect')).toBe(`${path}?tab=2#top`);
      expect(url.searchParams.get('view')).toBe('LoginForm');
    });
  }

  for (const path of ['/nope', '/home/nope', '/wallet-x', '/blogs/post']) {
    test(`unknown ${path} shows the not-found page`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'We can’t find that page' })).toBeVisible();
      await page.getByRole('link', { name: 'Go to the home page' }).click();
      await expect(page).toHaveURL(/\/home$/);
    });
  }
});

test.describe('signed-in user', () => {
  for (const [path, title] of PROTECTED_ROUTES) {
    test(`${path} renders in the signed-in layout titled ${title}`, async ({ page, baseURL }) => {
      await signInPage(page, await sharedUser(baseURL!));
      await page.goto(path);
      await expect(page.getByRole('complementary', { name: 'Account' })).toBeAttached();
      await expect(page.locator('.gl-topbar__title')).toHaveText(title);
      await expect(page).toHaveURL((url) => url.pathname === path);
    });
  }

  for (const [from, to] of PROTECTED_ALIASES) {
    test(`${from} leads to ${to}`, async ({ page, baseURL }) => {
      await signInPage(page, await sharedUser(baseURL!));
      await page.goto(from);
      await expect(page).toHaveURL((url) => url.pathname === to);
    });
  }

  test('navigation between areas is client-side and scrolls to the top', async ({ page, baseURL }) => {
    await signInPage(page, await sharedUser(baseURL!));
    await page.goto('/home');
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 42));
    await page.getByRole('link', { name: 'My account' }).click();
    await expect(page).toHaveURL(/\/homes$/);
    await page
      .getByRole('complementary', { name: 'Account' })
      .getByRole('link', { name: 'Order', exact: true })
      .click();
    await expect(page.locator('.gl-topbar__title')).toHaveText('Order');
    // Still the same document: no reload happened.
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(42);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });
});

let cached: Promise<import('../support/api').TestUser> | undefined;
function sharedUser(baseURL: string) {
  cached ??= createUser(baseURL);
  return cached;
}
