// Help in the signed-in area at 360 px: reached from the sidebar; the live FAQ; WhatsApp and e-mail
// from the settings (appinit); a message to support about one of the seller's orders, through
// public/contact; and the tour again.
import { expect, test } from '@playwright/test';
import { createUser, gc, outboxMessage } from '../support/api';
import { makeOrder } from '../support/account-helpers';
import { signInPage } from '../support/fixtures';

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

test('Help: FAQ, contact details from settings, a message about an order, the tour again', async ({
  page,
  baseURL,
}) => {
  const user = await createUser(baseURL!);
  const orderNo = await makeOrder(baseURL!, user.token);
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

  // Contact details are the settings' (appinit), not written into the page.
  const init = await gc<{ whatsapp_phone?: string; email?: string }>(baseURL!, 'public/appinit', {
    device_no: 'e2e',
    channel_type: '3',
  });
  const contact = page.getByRole('region', { name: 'Contact us' });
  if (init.data.whatsapp_phone) {
    await expect(contact.getByRole('link', { name: init.data.whatsapp_phone })).toHaveAttribute(
      'href',
      `https://wa.me/${init.data.whatsapp_phone.replace(/\D/g, '')}`,
    );
  }
  expect(init.data.email).toBeTruthy();
  await expect(contact.getByRole('link', { name: init.data.email! })).toHaveAttribute(
    'href',
    `mailto:${init.data.email}`,
  );

  await page.screenshot({ path: test.info().outputPath('help-top.png') });
  await page.screenshot({ path: test.info().outputPath('help-full.png'), fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // A message about the seller's order.
  const form = page.getByRole('form', { name: 'Message support' });
  await form.getByLabel('Which order?').selectOption(orderNo);
  await expect(form.getByLabel('Your e-mail for our reply')).toHaveValue(user.email);
  await form.getByRole('button', { name: 'Send to support' }).click();
  await expect(form.getByRole('alert')).toHaveText('Please tell us a little more (at least 10 characters).');
  await form.getByLabel('Message').fill('My card was refused but the code is valid. Please check again.');
  await form.getByRole('button', { name: 'Send to support' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `Your message about “Order ${orderNo}” has been sent.` }),
  ).toBeVisible();
  // Support received it, with the order in the subject.
  await outboxMessage(
    baseURL!,
    (m) => Boolean(m.subject?.includes(`Order ${orderNo}`) && m.text?.includes('the code is valid')),
    `support message about ${orderNo}`,
  );

  // The tour again, from Help.
  await page.getByRole('button', { name: 'Start the tour' }).click();
  await expect(page).toHaveURL(/\/homes$/);
  await expect(page.getByRole('alertdialog').getByRole('heading', { name: 'Sell Card' })).toBeVisible();
});

test('Help opened from an order keeps that order chosen', async ({ page, baseURL }) => {
  const user = await createUser(baseURL!);
  const orderNo = await makeOrder(baseURL!, user.token);
  await signInPage(page, user);
  await page.goto(`/homes/help?order=${encodeURIComponent(orderNo)}`);
  await expect(page.getByRole('form', { name: 'Message support' }).getByLabel('Which order?')).toHaveValue(orderNo);
});
