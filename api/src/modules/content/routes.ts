import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/envelope.js';
import { optText, page, pageSize, text } from '../../lib/fields.js';
import { gcRoute } from '../../lib/route.js';

const unix = (d: Date) => Math.floor(d.getTime() / 1000);

/** FAQ and blog: read-only content, paged from 0 (CONTRACT §1.3). */
export async function contentRoutes(app: FastifyInstance): Promise<void> {
  gcRoute(app, {
    path: '/faq/categories',
    summary: 'FAQ categories',
    body: z.object({}),
    handler: async () => {
      const r = await app.db.query<{ category: string }>('select category from faqs group by category order by min(sort)');
      return r.rows.map((x) => x.category);
    },
  });

  gcRoute(app, {
    path: '/faq/list',
    summary: 'FAQ entries, optionally filtered by keywords and category',
    body: z.object({ page: page(), page_size: pageSize(20, 100), keywords: optText('keywords', 100), category: optText('category', 100) }),
    handler: async (req) => {
      const { page: p, page_size: size, keywords, category } = req.body;
      const like = keywords ? `%${keywords.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
      const r = await app.db.query<{ id: number; question: string; answer: string; category: string }>(
        `select id, question, answer, category from faqs
          where ($1::text is null or question ilike $1 or answer ilike $1)
            and ($2::text is null or category = $2)
          order by sort, id limit $3 offset $4`,
        [like, category || null, size, p * size],
      );
      return r.rows.map((f) => ({ id: f.id, question: f.question, answer: f.answer, category_name: f.category }));
    },
  });

  gcRoute(app, {
    path: '/public/blogList',
    summary: 'Blog posts, newest first',
    body: z.object({ page: page(), page_size: pageSize(10, 50) }),
    handler: async (req) => {
      const { page: p, page_size: size } = req.body;
      const r = await app.db.query<{ slug: string; title: string; excerpt: string; cover: string; published_at: Date; author: string }>(
        'select slug, title, excerpt, cover, published_at, author from blog_posts where published_at <= now() order by published_at desc limit $1 offset $2',
        [size, p * size],
      );
      return r.rows.map((b) => ({ ...b, published_at: unix(b.published_at) }));
    },
  });

  gcRoute(app, {
    path: '/public/blogPost',
    summary: 'One blog post by slug',
    body: z.object({ slug: text('slug', 120) }),
    handler: async (req) => {
      const r = await app.db.query<{ slug: string; title: string; html: string; published_at: Date; author: string; excerpt: string; cover: string }>(
        'select slug, title, html, published_at, author, excerpt, cover from blog_posts where slug = $1 and published_at <= now()',
        [req.body.slug],
      );
      const b = r.rows[0];
      if (!b) throw new AppError('Post not found');
      return { ...b, published_at: unix(b.published_at) };
    },
  });
}
