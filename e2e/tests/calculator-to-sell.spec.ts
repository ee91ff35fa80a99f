// The rate calculator's choice carried through sign-up into the sell form, in a real browser against
// the real api: Steam GBP e-code for 50 chosen on /home, an account made by e-mail with the code from
// the outbox, and the sell form opening on the same card and amount, its quote naming the first-order
// bonus the api will credit.
import { expect, test } from '@playwright/test';
import { formatMoney, parseMoney } from '@giftlane/shared-sdk';
import { gc } from '../support/api';
import { codeSentTo, fillOtp, PASSWORD, uniqueEmail, whenLive } from '../support/onboarding-helpers';

test('a card chosen on /home goes through sign-up to the sell form, whose quote names the first-order bonus', async ({
  page,
  baseURL,
}) => {
  await page.goto('/home');
  // Chosen once the page is live: a choice made on the prerendered page before it hydrates is lost.
  await whenLive(page);
  const calc = page.getByRole('form', { name: 'Rate calculator' });
  await calc.getByLabel('Gift card').selectOption({ label: 'Steam' });
  await expect(calc.getByLabel('Gift card').locator('option:checked')).toHaveText('Steam');
  await calc.getByLabel('Card currency').selectOption('GBP');
  await calc.getByLabel('Card form').selectOption({ label: 'E-code' });
  await calc.getByRole('button', { name: '50', exact: true }).click();
  // The link and the total come from one render: once the link carries 50, the total is 50's.
  const link = calc.getByRole('link', { name: 'Sign up and sell this card' });
  await expect(link).toHaveAttribute('href', /[?&]amount=50&/);
  await expect(calc.getByTestId('calc-first-order-bonus')).toContainText('first-order bonus ₦2,000.00');
  const shown = await calc.getByTestId('calc-total').textContent();
  await link.click();

  await expect(page).toHaveURL(/\/sign-up\?card=\d+&amount=50&payout=NGN$/);
  const cardId = new URL(page.url()).searchParams.get('card')!;
  // The Nigeria calculator's country is chosen already.
  await expect(page.getByLabel('Country', { exact: true })).toHaveValue('1');
  const email = uniqueEmail('calc');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Enter Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('I agree to the').check();
  await page.getByRole('button', { name: 'Signup to GiftLane' }).click();
  await expect(page.getByRole('heading', { name: 'OTP Verification' })).toBeVisible();
  await fillOtp(page, await codeSentTo(baseURL!, email));
  await page.getByRole('button', { name: 'Verify Account' }).click();

  await expect(page).toHaveURL(new RegExp(`/homes/sell-gift-card\\?card=${cardId}&amount=50`));
  await expect(page.getByRole('combobox', { name: 'Gift card' }).locator('option:checked')).toHaveText('Steam');
  await expect(page.getByRole('combobox', { name: 'Card currency (country)' })).toHaveValue('GBP');
  await expect(page.getByRole('radio', { name: 'E-code' })).toBeChecked();
  await expect(page.getByLabel(/^Face value/)).toHaveValue('50');

  // The quote: the card's value, the first-order bonus by name, and the total the api quotes.
  const q = await gc<{ amount: string; total_amount: string; first_order_bonus: string }>(baseURL!, 'card/quote', {
    country_id: '1',
    card_id: cardId,
    face_value: '50',
  });
  await expect(page.getByTestId('quote-line-card')).toContainText(formatMoney(parseMoney(q.data.amount, 'NGN')));
  await expect(page.getByTestId('quote-line-first_order')).toContainText('First-order bonus');
  await expect(page.getByTestId('quote-line-first_order')).toContainText('₦2,000.00');
  await expect(page.getByTestId('quote-total')).toHaveText(formatMoney(parseMoney(q.data.total_amount, 'NGN')));
  expect(shown).toBe(formatMoney(parseMoney(q.data.total_amount, 'NGN')));
  await page.setViewportSize({ width: 360, height: 800 });
  const quote = page.getByRole('region', { name: 'Your quote' });
  await quote.screenshot({ path: test.info().outputPath('sell-quote-360.png') });
  // At 360 px the quote's amounts stay on one line each and the page does not scroll sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const lineBoxes = await quote.locator('dd').evaluateAll((dds) =>
    dds.map((dd) => {
      const range = document.createRange();
      range.selectNodeContents(dd);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    }),
  );
  expect(lineBoxes).toEqual([1, 1, 1]);

  // Sent with a code: the order page shows the locked quote line by line, the bonus by its name.
  await page.getByRole('textbox', { name: /^Card codes/ }).fill('STEAM-E2E-CODE-0001');
  const total = formatMoney(parseMoney(q.data.total_amount, 'NGN'));
  await page.getByRole('button', { name: `Sell card for ${total}` }).click();
  await expect(page).toHaveURL(/\/order\/GC\d+/);
  await expect(page.getByTestId('order-quote')).toHaveText(total);
  await expect(page.getByTestId('order-quote-line-first_order')).toContainText('First-order bonus₦2,000.00');
  await expect(page.getByTestId('order-quote-line-card')).toContainText(formatMoney(parseMoney(q.data.amount, 'NGN')));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page
    .getByRole('region', { name: 'Quote and payout' })
    .screenshot({ path: test.info().outputPath('order-quote-360.png') });
});
