// Screenshots of the public pages at 360 px, saved as test artifacts to be looked at, and
// checked for horizontal overflow (a page broken at 360 px is broken).
import { expect, test } from '@playwright/test';
import { BLOG_SLUG } from '../support/public-pages';

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

for (const path of ['/home', '/ratesheet', '/faq', `/blog/post/${BLOG_SLUG}`, '/contact', '/vip']) {
  test(`${path} at 360 px`, async ({ page }, info) => {
    await page.goto(path);
    await expect(page.locator('main h1')).toBeVisible();
    await expect(page.locator('main [role="status"][aria-live="polite"].pub-loading')).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: info.outputPath(`${path.replace(/\W+/g, '_')}-360.png`), fullPage: true });
  });
}
