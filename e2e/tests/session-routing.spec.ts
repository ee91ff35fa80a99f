// SPEC §4, §8: a refused session on any page load lands on the login form with the redirect; /login
// is the login form unless `view` says otherwise; a remembered view only restores a step of its flow.
import { expect, test } from '@playwright/test';
import { createUser, gc } from '../support/api';
import { signInPage } from '../support/fixtures';
import { whenLive } from '../support/onboarding-helpers';

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

for (const path of ['/wallet', '/homes', '/order', '/settings', '/notification', '/homes/sell-gift-card']) {
  test(`a revoked token on a full load of ${path} shows the login form with the redirect`, async ({
    page,
    baseURL,
  }) => {
    const user = await createUser(baseURL!);
    await signInPage(page, user);
    // The token is revoked elsewhere (a logout from this session's token).
    const out = await gc(baseURL!, 'user/applogout', {}, user.token);
    expect(out.success).toBe(true);
    await page.goto(path);
    await expect(page).toHaveURL(
      (url) =>
        url.pathname === '/login' &&
        url.searchParams.get('view') === 'LoginForm' &&
        url.searchParams.get('redirect') === path,
    );
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    await expect(page.getByText(/not found/i)).toHaveCount(0);
    expect(await page.evaluate(() => sessionStorage.getItem('giftlane_token'))).toBeNull();
  });
}

test(
  'a token revoked while the app is open sends the next refused call to the login form, and signing in ' + 'comes back',
  async ({ page, baseURL }) => {
    const user = await createUser(baseURL!);
    await signInPage(page, user);
    await page.goto('/homes');
    await expect(page.getByRole('heading', { name: /^Hello,/ })).toBeVisible();
    // The dashboard's own calls must be answered first: one refused after the logout would send the
    // login form back to /homes instead of /wallet.
    await page.waitForLoadState('networkidle');
    await gc(baseURL!, 'user/applogout', {}, user.token);
    // On a slow phone the wallet's code arrives after its data was asked for (and refused): the
    // redirect must still be the page tapped, not the one the address showed meanwhile.
    await page.route('**/releases/mfe-account/**', async (route) => {
      await new Promise((r) => setTimeout(r, 1_500));
      await route.continue().catch(() => undefined);
    });
    await page
      .getByRole('complementary', { name: 'Account' })
      .getByRole('link', { name: 'My Wallet' })
      .dispatchEvent('click');
    await expect(page).toHaveURL((url) => url.pathname === '/login' && url.searchParams.get('redirect') === '/wallet');
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    await page.getByLabel('Email Address/WhatsApp Number').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: /^Login to / }).click();
    await expect(page).toHaveURL(/\/wallet$/);
  },
);

test('/login is the login form after the tab showed the sign-up form', async ({ page }) => {
  await page.goto('/sign-up');
  await expect(page.locator('.ob[data-view="SignUpForm"]')).toBeVisible();
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  // `view` still picks the sign-up form.
  await page.goto('/login?view=SignUpForm');
  await expect(page.locator('.ob[data-view="SignUpForm"]')).toBeVisible();
});

test('a remembered step comes back only under its own path', async ({ page }) => {
  await page.goto('/login');
  await page
    .getByRole('link', { name: 'Forgot Password?' })
    .or(page.getByRole('button', { name: 'Forgot Password?' }))
    .click();
  await expect(page.locator('.ob[data-view="ForgetPassword"]')).toBeVisible();
  await page.reload();
  await expect(page.locator('.ob[data-view="ForgetPassword"]')).toBeVisible();
  await page.goto('/sign-up');
  await expect(page.locator('.ob[data-view="SignUpForm"]')).toBeVisible();
  // The tab remembers the view the live page shows: a sign-up page left before it came alive has not replaced the
  // half-done reset, which then comes back on /login (prerender.spec.ts), as it should for a seller who only
  // glanced at another page.
  await whenLive(page);
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
});
