// Helpers for the onboarding journeys: unique addresses, codes from the api's dev outbox (WhatsApp
// codes are addressed to the number's digits), and the session a page holds.
import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { STORAGE_KEYS } from '@giftlane/shared-sdk/storage';
import { latestCode } from './api';

export const PASSWORD = 'Sunny-Lagos-2026';

export const uniqueEmail = (tag: string) => `e2e-${tag}-${Date.now()}-${randomBytes(3).toString('hex')}@example.com`;

/** A Nigerian mobile number (10 digits after +234) unlikely to be taken by another run. */
export const uniqueLocalNumber = () =>
  `80${String(Date.now()).slice(-5)}${String(randomBytes(2).readUInt16BE(0) % 1000).padStart(3, '0')}`;

export async function codeSentTo(baseURL: string, address: string): Promise<string> {
  const digits = address.replace(/\D/g, '');
  const candidates = address.includes('@') ? [address] : [digits, `+${digits}`];
  let lastError: unknown;
  for (let round = 0; round < 3; round++) {
    for (const to of candidates) {
      try {
        return await latestCode(baseURL, to);
      } catch (error) {
        lastError = error;
      }
    }
  }
  throw lastError;
}

export async function sessionToken(page: Page): Promise<string | null> {
  return page.evaluate((key) => sessionStorage.getItem(key), STORAGE_KEYS.token);
}

/**
 * Waits until the prerendered page is hydrated. The onboarding forms need no such wait (what is typed
 * and tapped before is kept: onboarding-coming-alive.spec.ts); a public page's suite whose subject
 * is not that moment may start after it.
 */
export async function whenLive(page: Page): Promise<void> {
  await expect(page.locator('#root[data-live]')).toHaveCount(1);
}

/** Fills the sign-up form for an e-mail in Nigeria as soon as it shows and presses Signup (the code is sent next). */
export async function submitEmailSignUp(page: Page, email: string): Promise<void> {
  await page.goto('/sign-up');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Country', { exact: true }).selectOption({ label: 'Nigeria' });
  await page.getByLabel('Enter Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('I agree to the').check();
  await page.getByRole('button', { name: 'Signup to GiftLane' }).click();
}

/** Types a 4-digit code into the four OTP boxes the way a phone's autofill does. */
export async function fillOtp(page: Page, code: string) {
  await page.getByLabel('Digit 1 of 4').fill(code);
}
