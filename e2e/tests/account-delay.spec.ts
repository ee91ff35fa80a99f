// Delay compensation on the seller's side, at 360 px: an order past its promised time says
// compensation is accruing; decided late, it carries its compensation line, and the wallet history
// has the credit with its tier and lateness.
//
// The order is made late by moving its promised time back through the api's loopback-only dev door
// (/__dev/delay/late, outside production), then decided by the suite's operator as usual.
import { expect, test, type Page } from '@playwright/test';
import { createUser, gc, type TestUser } from '../support/api';
import { signInPage } from '../support/fixtures';
import { approveOrder, makeOrder, operatorCredentials, operatorLogin } from '../support/account-helpers';

let user: TestUser;

test.use({ viewport: { width: 360, height: 780 } });

test.beforeEach(async ({ baseURL, page }) => {
  user = await createUser(baseURL!);
  await signInPage(page, user);
});

async function noOverflow(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll, 'page is wider than the screen').toBeLessThanOrEqual(client);
}

/** Moves the order's promised time `minutes` into the past (the api's own port: the site's + 1). */
async function makeLate(baseURL: string, orderNo: string, minutes: number) {
  const url = new URL(baseURL);
  url.port = String(Number(url.port) + 1);
  url.pathname = '/__dev/delay/late';
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ order_no: orderNo, minutes }),
  });
  expect(res.status, 'the dev door moved the promise').toBe(200);
}

test('a late order: compensation accruing, then its own line on the order and in the wallet history', async ({
  page,
  baseURL,
}, info) => {
  const creds = operatorCredentials();
  expect(creds, 'an operator for the running api (E2E_OPS_EMAIL / E2E_OPS_PASSWORD)').toBeTruthy();
  const orderNo = await makeOrder(baseURL!, user.token);

  // On time: the order shows when it is promised.
  await page.goto(`/order/${orderNo}`);
  await expect(page.getByTestId('order-promised')).toHaveText(/\d{2}:\d{2}/);

  // Past its promise and still undecided: the seller is told compensation is accruing, here and in the list.
  await makeLate(baseURL!, orderNo, 42);
  await page.reload();
  await expect(page.getByText(/delay compensation is now accruing/)).toBeVisible();
  await page.goto('/order');
  await expect(page.getByRole('link', { name: new RegExp(orderNo.slice(-14)) })).toContainText(
    'late: compensation is accruing',
  );

  // Decided now, 42 minutes after the promise: 1 % of the credit, as its own line.
  const detail = await gc<{ quote: { card_id: number; face_value: string } }>(
    baseURL!,
    'ord/detail',
    { order_no: orderNo },
    user.token,
  );
  const token = await operatorLogin(baseURL!, creds!);
  await approveOrder(baseURL!, token, orderNo, {
    card_id: detail.data.quote.card_id,
    face_value: detail.data.quote.face_value,
    code: 'LATE-CODE-1',
  });
  const paid = await gc<{ delay_compensation: { amount: string; line: string } | null }>(
    baseURL!,
    'ord/detail',
    { order_no: orderNo },
    user.token,
  );
  expect(paid.data.delay_compensation?.line).toBe('Delay compensation 1 % — 42 min late');

  await page.goto(`/order/${orderNo}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Succeeded' })).toBeVisible();
  await expect(page.getByTestId('order-delay-line')).toContainText('Delay compensation 1 % — 42 min late.');
  await expect(page.getByTestId('order-delay-compensation')).toHaveText(/^\+₦[\d,]+\.\d{2}$/);
  await expect(
    page.getByRole('region', { name: 'Timeline' }).getByText('Delay compensation', { exact: true }),
  ).toBeVisible();
  await noOverflow(page);
  await page.screenshot({ path: info.outputPath('order-late-360.png'), fullPage: true });

  await page.goto('/wallet/history');
  const entry = page.getByRole('list', { name: 'Wallet entries' }).getByRole('listitem').filter({
    hasText: 'Delay compensation 1 % — 42 min late',
  });
  await expect(entry).toBeVisible();
  await expect(entry).toContainText(/\+₦[\d,]+\.\d{2}/);
  await noOverflow(page);
  await page.screenshot({ path: info.outputPath('wallet-history-late-360.png'), fullPage: true });
});
