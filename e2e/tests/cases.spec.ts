// One case per order: a seller asks about an order at 360 px (with a photo), staff answer it in the
// console at 1024 px (take it, reply), the seller reads the reply, staff solve it, the seller reads
// the resolution; the order's review screen links the case. Screenshots at both widths.
import { expect, test } from '@playwright/test';
import { createUser } from '../support/api';
import { makeOrder, tinyPng } from '../support/account-helpers';
import { signInPage } from '../support/fixtures';
import { staffPage } from '../support/ops-console';

test('a case opened from an order, answered by staff, solved', async ({ browser, baseURL }) => {
  const seller = await createUser(baseURL!);
  const orderNo = await makeOrder(baseURL!, seller.token);
  const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const page = await phone.newPage();
  await signInPage(page, seller);

  // The seller asks about the order, from its page.
  await page.goto(`/order/${encodeURIComponent(orderNo)}`);
  await page.getByRole('link', { name: 'Ask about this order' }).click();
  await expect(page.getByRole('heading', { name: `Ask about order ${orderNo}` })).toBeVisible();
  const form = page.getByRole('form', { name: 'Ask us' });
  await form.getByLabel('Your message').fill('My card has been pending for two hours. Here is the receipt.');
  await form.getByLabel('Photos (optional, up to 5)').setInputFiles({
    name: 'receipt.png',
    mimeType: 'image/png',
    buffer: tinyPng(120, 80),
  });
  await expect(form.getByText('receipt.png')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('case-ask-360.png'), fullPage: true });
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(page).toHaveURL(/\/homes\/help\/cases\/CS-[A-Z2-9]{8}$/);
  const caseNo = decodeURIComponent(page.url().split('/').pop()!);
  await expect(page.getByTestId('case-status')).toHaveText('Waiting for us');
  await expect(page.getByText(/We will reply by/)).toBeVisible();
  await expect(page.getByRole('img', { name: 'Photo 1 from You' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: test.info().outputPath('case-seller-open-360.png'), fullPage: true });

  // Staff: the queue at 1024 px, the case with its clocks and the seller's photo; take it, reply.
  const { page: console } = await staffPage(browser, baseURL!, 'reviewer');
  await console.setViewportSize({ width: 1024, height: 768 });
  await console.goto('/ops/cases');
  const row = console.getByRole('row').filter({ hasText: caseNo });
  await expect(row).toContainText(`Order ${orderNo}`);
  await expect(row).toContainText('Waiting for us');
  await expect(row.getByText(/^Due in /).first()).toBeVisible();
  await expect(row).toContainText(seller.email);
  // The table's loading veil gone before the picture.
  await expect(console.locator('.ant-spin-blur')).toHaveCount(0);
  await console.screenshot({ path: test.info().outputPath('case-queue-1024.png'), fullPage: true });
  await row.getByRole('link', { name: caseNo }).click();
  await expect(console.getByText('My card has been pending for two hours. Here is the receipt.')).toBeVisible();
  await expect(console.getByRole('img', { name: 'Photo 1 from Seller' })).toBeVisible();
  await console.getByRole('button', { name: 'Take it' }).click();
  await expect(console.getByRole('status')).toContainText('owns the case.');
  await console.getByLabel('Reply to the seller').fill('We are checking your card with the issuer now.');
  await console.getByRole('button', { name: 'Send reply' }).click();
  await expect(console.getByRole('status')).toContainText('Sent: the seller is told');
  await expect(console.getByText('Waiting for you')).toBeVisible();
  expect(await console.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
  await console.screenshot({ path: test.info().outputPath('case-console-1024.png'), fullPage: true });
  // The case links to the order's review screen, which links back to the case.
  await console.getByRole('link', { name: `Order ${orderNo}` }).click();
  await expect(console.getByRole('link', { name: new RegExp(caseNo) })).toBeVisible();
  await console.getByRole('link', { name: new RegExp(caseNo) }).click();
  await expect(console.getByRole('heading', { level: 1, name: `Case ${caseNo}` })).toBeVisible();

  // The seller has a notice of the reply, which opens the case.
  await page.goto('/notification');
  await page.getByRole('button', { name: new RegExp(`Reply on your case ${caseNo}`) }).click();
  await expect(page).toHaveURL(new RegExp(`/homes/help/cases/${caseNo}$`));
  await expect(page.getByTestId('case-status')).toHaveText('Waiting for you');
  await expect(page.getByText('We are checking your card with the issuer now.')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('case-seller-reply-360.png'), fullPage: true });

  // Staff solve it with a resolution; the seller reads it.
  await console.getByLabel('Resolution for the seller').fill('Your card was valid: it is approved and paid.');
  await console.getByRole('button', { name: 'Solve the case' }).click();
  await expect(console.getByRole('status')).toContainText('Solved: the seller is told the resolution.');
  await page.reload();
  await expect(page.getByTestId('case-status')).toHaveText('Solved');
  await expect(page.getByText('Your card was valid: it is approved and paid.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Not solved? Write to us' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: test.info().outputPath('case-seller-solved-360.png'), fullPage: true });

  // Help lists it as solved.
  await page.goto('/homes/help');
  await expect(
    page.getByRole('list', { name: 'Your cases' }).getByRole('link', { name: new RegExp(orderNo) }),
  ).toContainText('Solved');
});
