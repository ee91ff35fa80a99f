import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError, ok } from '../../lib/envelope.js';
import { kycRepo } from '../kyc/repo.js';
import { KYC_MESSAGES, openDateOfBirth } from '../kyc/service.js';
import { ID_LABELS } from '../kyc/tiers.js';
import { maskedId } from '../kyc/vault.js';
import { opsContext, type OpsOptions } from './context.js';
import { audit } from './staff.js';

const idParam = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/**
 * Level 3 verification in the console (issue 15): the requests waiting, one request with the
 * seller's ID record, selfie, document photo and address, and the decision. Identity data is read
 * by staff only here, and every read is in the audit log (who, which seller, when); showing a whole
 * ID number needs a reason of its own.
 */
export async function kycReviewRoutes(app: FastifyInstance, opts: OpsOptions): Promise<void> {
  const { db, r, tags, who } = opsContext(app, opts);
  // Identity photos reach staff as short-lived signed links, as card photos do.
  const photo = (name: string) => (name && opts.store ? opts.store.viewUrl(opts.store.publicUrl(name)) : '');
  const { kyc } = app;

  r.get('/ops/api/kyc', { schema: { tags, summary: 'Level 3 verification requests waiting for a decision, oldest first' } }, async (req) => {
    await who(req, ['reviewer']);
    const rows = await kycRepo.pendingReviews(db);
    return ok(rows.map((x) => ({ id: Number(x.id), user_id: x.user_id, username: x.username, verified_name: x.kyc_name, country: x.country, created_at: x.created_at, waiting_minutes: Math.floor((Date.now() - x.created_at.getTime()) / 60_000) })));
  });

  const load = async (id: number) => {
    const c = await kycRepo.review(db, id);
    if (!c) throw new AppError(KYC_MESSAGES.reviewNotFound);
    return c;
  };

  r.get('/ops/api/kyc/:id', { schema: { tags, summary: 'One level 3 request: the ID record (number masked), selfie, document photo, address. Audited', params: idParam } }, async (req) => {
    const s = await who(req, ['reviewer']);
    const c = await load(req.params.id);
    const u = await kycRepo.reviewedUser(db, c.user_id);
    const rec = await kycRepo.latestVerified(db, c.user_id, 1);
    await audit(db, { staffId: s.id, action: 'kyc.view', targetType: 'user', targetId: String(c.user_id), details: { request: Number(c.id) }, ip: req.ip });
    return ok({
      id: Number(c.id),
      status: c.status,
      reason: c.reason,
      created_at: c.created_at,
      decided_at: c.decided_at,
      user: { id: c.user_id, ...u },
      id_record: rec && rec.id_type ? { id_type: ID_LABELS[rec.id_type], id_number: maskedId(rec.id_last4), date_of_birth: openDateOfBirth(kyc.vault, rec), name_on_record: rec.name_on_record, verified_at: rec.decided_at } : null,
      selfie: photo(c.selfie),
      document: photo(c.document),
      address: c.address_sealed ? kyc.vault.open(c.address_sealed, `user:${c.user_id}`) : '',
    });
  });

  r.post('/ops/api/kyc/:id/reveal', { schema: { tags, summary: 'The whole ID number of a request’s seller, with a reason (audited)', params: idParam, body: z.object({ reason: z.string().trim().min(5).max(300) }) } }, async (req) => {
    const s = await who(req, ['reviewer']);
    const c = await load(req.params.id);
    const rec = await kycRepo.latestVerified(db, c.user_id, 1);
    if (!rec) throw new AppError(KYC_MESSAGES.reviewNotFound);
    await audit(db, { staffId: s.id, action: 'kyc.reveal', targetType: 'user', targetId: String(c.user_id), reason: req.body.reason, details: { request: Number(c.id) }, ip: req.ip });
    return ok({ id_number: kyc.vault.open(rec.id_number_sealed, `user:${c.user_id}`) });
  });

  r.post('/ops/api/kyc/:id/decide', { schema: { tags, summary: 'Approve (level 3) or refuse a request with a reason the seller is shown (audited)', params: idParam, body: z.object({ outcome: z.enum(['verified', 'failed']), reason: z.string().trim().max(300).default('') }) } }, async (req) => {
    const s = await who(req, ['reviewer']);
    await db.tx(async (q) => {
      const { userId } = await kyc.decideDocuments(q, req.params.id, s.id, req.body.outcome, req.body.reason);
      await audit(q, { staffId: s.id, action: `kyc.${req.body.outcome === 'verified' ? 'approve' : 'refuse'}`, targetType: 'user', targetId: String(userId), reason: req.body.reason, details: { request: req.params.id, level: 3 }, ip: req.ip });
    });
    return ok(null);
  });
}
