// Evidence and appeal, end to end: a card fails with its reason and proof; the seller (360 px) sees
// the evidence pack and appeals with a note; a second staff member (not the one who decided)
// overturns it in the console (1024 px); the seller sees the credit on the order and in the wallet.
import { expect, test } from '@playwright/test';
import { formatMoney } from '@giftlane/shared-sdk/format';
import { parseMoney } from '@giftlane/shared-sdk/money';
import { createUser, gc } from '../support/api';
import { signInPage } from '../support/fixtures';
import { makeOrder, ops } from '../support/account-helpers';
import { adminToken, staffPage } from '../support/ops-console';

test('a failed card → the seller appeals → a second staff member overturns → credited on the order and wallet', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const base = baseURL!;
  const seller = await createUser(base);
  const orderNo = await makeOrder(base, seller.token);
  const before = await gc<{ imageList: { url: string }[] }>(base, 'ord/detail', { order_no: orderNo }, seller.token);

  // The suite's admin decides the order: the card failed, with its reason, a note and the photo as proof.
  const admin = await adminToken(base);
  await ops(base, `/ops/api/orders/${orderNo}/claim`, admin, {});
  await ops(base, `/ops/api/orders/${orderNo}/decide`, admin, {
    lines: [
      {
        status: 'failed',
        fail_reason: 'already_used',
        fail_note: 'Balance was 0 when checked',
        proof_image: before.data.imageList[0]!.url,
        image_index: 0,
      },
    ],
  });

  // The seller, on a phone.
  const sellerCtx = await browser.newContext({ viewport: { width: 360, height: 780 }, baseURL: base });
  const page = await sellerCtx.newPage();
  await signInPage(page, seller);
  await page.goto(`/order/${orderNo}`);
  const pack = page.getByTestId('evidence-pack');
  await expect(pack.getByText('The card has already been used')).toBeVisible();
  await expect(pack.getByText('Reviewer’s note: Balance was 0 when checked')).toBeVisible();
  await expect(pack.getByRole('img', { name: 'Proof photo 1 for card 1' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('appeal-1-evidence-360.png'), fullPage: true });
  await pack.getByRole('button', { name: 'Appeal this decision' }).click();
  await pack.getByLabel('Why is the decision wrong?').fill('The card was new and unused: I bought it an hour before.');
  await pack.getByRole('button', { name: 'Send appeal' }).click();
  await expect(pack.getByTestId('appeal-status')).toContainText('Waiting for a different staff member');
  await page.screenshot({ path: test.info().outputPath('appeal-2-opened-360.png'), fullPage: true });

  // A second staff member, in the console at 1024 px.
  const { page: console } = await staffPage(browser, base, 'reviewer');
  await console.setViewportSize({ width: 1024, height: 800 });
  await console.goto('/ops/appeals');
  const row = console.getByRole('row').filter({ hasText: orderNo });
  await expect(row).toBeVisible();
  await row.getByRole('link').click();
  await expect(console.getByTestId('appeal-note')).toContainText('new and unused');
  await expect(console.getByText('Balance was 0 when checked', { exact: true })).toBeVisible();
  const owed = (await console.getByTestId('overturn-amount').textContent())!.trim();
  await console.screenshot({ path: test.info().outputPath('appeal-3-console-1024.png'), fullPage: true });
  await console.getByRole('button', { name: 'Overturn and credit' }).click();
  await console.getByRole('dialog').getByRole('button', { name: 'Overturn and credit' }).click();
  await expect(console.getByRole('status')).toContainText(`Overturned: ${owed} credited to the seller.`);

  // The seller sees the credit on the order and in the wallet.
  const after = await gc<{ appeal: { credit_amount: string } }>(
    base,
    'appeal/detail',
    { order_no: orderNo },
    seller.token,
  );
  const credit = formatMoney(parseMoney(after.data.appeal.credit_amount, 'NGN'));
  expect(credit).toBe(owed);
  await page.reload();
  await expect(page.getByTestId('appeal-credit')).toContainText(credit);
  await expect(page.getByTestId('order-appeal-credit')).toHaveText(`+${credit}`);
  await expect(
    page.getByRole('region', { name: 'Timeline' }).getByText('Appeal accepted', { exact: true }),
  ).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('appeal-4-credited-360.png'), fullPage: true });
  await page.goto('/wallet');
  await expect(page.getByTestId('balance-cash')).toHaveText(credit);
  await page.screenshot({ path: test.info().outputPath('appeal-5-wallet-360.png'), fullPage: true });
});

test(
  'a counter-offer → the seller declines → appeals → a second staff member overturns → the quote is ' + 'credited',
  async ({ browser, baseURL }) => {
    test.setTimeout(180_000);
    const base = baseURL!;
    const seller = await createUser(base);
    const orderNo = await makeOrder(base, seller.token, '100');
    const d = await gc<{ quote: { card_id: number; amount: string }; currency: 'NGN' | 'GHS' }>(
      base,
      'ord/detail',
      { order_no: orderNo },
      seller.token,
    );
    const quote = formatMoney(parseMoney(d.data.quote.amount, d.data.currency));

    // The suite's admin finds a $50 card where the seller chose $100, and offers less instead of paying less.
    const admin = await adminToken(base);
    await ops(base, `/ops/api/orders/${orderNo}/claim`, admin, {});
    await ops(base, `/ops/api/orders/${orderNo}/counter-offer`, admin, {
      lines: [{ status: 'success', card_id: d.data.quote.card_id, face_value: '50', code: 'E2E-2' }],
      reason: 'other_denomination',
      note: 'The card is a $50 card',
    });

    // The seller, on a phone, declines and appeals: the card was the one they chose.
    const sellerCtx = await browser.newContext({ viewport: { width: 360, height: 780 }, baseURL: base });
    const page = await sellerCtx.newPage();
    await signInPage(page, seller);
    await page.goto(`/order/${orderNo}`);
    const card = page.getByRole('region', { name: 'Counter-offer: waiting for your answer' });
    await card.getByRole('button', { name: 'Decline' }).click();
    await card.getByRole('button', { name: 'Yes, decline' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'You declined the counter-offer' })).toBeVisible();
    const pack = page.getByTestId('evidence-pack');
    await pack.getByRole('button', { name: 'Appeal this decision' }).click();
    await pack.getByLabel('Why is the decision wrong?').fill('It was the $100 card I chose: the receipt shows it.');
    await pack.getByRole('button', { name: 'Send appeal' }).click();
    await expect(pack.getByTestId('appeal-status')).toContainText('Waiting for a different staff member');
    await page.screenshot({ path: test.info().outputPath('offer-appeal-1-opened-360.png'), fullPage: true });

    // A second staff member overturns it in the console: the locked quote is what is owed.
    const { page: console } = await staffPage(browser, base, 'reviewer');
    await console.setViewportSize({ width: 1024, height: 800 });
    await console.goto('/ops/appeals');
    const row = console.getByRole('row').filter({ hasText: orderNo });
    await expect(row).toContainText('Declined counter-offer');
    await row.getByRole('link').click();
    await expect(console.getByTestId('overturn-amount')).toHaveText(quote);
    await console.getByRole('button', { name: 'Overturn and credit' }).click();
    await console.getByRole('dialog').getByRole('button', { name: 'Overturn and credit' }).click();
    await expect(console.getByRole('status')).toContainText(`Overturned: ${quote} credited to the seller.`);

    await page.reload();
    await expect(page.getByTestId('appeal-credit')).toContainText(quote);
    await expect(page.getByTestId('order-appeal-credit')).toHaveText(`+${quote}`);
    await page.goto('/wallet');
    await expect(page.getByTestId('balance-cash')).toHaveText(quote);
    await page.screenshot({ path: test.info().outputPath('offer-appeal-2-wallet-360.png'), fullPage: true });
  },
);
