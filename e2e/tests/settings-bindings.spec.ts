// Settings against the real api in Chromium at 360 px: binding Google (through the local stand-in
// of Google's script and keys, the api verifying the id token as it would Google's), which then
// signs in with one tap; the photo (checked when picked, uploaded, shown in the navbar); closing the
// account (password, the api's closure checks in their words, then signed out on the public home).
import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { STORAGE_KEYS } from '@giftlane/shared-sdk/storage';
import { createUser, gc } from '../support/api';
import { signInPage } from '../support/fixtures';
import { makeOrder, tinyPng } from '../support/account-helpers';
import { googleIdToken, googleScript } from '../support/google-stand-in';
import { withReference } from '../support/reference';

test.use({ viewport: { width: 360, height: 780 } });

const standInPort = Number(process.env.E2E_PORT ?? 8180) + 2;
const googleUser = () => ({
  sub: `g-${randomBytes(6).toString('hex')}`,
  email: `ada.${randomBytes(3).toString('hex')}@gmail.example`,
  name: 'Ada Obi',
});

async function standInGoogle(page: Page, token: string) {
  await page.route('https://accounts.google.com/gsi/client', (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: googleScript(token) }),
  );
}

async function fitsThePhone(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll, 'page is wider than the screen').toBeLessThanOrEqual(client);
}

test('bind Google from Settings: SPEC’s words, the view shows it bound, and Google then signs in', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const user = await createUser(baseURL!);
  const who = googleUser();
  await standInGoogle(page, await googleIdToken(standInPort, who));
  await signInPage(page, user);
  await page.goto('/settings');
  const linked = page.getByRole('region', { name: 'Linked accounts' });
  for (const p of ['google', 'facebook', 'apple'])
    await expect(linked.getByTestId(`binding-${p}`)).not.toContainText('Bound');

  await linked.getByRole('button', { name: 'Bind Google' }).click();
  await expect(linked.getByRole('status')).toHaveText('Google account bound successfully!');
  await expect(linked.getByTestId('binding-google')).toContainText('Bound');
  await expect(linked.getByRole('button', { name: 'Bind Google' })).toHaveCount(0);
  await expect(linked.getByRole('button', { name: 'Bind Facebook' })).toBeVisible();
  expect((await gc<{ google_bind: boolean }>(baseURL!, 'user/userInfo', {}, user.token)).data.google_bind).toBe(true);
  await linked.scrollIntoViewIfNeeded();
  await fitsThePhone(page);
  await page.screenshot({ path: testInfo.outputPath('settings-linked-360.png') });

  // The bound Google account now signs this user in.
  const other = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const tab = await other.newPage();
  await standInGoogle(tab, await googleIdToken(standInPort, who));
  await tab.goto('/login');
  await tab.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(tab.getByText('Google login successful!')).toBeVisible();
  await expect(tab).toHaveURL((url) => url.pathname === '/homes');
  expect(await tab.evaluate((k) => sessionStorage.getItem(k), STORAGE_KEYS.userId)).toBe(user.user_id);
  await other.close();
});

test('a Google account bound to someone else is refused in the api’s words', async ({ page, baseURL }) => {
  const [first, second] = [await createUser(baseURL!), await createUser(baseURL!)];
  const who = googleUser();
  const token = await googleIdToken(standInPort, who);
  const bound = await gc(
    baseURL!,
    'social/socialBind',
    { social_type: 'google', social_id: who.sub, idToken: token },
    first.token,
  );
  expect(bound.success, bound.msg).toBe(true);
  await standInGoogle(page, token);
  await signInPage(page, second);
  await page.goto('/settings');
  const linked = page.getByRole('region', { name: 'Linked accounts' });
  await linked.getByRole('button', { name: 'Bind Google' }).click();
  await expect(linked.getByRole('alert')).toHaveText(
    withReference('This Google account is already bound to another user'),
  );
  await expect(linked.getByTestId('binding-google')).not.toContainText('Bound');
});

test('the photo: a non-image is refused when picked; a PNG becomes the avatar in Settings and the navbar', async ({
  page,
  baseURL,
}, testInfo) => {
  const user = await createUser(baseURL!);
  await signInPage(page, user);
  await page.goto('/settings');
  const photo = page.getByRole('region', { name: 'Photo' });
  await expect(page.getByTestId('default-avatar')).toBeVisible();
  let uploads = 0;
  page.on('request', (r) => {
    if (r.url().includes('/gc/order/obsUrl')) uploads++;
  });
  await photo
    .locator('input[type=file]')
    .setInputFiles({ name: 'IMG_0042.HEIC', mimeType: 'image/heic', buffer: Buffer.from('not a jpeg') });
  await expect(photo.getByRole('alert')).toContainText('IMG_0042.HEIC is not a JPG, PNG or WebP photo.');
  expect(uploads).toBe(0);

  await photo
    .locator('input[type=file]')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: tinyPng(64, 64) });
  await expect(photo.getByRole('status')).toHaveText('Your photo is changed.');
  const avatar = (await gc<{ avatar: string }>(baseURL!, 'user/userInfo', {}, user.token)).data.avatar;
  expect(avatar).toMatch(/\/uploads\//);
  await expect(photo.getByRole('img', { name: 'Your photo' })).toHaveAttribute('src', avatar);
  const navbar = page.getByRole('link', { name: 'Settings' }).locator('img');
  await expect(navbar).toHaveAttribute('src', avatar);
  // The image really loads (served by the api, not a broken link).
  await expect.poll(() => navbar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(64);
  await photo.scrollIntoViewIfNeeded();
  await fitsThePhone(page);
  await page.screenshot({ path: testInfo.outputPath('settings-photo-360.png') });
});

test(
  'close the account: the password and the closure checks are shown in words; then signed out on the ' + 'public home',
  async ({ page, browser, baseURL }, testInfo) => {
    const user = await createUser(baseURL!);
    await makeOrder(baseURL!, user.token); // an order in review: the api refuses to close
    await signInPage(page, user);
    await page.goto('/settings');
    const close = page.getByRole('region', { name: 'Close account' });
    await close.getByRole('button', { name: 'Close my account' }).click();
    await close.getByRole('button', { name: 'Close my account for good' }).click();
    await expect(close.getByRole('alert')).toHaveText('Password is required.');
    await close.getByLabel('Your password').fill('Not-The-Password-1');
    await close.getByRole('checkbox').check();
    await close.getByRole('button', { name: 'Close my account for good' }).click();
    await expect(close.getByRole('alert')).toHaveText(
      withReference('The login password is incorrect, 4 attempts left'),
    );
    await close.getByLabel('Your password').fill(user.password);
    await close.getByRole('button', { name: 'Close my account for good' }).click();
    await expect(close.getByRole('alert')).toHaveText(
      withReference('Please wait for your orders to finish before closing your account'),
    );
    await close.scrollIntoViewIfNeeded();
    await fitsThePhone(page);
    await page.screenshot({ path: testInfo.outputPath('settings-close-360.png') });
    expect((await gc(baseURL!, 'user/userInfo', {}, user.token)).success).toBe(true);

    // A seller with nothing open closes the account and lands, signed out, on the public home.
    const clean = await createUser(baseURL!);
    // Its own browser: two tabs of one browser signed in as two people re-read each other's profile.
    const other = await browser.newContext({ viewport: { width: 360, height: 780 } });
    const tab = await other.newPage();
    await signInPage(tab, clean);
    await tab.goto('/settings');
    const section = tab.getByRole('region', { name: 'Close account' });
    await section.getByRole('button', { name: 'Close my account' }).click();
    await section.getByLabel('Your password').fill(clean.password);
    await section.getByRole('checkbox').check();
    await section.getByRole('button', { name: 'Close my account for good' }).click();
    await expect(tab).toHaveURL((url) => url.pathname === '/home');
    expect(await tab.evaluate((k) => sessionStorage.getItem(k), STORAGE_KEYS.token)).toBeNull();
    await tab.goto('/settings');
    await expect(tab).toHaveURL((url) => url.pathname === '/login');
    expect((await gc(baseURL!, 'user/applogin', { username: clean.email, password: clean.password })).success).toBe(
      false,
    );
    expect((await gc(baseURL!, 'user/userInfo', {}, clean.token)).success).toBe(false);
    await other.close();
  },
);
