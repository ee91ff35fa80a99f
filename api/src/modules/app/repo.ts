// The SQL of what the mobile apps read: releases, the home feed and promotions.
import type { Queryable } from '../../db/db.js';
import { ORDER_CREDITED } from '@giftlane/shared-sdk/statuses';

export interface VersionRow {
  id: number;
  platform: string;
  version: string;
  build_number: number;
  update_type: string;
  min_required_version: string;
  title: string;
  description: string;
  download_url_ios: string;
  download_url_android: string;
  is_active: boolean;
  is_in_review: boolean;
  release_date: Date;
  created_at: Date;
  updated_at: Date;
}

export const appRepo = {
  /** The newest active release for a platform (or for all). */
  async latestVersion(q: Queryable, platform: string): Promise<VersionRow | undefined> {
    const r = await q.query<VersionRow>(
      `select * from app_versions where is_active and platform in ($1, 'all') order by release_date desc, id desc ` +
        `limit 1`,
      [platform],
    );
    return r.rows[0];
  },

  /** The last 20 credited orders of active sellers of a country. */
  async recentTrades(q: Queryable, countryId: number) {
    const r = await q.query<{
      id: bigint;
      nickname: string;
      amount_minor: bigint;
      currency_code: string;
      finished_at: Date;
    }>(
      `select o.id, u.nickname, o.amount_minor, o.currency_code, o.finished_at
         from orders o join users u on u.id = o.user_id
        where o.status = any($2::smallint[]) and u.country_id = $1 and u.status = 'active'
        order by o.finished_at desc limit 20`,
      [countryId, ORDER_CREDITED],
    );
    return r.rows;
  },

  /** Promotions running now, for a country or for every country. */
  async promotions(q: Queryable, countryId: number) {
    const r = await q.query<{
      id: number;
      title: string;
      memo: string;
      url: string;
      image: string;
      starts_at: Date;
      ends_at: Date | null;
    }>(
      `select id, title, memo, url, image, starts_at, ends_at from promotions
        where active and starts_at <= now() and (ends_at is null or ends_at > now()) and (country_id is null or ` +
        `country_id = $1)
        order by sort, id`,
      [countryId],
    );
    return r.rows;
  },

  async publishVersion(
    q: Queryable,
    v: {
      platform: string;
      version: string;
      build_number: number;
      update_type: string;
      min_required_version: string;
      title: string;
      description: string;
      download_url_ios: string;
      download_url_android: string;
      is_in_review: boolean;
    },
  ): Promise<number> {
    const r = await q.query<{ id: number }>(
      `insert into app_versions (platform, version, build_number, update_type, min_required_version, title, ` +
        `description, download_url_ios, download_url_android, is_in_review)
       values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10) returning id`,
      [
        v.platform,
        v.version,
        v.build_number,
        v.update_type,
        v.min_required_version,
        v.title,
        v.description,
        v.download_url_ios,
        v.download_url_android,
        v.is_in_review,
      ],
    );
    return r.rows[0]!.id;
  },

  async addPromotion(
    q: Queryable,
    p: {
      title: string;
      memo: string;
      url: string;
      image: string;
      countryId: number | null;
      startsAt: Date;
      endsAt: Date | null;
      sort: number;
    },
  ): Promise<number> {
    const r = await q.query<{ id: number }>(
      'insert into promotions (title, memo, url, image, country_id, starts_at, ends_at, sort) values ' +
        '($1,$2,$3,$4,$5,$6,$7,$8) returning id',
      [p.title, p.memo, p.url, p.image, p.countryId, p.startsAt, p.endsAt, p.sort],
    );
    return r.rows[0]!.id;
  },
};
