import type { FastifyInstance } from 'fastify';
import type { Ledger } from '../ledger/ledger.js';
import type { PayoutProvider } from './provider.js';
import { applyTransferEvent } from './webhook-service.js';

/**
 * The payout provider's webhook (`POST /webhooks/<provider>`): a transfer's outcome settles its
 * withdrawal (paid, or failed with the funds back in the wallet). Signed by the provider over the
 * raw body, so that body is kept as it came. Answered 200 once handled (the provider retries
 * otherwise); a replayed event changes nothing; one that contradicts a settled withdrawal is put
 * in the audit log for staff, never applied.
 */
export async function payoutWebhookRoutes(
  app: FastifyInstance,
  opts: { ledger: Ledger; provider: PayoutProvider },
): Promise<void> {
  const { provider, ledger } = opts;
  if (!provider.readWebhook) return;
  const deps = { ref: app.ref, ledger, provider };
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    scope.post(`/webhooks/${provider.name}`, { schema: { hide: true } }, async (req, reply) => {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const ev = provider.readWebhook!(raw, req.headers);
      if (ev === 'bad-signature') return reply.code(401).send({ ok: false });
      if (!ev) return reply.send({ ok: true });
      await applyTransferEvent(app.db, deps, { event: ev, ip: req.ip });
      return reply.send({ ok: true });
    });
  });
}
