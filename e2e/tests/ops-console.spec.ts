// The operator console at 1280 px: each staff member here is new, so each enrols their
// authenticator from the QR step on the first sign-in, computing codes from the key shown.
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { createUser, gc } from '../support/api';
import { fundedSeller, makeOrder, ops } from '../support/account-helpers';
import { adminToken, enrol, newStaff, staffPage } from '../support/ops-console';
import { nubanCheckDigit } from '../../api/src/modules/payment/nuban';
import { THEME_TOKENS } from '@giftlane/shared-sdk/theme';

test.use({ viewport: { width: 1280, height: 900 } });

/** Picks an option of the antd select labelled `label` (the nth one on the page). */
async function pick(page: Page, label: string, option: string, nth = 0) {
  await page.getByLabel(label).nth(nth).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

test(
  'a reviewer enrols, claims an order and decides it partly with a proof photo; a rate above the tolerance is ' +
    'refused; an above-quote decision waits for a second reviewer, then the seller is credited',
  async ({ page, browser, baseURL }) => {
    const seller = await createUser(baseURL!);
    const partly = await makeOrder(baseURL!, seller.token);
    const large = await makeOrder(baseURL!, seller.token);
    const me = await newStaff(baseURL!, 'reviewer');
    await enrol(page, me);

    // The queue: oldest first, waiting time; claim opens the review screen. Each tab names its screen.
    const row = page.getByRole('row', { name: new RegExp(partly) });
    await expect(row).toBeVisible();
    await expect(page).toHaveTitle('Review queue · GiftLane console');
    await expect(row).toContainText(/₦[\d,]+\.\d\d/);
    await row.getByRole('button', { name: 'Claim' }).click();
    await expect(page.getByRole('heading', { name: `Order ${partly}`, level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(`Order ${partly} · GiftLane console`);
    // The seller beside the card: a new account, verification and history.
    const sellerCard = page.getByRole('region', { name: 'Seller' });
    await expect(sellerCard).toContainText('Not verified');
    await expect(sellerCard).toContainText('First order');
    await expect(page.getByText(/Locked quote:/)).toBeVisible();
    await expect(page.getByRole('img', { name: 'Photo 1' })).toBeVisible();
    // A second card that failed, with the photo as proof.
    await page.getByRole('button', { name: 'Add a card' }).click();
    await pick(page, 'Outcome', 'Fail', 1);
    await pick(page, 'Fail reason', 'already been used');
    await pick(page, 'Proof photo', 'Photo 1');
    await page.getByRole('button', { name: 'Review payout' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm the decision' });
    await expect(dialog.getByTestId('preview-amount')).toHaveText(/^₦[\d,]+\.\d\d$/);
    // The seller's first order: the payout names the first-order bonus it includes.
    await expect(dialog.getByTestId('preview-first-order-bonus')).toContainText('first-order bonus of ₦');
    await dialog.getByRole('button', { name: 'Confirm and credit' }).click();
    await expect(page.getByRole('status')).toContainText('credited');
    // Decided: the outcome once, the cards line by line, and the way on to the next order.
    const outcome = page.getByRole('region', { name: 'Outcome' });
    await expect(outcome).toContainText('Partly completed');
    const cards = outcome.getByRole('region', { name: 'Cards' }).getByRole('row');
    await expect(cards).toHaveCount(3);
    await expect(cards.nth(1)).toContainText('Paid');
    await expect(cards.nth(2)).toContainText('Failed');
    await expect(page.getByText(/Decided:/)).toHaveCount(1);
    await outcome.getByRole('button', { name: 'Next order' }).click();
    await expect(page).not.toHaveURL(new RegExp(partly));
    await expect(page.getByRole('heading', { name: /^Order GC/, level: 1 })).toBeVisible();
    // Next order claimed the oldest waiting one for this reviewer: give it back unless it is ours.
    if (!page.url().endsWith(large)) await page.getByRole('button', { name: 'Release to queue' }).click();
    const d1 = await gc<{ status: number; keyList: { status: string; fail_reason: string }[] }>(
      baseURL!,
      'ord/detail',
      { order_no: partly },
      seller.token,
    );
    expect(d1.data.status).toBe(4);
    expect(d1.data.keyList.map((k) => k.status)).toEqual(['success', 'failed']);

    // The second order: a typo in the rate is refused; a rate above the quote waits for approval.
    await page.goto('/ops');
    await page
      .getByRole('row', { name: new RegExp(large) })
      .getByRole('button', { name: /^(Claim|Open)$/ })
      .click();
    await expect(page.getByRole('heading', { name: `Order ${large}` })).toBeVisible();
    const quoted = Number(await page.getByLabel('Rate').inputValue());
    await page.getByLabel('Rate').fill('999999.99');
    await page.getByRole('button', { name: 'Review payout' }).click();
    await expect(page.getByRole('alert')).toContainText('is more than 5% above the catalog rate');
    await page.getByLabel('Rate').fill((quoted * 1.04).toFixed(2));
    await page.getByRole('button', { name: 'Review payout' }).click();
    await expect(dialog.getByText(/above the seller's quote/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Send for approval' }).click();
    await expect(page.getByRole('status')).toContainText('Waiting for a second operator');
    const waiting = await gc<{ status: number }>(baseURL!, 'ord/detail', { order_no: large }, seller.token);
    expect(waiting.data.status).toBe(1);
    // The queue tells it apart from a claimed order: it waits for a second approver, who approved first.
    await page.goto('/ops');
    const held = page.getByRole('row', { name: new RegExp(large) });
    await expect(held).toContainText('Waiting for a second approver');
    await expect(held).toContainText(`approved first by ${me.name}`);

    // Another reviewer approves it in Approvals; the seller sees the credit.
    const second = await staffPage(browser, baseURL!, 'reviewer');
    await second.page.getByRole('link', { name: 'Approvals' }).click();
    const request = second.page.getByRole('row', { name: new RegExp(large) });
    await expect(request).toContainText("above the seller's quote");
    await request.getByRole('button', { name: 'Approve' }).click();
    await expect(second.page.getByRole('status')).toContainText(`Approved`);
    const done = await gc<{ status: number; amount: string }>(
      baseURL!,
      'ord/detail',
      { order_no: large },
      seller.token,
    );
    expect(done.data.status).toBe(2);
    const notices = await gc<{ notice_title: string }[]>(
      baseURL!,
      'finder/allNotice',
      { type: 'all', page: '0', page_size: '20' },
      seller.token,
    );
    expect(notices.data.filter((n) => n.notice_title === 'Order completed')).toHaveLength(1);
  },
);

test(
  'finance settles a withdrawal with the bank reference; an admin changes a rate and the public calculator shows ' +
    'it within 2 s, and gives a seller a coupon',
  async ({ page, browser, baseURL }) => {
    const { user, bankId } = await fundedSeller(baseURL!, await adminToken(baseURL!));
    const w = await gc<{ withdraw_no: string }>(
      baseURL!,
      'withdraw/apply',
      { bank_id: String(bankId), amount: '2000', password: '246810', channel_type: '3' },
      user.token,
    );
    expect(w.success, w.msg).toBe(true);
    await enrol(page, await newStaff(baseURL!, 'finance'));
    await page.getByRole('link', { name: 'Payouts' }).click();
    const row = page.getByRole('row', { name: new RegExp(w.data.withdraw_no) });
    await row.getByRole('button', { name: 'Paid…' }).click();
    // The dialog is where it stays the moment it opens (no zoom from the pointer, in which a click on its button
    // once landed beside it), in the console's colours (its primary button as the page's).
    const settleButton = page.getByRole('button', { name: 'Settle as paid' });
    const opened = await settleButton.boundingBox();
    await page.waitForTimeout(500);
    expect(await settleButton.boundingBox()).toEqual(opened);
    const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(THEME_TOKENS.colorPrimary.slice(i, i + 2), 16));
    expect(await settleButton.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(`rgb(${r}, ${g}, ${b})`);
    await page.getByLabel('Bank, mobile-money or chain reference').fill('NIP-000123456789');
    await settleButton.click();
    await expect(page.getByRole('status')).toContainText(`${w.data.withdraw_no} settled as paid`);
    await expect(row).toHaveCount(0);
    const told = await gc<{ notice_title: string }[]>(
      baseURL!,
      'finder/allNotice',
      { type: 'all', page: '0', page_size: '20' },
      user.token,
    );
    expect(told.data.map((n) => n.notice_title)).toContain('Withdrawal successful');
    const trail = await ops<{ action: string; details: { reference?: string } }[]>(
      baseURL!,
      `/ops/api/audit?target_type=withdrawal&target_id=${w.data.withdraw_no}`,
      await adminToken(baseURL!),
    );
    expect(trail.find((a) => a.action === 'withdrawal.paid')?.details.reference).toBe('NIP-000123456789');

    // Rates: the admin edits one card's naira rate; the calculator every visitor uses follows.
    const admin = await staffPage(browser, baseURL!, 'admin');
    await admin.page.getByRole('link', { name: 'Rates' }).click();
    const calc = async () =>
      (
        await gc<{ card_list: { list: { card_id: number; name: string; rate: string | number }[] }[] }>(
          baseURL!,
          'card/calculator',
          { country_id: '1' },
        )
      ).data.card_list.flatMap((c) => c.list);
    const card = (await calc()).at(-1)!;
    const before = Number(card.rate);
    const next = (before + 7).toFixed(2);
    await admin.page.getByLabel('Find a card').fill(card.name);
    const field = admin.page.getByLabel(`${card.name} NGN`);
    await field.fill(next);
    await admin.page.getByLabel('Reason for the change').fill('E2E: market moved');
    await admin.page.getByRole('button', { name: 'Save rates' }).click();
    const saved = Date.now();
    await expect(admin.page.getByRole('status')).toContainText(
      `→ ₦${Number(next).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
    );
    await expect
      .poll(async () => Number((await calc()).find((c) => c.card_id === card.card_id)!.rate), { timeout: 2000 })
      .toBe(Number(next));
    expect(Date.now() - saved).toBeLessThan(2000);
    // Put it back, so the other suites see the seeded rates.
    await field.fill(before.toFixed(2));
    await admin.page.getByRole('button', { name: 'Save rates' }).click();
    await expect(admin.page.getByRole('status')).toContainText('1 rate(s) changed');

    // Coupons: the admin makes one and gives it to the seller, who is told in the app.
    await admin.page.getByRole('link', { name: 'Coupons' }).click();
    const code = `E2E${randomUUID().slice(0, 6).toUpperCase()}`;
    await admin.page.getByLabel('Coupon code').fill(code);
    await admin.page.getByLabel('Coupon name').fill('+1% for our regulars');
    await admin.page.getByLabel('Coupon value', { exact: true }).fill('1');
    await admin.page.getByLabel('Valid until').click();
    await admin.page
      .getByLabel('Valid until')
      .fill(new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10) + ' 12:00:00');
    await admin.page.getByRole('button', { name: 'OK' }).click();
    await admin.page.getByRole('button', { name: 'Create' }).click();
    await expect(admin.page.getByRole('status')).toContainText(`Coupon ${code} created.`);
    await admin.page.getByLabel('Code to give').fill(code);
    await admin.page.getByLabel('User ids').fill(String(user.user_id));
    await admin.page.getByLabel('Reason for giving').fill('E2E: a loyal seller');
    await admin.page.getByRole('button', { name: 'Give' }).click();
    await expect(admin.page.getByRole('status')).toContainText('Given to 1 seller(s)');
    await expect(admin.page.getByRole('row', { name: new RegExp(code) })).toContainText('1 · 0');
    const gifts = await gc<{ notice_content: string }[]>(
      baseURL!,
      'finder/allNotice',
      { type: 'all', page: '0', page_size: '20' },
      user.token,
    );
    expect(gifts.data.map((n) => n.notice_content)).toContain(
      `+1% for our regulars. Use code ${code} when you sell a card.`,
    );

    // Staff and ledger: the admin sees the operators (not offered to change their own account), the balances.
    await admin.page.getByRole('link', { name: 'Staff and ledger' }).click();
    await expect(admin.page.getByRole('row', { name: new RegExp(admin.creds.email) })).toContainText(
      'another admin changes your account',
    );
    await admin.page.getByRole('button', { name: 'Run the ledger check' }).click();
    await expect(admin.page.getByRole('status')).toContainText('every invariant holds');
  },
);

test('a reviewer cannot open the admin areas, and the api refuses them too', async ({ page, baseURL }) => {
  await enrol(page, await newStaff(baseURL!, 'reviewer'));
  const nav = page.getByRole('complementary', { name: 'Console' });
  await expect(nav.getByRole('link', { name: 'Review queue' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Staff and ledger' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Audit log' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Payouts' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Dead letters' })).toHaveCount(0);
  // At 1024 px the areas are one compact band; the shell's main is the only main.
  await page.setViewportSize({ width: 1024, height: 768 });
  expect((await nav.boundingBox())!.height).toBeLessThanOrEqual(56);
  expect(await page.locator('main main, main [role=main]').count()).toBe(0);
  await page.setViewportSize({ width: 1280, height: 900 });
  // An area the role may not open is turned away before its page asks the api for anything.
  const asked: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/ops/api/')) asked.push(new URL(r.url()).pathname);
  });
  for (const area of ['/ops/admin', '/ops/payouts', '/ops/audit', '/ops/dead-letters']) {
    await page.goto(area);
    await expect(page.getByText('Your role cannot open this area.')).toBeVisible();
  }
  expect(asked.filter((p) => !p.startsWith('/ops/api/auth/'))).toEqual([]);
  const token = await page.evaluate(
    () => (JSON.parse(sessionStorage.getItem('gl.ops.staff') ?? '{}') as { token?: string }).token ?? '',
  );
  // The staff session is not in the customers' storage.
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => /ops|staff/.test(k)))).toEqual([]);
  for (const path of [
    '/ops/api/staff',
    '/ops/api/audit',
    '/ops/api/ledger/check',
    '/ops/api/withdrawals',
    '/ops/api/dead-letters',
  ]) {
    const res = await fetch(new URL(path, baseURL), { headers: { authorization: `Bearer ${token}` } });
    expect(res.status, path).toBe(403);
  }
  // Signing out ends the session on the server.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByLabel('E-mail')).toBeVisible();
  expect(
    (await fetch(new URL('/ops/api/orders/queue', baseURL), { headers: { authorization: `Bearer ${token}` } })).status,
  ).toBe(401);
});

test(
  "a seller's page lists the accounts linked to theirs: a friend who signed up on the same device, with the link " +
    'and the referral',
  async ({ page, baseURL }, testInfo) => {
    const device = `device-e2e-${randomUUID()}`;
    const inviter = await createUser(baseURL!, { device_no: device });
    const code = (await gc<{ invite_code: string }>(baseURL!, 'rebate/inviteinfo', {}, inviter.token)).data.invite_code;
    const second = await createUser(baseURL!, { device_no: device, recommend_code: code });
    const stranger = await createUser(baseURL!, { recommend_code: code });
    await enrol(page, await newStaff(baseURL!, 'finance'));
    await page.goto(`/ops/users/${inviter.user_id}`);
    const linked = page.getByRole('region', { name: 'Linked accounts' });
    await expect(linked.getByRole('heading', { name: 'Linked accounts' })).toBeVisible();
    const row = linked.getByRole('row', { name: new RegExp(`#${second.user_id}\\b`) });
    await expect(row).toContainText('Same device');
    await expect(row).toContainText(device);
    await expect(row).toContainText('This user invited them');
    await expect(linked.getByRole('row', { name: new RegExp(`#${stranger.user_id}\\b`) })).toHaveCount(0);
    // The link opens the other account's page, which shows it the other way round.
    await row.getByRole('link').click();
    await expect(page.getByRole('heading', { name: `User #${second.user_id}` })).toBeVisible();
    await expect(
      page
        .getByRole('region', { name: 'Linked accounts' })
        .getByRole('row', { name: new RegExp(`#${inviter.user_id}\\b`) }),
    ).toContainText('They invited this user');
    const { scroll, client } = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(scroll, 'page is wider than the screen').toBeLessThanOrEqual(client);
    await page.screenshot({ path: testInfo.outputPath('ops-user-linked-1280.png'), fullPage: true });
  },
);

test('an admin opens the dead letters: messages that failed every attempt, with Send again', async ({
  page,
  baseURL,
}) => {
  await enrol(page, await newStaff(baseURL!, 'admin'));
  await page.getByRole('complementary', { name: 'Console' }).getByRole('link', { name: 'Dead letters' }).click();
  await expect(page.getByRole('heading', { name: 'Dead letters' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Last error' })).toBeVisible();
  await expect(page.getByText(/Verification codes are not sent again/)).toBeVisible();
});

test("an admin ends a new payout account's 24 h wait from the seller's page (audited); each tab is named", async ({
  page,
  baseURL,
}) => {
  const user = await createUser(baseURL!);
  expect(
    (
      await gc(
        baseURL!,
        'withdraw/transactionPassword',
        { password: '246810', login_password: user.password },
        user.token,
      )
    ).success,
  ).toBe(true);
  const banks = await gc<Array<{ bank_id: number; bank_code: string }>>(
    baseURL!,
    'payment/bankList',
    { country_id: '1', payment_id: '1' },
    user.token,
  );
  const bank = banks.data[0]!;
  const added = await gc<{ bank_id: number; account_name: string }>(
    baseURL!,
    'payment/add',
    {
      payment_id: '1',
      bank_id: String(bank.bank_id),
      account_no: `012345678${nubanCheckDigit(bank.bank_code, '012345678')}`,
      account_name: '',
      password: user.password,
      t_password: '246810',
    },
    user.token,
  );
  expect(added.success, added.msg).toBe(true);

  await enrol(page, await newStaff(baseURL!, 'admin'));
  await page.goto(`/ops/users/${user.user_id}`);
  await expect(page).toHaveTitle(`User #${user.user_id} · GiftLane console`);
  const accounts = page.getByRole('region', { name: 'Payout accounts' });
  const account = accounts.getByRole('row', { name: new RegExp(added.data.account_name) });
  await expect(account).toContainText('new account: waits until');
  await page.getByRole('button', { name: 'End the withdrawal wait…' }).click();
  await page.getByLabel('Reason: how the owner was confirmed').fill('E2E: owner confirmed on a call');
  await page.getByRole('dialog').getByRole('button', { name: 'End the withdrawal wait' }).click();
  await expect(page.getByRole('status')).toContainText('The wait has ended');
  await expect(account).toContainText('open');
  await expect(account).not.toContainText('waits until');
  const trail = await ops<{ action: string; reason: string }[]>(
    baseURL!,
    `/ops/api/audit?target_type=user&target_id=${user.user_id}`,
    await adminToken(baseURL!),
  );
  expect(trail.find((a) => a.action === 'user.end_hold')?.reason).toBe('E2E: owner confirmed on a call');

  // Every area names its tab, never the public site's title.
  for (const [link, title] of [
    ['Approvals', 'Approvals'],
    ['Rates', 'Rates'],
    ['Audit log', 'Audit log'],
    ['Staff and ledger', 'Staff and ledger'],
  ] as const) {
    await page.getByRole('complementary', { name: 'Console' }).getByRole('link', { name: link }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page).toHaveTitle(`${title} · GiftLane console`);
  }
});
