// Level 3 verification in the console: the requests waiting, one request with the seller's ID
// record, selfie, document photo and address, and the decision. Identity data is read by staff
// only here, and every read is in the audit log (who, which seller, when); showing a whole ID
// number needs a reason of its own.
import { AppError } from '../../lib/envelope.js';
import { kycRepo } from '../kyc/repo.js';
import { decideDocuments, KYC_MESSAGES, openDateOfBirth } from '../kyc/service.js';
import { ID_LABELS } from '../kyc/tiers.js';
import { maskedId } from '../kyc/vault.js';
import type { Db } from '../../db/db.js';
import type { OpsDeps } from './context.js';
import type { Actor } from './route.js';
import { audit } from './staff.js';

export async function pendingKyc(db: Db) {
  const rows = await kycRepo.pendingReviews(db);
  return rows.map((x) => ({
    id: Number(x.id),
    user_id: x.user_id,
    username: x.username,
    verified_name: x.kyc_name,
    country: x.country,
    created_at: x.created_at,
    waiting_minutes: Math.floor((Date.now() - x.created_at.getTime()) / 60_000),
  }));
}

async function load(db: Db, id: number) {
  const c = await kycRepo.review(db, id);
  if (!c) throw new AppError(KYC_MESSAGES.reviewNotFound);
  return c;
}

/** One request: the ID record (number masked), selfie, document photo, address. The read is audited. */
export async function kycRequest(db: Db, deps: OpsDeps, input: { staff: Actor; id: number }) {
  const { staff, id } = input;
  const { kyc } = deps;
  const c = await load(db, id);
  const u = await kycRepo.reviewedUser(db, c.user_id);
  const rec = await kycRepo.latestVerified(db, c.user_id, 1);
  await audit(db, {
    staffId: staff.id,
    action: 'kyc.view',
    targetType: 'user',
    targetId: String(c.user_id),
    details: { request: Number(c.id) },
    ip: staff.ip,
  });
  return {
    id: Number(c.id),
    status: c.status,
    reason: c.reason,
    created_at: c.created_at,
    decided_at: c.decided_at,
    user: { id: c.user_id, ...u },
    id_record:
      rec && rec.id_type
        ? {
            id_type: ID_LABELS[rec.id_type],
            id_number: maskedId(rec.id_last4),
            date_of_birth: openDateOfBirth(kyc.vault, rec),
            name_on_record: rec.name_on_record,
            verified_at: rec.decided_at,
          }
        : null,
    selfie: deps.photo(c.selfie),
    document: deps.photo(c.document),
    address: c.address_sealed ? kyc.vault.open(c.address_sealed, `user:${c.user_id}`) : '',
  };
}

/** The whole ID number of a request's seller, with a reason (audited). */
export async function revealId(db: Db, deps: OpsDeps, input: { staff: Actor; id: number; reason: string }) {
  const { staff, id, reason } = input;
  const c = await load(db, id);
  const rec = await kycRepo.latestVerified(db, c.user_id, 1);
  if (!rec) throw new AppError(KYC_MESSAGES.reviewNotFound);
  await audit(db, {
    staffId: staff.id,
    action: 'kyc.reveal',
    targetType: 'user',
    targetId: String(c.user_id),
    reason,
    details: { request: Number(c.id) },
    ip: staff.ip,
  });
  return { id_number: deps.kyc.vault.open(rec.id_number_sealed, `user:${c.user_id}`) };
}

/** Approves (level 3) or refuses a request with a reason the seller is shown. */
export async function decideKyc(
  db: Db,
  deps: OpsDeps,
  input: { staff: Actor; id: number; outcome: 'verified' | 'failed'; reason: string },
) {
  const { staff, id } = input;
  await db.tx(async (q) => {
    const { userId } = await decideDocuments(q, {
      checkId: id,
      staffId: staff.id,
      outcome: input.outcome,
      reason: input.reason,
    });
    await audit(q, {
      staffId: staff.id,
      action: `kyc.${input.outcome === 'verified' ? 'approve' : 'refuse'}`,
      targetType: 'user',
      targetId: String(userId),
      reason: input.reason,
      details: { request: id, level: 3 },
      ip: staff.ip,
    });
  });
  return null;
}
