// The operator console's staff in the suites: new operators added by the suite's admin through the
// api, each enrolling their authenticator from the QR step on the first sign-in in the console.
import { randomUUID } from 'node:crypto';
import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import { totpCode, totpStep } from '../../api/src/modules/ops/totp';
import { operatorCredentials, operatorLogin, ops } from './account-helpers';

export type Role = 'admin' | 'reviewer' | 'finance' | 'release_manager';

export async function adminToken(baseURL: string) {
  const creds = operatorCredentials();
  expect(creds, 'an operator for the running api').toBeTruthy();
  return operatorLogin(baseURL, creds!);
}

/** A new operator, added by the suite's admin through the api. */
export async function newStaff(baseURL: string, role: Role) {
  const creds = {
    email: `${role}-${randomUUID().slice(0, 8)}@giftlane.ng`,
    password: `Console-${randomUUID()}`,
    name: `E2E ${role} ${randomUUID().slice(0, 4)}`,
  };
  await ops(baseURL, '/ops/api/staff', await adminToken(baseURL), { ...creds, role });
  return creds;
}

/** The first sign-in in the console: password, the QR step, the first code, the recovery codes. */
export async function enrol(page: Page, creds: { email: string; password: string; name: string }) {
  await page.goto('/ops');
  await page.getByLabel('E-mail').fill(creds.email);
  await page.getByLabel('Password').fill(creds.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const shown = (await page.getByTestId('totp-secret').textContent())!.trim();
  // Shown in groups of four, to be typed by hand.
  expect(shown).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{4}){7}$/);
  const secret = shown.replace(/ /g, '');
  await page.getByLabel('Code').fill('000000');
  await page.getByRole('button', { name: 'Turn on and sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('Incorrect code');
  await page.getByLabel('Code').fill(totpCode(secret, totpStep(Date.now())));
  await page.getByRole('button', { name: 'Turn on and sign in' }).click();
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(page.getByText(creds.name)).toBeVisible();
  return secret;
}

export async function staffPage(browser: Browser, baseURL: string, role: Role) {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL })).newPage();
  const creds = await newStaff(baseURL, role);
  await enrol(page, creds);
  return { page, creds };
}

/**
 * Chooses an option of an antd select in `scope` (a form or dialog) as a person does: open the list,
 * pick the option, see it chosen in the field. A pick made while the list is still opening is lost,
 * so it is picked again until it shows (the list opens outside `scope`, so what shows there is chosen).
 */
export async function pick(page: Page, scope: Locator, select: string, option: string) {
  const chosen = scope.getByTitle(option, { exact: true });
  await expect(async () => {
    if (!(await chosen.count())) {
      await scope.getByRole('combobox', { name: select }).click();
      await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
    }
    await expect(chosen).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
}
