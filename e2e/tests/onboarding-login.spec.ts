// Login, logout, the return to the protected page, and password recovery by e-mail and by
// WhatsApp, in a real browser against the real api.
import { expect, test } from '@playwright/test';
import { createUser, gc, latestCode, type TestUser } from '../support/api';
import { codeSentTo, fillOtp, PASSWORD, sessionToken, uniqueLocalNumber } from '../support/onboarding-helpers';

// The api keeps 60 s between two codes to one address, and making an account sends one: the
// accounts whose password is recovered below are made first, and their tests wait out the rest.
const GAP_MS = 61_000;
let emailUser: TestUser & { madeAt: number };
let whatsappUser: { local: string; whatsapp: string; madeAt: number };

async function makeWhatsappAccount(baseURL: string) {
  const local = uniqueLocalNumber();
  const whatsapp = `+234${local}`;
  const sent = await gc(baseURL, 'user/sendWhatsAppCode', { whatsapp });
  expect(sent.success).toBe(true);
  const reg = await gc(baseURL, 'user/appregister', {
    register_type: '2',
    country_id: '1',
    username: whatsapp,
    whatsapp,
    password: PASSWORD,
    code: await codeSentTo(baseURL, whatsapp),
    channel_type: '3',
    device_no: 'device-e2e',
  });
  expect(reg.success).toBe(true);
  return { local, whatsapp, madeAt: Date.now() };
}

test.beforeAll(async ({ baseURL }) => {
  emailUser = { ...(await createUser(baseURL!)), madeAt: Date.now() };
  whatsappUser = await makeWhatsappAccount(baseURL!);
});

const waitOutGap = async (madeAt: number) => {
  const left = madeAt + GAP_MS - Date.now();
  if (left > 0) await new Promise((r) => setTimeout(r, left));
};

test('login and logout', async ({ page, baseURL }) => {
  const user = await createUser(baseURL!);
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  const topBar = page.getByRole('navigation', { name: 'Top bar' });
  await expect(topBar.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/sign-up');

  await page.getByRole('button', { name: 'Login to GiftLane' }).click();
  await expect(page.getByText('Please enter your Email Address/WhatsApp Number.')).toBeVisible();
  await expect(page.getByText('Password is required.')).toBeVisible();

  await page.getByLabel('Email Address/WhatsApp Number').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill('Wrong-password-1');
  await page.getByRole('button', { name: 'Login to GiftLane' }).click();
  await expect(page.getByRole('alert')).toHaveText('Incorrect account or password');

  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Login to GiftLane' }).click();
  await expect(page).toHaveURL(/\/homes$/);
  expect(await sessionToken(page)).toBeTruthy();
  expect(await page.evaluate(() => sessionStorage.getItem('justLoggedIn'))).toBe('true');
  expect(await page.evaluate(() => sessionStorage.getItem('user_id'))).toBe(user.user_id);

  await page.getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  expect(await sessionToken(page)).toBeNull();
});

test('login returns to the protected page it came from', async ({ page, baseURL }) => {
  const user = await createUser(baseURL!);
  await page.goto('/wallet/history?type=withdraw');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fwallet%2Fhistory%3Ftype%3Dwithdraw&view=LoginForm$/);
  await page.getByLabel('Email Address/WhatsApp Number').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Login to GiftLane' }).click();
  await expect(page).toHaveURL(/\/wallet\/history\?type=withdraw$/);
});

test('a redirect to another site is ignored: Home instead', async ({ page, baseURL }) => {
  const user = await createUser(baseURL!);
  await page.goto('/login?redirect=%2F%2Fevil.example%2Fsteal&view=LoginForm');
  await page.getByLabel('Email Address/WhatsApp Number').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Login to GiftLane' }).click();
  await expect(page).toHaveURL(/\/homes$/);
});

// Paths that a browser normalises to //evil.example: React Router refuses to navigate to them, so
// the seller would be left on the form; they land Home instead.
for (const redirect of [
  '/.//evil.example/steal',
  '/..//evil.example',
  '/%2e//evil.example',
  '/%5cevil.example',
  '/\t/evil.example',
]) {
  test(`a redirect of ${JSON.stringify(redirect)} lands Home, not on another site nor stuck on the form`, async ({
    page,
    baseURL,
  }) => {
    const user = await createUser(baseURL!);
    await page.goto(`/login?${new URLSearchParams({ redirect, view: 'LoginForm' })}`);
    await page.getByLabel('Email Address/WhatsApp Number').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Login to GiftLane' }).click();
    await expect(page).toHaveURL(new RegExp(`^${baseURL!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/homes$`));
  });
}

test('a network failure says so', async ({ page }) => {
  await page.goto('/login');
  await page.route('**/gc/user/applogin', (route) => route.abort());
  await page.getByLabel('Email Address/WhatsApp Number').fill('someone@example.com');
  await page.getByLabel('Password', { exact: true }).fill('whatever-1');
  await page.getByRole('button', { name: 'Login to GiftLane' }).click();
  await expect(page.getByRole('alert')).toHaveText('An error occurred. Please check your network and try again.');
});

test('forgot password by e-mail, then sign in with the new password', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const user = emailUser;
  await waitOutGap(user.madeAt);
  const newPassword = 'Harmattan-Breeze-77';
  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot Password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Top bar' }).getByRole('link', { name: 'Login' })).toBeVisible();

  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please fill all required fields');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();

  await page.getByLabel('Email Address').fill(user.email);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Verification code sent successfully')).toBeVisible();
  await expect(page.getByRole('button', { name: /^\d+s$/ })).toBeDisabled();
  await page.getByLabel('Recovery Code').fill(await latestCode(baseURL!, user.email));
  await page.getByLabel('New Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Password was set successfully!')).toBeVisible();
  await page.getByRole('button', { name: 'Continue to login' }).click();

  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await page.getByLabel('Email Address/WhatsApp Number').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Login to GiftLane' }).click();
  await expect(page).toHaveURL(/\/homes$/);
});

test('forgot password by WhatsApp through the recovery-code and reset screens', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const { local, whatsapp, madeAt } = whatsappUser;
  await waitOutGap(madeAt);
  const newPassword = 'Rainy-Season-2027';

  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot Password?' }).click();
  await page.getByRole('tab', { name: 'WhatsApp' }).click();
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('WhatsApp number is required')).toBeVisible();
  await page.getByLabel('WhatsApp Number').fill(local);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Verification code sent successfully')).toBeVisible();

  const code = await codeSentTo(baseURL!, whatsapp);
  await page.getByRole('button', { name: 'Enter the code on its own screen' }).click();
  await expect(page.getByRole('heading', { name: 'Enter 4-digit recovery code' })).toBeVisible();
  await page.getByRole('button', { name: 'Verify OTP' }).click();
  await expect(page.getByText('OTP must be 4 digits.')).toBeVisible();
  await fillOtp(page, code);
  await page.getByRole('button', { name: 'Verify OTP' }).click();

  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  await page.getByLabel('New Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm Password', { exact: true }).fill('different-1');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Passwords do not match.')).toBeVisible();
  await expect(page.getByText('Please fix the errors before submitting.')).toBeVisible();
  await page.getByLabel('Confirm Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Password was set successfully!')).toBeVisible();
  await page.getByRole('button', { name: 'Continue to login' }).click();

  await page.getByLabel('Email Address/WhatsApp Number').fill(whatsapp);
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Login to GiftLane' }).click();
  await expect(page).toHaveURL(/\/homes$/);
});
