// Help in the signed-in area at 360 px: reached from the sidebar; the live FAQ; WhatsApp and e-mail
// from the official channels (public/channels); Get help opens a case, listed in Help; and the tour again.
import { expect, test } from '@playwright/test';
import { createUser, gc } from '../support/api';
import { makeOrder } from '../support/account-helpers';
import { signInPage } from '../support/fixtures';

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

test('Help: FAQ, contact details from settings, Get help opens a case, the tour again', async ({ page, baseURL }) => {
  const user = await createUser(baseURL!);
  await signInPage(page, user);
  await page.goto('/homes');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('complementary', { name: 'Account' }).getByRole('link', { name: 'Help' }).click();
  await expect(page).toHaveURL(/\/homes\/help$/);
  await expect(page.locator('.gl-topbar__title')).toHaveText('Help');

  // The live FAQ: the api's own questions, opened in place.
  const faq = await gc<Array<{ question: string; answer: string }>>(baseURL!, 'faq/list', {
    page: '0',
    page_size: '50',
  });
  expect(faq.data.length).toBeGreaterThan(0);
  const first = page.locator('.acc-faq details').first();
  await expect(first.locator('summary')).toHaveText(faq.data[0]!.question);
  await first.locator('summary').click();
  await expect(first.getByText(faq.data[0]!.answer)).toBeVisible();

  // Contact details are the official channels staff keep (public/channels), not written into the page.
  const channels = await gc<{ whatsapp: Array<{ number: string; link: string }>; emails: Array<{ address: string }> }>(
    baseURL!,
    'public/channels',
  );
  const contact = page.getByRole('region', { name: 'Contact us' });
  const whatsapp = channels.data.whatsapp[0];
  if (whatsapp)
    await expect(contact.getByRole('link', { name: whatsapp.number })).toHaveAttribute('href', whatsapp.link);
  const email = channels.data.emails[0]!.address;
  await expect(contact.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);

  await page.screenshot({ path: test.info().outputPath('help-top.png') });
  await page.screenshot({ path: test.info().outputPath('help-full.png'), fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // Get help: a case about anything else, opened from Help and listed there.
  await page.getByRole('link', { name: 'Get help' }).click();
  await expect(page).toHaveURL(/\/homes\/help\/ask$/);
  const form = page.getByRole('form', { name: 'Ask us' });
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(form.getByRole('alert')).toHaveText('Please write your message.');
  await form.getByLabel('Subject (optional)').fill('My account');
  await form.getByLabel('Your message').fill('How do I change my payout bank?');
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(page).toHaveURL(/\/homes\/help\/cases\/CS-/);
  await expect(page.getByTestId('case-status')).toHaveText('Waiting for us');
  await page.getByRole('link', { name: '← Help' }).click();
  await expect(page.getByRole('list', { name: 'Your cases' }).getByRole('link', { name: /My account/ })).toBeVisible();

  // The tour again, from Help.
  await page.getByRole('button', { name: 'Start the tour' }).click();
  await expect(page).toHaveURL(/\/homes$/);
  await expect(page.getByRole('alertdialog').getByRole('heading', { name: 'Sell Card' })).toBeVisible();
});

test('Help opened from an order asks about that order', async ({ page, baseURL }) => {
  const user = await createUser(baseURL!);
  const orderNo = await makeOrder(baseURL!, user.token);
  await signInPage(page, user);
  await page.goto(`/homes/help?order=${encodeURIComponent(orderNo)}`);
  await expect(page).toHaveURL(/\/homes\/help\/ask\?order=/);
  await expect(page.getByRole('heading', { name: `Ask about order ${orderNo}` })).toBeVisible();
});
