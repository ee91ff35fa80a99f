import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { oneOf, optInt } from '../../lib/fields.js';
import { formatMinor } from '../../lib/money.js';
import { gcRoute } from '../../lib/route.js';
import { absoluteUrl } from '../../lib/urls.js';
import { appOpsRoutes } from './ops-routes.js';
import { findUserById } from '../user/repo.js';
import { publicRepo } from '../public/repo.js';
import { appRepo } from './repo.js';

const unix = (d: Date) => Math.floor(d.getTime() / 1000);

/** How a seller appears in the public trade feed: two letters of the nickname, never more. */
export const maskName = (nickname: string) => {
  const first = (nickname ?? '').trim().split(/\s+/)[0] ?? '';
  return `${first.slice(0, 2) || 'Us'}***`;
};

/**
 * What the mobile apps read beyond the web's pages (NATIVE-CLIENT §3): the update check, the live
 * feed of the home screen and the promotions screen. Read-only; operators publish releases and
 * promotions through /ops (ops.ts).
 */
export async function appRoutes(app: FastifyInstance): Promise<void> {
  const { db, ref } = app;
  const origin = app.config.publicUrl;
  await appOpsRoutes(app);

  gcRoute(app, {
    path: '/config/getAppVersion',
    summary: 'The newest active release for a platform (android, ios, web), or null',
    body: z.object({ platform: oneOf('platform', ['android', 'ios', 'web']) }),
    handler: async (req) => {
      const v = await appRepo.latestVersion(db, req.body.platform);
      if (!v) return null;
      return {
        id: v.id,
        version: v.version,
        build_number: v.build_number,
        platform: v.platform,
        update_type: v.update_type,
        min_required_version: v.min_required_version,
        title: v.title,
        description: v.description,
        download_url_ios: v.download_url_ios,
        download_url_android: v.download_url_android,
        is_active: v.is_active,
        is_in_review: v.is_in_review,
        release_date: unix(v.release_date),
        created_at: unix(v.created_at),
        updated_at: unix(v.updated_at),
      };
    },
  });

  // The feed is the same for everyone in a country: built at most every 30 s.
  const feeds = new Map<number, { at: number; feed: unknown }>();
  gcRoute(app, {
    path: '/config/liveContentList',
    summary: 'Home live feed: announcements and the newest completed trades in a country (sellers masked)',
    auth: 'optional',
    body: z.object({ country_id: optInt('country_id', 1, { min: 0, max: 1_000_000 }) }),
    handler: async (req) => {
      const country = await ref.country(req.body.country_id || 1);
      const hit = feeds.get(country.id);
      if (hit && Date.now() - hit.at < 30_000) return hit.feed;
      const [notes, trades, currencies] = await Promise.all([
        publicRepo.announcements(db),
        appRepo.recentTrades(db, country.id),
        ref.currencies(),
      ]);
      const feed = {
        announcement: notes.map((n) => ({ id: n.id, content: n.content })),
        transaction: trades.map((t) => ({
          id: Number(t.id),
          username: maskName(t.nickname),
          amount: formatMinor(t.amount_minor, currencies.get(t.currency_code)?.decimals ?? 2),
          currency: t.currency_code,
          // Unix seconds of the trade, despite the name (CONTRACT §2.1).
          timeAgo: unix(t.finished_at),
        })),
      };
      if (feeds.size > 100) feeds.clear();
      feeds.set(country.id, { at: Date.now(), feed });
      return feed;
    },
  });

  gcRoute(app, {
    path: '/finder/showFinder',
    summary: 'Promotions running now, for the country asked for (or the user’s)',
    auth: 'optional',
    body: z.object({ country_id: optInt('country_id', 0, { min: 0, max: 1_000_000 }) }),
    handler: async (req) => {
      let countryId = req.body.country_id || 1;
      if (req.auth) {
        countryId = (await findUserById(db, req.auth.userId))?.country_id ?? countryId;
      }
      const rows = await appRepo.promotions(db, countryId);
      // Times are strings here (CONTRACT §1.4); an open-ended promotion has an empty end.
      const day = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : '');
      return {
        active: rows.map((p) => ({
          id: p.id,
          active_title: p.title,
          active_memo: p.memo,
          active_url: absoluteUrl(origin, p.url),
          active_image: absoluteUrl(origin, p.image),
          active_start_time: day(p.starts_at),
          active_end_time: day(p.ends_at),
        })),
      };
    },
  });
}
