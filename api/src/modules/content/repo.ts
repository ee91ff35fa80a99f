// The SQL of the site's content: FAQ entries and blog posts (only published ones are ever read).
import type { Queryable } from '../../db/db.js';

export interface BlogPostRow {
  slug: string;
  title: string;
  excerpt: string;
  cover: string;
  published_at: Date;
  author: string;
}

export const contentRepo = {
  async faqCategories(q: Queryable): Promise<string[]> {
    return (
      await q.query<{ category: string }>('select category from faqs group by category order by min(sort)')
    ).rows.map((x) => x.category);
  },

  /** keywords: matched as plain text anywhere in the question or the answer. */
  async faqs(q: Queryable, f: { keywords?: string; category?: string; page: number; size: number }) {
    const like = f.keywords ? `%${f.keywords.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    const r = await q.query<{ id: number; question: string; answer: string; category: string }>(
      `select id, question, answer, category from faqs
        where ($1::text is null or question ilike $1 or answer ilike $1)
          and ($2::text is null or category = $2)
        order by sort, id limit $3 offset $4`,
      [like, f.category || null, f.size, f.page * f.size],
    );
    return r.rows;
  },

  async blogPosts(q: Queryable, page: number, size: number): Promise<BlogPostRow[]> {
    const r = await q.query<BlogPostRow>(
      'select slug, title, excerpt, cover, published_at, author from blog_posts where published_at <= now() order ' +
        'by published_at desc limit $1 offset $2',
      [size, page * size],
    );
    return r.rows;
  },

  async blogPost(q: Queryable, slug: string): Promise<(BlogPostRow & { html: string }) | undefined> {
    const r = await q.query<BlogPostRow & { html: string }>(
      'select slug, title, html, published_at, author, excerpt, cover from blog_posts where slug = $1 and ' +
        'published_at <= now()',
      [slug],
    );
    return r.rows[0];
  },
};
