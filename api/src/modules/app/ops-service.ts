// What operators publish for the apps: releases (the update check) and promotions (the promotions
// screen). Each is one transaction with its audit row.
import { isDatabaseUnavailable } from '../../db/db.js';
import type { Db } from '../../db/db.js';
import { AppError } from '../../lib/envelope.js';
import type { Actor } from '../ops/route.js';
import { audit } from '../ops/staff.js';
import type { Reference } from '../../shared/reference.js';
import { appRepo } from './repo.js';

export interface AppOpsDeps {
  ref: Reference;
}

type NewVersion = Parameters<typeof appRepo.publishVersion>[1];

export async function publishVersion(db: Db, input: NewVersion & { staff: Actor }) {
  const { staff, ...version } = input;
  const id = await db.tx(async (q) => {
    const created = await appRepo.publishVersion(q, version);
    await audit(q, {
      staffId: staff.id,
      action: 'app_version.publish',
      targetType: 'app_version',
      targetId: String(created),
      details: version,
      ip: staff.ip,
    });
    return created;
  });
  return { id };
}

export interface NewPromotion {
  title: string;
  memo: string;
  url: string;
  image: string;
  country_id?: number;
  starts_at?: string;
  ends_at?: string;
  sort: number;
}

export async function addPromotion(db: Db, deps: AppOpsDeps, input: NewPromotion & { staff: Actor }) {
  const { staff, ...b } = input;
  if (b.country_id) {
    await deps.ref.country(b.country_id).catch((e: unknown) => {
      // A database that cannot answer is "busy", not an unknown country.
      if (isDatabaseUnavailable(e)) throw e;
      throw new AppError('country_id is not a country we serve');
    });
  }
  const from = b.starts_at ? new Date(b.starts_at) : new Date();
  const until = b.ends_at ? new Date(b.ends_at) : null;
  if (until && until <= from) throw new AppError('ends_at must be after starts_at');
  const id = await db.tx(async (q) => {
    const created = await appRepo.addPromotion(q, {
      title: b.title,
      memo: b.memo,
      url: b.url,
      image: b.image,
      countryId: b.country_id ?? null,
      startsAt: from,
      endsAt: until,
      sort: b.sort,
    });
    await audit(q, {
      staffId: staff.id,
      action: 'promotion.create',
      targetType: 'promotion',
      targetId: String(created),
      details: b,
      ip: staff.ip,
    });
    return created;
  });
  return { id };
}
