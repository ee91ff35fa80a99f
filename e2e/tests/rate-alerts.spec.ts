// Rate history and rate alerts against the real api. At 360 px: the rate sheet carries no chart
// until "Rate history" is opened, then shows the card's series; a seller sets an alert on the card
// rates page, an admin raises the rate in the console, and the seller is told in the app.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import { createUser, gc } from '../support/api';
import { signInPage } from '../support/fixtures';
import { staffPage } from '../support/ops-console';

test.use({ viewport: { width: 360, height: 780 } });
// Enrolling an operator in the console takes a while on a busy machine.
test.setTimeout(120_000);

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Critical and serious axe-core violations inside one part of the page. */
async function axeViolations(page: Page, selector: string) {
  // Evaluated by the test, not added as a script: the site's policy refuses inline scripts.
  await page.evaluate(axeSource);
  return page.evaluate(async (sel) => {
    const axe = (
      window as unknown as {
        axe: { run: (c: unknown) => Promise<{ violations: { id: string; impact: string; nodes: unknown[] }[] }> };
      }
    ).axe;
    const r = await axe.run({ include: [sel] });
    return r.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious').map((v) => v.id);
  }, selector);
}

const noOverflow = async (page: Page) => {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll, 'page is wider than the screen').toBeLessThanOrEqual(client);
};

test('the rate sheet loads the rate history only when opened; it fits 360 px', async ({ page }, testInfo) => {
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/gc/card/rateHistory') || /rate-chart/.test(r.url())) asked.push(r.url());
  });
  await page.goto('/ratesheet');
  const open = page.getByRole('button', { name: 'Rate history' });
  await expect(open).toHaveAttribute('aria-expanded', 'false');
  await page.waitForLoadState('networkidle');
  expect(asked, 'nothing of the chart before it is opened').toEqual([]);

  await open.click();
  await expect(open).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText(/^Over the last 30 days the rate (went from|stayed at) ₦/)).toBeVisible();
  expect(asked.some((u) => u.includes('/gc/card/rateHistory'))).toBe(true);
  expect(
    asked.some((u) => /rate-chart/.test(u)),
    'the chart arrives as a chunk of its own',
  ).toBe(true);
  await page.getByRole('button', { name: '90 days' }).click();
  await expect(page.getByText(/^Over the last 90 days/)).toBeVisible();
  await expect(page.getByRole('button', { name: '90 days' })).toHaveAttribute('aria-pressed', 'true');
  await noOverflow(page);
  expect(await axeViolations(page, '.gl-rate-history')).toEqual([]);
  await page.getByRole('group', { name: 'Period' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('ratesheet-history-360.png') });
});

test('a seller sets a rate alert; an admin raises the rate in the console; the seller is told', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const seller = await createUser(baseURL!);
  const calc = async () =>
    (
      await gc<{ card_list: { list: { card_id: number; name: string; rate: string | number }[] }[] }>(
        baseURL!,
        'card/calculator',
        { country_id: '1' },
      )
    ).data.card_list.flatMap((c) => c.list);
  const card = (await calc()).at(-2)!;
  const before = Number(card.rate);
  const target = (before + 11).toFixed(2);

  await signInPage(page, seller);
  await page.goto('/homes/cards');
  const alerts = page.getByRole('region', { name: 'Rate alerts' });
  await alerts.getByRole('combobox', { name: 'Card' }).selectOption(String(card.card_id));
  await alerts.getByRole('textbox', { name: /Target rate/ }).fill(target);
  await alerts.getByRole('button', { name: 'Set alert' }).click();
  await expect(alerts.getByRole('status')).toContainText('Alert set: we will tell you when');
  await expect(alerts.getByText('Waiting for the rate to reach your target.')).toBeVisible();
  await noOverflow(page);
  expect(await axeViolations(page, '#rate-alerts')).toEqual([]);
  await alerts.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('rate-alerts-360.png') });

  const admin = await staffPage(browser, baseURL!, 'admin');
  try {
    await admin.page.getByRole('link', { name: 'Rates' }).click();
    await admin.page.getByLabel('Find a card').fill(card.name);
    const field = admin.page.getByLabel(`${card.name} NGN`);
    await field.fill(target);
    await admin.page.getByLabel('Reason for the change').fill('E2E: rate alert');
    await admin.page.getByRole('button', { name: 'Save rates' }).click();
    await expect(admin.page.getByRole('status')).toContainText('1 rate(s) changed');

    // The seller is told (by the job, after the staff's request), and reads it in the app.
    const told = async () =>
      (
        await gc<{ notice_title: string }[]>(
          baseURL!,
          'finder/allNotice',
          { type: 'all', page: '0', page_size: '20' },
          seller.token,
        )
      ).data.map((n) => n.notice_title);
    await expect.poll(told, { timeout: 20_000 }).toContainEqual(expect.stringMatching(/^Rate alert: ₦/));
    await page.goto('/notification');
    const amount = `₦${Number(target).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
    await expect(
      page
        .getByRole('region', { name: 'Notifications' })
        .getByRole('button', { name: new RegExp(`Rate alert: ${amount}`) }),
    ).toContainText(`at or above your target of ${amount}`);
    await noOverflow(page);
    await page.screenshot({ path: testInfo.outputPath('rate-alert-notice-360.png') });
    await page.goto('/homes/cards');
    await expect(page.getByText(/^Reached on .*: set again once the rate falls below your target\.$/)).toBeVisible();

    // Put it back, so the other suites see the seeded rates.
    await field.fill(before.toFixed(2));
    await admin.page.getByRole('button', { name: 'Save rates' }).click();
    await expect(admin.page.getByRole('status')).toContainText('1 rate(s) changed');
  } finally {
    await admin.page.context().close();
  }
});
