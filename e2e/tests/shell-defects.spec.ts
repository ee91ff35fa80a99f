// The shell's layout defects, each at 360 px: toasts below the top bar and only on their page; Escape
// closes the menus; "Today's rates" stays in the signed-in area; the top bar does not say "Home"
// for a page whose remote is down; the onboarding pages carry the one logo.
import { expect, test } from '@playwright/test';
import { createUser } from '../support/api';
import { signInPage } from '../support/fixtures';
import { codeSentTo, fillOtp, submitEmailSignUp, uniqueEmail } from '../support/onboarding-helpers';

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

test('toasts sit below the top bar and do not follow to the next screen', async ({ page, baseURL }) => {
  const email = uniqueEmail('toast');
  await submitEmailSignUp(page, email);
  // "Code sent" is said in the code screen itself, below the top bar (a toast there covered the back arrow).
  const sent = page.getByRole('status').filter({ hasText: 'Verification code sent successfully' });
  await expect(sent).toBeVisible();
  await expect(page.locator('.gl-toast')).toHaveCount(0);
  const bar = (await page.getByRole('navigation', { name: 'Top bar' }).boundingBox())!;
  expect((await sent.boundingBox())!.y).toBeGreaterThanOrEqual(bar.y + bar.height);

  await fillOtp(page, await codeSentTo(baseURL!, email));
  await page.getByRole('button', { name: 'Verify Account' }).click();
  await expect(page).toHaveURL(/\/homes/);
  // 'Registration successful!' is about Home and shows there; the code toast stayed behind.
  await expect(page.locator('.gl-toast', { hasText: 'Registration successful!' })).toBeVisible();
  await expect(sent).toHaveCount(0);
  const topbar = (await page.locator('.gl-topbar').boundingBox())!;
  expect((await page.locator('.gl-toast').first().boundingBox())!.y).toBeGreaterThanOrEqual(topbar.y + topbar.height);
  // ...and goes at the next page change.
  await page
    .getByRole('dialog', { name: 'Welcome to GiftLane!' })
    .getByRole('button', { name: 'Skip for now' })
    .click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Skip' }).click();
  await page.getByRole('link', { name: 'Open wallet' }).click();
  await expect(page).toHaveURL(/\/wallet$/);
  await expect(page.locator('.gl-toast')).toHaveCount(0);
});

test('Escape closes the public menu and the signed-in sidebar, and gives focus back to the button', async ({
  page,
  baseURL,
}) => {
  await page.goto('/home');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();

  await signInPage(page, await createUser(baseURL!));
  await page.goto('/homes');
  const sidebar = page.getByRole('complementary', { name: 'Account' });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(sidebar).toBeInViewport();
  await page.keyboard.press('Escape');
  await expect(sidebar).not.toBeInViewport();
  await expect(page.getByTestId('sidebar-overlay')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
});

test('"Today’s rates" in the app keeps the seller signed in, on /homes/cards', async ({ page, baseURL }) => {
  await signInPage(page, await createUser(baseURL!));
  await page.goto('/homes');
  await page.getByRole('link', { name: 'Today’s rates' }).click();
  await expect(page).toHaveURL(/\/homes\/cards$/);
  await expect(page.getByRole('complementary', { name: 'Account' })).toBeAttached();
});

test('with the account remote down the top bar names no wrong page', async ({ page, baseURL }) => {
  await signInPage(page, await createUser(baseURL!));
  await page.route('**/releases/mfe-account/**', (route) => route.abort());
  for (const path of ['/wallet', '/order', '/settings']) {
    await page.goto(path);
    await expect(page.getByRole('alert').filter({ hasText: 'This section didn’t load' })).toBeVisible();
    await expect(page.locator('.gl-topbar__title')).toHaveText('GiftLane');
  }
});

test('the onboarding pages carry the same logo as the rest of the site', async ({ page }) => {
  await page.goto('/home');
  const siteLogo = await page.locator('.gl-header .gl-logo').innerHTML();
  for (const path of ['/login', '/sign-up']) {
    await page.goto(path);
    await expect(page.getByRole('navigation', { name: 'Top bar' }).locator('.gl-logo')).toBeVisible();
    expect(await page.getByRole('navigation', { name: 'Top bar' }).locator('.gl-logo').innerHTML()).toBe(siteLogo);
  }
});
