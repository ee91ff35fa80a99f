// What a first-time seller met at 360 px, each checked as they would see it: a long e-mail address
// on the code screen, a wrong code (tries left, empty boxes, focus back on the first), "code sent"
// in the page rather than over the back arrow, the strength bar's width, the Apple logo, the /vip
// table, whole order numbers, notice and coupon titles without an ellipsis, and the greeting of a
// WhatsApp seller who gave no name.
import { randomBytes } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { createUser, gc, type TestUser } from '../support/api';
import { makeOrder } from '../support/account-helpers';
import { signInPage } from '../support/fixtures';
import { codeSentTo, PASSWORD, submitEmailSignUp, uniqueLocalNumber, whenLive } from '../support/onboarding-helpers';

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);
/** Whether an element shows all its text (no ellipsis, nothing cut at its edge). */
const shownWhole = (el: Locator) => el.evaluate((e) => e.scrollWidth <= e.clientWidth + 1);

test('the code screen: a long address breaks, "sent" is in the page, a wrong code says the tries left', async ({
  page,
  baseURL,
}) => {
  const email = `e2e-a-really-long-mailbox-name-${Date.now()}-${randomBytes(3).toString('hex')}@example.com`;
  await submitEmailSignUp(page, email);
  await expect(page.getByRole('heading', { name: 'OTP Verification' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(360);

  // "Code sent" is said under the heading; nothing covers the back arrow.
  const sent = page.getByRole('status').filter({ hasText: 'Verification code sent successfully' });
  await expect(sent).toBeVisible();
  await expect(page.locator('.gl-toast')).toHaveCount(0);
  const back = (await page.getByRole('button', { name: 'Back to sign-up' }).boundingBox())!;
  expect((await sent.boundingBox())!.y).toBeGreaterThanOrEqual(back.y + back.height);
  await page.screenshot({ path: test.info().outputPath('code-screen.png') });

  // A wrong code: the api's tries left, the boxes emptied, the first one ready for the next try.
  const right = await codeSentTo(baseURL!, email);
  const wrong = right === '1111' ? '2222' : '1111';
  await page.getByLabel('Digit 1 of 4').fill(wrong);
  await page.getByRole('button', { name: 'Verify Account' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid verification code: 4 tries left');
  for (const n of [1, 2, 3, 4]) await expect(page.getByLabel(`Digit ${n} of 4`)).toHaveValue('');
  await expect(page.getByLabel('Digit 1 of 4')).toBeFocused();
  await page.screenshot({ path: test.info().outputPath('code-wrong.png') });
  expect(await pageWidth(page)).toBeLessThanOrEqual(360);

  // The right code, typed again, goes through.
  await page.getByLabel('Digit 1 of 4').fill(right);
  await page.getByRole('button', { name: 'Verify Account' }).click();
  await expect(page).toHaveURL(/\/homes/);
});

test('forgot password: "code sent" is said by the code field, the back arrow stays clear', async ({ page }) => {
  const email = `e2e-another-quite-long-mailbox-name-${Date.now()}-${randomBytes(3).toString('hex')}@example.com`;
  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot Password?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot Password' })).toBeVisible();
  await page.getByLabel('Email Address').fill(email);
  await page.getByRole('button', { name: 'Send' }).click();
  const sent = page.getByRole('status').filter({ hasText: 'Verification code sent successfully' });
  await expect(sent).toBeVisible();
  await expect(page.locator('.gl-toast')).toHaveCount(0);
  const back = (await page.getByRole('button', { name: 'Back to login' }).boundingBox())!;
  expect((await sent.boundingBox())!.y).toBeGreaterThanOrEqual(back.y + back.height);
  expect(await pageWidth(page)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: test.info().outputPath('forgot-sent.png') });
});

test('sign-up: the strength bar spans its field, and the Apple button has its logo', async ({ page }) => {
  await page.goto('/sign-up');
  const password = page.getByLabel('Enter Password', { exact: true });
  await password.fill('Abc123!x');
  const meter = (await page.getByRole('meter', { name: 'Password strength' }).boundingBox())!;
  const form = (await page.locator('form.ob-form').boundingBox())!;
  expect(meter.width).toBeGreaterThanOrEqual(form.width - 1);

  const apple = page.getByRole('button', { name: /Apple/ });
  const logo = apple.locator('svg');
  await expect(logo).toBeVisible();
  const box = (await logo.boundingBox())!;
  expect(box.width).toBeGreaterThan(10);
  await expect(apple).toHaveText('Apple');
  await page.screenshot({ path: test.info().outputPath('sign-up-strength-apple.png'), fullPage: true });
});

test('/vip fits at 360 px: a card per level, every figure named', async ({ page }) => {
  await page.goto('/vip');
  await whenLive(page);
  const region = page.getByRole('region', { name: 'Table of VIP levels' });
  await expect(region.getByText('VIP 1')).toBeVisible();
  expect(await region.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
  expect(await pageWidth(page)).toBeLessThanOrEqual(360);
  // The column names stand beside the figures.
  const first = region.locator('tbody tr').first();
  expect(
    await first
      .locator('td')
      .nth(1)
      .evaluate((e) => getComputedStyle(e, '::before').content),
  ).toBe('"Rate bonus"');
  await page.screenshot({ path: test.info().outputPath('vip.png'), fullPage: true });
});

test.describe('signed in', () => {
  let user: TestUser;
  test.beforeAll(async ({ baseURL }) => {
    user = await createUser(baseURL!);
  });

  test('an order number stays whole on the order page and in the list', async ({ page, baseURL }) => {
    const orderNo = await makeOrder(baseURL!, user.token);
    expect(orderNo).toHaveLength(26);
    await signInPage(page, user);
    await page.goto(`/order/${encodeURIComponent(orderNo)}`);
    const no = page.getByTestId('order-number');
    await expect(no).toHaveText(orderNo);
    // One line: as tall as one line of its own text.
    const lines = await no.evaluate((e) => e.getClientRects().length);
    expect(lines).toBe(1);
    expect(await shownWhole(no)).toBe(true);
    await expect(page.getByRole('button', { name: 'Copy' })).toBeVisible();
    expect(await pageWidth(page)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: test.info().outputPath('order-number.png'), fullPage: true });

    await page.goto('/order');
    const row = page.getByRole('list', { name: 'Orders' }).getByRole('link').first();
    const short = row.locator('.acc-nowrap');
    await expect(short).toHaveText(`…${orderNo.slice(-14)}`);
    expect(await short.evaluate((e) => e.getClientRects().length)).toBe(1);
    expect(await pageWidth(page)).toBeLessThanOrEqual(360);
  });

  test('notice and coupon titles are shown whole, wrapped, never cut with "…"', async ({ page, baseURL }) => {
    // A security notice with a long title next to its time.
    const set = await gc(
      baseURL!,
      'withdraw/transactionPassword',
      { login_password: user.password, password: '135790' },
      user.token,
    );
    expect(set.success).toBe(true);
    await signInPage(page, user);
    await page.goto('/notification');
    const titles = page.locator('.acc-item__title');
    await expect(titles.first()).toBeVisible();
    const long = titles.filter({ hasText: /Transaction password/ }).first();
    await expect(long).toBeVisible();
    for (const t of await titles.all()) expect(await shownWhole(t)).toBe(true);
    expect(await pageWidth(page)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: test.info().outputPath('notices.png'), fullPage: true });

    await page.goto('/homes/coupon');
    const coupons = page.locator('.acc-item__title');
    await expect(coupons.first()).toBeVisible();
    for (const t of await coupons.all()) expect(await shownWhole(t)).toBe(true);
    expect(await pageWidth(page)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: test.info().outputPath('coupons.png'), fullPage: true });
  });
});

test('a WhatsApp seller who gave no name is greeted "Hello", not "Hello, user4567"', async ({ page, baseURL }) => {
  const whatsapp = `+234${uniqueLocalNumber()}`;
  expect((await gc(baseURL!, 'user/sendWhatsAppCode', { whatsapp })).success).toBe(true);
  const reg = await gc<{ token: string; user_id: number }>(baseURL!, 'user/appregister', {
    register_type: '2',
    country_id: '1',
    username: whatsapp,
    whatsapp,
    password: PASSWORD,
    code: await codeSentTo(baseURL!, whatsapp),
    channel_type: '3',
    device_no: `device-e2e-${randomBytes(6).toString('hex')}`,
  });
  expect(reg.success).toBe(true);
  await signInPage(page, { email: '', password: PASSWORD, token: reg.data.token, user_id: String(reg.data.user_id) });
  await page.goto('/homes');
  await expect(page.locator('#hero-h')).toHaveText('Hello');
  await expect(page.locator('.gl-greeting')).toHaveText('Hi, Guest'); // SPEC §9: the greeting's fallback name
  await expect(page.getByText(/user\d{4}/)).toHaveCount(0);
});
