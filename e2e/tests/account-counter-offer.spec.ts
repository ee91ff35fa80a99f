// Consent before any cut: a valid card worth less than the seller chose is never paid below the
// locked quote without their answer. A reviewer sends a counter-offer from the console (1024 px);
// the seller answers it on the order page (360 px): accepted, it is credited at once (the wallet
// shows it); declined, the order is closed unpaid.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { formatMoney } from '@giftlane/shared-sdk/format';
import { parseMoney } from '@giftlane/shared-sdk/money';
import { createUser, gc, type TestUser } from '../support/api';
import { signInPage } from '../support/fixtures';
import { makeOrder, operatorLogin, ops } from '../support/account-helpers';
import { enrol, newStaff, pick } from '../support/ops-console';

test.describe.configure({ timeout: 120_000 });

let user: TestUser;

interface Detail {
  amount: string;
  currency: 'NGN' | 'GHS';
  quote: { card_id: number; face_value: string };
}

async function noOverflow(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll, 'page is wider than the screen').toBeLessThanOrEqual(client);
}

/** A reviewer signed in to the console at 1024 px. */
async function reviewer(browser: Browser, baseURL: string) {
  const page = await (await browser.newContext({ viewport: { width: 1024, height: 800 }, baseURL })).newPage();
  const creds = await newStaff(baseURL, 'reviewer');
  const secret = await enrol(page, creds);
  return { page, creds, secret };
}

test.beforeEach(async ({ baseURL, page }) => {
  user = await createUser(baseURL!);
  await page.setViewportSize({ width: 360, height: 780 });
  await signInPage(page, user);
});

test('counter-offer from the console → the seller accepts → credited at once, shown in the wallet', async ({
  page,
  browser,
  baseURL,
}, info) => {
  const orderNo = await makeOrder(baseURL!, user.token, '100');
  const quoted = await gc<Detail>(baseURL!, 'ord/detail', { order_no: orderNo }, user.token);
  const quoteText = formatMoney(
    parseMoney((quoted.data as unknown as { quote: { amount: string } }).quote.amount, quoted.data.currency),
  );

  // The reviewer claims it from the queue, finds a $50 card, and may not pay it below the quote.
  const staff = await reviewer(browser, baseURL!);
  const c = staff.page;
  await c.goto('/ops');
  await c
    .getByRole('row', { name: new RegExp(orderNo) })
    .getByRole('button', { name: 'Claim' })
    .click();
  await expect(c.getByRole('heading', { level: 1, name: `Order ${orderNo}` })).toBeVisible();
  await c.getByLabel('Face value').fill('50');
  await c.getByRole('button', { name: 'Review payout' }).click();
  await expect(c.getByRole('alert')).toContainText('Send a counter-offer');
  await c.getByRole('button', { name: 'Send counter-offer' }).click();
  const dialog = c.getByRole('dialog', { name: 'Send a counter-offer' });
  await expect(dialog.getByTestId('offer-price')).toContainText(`instead of ${quoteText}`);
  await pick(c, dialog, 'Reason', 'The card is another denomination than the one you chose');
  await dialog.getByLabel('Note for the seller').fill('The card is a $50 card');
  await pick(c, dialog, 'Proof photos', 'Photo 1');
  await c.keyboard.press('Escape');
  await c.screenshot({ path: info.outputPath('console-counter-offer-dialog-1024.png') });
  await dialog.getByRole('button', { name: 'Send counter-offer' }).click();
  await expect(c.getByRole('status')).toContainText('Counter-offer sent');
  const panel = c.getByRole('region', { name: 'Counter-offer' });
  await expect(panel.getByText('Waiting for the seller')).toBeVisible();
  await c.screenshot({ path: info.outputPath('console-counter-offer-sent-1024.png'), fullPage: true });
  const offered = (await panel.getByTestId('offer-amount').textContent())!.trim();

  // The queue shows it waiting for the seller.
  await c.goto('/ops');
  await expect(c.getByRole('row', { name: new RegExp(orderNo) }).getByText('Waiting for the seller')).toBeVisible();

  // The seller, at 360 px: why, the proof, the offer against the quote, the deadline.
  await page.goto(`/order/${orderNo}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Waiting for your answer', exact: true })).toBeVisible();
  const card = page.getByRole('region', { name: 'Counter-offer: waiting for your answer' });
  await expect(card.getByText(/another denomination than the one you chose — The card is a \$50 card/)).toBeVisible();
  await expect(card.getByTestId('offer-amount')).toHaveText(offered);
  await expect(card.getByTestId('offer-quote')).toHaveText(quoteText);
  await expect(card.getByTestId('offer-deadline')).not.toBeEmpty();
  await expect(card.getByRole('img', { name: 'Proof photo 1' })).toBeVisible();
  await noOverflow(page);
  await page.screenshot({ path: info.outputPath('seller-counter-offer-360.png'), fullPage: true });

  await card.getByRole('button', { name: `Accept ${offered}` }).click();
  await expect(card.getByRole('alertdialog')).toContainText(`instead of ${quoteText}`);
  await card.getByRole('button', { name: 'Yes, accept' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'You accepted the counter-offer' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Succeeded' })).toBeVisible();
  const paid = await gc<Detail>(baseURL!, 'ord/detail', { order_no: orderNo }, user.token);
  const paidText = formatMoney(parseMoney(paid.data.amount, paid.data.currency));
  await expect(page.getByTestId('order-paid')).toHaveText(paidText);
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline.getByText('Counter-offer sent', { exact: true })).toBeVisible();
  await expect(timeline.getByText('Counter-offer accepted', { exact: true })).toBeVisible();
  await noOverflow(page);
  await page.screenshot({ path: info.outputPath('seller-counter-offer-accepted-360.png'), fullPage: true });

  await page.goto('/wallet');
  await expect(page.getByTestId('balance-cash')).toHaveText(paidText);
  await staff.page.context().close();
});

test('counter-offer → the seller declines → the order is closed unpaid', async ({ page, baseURL }, info) => {
  const orderNo = await makeOrder(baseURL!, user.token, '100');
  const d = await gc<Detail>(baseURL!, 'ord/detail', { order_no: orderNo }, user.token);
  const creds = { email: process.env.E2E_OPS_EMAIL!, password: process.env.E2E_OPS_PASSWORD! };
  const token = await operatorLogin(baseURL!, creds);
  await ops(baseURL!, `/ops/api/orders/${orderNo}/claim`, token, {});
  await ops(baseURL!, `/ops/api/orders/${orderNo}/counter-offer`, token, {
    lines: [{ status: 'success', card_id: d.data.quote.card_id, face_value: '50', code: 'E2E-1' }],
    reason: 'other_country',
    note: 'A US card, not a UK one',
  });

  await page.goto(`/order/${orderNo}`);
  const card = page.getByRole('region', { name: 'Counter-offer: waiting for your answer' });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Decline' }).click();
  await expect(card.getByRole('alertdialog')).toContainText('closed unpaid');
  await card.getByRole('button', { name: 'Yes, decline' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'You declined the counter-offer' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Refused' })).toBeVisible();
  await expect(page.getByText(/closed unpaid and your card was not redeemed/).first()).toBeVisible();
  // The evidence pack shows the offer's reason and note: what the seller may appeal.
  const pack = page.getByTestId('evidence-pack');
  await expect(pack.getByText(/Counter-offer declined: The card is from another country/)).toBeVisible();
  await expect(pack.getByRole('button', { name: 'Appeal this decision' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Timeline' }).getByText('Counter-offer declined')).toBeVisible();
  await noOverflow(page);
  await page.screenshot({ path: info.outputPath('seller-counter-offer-declined-360.png'), fullPage: true });
  const after = await gc<Detail & { status: number }>(baseURL!, 'ord/detail', { order_no: orderNo }, user.token);
  expect(after.data).toMatchObject({ status: 3, amount: '0.00' });
  const bal = await gc<{ total_amount: number }>(baseURL!, 'wallet/balance', {}, user.token);
  expect(bal.data.total_amount).toBe(0);
});
