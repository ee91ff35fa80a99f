// The seller's path in a real browser against the real api: sell a card with a photo, find the
// order in the list and its detail, and (with an operator) see the approved payout in the wallet.
//
// The suite's web server creates an operator in its fresh database (e2e/playwright.config.ts);
// against another api, set E2E_OPS_EMAIL and E2E_OPS_PASSWORD for one made with `npm run ops:create -w api`.
import { expect, test } from '@playwright/test';
import { createUser, gc, type TestUser } from '../support/api';
import { signInPage } from '../support/fixtures';
import { formatMoney } from '@giftlane/shared-sdk/format';
import { parseMoney } from '@giftlane/shared-sdk/money';
import { approveOrder, makeOrder, operatorCredentials, operatorLogin, tinyPng } from '../support/account-helpers';

let user: TestUser;

test.beforeEach(async ({ baseURL, page }) => {
  user = await createUser(baseURL!);
  await signInPage(page, user);
});

test('a signed-in user sells a card with a photo and follows the order', async ({ page }) => {
  await page.goto('/homes/sell-gift-card');
  await expect(page.getByRole('heading', { level: 1, name: 'Sell Gift Card' })).toBeVisible();

  // The form starts on the first brand, currency and form; the hint lists the bands it buys.
  const face = page.getByLabel(/^Face value/);
  await expect(face).toBeVisible();
  const hint = await page.getByText(/^We buy:/).textContent();
  const min = /(\d+)–\d+/.exec(hint ?? '')?.[1];
  expect(min, `bands in "${hint}"`).toBeTruthy();
  await face.fill(min!);
  const quote = page.getByTestId('quote-total');
  await expect(quote).toHaveText(/\d/);
  const quoted = (await quote.textContent())!.trim();

  // A photo: previewed, removable, and sent.
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'card-front.png', mimeType: 'image/png', buffer: tinyPng() });
  await expect(page.getByRole('img', { name: /Photo 1: card-front\.png/ })).toBeVisible();
  await expect(page.getByText('1 of 10 photos')).toBeVisible();
  await page.getByLabel(/^Card codes/).fill('E2E-CODE-1234');

  // A file that is not a photo is refused with its reason.
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByText('notes.txt is not a JPG, PNG or WebP photo.')).toBeVisible();
  await expect(page.getByText('1 of 10 photos')).toBeVisible();

  await page.getByRole('button', { name: `Sell card for ${quoted}` }).click();
  await expect(page).toHaveURL(/\/order\/GC\d+$/, { timeout: 20_000 });
  const orderNo = decodeURIComponent(page.url().split('/order/')[1]!);
  await expect(page.getByRole('heading', { level: 1, name: 'Order' })).toBeVisible();
  await expect(page.getByText('Order submitted.')).toBeVisible();
  await expect(page.getByTestId('order-quote')).toHaveText(quoted);
  await expect(page.getByRole('heading', { name: 'Timeline' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Timeline' }).getByText('Submitted', { exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Card photo 1' })).toBeVisible();
  // The photo really loads from the site (same origin under the CSP).
  await expect
    .poll(() => page.getByRole('img', { name: 'Card photo 1' }).evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await expect(page.getByText('E2E-CODE-1234')).toBeVisible();

  // The order is in the list (All and In progress), and opens its detail again.
  await page.getByRole('link', { name: '← All orders' }).click();
  await expect(page).toHaveURL(/\/order$/);
  const row = page.getByRole('link', { name: new RegExp(orderNo.slice(-14)) });
  await expect(row).toBeVisible();
  await expect(row).toContainText(quoted);
  await page.getByRole('link', { name: 'In progress' }).click();
  await expect(page.getByRole('link', { name: new RegExp(orderNo.slice(-14)) })).toBeVisible();
  await page.getByRole('link', { name: 'Done' }).click();
  await expect(page.getByText('No finished orders yet.')).toBeVisible();

  // The draft was cleared by the successful sale.
  await page.goto('/homes/sell-gift-card');
  await expect(page.getByLabel(/^Face value/)).toHaveValue('');
});

test('after an operator approves the card, the wallet shows the credit and the order its payout', async ({
  page,
  baseURL,
}) => {
  const creds = operatorCredentials();
  expect(creds, 'an operator for the running api (E2E_OPS_EMAIL / E2E_OPS_PASSWORD)').toBeTruthy();
  const orderNo = await makeOrder(baseURL!, user.token);
  await page.goto(`/order/${orderNo}`);
  const quoted = (await page.getByTestId('order-quote').textContent())!.trim();
  const detail = await gc<{ quote: { card_id: number; face_value: string; amount: string } }>(
    baseURL!,
    'ord/detail',
    { order_no: orderNo },
    user.token,
  );
  const token = await operatorLogin(baseURL!, creds!);
  await approveOrder(baseURL!, token, orderNo, {
    card_id: detail.data.quote.card_id,
    face_value: detail.data.quote.face_value,
    code: 'SCREEN-CODE-1',
  });
  const paid = await gc<{ amount: string; currency: 'NGN' | 'GHS'; first_order_bonus: number }>(
    baseURL!,
    'ord/detail',
    { order_no: orderNo },
    user.token,
  );
  const paidText = formatMoney(parseMoney(paid.data.amount, paid.data.currency));
  // A first sale's credit is the locked quote, its first-order bonus included.
  await page.goto('/wallet');
  await expect(page.getByTestId('balance-cash')).toHaveText(paidText);
  await page.goto(`/order/${orderNo}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Succeeded' })).toBeVisible();
  await expect(page.getByTestId('order-quote')).toHaveText(quoted);
  await expect(page.getByTestId('order-paid')).toHaveText(paidText);
  // A first sale's quote names its bonus as a line of its own.
  if (paid.data.first_order_bonus > 0)
    await expect(page.getByTestId('order-quote-line-first_order')).toContainText('First-order bonus');
  await expect(page.getByRole('cell', { name: 'Approved' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Timeline' }).getByText('Completed', { exact: true })).toBeVisible();
});
