import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/envelope.js';
import { optText, page, pageSize, text } from '../../lib/fields.js';
import { gcRoute } from '../../lib/route.js';
import { contentRepo } from './repo.js';

const unix = (d: Date) => Math.floor(d.getTime() / 1000);

/** FAQ and blog: read-only content, paged from 0 (CONTRACT §1.3). */
export async function contentRoutes(app: FastifyInstance): Promise<void> {
  gcRoute(app, {
    path: '/faq/categories',
    summary: 'FAQ categories',
    body: z.object({}),
    handler: () => contentRepo.faqCategories(app.db),
  });

  gcRoute(app, {
    path: '/faq/list',
    summary: 'FAQ entries, optionally filtered by keywords and category',
    body: z.object({
      page: page(),
      page_size: pageSize(20, 100),
      keywords: optText('keywords', 100),
      category: optText('category', 100),
    }),
    handler: async (req) => {
      const { page: p, page_size: size, keywords, category } = req.body;
      const rows = await contentRepo.faqs(app.db, { keywords, category, page: p, size });
      return rows.map((f) => ({ id: f.id, question: f.question, answer: f.answer, category_name: f.category }));
    },
  });

  gcRoute(app, {
    path: '/public/blogList',
    summary: 'Blog posts, newest first',
    body: z.object({ page: page(), page_size: pageSize(10, 50) }),
    handler: async (req) => {
      const { page: p, page_size: size } = req.body;
      const rows = await contentRepo.blogPosts(app.db, p, size);
      return rows.map((b) => ({ ...b, published_at: unix(b.published_at) }));
    },
  });

  gcRoute(app, {
    path: '/public/blogPost',
    summary: 'One blog post by slug',
    body: z.object({ slug: text('slug', 120) }),
    handler: async (req) => {
      const b = await contentRepo.blogPost(app.db, req.body.slug);
      if (!b) throw new AppError('Post not found');
      return { ...b, published_at: unix(b.published_at) };
    },
  });
}
