// /homes/cards against the real api: the signed-in rate list carries the seller's VIP bonus (a VIP 1
// seller sees the api's rates with +0.5 %, higher than a visitor's), and a card opens the sell form
// with that card chosen. At 360 px, screenshot kept for review.
import { expect, test } from '@playwright/test';
import { createUser, gc } from '../support/api';
import { signInPage } from '../support/fixtures';
import { approveOrder, operatorCredentials, operatorLogin, tinyPng } from '../support/account-helpers';

test.use({ viewport: { width: 360, height: 780 } });

interface Card {
  card_id: number;
  currency: string;
  form: string;
  form_name?: string;
  min_face?: number;
  max_face?: number;
  rate: string;
  optimal_rate?: string;
  all_per?: string;
}
interface Sheet {
  card_list: Array<{ category_name: string; list: Array<{ list: Card[] }> }>;
}
const cardsOf = (sheet: Sheet) =>
  sheet.card_list.flatMap((c) => c.list.flatMap((g) => g.list.map((card) => ({ brand: c.category_name, ...card }))));
const naira = (v: string) =>
  `₦${Number(v).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** A USD 500 sale approved by the operator: 500 points, VIP 1 (Bronze, +0.5 %). */
async function reachVip1(baseURL: string, token: string) {
  const sheet = await gc<Sheet>(baseURL, 'v2/card/catalog', { country_id: '1', page: '0', page_size: '1000' }, token);
  const card = cardsOf(sheet.data).find(
    (c) => c.currency === 'USD' && (c.min_face ?? 0) <= 500 && (c.max_face ?? 0) >= 500,
  )!;
  const slots = await gc<Array<{ url: string }>>(baseURL, 'order/obsUrls', { image_count: '1' }, token);
  await fetch(new URL(slots.data[0]!.url, baseURL), {
    method: 'PUT',
    headers: { 'content-type': 'image/png' },
    body: tinyPng(),
  });
  const add = await gc<{ order_no: string }>(
    baseURL,
    'order/appadd',
    {
      images: slots.data[0]!.url.split('?')[0]!,
      user_memo: 'VIP-CARD-500',
      wallet_type: '1',
      coupon_code: '',
      channel_type: '1',
      card_id: String(card.card_id),
      face_value: '500',
    },
    token,
  );
  expect(add.success, add.msg).toBe(true);
  const ops = await operatorLogin(baseURL, operatorCredentials()!);
  await approveOrder(baseURL, ops, add.data.order_no, {
    card_id: card.card_id,
    face_value: '500',
    code: 'E2E-CARDS-500',
  });
  const me = await gc<{ vip_level: number }>(baseURL, 'user/userInfo', {}, token);
  expect(me.data.vip_level).toBe(1);
}

test('the card list shows the seller’s rates with the VIP bonus; a card opens Sell with it chosen', async ({
  page,
  baseURL,
}, testInfo) => {
  const seller = await createUser(baseURL!);
  await reachVip1(baseURL!, seller.token);
  const mine = cardsOf(
    (await gc<Sheet>(baseURL!, 'v2/card/catalog', { country_id: '1', page: '0', page_size: '1000' }, seller.token))
      .data,
  );
  const visitor = cardsOf(
    (await gc<Sheet>(baseURL!, 'v2/card/catalog', { country_id: '1', page: '0', page_size: '1000' })).data,
  );
  // Not the sell form's first choice (first brand, USD): the prefill must be what chooses it.
  const card =
    [...mine].reverse().find((c) => c.currency !== 'USD' && c.brand !== mine[0]!.brand) ?? mine[mine.length - 1]!;
  const anonymous = visitor.find((c) => c.card_id === card.card_id)!;
  expect(card.all_per).toBe('0.5');
  expect(Number(card.optimal_rate)).toBeGreaterThan(Number(anonymous.optimal_rate ?? anonymous.rate));

  await signInPage(page, seller);
  await page.goto('/homes/cards');
  await expect(page.getByText('coming soon')).toHaveCount(0);
  await expect(page.getByTestId('vip-bonus')).toHaveText(
    /Your VIP 1 bonus of \+0\.5% is included in every rate below\./,
  );
  const list = page.getByRole('list', { name: 'Cards and rates' });
  await expect(list.getByRole('listitem')).toHaveCount(Math.min(mine.length, 40));

  // The row shows the api's rate for this seller (with the bonus), not the visitor's.
  await page.getByLabel('Search cards').fill(`${card.brand} ${card.currency} ${card.form_name ?? ''}`);
  const row = list
    .getByRole('link', {
      name: new RegExp(`^${card.brand.replace(/[/\\^$*+?.()|[\]{}]/g, '\\$&')} ${card.currency}`),
    })
    .filter({ hasText: naira(card.optimal_rate!) })
    .first();
  await expect(row).toContainText(naira(card.optimal_rate!));
  await expect(row).toContainText('incl. VIP +0.5%');
  await expect(list).not.toContainText(naira(anonymous.optimal_rate ?? anonymous.rate));
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll, 'page is wider than the screen').toBeLessThanOrEqual(client);
  await page.getByLabel('Search cards').fill('');
  await page.screenshot({ path: testInfo.outputPath('cards-360.png'), fullPage: false });

  // The row leads to Sell with that card chosen.
  await page.getByLabel('Search cards').fill(`${card.brand} ${card.currency} ${card.form_name ?? ''}`);
  await row.click();
  await expect(page).toHaveURL(
    (url) => url.pathname === '/homes/sell-gift-card' && url.searchParams.get('card') === String(card.card_id),
  );
  await expect(page.getByRole('combobox', { name: 'Gift card', exact: true })).toHaveValue(
    String(await brandIdOf(baseURL!, seller.token, card.card_id)),
  );
  await expect(page.getByRole('combobox', { name: 'Card currency (country)' })).toHaveValue(card.currency);
  await expect(page.getByRole('group', { name: 'Card form' }).getByRole('radio', { checked: true })).toHaveValue(
    card.form,
  );
});

/** The sell form's brand id (category) for a card, from card/calculator as the form reads it. */
async function brandIdOf(baseURL: string, token: string, cardId: number): Promise<number> {
  const calc = await gc<{
    card_list: Array<{ category_id?: number; list: Array<{ card_id: number; category_id: number }> }>;
  }>(baseURL, 'card/calculator', { country_id: '1' }, token);
  const brand = calc.data.card_list.find((b) => b.list.some((c) => c.card_id === cardId))!;
  return brand.category_id ?? brand.list[0]!.category_id;
}
