// A first sale without traps, on a 360 px phone against the real api: a new seller's dashboard lists the
// steps before a first payout (each "To do" from the api's state, the new payout account's wait said before
// it is added); they verify their identity from it, then add a payout account and set the transaction
// password in that same step (no detour to another section); Settings opens with an index of its sections;
// the dashboard then shows those steps done.
import { expect, test, type Page } from '@playwright/test';
import { nubanCheckDigit } from '../../api/src/modules/payment/nuban';
import { createUser, gc } from '../support/api';
import { signInPage } from '../support/fixtures';
import { registerPerson } from '../support/account-helpers';

const pinSectionShot = async (page: Page, path: string) => {
  await page.goto('/settings#pin');
  await page.getByRole('region', { name: 'Transaction password' }).screenshot({ path });
};

const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

test('a new seller walks the checklist to a payout account, setting the PIN in the same step, at 360 px', async ({
  page,
  baseURL,
}, info) => {
  const user = await createUser(baseURL!);
  const banks = await gc<Array<{ bank_id: number; bank_name: string; bank_code: string }>>(
    baseURL!,
    'payment/bankList',
    { country_id: '1', payment_id: '1' },
    user.token,
  );
  const bank = banks.data[0]!;
  const serial = '023456789';
  const nuban = serial + nubanCheckDigit(bank.bank_code, serial);
  // The bank's name for the account: the identity verified must be in it.
  const holder = (
    await gc<{ user_name: string }>(
      baseURL!,
      'payment/verify',
      { bank_id: String(bank.bank_id), bank_account: nuban },
      user.token,
    )
  ).data.user_name;
  const person = await registerPerson(baseURL!, holder, '1990-08-17');

  await page.setViewportSize({ width: 360, height: 780 });
  await signInPage(page, user);
  await page.goto('/homes');
  const checklist = page.getByRole('region', { name: 'Your first sale, step by step' });
  await expect(checklist).toContainText('4 of 4 steps left before you can be paid.');
  const step = (title: string) => checklist.getByRole('listitem').filter({ hasText: title });
  for (const title of [
    'Verify your identity',
    'Set your transaction password',
    'Add a payout account',
    'Sell your first gift card',
  ])
    await expect(step(title)).toContainText('To do');
  // The wait of a new payout account is said before it is added, in the api's figure.
  await expect(step('Add a payout account')).toContainText(
    'Money can be sent to a new payout account 24 hours after you add it, so add it before your first sale.',
  );
  await page.screenshot({ path: info.outputPath('dashboard-checklist-360.png'), fullPage: true });
  await noSidewaysScroll(page);

  // Identity, from the checklist.
  await step('Verify your identity').getByRole('link', { name: 'Verify now' }).click();
  await expect(page).toHaveURL(/\/settings#verification$/);
  const kyc = page.getByRole('region', { name: 'Verification' });
  await kyc.getByRole('radio', { name: 'BVN' }).check();
  await kyc.getByRole('textbox', { name: /^Your BVN/ }).fill(person.bvn);
  await kyc.getByRole('textbox', { name: 'First name' }).fill(person.first);
  await kyc.getByRole('textbox', { name: 'Last name' }).fill(person.last);
  await kyc.getByLabel('Date of birth', { exact: true }).fill('1990-08-17');
  await kyc.getByRole('button', { name: 'Verify' }).click();
  await expect(kyc.getByRole('status')).toHaveText('Your identity is verified: you are at level 1.');
  // The selfie step that follows is a labelled control, not the bare file picker.
  await expect(kyc.getByLabel('Take a selfie')).toHaveAttribute('capture', 'user');

  // Settings opens with an index of its sections, reachable by keyboard.
  const index = page.getByRole('navigation', { name: 'Settings sections' });
  await expect(index.getByRole('link', { name: 'Payout accounts' })).toBeVisible();
  await expect(index.getByRole('link', { name: 'Transaction password' })).toBeVisible();
  await page.screenshot({ path: info.outputPath('settings-index-360.png') });

  // Back to the dashboard: identity done; the payout account next (the PIN is set with it).
  await page.goto('/homes');
  await expect(step('Verify your identity')).toContainText('Done');
  await step('Add a payout account').getByRole('link', { name: 'Add one' }).click();
  await expect(page).toHaveURL(/\/settings#payout$/);
  const payout = page.getByRole('region', { name: 'Payout accounts' });
  await expect(payout).toContainText('Money can be sent to a new payout account 24 hours after you add it');
  await payout.getByRole('button', { name: 'Add a payout account' }).click();
  const form = payout.getByRole('form', { name: 'Add a payout account' });
  await form.getByRole('combobox', { name: 'Bank' }).selectOption({ label: bank.bank_name });
  await form.getByLabel('Account number').fill(nuban);
  await form.getByRole('button', { name: 'Look up account name' }).click();
  await expect(form.getByTestId('verified-name')).toHaveText(holder);
  await form.getByLabel('Your login password').fill(user.password);
  // No PIN yet: it is chosen here, checked as the PIN form checks it, and set together with the account.
  await expect(form.getByLabel('Transaction password', { exact: true })).toHaveCount(0);
  await form.getByLabel('Choose a transaction password').fill('123456');
  await form.getByLabel('Repeat it').fill('123456');
  await form.getByRole('button', { name: 'Set password and save account' }).click();
  await expect(form.getByRole('alert')).toContainText('This transaction password is too easy to guess');
  await form.getByLabel('Choose a transaction password').fill('246810');
  await form.getByLabel('Repeat it').fill('246810');
  await page.screenshot({ path: info.outputPath('payout-with-pin-360.png'), fullPage: true });
  await payout.screenshot({ path: info.outputPath('payout-form-360.png') });
  await noSidewaysScroll(page);
  await form.getByRole('button', { name: 'Set password and save account' }).click();
  await expect(payout.getByRole('status').first()).toHaveText(
    'Transaction password set. Account saved as your default.',
  );
  await expect(payout.getByRole('listitem', { name: new RegExp(nuban) })).toContainText('Default');
  // The PIN section says it is set, with no empty form to fill.
  const pinSection = page.getByRole('region', { name: 'Transaction password' });
  await expect(pinSection).toContainText('Your transaction password is set.');
  await expect(pinSection.getByLabel('Choose a transaction password')).toHaveCount(0);
  await expect(pinSection.getByRole('button', { name: 'Change transaction password' })).toBeVisible();

  // The dashboard: three steps done, the sale left.
  await page.goto('/homes');
  await expect(checklist).toContainText('1 of 4 steps left before you can be paid.');
  for (const title of ['Verify your identity', 'Set your transaction password', 'Add a payout account'])
    await expect(step(title)).toContainText('Done');
  await expect(step('Sell your first gift card').getByRole('link', { name: 'Sell a gift card' })).toBeVisible();
  await page.screenshot({ path: info.outputPath('dashboard-checklist-done-360.png'), fullPage: true });
  await pinSectionShot(page, info.outputPath('pin-set-360.png'));
  await noSidewaysScroll(page);

  // The first PIN was announced as set, not as a change.
  const notices = await gc<Array<{ notice_title: string }>>(
    baseURL!,
    'finder/allNotice',
    { type: 'all', page: '0', page_size: '20' },
    user.token,
  );
  const titles = notices.data.map((n) => n.notice_title);
  expect(titles).toContain('Transaction password set');
  expect(titles).not.toContain('Transaction password changed');
});

test('the settings index is one tab away and takes a keyboard user to the section', async ({ page, baseURL }) => {
  const user = await createUser(baseURL!);
  await page.setViewportSize({ width: 360, height: 780 });
  await signInPage(page, user);
  await page.goto('/settings');
  const link = page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: 'Alerts' });
  await link.focus();
  await expect(link).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/settings#alerts$/);
  await expect(page.getByRole('heading', { name: 'Updates about your money' })).toBeInViewport();
  // At a desk: the index on one or two lines, the checklist beside nothing it overlaps.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/settings');
  await page.screenshot({ path: test.info().outputPath('settings-index-1280.png') });
  await page.goto('/homes');
  await expect(page.getByRole('region', { name: 'Your first sale, step by step' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('dashboard-checklist-1280.png'), fullPage: true });
});
