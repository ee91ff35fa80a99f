// A request id, followed from a seller's screen to the api's log and the console: a call that fails in
// the browser shows its reference under the message ("Reference: 7F3K2Q"); the api's log line of
// that request carries it, and support finds the seller by it on the console's users page.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createUser } from '../support/api';
import { signInPage } from '../support/fixtures';
import { staffPage } from '../support/ops-console';

const REF = /Reference: ([0-9A-HJKMNP-TV-Z]{6})/;

/** The api's JSON log lines carrying this reference (the site's log, written by npm start). */
function logLinesWith(ref: string): Record<string, unknown>[] {
  const file = path.join(process.env.E2E_SCRATCH!, 'site.log');
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('{') && line.includes(ref))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((l) => l.ref === ref);
}

test('a failed call shows its reference; the api log and the console find it', async ({
  page,
  browser,
  baseURL,
}, info) => {
  const user = await createUser(baseURL!);
  await page.setViewportSize({ width: 360, height: 780 });
  await signInPage(page, user);
  await page.goto('/settings');
  // Setting the transaction password with a wrong login password: the api refuses it.
  await page.getByLabel('Choose a transaction password').fill('246810');
  await page.getByLabel('Repeat it').fill('246810');
  const pinSection = page.getByRole('region', { name: 'Transaction password' });
  await pinSection.getByLabel('Your login password').fill('Not-my-password-1');
  await page.getByRole('button', { name: 'Set transaction password' }).click();
  const alert = pinSection.getByRole('alert');
  await expect(alert).toContainText(REF);
  const ref = REF.exec((await alert.textContent()) ?? '')![1]!;
  // Small and quiet under the message, inside the phone's width.
  const shown = alert.getByText(`Reference: ${ref}`);
  await expect(shown).toBeVisible();
  const box = (await shown.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(360);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await alert.scrollIntoViewIfNeeded();
  await page.screenshot({ path: info.outputPath('reference-360.png') });

  // The api logged that request under the same reference, on every line of it, with its id.
  await expect
    .poll(() => logLinesWith(ref).map((l) => l.msg), { timeout: 10_000 })
    .toEqual(expect.arrayContaining(['incoming request', 'request completed']));
  const lines = logLinesWith(ref);
  expect(new Set(lines.map((l) => l.reqId)).size).toBe(1);
  expect(lines.find((l) => l.msg === 'incoming request')).toMatchObject({
    req: { url: '/gc/withdraw/transactionPassword' },
  });

  // Support types the reference the seller read out into the users search and finds them.
  const { page: console } = await staffPage(browser, baseURL!, 'reviewer');
  await console.goto('/ops/users');
  await console.getByLabel('Find a user').fill(`Reference: ${ref.toLowerCase()}`);
  await console.getByRole('button', { name: 'Find' }).click();
  await expect(console.getByText(`Requests that failed with reference ${ref}`)).toBeVisible();
  await expect(console.getByRole('cell', { name: /^\/gc\/withdraw\/transactionPassword/ })).toBeVisible();
  await expect(console.getByText(String(lines[0]!.reqId))).toBeVisible();
  await expect(console.getByRole('link', { name: new RegExp(`^#${user.user_id} `) }).first()).toBeVisible();
  await console.screenshot({ path: info.outputPath('console-1280.png') });
  await console.setViewportSize({ width: 1024, height: 800 });
  await console.screenshot({ path: info.outputPath('console-1024.png') });
  await console.context().close();
});
