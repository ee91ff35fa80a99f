import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError, ok } from '../../lib/envelope.js';
import { KYC_MESSAGES } from '../kyc/service.js';
import { ID_LABELS } from '../kyc/tiers.js';
import { maskId } from '../kyc/vault.js';
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
    const rows = await db.query<{ id: bigint; user_id: number; username: string; kyc_name: string; country: string; created_at: Date }>(
      `select k.id, k.user_id, u.username, u.kyc_name, c.name as country, k.created_at
         from kyc_checks k join users u on u.id = k.user_id join countries c on c.id = u.country_id
        where k.level = 3 and k.status = 'pending' order by k.created_at limit 200`,
    );
    return ok(rows.rows.map((x) => ({ id: Number(x.id), user_id: x.user_id, username: x.username, verified_name: x.kyc_name, country: x.country, created_at: x.created_at, waiting_minutes: Math.floor((Date.now() - x.created_at.getTime()) / 60_000) })));
  });

  const load = async (id: number) => {
    const c = await db.query<{ id: bigint; user_id: number; status: string; reason: string; selfie: string; document: string; address_sealed: string; created_at: Date; decided_at: Date | null }>(
      'select id, user_id, status, reason, selfie, document, address_sealed, created_at, decided_at from kyc_checks where id = $1 and level = 3',
      [id],
    );
    if (!c.rows[0]) throw new AppError(KYC_MESSAGES.reviewNotFound);
    return c.rows[0];
  };

  r.get('/ops/api/kyc/:id', { schema: { tags, summary: 'One level 3 request: the ID record (number masked), selfie, document photo, address. Audited', params: idParam } }, async (req) => {
    const s = await who(req, ['reviewer']);
    const c = await load(req.params.id);
    const u = await db.query<{ username: string; email: string | null; kyc_level: number; kyc_name: string; country: string; created_at: Date }>(
      'select u.username, u.email, u.kyc_level, u.kyc_name, c.name as country, u.created_at from users u join countries c on c.id = u.country_id where u.id = $1',
      [c.user_id],
    );
    const id = await db.query<{ id_type: keyof typeof ID_LABELS; id_last4: string; date_of_birth: Date | null; name_on_record: string; decided_at: Date }>(
      "select id_type, id_last4, date_of_birth, name_on_record, decided_at from kyc_checks where user_id = $1 and level = 1 and status = 'verified' order by id desc limit 1",
      [c.user_id],
    );
    const rec = id.rows[0];
    await audit(db, { staffId: s.id, action: 'kyc.view', targetType: 'user', targetId: String(c.user_id), details: { request: Number(c.id) }, ip: req.ip });
    return ok({
      id: Number(c.id),
      status: c.status,
      reason: c.reason,
      created_at: c.created_at,
      decided_at: c.decided_at,
      user: { id: c.user_id, ...u.rows[0] },
      id_record: rec ? { id_type: ID_LABELS[rec.id_type], id_number: maskId(`0000000${rec.id_last4}`), date_of_birth: rec.date_of_birth?.toISOString().slice(0, 10) ?? '', name_on_record: rec.name_on_record, verified_at: rec.decided_at } : null,
      selfie: photo(c.selfie),
      document: photo(c.document),
      address: c.address_sealed ? kyc.vault.open(c.address_sealed, `user:${c.user_id}`) : '',
    });
  });

  r.post('/ops/api/kyc/:id/reveal', { schema: { tags, summary: 'The whole ID number of a request’s seller, with a reason (audited)', params: idParam, body: z.object({ reason: z.string().trim().min(5).max(300) }) } }, async (req) => {
    const s = await who(req, ['reviewer']);
    const c = await load(req.params.id);
    const rec = await db.query<{ id_number_sealed: string }>("select id_number_sealed from kyc_checks where user_id = $1 and level = 1 and status = 'verified' order by id desc limit 1", [c.user_id]);
    if (!rec.rows[0]) throw new AppError(KYC_MESSAGES.reviewNotFound);
    await audit(db, { staffId: s.id, action: 'kyc.reveal', targetType: 'user', targetId: String(c.user_id), reason: req.body.reason, details: { request: Number(c.id) }, ip: req.ip });
    return ok({ id_number: kyc.vault.open(rec.rows[0].id_number_sealed, `user:${c.user_id}`) });
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
