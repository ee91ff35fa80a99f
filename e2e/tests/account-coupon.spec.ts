// Coupons in a real browser against the real api: a user who signed up from the promotion holds
// the welcome coupons; one applied on the sell form raises the quote, and the operator's approval
// pays its bonus.
import { expect, test } from '@playwright/test';
import { parseMoney } from '@giftlane/shared-sdk/money';
import { createUser, gc } from '../support/api';
import { signInPage } from '../support/fixtures';
import { approveOrder, operatorCredentials, operatorLogin } from '../support/account-helpers';

test('a welcome coupon from the sign-up promotion raises the quote, and the payout carries it', async ({
  page,
  baseURL,
}) => {
  const promo = await createUser(baseURL!, { sign_to_coupon: '1' });
  await signInPage(page, promo);

  // The coupons page lists both welcome coupons; "Use on a sale" opens the sell form with the code checked.
  await page.goto('/homes/coupon');
  await expect(page.getByRole('heading', { level: 2, name: 'Your coupons' })).toBeVisible();
  const welcome = page.getByRole('listitem', { name: 'Coupon WELCOME2' });
  await expect(welcome).toContainText('+2% on the rate');
  await expect(welcome).toContainText('Ready to use');
  await expect(page.getByRole('listitem', { name: 'Coupon WELCOMENGN' })).toContainText(
    'On trades of ₦20,000.00 or more',
  );
  await welcome.getByRole('link', { name: 'Use on a sale' }).click();
  await expect(page).toHaveURL(/\/homes\/sell-gift-card\?coupon=WELCOME2$/);
  await expect(page.getByText('Coupon WELCOME2 applied to your quote.')).toBeVisible();
  await expect(page.getByLabel('Coupon code (optional)')).toHaveValue('WELCOME2');

  await page.goto('/homes/sell-gift-card');
  const hint = await page.getByText(/^We buy:/).textContent();
  const min = /(\d+)–\d+/.exec(hint ?? '')?.[1];
  await page.getByLabel(/^Face value/).fill(min!);
  const quote = page.getByTestId('quote-total');
  await expect(quote).toHaveText(/\d/);
  const plain = parseMoney((await quote.textContent())!.replace(/[^\d.]/g, ''), 'NGN').amount_minor;

  // A code the user does not hold is refused in words; the welcome coupon applies.
  const code = page.getByLabel('Coupon code (optional)');
  await code.fill('NOT-MINE');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Coupon not found or expired')).toBeVisible();
  await code.fill('welcome2');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Coupon WELCOME2 applied to your quote.')).toBeVisible();
  await expect(page.getByText('Coupon', { exact: true })).toBeVisible();
  await expect
    .poll(async () => parseMoney((await quote.textContent())!.replace(/[^\d.]/g, ''), 'NGN').amount_minor)
    .toBeGreaterThan(plain);
  const quoted = (await quote.textContent())!.trim();

  await page.getByLabel(/^Card codes/).fill('E2E-COUPON-CODE');
  await page.getByRole('button', { name: `Sell card for ${quoted}` }).click();
  await expect(page).toHaveURL(/\/order\/GC\d+$/, { timeout: 20_000 });
  await expect(page.getByTestId('order-quote')).toHaveText(quoted);
  const orderNo = decodeURIComponent(page.url().split('/order/')[1]!);

  // The coupon is used: a second order cannot take it; approval pays its bonus.
  const again = await gc(baseURL!, 'order/checkCoupon', { coupon_code: 'WELCOME2', wallet_type: '1' }, promo.token);
  expect(again).toMatchObject({ success: false, msg: 'This coupon has already been used' });
  const creds = operatorCredentials();
  expect(creds).toBeTruthy();
  const detail = await gc<{ quote: { card_id: number; face_value: string } }>(
    baseURL!,
    'ord/detail',
    { order_no: orderNo },
    promo.token,
  );
  await approveOrder(baseURL!, await operatorLogin(baseURL!, creds!), orderNo, {
    card_id: detail.data.quote.card_id,
    face_value: detail.data.quote.face_value,
    code: 'E2E-COUPON-CODE',
  });
  const paid = await gc<{ coupon_amount: string }>(baseURL!, 'ord/detail', { order_no: orderNo }, promo.token);
  expect(Number(paid.data.coupon_amount)).toBeGreaterThan(0);
  await page.reload();
  await expect(page.getByText('Coupon WELCOME2', { exact: true })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Timeline' }).getByText(/Coupon WELCOME2 added ₦[\d,.]+\./),
  ).toBeVisible();
});
