// A Ghanaian seller adds a mobile money wallet in Settings: like a bank account, the name is looked
// up from the network and saved as given, never typed (names come from the look-up).
import { expect, test } from '@playwright/test';
import { createUser, gc } from '../support/api';
import { signInPage } from '../support/fixtures';

test('a mobile money wallet is saved under the name the network look-up gives', async ({ page, baseURL }) => {
  const user = await createUser(baseURL!, { country_id: '2' });
  const looked = await gc<{ user_name: string }>(
    baseURL!,
    'payment/verify',
    { bank_id: await mtnId(baseURL!, user.token), bank_account: '0247654321' },
    user.token,
  );
  expect(looked.success).toBe(true);
  // A payout account is confirmed with the login password and the PIN: set the PIN first.
  expect(
    (
      await gc(
        baseURL!,
        'withdraw/transactionPassword',
        { password: '246810', login_password: user.password },
        user.token,
      )
    ).success,
  ).toBe(true);

  await page.setViewportSize({ width: 360, height: 800 });
  await signInPage(page, user);
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Add a payout account' }).click();
  // A Ghana seller is paid by mobile money first: it is the method already chosen.
  await expect(page.getByRole('radio', { name: 'Mobile money' })).toBeChecked();
  await page.getByRole('combobox', { name: 'Network' }).selectOption({ label: 'MTN MoMo' });
  await page.getByLabel('Mobile money number').fill('024 765 4321');
  // There is no name to type: saving first asks for the look-up.
  await expect(page.getByRole('textbox', { name: 'Account name' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Save account' }).click();
  await expect(page.getByRole('alert')).toContainText('Look up the account name first');
  await page.getByRole('button', { name: 'Look up account name' }).click();
  await expect(page.getByTestId('verified-name')).toHaveText(looked.data.user_name);
  const payout = page.getByRole('region', { name: 'Payout accounts' });
  await payout.getByLabel('Your login password').fill(user.password);
  await payout.getByLabel('Transaction password').fill('246810');
  await page.getByRole('button', { name: 'Save account' }).click();
  await expect(page.getByText(/Account saved/)).toBeVisible();
  await expect(page.getByRole('listitem', { name: /0247654321/ })).toContainText(looked.data.user_name);

  // A client that forges the name is not believed either.
  const forged = await gc<{ account_name: string }>(
    baseURL!,
    'payment/add',
    {
      payment_id: '2',
      bank_id: await mtnId(baseURL!, user.token),
      account_no: '0551234567',
      account_name: 'SOMEONE ELSE',
      password: user.password,
      t_password: '246810',
    },
    user.token,
  );
  expect(forged.success).toBe(true);
  expect(forged.data.account_name).not.toBe('SOMEONE ELSE');
});

async function mtnId(baseURL: string, token: string): Promise<string> {
  const banks = await gc<Array<{ bank_id: number; bank_name: string }>>(
    baseURL,
    'payment/bankList',
    { country_id: '2', payment_id: '2' },
    token,
  );
  return String(banks.data.find((b) => b.bank_name === 'MTN MoMo')!.bank_id);
}
