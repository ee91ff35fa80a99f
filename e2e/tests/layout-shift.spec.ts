// Pages must not jump while they load, nor when a prerendered page is hydrated. Cumulative layout shift measured in
// Chromium with a PerformanceObserver (layout-shift entries, buffered, without those right after input), from the
// first byte until the page has settled; the budget is 0.02 (Google's "good" is 0.1).
import { expect, test, type Page } from '@playwright/test';
import { createUser } from '../support/api';
import { signInPage } from '../support/fixtures';
import { makeOrder } from '../support/account-helpers';

const BUDGET = 0.02;

async function measure(page: Page, path: string, ready: (page: Page) => Promise<void>) {
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number; __shifts: Array<{ value: number; sources: string[] }> };
    w.__cls = 0;
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as Array<{
        value: number;
        hadRecentInput: boolean;
        sources?: Array<{ node?: Node }>;
      }>) {
        if (e.hadRecentInput) continue;
        w.__cls += e.value;
        w.__shifts.push({
          value: Math.round(e.value * 10000) / 10000,
          sources: (e.sources ?? []).map((s) => {
            const el = s.node instanceof Element ? s.node : s.node?.parentElement;
            if (!el) return '?';
            const id = el.id ? `#${el.id}` : '';
            const classes =
              typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
            return `${el.tagName.toLowerCase()}${id}${classes}`;
          }),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(path);
  await ready(page);
  // Fonts, images and late data: let it settle.
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1500);
  return page.evaluate(() => {
    const w = window as unknown as { __cls: number; __shifts: Array<{ value: number; sources: string[] }> };
    return { cls: w.__cls, shifts: w.__shifts };
  });
}

const PAGES = [
  { path: '/home', ready: (p: Page) => expect(p.getByTestId('calc-total')).toBeVisible() },
  { path: '/ratesheet', ready: (p: Page) => expect(p.getByRole('table').first()).toBeVisible() },
  // Prerendered and hydrated by the onboarding remote.
  { path: '/login', ready: (p: Page) => expect(p.getByRole('button', { name: /^Login to / })).toBeEnabled() },
  { path: '/sign-up', ready: (p: Page) => expect(p.getByRole('heading', { name: 'Create Account' })).toBeVisible() },
];

for (const width of [1280, 360]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 360 ? 780 : 900 } });
    for (const { path, ready } of PAGES) {
      test(`${path} shifts less than ${BUDGET}`, async ({ page }, info) => {
        const { cls, shifts } = await measure(page, path, async (p) => {
          await ready(p);
        });
        await info.attach('layout-shift.json', {
          body: JSON.stringify({ cls, shifts }, null, 2),
          contentType: 'application/json',
        });
        console.log(`${path} at ${width}px: CLS ${cls.toFixed(4)}`, JSON.stringify(shifts));
        await page.screenshot({ path: info.outputPath(`${path.slice(1)}-${width}.png`) });
        expect(cls).toBeLessThan(BUDGET);
      });
    }
  });
}

// Signed-in pages at a phone's width, a new seller (the first-sale checklist, the holds): what waits
// for data appears below what is already there, never pushing it down.
const SIGNED_IN = [
  { path: '/homes', ready: (p: Page) => expect(p.getByTestId('balance-cash')).toBeVisible() },
  {
    path: '/homes/sell-gift-card',
    ready: (p: Page) => expect(p.getByRole('group', { name: '2. Photos and card codes' })).toBeVisible(),
  },
  { path: '/wallet', ready: (p: Page) => expect(p.getByRole('link', { name: 'Wallet history' })).toBeVisible() },
  // An open order: its wait estimate sits above the payout section.
  { path: '/order/{no}', ready: (p: Page) => expect(p.getByTestId('order-eta')).toBeVisible() },
];

test.describe('signed in, at 360 px', () => {
  test.use({ viewport: { width: 360, height: 780 } });
  for (const { path, ready } of SIGNED_IN) {
    test(`${path} shifts less than ${BUDGET}`, async ({ page, baseURL }, info) => {
      const user = await createUser(baseURL!);
      const at = path.includes('{no}') ? path.replace('{no}', await makeOrder(baseURL!, user.token)) : path;
      await signInPage(page, user);
      const { cls, shifts } = await measure(page, at, ready);
      await info.attach('layout-shift.json', {
        body: JSON.stringify({ cls, shifts }, null, 2),
        contentType: 'application/json',
      });
      console.log(`${path} signed in at 360px: CLS ${cls.toFixed(4)}`, JSON.stringify(shifts));
      expect(cls).toBeLessThan(BUDGET);
    });
  }
});
