import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { opsRoute } from '../ops/route.js';
import { addPromotion, publishVersion } from './ops-service.js';

const VERSION = /^\d+(\.\d+){0,3}$/;
const url = z.union([z.literal(''), z.url().max(500)]);
const sitePathOrUrl = z.union([
  z.literal(''),
  z
    .string()
    .regex(/^\/[^\s]*$/, 'a site path starting with /')
    .max(500),
  z.url().max(500),
]);

/** Operators publish app releases (the update check) and promotions (the promotions screen): admin only, audited. */
export async function appOpsRoutes(app: FastifyInstance): Promise<void> {
  const deps = { ref: app.ref };

  const versionBody = z.object({
    platform: z.enum(['android', 'ios', 'web', 'all']),
    version: z.string().regex(VERSION, 'version: dotted numbers, e.g. 1.2.0'),
    build_number: z.number().int().min(0).max(1_000_000_000).default(0),
    update_type: z.enum(['force', 'recommend', 'optional']).default('optional'),
    min_required_version: z
      .union([z.literal(''), z.string().regex(VERSION, 'min_required_version: dotted numbers')])
      .default(''),
    title: z.string().max(120).default(''),
    description: z.string().max(2000).default(''),
    download_url_ios: url.default(''),
    download_url_android: url.default(''),
    is_in_review: z.boolean().default(false),
  });
  opsRoute(app, {
    method: 'POST',
    path: '/ops/api/app-versions',
    roles: ['admin'],
    summary: 'Publish an app release for the update check (admin)',
    body: versionBody,
    handler: ({ staff, body }) => publishVersion(app.db, { ...body, staff }),
  });

  const promotionBody = z.object({
    title: z.string().min(3).max(120),
    memo: z.string().max(500).default(''),
    url: sitePathOrUrl.default(''),
    image: sitePathOrUrl.default(''),
    country_id: z.number().int().min(1).optional(),
    starts_at: z.iso.datetime({ offset: true }).optional(),
    ends_at: z.iso.datetime({ offset: true }).optional(),
    sort: z.number().int().min(0).max(10_000).default(0),
  });
  opsRoute(app, {
    method: 'POST',
    path: '/ops/api/promotions',
    roles: ['admin'],
    summary: 'Add a promotion to the promotions screen (admin)',
    body: promotionBody,
    handler: ({ staff, body }) => addPromotion(app.db, deps, { ...body, staff }),
  });
}
