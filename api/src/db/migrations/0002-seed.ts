import type { Queryable } from '../db.js';
import { announcements, appinit, banners, blogPosts, faqs, firstOrderBonus, sellPage } from '../seed/content.js';
import { brands, buildCards, forms } from '../seed/catalog.js';
import { countries, currencies, ladderTiers, vipLevels } from '../seed/reference.js';

/** Reference data and content for a fresh database. Runs once, like every migration. */
export async function seed(q: Queryable): Promise<void> {
  for (const c of currencies) {
    await q.query(
      'insert into currencies (code, id, name, symbol, decimals, is_card_currency, sort) values ($1,$2,$3,$4,$5,$6,$7)',
      [c.code, c.id, c.name, c.symbol, c.decimals, c.card, c.sort],
    );
  }
  for (const [i, c] of countries.entries()) {
    await q.query(
      `insert into countries (id, name, short_name, dial_code, currency_code, wallet_currency, flag, ` +
        `rebate_money_minor, rebate_money_register_minor, sort)
       values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10)`,
      [c.id, c.name, c.short, c.dial, c.currency, c.wallet, c.flag, c.rebate, c.rebateRegister, i],
    );
  }
  for (const v of vipLevels) {
    await q.query('insert into vip_levels (level, name, exp_threshold, rate_bp) values ($1,$2,$3,$4)', [
      v.level,
      v.name,
      v.exp,
      v.rateBp,
    ]);
  }
  for (const t of ladderTiers) {
    await q.query(
      'insert into ladder_tiers (currency_code, order_amount_minor, bonus_amount_minor) values ($1,$2,$3)',
      [t.currency, t.order.toString(), t.bonus.toString()],
    );
  }
  for (const [i, b] of banners.entries()) {
    await q.query('insert into banners (image, title, action, params, sort) values ($1,$2,$3,$4,$5)', [
      b.image,
      b.title,
      b.action,
      JSON.stringify(b.params),
      i,
    ]);
  }
  for (const [i, a] of announcements.entries()) {
    await q.query('insert into announcements (content, sort) values ($1,$2)', [a, i]);
  }
  for (const [i, f] of faqs.entries()) {
    await q.query('insert into faqs (category, question, answer, sort) values ($1,$2,$3,$4)', [
      f.category,
      f.question,
      f.answer,
      i,
    ]);
  }
  for (const b of blogPosts) {
    await q.query(
      'insert into blog_posts (slug, title, excerpt, cover, html, author, published_at) values ($1,$2,$3,$4,$5,$6,$7)',
      [b.slug, b.title, b.excerpt, b.cover, b.html, b.author, b.publishedAt],
    );
  }
  const settings: Record<string, unknown> = { appinit, sell_page: sellPage, first_order_bonus: firstOrderBonus };
  for (const [key, value] of Object.entries(settings)) {
    await q.query('insert into settings (key, value) values ($1, $2)', [key, JSON.stringify(value)]);
  }
  for (const f of forms) {
    await q.query('insert into card_forms (code, name, sort) values ($1,$2,$3)', [f.code, f.name, f.sort]);
  }
  for (const [i, b] of brands.entries()) {
    await q.query(
      `insert into card_categories (id, name, slug, logo, icon, introduction, timeout_minutes, sort, sticky)
       values ($1,$2,$3,$4,$5,$6,$7,$8,$9)`,
      [
        b.id,
        b.name,
        b.slug,
        `/assets/cards/${b.slug}.webp`,
        `/assets/cards/${b.slug}-icon.svg`,
        b.intro,
        b.timeoutMinutes,
        i,
        b.sticky ?? false,
      ],
    );
  }
  for (const c of buildCards()) {
    await q.query(
      'insert into cards (id, category_id, currency_code, form_code, min_face, max_face, sort) values ' +
        '($1,$2,$3,$4,$5,$6,$7)',
      [c.id, c.categoryId, c.currency, c.form, c.min, c.max, c.sort],
    );
    for (const [code, rate] of Object.entries(c.rates)) {
      await q.query('insert into card_rates (card_id, currency_code, rate_minor) values ($1,$2,$3)', [
        c.id,
        code,
        rate.toString(),
      ]);
    }
  }
}
