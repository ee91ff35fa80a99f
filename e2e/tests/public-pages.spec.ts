// Every public route renders its own page with its live data; the calculator agrees with
// the api's quote; an unknown blog slug is not found; a failed call keeps the frame with a Retry.
import { expect, test } from '@playwright/test';
import { formatMoney, parseMoney } from '@giftlane/shared-sdk';
import { gc } from '../support/api';
import { BLOG_SLUG, PUBLIC_PAGE_CHECKS } from '../support/public-pages';

test.describe('public pages', () => {
  for (const check of PUBLIC_PAGE_CHECKS) {
    test(`${check.path} shows its page with live data`, async ({ page }) => {
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(check.path);
      const main = page.locator('main');
      await expect(main.locator('h1')).toHaveCount(1);
      await expect(main.locator('h1')).toHaveText(check.h1);
      if (check.live) await expect(main).toContainText(check.live);
      await expect(main.getByRole('alert')).toHaveCount(0);
      // Each page names itself for search results.
      await expect(page).toHaveTitle(/ — GiftLane$/);
      expect(await page.locator('meta[name="description"]').getAttribute('content')).toBeTruthy();
      expect(errors).toEqual([]);
    });
  }

  test('the calculator’s payout for a chosen card equals the api’s quote', async ({ page, baseURL }) => {
    await page.goto('/home');
    const calc = page.getByRole('form', { name: 'Rate calculator' });
    await calc.getByLabel('Gift card').selectOption({ label: 'Apple / iTunes' });
    await calc.getByLabel('Card currency').selectOption('USD');
    await calc.getByLabel('Card form').selectOption({ label: 'Physical card' });
    await calc.getByRole('button', { name: '200' }).click();

    const data = await gc<{
      card_list: Array<{
        category_name: string;
        list: Array<{ card_id: number; currency: string; form: string; min_face: number; max_face: number }>;
      }>;
    }>(baseURL!, 'card/calculator', { country_id: '1' });
    const apple = data.data.card_list.find((c) => c.category_name === 'Apple / iTunes')!;
    const card = apple.list.find(
      (c) => c.currency === 'USD' && c.form === 'physical' && c.min_face <= 200 && c.max_face >= 200,
    )!;
    // A visitor's quote includes the first-order bonus as a line; the calculator shows that total.
    const q = await gc<{ total_amount: string; payout_currency: string }>(baseURL!, 'card/quote', {
      country_id: '1',
      card_id: String(card.card_id),
      face_value: '200',
    });
    expect(q.success).toBe(true);
    await expect(calc.getByTestId('calc-total')).toHaveText(formatMoney(parseMoney(q.data.total_amount, 'NGN')));

    // Ghana: the same card in cedis, with the Ghanaian ladder.
    await page.getByRole('button', { name: 'Ghana (GH₵)' }).click();
    await calc.getByLabel('Gift card').selectOption({ label: 'Apple / iTunes' });
    await calc.getByRole('button', { name: '500' }).click();
    const ghs = await gc<{ total_amount: string }>(baseURL!, 'card/quote', {
      country_id: '2',
      card_id: String(card.card_id),
      face_value: '500',
    });
    await expect(calc.getByTestId('calc-total')).toHaveText(formatMoney(parseMoney(ghs.data.total_amount, 'GHS')));
  });

  // The SDK decodes replies with the contract's schemas and drops fields they do not name: a field a
  // screen shows must be in the contract (a banner's title once fell back to "Learn more").
  test('/home shows every banner of the api by its title, linked to its page', async ({ page, baseURL }) => {
    const reply = await gc<{ banner: Array<{ title: string }> }>(baseURL!, 'public/homebanner', {});
    expect(reply.data.banner.length).toBeGreaterThan(0);
    await page.goto('/home');
    const news = page.getByRole('region', { name: 'What’s on' });
    for (const b of reply.data.banner) await expect(news.getByRole('link', { name: b.title })).toBeVisible();
    await expect(news.getByText('Learn more')).toHaveCount(0);
  });

  test('the rate sheet searches and filters the live catalog', async ({ page }) => {
    await page.goto('/ratesheet');
    const rows = page.locator('table.rates tbody tr');
    // The catalog arrives after the frame: wait for it before counting.
    await expect(rows.first()).toBeVisible();
    const all = await rows.count();
    expect(all).toBeGreaterThan(20);
    await page.getByRole('searchbox', { name: 'Search cards' }).fill('steam gbp');
    await expect(page.getByText(/cards match/)).toContainText('of');
    for (const text of await rows.allTextContents()) expect(text).toMatch(/Steam.*GBP/);
    await page.getByLabel('Card form').selectOption({ label: 'E-code' });
    for (const text of await rows.allTextContents()) expect(text).toContain('E-code');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page.getByText(/\d+ cards$/)).toBeVisible();
  });

  test('the FAQ filters by category and search, answers expand', async ({ page }) => {
    await page.goto('/faq');
    await page.locator('main').getByRole('button', { name: 'Rewards', exact: true }).click();
    await expect(page.locator('main').getByRole('heading', { level: 2, name: 'Rewards' })).toBeVisible();
    await expect(page.locator('main details')).toHaveCount(2);
    await page.locator('main').getByRole('button', { name: 'All', exact: true }).click();
    await page.getByRole('searchbox', { name: 'Search the answers' }).fill('password');
    const first = page.locator('main details').first();
    await expect(first).toHaveAttribute('open', '');
    await page.locator('main summary').first().click();
    await expect(first).not.toHaveAttribute('open', '');
  });

  test('an unknown blog slug shows the not-found page', async ({ page }) => {
    await page.goto('/blog/post/no-such-post');
    await expect(page.getByRole('heading', { name: 'We can’t find that page' })).toBeVisible();
    await page.goto('/blogs/post/no-such-post');
    await expect(page.getByRole('heading', { name: 'We can’t find that page' })).toBeVisible();
  });

  test('blog posts open from the list and render no script from content', async ({ page }) => {
    await page.goto('/blog');
    await page.getByRole('link', { name: 'How to tell if a gift card has already been used' }).click();
    await expect(page).toHaveURL(new RegExp(`/blog/post/${BLOG_SLUG}$`));
    await expect(page.locator('main .blog-post h2').first()).toBeVisible();
    expect(
      await page.locator('main .blog-post script, main .blog-post [onerror], main .blog-post [onclick]').count(),
    ).toBe(0);
  });

  test('the contact form checks its fields, then sends', async ({ page }) => {
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Please tell us your name.')).toBeVisible();
    await page.getByLabel('Your name').fill('Ada Obi');
    await page.getByLabel('Email address').fill('ada@example.com');
    await page.getByLabel('Message').fill('My Steam card order is taking longer than usual.');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Thank you, your message has been sent.')).toBeVisible();
  });

  test('a failed call keeps the page with a message and a Retry that works', async ({ page }) => {
    let fail = true;
    await page.route('**/gc/v2/card/catalog', (route) => (fail ? route.abort() : route.continue()));
    // Opened from another page once it is live (this test is about a move inside the page): a page
    // loaded afresh comes with its rates in the HTML, so it makes no call to fail.
    await page.goto('/home');
    await expect(page.locator('#root[data-live]')).toHaveCount(1);
    await page.getByRole('link', { name: 'See today’s rates' }).click();
    await expect(page.locator('main h1')).toHaveText(/Today’s gift card rates/);
    await expect(page.getByRole('alert')).toContainText('We couldn’t load the rate sheet.', { timeout: 25_000 });
    fail = false;
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByTestId('rates-updated')).toBeVisible();
  });
});
