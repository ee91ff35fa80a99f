import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isDatabaseUnavailable } from '../../db/db.js';
import { AppError, ok } from '../../lib/envelope.js';
import { audit } from '../../shared/audit.js';
import { requireStaff } from '../ops/staff.js';
import { appRepo } from './repo.js';

const VERSION = /^\d+(\.\d+){0,3}$/;
const url = z.union([z.literal(''), z.url().max(500)]);
const sitePathOrUrl = z.union([z.literal(''), z.string().regex(/^\/[^\s]*$/, 'a site path starting with /').max(500), z.url().max(500)]);

/** Operators publish app releases (the update check) and promotions (the promotions screen): admin only, audited. */
export async function appOpsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['ops'];
  const admin = (authorization: string | undefined) => requireStaff(app.db, authorization);

  const versionBody = z.object({
    platform: z.enum(['android', 'ios', 'web', 'all']),
    version: z.string().regex(VERSION, 'version: dotted numbers, e.g. 1.2.0'),
    build_number: z.number().int().min(0).max(1_000_000_000).default(0),
    update_type: z.enum(['force', 'recommend', 'optional']).default('optional'),
    min_required_version: z.union([z.literal(''), z.string().regex(VERSION, 'min_required_version: dotted numbers')]).default(''),
    title: z.string().max(120).default(''),
    description: z.string().max(2000).default(''),
    download_url_ios: url.default(''),
    download_url_android: url.default(''),
    is_in_review: z.boolean().default(false),
  });
  r.post('/ops/api/app-versions', { schema: { tags, summary: 'Publish an app release for the update check (admin)', body: versionBody } }, async (req) => {
    const s = await admin(req.headers.authorization);
    const b = req.body;
    const id = await app.db.tx(async (q) => {
      const created = await appRepo.publishVersion(q, b);
      await audit(q, { staffId: s.id, action: 'app_version.publish', targetType: 'app_version', targetId: String(created), details: b, ip: req.ip });
      return created;
    });
    return ok({ id });
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
  r.post('/ops/api/promotions', { schema: { tags, summary: 'Add a promotion to the promotions screen (admin)', body: promotionBody } }, async (req) => {
    const s = await admin(req.headers.authorization);
    const b = req.body;
    if (b.country_id)
      await app.ref.country(b.country_id).catch((e: unknown) => {
        // A database that cannot answer is "busy", not an unknown country.
        if (isDatabaseUnavailable(e)) throw e;
        throw new AppError('country_id is not a country we serve');
      });
    const from = b.starts_at ? new Date(b.starts_at) : new Date();
    const until = b.ends_at ? new Date(b.ends_at) : null;
    if (until && until <= from) throw new AppError('ends_at must be after starts_at');
    const id = await app.db.tx(async (q) => {
      const created = await appRepo.addPromotion(q, { title: b.title, memo: b.memo, url: b.url, image: b.image, countryId: b.country_id ?? null, startsAt: from, endsAt: until, sort: b.sort });
      await audit(q, { staffId: s.id, action: 'promotion.create', targetType: 'promotion', targetId: String(created), details: b, ip: req.ip });
      return created;
    });
    return ok({ id });
  });
}
