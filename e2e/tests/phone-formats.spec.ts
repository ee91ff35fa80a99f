// A WhatsApp number written the Nigerian way (08…, 8…, 234…) signs in and resets the
// password like +234…, at 360 px, through the forms and the real api.
import { expect, test } from '@playwright/test';
import { gc, latestCode } from '../support/api';
import { codeSentTo, uniqueLocalNumber } from '../support/onboarding-helpers';

test.use({ viewport: { width: 360, height: 780 } });

const PASSWORD = 'Sunny-Lagos-2026';

/** A WhatsApp account made through the api, as the sign-up form makes one. */
async function whatsappUser(baseURL: string) {
  const national = `81${uniqueLocalNumber().slice(2)}`; // 10 digits, a Nigerian mobile
  const e164 = `+234${national}`;
  expect((await gc(baseURL, 'user/sendWhatsAppCode', { whatsapp: e164 })).success).toBe(true);
  const code = await latestCode(baseURL, e164.slice(1)).catch(() => latestCode(baseURL, e164));
  const reg = await gc(baseURL, 'user/appregister', {
    register_type: '2',
    country_id: '1',
    username: e164,
    whatsapp: e164,
    password: PASSWORD,
    code,
    channel_type: '3',
    device_no: 'device-e2e',
  });
  expect(reg.success, reg.msg).toBe(true);
  return { national, e164 };
}

test('signs in with 08…, 8… and 234… as with +234…', async ({ page, baseURL }, info) => {
  const { national } = await whatsappUser(baseURL!);
  for (const typed of [
    `0${national}`,
    national,
    `234${national}`,
    `0${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`,
  ]) {
    await page.context().clearCookies();
    await page.goto('/login');
    await page.evaluate(() => sessionStorage.clear());
    await page.goto('/login');
    await page.getByLabel('Email Address/WhatsApp Number').fill(typed);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    if (typed === `0${national}`) await page.screenshot({ path: info.outputPath('login-national-360.png') });
    await page.getByRole('button', { name: /^Login to / }).click();
    await expect(page, `signed in with ${typed}`).toHaveURL(/\/homes/);
  }
});

test('resets the password with the number written 08…', async ({ page, baseURL }, info) => {
  test.setTimeout(150_000);
  const { national, e164 } = await whatsappUser(baseURL!);
  // The sign-up code's 60 s wait is per address: let the reset code go out.
  await new Promise((r) => setTimeout(r, 61_000));
  await page.goto('/login');
  await page.getByText('Forgot Password?').click();
  await page.getByRole('tab', { name: 'WhatsApp' }).click();
  await page.getByLabel(/WhatsApp Number/).fill(`0${national}`);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Verification code sent successfully')).toBeVisible();
  const code = await codeSentTo(baseURL!, e164);
  await page.getByLabel(/Recovery Code/).fill(code);
  await page.getByLabel('New Password', { exact: true }).fill('Harmattan-Breeze-77');
  await page.screenshot({ path: info.outputPath('reset-national-360.png') });
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Password was set successfully!')).toBeVisible();
  const login = await gc(baseURL!, 'user/applogin', { username: `0${national}`, password: 'Harmattan-Breeze-77' });
  expect(login.success, login.msg).toBe(true);
});
