import { expect, test } from '@playwright/test';
import { createUser } from '../support/api';
import { signInPage } from '../support/fixtures';

test('a remote that cannot load shows its fallback; the rest keeps working; Retry reloads it', async ({
  page,
  baseURL,
}) => {
  await signInPage(page, await createUser(baseURL!));
  const blocked = '**/releases/mfe-account/**';
  await page.route(blocked, (route) => route.abort());
  await page.goto('/wallet');

  const fallback = page.getByRole('alert').filter({ hasText: 'This section didn’t load' });
  await expect(fallback).toBeVisible();
  // The layout is still there and works.
  await expect(page.getByRole('complementary', { name: 'Account' })).toBeAttached();
  await expect(page.locator('.gl-topbar__title')).toBeVisible();

  // Another remote still works.
  await page.goto('/about');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.locator('main h1').first()).toBeVisible();

  await page.goto('/order');
  await expect(fallback).toBeVisible();
  await page.unroute(blocked);
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(fallback).toHaveCount(0);
  await expect(page.locator('.gl-topbar__title')).toHaveText('Order');
});

test('the public remote down: its pages show the fallback, onboarding still works', async ({ page }) => {
  await page.route('**/releases/mfe-public/**', (route) => route.abort());
  await page.goto('/home');
  await expect(page.getByRole('alert').filter({ hasText: 'This section didn’t load' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await page.getByRole('link', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.locator('main h1, main h2').first()).toBeVisible();
});

test('a sign-in made inside the onboarding remote shows at once in the shell: one store, one shared-sdk', async ({
  page,
  baseURL,
}) => {
  const user = await createUser(baseURL!);
  await page.goto('/home');
  // About one document throughout (the way back below is not a reload): a link tapped before the
  // page is live is an ordinary page load, so this starts once it is live.
  await expect(page.locator('#root[data-live]')).toHaveCount(1);
  const header = page.getByRole('navigation', { name: 'Main' });
  await expect(header.getByRole('link', { name: 'Login' })).toBeVisible();
  await header.getByRole('link', { name: 'Login' }).click();
  await page.getByLabel('Email Address/WhatsApp Number').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Login to GiftLane' }).click();
  // The shell's guard and navbar read the session the remote just wrote.
  await expect(page).toHaveURL(/\/homes$/);
  await expect(page.locator('.gl-greeting')).toHaveText(`Hi, ${user.email.split('@')[0].slice(0, 10)}...`);
  // Back on a public page, the shell's header knows too, without a reload.
  await page.evaluate(() => ((window as unknown as { __same: boolean }).__same = true));
  for (let i = 0; i < 3 && !/\/home$/.test(page.url()); i++) await page.goBack();
  await expect(page).toHaveURL(/\/home$/);
  expect(await page.evaluate(() => (window as unknown as { __same?: boolean }).__same)).toBe(true);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My account' })).toBeVisible();
  // Public, onboarding and account remotes all ran in this one document on one shared-sdk.
  expect(
    await page.evaluate(
      () => (globalThis as { __GIFTLANE_SDK_DUPLICATES__?: number }).__GIFTLANE_SDK_DUPLICATES__ ?? 0,
    ),
  ).toBe(0);
});
