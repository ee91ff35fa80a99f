// Account changes and sessions in a real browser against the real api, at 360 px: a
// WhatsApp number typed the Nigerian way is added with the login password and the code sent to it;
// the old address is told, and its "this wasn't me" link signs out every device and freezes
// withdrawals; Settings lists the signed-in devices, signs one out and signs out everywhere; a
// sign-in from a new device shows up in the app.
import { expect, test } from '@playwright/test';
import { createUser, gc, latestCode, outboxMessage } from '../support/api';
import { signInPage } from '../support/fixtures';
import { uniqueLocalNumber } from '../support/onboarding-helpers';
import { withReference } from '../support/reference';

test.use({ viewport: { width: 360, height: 780 } });

/** The newest message to an address whose subject matches, from the api's dev outbox. */
const message = (baseURL: string, to: string, subject: RegExp) =>
  outboxMessage(baseURL, (m) => m.to === to && subject.test(m.subject ?? ''), `"${subject}" to ${to}`);

async function fitsThePhone(page: import('@playwright/test').Page) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll, 'page is wider than the screen').toBeLessThanOrEqual(client);
}

test(
  'add WhatsApp (08… number) with the password and code; the e-mail is told; "this wasn\'t me" secures the ' +
    'account',
  async ({ page, baseURL }, info) => {
    const user = await createUser(baseURL!);
    await signInPage(page, user);
    await page.goto('/settings');
    const profile = page.getByRole('region', { name: 'Profile' });
    await profile.getByRole('button', { name: 'Add WhatsApp' }).click();
    await expect(profile.getByRole('combobox', { name: 'Country code' })).toHaveValue(/234/);
    const local = `0812${uniqueLocalNumber().slice(-7)}`;
    const full = `+234${local.slice(1)}`;
    await profile.getByRole('textbox', { name: 'New WhatsApp number' }).fill(local);
    // Without the login password the api refuses in words, and sends nothing.
    await profile.getByRole('button', { name: 'Send a code' }).click();
    await expect(profile.getByRole('alert')).toHaveText(
      withReference('Enter your login password to confirm this change'),
    );
    await profile.getByLabel('Your login password').fill(user.password);
    await profile.getByRole('button', { name: 'Send a code' }).click();
    await expect(profile.getByText(`We sent a 4-digit code to ${full} on WhatsApp.`, { exact: false })).toBeVisible();
    await profile.getByRole('textbox', { name: `Code sent to ${full}` }).fill(await latestCode(baseURL!, full));
    await fitsThePhone(page);
    await page.screenshot({ path: info.outputPath('settings-whatsapp-360.png'), fullPage: true });
    await profile.getByRole('button', { name: 'Add WhatsApp number' }).click();
    await expect(profile.getByText(`${full} is now your WhatsApp number.`)).toBeVisible();
    await expect(profile.getByRole('definition').filter({ hasText: full })).toContainText('Change');

    // The e-mail address was told, with a link; the in-app notice is there and unread.
    const mail = await message(baseURL!, user.email, /whatsapp number changed/i);
    const link = /https?:\/\/[^/\s]+(\/secure-account\?token=[A-Za-z0-9_-]+)/.exec(mail.text ?? '');
    expect(link, mail.text).toBeTruthy();
    const notices = await gc<{ notice_title: string }[]>(
      baseURL!,
      'finder/allNoticeWithoutRead',
      { start_time: '0', end_time: '9999999999', page: '0', page_size: '50' },
      user.token,
    );
    expect(notices.data.map((n) => n.notice_title)).toContain('WhatsApp number changed');

    // Another device is signed in too.
    const other = await gc<{ token: string }>(baseURL!, 'user/applogin', {
      username: user.email,
      password: user.password,
      device_no: 'e2e-other-phone',
    });
    expect(other.success).toBe(true);

    // The owner opens the link: one button, then every session ends and withdrawals freeze.
    await page.goto(link![1]!);
    await expect(page.getByRole('heading', { level: 1, name: 'Secure your account' })).toBeVisible();
    await expect(page).toHaveURL(/\/secure-account$/);
    await fitsThePhone(page);
    await page.screenshot({ path: info.outputPath('secure-account-360.png'), fullPage: true });
    await page.getByRole('button', { name: 'This wasn’t me: secure my account' }).click();
    await expect(page.getByRole('status')).toContainText('Your account is secured.');
    for (const token of [user.token, other.data.token])
      expect((await gc(baseURL!, 'user/userInfo', {}, token)).code).toBe('common.004');
    const again = await gc<{ token: string }>(baseURL!, 'user/applogin', {
      username: user.email,
      password: user.password,
      device_no: 'device-e2e',
    });
    const wi = await gc<{ security_hold: { frozen: boolean; message: string } | null }>(
      baseURL!,
      'withdraw/information',
      { wallet_type: '1' },
      again.data.token,
    );
    expect(wi.data.security_hold).toMatchObject({ frozen: true });
    await page.screenshot({ path: info.outputPath('secure-account-done-360.png'), fullPage: true });
  },
);

test('signed-in devices: the list, sign one out, sign out everywhere; a new device shows in notifications', async ({
  page,
  baseURL,
}, info) => {
  const user = await createUser(baseURL!);
  const laptop = await gc<{ token: string }>(baseURL!, 'user/applogin', {
    username: user.email,
    password: user.password,
    device_no: 'e2e-laptop',
  });
  expect(laptop.success).toBe(true);
  // A sign-in from a device the account had not used: an e-mail and an in-app notice.
  await message(baseURL!, user.email, /new sign-in/i);
  await signInPage(page, user);
  await page.goto('/notification');
  await expect(page.getByText('New sign-in to your account').first()).toBeVisible();

  await page.goto('/settings');
  const devices = page.getByRole('region', { name: 'Signed-in devices' });
  const list = devices.getByRole('list', { name: 'Signed-in devices' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByRole('listitem').filter({ hasText: 'this device' })).toHaveCount(1);
  await expect(list).toContainText(/\d+\.\d+\.x\.x|::\/48|unknown/);
  await fitsThePhone(page);
  await page.screenshot({ path: info.outputPath('settings-devices-360.png'), fullPage: true });
  await list.getByRole('button', { name: /^Sign out / }).click();
  await expect(devices.getByRole('status').filter({ hasText: 'is signed out.' })).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  expect((await gc(baseURL!, 'user/userInfo', {}, laptop.data.token)).code).toBe('common.004');
  expect((await gc(baseURL!, 'user/userInfo', {}, user.token)).success).toBe(true);

  await devices.getByRole('button', { name: 'Sign out everywhere' }).click();
  await devices.getByRole('button', { name: 'Yes, sign out everywhere' }).click();
  await expect(page).toHaveURL(/\/login/);
  expect((await gc(baseURL!, 'user/userInfo', {}, user.token)).code).toBe('common.004');
});
