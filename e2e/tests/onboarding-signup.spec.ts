// Sign-up journeys in a real browser against the real api: by e-mail and by WhatsApp with the code
// read from the api's dev outbox, and a referral link that locks the code.
import { expect, test } from '@playwright/test';
import { createUser, gc } from '../support/api';
import {
  codeSentTo,
  fillOtp,
  PASSWORD,
  sessionToken,
  uniqueEmail,
  uniqueLocalNumber,
} from '../support/onboarding-helpers';

test('sign-up by e-mail with the OTP from the outbox, then Home with the profile overlay', async ({
  page,
  baseURL,
}) => {
  const email = uniqueEmail('signup');
  await page.goto('/sign-up');
  await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
  // The top bar offers Login everywhere but on the login view.
  await expect(page.getByRole('navigation', { name: 'Top bar' }).getByRole('link', { name: 'Login' })).toBeVisible();

  await page.getByRole('button', { name: 'Signup to GiftLane' }).click();
  await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
  await expect(page.getByText('Country is required.')).toBeVisible();
  await expect(page.getByText('Password is required.')).toBeVisible();
  await expect(page.getByText('You must accept the Terms of Service.')).toBeVisible();

  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Country', { exact: true }).selectOption({ label: 'Nigeria' });
  await page.getByLabel('Enter Password', { exact: true }).fill(PASSWORD);
  await expect(page.getByRole('meter', { name: 'Password strength' })).toHaveAttribute('aria-valuetext', 'Very Strong');
  await page.getByLabel('Confirm Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('I agree to the').check();

  // The draft survives a reload.
  await page.reload();
  await expect(page.getByLabel('Email Address')).toHaveValue(email);
  await expect(page.getByLabel('Country', { exact: true })).toHaveValue('1');

  await page.getByRole('button', { name: 'Signup to GiftLane' }).click();
  await expect(page.getByRole('heading', { name: 'OTP Verification' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText(/Resend code in \d+s/)).toBeVisible();

  await page.getByRole('button', { name: 'Verify Account' }).click();
  await expect(page.getByText('Please enter the complete 4-digit OTP.')).toBeVisible();

  await fillOtp(page, await codeSentTo(baseURL!, email));
  await page.getByRole('button', { name: 'Verify Account' }).click();
  // Home with showProfileOverlay=true: the shell takes the flag out of the address and shows the overlay.
  await expect(page).toHaveURL(/\/homes(\?showProfileOverlay=true)?$/);
  await expect(page.getByRole('dialog', { name: 'Welcome to GiftLane!' })).toBeVisible();
  await expect(page.getByText('Registration successful!')).toBeVisible();
  expect(await sessionToken(page)).toBeTruthy();
  expect(await page.evaluate(() => sessionStorage.getItem('formData'))).toBeNull();
});

test('sign-up by WhatsApp with the OTP from the outbox', async ({ page, baseURL }) => {
  const local = uniqueLocalNumber();
  await page.goto('/sign-up');
  await page.getByRole('radio', { name: 'WhatsApp' }).click();
  await expect(page.getByLabel('Country code')).toHaveValue('+234');
  await page.getByLabel('WhatsApp Number').fill('123');
  await page.getByLabel('WhatsApp Number').blur();
  await expect(page.getByText('Phone number too short (minimum 8 digits)')).toBeVisible();
  await page.getByLabel('WhatsApp Number').fill(local);
  await expect(page.getByText('Phone number too short (minimum 8 digits)')).toBeHidden();
  await page.getByLabel('Country', { exact: true }).selectOption({ label: 'Nigeria' });
  await page.getByLabel('Enter Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('I agree to the').check();
  await page.getByRole('button', { name: 'Signup to GiftLane' }).click();
  await expect(page.getByRole('heading', { name: 'OTP Verification' })).toBeVisible();

  await fillOtp(page, await codeSentTo(baseURL!, `+234${local}`));
  await page.getByRole('button', { name: 'Verify Account' }).click();
  // Home with showProfileOverlay=true: the shell takes the flag out of the address and shows the overlay.
  await expect(page).toHaveURL(/\/homes(\?showProfileOverlay=true)?$/);
  await expect(page.getByRole('dialog', { name: 'Welcome to GiftLane!' })).toBeVisible();
  expect(await sessionToken(page)).toBeTruthy();

  // The new account signs in with its WhatsApp number.
  const login = await gc<{ token: string }>(baseURL!, 'user/applogin', {
    username: `+234${local}`,
    password: PASSWORD,
  });
  expect(login.success).toBe(true);
});

test('a referral link fills the code and locks it', async ({ page, baseURL }) => {
  const referrer = await createUser(baseURL!);
  const info = await gc<{ invite_code: string }>(baseURL!, 'user/userInfo', {}, referrer.token);
  const code = info.data.invite_code;
  expect(code).toBeTruthy();

  const email = uniqueEmail('referred');
  await page.goto(`/sign-up?code=${encodeURIComponent(code)}`);
  const referral = page.getByLabel('Referral Code (Optional)');
  await expect(referral).toHaveValue(code);
  await expect(referral).toHaveAttribute('readonly', '');
  await expect(referral).not.toBeEditable();

  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Country', { exact: true }).selectOption({ label: 'Ghana' });
  await page.getByLabel('Enter Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('I agree to the').check();
  await page.getByRole('button', { name: 'Signup to GiftLane' }).click();
  await fillOtp(page, await codeSentTo(baseURL!, email));
  await page.getByRole('button', { name: 'Verify Account' }).click();
  await expect(page).toHaveURL(/\/homes/);
});

test('the terms view opens from sign-up and Continue returns to the form', async ({ page }) => {
  await page.goto('/sign-up');
  await page.getByLabel('Email Address').fill('kept@example.com');
  await page.getByRole('button', { name: 'Terms of Service' }).click();
  await expect(page.getByRole('heading', { name: 'Terms of Service', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2 })).toHaveCount(13);
  await expect(page.getByRole('heading', { name: 'Contact Us' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByLabel('Email Address')).toHaveValue('kept@example.com');
});
