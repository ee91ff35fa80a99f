// The VIP page against the real api: after a sale is approved, its points show in the history, the
// level table marks the seller's level, and the page fits a 360 px phone (screenshot kept for review).
import { expect, test } from '@playwright/test';
import { createUser, gc } from '../support/api';
import { signInPage } from '../support/fixtures';
import { approveOrder, makeOrder, operatorCredentials, operatorLogin } from '../support/account-helpers';

test.use({ viewport: { width: 360, height: 780 } });

test('an approved sale adds points; the level table marks the current level', async ({ page, baseURL }, testInfo) => {
  const seller = await createUser(baseURL!);
  const orderNo = await makeOrder(baseURL!, seller.token);
  const detail = await gc<{ quote: { card_id: number } }>(baseURL!, 'ord/detail', { order_no: orderNo }, seller.token);
  const creds = operatorCredentials();
  expect(creds).toBeTruthy();
  await approveOrder(baseURL!, await operatorLogin(baseURL!, creds!), orderNo, {
    card_id: detail.data.quote.card_id,
    face_value: '100',
    code: 'E2E-VIP-CODE',
  });

  await signInPage(page, seller);
  await page.goto('/homes/vip');
  await expect(page.getByRole('heading', { level: 1, name: 'VIP' })).toBeVisible();
  const current = page.locator('tr[aria-current="true"]');
  await expect(current).toHaveCount(1);
  await expect(current).toContainText('VIP 0');
  const points = page.getByRole('list', { name: 'Points entries' });
  await expect(points.getByRole('listitem')).toHaveCount(1);
  await expect(points).toContainText(/\+\d[\d,]* points/);
  await expect(page.getByText(/more to the next level/)).toBeVisible();
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll, 'page is wider than the screen').toBeLessThanOrEqual(client);
  await page.screenshot({ path: testInfo.outputPath('vip-360.png'), fullPage: true });
});
