// What a new seller reads about their money at 360 px: a paid sale and a payout account added a
// moment ago, so nothing can leave yet. The dashboard, the wallet's "Holds and limits" and the
// withdraw form say "Available now ₦0.00" and why, with the time the api enforces, in Lagos time;
// nothing scrolls sideways.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import { gc } from '../support/api';
import { signInPage } from '../support/fixtures';
import { fundedSeller, operatorCredentials, operatorLogin } from '../support/account-helpers';

const noOverflow = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

/** axe-core's critical and serious findings on the page as it is now (rule and where). */
const axeSerious = async (page: Page) => {
  // Evaluated by the browser's tooling: the page's CSP (rightly) refuses an injected script tag.
  await page.evaluate(readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'));
  return page.evaluate(async () => {
    type Violation = { id: string; impact: string; nodes: { target: string[] }[] };
    const axe = (window as unknown as { axe: { run: () => Promise<{ violations: Violation[] }> } }).axe;
    const r = await axe.run();
    return r.violations
      .filter((v) => v.impact === 'critical' || v.impact === 'serious')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
};

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** Unix seconds as a Lagos seller reads them, worked out by hand (Lagos is UTC+1 all year). */
const lagos = (seconds: number) => {
  const d = new Date(seconds * 1000 + 3600_000);
  const two = (n: number) => String(n).padStart(2, '0');
  return (
    `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}, ` +
    `${two(d.getUTCHours())}:${two(d.getUTCMinutes())} Lagos time`
  );
};

test(
  'a new seller with a new payout account: Available now ₦0.00 and the cooling-off with its time, at ' + '360 px',
  async ({ page, baseURL }, info) => {
    const creds = operatorCredentials();
    expect(creds, 'an operator for the running api').toBeTruthy();
    const opsToken = await operatorLogin(baseURL!, creds!);
    const { user } = await fundedSeller(baseURL!, opsToken, { endCoolingOff: false });
    // When the api lets the new account be paid to: the time every screen must say.
    const hold = (
      await gc<{ holds: { kind: string; until: number }[] }>(
        baseURL!,
        'withdraw/information',
        { wallet_type: '1' },
        user.token,
      )
    ).data.holds.find((h) => h.kind === 'payout_account_cooling_off')!;
    expect(hold.until).toBeGreaterThan(Date.now() / 1000);
    const reason = new RegExp(
      '^For your safety, a new payout account can be paid to 24 hours after it is added\\. You can withdraw to .+ ' +
        `from ${lagos(hold.until)}\\.$`,
    );

    await page.setViewportSize({ width: 360, height: 780 });
    await signInPage(page, user);

    // The dashboard: the figure, then why, then the way to every hold.
    await page.goto('/homes');
    await expect(page.getByTestId('balance-available')).toContainText('₦0.00');
    await expect(page.getByRole('definition').filter({ hasText: 'Withdrawable' })).toHaveCount(0);
    await expect(page.getByTestId('balance-holds').getByTestId('hold-payout_account_cooling_off')).toHaveText(reason);
    await noOverflow(page, 360);
    await page.screenshot({ path: info.outputPath('dashboard-available-now-360.png'), fullPage: true });
    expect(await axeSerious(page)).toEqual([]);

    // The wallet's Holds and limits lists it with the figure available now.
    await page.getByRole('link', { name: 'All holds and limits' }).click();
    await expect(page).toHaveURL(/\/wallet#holds$/);
    const holds = page.getByRole('region', { name: 'Holds and limits' });
    await expect(holds.getByTestId('holds-available-1')).toHaveText('₦0.00');
    await expect(holds.getByTestId('hold-payout_account_cooling_off')).toHaveText(reason);

    // The withdraw form says it before an amount is typed, and again, in the same words, for an amount.
    await expect(page.getByTestId('withdraw-available')).toHaveText('₦0.00');
    await expect(page.getByTestId('withdraw-holds').getByTestId('hold-payout_account_cooling_off')).toHaveText(reason);
    await expect(page.getByTestId('withdraw-holds')).not.toContainText('until');
    await noOverflow(page, 360);
    await page.screenshot({ path: info.outputPath('wallet-holds-360.png'), fullPage: true });
    expect(await axeSerious(page)).toEqual([]);
    await page.getByLabel('Amount (NGN)').fill('2000');
    await page.getByRole('textbox', { name: 'Transaction password', exact: true }).fill('246810');
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText(reason);
    await noOverflow(page, 360);
  },
);
