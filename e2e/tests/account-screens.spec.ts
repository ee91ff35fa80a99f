// Every account page at a 360 px phone and at desktop width: nothing wider than the screen, the
// top bar's title, the page's own content, and a screenshot kept for review.
import { expect, test, type Page } from '@playwright/test';
import { createUser, type TestUser } from '../support/api';
import { signInPage } from '../support/fixtures';
import { makeOrder } from '../support/account-helpers';

let user: TestUser;
let orderNo = '';

test.beforeAll(async ({ baseURL }) => {
  // From the sign-up promotion, so the coupons page has coupons to show.
  user = await createUser(baseURL!, { sign_to_coupon: '1' });
  orderNo = await makeOrder(baseURL!, user.token);
});

const PAGES: Array<{ path: () => string; title: string; content: RegExp; name: string }> = [
  { name: 'home', path: () => '/homes', title: 'Home', content: /Sell a gift card/ },
  { name: 'sell', path: () => '/homes/sell-gift-card', title: 'Sell Gift Card', content: /Your quote/ },
  { name: 'orders', path: () => '/order', title: 'Order', content: /Your orders/ },
  { name: 'order-detail', path: () => `/order/${orderNo}`, title: 'Order', content: /Quote and payout/ },
  { name: 'wallet', path: () => '/wallet', title: 'Wallet', content: /Your balances/ },
  { name: 'wallet-history', path: () => '/wallet/history', title: 'Home', content: /Wallet history/ },
  { name: 'reward', path: () => '/wallet/reward', title: 'Wallet', content: /Invite friends/ },
  { name: 'vip', path: () => '/homes/vip', title: 'VIP', content: /Levels and their bonus/ },
  { name: 'coupon', path: () => '/homes/coupon', title: 'Discount Code', content: /\+2% on the rate/ },
  { name: 'notification', path: () => '/notification', title: 'Notification', content: /Order submitted/ },
  { name: 'settings', path: () => '/settings', title: 'Settings', content: /No payout account yet/ },
];

async function noOverflow(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll, 'page is wider than the screen').toBeLessThanOrEqual(client);
}

for (const width of [360, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 360 ? 780 : 900 } });
    for (const p of PAGES) {
      test(`${p.name}`, async ({ page }, info) => {
        await signInPage(page, user);
        await page.goto(p.path());
        await expect(page.getByRole('heading', { level: 1, name: p.title })).toBeVisible();
        await expect(page.getByRole('main').getByText(p.content).first()).toBeVisible();
        await expect(page.locator('.gl-skeleton')).toHaveCount(0);
        if (p.name === 'sell') {
          await page.getByLabel(/^Face value/).fill('100');
          await expect(page.getByTestId('quote-total')).toHaveText(/\d/);
        }
        await noOverflow(page);
        await page.screenshot({ path: info.outputPath(`${p.name}-${width}.png`), fullPage: true });
      });
    }
  });
}
