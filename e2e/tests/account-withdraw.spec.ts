// Getting paid, in a real browser against the real api: a seller with an approved sale adds a bank
// account in Settings (the name comes from the bank look-up), sets a transaction password, and
// withdraws from the wallet; the money is held and the withdrawal is in the history.
import { expect, test } from '@playwright/test';
import { formatMoney } from '@giftlane/shared-sdk/format';
import { parseMoney } from '@giftlane/shared-sdk/money';
import { nubanCheckDigit } from '../../api/src/modules/payment/nuban';
import { createUser, gc } from '../support/api';
import { signInPage } from '../support/fixtures';
import { approveOrder, makeOrder, operatorCredentials, operatorLogin } from '../support/account-helpers';

test('add a bank account, set the PIN, withdraw, and see it held and in the history', async ({ page, baseURL }) => {
  const user = await createUser(baseURL!);
  const creds = operatorCredentials();
  expect(creds, 'an operator for the running api').toBeTruthy();
  const orderNo = await makeOrder(baseURL!, user.token);
  const quote = await gc<{ quote: { card_id: number; face_value: string } }>(baseURL!, 'ord/detail', { order_no: orderNo }, user.token);
  await approveOrder(baseURL!, await operatorLogin(baseURL!, creds!), orderNo, { card_id: quote.data.quote.card_id, face_value: quote.data.quote.face_value, code: 'WD-CODE-1' });
  const banks = await gc<Array<{ bank_id: number; bank_name: string; bank_code: string }>>(baseURL!, 'payment/bankList', { country_id: '1', payment_id: '1' }, user.token);
  const bank = banks.data[0]!;
  const serial = '012345678';
  const nuban = serial + nubanCheckDigit(bank.bank_code, serial);

  await signInPage(page, user);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 2, name: 'Payout accounts' })).toBeVisible();
  await expect(page.getByText('No payout account yet. Add one to withdraw.')).toBeVisible();
  await page.getByRole('button', { name: 'Add a payout account' }).click();
  await page.getByRole('combobox', { name: 'Bank' }).selectOption({ label: bank.bank_name });
  // A wrong check digit is refused in words before anything is saved.
  await page.getByLabel('Account number').fill(serial + ((Number(nuban[9]) + 1) % 10));
  await page.getByRole('button', { name: 'Look up account name' }).click();
  await expect(page.getByRole('alert')).toContainText('Invalid account number');
  await page.getByLabel('Account number').fill(nuban);
  await page.getByRole('button', { name: 'Look up account name' }).click();
  const holder = (await page.getByTestId('verified-name').textContent())!.trim();
  expect(holder.length).toBeGreaterThan(3);
  await page.getByRole('button', { name: 'Save account' }).click();
  await expect(page.getByText('Account saved as your default.')).toBeVisible();
  const saved = page.getByRole('listitem', { name: new RegExp(nuban) });
  await expect(saved).toContainText('Default');
  await expect(saved).toContainText(holder);

  // The PIN: a trivial one and a mismatch are refused, then set.
  await page.getByLabel('Choose a transaction password').fill('123456');
  await page.getByLabel('Repeat it').fill('123456');
  await page.getByRole('button', { name: 'Set transaction password' }).click();
  await expect(page.getByText('This transaction password is too easy to guess: do not use one digit repeated or a run such as 123456 or 654321')).toBeVisible();
  await page.getByLabel('Choose a transaction password').fill('246810');
  await page.getByLabel('Repeat it').fill('246811');
  await page.getByRole('button', { name: 'Set transaction password' }).click();
  await expect(page.getByText('The two transaction passwords do not match')).toBeVisible();
  await page.getByLabel('Repeat it').fill('246810');
  await page.getByRole('button', { name: 'Set transaction password' }).click();
  await expect(page.getByText('Your transaction password is set.')).toBeVisible();

  // Withdraw 2,000 naira.
  await page.goto('/wallet');
  const before = parseMoney((await page.getByTestId('withdrawable').textContent())!.replace(/[^\d.]/g, ''), 'NGN');
  expect(before.amount_minor).toBeGreaterThan(200_000n);
  await expect(page.getByRole('combobox', { name: 'To' })).toContainText(nuban);
  await page.getByLabel('Amount (NGN)').fill('2000');
  await page.getByRole('textbox', { name: 'Transaction password', exact: true }).fill('999999');
  await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('Incorrect transaction password, 4 attempts left');
  await page.getByRole('textbox', { name: 'Transaction password', exact: true }).fill('246810');
  await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
  await expect(page.getByText('Withdrawal requested.')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Withdrawal requested.' })).toContainText('₦2,000.00');
  const held = formatMoney(parseMoney('2000', 'NGN'));
  await expect(page.getByTestId('balance-held')).toContainText(held);
  await page.getByRole('link', { name: 'See it in your history' }).click();
  await expect(page).toHaveURL(/\/wallet\/history$/);
  await expect(page.getByRole('main')).toContainText(/Withdraw/i);
});
