import { expect, test } from '@playwright/test';
import { createUser } from '../support/api';
import { signInPage } from '../support/fixtures';

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('the public navigation collapses into a menu', async ({ page }) => {
    await page.goto('/home');
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    await expect(menuButton).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog', exact: true }),
    ).toBeHidden();
    await menuButton.click();
    await page.getByRole('button', { name: 'Information' }).click();
    await page.getByRole('link', { name: 'FAQ' }).first().click();
    await expect(page).toHaveURL(/\/faq$/);
    // The menu closes after a choice.
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
    // Nothing overflows the phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  test('the sidebar slides in with an overlay and closes on nav, logo and outside clicks', async ({
    page,
    baseURL,
  }) => {
    await signInPage(page, await createUser(baseURL!));
    await page.goto('/homes');
    const sidebar = page.getByRole('complementary', { name: 'Account' });
    const toggle = page.getByRole('button', { name: 'Open menu' });
    const overlay = page.getByTestId('sidebar-overlay');
    await expect(sidebar).not.toBeInViewport();

    await toggle.click();
    await expect(sidebar).toBeInViewport();
    await expect(overlay).toBeVisible();
    await sidebar.getByRole('link', { name: 'Order' }).click();
    await expect(page).toHaveURL(/\/order$/);
    await expect(overlay).toBeHidden();
    await expect(sidebar).not.toBeInViewport();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await overlay.click({ position: { x: 340, y: 400 } });
    await expect(overlay).toBeHidden();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await sidebar.getByRole('link', { name: 'GiftLane account home' }).click();
    await expect(page).toHaveURL(/\/homes$/);
    await expect(overlay).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});

test.describe('signed-in layout', () => {
  test('navbar: default VIP badge, no unread count at 0, default avatar, greeting', async ({ page, baseURL }) => {
    const user = await createUser(baseURL!);
    await signInPage(page, user);
    await page.goto('/homes');
    const vip = page.getByRole('link', { name: /VIP.*see VIP rewards/ });
    await expect(vip).toHaveAttribute('href', '/homes/vip');
    await expect(vip).toHaveAttribute('data-badge', 'default');
    await expect(page.getByRole('link', { name: 'Notifications' })).toHaveAttribute('href', '/notification');
    await expect(page.getByTestId('unread-count')).toHaveCount(0);
    await expect(page.getByTestId('default-avatar')).toBeVisible();
    await expect(page.locator('.gl-greeting')).toHaveText(/^Hi, \S+/);
  });

  test('logout asks first, then clears the session and goes to /login', async ({ page, baseURL }) => {
    await signInPage(page, await createUser(baseURL!));
    await page.goto('/wallet');
    await page.getByRole('button', { name: 'Logout' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Do you wish to logout from this account?');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/wallet$/);

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login/);
    // The session keys are gone (the login view may remember itself there again).
    expect(
      await page.evaluate(() => [sessionStorage.getItem('giftlane_token'), sessionStorage.getItem('user_id')]),
    ).toEqual([null, null]);
    // The session is gone: the account area is guarded again.
    await page.goto('/wallet');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fwallet/);
  });

  test('a failed logout says so and keeps the session', async ({ page, baseURL }) => {
    await signInPage(page, await createUser(baseURL!));
    await page.goto('/settings');
    await page.route('**/gc/user/applogout', (route) => route.abort());
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByRole('dialog')).toContainText('Failed to log out. Please try again.');
    await expect(page).toHaveURL(/\/settings$/);
  });
});
