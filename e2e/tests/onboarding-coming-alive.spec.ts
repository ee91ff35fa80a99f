// /login and /sign-up arrive prerendered: the form is on screen before it is live, and a seller on a
// slow phone types their address and password and taps the button as soon as it shows. What was
// typed is what is sent, and the tap sends it once: never lost, never twice, whenever it happens —
// before the onboarding remote's code has arrived (held back here), while the page is being
// hydrated, or just after (the code slowed and the processor slowed 4×, the moment swept).
import { expect, test, type Page } from '@playwright/test';
import { createUser } from '../support/api';
import { PASSWORD, uniqueEmail } from '../support/onboarding-helpers';

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

const ONBOARDING_CODE = /\/releases\/mfe-onboarding\/.*\.js$/;

/** Holds the onboarding remote's scripts until the function returned is called. */
async function holdOnboardingCode(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((r) => (release = r));
  await page.route(ONBOARDING_CODE, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Slow 4G and a cheap phone: each of the remote's scripts arrives `ms` late, the processor 4× slower. */
async function slowPhone(page: Page, ms: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.route(ONBOARDING_CODE, async (route) => {
    await new Promise((r) => setTimeout(r, ms));
    await route.continue();
  });
}

/** What the page sent to the api at `path`, each as the named fields joined by a space. */
function sentTo(page: Page, path: string, fields: string[]): string[] {
  const sent: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname !== `/gc/${path}`) return;
    const body = new URLSearchParams(r.postData() ?? '');
    sent.push(fields.map((f) => body.get(f)).join(' '));
  });
  return sent;
}

/** Once the page is idle, whatever was kept to be done later has been done. */
const settled = (page: Page) =>
  page.evaluate(() => new Promise((r) => requestIdleCallback(r, { timeout: 3000 })).then(() => undefined));

const emailBox = (page: Page) => page.getByLabel('Email Address/WhatsApp Number');
const passwordBox = (page: Page) => page.getByLabel('Password', { exact: true });
const loginButton = (page: Page) => page.getByRole('button', { name: /^Login to / });

test('typed into /login and Login tapped before the page is live: signed in once, with what was typed', async ({
  page,
  baseURL,
}) => {
  const user = await createUser(baseURL!);
  const signIns = sentTo(page, 'user/applogin', ['username', 'password']);
  const release = await holdOnboardingCode(page);
  await page.goto('/login', { waitUntil: 'commit' });
  await emailBox(page).fill(user.email);
  await passwordBox(page).fill(user.password);
  await loginButton(page).click();
  release();
  await expect(page).toHaveURL(/\/homes$/);
  await settled(page);
  expect(signIns).toEqual([`${user.email} ${user.password}`]);
});

test(
  "typed into /login and Login tapped before any of the site's code came: nothing is posted by the browser, and " +
    'the sign-in is done once it is live',
  async ({ page, baseURL }) => {
    const user = await createUser(baseURL!);
    const signIns = sentTo(page, 'user/applogin', ['username', 'password']);
    // A form the browser would post itself (the tap before any code ran) would carry the password to the edge.
    const posted: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.isNavigationRequest()) posted.push(r.url());
    });
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => (release = r));
    // The shell's first scripts (its entry, and the starter were it not in the page) held back: a slow network.
    await page.route(/\/releases\/shell\/[^/]+\/(main\.[0-9a-f]+|after-paint)\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/login', { waitUntil: 'commit' });
    await emailBox(page).fill(user.email);
    await passwordBox(page).fill(user.password);
    await loginButton(page).click();
    await expect(page).toHaveURL(/\/login$/);
    release();
    await expect(page).toHaveURL(/\/homes$/);
    await settled(page);
    expect(posted).toEqual([]);
    expect(signIns).toEqual([`${user.email} ${user.password}`]);
  },
);

test('on a slow phone, /login typed into and tapped at every moment after it shows: signed in once each time', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const user = await createUser(baseURL!);
  const signIns = sentTo(page, 'user/applogin', ['username', 'password']);
  await slowPhone(page, 300);
  for (const pause of [0, 100, 200, 300, 400, 500, 600, 800, 1000, 1300, 1600, 2000]) {
    await page.goto('/login', { waitUntil: 'commit' });
    await expect(emailBox(page)).toBeVisible();
    await page.waitForTimeout(pause);
    signIns.length = 0;
    await emailBox(page).fill(user.email);
    await passwordBox(page).fill(user.password);
    await loginButton(page).click();
    await expect(page, `tapped ${pause} ms after the form showed`).toHaveURL(/\/homes$/);
    await settled(page);
    expect(signIns, `tapped ${pause} ms after the form showed`).toEqual([`${user.email} ${user.password}`]);
    // Signed out for the next round: the session is the tab's.
    await page.evaluate(() => sessionStorage.clear());
  }
});

const signupButton = (page: Page) => page.getByRole('button', { name: 'Signup to GiftLane' });

/** Types sign-up's first step by e-mail, chooses the country and ticks the terms. */
async function typeSignUp(page: Page, email: string) {
  await page.getByLabel('Email Address').fill(email);
  // The country list comes with the page: it can be chosen before the page is live.
  await page.getByLabel('Country', { exact: true }).selectOption({ label: 'Nigeria' });
  await page.getByLabel('Enter Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('I agree to the').check();
}

test(
  'sign-up’s first step typed, its country chosen and Signup tapped before the page is live: one code, to that ' +
    'address',
  async ({ page }) => {
    const email = uniqueEmail('early');
    const codes = sentTo(page, 'user/sendEmailVerifyCode', ['email']);
    const release = await holdOnboardingCode(page);
    await page.goto('/sign-up', { waitUntil: 'commit' });
    await typeSignUp(page, email);
    await signupButton(page).click();
    release();
    // The tap is done once the page is live, with what was typed and chosen.
    await expect(page.getByRole('heading', { name: 'OTP Verification' })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await settled(page);
    expect(codes).toEqual([email]);
  },
);

test(
  'on a slow phone, sign-up typed into at every moment after it shows: one code, to that address, ' + 'each time',
  async ({ page }) => {
    test.setTimeout(240_000);
    const codes = sentTo(page, 'user/sendEmailVerifyCode', ['email']);
    await slowPhone(page, 300);
    for (const pause of [0, 100, 200, 300, 400, 500, 600, 800, 1000, 1300, 1600, 2000]) {
      const email = uniqueEmail(`early-${pause}`);
      await page.goto('/sign-up', { waitUntil: 'commit' });
      await expect(page.getByLabel('Email Address')).toBeVisible();
      await page.waitForTimeout(pause);
      codes.length = 0;
      await typeSignUp(page, email);
      await signupButton(page).click();
      const when = `typed ${pause} ms after the form showed`;
      await expect(page.getByRole('heading', { name: 'OTP Verification' }), when).toBeVisible();
      await expect(page.getByText(email), when).toBeVisible();
      await settled(page);
      expect(codes, when).toEqual([email]);
      // A new visitor next round: the tab's draft and step are its own.
      await page.evaluate(() => sessionStorage.clear());
    }
  },
);
