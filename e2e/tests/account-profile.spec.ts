// The profile in Settings, in a real browser against the real api: a new nickname reaches the
// navbar's greeting (one session store), a new e-mail address is confirmed with the login password
// and the codes the api mails to it and to the current address, and a changed password is the one
// that signs in afterwards.
import { expect, test } from '@playwright/test';
import { createUser, gc, latestCode } from '../support/api';
import { signInPage } from '../support/fixtures';
import { uniqueEmail } from '../support/onboarding-helpers';
import { withReference } from '../support/reference';

test('change nickname, e-mail and password from Settings', async ({ page, baseURL }) => {
  // The current address got its sign-up code a moment ago: its code for the change waits out the 60 s between two
  // codes.
  test.setTimeout(150_000);
  const user = await createUser(baseURL!);
  await signInPage(page, user);
  await page.goto('/settings');
  const profile = page.getByRole('region', { name: 'Profile' });
  await expect(profile.getByText(user.email)).toBeVisible();

  // Nickname: the navbar greets by the new name without a reload.
  await profile.getByRole('button', { name: 'Change nickname' }).click();
  await profile.getByLabel('New nickname').fill('Chiamaka Obi');
  await profile.getByRole('button', { name: 'Save nickname' }).click();
  await expect(profile.getByText('Your nickname is changed.')).toBeVisible();
  await expect(page.getByText('Hi, Chiamaka')).toBeVisible();

  // E-mail: a code goes to the new address; with it, the address changes.
  const next = uniqueEmail('new');
  await profile.getByRole('button', { name: 'Change e-mail' }).click();
  await profile.getByLabel('New e-mail address').fill(next);
  await profile.getByLabel('Your login password').fill(user.password);
  await profile.getByRole('button', { name: 'Send a code' }).click();
  await expect(profile.getByRole('alert')).toContainText(/Please wait \d+ seconds before requesting another code/);
  await expect(async () => {
    await profile.getByRole('button', { name: 'Send a code' }).click();
    await expect(
      profile.getByText(`We sent a 4-digit code to ${next} and another to ${user.email}.`, { exact: false }),
    ).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 80_000, intervals: [5_000] });
  await profile.getByLabel(`Code sent to ${next}`).fill(await latestCode(baseURL!, next));
  await profile.getByLabel(`Code sent to ${user.email}`).fill(await latestCode(baseURL!, user.email));
  await profile.getByRole('button', { name: 'Change e-mail address' }).click();
  await expect(profile.getByText(`Your e-mail address is now ${next}.`, { exact: false })).toBeVisible();
  expect((await gc<{ email: string }>(baseURL!, 'user/userInfo', {}, user.token)).data.email).toBe(next);

  // Password: a wrong current password is refused in words; the right one changes it.
  const password = page.getByRole('region', { name: 'Password' });
  await password.getByLabel('Current password').fill('Not-The-Password-1');
  await password.getByLabel('New password', { exact: true }).fill('Harmattan-2027');
  await password.getByLabel('Repeat the new password').fill('Harmattan-2027');
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(password.getByRole('alert')).toHaveText(
    withReference('The login password is incorrect, 4 attempts left'),
  );
  await password.getByLabel('Current password').fill(user.password);
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(password.getByRole('status')).toContainText('Your password is changed.');
  expect((await gc(baseURL!, 'user/applogin', { username: next, password: user.password })).success).toBe(false);
  expect((await gc(baseURL!, 'user/applogin', { username: next, password: 'Harmattan-2027' })).success).toBe(true);
});

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 780 } });
  test('the e-mail form fits the phone, and a screenshot is kept for review', async ({ page, baseURL }, info) => {
    const user = await createUser(baseURL!);
    await signInPage(page, user);
    await page.goto('/settings');
    const profile = page.getByRole('region', { name: 'Profile' });
    await profile.getByRole('button', { name: 'Change e-mail' }).click();
    await expect(profile.getByLabel('New e-mail address')).toBeVisible();
    const { scroll, client } = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(scroll, 'page is wider than the screen').toBeLessThanOrEqual(client);
    await page.screenshot({ path: info.outputPath('settings-profile-360.png'), fullPage: true });
  });
});
