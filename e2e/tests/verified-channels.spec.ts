// Our official channels in a real browser against the real api: an admin adds support's WhatsApp
// line and its hours in the console; at 360 px a visitor reaches "Official channels" from the footer,
// sees the line, and the checker says a local form of that number is ours and a look-alike link is
// not; a signed-in seller's Help shows the WhatsApp line and its hours next to the e-mail.
import { expect, test, type Page } from '@playwright/test';
import { createUser, gc } from '../support/api';
import { signInPage } from '../support/fixtures';
import { staffPage } from '../support/ops-console';

const NUMBER = '+2348031234567';
const HOURS = 'Mon–Sat, 8:00–20:00 Lagos time';

const noOverflow = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

test.describe.configure({ mode: 'serial' });

test('an admin adds the support WhatsApp line in the console', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const { page } = await staffPage(browser, baseURL!, 'admin');
  await page.getByRole('complementary', { name: 'Console' }).getByRole('link', { name: 'Official channels' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Official channels' })).toBeVisible();
  await expect(page.getByLabel('Address 1', { exact: true })).not.toHaveValue('');
  if (await page.getByLabel('Number 1', { exact: true }).count())
    await page.getByRole('button', { name: 'Remove number 1' }).click();
  await page.getByRole('button', { name: 'Add a number' }).click();
  await page.getByLabel('Number 1', { exact: true }).fill(NUMBER);
  await page.getByLabel('Hours of number 1').fill(HOURS);
  await page.getByRole('button', { name: 'Save the channels' }).click();
  // In serial mode a retry runs this again after it saved: the same list then changes nothing.
  await expect(page.getByRole('status')).toContainText(test.info().retry ? /Saved|Nothing changed/ : 'Saved');
  const list = await gc<{ whatsapp: Array<{ number: string; hours: string }> }>(baseURL!, 'public/channels');
  expect(list.data.whatsapp).toEqual([expect.objectContaining({ number: NUMBER, hours: HOURS })]);
  await page.close();
});

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('footer → Official channels: the list, and the checker tells ours from not ours', async ({ page }, info) => {
    // Tapped as soon as the footer shows, as a person does (the page may not be live yet).
    await page.goto('/faq');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Official channels' }).click();
    await expect(page).toHaveURL(/\/verified-channels$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Official channels' })).toBeVisible();
    await expect(page.getByRole('link', { name: NUMBER })).toHaveAttribute('href', 'https://wa.me/2348031234567');
    await expect(page.getByText(`Answered ${HOURS}`)).toBeVisible();
    await expect(page.getByText('Your transaction PIN or your password.')).toBeVisible();

    const box = page.getByLabel('Phone number, e-mail address or link');
    await box.fill('0803 123 4567');
    await page.getByRole('button', { name: 'Check' }).click();
    const answer = page.getByRole('status').filter({ hasText: /this (number|link)/ });
    await expect(answer).toContainText('Yes, this number is ours.');
    await expect(answer).toContainText(`It is our WhatsApp number ${NUMBER} (Support).`);
    await page.screenshot({ path: info.outputPath('channels-ours-360.png'), fullPage: true });

    await box.fill('https://giftlane.com.ng-pay.xyz/login');
    await page.getByRole('button', { name: 'Check' }).click();
    await expect(answer).toContainText('No, this link is not one of ours.');
    await box.fill('+234 803 123 4568');
    await box.press('Enter');
    await expect(answer).toContainText('No, this number is not one of ours.');
    await noOverflow(page, 360);
    await page.screenshot({ path: info.outputPath('channels-not-ours-360.png'), fullPage: true });
  });

  test('Help shows the support WhatsApp line and its hours next to the e-mail', async ({ page, baseURL }, info) => {
    const user = await createUser(baseURL!);
    await signInPage(page, user);
    await page.goto('/homes/help');
    const contact = page.getByRole('region', { name: 'Contact us' });
    await expect(contact.getByRole('link', { name: NUMBER })).toHaveAttribute('href', 'https://wa.me/2348031234567');
    await expect(contact).toContainText(`answered ${HOURS}`);
    await expect(contact.getByRole('link', { name: /^support@/ })).toBeVisible();
    await noOverflow(page, 360);
    await page.screenshot({ path: info.outputPath('help-channels-360.png'), fullPage: true });
    await contact.getByRole('link', { name: 'our official channels page' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Official channels' })).toBeVisible();
  });
});
