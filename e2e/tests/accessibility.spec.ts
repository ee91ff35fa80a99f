// axe-core (WCAG 2.1 A and AA) over every page of every app: the public pages and the not-found page,
// onboarding's ten views and a signed-in seller's pages at 360 px, the staff console at 1280 px.
// No critical or serious violation anywhere; moderate and minor ones are printed. One browser context per role,
// signed in once. The pages come from `support/axe-routes.ts`, which fails when a route table has a
// path it does not open.
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { gc } from '../support/api';
import { createUser } from '../support/api';
import { adminToken, enrol, newStaff } from '../support/ops-console';
import { decide, makeOrder, ops, tinyPng, verifyAs } from '../support/account-helpers';
import { signInPage } from '../support/fixtures';
import { axeCheck, axeCounts, axeSummary, focusRing, isBlocking, type AxePage } from '../support/axe';
import {
  ACCOUNT_AXE_ROUTES,
  NOT_FOUND_URL,
  ONBOARDING_VIEW_PATHS,
  ONBOARDING_VIEWS,
  OPS_AXE_ROUTES,
  PUBLIC_AXE_ROUTES,
  uncoveredRoutes,
  type RouteParams,
} from '../support/axe-routes';

const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1280, height: 900 } };

/** Opens a page and waits (bounded) until it has drawn its content and its requests are answered. */
async function open(page: Page, url: string) {
  await page.goto(url);
  await expect(page.locator('main').first()).toBeVisible();
  // A prerendered page is checked once it is hydrated (as a person uses it).
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return !root?.hasAttribute('data-prerendered') || root.hasAttribute('data-live');
  });
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  // Nothing still loading: the shell's and the pages' skeletons are gone.
  await expect(page.locator('[aria-busy="true"]'))
    .toHaveCount(0, { timeout: 5_000 })
    .catch(() => undefined);
}

/** Asserts no critical or serious finding, and prints the counts and the moderate and minor ones. */
function report(app: string, pages: AxePage[]) {
  const counts = axeCounts(pages);
  console.log(`axe ${app}: ${pages.length} pages, ${JSON.stringify(counts)}`);
  const rest = axeSummary(pages, (f) => !isBlocking(f));
  if (rest) console.log(rest);
  test.info().annotations.push({ type: `axe ${app}`, description: JSON.stringify(counts) });
  expect(axeSummary(pages, isBlocking), `critical and serious axe findings (${app})`).toBe('');
}

/** Focused from the keyboard, the control shows a ring at least 2 px wide, at 3:1 or more against white. */
async function expectFocusRing(page: Page, target: Locator, what: string) {
  const ring = await focusRing(page, target);
  expect(ring.focusVisible, `${what} shows keyboard focus`).toBe(true);
  expect(ring.outlineWidth, `the focus ring of ${what} (${ring.outline})`).toBeGreaterThanOrEqual(2);
  expect(ring.contrastOnWhite, `the focus ring of ${what} against white (${ring.outline})`).toBeGreaterThanOrEqual(3);
}

test('every path of the route tables and mounts has a page in the accessibility check', () => {
  expect(uncoveredRoutes()).toEqual([]);
});

test('public pages and the not-found page at 360 px', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ ...PHONE, baseURL });
  const page = await context.newPage();
  const pages: AxePage[] = [];
  for (const route of [...PUBLIC_AXE_ROUTES.map((r) => r.url({} as RouteParams)), NOT_FOUND_URL]) {
    await open(page, route);
    pages.push(await axeCheck(page));
  }
  // What opens over a page: the phone's menu and a group of it.
  await open(page, '/home');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Main' }).locator('button[aria-expanded]').first().click();
  pages.push({ ...(await axeCheck(page)), url: '/home (menu and a group open)' });
  await open(page, '/home');
  await expectFocusRing(page, page.locator('main a[href]').first(), 'a link on /home');
  await expectFocusRing(page, page.getByRole('contentinfo').getByRole('link').first(), 'a footer link');
  await expectFocusRing(page, page.locator('main button').first(), 'a button on /home');
  await expectFocusRing(page, page.locator('main select, main input').first(), 'a field on /home');
  await context.close();
  report('public', pages);
});

test('onboarding’s ten views at 360 px', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ ...PHONE, baseURL });
  const pages: AxePage[] = [];
  for (const view of ONBOARDING_VIEWS) {
    // A view after the entry form comes back from the tab's session, as after a reload mid-flow.
    const page = await context.newPage();
    await page.addInitScript((v) => {
      sessionStorage.setItem('currentComponent', v);
      sessionStorage.setItem('email', 'ada@example.com');
      sessionStorage.setItem(
        'formData',
        JSON.stringify({
          email: 'ada@example.com',
          phone: '',
          password: 'Secret123!',
          confirmPassword: 'Secret123!',
          country: 1,
          referral: '',
          passwordStrength: 'Very Strong',
          strength: 100,
          termsAccepted: true,
          deviceNo: 'device-x',
          register_type: '1',
        }),
      );
    }, view);
    await open(page, ONBOARDING_VIEW_PATHS[view]);
    await expect(page.locator(`[data-view="${view}"]`)).toBeVisible();
    pages.push({ ...(await axeCheck(page)), url: `${ONBOARDING_VIEW_PATHS[view]} (${view})` });
    if (view === 'LoginForm') {
      await expectFocusRing(page, page.locator('main input').first(), 'the first field of the login form');
      await expectFocusRing(page, page.getByRole('button', { name: 'Continue with Google' }), 'the Google button');
    }
    await page.close();
  }
  await context.close();
  report('onboarding', pages);
});

/** A seller with an order waiting, a case about it, and a second order decided and appealed. */
async function seed(baseURL: string): Promise<{ params: RouteParams; seller: Awaited<ReturnType<typeof createUser>> }> {
  const seller = await createUser(baseURL);
  const admin = await adminToken(baseURL);
  const orderNo = await makeOrder(baseURL, seller.token);
  const opened = await gc<{ case_no: string }>(
    baseURL,
    'case/open',
    { about: 'order', order_no: orderNo, message: 'My card has been pending for two hours.' },
    seller.token,
  );
  if (!opened.success) throw new Error(`case/open: ${opened.msg}`);

  const failed = await makeOrder(baseURL, seller.token);
  const d = await gc<{ imageList: { url: string }[] }>(baseURL, 'ord/detail', { order_no: failed }, seller.token);
  await ops(baseURL, `/ops/api/orders/${failed}/claim`, admin, {});
  await decide(baseURL, admin, failed, {
    lines: [
      {
        status: 'failed',
        fail_reason: 'already_used',
        fail_note: 'Balance was 0 when checked',
        proof_image: d.data.imageList[0]!.url,
        image_index: 0,
      },
    ],
  });
  const appeal = await gc(
    baseURL,
    'appeal/apply',
    { order_no: failed, note: 'The card was new and unused.' },
    seller.token,
  );
  if (!appeal.success) throw new Error(`appeal/apply: ${appeal.msg}`);
  const { appeals } = await ops<{ appeals: Array<{ appeal_no: string; order_no: string }> }>(
    baseURL,
    '/ops/api/appeals',
    admin,
  );

  // A level 3 request: identity, a selfie, the ID document and an address.
  const upload = async () => {
    const slot = await gc<{ url: string }>(baseURL, 'order/obsUrl', {}, seller.token);
    await fetch(new URL(slot.data.url, baseURL), {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body: new Uint8Array(tinyPng(200, 200)),
    });
    return slot.data.url.split('?')[0]!;
  };
  await verifyAs(baseURL, seller.token, 'Ada Obi');
  const selfie = await gc(baseURL, 'kyc/selfie', { selfie: await upload() }, seller.token);
  if (!selfie.success) throw new Error(`kyc/selfie: ${selfie.msg}`);
  const docs = await gc(
    baseURL,
    'kyc/documents',
    { document: await upload(), address: '12 Allen Avenue, Ikeja, Lagos' },
    seller.token,
  );
  if (!docs.success) throw new Error(`kyc/documents: ${docs.msg}`);
  const kyc = await ops<Array<{ id: number; user_id: number | string }>>(baseURL, '/ops/api/kyc', admin);

  return {
    seller,
    params: {
      orderNo,
      caseNo: opened.data.case_no,
      userId: seller.user_id,
      appealNo: appeals.find((a) => a.order_no === failed)!.appeal_no,
      kycId: String(kyc.find((k) => String(k.user_id) === seller.user_id)!.id),
    },
  };
}

let seeded: ReturnType<typeof seed> | undefined;
const seedOnce = (baseURL: string) => (seeded ??= seed(baseURL));

test('a signed-in seller’s pages at 360 px', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const { seller, params } = await seedOnce(baseURL!);
  const context = await browser.newContext({ ...PHONE, baseURL });
  const page = await context.newPage();
  await signInPage(page, seller);
  const pages: AxePage[] = [];
  for (const route of ACCOUNT_AXE_ROUTES) {
    await open(page, route.url(params));
    await expect(page.getByRole('complementary', { name: 'Account' })).toBeAttached();
    pages.push(await axeCheck(page));
  }
  // What opens over a page: the side menu, then the logout question.
  await page.getByRole('button', { name: 'Open menu' }).click();
  pages.push({ ...(await axeCheck(page)), url: `${ACCOUNT_AXE_ROUTES.at(-1)!.url(params)} (menu open)` });
  await page.getByRole('complementary', { name: 'Account' }).getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  pages.push({ ...(await axeCheck(page)), url: 'logout dialog' });
  await page.keyboard.press('Escape');
  await open(page, '/settings');
  await expectFocusRing(page, page.getByRole('button', { name: 'Add a photo' }), 'the photo button');
  await page.screenshot({ path: test.info().outputPath('focus-photo-button-360.png') });
  await expectFocusRing(page, page.locator('main input:not([type=file])').first(), 'a settings field');
  const side = page.getByRole('complementary', { name: 'Account' });
  await expectFocusRing(page, side.getByRole('link', { name: 'Order', exact: true }), 'the side menu’s Order link');
  await context.close();
  report('account', pages);
});

async function consolePage(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ ...DESKTOP, baseURL });
  const page = await context.newPage();
  return { context, page };
}

test('the staff console at 1280 px: the sign-in, then every area as an admin', async ({ browser, baseURL }) => {
  test.setTimeout(240_000);
  const { params } = await seedOnce(baseURL!);
  const { context, page } = await consolePage(browser, baseURL!);
  const pages: AxePage[] = [];
  await open(page, '/ops');
  await expect(page.getByLabel('E-mail')).toBeVisible();
  pages.push({ ...(await axeCheck(page)), url: '/ops (sign-in)' });
  await expectFocusRing(page, page.getByLabel('E-mail'), 'the console’s e-mail field (antd)');
  await expectFocusRing(page, page.getByRole('button', { name: 'Continue' }), 'the console’s Continue button (antd)');
  await enrol(page, await newStaff(baseURL!, 'admin'));
  for (const route of OPS_AXE_ROUTES) {
    await open(page, route.url(params));
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    pages.push(await axeCheck(page));
  }
  // A dialog of the console (antd's Modal).
  await open(page, '/ops/rails');
  await page
    .getByRole('button', { name: /^Mark delayed: / })
    .first()
    .click();
  await expect(page.getByRole('dialog')).toBeVisible();
  pages.push({ ...(await axeCheck(page)), url: '/ops/rails (dialog open)' });
  await page.keyboard.press('Escape');
  await open(page, '/ops/payouts');
  await expectFocusRing(page, page.getByRole('combobox').first(), 'a select (antd)');
  await page.screenshot({ path: test.info().outputPath('focus-console-select-1280.png') });
  await expectFocusRing(page, page.getByRole('link', { name: 'Rates' }), 'a console menu link');
  await expectFocusRing(page, page.getByRole('button', { name: 'Sign out' }), 'the Sign out button (antd)');
  await context.close();
  report('ops', pages);
});
