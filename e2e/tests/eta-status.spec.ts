// Live waits in a real browser against the real api: the public /status page at 360 px; staff mark
// a payout rail delayed in the console and both /status and the withdraw form of a seller paying out
// on that rail say so; an order's page shows its live estimate and it moves when an order ahead of
// it is decided.
import { expect, test, type Page } from '@playwright/test';
import { createUser, gc } from '../support/api';
import { signInPage } from '../support/fixtures';
import { approveOrder, makeOrder, operatorCredentials, operatorLogin } from '../support/account-helpers';
import { staffPage } from '../support/ops-console';

const noOverflow = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

test('/status at 360 px: every payout rail in words, the review time of each card family', async ({ page }, info) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/status');
  await expect(page.getByRole('heading', { level: 1, name: 'Service status' })).toBeVisible();
  await expect(page.getByTestId('status-summary')).toBeVisible();
  for (const name of ['Bank transfer, Nigeria', 'Bank transfer, Ghana', 'MTN MoMo', 'Telecel Cash', 'AT Money'])
    await expect(page.getByRole('listitem').filter({ hasText: name })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'USDT-TRC20' })).toContainText(/Paying normally|Delayed/);
  const reviews = page.getByRole('table');
  await expect(reviews.getByRole('columnheader', { name: 'Review time' })).toBeVisible();
  expect(await reviews.getByRole('row').count()).toBeGreaterThan(5);
  await noOverflow(page, 360);
  await page.screenshot({ path: info.outputPath('status-360.png'), fullPage: true });
  // Reached from the footer's Help Center.
  await page.goto('/faq');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Service status' }).click();
  await expect(page).toHaveURL(/\/status$/);
});

test('staff mark MTN MoMo delayed: /status and the withdraw form say so; cleared, they stop', async ({
  page,
  browser,
  baseURL,
}, info) => {
  test.setTimeout(120_000);
  // A Ghanaian seller with an MTN MoMo wallet to withdraw to.
  const seller = await createUser(baseURL!, { country_id: '2' });
  const pin = await gc(
    baseURL!,
    'withdraw/transactionPassword',
    { password: '246810', login_password: seller.password },
    seller.token,
  );
  expect(pin.success).toBe(true);
  const banks = await gc<Array<{ bank_id: number; bank_name: string }>>(
    baseURL!,
    'payment/bankList',
    { country_id: '2', payment_id: '2' },
    seller.token,
  );
  const mtn = String(banks.data.find((b) => b.bank_name === 'MTN MoMo')!.bank_id);
  const added = await gc(
    baseURL!,
    'payment/add',
    {
      payment_id: '2',
      bank_id: mtn,
      account_no: '0247654321',
      account_name: '',
      password: seller.password,
      t_password: '246810',
    },
    seller.token,
  );
  expect(added.success, added.msg).toBe(true);

  // Finance marks the rail delayed in the console, at 1024 px.
  const { page: console } = await staffPage(browser, baseURL!, 'finance');
  await console.setViewportSize({ width: 1024, height: 800 });
  await console.getByRole('link', { name: 'Payout rails' }).click();
  await expect(console.getByRole('heading', { level: 1, name: 'Payout rails' })).toBeVisible();
  const row = console.getByRole('row').filter({ hasText: 'MTN MoMo' });
  await row.getByRole('button', { name: 'Mark delayed: MTN MoMo' }).click();
  const message = 'MTN MoMo payouts are slow because of an MTN outage; we expect them to resume by 15:00 GMT.';
  const dialog = console.getByRole('dialog');
  await dialog.getByLabel('Message sellers read').fill(message);
  await dialog.getByLabel('Reason (kept in the audit log)').fill('MTN status page');
  await dialog.getByRole('button', { name: 'Save and show to sellers' }).click();
  await expect(console.getByText('MTN MoMo is marked delayed')).toBeVisible();
  await expect(row).toContainText('Delayed');
  await console.screenshot({ path: info.outputPath('ops-rails-1024.png'), fullPage: true });

  // The public page says so, in words.
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/status');
  const mtnRail = page.getByRole('listitem').filter({ hasText: 'MTN MoMo' });
  await expect(mtnRail).toContainText('Delayed');
  await expect(mtnRail).toContainText(message);
  await expect(page.getByTestId('status-summary')).toContainText('delayed');
  await noOverflow(page, 360);
  await page.screenshot({ path: info.outputPath('status-delayed-360.png'), fullPage: true });

  // The seller's withdraw form says so for that wallet, before an amount is typed.
  await signInPage(page, seller);
  await page.goto('/wallet');
  await expect(page.getByRole('group', { name: 'To' })).toContainText('0247654321');
  await expect(page.getByTestId('withdraw-rail-notice')).toContainText(message);
  await noOverflow(page, 360);
  await page.screenshot({ path: info.outputPath('withdraw-rail-notice-360.png'), fullPage: true });

  // Cleared: both stop saying it.
  await row.getByRole('button', { name: 'Clear: MTN MoMo' }).click();
  await expect(console.getByText('MTN MoMo is back to paying normally.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('group', { name: 'To' })).toContainText('0247654321');
  await expect(page.getByTestId('withdraw-rail-notice')).toHaveCount(0);
  await page.goto('/status');
  await expect(page.getByRole('listitem').filter({ hasText: 'MTN MoMo' })).not.toContainText(message);
  await console.context().close();
});

test('an order’s page shows its live estimate, and it moves when an order ahead is decided', async ({
  page,
  baseURL,
}, info) => {
  const creds = operatorCredentials();
  expect(creds, 'an operator for the running api').toBeTruthy();
  const opsToken = await operatorLogin(baseURL!, creds!);
  // Two sellers' orders for the same card (the first of the calculator): the first is ahead of the second.
  const first = await createUser(baseURL!);
  const second = await createUser(baseURL!);
  const ahead = await makeOrder(baseURL!, first.token);
  const mine = await makeOrder(baseURL!, second.token);
  const before = await gc<Array<{ ahead: number; family: string }>>(
    baseURL!,
    'ord/eta',
    { order_no: mine },
    second.token,
  );
  expect(before.success, before.msg).toBe(true);
  const n = before.data[0]!.ahead;
  expect(n).toBeGreaterThanOrEqual(1);
  const aheadText = (k: number) => (k === 0 ? 'yours is next' : `${k} ${k === 1 ? 'order' : 'orders'} ahead of yours`);

  await page.setViewportSize({ width: 360, height: 800 });
  await signInPage(page, second);
  // The page's own clock, running as usual until the test jumps it to the estimate's next turn.
  await page.clock.install();
  await page.goto(`/order/${mine}`);
  const estimate = page.getByTestId('order-eta');
  await expect(estimate).toContainText(new RegExp(`^About .+ — ${aheadText(n)}`));
  await expect(estimate).toContainText(before.data[0]!.family);
  await noOverflow(page, 360);
  await page.screenshot({ path: info.outputPath('order-eta-360.png'), fullPage: true });

  // The order list shows it too.
  await page.goto('/order');
  // The second seller's one order.
  await expect(page.getByTestId('order-eta')).toContainText(aheadText(n));
  await noOverflow(page, 360);
  await page.screenshot({ path: info.outputPath('orders-eta-360.png'), fullPage: true });

  // The order ahead is decided while the page is open: the estimate moves at its next turn (30 s on).
  await page.goto(`/order/${mine}`);
  await expect(estimate).toContainText(aheadText(n));
  const d = await gc<{ quote: { card_id: number; face_value: string } }>(
    baseURL!,
    'ord/detail',
    { order_no: ahead },
    first.token,
  );
  await approveOrder(baseURL!, opsToken, ahead, {
    card_id: d.data.quote.card_id,
    face_value: d.data.quote.face_value,
    code: 'ETA-CODE-1',
  });
  // Unchanged until the page asks again at its next turn, 30 s on: the clock jumps there, as if the seller waited.
  await expect(estimate).toContainText(aheadText(n));
  await page.clock.fastForward(30_000);
  await expect(estimate).toContainText(aheadText(n - 1));
  await page.screenshot({ path: info.outputPath('order-eta-moved-360.png'), fullPage: true });
});
