import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/envelope.js';
import type { Ledger } from '../ledger/ledger.js';
import { audit } from '../../shared/audit.js';
import { settleWithdrawal } from '../withdraw/service.js';
import type { PayoutProvider } from './provider.js';
import { payoutRepo } from '../withdraw/payout-repo.js';

/**
 * The payout provider's webhook (`POST /webhooks/<provider>`): a transfer's outcome settles its
 * withdrawal (paid, or failed with the funds back in the wallet). Signed by the provider over the
 * raw body, so that body is kept as it came. Answered 200 once handled (the provider retries
 * otherwise); a replayed event changes nothing; one that contradicts a settled withdrawal is put
 * in the audit log for staff, never applied.
 */
export async function payoutWebhookRoutes(app: FastifyInstance, opts: { ledger: Ledger; provider: PayoutProvider }): Promise<void> {
  const { provider, ledger } = opts;
  if (!provider.readWebhook) return;
  const { db, ref } = app;
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_req, body, done) => done(null, body));
    scope.post(`/webhooks/${provider.name}`, { schema: { hide: true } }, async (req, reply) => {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const ev = provider.readWebhook!(raw, req.headers);
      if (ev === 'bad-signature') return reply.code(401).send({ ok: false });
      if (!ev) return reply.send({ ok: true });
      await ref.warm();
      await db.tx(async (q) => {
        const w = await payoutRepo.lockByNo(q, ev.reference);
        const note = { provider: provider.name, event: ev.kind, provider_ref: ev.providerRef, reason: ev.reason };
        if (!w) {
          await audit(q, { staffId: null, action: 'withdrawal.webhook_unknown', targetType: 'withdrawal', targetId: ev.reference.slice(0, 64), details: note, ip: req.ip });
          return;
        }
        const outcome = ev.kind === 'success' ? 'paid' : 'failed';
        if ((w.status === 'paid' || w.status === 'failed') && w.status !== outcome) {
          // E.g. a transfer reversed after it was paid: money may be owed back; staff decide.
          await audit(q, { staffId: null, action: 'withdrawal.webhook_conflict', targetType: 'withdrawal', targetId: w.withdraw_no, reason: `${provider.name} says ${ev.kind}, the withdrawal is ${w.status}`, details: note, ip: req.ip });
          return;
        }
        const reason = ev.kind === 'success' ? undefined : `the bank ${ev.kind === 'reversed' ? 'reversed' : 'refused'} the transfer${ev.reason ? ` (${ev.reason})` : ''}`;
        try {
          const out = await settleWithdrawal(q, ledger, ref, w.withdraw_no, outcome, { reason, reference: ev.providerRef, actor: `provider:${provider.name}` });
          if (!out.replayed) await audit(q, { staffId: null, action: `withdrawal.${outcome}`, targetType: 'withdrawal', targetId: w.withdraw_no, reason: reason ?? '', details: note, ip: req.ip });
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          await audit(q, { staffId: null, action: 'withdrawal.webhook_refused', targetType: 'withdrawal', targetId: w.withdraw_no, reason: err.message, details: note, ip: req.ip });
        }
      });
      return reply.send({ ok: true });
    });
  });
}
