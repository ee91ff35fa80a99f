// Getting paid, in a real browser against the real api: a seller with an approved sale sets a
// transaction password and adds a bank account in Settings (both confirmed with the login password;
// the name comes from the bank look-up); the new account waits out its cooling-off, which the
// withdraw form explains, until support ends it; then the withdrawal is held and in the history.
import { expect, test } from '@playwright/test';
import { formatMoney } from '@giftlane/shared-sdk/format';
import { parseMoney } from '@giftlane/shared-sdk/money';
import { nubanCheckDigit } from '../../api/src/modules/payment/nuban';
import { createUser, gc } from '../support/api';
import { signInPage } from '../support/fixtures';
import {
  approveOrder,
  endCoolingOff,
  makeOrder,
  operatorCredentials,
  operatorLogin,
  verifyAs,
} from '../support/account-helpers';
import { withReference } from '../support/reference';

test('set the PIN, add a bank account, wait out the cooling-off, withdraw, and see it held and in the history', async ({
  page,
  baseURL,
}, info) => {
  const user = await createUser(baseURL!);
  const creds = operatorCredentials();
  expect(creds, 'an operator for the running api').toBeTruthy();
  const orderNo = await makeOrder(baseURL!, user.token);
  const quote = await gc<{ quote: { card_id: number; face_value: string } }>(
    baseURL!,
    'ord/detail',
    { order_no: orderNo },
    user.token,
  );
  const opsToken = await operatorLogin(baseURL!, creds!);
  await approveOrder(baseURL!, opsToken, orderNo, {
    card_id: quote.data.quote.card_id,
    face_value: quote.data.quote.face_value,
    code: 'WD-CODE-1',
  });
  const banks = await gc<Array<{ bank_id: number; bank_name: string; bank_code: string }>>(
    baseURL!,
    'payment/bankList',
    { country_id: '1', payment_id: '1' },
    user.token,
  );
  const bank = banks.data[0]!;
  const serial = '012345678';
  const nuban = serial + nubanCheckDigit(bank.bank_code, serial);

  await signInPage(page, user);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 2, name: 'Payout accounts' })).toBeVisible();
  await expect(page.getByText('No payout account yet. Add one to withdraw.')).toBeVisible();

  // The PIN first (a payout account is confirmed with it): a trivial one and a mismatch are refused,
  // then set with the login password.
  await page.getByLabel('Choose a transaction password').fill('123456');
  await page.getByLabel('Repeat it').fill('123456');
  await page.getByRole('button', { name: 'Set transaction password' }).click();
  await expect(
    page.getByText(
      'This transaction password is too easy to guess: do not use one digit repeated or a run such as 123456 or ' +
        '654321.',
    ),
  ).toBeVisible();
  await page.getByLabel('Choose a transaction password').fill('246810');
  await page.getByLabel('Repeat it').fill('246811');
  await page.getByRole('button', { name: 'Set transaction password' }).click();
  await expect(page.getByText('The two transaction passwords do not match.')).toBeVisible();
  await page.getByLabel('Repeat it').fill('246810');
  const pinSection = page.getByRole('region', { name: 'Transaction password' });
  await pinSection.getByLabel('Your login password').fill(user.password);
  await page.getByRole('button', { name: 'Set transaction password' }).click();
  await expect(page.getByText('Your transaction password is set.')).toBeVisible();

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
  // A wrong login password is refused and counted; the right one with the PIN saves it.
  const payout = page.getByRole('region', { name: 'Payout accounts' });
  await payout.getByLabel('Your login password').fill('Not-my-password-1');
  await payout.getByLabel('Transaction password').fill('246810');
  await page.getByRole('button', { name: 'Save account' }).click();
  await expect(payout.getByRole('alert')).toHaveText(withReference('The login password is incorrect, 4 attempts left'));
  await payout.getByLabel('Your login password').fill(user.password);
  await page.getByRole('button', { name: 'Save account' }).click();
  await expect(page.getByText('Account saved as your default.')).toBeVisible();
  const saved = page.getByRole('listitem', { name: new RegExp(nuban) });
  await expect(saved).toContainText('Default');
  await expect(saved).toContainText(holder);
  // Withdrawing needs a verified identity in the account's name (its own suite shows the form).
  await verifyAs(baseURL!, user.token, holder);

  // The new account waits: the form says why and for how long before an amount is typed, and the api refuses.
  await page.goto('/wallet');
  const coolingOff = page.getByTestId('withdraw-holds');
  await expect(coolingOff).toContainText(
    /a new payout account can be paid to 24 hours after it is added\. You can withdraw to .+ from \d{1,2} \w{3} \d{4}, \d\d:\d\d Lagos time\./,
  );
  await expect(page.getByTestId('withdraw-available')).toHaveText('₦0.00');
  // On a phone the reason comes before the amount field.
  const desktop = page.viewportSize()!;
  await page.setViewportSize({ width: 360, height: 780 });
  await page.screenshot({ path: info.outputPath('withdraw-cooling-off-360.png'), fullPage: true });
  await page.setViewportSize(desktop);
  await page.getByLabel('Amount (NGN)').fill('2000');
  await page.getByRole('textbox', { name: 'Transaction password', exact: true }).fill('246810');
  await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText(
    'For your safety, a new payout account can be paid to 24 hours after it is added',
  );

  // Support ends the wait after checking with the owner; withdraw 2,000 naira.
  await endCoolingOff(baseURL!, opsToken, user.user_id);
  await page.reload();
  await expect(page.getByTestId('withdraw-available')).toBeVisible();
  await expect(coolingOff).toHaveCount(0);
  const before = parseMoney(
    (await page.getByTestId('withdraw-available').textContent())!.replace(/[^\d.]/g, ''),
    'NGN',
  );
  expect(before.amount_minor).toBeGreaterThan(200_000n);
  await expect(page.getByRole('group', { name: 'To' })).toContainText(nuban);
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
